"""The shuffle-log battery: every test, Holm–Bonferroni across them, one verdict."""

from __future__ import annotations

import dataclasses

import numpy as np

from certification.randomness.shuffles import dependence, frequency, structure
from certification.randomness.shuffles.frequency import Prepared
from certification.randomness.shuffles.log import ShuffleLog
from certification.randomness.shuffles.permutations import applied_permutations
from certification.randomness.shuffles.power import detectable_effects
from certification.randomness.shuffles.results import BatteryResult, TestResult

SHOE_NOTE = (
    "identical cards of a shoe make the permutation a shuffle applies ambiguous, so the "
    "displacement, successor, rising-sequence, cycle, kept-pair and guessing tests run on "
    "single decks only; the shoe is tested by card type"
)


def holm(p_values: list[float], alpha: float) -> list[bool]:
    """Holm–Bonferroni step-down: which hypotheses are rejected at family-wise ``alpha``."""
    order = np.argsort(p_values, kind="stable")
    rejected = [False] * len(p_values)
    for rank, i in enumerate(order):
        if p_values[i] > alpha / (len(p_values) - rank):
            break
        rejected[i] = True
    return rejected


def prepare(log: ShuffleLog) -> Prepared:
    types = log.types if log.copies > 1 else log.orders
    applied = applied_permutations(log.orders) if log.copies == 1 else None
    return Prepared(types=types, kinds=log.types_count, copies=log.copies, applied=applied)


def run_battery(log: ShuffleLog, alpha: float = 0.01) -> BatteryResult:
    if not 0 < alpha < 1:
        raise ValueError(f"alpha ({alpha}) must lie strictly between 0 and 1")
    if log.shuffles < 3:
        raise ValueError(f"the battery needs at least 3 shuffles, the log has {log.shuffles}")
    prep = prepare(log)
    tests, counts = frequency.position_tests(prep)
    notes: list[str] = []
    if prep.applied is not None:
        tests += frequency.displacement_tests(prep)
        tests += [
            frequency.successor_test(prep),
            structure.succession_test(prep),
            structure.rising_sequence_test(prep),
            structure.fixed_point_test(prep),
            structure.cycle_test(prep),
        ]
        if prep.n <= 64:
            tests.append(dependence.guessing_test(prep))
    else:
        tests.append(structure.type_match_test(prep))
        notes.append(SHOE_NOTE)
    tests += [dependence.correlation_test(prep), dependence.repeat_test(prep)]

    flags = holm([t.p_value for t in tests], alpha)
    effects = detectable_effects(log.shuffles, prep.n, len(tests), alpha, log.copies)
    tests = [_finish(t, flag, effects.get(t.name)) for t, flag in zip(tests, flags, strict=True)]
    return BatteryResult(
        shuffles=log.shuffles,
        deck_size=log.deck_size,
        alpha=alpha,
        verdict="fail" if any(flags) else "pass",
        tests=tests,
        position_counts=counts,
        notes=notes,
    )


def _finish(test: TestResult, flagged: bool, effect) -> TestResult:
    if effect is None:
        return dataclasses.replace(test, flagged=flagged)
    return dataclasses.replace(
        test, flagged=flagged, detectable_effect=effect.value, effect_measure=effect.measure
    )
