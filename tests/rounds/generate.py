"""Seeded Seven-and-a-Half rounds as a table system would post them: shuffled single decks,
seats drawing below 5 and standing from 5, the dealer by its rule, nets settled by the
engine's settlement (so a clean round replays clean)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from casino.rules import PRESETS
from casino.rules.cards import SEVEN_HALF_RANKS, SUITS
from casino.rules.rounds import Batch, Round, Seat
from certification.odds.seven_half.deck import card_kind, hand_total
from certification.odds.seven_half.replay import settle_round
from certification.odds.seven_half.settle import Settlement

RULES = PRESETS["sette-e-mezzo"]
DECK = [r + s for r in SEVEN_HALF_RANKS for s in SUITS]
START = datetime(2026, 11, 2, 8, 0, tzinfo=UTC)


def deal(rng: random.Random, seats: int, deck: list[str] | None = None
         ) -> tuple[list[str], list[list[str]]]:
    deck = (deck or DECK)[:]
    rng.shuffle(deck)
    stock = iter(deck)
    firsts = [next(stock) for _ in range(seats)]
    cards = firsts + [next(stock)]
    decisions = []
    for first in firsts:
        hand, taken = [first], []
        while True:
            t = hand_total([card_kind(c, RULES.special_card) for c in hand], RULES)
            if t < 0 or t >= 10:
                if t >= 0:
                    taken.append("stand")
                break
            taken.append("hit")
            hand.append(next(stock))
            cards.append(hand[-1])
        decisions.append(taken)
    # The dealer's draws: as many as the rule takes (settle_round reads them from the stock).
    cards += list(stock)
    return cards, decisions


def make_round(rng: random.Random, *, table: str, number: int, seats: int = 5,
               settlement: Settlement | None = None, when: datetime | None = None,
               deck: list[str] | None = None, rules=RULES, dealer: str | None = None) -> Round:
    """One round; ``deck`` (a short deck, say) and ``rules`` (a paytable the table pays by,
    right or wrong) plant faults."""
    settlement = settlement or Settlement(rules)
    cards, decisions = deal(rng, seats, deck)
    seat_rows = [Seat(seat=i + 1, wagers={"ante": Decimal(rng.choice((3, 5, 10, 25)))}, net=Decimal(0),
                      player=f"p{rng.randrange(10_000):05d}", decisions=decisions[i])
                 for i in range(seats)]
    draft = Round(table=table, round_id=f"{table}-{number:08d}",
                  time=when or START + timedelta(seconds=40 * number),
                  dealer=dealer or f"D{number // 500 % 7}",
                  seats=seat_rows, net=Decimal(0), shoe=f"S{number // 50}", cards=cards)
    settle_trimmed(draft, rules, settlement)
    return draft


def settle_trimmed(draft: Round, rules, settlement: Settlement) -> None:
    """Nets by the engine's settlement; the dealer's unused cards trimmed as it reports them
    (the round is replayed with every card left in the stock, and keeps those used)."""
    while True:
        try:
            nets = settle_round(rules, draft, settlement)
            break
        except ValueError as exc:
            if "beyond" not in str(exc):
                raise
            extra = int(str(exc).split(": ", 1)[1].split(" ")[0])
            del draft.cards[-extra:]
    for seat, net in zip(draft.seats, nets, strict=True):
        seat.net = Decimal(net.numerator) / Decimal(net.denominator)
    draft.net = sum((s.net for s in draft.seats), Decimal(0))


def make_rounds(count: int, *, table: str = "T-01", seed: int = 1, first: int = 0, seats: int = 5) -> list[Round]:
    rng = random.Random(seed)
    settlement = Settlement(RULES)
    return [make_round(rng, table=table, number=first + i, seats=seats, settlement=settlement)
            for i in range(count)]


def make_batch(batch_id: str, rounds: list[Round]) -> Batch:
    return Batch(batch_id=batch_id, rounds=rounds)
