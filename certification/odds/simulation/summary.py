"""What a simulation reports per bet, in the style of scipy's result objects."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from statistics import NormalDist
from typing import Any, NamedTuple

from casino.rules.values import fraction_to_json

from .stats import Checkpoint, RunTally


class ConfidenceInterval(NamedTuple):
    low: float
    high: float


def _z(confidence_level: float) -> float:
    if not 0 < confidence_level < 1:
        raise ValueError(f"confidence_level ({confidence_level}) must be between 0 and 1")
    # The standard library's quantile (Wichura's AS 241, good to 1e-15) spares a simulation
    # process the half second scipy.stats takes to import.
    return NormalDist().inv_cdf(0.5 + confidence_level / 2)


@dataclass(frozen=True)
class BetSummary:
    """Observed figures for one bet, per initial wager.

    ``ci`` is the interval for the house edge (the figure a certificate states); the
    normal approximation is exact enough at the sample sizes a certification uses.
    """

    name: str
    rounds: int
    denominator: int
    histogram: dict[int, int]
    series: list[Checkpoint] = field(default_factory=list, repr=False)
    exact_ev: Fraction | None = None
    exact_variance: Fraction | None = None

    @property
    def mean_exact(self) -> Fraction:
        total = sum(k * v for k, v in self.histogram.items())
        return Fraction(total, self.rounds * self.denominator)

    @property
    def mean(self) -> float:
        return float(self.mean_exact)

    @property
    def house_edge(self) -> float:
        return -self.mean

    @property
    def variance(self) -> float:
        n, d = self.rounds, self.denominator
        sq = Fraction(sum(k * k * v for k, v in self.histogram.items()), n * d * d)
        var = (sq - self.mean_exact ** 2) * Fraction(n, max(n - 1, 1))
        return float(var)

    @property
    def sd(self) -> float:
        return math.sqrt(self.variance)

    @property
    def standard_error(self) -> float:
        return self.sd / math.sqrt(self.rounds)

    def ci(self, confidence_level: float = 0.95) -> ConfidenceInterval:
        """Confidence interval for the house edge."""
        half = _z(confidence_level) * self.standard_error
        return ConfidenceInterval(self.house_edge - half, self.house_edge + half)

    @property
    def z_vs_exact(self) -> float | None:
        """(observed mean - exact EV) in standard errors of the exact distribution."""
        if self.exact_ev is None or self.exact_variance is None:
            return None
        if self.exact_variance == 0:
            return 0.0 if self.mean_exact == self.exact_ev else math.inf
        return float(self.mean_exact - self.exact_ev) / math.sqrt(self.exact_variance / self.rounds)

    @property
    def outcomes(self) -> dict[Fraction, int]:
        return {Fraction(k, self.denominator): v for k, v in sorted(self.histogram.items())}

    def convergence(self, points: int = 200, confidence_level: float = 0.95) -> list[dict[str, float]]:
        """Running house edge at (up to ``points``) checkpoints, with its interval band."""
        z = _z(confidence_level)
        step = max(1, math.ceil(len(self.series) / points))
        chosen = self.series[step - 1::step]
        if self.series and (not chosen or chosen[-1] != self.series[-1]):
            chosen.append(self.series[-1])
        out = []
        d = self.denominator
        for n, s, q in chosen:
            mean = s / (n * d)
            var = max(q / (n * d * d) - mean * mean, 0.0) * n / max(n - 1, 1)
            half = z * math.sqrt(var / n)
            out.append({"rounds": n, "house_edge": -mean,
                        "low": -mean - half, "high": -mean + half})
        return out

    def to_json(self) -> dict[str, Any]:
        z = self.z_vs_exact
        return {
            "mean": self.mean,
            "house_edge": self.house_edge,
            "sd": self.sd,
            "ci95": list(self.ci(0.95)),
            "ci99": list(self.ci(0.99)),
            "z_vs_exact": z,
            "exact_house_edge": None if self.exact_ev is None else float(-self.exact_ev),
            "outcomes": {str(fraction_to_json(k)): v for k, v in self.outcomes.items()},
        }


@dataclass(frozen=True)
class SimulationSummary:
    variant: str
    rounds: int
    seed: int
    strategy: str
    chunk_rounds: int
    bets: dict[str, BetSummary]
    seconds: float = 0.0

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds > 0 else 0.0

    def ci(self, confidence_level: float = 0.95, bet: str = "main") -> ConfidenceInterval:
        return self.bets[bet].ci(confidence_level)

    @classmethod
    def from_tally(cls, tally: RunTally, *, variant: str, seed: int, strategy: str,
                   chunk_rounds: int, seconds: float = 0.0, exact=None) -> SimulationSummary:
        bets = {}
        for name, hist in tally.histograms.items():
            figures = exact.bets.get(name) if exact is not None else None
            bets[name] = BetSummary(
                name, tally.rounds, tally.denominator, hist, tally.series.get(name, []),
                exact_ev=figures.ev if figures is not None else None,
                exact_variance=figures.variance if figures is not None else None,
            )
        return cls(variant, tally.rounds, seed, strategy, chunk_rounds, bets, seconds)

    def to_json(self, convergence_points: int = 0) -> dict[str, Any]:
        out: dict[str, Any] = {
            "variant": self.variant,
            "rounds": self.rounds,
            "seed": self.seed,
            "strategy": self.strategy,
            "chunk_rounds": self.chunk_rounds,
            "bets": {name: b.to_json() for name, b in self.bets.items()},
            "rounds_per_second": self.rounds_per_second,
            "seconds": self.seconds,
        }
        if convergence_points:
            for name, b in self.bets.items():
                out["bets"][name]["convergence"] = b.convergence(convergence_points)
        return out
