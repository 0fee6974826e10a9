"""Many streams: the battery per stream, then the reference's second-level analysis."""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

import numpy as np
from scipy.special import gammaincc

from .battery import TEST_NAMES, run_battery
from .reading import split_streams

ALPHA = 0.01
UNIFORMITY_THRESHOLD = 0.0001

PValues = list[float]


@dataclass(frozen=True)
class NistReport:
    """Battery results for ``streams`` streams of ``bits_per_stream`` bits."""

    streams: int
    """Number of streams judged (input bits beyond the last whole stream are dropped)."""
    bits_per_stream: int
    tests: dict[str, list[PValues | None]]
    """Per test name, one entry per stream: its p-values, or None where the test did not apply."""
    summary: dict[str, dict]
    """Per test name: proportion, proportion_interval, uniformity_p, pass (see ``second_level``)."""
    notes: dict[str, list[str | None]] = field(default_factory=dict)
    """Per test name, per stream: why the test did not apply (None where it did)."""

    def to_json(self) -> dict:
        return {
            "streams": self.streams,
            "bits_per_stream": self.bits_per_stream,
            "tests": {name: list(per_stream) for name, per_stream in self.tests.items()},
            "summary": {
                name: {key: s[key] for key in ("proportion", "uniformity_p", "pass")}
                for name, s in self.summary.items()
            },
        }


def second_level(p_values: Sequence[float], alpha: float = ALPHA) -> dict:
    """Proportion passing and uniformity of p-values, as the reference's finalAnalysisReport.

    The acceptance interval is centred on 1 − α (not on the observed proportion):
    (1−α) ± 3·sqrt(α(1−α)/k). Uniformity is a chi-square over ten bins with the reference's
    whole-number expected count k // 10; with fewer than ten p-values it is not computed.
    """
    p = np.asarray(p_values, dtype=np.float64)
    k = p.size
    if k == 0:
        return {
            "proportion": None,
            "proportion_interval": None,
            "uniformity_p": None,
            "pass": None,
            "count": 0,
        }
    proportion = float(np.count_nonzero(p >= alpha)) / k
    p_hat = 1.0 - alpha
    half = 3.0 * math.sqrt(p_hat * alpha / k)
    interval = [p_hat - half, p_hat + half]
    expected = k // 10
    uniformity = None
    if expected > 0:
        bins = np.bincount(np.minimum((p * 10).astype(np.int64), 9), minlength=10)
        chi2 = float(np.sum((bins - expected) ** 2 / expected))
        uniformity = float(gammaincc(9.0 / 2.0, chi2 / 2.0))
    passed = interval[0] <= proportion <= interval[1] and (
        uniformity is None or uniformity >= UNIFORMITY_THRESHOLD
    )
    return {
        "proportion": proportion,
        "proportion_interval": interval,
        "uniformity_p": uniformity,
        "pass": passed,
        "count": k,
    }


def _run_one(packed: np.ndarray, n: int) -> tuple[dict, dict]:
    reasons: dict[str, str] = {}
    results = run_battery(np.unpackbits(packed, count=n), reasons)
    return results, reasons


def run_streams(bits: np.ndarray, stream_bits: int, workers: int | None = None) -> NistReport:
    """Split ``bits`` into streams of ``stream_bits``, run the battery on each, summarise.

    ``workers`` processes share the streams (default: one per CPU, at most one per stream);
    1 runs everything in this process, which is what a daemonised task worker must ask for.
    Every p-value of a multi-valued test counts as one sample in its test's summary, as each
    is one line of the reference's report; RandomExcursions* count eligible streams only.
    """
    streams = split_streams(np.asarray(bits, dtype=np.uint8), stream_bits)
    count = len(streams)
    workers = min(count, workers or os.cpu_count() or 1)
    # Packed bits are an eighth of the size to ship to worker processes.
    packed = [np.packbits(row) for row in streams]
    if workers <= 1:
        outcomes = [_run_one(row, stream_bits) for row in packed]
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            outcomes = list(pool.map(_run_one, packed, [stream_bits] * count))
    tests = {name: [results[name] for results, _ in outcomes] for name in TEST_NAMES}
    notes = {name: [reasons.get(name) for _, reasons in outcomes] for name in TEST_NAMES}
    summary = {
        name: second_level([p for ps in per_stream if ps is not None for p in ps])
        for name, per_stream in tests.items()
    }
    return NistReport(count, stream_bits, tests, summary, notes)


def summary_table(report: NistReport) -> str:
    """Plain-text table: test, proportion passing, uniformity p-value, verdict."""
    lines = [
        f"NIST SP 800-22: {report.streams} stream(s) of {report.bits_per_stream:,} bits",
        f"{'test':<24} {'p-values':>8} {'proportion':>10} {'interval':>15} {'uniformity':>10}  result",
    ]
    for name, s in report.summary.items():
        if s["pass"] is None:
            reason = next((r for r in report.notes.get(name, []) if r), "not applicable")
            lines.append(f"{name:<24} {0:>8} {'':>10} {'':>15} {'':>10}  {reason}")
            continue
        lo, hi = s["proportion_interval"]
        uniformity = "-" if s["uniformity_p"] is None else f"{s['uniformity_p']:.6f}"
        verdict = "pass" if s["pass"] else "FAIL"
        lines.append(
            f"{name:<24} {s['count']:>8} {s['proportion']:>10.4f} {f'[{lo:.4f}, {hi:.4f}]':>15} "
            f"{uniformity:>10}  {verdict}"
        )
    return "\n".join(lines)
