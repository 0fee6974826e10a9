"""Warnings for a table configuration whose settings make a high-risk exposure possible.

Quick enough for a form: no exact analysis runs here. Where a completed audit of the
variant is at hand its measured risk decides; otherwise the warning says what is possible
and points to the audit. Settings checked: dealing through (more than one round per
shoe), a hand procedure too weak to hide the last order (no wash, and its longest run of
riffles leaves the deck further than 0.1 from uniform, exactly), and many seats.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from casino.rules.model import Rules
from certification.randomness.procedures import (
    ProcedureError,
    parse_procedure,
    riffle_tv,
    riffles_needed,
)

from .dealt_through import rounds_per_shoe
from .result import risk_level

MANY_SEATS = 5
SAFE = ("none", "low")


@dataclass(frozen=True)
class TableWarning:
    setting: str
    message: str


def table_warnings(*, rules: Rules, seats: int, penetration: float, procedure: str,
                   audit: dict[str, Any] | None = None) -> list[TableWarning]:
    exposures = (audit or {}).get("exposures", {})
    out: list[TableWarning] = []
    per_shoe = rounds_per_shoe(penetration, rules, seats)
    if per_shoe > 1:
        level = _dealt_level(exposures.get("dealt_through"), penetration)
        if level not in SAFE:
            out.append(TableWarning("penetration", (
                f"deals {per_shoe} rounds per shoe: a player who watches the cards plays the "
                "rest of the deck with perfect information" + _measured(level))))
    weak = _weak_procedure(procedure, rules.deck_size)
    if weak and exposures.get("shuffle", {}).get("risk", {}).get("level") not in SAFE:
        out.append(TableWarning("shuffling_method", weak + (
            "; the dealer's face-down card can be predicted" if not getattr(rules, "dealer_upcard_visible", True)
            else "") + _measured(exposures.get("shuffle", {}).get("risk", {}).get("level"))))
    if seats >= MANY_SEATS:
        level = _collusion_level(exposures.get("collusion"), seats)
        if level not in SAFE:
            shared = ("players pool their face-down cards" if rules.family == "seven_and_half"
                      else "hands are seen face up by every player before it decides")
            out.append(TableWarning("seats", f"{seats} seats let up to {seats} {shared}" + _measured(level)))
    return out


def _measured(level: str | None) -> str:
    if level is None:
        return ": run the game protection audit on the variant page to measure the risk"
    return f" (measured risk: {level})"


def _dealt_level(exposure: dict | None, penetration: float) -> str | None:
    curve = (exposure or {}).get("dealt_through_curve") or []
    deeper = [p for p in curve if p["penetration"] >= penetration and p["method"] == "simulation"]
    if not deeper:
        return None
    point = min(deeper, key=lambda p: p["penetration"])
    base = exposure["house_edge_with_exposure"] + exposure["player_edge_gain"]
    return risk_level(point["ci95"][1], base)


def _collusion_level(exposure: dict | None, seats: int) -> str | None:
    if not exposure or exposure.get("method") not in ("exact", "simulation"):
        return None
    if (exposure.get("seats") or 0) < seats:
        return None
    return exposure["risk"]["level"]


def _weak_procedure(procedure: str, deck_size: int) -> str | None:
    try:
        parsed = parse_procedure(procedure) if procedure.strip() else None
    except ProcedureError:
        return None  # a shuffler model or free text: the shuffle-log battery judges it
    if parsed is None or any(step.kind == "wash" for step in parsed.steps):
        return None
    longest = max(parsed.riffle_runs, default=0)
    distance = riffle_tv(deck_size, longest) if longest else 1.0
    if distance <= 0.1:
        return None
    return (f"{procedure} leaves the next deal predictable from the last order: its longest run "
            f"of {longest} riffles is {distance:.2f} from uniform (exact), "
            f"{riffles_needed(deck_size, 0.1)} riffles are needed")
