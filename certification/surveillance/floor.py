"""Rounds as the floor posts them (``casino.rules.rounds.Round``) read as decisions and results.

The deal is the product's dealing code's (certification.protection.rounds.deal_round, the
order the settlement replay follows): one face-down card to each seat in seat order, one to
the dealer, then each seat plays its decisions in order, an exchange or a hit or a shot
taking the next card. Seats without a player id are dealt and skipped; a round without
cards gives its results only.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from decimal import Decimal
from fractions import Fraction

from casino.rules.rounds import Round

from .results import RoundResult
from .strategies import DecisionPoint

TAKES_A_CARD = frozenset({"hit", "exchange", "shoot"})
JUDGED = frozenset({"hit", "stand", "exchange"})
"""The decisions the strategies answer alike (folds, shots, openings and final bets are kept
out: the Seven-and-a-Half family's casino versions offer them, the tests do not weigh them)."""


class UnreadableRound(ValueError):
    pass


def _fraction(amount: Decimal) -> Fraction:
    return Fraction(amount)


def decisions_of(rnd: Round) -> Iterator[DecisionPoint]:
    if not rnd.cards:
        return
    seats = sorted(rnd.seats, key=lambda s: s.seat)
    cards = list(rnd.cards)
    if len(cards) <= len(seats):
        raise UnreadableRound(f"round {rnd.round_id}: {len(cards)} cards for {len(seats)} seats and the dealer")
    firsts = cards[:len(seats)]
    hole = cards[len(seats)]
    stock = iter(cards[len(seats) + 1:])
    named = [(s.player, first) for s, first in zip(seats, firsts, strict=True) if s.player]
    for seat, first in zip(seats, firsts, strict=True):
        hand, exchanges = (first,), 0
        partners = tuple((p, c) for p, c in named if p != seat.player)
        wager = sum((_fraction(w) for w in seat.wagers.values()), Fraction(0))
        for action in seat.decisions:
            if action not in JUDGED and action not in TAKES_A_CARD:
                break
            if seat.player and action in JUDGED:
                yield DecisionPoint(rnd.round_id, rnd.table, rnd.dealer, seat.player, hand, action,
                                    exchanges, hole, partners, wager)
            if action in TAKES_A_CARD:
                card = next(stock, None)
                if card is None:
                    raise UnreadableRound(f"round {rnd.round_id}: seat {seat.seat} {action}s past the last card")
                if action == "exchange":
                    hand, exchanges = (card,), exchanges + 1
                else:
                    hand = (*hand, card)
            if action not in ("hit", "exchange"):
                break


def results_of(rnd: Round) -> Iterator[RoundResult]:
    for seat in rnd.seats:
        if seat.player:
            wager = sum((_fraction(w) for w in seat.wagers.values()), Fraction(0))
            yield RoundResult(rnd.round_id, rnd.table, rnd.dealer, seat.player, wager, _fraction(seat.net))


def floor_decisions(rounds: Iterable[Round]) -> Iterator[DecisionPoint]:
    for rnd in rounds:
        yield from decisions_of(rnd)
