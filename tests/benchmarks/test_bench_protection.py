"""Speed of the game protection audit, as ratios against one exact analysis of this run.

Targets (from the issue): the exact exposures of a preset (the audit's exact part: dealer
card, one card, the collusions counted in it and the control model) in at most 10 s on one
core, and the whole audit with its simulations, every preset at seven seats and the casino
version dealt through by one seat, in at most 30 s on two workers (here two local
processes, which run the same chunks, exact counts included, the Celery workers do).
"""

from __future__ import annotations

import time

import pytest

from casino.rules import PRESETS, preset
from certification.odds.analysis import analyze
from certification.protection import AuditSpec, exact_part, run_audit
from certification.protection.exact_part import deck_values


@pytest.fixture(scope="module")
def one_analysis():
    from tests.benchmarks.conftest import best_of

    casino = preset("seven-half-casino")
    return best_of(lambda: analyze(casino), repeat=5)


def _fresh_exact(rules, seats: int) -> float:
    deck_values.cache_clear()  # every composition is counted again, none comes from the cache
    start = time.perf_counter()
    exact_part(AuditSpec(rules=rules, seats=seats))
    return time.perf_counter() - start


@pytest.mark.parametrize("name", list(PRESETS))
@pytest.mark.parametrize("seats", [2, 7], ids=["dealer card and one card", "with exact collusion"])
def test_exact_exposures_speed(name, seats, record_figure) -> None:
    from tests.benchmarks.conftest import best_of

    rules = preset(name)
    baseline = best_of(lambda: analyze(rules), repeat=3)
    seconds = _fresh_exact(rules, seats)
    what = "dealer card, one card" if seats == 2 else "dealer card, one card, collusion as far as exact"
    record_figure(f"protection exact exposures {name} ({what})", seconds, "s",
                  baseline_name=f"one exact analysis of {name}", baseline_value=baseline,
                  higher_is_better=False, target="<= 10 s on one core")


@pytest.mark.parametrize("name,seats,penetration", [
    *((name, 7, 0.0) for name in PRESETS), ("seven-half-casino", 1, 0.75)])
def test_whole_audit_on_two_workers(name, seats, penetration, one_analysis, record_figure) -> None:
    deck_values.cache_clear()
    spec = AuditSpec(rules=preset(name), seats=seats, penetration=penetration)
    start = time.perf_counter()
    run_audit(spec, workers=2)
    seconds = time.perf_counter() - start
    record_figure(f"protection whole audit {name}, {seats} seats, penetration {penetration:g}, "
                  f"{spec.rounds} rounds per point", seconds, "s",
                  baseline_name="one exact analysis, casino", baseline_value=one_analysis,
                  higher_is_better=False, target="<= 30 s on two workers")
