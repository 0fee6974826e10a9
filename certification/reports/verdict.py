"""The checks behind a verdict, computed from the same figures the certificate prints.

A certificate is approvable only when every check passes: no bet gives the player an
advantage, the simulation agrees with the exact figures, and every randomness test that was
run passed. A check whose evidence was not submitted is reported as not assessed, and does
not block approval on its own: which evidence a jurisdiction requires is its decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .data import Verdict
from .fmt import bet_name, pct

Z_LIMIT = 4.0
"""|z| above this between simulation and exact figure is a disagreement, not chance
(two-sided p ≈ 6e-5 per bet)."""


@dataclass(frozen=True)
class Check:
    name: str
    passed: bool | None
    """None: the evidence for this check was not part of the submission."""
    detail: str


def checks(
    exact: dict[str, Any],
    simulation: dict[str, Any] | None = None,
    nist: dict[str, Any] | None = None,
    shuffle_battery: dict[str, Any] | None = None,
    procedure: dict[str, Any] | None = None,
    *,
    z_limit: float = Z_LIMIT,
) -> list[Check]:
    out = []
    advantage = [
        f"{bet_name(name)} (house edge {pct(bet['house_edge'])})"
        for name, bet in exact["bets"].items()
        if bet["house_edge"] < 0
    ]
    out.append(Check(
        "House edge on every bet",
        not advantage,
        ("player advantage on " + "; ".join(advantage)) if advantage else
        "every bet has a house edge of zero or more under optimal play",
    ))
    if simulation is None:
        out.append(Check("Simulation agrees with exact figures", None, "no simulation submitted"))
    else:
        bad = []
        for name, bet in simulation["bets"].items():
            z = bet.get("z_vs_exact")
            if z is not None and abs(z) > z_limit:
                bad.append(f"{bet_name(name)}: z = {z:+.2f}")
        rounds = f"{simulation['rounds']:,} rounds"
        out.append(Check(
            "Simulation agrees with exact figures",
            not bad,
            (f"disagreement beyond |z| > {z_limit:g}: " + "; ".join(bad)) if bad else
            f"{rounds}; every bet within |z| ≤ {z_limit:g} of the exact edge",
        ))
    if nist is None:
        out.append(Check("RNG output (NIST SP 800-22)", None, "no RNG output submitted"))
    else:
        failed = [name for name, s in nist["summary"].items() if s.get("pass") is False]
        out.append(Check(
            "RNG output (NIST SP 800-22)",
            not failed,
            ("failed: " + ", ".join(failed)) if failed else
            f"every applicable test passed over {nist['streams']} streams",
        ))
    if shuffle_battery is None:
        out.append(Check("Shuffle log battery", None, "no shuffle log submitted"))
    else:
        flagged = [t["name"] for t in shuffle_battery["tests"] if t.get("flagged")]
        out.append(Check(
            "Shuffle log battery",
            shuffle_battery.get("verdict") == "pass" and not flagged,
            ("flagged: " + ", ".join(flagged)) if flagged else
            f"no test flagged over {shuffle_battery['shuffles']:,} shuffles",
        ))
    if procedure is not None:
        enough = bool(procedure.get("enough"))
        needed = procedure.get("riffles_needed")
        out.append(Check(
            "Hand-shuffle procedure",
            enough,
            "close enough to uniform" if enough else
            "not close enough to uniform" + (f"; {needed} riffles needed" if needed else ""),
        ))
    return out


def assess(
    exact: dict[str, Any],
    simulation: dict[str, Any] | None = None,
    nist: dict[str, Any] | None = None,
    shuffle_battery: dict[str, Any] | None = None,
    procedure: dict[str, Any] | None = None,
    *,
    z_limit: float = Z_LIMIT,
) -> Verdict:
    """The verdict the figures support: every failed check is a reason not to approve."""
    found = checks(exact, simulation, nist, shuffle_battery, procedure, z_limit=z_limit)
    failed = [f"{c.name}: {c.detail}" for c in found if c.passed is False]
    if failed:
        return Verdict(False, failed)
    return Verdict(True, [f"{c.name}: {c.detail}" for c in found if c.passed])
