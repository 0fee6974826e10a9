"""The randomness step of a certification: NIST SP 800-22 on RNG output, the battery on
shuffle logs, and the hand procedure the tables use. Each runs only on evidence supplied."""

from __future__ import annotations

import hashlib
from typing import Any

# The batteries are imported where they run: they bring scipy.stats, and this module is
# loaded by every process at start-up (admin, API), where they would cost half a second.

DEFAULT_STREAM_BITS = 1_000_000
PROCEDURE_SAMPLES = 20_000


def nist_evidence(data: bytes, *, fmt: str, stream_bits: int = DEFAULT_STREAM_BITS) -> dict[str, Any]:
    from certification.randomness.nist import read_bits, run_streams

    bits = read_bits(data, fmt)
    stream_bits = min(stream_bits, len(bits))
    # Inside a daemonised worker a process pool cannot start: one process per task, and
    # large inputs are spread by running several certification tasks on several workers.
    return run_streams(bits, stream_bits, workers=1).to_json()


def shuffle_evidence(data: bytes, *, alpha: float = 0.01) -> dict[str, Any]:
    from certification.randomness.shuffles import read_shuffle_log, run_battery

    # to_dict, not to_json: the run stores JSON fields, and to_json returns a string.
    return run_battery(read_shuffle_log(data), alpha=alpha).to_dict()


def procedure_evidence(procedure: str, *, deck_size: int, seed: int) -> dict[str, Any]:
    from certification.randomness.procedures import assess_procedure, parse_procedure

    assessment = assess_procedure(parse_procedure(procedure), deck_size, PROCEDURE_SAMPLES, seed)
    return assessment.to_dict()


def randomness_evidence(
    *, shuffle_log: bytes | None, rng_bits: bytes | None, rng_format: str, procedure: str,
    deck_size: int, seed: int,
) -> dict[str, Any] | None:
    evidence: dict[str, Any] = {"inputs_sha256": {}}
    if rng_bits:
        evidence["nist"] = nist_evidence(rng_bits, fmt=rng_format)
        evidence["inputs_sha256"]["RNG output"] = hashlib.sha256(rng_bits).hexdigest()
    if shuffle_log:
        evidence["shuffle_battery"] = shuffle_evidence(shuffle_log)
        evidence["inputs_sha256"]["shuffle log"] = hashlib.sha256(shuffle_log).hexdigest()
    if procedure:
        evidence["procedure"] = procedure_evidence(procedure, deck_size=deck_size, seed=seed)
    return evidence if len(evidence) > 1 else None
