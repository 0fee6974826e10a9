"""The power of the decision tests, measured by the product's own simulation.

For each game and informed strategy, ``players`` informed players are each dealt rounds
(``month.Dealing``: shuffled decks, the exact engines' strategies) at a table with one other
player, following the information at every decision but for ``mistakes`` of them, until
their test flags them or ``most_decisions`` have passed. The figure is the number of the
player's decisions by which 95 % of them were flagged, the empirical 95 % quantile, with a
distribution-free 95 % confidence interval (the order statistics whose ranks bracket the
quantile with binomial probability 95 %). The tests run at the levels a player meets in
practice: alpha / 2 for the hole card, (alpha / 2) 6 / pi^2 for the first partner.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from casino.rules.presets import preset

from .month import HOLE_READER, ORDINARY, SIGNALLER, Behaviour, Dealing, Month, Plan
from .players import PlayerSurveillance
from .sequential import ALPHA
from .strategies import HOLE_CARD, PARTNER, Strategist

GAMES = ("sette-e-mezzo", "siete-y-media")
QUANTILE = 0.95
INFORMED_MISTAKES = 0.05


@dataclass(frozen=True)
class PowerRow:
    game: str
    kind: str
    players: int
    seed: int
    mistakes: float
    flagged: int
    decisions_95: int | None
    """None: fewer than 95 % flagged within ``most_decisions``."""
    interval: tuple[int | None, int | None]
    most_decisions: int
    gain: float
    """The exposure's exact gain per initial wager (protection audit)."""

    def to_json(self) -> dict:
        return {"game": self.game, "kind": self.kind, "players": self.players, "seed": self.seed,
                "mistakes": self.mistakes, "flagged": self.flagged,
                "decisions_95": self.decisions_95, "interval": list(self.interval),
                "most_decisions": self.most_decisions, "gain": self.gain}


def flag_decisions(strategist: Strategist, kind: str, players: int, seed: int,
                   most_decisions: int, mistakes: float = INFORMED_MISTAKES) -> list[int | None]:
    """Per simulated informed player, the decision at which the test flagged him (or None)."""
    behaviour = (Behaviour(HOLE_READER, mistakes) if kind == HOLE_CARD
                 else Behaviour(SIGNALLER, mistakes, "Y"))
    out = []
    for i in range(players):
        plan = Plan(tables=(("X", "Y"),), behaviours={"X": behaviour, "Y": Behaviour(ORDINARY, 0.05)},
                    dealers=("D",), days=1, rounds_per_day=0)
        dealing, month = Dealing(strategist, seed * 1_000_003 + i, settle=False), Month()
        watched = PlayerSurveillance("X", strategist, ALPHA)
        test = watched.test(kind, "" if kind == HOLE_CARD else "Y")
        number = 0
        while test.flagged_at is None and watched.decisions < most_decisions:
            number += 1
            start = len(month.decisions)
            dealing.round(month, plan, "T", "D", f"R{number}", ("X", "Y"))
            for point in month.decisions[start:]:
                if point.player == "X":
                    watched.add(point)
        at = test.flagged_at
        out.append(at if at is not None and at <= most_decisions else None)
    return out


def quantile_with_interval(values: list[int | None], q: float = QUANTILE
                           ) -> tuple[int | None, tuple[int | None, int | None]]:
    """Empirical q-quantile of ``values`` (None counts as beyond every number) and its
    distribution-free 95 % interval from the binomial law of the ranks."""
    n = len(values)
    ordered = sorted(values, key=lambda v: math.inf if v is None else v)
    rank = math.ceil(q * n) - 1
    lo, hi = _binomial_ranks(n, q)
    return ordered[rank], (ordered[lo], ordered[hi] if hi < n else None)


def _binomial_ranks(n: int, q: float) -> tuple[int, int]:
    pmf = [math.comb(n, k) * q ** k * (1 - q) ** (n - k) for k in range(n + 1)]
    lo, hi = max(0, math.ceil(q * n) - 1), min(n - 1, math.ceil(q * n) - 1)
    covered = sum(pmf[lo + 1:hi + 1])
    while covered < 0.95 and (lo > 0 or hi < n):
        if lo > 0:
            covered += pmf[lo]
            lo -= 1
        if covered < 0.95 and hi < n:
            hi += 1
            covered += pmf[hi]
    return lo, hi


def power_table(players: int = 200, seed: int = 20261128, most_decisions: int = 4000,
                games: tuple[str, ...] = GAMES) -> list[PowerRow]:
    rows = []
    for game in games:
        strategist = Strategist(preset(game))
        for kind in strategist.kinds:
            limit = most_decisions if kind == PARTNER else min(most_decisions, 1500)
            found = flag_decisions(strategist, kind, players, seed, limit)
            n95, interval = quantile_with_interval(found)
            rows.append(PowerRow(game, kind, players, seed, INFORMED_MISTAKES,
                                 sum(v is not None for v in found), n95, interval, limit,
                                 float(strategist.exposure_gain(kind))))
    return rows


PUBLISHED = {
    ("sette-e-mezzo", HOLE_CARD): PowerRow("sette-e-mezzo", HOLE_CARD, 200, 20261128, 0.05, 200, 159,
                                           (152, 175), 1500, 0.09957303971766811),
    ("sette-e-mezzo", PARTNER): PowerRow("sette-e-mezzo", PARTNER, 200, 20261128, 0.05, 200, 1250,
                                         (1193, 1366), 4000, 0.0003857734211314198),
    ("siete-y-media", PARTNER): PowerRow("siete-y-media", PARTNER, 200, 20261128, 0.05, 200, 175,
                                         (171, 196), 4000, 0.0002822795599745823),
}
"""``power_table()`` as run with its defaults (200 players a row, seed 20261128, 35 s on one
core): what the README and the case page's help print, and what the proofs hold a planted
player to."""
