"""The settlement audit: each posted round paid again from its cards and decisions by the
variant's own settlement, the first wrong payout of each table named with its round and rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from certification.odds.examples.seven_half import FEATURES

Replay = Callable[[object], list[tuple[Fraction, frozenset[str]]]]
"""A round -> per seat, the net the rules pay (currency) and the rules the hand went through;
raises ValueError when the round cannot be played as posted."""


@dataclass(frozen=True)
class SettlementAlarm:
    table: str
    round_id: int
    day: int
    seat: int
    posted: Fraction | None
    due: Fraction | None
    rule: str
    """The rule the payout broke (the round's rules, or why it cannot be played)."""
    wrong_rounds: int = 1
    """Wrong rounds of the table in the audit, this one included."""


def settlement_audit(rounds: Iterable, replay: Replay) -> dict[str, SettlementAlarm]:
    """The first wrong round of each table (posted in order), with its table's count."""
    first: dict[str, SettlementAlarm] = {}
    counts: dict[str, int] = {}
    for r in rounds:
        wrong = _wrong(r, replay)
        if wrong is None:
            continue
        counts[r.table] = counts.get(r.table, 0) + 1
        first.setdefault(r.table, wrong)
    return {t: _with_count(a, counts[t]) for t, a in first.items()}


def _with_count(alarm: SettlementAlarm, n: int) -> SettlementAlarm:
    return SettlementAlarm(alarm.table, alarm.round_id, alarm.day, alarm.seat, alarm.posted,
                           alarm.due, alarm.rule, n)


def _wrong(r, replay: Replay) -> SettlementAlarm | None:
    try:
        due = replay(r)
    except ValueError as exc:
        return SettlementAlarm(r.table, r.round_id, r.day, 0, None, None, str(exc))
    for i, (seat, (net, rules)) in enumerate(zip(r.seats, due, strict=True)):
        if seat.net != net:
            named = ", ".join(sorted(str(FEATURES.get(f, f)) for f in rules)) or str(FEATURES["play"])
            return SettlementAlarm(r.table, r.round_id, r.day, i + 1, seat.net, net, named)
    return None


def dealer_replay(dealer) -> Replay:
    """A Replay by a ``deal.Dealer`` (one variant for every round)."""
    def replay(r) -> list[tuple[Fraction, frozenset[str]]]:
        out = []
        for seat in r.seats:
            net, rules = dealer.replay(r.cards, seat.decisions)
            out.append((net * seat.wager, rules))
        return out
    return replay
