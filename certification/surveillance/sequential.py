"""Wald's sequential probability ratio test on pairs of decisions, and its false-alarm bound.

The null hypothesis is every strategy of the public view, with any noise: the public optimal
strategy with a real player's mistakes, a dealer mimic, a bad player. What such a player
does in one public state (the same cards held) cannot depend on a hidden card. Two decisions
in the same public state whose hidden cards call for different informed actions a and b form
a pair; if the player took a then b it is *concordant* with the informed strategy, if b then a
*discordant*, otherwise (the same action twice, or another) it says nothing. The hidden cards
are dealt afresh each round, independently of the player, so under the null a concordant
and a discordant pair are equally likely whatever the player's strategy or mistakes: the
pair's likelihood ratio is theta1 / 1/2 or (1 - theta1) / 1/2, with no unknown left.

theta1 is the chance of a concordant pair for an informed player who follows the
information with probability 1 - e at each decision, (1-e)^2 / ((1-e)^2 + e^2): e = 1/4
gives 9/10. Thresholds: Wald's B = log(beta / (1 - alpha)) ("cleared" while below it) and
A = log(1 / alpha). The statistic is never reset, so by Ville's inequality a player of the
null hypothesis is flagged with probability at most alpha over his whole history, however
long.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

ALPHA = 0.001
"""False-case rate per player and informed strategy, over the player's whole history."""
BETA = 0.05
"""Wald's second error rate: an informed player "cleared" (statistic below B) by chance."""
THETA1 = 0.9
"""Chance that a pair is concordant for an informed player (mistakes e = 1/4 per decision)."""


def thresholds(alpha: float = ALPHA, beta: float = BETA) -> tuple[float, float]:
    return math.log(1 / alpha), math.log(beta / (1 - alpha))


CONCORDANT = math.log(THETA1 / 0.5)
DISCORDANT = math.log((1 - THETA1) / 0.5)


@dataclass
class PairSprt:
    alpha: float = ALPHA
    beta: float = BETA
    statistic: float = 0.0
    pairs: int = 0
    concordant: int = 0
    discordant: int = 0
    flagged_at: int | None = None
    """The player's decision count when the statistic first reached A."""
    _open: dict = field(default_factory=dict)

    @property
    def upper(self) -> float:
        return thresholds(self.alpha, self.beta)[0]

    @property
    def lower(self) -> float:
        return thresholds(self.alpha, self.beta)[1]

    @property
    def status(self) -> str:
        if self.flagged_at is not None:
            return "flagged"
        return "cleared" if self.statistic <= self.lower else "watching"

    def add(self, state, informed: str, taken: str, decision_no: int, ref=None) -> tuple | None:
        """Adds one decision; returns (earlier ref, this ref, +1/-1) when it closes a pair
        whose outcome counts."""
        waiting = self._open.setdefault(state, [])
        for i, (other_informed, other_taken, other_ref) in enumerate(waiting):
            if other_informed != informed:
                del waiting[i]
                self.pairs += 1
                if other_taken == other_informed and taken == informed:
                    self._step(CONCORDANT, decision_no)
                    self.concordant += 1
                    return other_ref, ref, 1
                if other_taken == informed and taken == other_informed:
                    self._step(DISCORDANT, decision_no)
                    self.discordant += 1
                    return other_ref, ref, -1
                return None
        waiting.append((informed, taken, ref))
        return None

    def _step(self, llr: float, decision_no: int) -> None:
        self.statistic += llr
        if self.flagged_at is None and self.statistic >= self.upper:
            self.flagged_at = decision_no


def first_crossings(outcomes: np.ndarray, alpha: float = ALPHA) -> np.ndarray:
    """Vectorised: ``outcomes`` is (players, pairs) of +1 concordant, -1 discordant, 0
    silent; the index of the pair at which each row's statistic first reaches A, or -1."""
    llr = np.where(outcomes > 0, CONCORDANT, np.where(outcomes < 0, DISCORDANT, 0.0))
    crossed = np.cumsum(llr, axis=1) >= math.log(1 / alpha)
    first = crossed.argmax(axis=1)
    return np.where(crossed.any(axis=1), first, -1)
