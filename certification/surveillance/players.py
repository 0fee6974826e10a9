"""Each player's decisions against each informed strategy, as they arrive.

A player is tested against the hole-card strategy at alpha / 2 and against each other
player met at a table as a partner (collusion: his decisions depend on that player's
face-down card); the j-th partner met is tested at (alpha / 2) x 6 / (pi^2 j^2), so the
partners' levels sum to alpha / 2 however many there turn out to be, and a player of the
null hypothesis is flagged with probability at most alpha in all.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from .sequential import ALPHA, BETA, PairSprt
from .strategies import HOLE_CARD, PARTNER, DecisionPoint, Strategist

KEY_DECISIONS_KEPT = 20


@dataclass
class KeyDecision:
    round_id: str
    table: str
    dealer: str
    cards: tuple[str, ...]
    public: str
    informed: str
    taken: str


@dataclass
class Finding:
    """A flag: who, which strategy, the evidence."""

    kind: str
    players: tuple[str, ...]
    statistic: float
    threshold: float
    alpha: float
    decisions: int
    """The player's decisions when the statistic reached the threshold."""
    pairs: int
    concordant: int
    discordant: int
    key_decisions: list[KeyDecision]
    value_units: Fraction
    wagered: Fraction
    rounds: int
    tables: list[str]
    dealers: list[str]
    first_round: str
    flag_round: str

    @property
    def value_money(self) -> Fraction:
        """Units are initial wagers; the money is at the player's average initial wager."""
        return self.value_units * self.wagered / self.rounds if self.rounds else Fraction(0)


def partner_alpha(j: int, alpha: float = ALPHA) -> float:
    return alpha / 2 * 6 / (math.pi ** 2 * j ** 2)


@dataclass
class PlayerSurveillance:
    player: str
    strategist: Strategist
    alpha: float = ALPHA
    beta: float = BETA
    decisions: int = 0
    rounds: list[str] = field(default_factory=list)
    wagered: Fraction = Fraction(0)
    tables: dict[str, None] = field(default_factory=dict)
    dealers: dict[str, None] = field(default_factory=dict)
    tests: dict[tuple[str, str], PairSprt] = field(default_factory=dict)
    keys: dict[tuple[str, str], list[KeyDecision]] = field(default_factory=dict)
    flag_rounds: dict[tuple[str, str], str] = field(default_factory=dict)

    def test(self, kind: str, partner: str = "") -> PairSprt:
        key = (kind, partner)
        if key not in self.tests:
            if kind == HOLE_CARD:
                level = self.alpha / 2
            else:
                level = partner_alpha(sum(1 for k, _ in self.tests if k == PARTNER) + 1, self.alpha)
            self.tests[key] = PairSprt(alpha=level, beta=self.beta)
        return self.tests[key]

    def add(self, point: DecisionPoint) -> None:
        s = self.strategist
        self.decisions += 1
        if not self.rounds or self.rounds[-1] != point.round_id:
            self.rounds.append(point.round_id)
            self.wagered += point.wager
        self.tables[point.table] = None
        self.dealers[point.dealer] = None
        state = s.state(point)
        public = s.public(point)
        informed = []
        if HOLE_CARD in s.kinds and point.hole is not None:
            informed.append((HOLE_CARD, "", s.hole_card(point)))
        for other, card in point.partners:
            informed.append((PARTNER, other, s.partner(point, (card,))))
        for kind, partner, action in informed:
            test = self.test(kind, partner)
            was_flagged = test.flagged_at is not None
            test.add(state, action, point.action, self.decisions, point.round_id)
            if not was_flagged and test.flagged_at is not None:
                self.flag_rounds[(kind, partner)] = point.round_id
            if action != public and point.action == action:
                kept = self.keys.setdefault((kind, partner), [])
                if len(kept) < KEY_DECISIONS_KEPT:
                    kept.append(KeyDecision(point.round_id, point.table, point.dealer, point.cards,
                                            public, action, point.action))

    def findings(self) -> list[Finding]:
        out = []
        for (kind, partner), test in self.tests.items():
            if test.flagged_at is None:
                continue
            gain = self.strategist.exposure_gain(kind)
            out.append(Finding(
                kind=kind, players=(self.player, partner) if partner else (self.player,),
                statistic=test.statistic, threshold=test.upper, alpha=test.alpha,
                decisions=test.flagged_at, pairs=test.pairs, concordant=test.concordant,
                discordant=test.discordant, key_decisions=self.keys.get((kind, partner), []),
                value_units=gain * len(self.rounds), wagered=self.wagered,
                rounds=len(self.rounds), tables=list(self.tables), dealers=list(self.dealers),
                first_round=self.rounds[0], flag_round=self.flag_rounds[(kind, partner)]))
        return out


def surveil(strategist: Strategist, points: Iterable[DecisionPoint], *,
            alpha: float = ALPHA) -> dict[str, PlayerSurveillance]:
    """Every player's tests over ``points`` (in the order the decisions were taken)."""
    players: dict[str, PlayerSurveillance] = {}
    for point in points:
        watch = players.get(point.player)
        if watch is None:
            watch = players[point.player] = PlayerSurveillance(point.player, strategist, alpha)
        watch.add(point)
    return players
