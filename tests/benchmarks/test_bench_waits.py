"""CPU time of the three long waits (a field check's false-alarm files, the tuner's default
search, the audit's sampled collusion), each as a ratio against a baseline of this run.

CPU time (this process and its reaped children) rather than wall time: the machines are
shared, and a wall clock measures the neighbours as much as the code.
"""

from __future__ import annotations

import resource
import time
from fractions import Fraction

import numpy as np
import pytest

from casino.rules import preset
from certification.economics.field import DayLaws, field_check
from certification.economics.lattice import LatticeLaw
from certification.economics.rounds import SeatLaw
from certification.odds.analysis import analyze, dealer_joint
from certification.odds.tuner import LocalEvaluator, TuningRequest, default_knobs, tune
from tests.benchmarks.conftest import best_of, forget_shared_dealers
from tests.economics.synthetic import Sampler, TablePlan, generate
from tests.tuner.test_shared_hands import plain_figures

SEVEN_HALF = ("seven-half-casino", "seven-half-home", "sette-e-mezzo", "siete-y-media")
BAND = (Fraction(2, 100), Fraction(5, 100))


def cpu() -> float:
    """CPU seconds of this process and of the children it has waited for."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _masked_below(law, x, *, inclusive=False):
    v = (law.low + np.arange(law.probs.size)) / law.denominator
    return float(law.probs[(v <= x) if inclusive else (v < x)].sum())


def _masked_above(law, x, *, inclusive=False):
    v = (law.low + np.arange(law.probs.size)) / law.denominator
    return float(law.probs[(v >= x) if inclusive else (v > x)].sum())


def test_field_check_over_clean_files(record_figure, monkeypatch):
    """The false-alarm test's work (8 tables x 60 days a file, 5 seats), 40 files."""
    seat = SeatLaw(dealer_joint(preset("sette-e-mezzo")))
    sampler = Sampler(seat.joint)
    files = [generate([TablePlan(f"T{i}", sampler, seats=5) for i in range(8)], days=60,
                      rounds=(300, 600), seed=10_000 + f) for f in range(40)]

    def check_all() -> float:
        laws = DayLaws(seat, 5)
        start = time.process_time()
        for days in files:
            field_check(days, seat, seats=5, laws=laws)
        return time.process_time() - start

    fast = check_all()
    with monkeypatch.context() as patched:  # the former tails: a mask over fresh values
        patched.setattr(LatticeLaw, "below", _masked_below)
        patched.setattr(LatticeLaw, "above", _masked_above)
        masked = check_all()
    record_figure("field check of 40 clean files (5 seats), CPU", fast, "s",
                  baseline_name="the same with masked tails", baseline_value=masked,
                  higher_is_better=False)


def _default_request(name: str, changes: int) -> TuningRequest:
    base = preset(name)
    return TuningRequest(base=base, knobs=tuple(default_knobs(base)), band=BAND,
                         max_changes=changes, variant=name)


@pytest.mark.parametrize("name", SEVEN_HALF)
def test_tuner_default_search_one_change(name, record_figure):
    """Every rule and payout changed once: the search against the same search with nothing
    shared between variants (each counted afresh)."""
    forget_shared_dealers()
    start = cpu()
    with LocalEvaluator(workers=1) as evaluate:
        result = tune(_default_request(name, 1), evaluate)
    fast = cpu() - start
    start = cpu()
    tune(_default_request(name, 1), plain_figures)
    plain = cpu() - start
    record_figure(f"tune {name} --max-changes 1 ({result.evaluated} analysed), CPU", fast, "s",
                  baseline_name="each variant counted afresh", baseline_value=plain,
                  higher_is_better=False)


@pytest.mark.parametrize("name", SEVEN_HALF)
def test_tuner_default_search_two_changes_on_two_workers(name, record_figure):
    """``tune NAME --target-edge 0.02:0.05 --max-changes 2 --workers 2``, CPU of both
    processes; baseline: one exact analysis of the preset."""
    one = best_of(lambda: analyze(preset(name)), repeat=3)
    forget_shared_dealers()
    start, wall = cpu(), time.perf_counter()
    with LocalEvaluator(workers=2) as evaluate:
        result = tune(_default_request(name, 2), evaluate)
    seconds = cpu() - start
    record_figure(f"tune {name} --max-changes 2 --workers 2 ({result.evaluated} analysed), "
                  f"CPU ({time.perf_counter() - wall:.1f} s wall)", seconds, "s",
                  baseline_name="one exact analysis", baseline_value=one,
                  higher_is_better=False, target="<= 10 s")


@pytest.mark.parametrize("name", ("sette-e-mezzo", "seven-half-home"))
def test_audit_sampled_collusion(name, record_figure):
    """One chunk of the seven-seat audit's widest sampled collusion (the longest job)."""
    from certification.protection import AuditSpec, exact_part
    from certification.protection.audit import audit_jobs, run_chunk
    from certification.protection.exact_part import deck_values

    one = best_of(lambda: analyze(preset(name)), repeat=3)
    deck_values.cache_clear()
    spec = AuditSpec(rules=preset(name), seats=7)
    start = time.process_time()
    exact = exact_part(spec)
    exact_seconds = time.process_time() - start
    jobs = audit_jobs(spec, exact)
    widest = max((i for i, j in enumerate(jobs) if j.exposure == "collusion"),
                 key=lambda i: jobs[i].parameter, default=None)
    record_figure(f"audit {name} exact part, 7 seats, CPU", exact_seconds, "s",
                  baseline_name="one exact analysis", baseline_value=one, higher_is_better=False)
    if widest is None:
        return
    start = time.process_time()
    run_chunk(spec, exact, widest, 0)
    record_figure(f"audit {name} {jobs[widest].key} chunk 1/{spec.chunks}, CPU",
                  time.process_time() - start, "s", baseline_name="one exact analysis",
                  baseline_value=one, higher_is_better=False)
