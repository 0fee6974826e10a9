"""Results that beat the exact value of the game: past-posting, chip switches, a dealer paying a partner.

Each round is dealt from a fresh deck, so whatever a player decides, and whatever the
exposures the decision tests look for tell him, his expected net per initial wager is at
most ``Strategist.best_value()`` (the exact optimal value plus those exposures' exact
gains, protection audit). With the wager w placed before the deal, the round's excess
x = net - best x w has mean at most 0. A bet on the excess, E_n = prod (1 + lam x_r / (M L)),
M the table's largest wager and L the most a round can lose per initial wager plus the
bound, is then a non-negative supermartingale (M is known before every round, whatever
the player does), and by Ville's inequality it reaches 1 / alpha with probability at most
alpha: a wager raised after the result, or a loss paid as a win, is what lifts it (scaled
by the round's own wager instead, a wager tripled on the winning rounds would vanish). The
excess per dealer names a dealer who pays a partner.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from .sequential import ALPHA

RESULTS = "results"
DEALER_PARTNER = "dealer_partner"
BET_SHARE = 0.5
"""lam: the share of the largest safe bet on each round's excess (power against an excess
of a few tenths of a wager per round without risking a fall to zero on a run of losses)."""
DEALER_SHARE = 0.5
"""One dealer holding more than this share of a flagged player's excess is named with him."""


@dataclass(frozen=True)
class RoundResult:
    round_id: str
    table: str
    dealer: str
    player: str
    wager: Fraction
    net: Fraction


@dataclass
class ResultsTest:
    player: str
    best: Fraction
    largest_loss: Fraction
    wager_limit: Fraction
    alpha: float = ALPHA
    log_e: float = 0.0
    rounds: int = 0
    excess: Fraction = Fraction(0)
    by_dealer: dict[str, Fraction] = field(default_factory=dict)
    tables: dict[str, None] = field(default_factory=dict)
    flagged_at: int | None = None
    flag_round: str = ""
    first_round: str = ""
    wagered: Fraction = Fraction(0)

    @property
    def threshold(self) -> float:
        return math.log(1 / self.alpha)

    def add(self, r: RoundResult) -> None:
        self.rounds += 1
        self.first_round = self.first_round or r.round_id
        self.wagered += r.wager
        x = r.net - self.best * r.wager
        self.excess += x
        self.by_dealer[r.dealer] = self.by_dealer.get(r.dealer, Fraction(0)) + x
        self.tables[r.table] = None
        if r.wager > self.wager_limit:
            raise ValueError(f"round {r.round_id}: wager {r.wager} above the table's limit {self.wager_limit}")
        span = float(self.largest_loss + self.best) * float(self.wager_limit)
        self.log_e += math.log1p(BET_SHARE * float(x) / span)
        if self.flagged_at is None and self.log_e >= self.threshold:
            self.flagged_at, self.flag_round = self.rounds, r.round_id

    @property
    def kind(self) -> str:
        return DEALER_PARTNER if self.partner_dealer else RESULTS

    @property
    def partner_dealer(self) -> str | None:
        if self.excess <= 0:
            return None
        dealer, share = max(self.by_dealer.items(), key=lambda kv: kv[1])
        return dealer if share > DEALER_SHARE * self.excess and len(self.by_dealer) > 1 else None


def results_by_player(rounds: Iterable[RoundResult], best: Fraction, largest_loss: Fraction,
                 wager_limit: Fraction, *, alpha: float = ALPHA) -> dict[str, ResultsTest]:
    tests: dict[str, ResultsTest] = {}
    for r in rounds:
        t = tests.get(r.player)
        if t is None:
            t = tests[r.player] = ResultsTest(r.player, best, largest_loss, wager_limit, alpha)
        t.add(r)
    return tests


def log_e_paths(excess: np.ndarray, best: float, largest_loss: float, wager_limit: float) -> np.ndarray:
    """Vectorised: (players, rounds) of excess in units -> each player's log E-process."""
    return np.cumsum(np.log1p(BET_SHARE * excess / ((largest_loss + best) * wager_limit)), axis=1)
