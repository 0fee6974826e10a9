"""The settlement audit: each posted round paid again from its cards and decisions by the
product's replay (certification.odds.replay, the variant's own settlement), the first wrong
payout of each table named with its round, field and rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from casino.rules.model import Rules
from casino.rules.rounds import Round
from certification.odds.replay import ReplayProblem, replay_round


@dataclass(frozen=True)
class SettlementAlarm:
    table: str
    day: int
    problem: ReplayProblem
    wrong_rounds: int = 1
    """Wrong rounds of the table in the audit, this one included."""
    skipped: int = 0
    """Rounds of the table the replay could not follow as posted rules allow (openings,
    final bets, no cards)."""


def settlement_audit(rounds: Iterable[tuple[int, Round]], rules_of) -> dict[str, SettlementAlarm]:
    """The first wrong round of each table (rounds as (day, posted round), in order);
    ``rules_of(table)`` gives the table's rules."""
    first: dict[str, tuple[int, ReplayProblem]] = {}
    counts: dict[str, int] = {}
    skipped: dict[str, int] = {}
    for day, rnd in rounds:
        replay = replay_round(rules_of(rnd.table), rnd)
        if replay.skipped:
            skipped[rnd.table] = skipped.get(rnd.table, 0) + 1
        if not replay.problems:
            continue
        counts[rnd.table] = counts.get(rnd.table, 0) + 1
        first.setdefault(rnd.table, (day, replay.problems[0]))
    return {t: SettlementAlarm(t, day, problem, counts[t], skipped.get(t, 0))
            for t, (day, problem) in first.items()}


def posted_rounds(rounds, rules: Rules) -> Iterable[tuple[int, Round]]:
    """Floor rounds (month.FloorRound) as a table system posts them."""
    for r in rounds:
        yield r.day, r.posted()
