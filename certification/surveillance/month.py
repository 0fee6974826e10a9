"""A seeded month of tables, for the proofs and the power table.

Rounds are dealt card by card from a shuffled deck (``new_deck``, ``random.Random(seed)``):
the dealer's face-down first card, each seat's face-down first card, then each seat plays
its hand in turn (fours exchanged, cards drawn until it stands or busts, totals by the
simulator's ``card_total2``). Each player follows a ``Behaviour``; the decisions are the
product's exact strategies (``Strategist``) or the simulator's dealer mimic. A round's net
is drawn from the exact law of the game (the exact engine's outcome distribution under the
strategy the player follows, the face-up variant's for a hole-card reader): the results
test needs that law, not each dealer's hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from fractions import Fraction

from casino.rules.cards import SEVEN_HALF_RANKS, new_deck
from casino.rules.model import SevenHalfRules
from casino.rules.rounds import Round, Seat
from certification.odds.results import PlayerView
from certification.odds.seven_half.replay import settle_round
from certification.odds.seven_half.settle import Settlement
from certification.odds.simulation.strategies import DealerMimic, card_total2

from .results import RoundResult
from .strategies import DecisionPoint, Strategist

SEVEN_AND_A_HALF = 15
"""In half points: a hand at 7 1/2 or beyond (a bust) takes no more decisions."""
START = datetime(2026, 11, 2, 8, 0, tzinfo=UTC)
ORDINARY, OPTIMAL, BAD, MIMIC, HOLE_READER, SIGNALLER, PAST_POSTER, DEALERS_PARTNER = (
    "ordinary", "optimal", "bad", "mimic", "hole_reader", "signaller", "past_poster",
    "dealers_partner")


@dataclass(frozen=True)
class Behaviour:
    kind: str
    mistakes: float = 0.0
    """Chance of the other action (stand for hit, hit for stand) at each decision."""
    partner: str = ""
    """The signaller's partner (whose face-down first card he knows)."""


@dataclass
class Month:
    decisions: list[DecisionPoint] = field(default_factory=list)
    results: list[RoundResult] = field(default_factory=list)
    behaviours: dict[str, Behaviour] = field(default_factory=dict)
    crooked_dealer: str = ""


@dataclass(frozen=True)
class Plan:
    """Who sits where: ``tables`` lists each table's seated player ids (fixed for the month)."""

    tables: tuple[tuple[str, ...], ...]
    behaviours: dict[str, Behaviour]
    dealers: tuple[str, ...]
    days: int = 30
    rounds_per_day: int = 20
    crooked_dealer: str = ""
    overpay: float = 1.0
    """Share of the partner's losing rounds the crooked dealer pays as a win."""
    wager_limit: Fraction = Fraction(3)


def planted_plan(seed: int, tables: int = 4, seats: int = 5) -> Plan:
    """Ordinary players (mistakes 2-12 %), two dealer mimics, one perfect and one bad player,
    one hole-card reader, one signalling pair, one past-poster, one dealer's partner."""
    rng = random.Random(seed)
    special = [("P-optimal", Behaviour(OPTIMAL)), ("P-bad", Behaviour(BAD, 0.4)),
               ("P-mimic-1", Behaviour(MIMIC)), ("P-mimic-2", Behaviour(MIMIC)),
               ("P-hole", Behaviour(HOLE_READER, 0.05)),
               ("P-sig-a", Behaviour(SIGNALLER, 0.05, "P-sig-b")),
               ("P-sig-b", Behaviour(SIGNALLER, 0.05, "P-sig-a")),
               ("P-post", Behaviour(PAST_POSTER, 0.06)), ("P-partner", Behaviour(DEALERS_PARTNER, 0.06))]
    behaviours = dict(special)
    seated = [pid for pid, _ in special]
    while len(seated) < tables * seats:
        pid = f"P-{len(seated):03d}"
        behaviours[pid] = Behaviour(ORDINARY, rng.uniform(0.02, 0.12))
        seated.append(pid)
    # The signalling pair sits together; everyone else where the shuffle puts them.
    rest = [p for p in seated if p not in ("P-sig-a", "P-sig-b")]
    rng.shuffle(rest)
    order = ["P-sig-a", "P-sig-b", *rest]
    layout = tuple(tuple(order[t * seats:(t + 1) * seats]) for t in range(tables))
    return Plan(tables=layout, behaviours=behaviours,
                dealers=tuple(f"D-{i}" for i in range(tables + 2)), crooked_dealer="D-1")


def clean_plan(seed: int, tables: int = 4, seats: int = 5) -> Plan:
    rng = random.Random(seed)
    behaviours = {}
    for i in range(tables * seats):
        kind = rng.choice((ORDINARY, ORDINARY, ORDINARY, OPTIMAL, MIMIC, BAD))
        behaviours[f"P-{i:03d}"] = Behaviour(kind, rng.uniform(0.02, 0.12) if kind == ORDINARY else 0.4)
    ids = list(behaviours)
    layout = tuple(tuple(ids[t * seats:(t + 1) * seats]) for t in range(tables))
    return Plan(tables=layout, behaviours=behaviours, dealers=tuple(f"D-{i}" for i in range(tables + 2)))


class Dealing:
    def __init__(self, strategist: Strategist, seed: int, *, settle: bool = True):
        self.s = strategist
        self.rules: SevenHalfRules = strategist.rules
        self.rng = random.Random(seed)
        self.deck = [c.code for c in new_deck(SEVEN_HALF_RANKS, self.rules.decks)]
        self.mimic = DealerMimic(self.rules)
        self.settlement = Settlement(self.rules) if settle else None

    def month(self, plan: Plan) -> Month:
        """Every day, table and round of ``plan``, in time order."""
        out = Month(behaviours=plan.behaviours, crooked_dealer=plan.crooked_dealer)
        number = 0
        for day in range(plan.days):
            for t, seated in enumerate(plan.tables):
                dealer = self.dealer(plan, day, t)
                for _ in range(plan.rounds_per_day):
                    number += 1
                    self.round(out, plan, f"T{t + 1}", dealer, f"R{number:06d}", seated)
        return out

    @staticmethod
    def dealer(plan: Plan, day: int, table: int) -> str:
        """Dealers rotate through the tables day by day; the crooked one contrives to deal
        at his partner's table every other day (swapping with its dealer of the day)."""
        rota = list(plan.dealers)
        today = [rota[(t + day) % len(rota)] for t in range(len(plan.tables))]
        partner_table = next((t for t, seated in enumerate(plan.tables)
                              if any(plan.behaviours[p].kind == DEALERS_PARTNER for p in seated)), None)
        if plan.crooked_dealer and partner_table is not None and day % 2 == 0:
            if plan.crooked_dealer in today:
                today[today.index(plan.crooked_dealer)] = today[partner_table]
            today[partner_table] = plan.crooked_dealer
        return today[table]

    def round(self, out: Month, plan: Plan, table: str, dealer: str, round_id: str,
              seated: tuple[str, ...]) -> None:
        stock = self.deck[:]
        self.rng.shuffle(stock)
        firsts = {pid: stock.pop() for pid in seated}
        hole = stock.pop()
        cards, taken = [*firsts.values(), hole], []
        for pid in seated:
            b = plan.behaviours[pid]
            partners = tuple((o, firsts[o]) for o in seated if o != pid)
            taken.append(self.hand(out, b, pid, table, dealer, round_id, hole, firsts[pid], partners,
                                   stock, cards))
        if self.settlement is not None:
            self.settle(out, plan, round_id, table, dealer, seated, taken, cards + stock[::-1])

    def hand(self, out, b, pid, table, dealer, round_id, hole, first, partners, stock, cards) -> list[str]:
        hand, exchanges, taken = (first,), 0, []
        while card_total2(hand, self.rules) < SEVEN_AND_A_HALF and stock:
            point = DecisionPoint(round_id, table, dealer, pid, hand, "", exchanges, hole, partners)
            action = self.choose(b, point)
            if action == "exchange" and (len(hand) != 1 or hand[0][0] != "4"
                                         or exchanges >= self.rules.four_exchange_max):
                action = "hit"
            out.decisions.append(DecisionPoint(round_id, table, dealer, pid, hand, action,
                                               exchanges, hole, partners))
            taken.append(action)
            if action == "stand":
                break
            cards.append(stock.pop())
            hand, exchanges = ((cards[-1],), exchanges + 1) if action == "exchange" else ((*hand, cards[-1]), exchanges)
        return taken

    def choose(self, b: Behaviour, point: DecisionPoint) -> str:
        s = self.s
        if b.kind == MIMIC:
            return self.mimic.decide(PlayerView(None, point.cards, point.exchanges)).action
        if b.kind == HOLE_READER:
            intended = s.hole_card(point)
        elif b.kind == SIGNALLER:
            intended = s.partner(point, tuple(c for o, c in point.partners if o == b.partner))
        else:
            intended = s.public(point)
        if self.rng.random() < b.mistakes:
            return _other(intended)
        return intended

    def settle(self, out: Month, plan: Plan, round_id: str, table: str, dealer: str,
               seated: tuple[str, ...], taken: list[list[str]], cards: list[str]) -> None:
        seats = [Seat(seat=i + 1, wagers={"ante": Decimal(1)}, net=Decimal(0), player=pid, decisions=t)
                 for i, (pid, t) in enumerate(zip(seated, taken, strict=True))]
        draft = Round(table=table, round_id=round_id, time=START, dealer=dealer, seats=seats,
                      net=Decimal(0), cards=cards)
        for pid, net in zip(seated, self._nets(draft), strict=True):
            b, wager = plan.behaviours[pid], Fraction(1)
            if b.kind == PAST_POSTER and net > 0 and self.rng.random() < 0.5:
                wager, net = Fraction(3), net * 3  # chips added once the result is known
            if (b.kind == DEALERS_PARTNER and dealer == plan.crooked_dealer and net < 0
                    and self.rng.random() < plan.overpay):
                net = Fraction(1)
            out.results.append(RoundResult(round_id, table, dealer, pid, wager, net))

    def _nets(self, draft: Round) -> list[Fraction]:
        """The engine's settlement; the dealer's cards beyond those it draws are left out."""
        while True:
            try:
                return settle_round(self.rules, draft, self.settlement)
            except ValueError as exc:
                if "beyond" not in str(exc):
                    raise
                del draft.cards[-int(str(exc).split(": ", 1)[1].split(" ")[0]):]


def _other(action: str) -> str:
    return "stand" if action in ("hit", "exchange") else "hit"
