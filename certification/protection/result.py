"""Result objects of the game protection audit: one per exposure, and the whole audit.

Exact gains are fractions until ``to_json``; a simulated gain carries its seed, its sample
size and a 95 % confidence interval. The risk rule is stated in every result so that a
reader of the certificate or the JSON never has to guess how a level was set.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from .phrases import RISK_RULE

Method = Literal["exact", "simulation", "not_applicable"]
RiskLevel = Literal["none", "low", "medium", "high", "unknown"]

def fraction_text(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def risk_level(gain: float, house_edge: float) -> RiskLevel:
    """The level of RISK_RULE for a gain (or its upper 95 % bound) against a house edge."""
    if gain <= 0:
        return "none"
    if house_edge - gain < 0:
        return "high"
    if gain > house_edge / 2:
        return "medium"
    return "low"


@dataclass(frozen=True)
class Countermeasure:
    action: str
    """What the table does, e.g. "shuffle before every round"."""
    player_edge_gain: float
    """The exposure's gain once the countermeasure is in place (recomputed, not assumed)."""
    house_edge: float
    how: str = ""
    """How the effect was recomputed (exact, or the simulation's seed and size)."""

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "player_edge_gain": self.player_edge_gain,
                "house_edge": self.house_edge, "how": self.how}


@dataclass(frozen=True)
class ExposureResult:
    name: str
    title: str
    method: Method
    baseline_house_edge: Fraction
    gain_fraction: Fraction | None = None
    """Exact gain in the player's expectation per initial wager (exact method only)."""
    gain: float = 0.0
    ci95: tuple[float, float] | None = None
    """95 % confidence interval of a simulated gain."""
    reason: str = ""
    """Why the exposure does not apply, or how it was modelled."""
    countermeasures: list[Countermeasure] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)
    """Curves, tags, seeds and sample sizes, as plain JSON values."""
    unvalued: bool = False
    """The information leaks but its value is not computed: the risk is unknown, not none."""

    @property
    def house_edge_with_exposure(self) -> float:
        return float(self.baseline_house_edge) - self.gain

    @property
    def judged_gain(self) -> float:
        return self.ci95[1] if self.ci95 is not None else self.gain

    @property
    def risk(self) -> RiskLevel:
        if self.unvalued:
            return "unknown"
        if self.method == "not_applicable":
            return "none"
        return risk_level(self.judged_gain, float(self.baseline_house_edge))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"title": self.title, "method": self.method}
        if self.method == "exact" and self.gain_fraction is not None:
            out["player_edge_gain_fraction"] = fraction_text(self.gain_fraction)
        out["player_edge_gain"] = self.gain
        if self.method == "simulation":
            out["ci95"] = list(self.ci95) if self.ci95 else None
        out["house_edge_with_exposure"] = self.house_edge_with_exposure
        out["risk"] = {"level": self.risk, "rule": RISK_RULE}
        out["countermeasures"] = [c.to_json() for c in self.countermeasures]
        if self.reason:
            out["reason"] = self.reason
        out.update(self.details)
        return out


def exact_exposure(name: str, title: str, *, baseline_house_edge: Fraction, gain: Fraction,
                   reason: str = "", countermeasures: list[Countermeasure] | None = None,
                   details: dict[str, Any] | None = None) -> ExposureResult:
    return ExposureResult(name=name, title=title, method="exact",
                          baseline_house_edge=baseline_house_edge, gain_fraction=gain,
                          gain=float(gain), reason=reason,
                          countermeasures=countermeasures or [], details=details or {})


def not_applicable(name: str, title: str, *, baseline_house_edge: Fraction,
                   reason: str, unvalued: bool = False) -> ExposureResult:
    return ExposureResult(name=name, title=title, method="not_applicable",
                          baseline_house_edge=baseline_house_edge, reason=reason, unvalued=unvalued)


EXPOSURE_ORDER = ("dealer_card", "one_card", "next_card", "collusion", "dealt_through", "shuffle")


@dataclass(frozen=True)
class ProtectionReport:
    variant: str
    baseline_house_edge: Fraction
    exposures: dict[str, ExposureResult]
    table: dict[str, Any]
    """The table configuration audited: seats, decks, penetration, procedure."""
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "baseline": {"house_edge_fraction": fraction_text(self.baseline_house_edge),
                         "house_edge": float(self.baseline_house_edge)},
            "table": self.table,
            "risk_rule": RISK_RULE,
            "exposures": {name: self.exposures[name].to_json()
                          for name in EXPOSURE_ORDER if name in self.exposures},
            "seconds": self.seconds,
        }
