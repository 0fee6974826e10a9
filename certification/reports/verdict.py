"""The checks behind a verdict, computed from the same figures the certificate prints.

A certificate is approvable only when every check passes: no bet gives the player an
advantage, the simulation agrees with the exact figures, and every randomness test that was
run passed. A check whose evidence was not submitted is reported as not assessed, and does
not block approval on its own: which evidence a jurisdiction requires is its decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from casino.rules.phrases import Joined, Phrase

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
    # Names and details are phrases: stored and compared in English, printed in the
    # certificate's language.
    advantage = [
        Phrase("{bet} (house edge {edge})", bet=bet_name(name), edge=pct(bet["house_edge"]))
        for name, bet in exact["bets"].items()
        if bet["house_edge"] < 0
    ]
    out.append(Check(
        Phrase("House edge on every bet"),
        not advantage,
        Phrase("player advantage on {bets}", bets=Joined(advantage, "; ")) if advantage else
        Phrase("every bet has a house edge of zero or more under optimal play"),
    ))
    agrees = Phrase("Simulation agrees with exact figures")
    if simulation is None:
        out.append(Check(agrees, None, Phrase("no simulation submitted")))
    else:
        bad = []
        for name, bet in simulation["bets"].items():
            z = bet.get("z_vs_exact")
            if z is not None and abs(z) > z_limit:
                bad.append(f"{bet_name(name)}: z = {z:+.2f}")
        limit = f"{z_limit:g}"
        out.append(Check(
            agrees,
            not bad,
            Phrase("disagreement beyond |z| > {limit}: {bets}", limit=limit, bets="; ".join(bad))
            if bad else
            Phrase("{rounds:,} rounds; every bet within |z| ≤ {limit} of the exact edge",
                   rounds=simulation["rounds"], limit=limit),
        ))
    rng = Phrase("RNG output (NIST SP 800-22)")
    if nist is None:
        out.append(Check(rng, None, Phrase("no RNG output submitted")))
    else:
        failed = [name for name, s in nist["summary"].items() if s.get("pass") is False]
        out.append(Check(
            rng,
            not failed,
            Phrase("failed: {tests}", tests=", ".join(failed)) if failed else
            Phrase("every applicable test passed over {streams} streams", streams=nist["streams"]),
        ))
    battery = Phrase("Shuffle log battery")
    if shuffle_battery is None:
        out.append(Check(battery, None, Phrase("no shuffle log submitted")))
    else:
        flagged = [t["name"] for t in shuffle_battery["tests"] if t.get("flagged")]
        out.append(Check(
            battery,
            shuffle_battery.get("verdict") == "pass" and not flagged,
            Phrase("flagged: {tests}", tests=", ".join(flagged)) if flagged else
            Phrase("no test flagged over {shuffles:,} shuffles",
                   shuffles=shuffle_battery["shuffles"]),
        ))
    if procedure is not None:
        enough = bool(procedure.get("enough"))
        needed = procedure.get("riffles_needed")
        if enough:
            detail = Phrase("close enough to uniform")
        elif needed:
            detail = Phrase("not close enough to uniform; {n} riffles needed", n=needed)
        else:
            detail = Phrase("not close enough to uniform")
        out.append(Check(Phrase("Hand-shuffle procedure"), enough, detail))
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
