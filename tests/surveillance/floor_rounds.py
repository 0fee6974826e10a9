"""Seeded Sette e mezzo rounds as a table system posts them, one seat reading the hole card.

Dealt in the product's order (a card to each seat, one to the dealer, then each seat's
draws, then the dealer's), nets settled by the engine's settlement (``settle_round``), so the
rounds replay clean. Seat 1 is the hole-card reader ``P-hole``; the others play the public
strategy with a few mistakes.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from casino.rules.cards import SEVEN_HALF_RANKS, SUITS
from casino.rules.presets import preset
from casino.rules.rounds import Round, Seat
from certification.odds.seven_half.settle import Settlement
from certification.odds.simulation.strategies import card_total2
from certification.surveillance.strategies import DecisionPoint, Strategist
from tests.rounds.generate import settle_trimmed

RULES = preset("sette-e-mezzo")
DECK = [r + s for r in SEVEN_HALF_RANKS for s in SUITS]
START = datetime(2026, 11, 2, 8, 0, tzinfo=UTC)
READER = "P-hole"


def floor_rounds(count: int, *, table: str = "T-01", seed: int = 5, seats: int = 4) -> list[Round]:
    rng = random.Random(seed)
    strategist = Strategist(RULES)
    settlement = Settlement(RULES)
    players = [READER, *(f"P-{i:03d}" for i in range(1, seats))]
    out = []
    for number in range(count):
        deck = DECK[:]
        rng.shuffle(deck)
        firsts, hole, stock = deck[:seats], deck[seats], deck[seats + 1:]
        cards, decisions = [*firsts, hole], []
        for pid, first in zip(players, firsts, strict=True):
            hand, exchanges, taken = (first,), 0, []
            while card_total2(hand, RULES) < 15:  # 7 1/2 or a bust ends the hand
                point = DecisionPoint("", table, "", pid, hand, "", exchanges, hole)
                action = strategist.hole_card(point) if pid == READER else strategist.public(point)
                if pid != READER and rng.random() < 0.05:
                    action = "stand" if action != "stand" else "hit"
                if action == "exchange" and exchanges >= RULES.four_exchange_max:
                    action = "hit"
                taken.append(action)
                if action == "stand":
                    break
                card = stock.pop(0)
                cards.append(card)
                hand, exchanges = ((card,), exchanges + 1) if action == "exchange" else ((*hand, card), exchanges)
            decisions.append(taken)
        rows = [Seat(seat=i + 1, wagers={"ante": Decimal(10)}, net=Decimal(0), player=pid, decisions=decisions[i])
                for i, pid in enumerate(players)]
        draft = Round(table=table, round_id=f"{table}-{number:06d}", time=START + timedelta(seconds=40 * number),
                      dealer=f"D{number // 100 % 3}", seats=rows, net=Decimal(0), cards=cards + stock)
        settle_trimmed(draft, RULES, settlement)
        out.append(draft)
    return out

