"""Merge the chunks' sums into the simulated exposures and the audit's JSON report."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from casino.rules.phrases import Phrase

from .dealt_through import RAMP_SPREAD, rounds_per_shoe
from .phrases import (
    ADD_RIFFLE,
    ADD_RIFFLES,
    COLLUSION_EXACT,
    COLLUSION_PARTNERS,
    COLLUSION_SEATS,
    DEALT_THROUGH,
    MACHINE,
    NOT_RUN,
    NOT_RUN_COLLUSION,
    ONE_ROUND_PER_SHOE,
    ONE_SEAT,
    ONE_SEAT_AT_A_TIME,
    ONE_SEAT_PER_TABLE,
    SEATS_AT_MOST,
    SHUFFLE,
    SHUFFLE_AFTER,
    SHUFFLE_DIE,
    SHUFFLE_ERASURE,
    SHUFFLE_EVERY_ROUND,
    SHUFFLE_UPCARD,
    SURVEILLANCE,
    TITLES,
)
from .result import (
    EXPOSURE_ORDER,
    RISK_RULE,
    Countermeasure,
    ExposureResult,
    exact_exposure,
    fraction_text,
    not_applicable,
    risk_level,
)
from .sampling import add_sums, controlled_mean, ratio_ci
from .shuffle import erasure_share, predictability, riffles_alone, with_riffles
from .spec import AuditSpec

SAFE = ("none", "low")


def assemble(spec: AuditSpec, exact: dict[str, Any], sums: dict[str, list[dict]]) -> dict[str, Any]:
    base = Fraction(exact["baseline_ev"])
    edge = -base
    exposures: dict[str, Any] = {"dealer_card": exact["dealer_card"], "one_card": exact["one_card"]}
    exposures.update(_next_card(exact))
    exposures["collusion"] = collusion_result(spec, exact, sums, edge).to_json()
    exposures["dealt_through"] = dealt_through_result(spec, exact, sums, edge).to_json()
    exposures["shuffle"] = shuffle_result(spec, exact, sums, edge).to_json()
    return {
        "variant": spec.variant,
        "baseline": {"house_edge_fraction": fraction_text(edge), "house_edge": float(edge)},
        "table": spec.table_json(),
        "risk_rule": RISK_RULE,
        "exposures": {name: exposures[name] for name in EXPOSURE_ORDER if name in exposures},
    }


def assemble_exact_only(spec: AuditSpec, exact: dict[str, Any]) -> dict[str, Any]:
    """The report with the exact exposures only; the simulated ones say that they were not run."""
    base = Fraction(exact["baseline_ev"])
    edge = -base
    exposures: dict[str, Any] = {"dealer_card": exact["dealer_card"], "one_card": exact["one_card"]}
    exposures.update(_next_card(exact))
    curve = [{"k": int(k), "method": "exact", "player_edge_gain_fraction": v,
              "player_edge_gain": float(Fraction(v))} for k, v in exact.get("collusion_exact", {}).items()]
    exposures["collusion"] = {"title": Phrase(TITLES["collusion"]), "method": "not_run",
                              "collusion_curve": curve, "reason": Phrase(NOT_RUN_COLLUSION)}
    for name in ("dealt_through", "shuffle"):
        exposures[name] = {"title": Phrase(TITLES[name]), "method": "not_run", "reason": Phrase(NOT_RUN)}
    return {
        "variant": spec.variant,
        "baseline": {"house_edge_fraction": fraction_text(edge), "house_edge": float(edge)},
        "table": spec.table_json(),
        "risk_rule": RISK_RULE,
        "exposures": exposures,
        "exact_only": True,
    }


def _next_card(exact: dict[str, Any]) -> dict[str, Any]:
    """The next-card exposure, where the exact part holds it (parts stored before it was
    part of the audit do not)."""
    return {"next_card": exact["next_card"]} if "next_card" in exact else {}


def _entry(k: int, exact: dict[str, Any], sums: dict[str, list[dict]], spec: AuditSpec) -> dict[str, Any]:
    text = exact["collusion_exact"].get(str(k))
    shares = sums.get(f"collusion_exact:{k}")
    if shares is not None:
        base = Fraction(exact["baseline_ev"])
        text = fraction_text(sum((Fraction(s["expected_value"]) for s in shares), Fraction(0)) - base)
    if text is not None:
        gain = Fraction(text)
        return {"k": k, "method": "exact", "player_edge_gain_fraction": text, "player_edge_gain": float(gain)}
    s = add_sums(sums[f"collusion:{k}"])
    mean, se, ci = controlled_mean(s, float(Fraction(exact["collusion_control_mean"][str(k)])))
    return {"k": k, "method": "simulation", "player_edge_gain": mean, "se": se, "ci95": list(ci),
            "samples": int(s["n"]), "seed": spec.seed}


def _judged(entry: dict[str, Any]) -> float:
    return entry["ci95"][1] if entry["method"] == "simulation" else entry["player_edge_gain"]


def collusion_result(spec: AuditSpec, exact, sums, edge: Fraction) -> ExposureResult:
    name = "collusion"
    title = Phrase(TITLES[name])
    if spec.seats < 2:
        return not_applicable(name, title, baseline_house_edge=edge,
                              reason=Phrase(ONE_SEAT))
    curve = [_entry(k, exact, sums, spec) for k in range(2, spec.seats + 1)]
    cap = 1
    for entry in curve:
        if risk_level(_judged(entry), float(edge)) in SAFE:
            cap = entry["k"]
        else:
            break
    capped = 0.0 if cap == 1 else curve[cap - 2]["player_edge_gain"]
    measures = [Countermeasure(
        Phrase(SEATS_AT_MOST, seats=cap) if cap > 1 else Phrase(ONE_SEAT_PER_TABLE),
        capped, float(edge) - capped,
        f"from the collusion curve at k = {cap}" if cap > 1 else "exact: no partner, no gain")]
    if spec.seven_half:
        measures.append(Countermeasure(
            Phrase(SURVEILLANCE),
            0.0, float(edge), "removes the shared information; the certified figure stands"))
        reading = "each colluder knows its k - 1 partners' face-down first cards"
    else:
        measures.append(Countermeasure(
            Phrase(ONE_SEAT_AT_A_TIME), 0.0, float(edge),
            "no other hand is seen before a decision; the certified figure stands"))
        reading = ("every hand is dealt face up: with k seats in play each player sees the "
                   "other k - 1 seats' three-card first hands before deciding, no collusion needed")
    head = curve[-1]
    details = {"collusion_curve": curve, "seats": spec.seats, "reading": reading}
    if head["method"] == "exact":
        return exact_exposure(name, title, baseline_house_edge=edge,
                              gain=Fraction(head["player_edge_gain_fraction"]),
                              reason=Phrase(COLLUSION_EXACT, k=spec.seats),
                              countermeasures=measures, details=details)
    return ExposureResult(name, title, "simulation", edge, gain=head["player_edge_gain"],
                          ci95=tuple(head["ci95"]), countermeasures=measures, details=details,
                          reason=Phrase(COLLUSION_PARTNERS if spec.seven_half else COLLUSION_SEATS,
                                        k=spec.seats, samples=head["samples"], seed=str(spec.seed)))


def _dealt_point(spec: AuditSpec, p: float, sums, base: float) -> dict[str, Any]:
    per_shoe = rounds_per_shoe(p, spec.rules, spec.seats)
    if not spec.dealt_through_simulated(p):
        return {"penetration": p, "method": "exact", "rounds_per_shoe": per_shoe,
                "player_edge_gain_fraction": "0/1", "player_edge_gain": 0.0,
                "count_player_edge_gain": 0.0,
                "reading": "one round per shoe: every round is dealt from the full deck"}
    s = add_sums(sums[f"dealt_through:{p:g}"])
    perfect, se, ci = ratio_ci(s["m"], s["x"], s["y"], s["xx"], s["yy"], s["xy"])
    counted, cse, cci = ratio_ci(s["m"], s["bx"], s["by"], s["bxx"], s["byy"], s["bxy"])
    return {"penetration": p, "method": "simulation", "rounds": int(s["x"]), "shoes": int(s["m"]),
            "rounds_per_shoe": per_shoe,
            "seed": spec.seed,
            "player_edge_gain": perfect - base, "se": se, "ci95": [ci[0] - base, ci[1] - base],
            "count_player_edge_gain": counted - base, "count_se": cse,
            "count_ci95": [cci[0] - base, cci[1] - base],
            "average_bet": s["bx"] / s["x"]}


def dealt_through_result(spec: AuditSpec, exact, sums, edge: Fraction) -> ExposureResult:
    name = "dealt_through"
    title = Phrase(TITLES[name])
    base = float(-edge)
    curve = [_dealt_point(spec, p, sums, base) for p in spec.penetrations]
    details = {"dealt_through_curve": curve,
               "count_tags": exact["tags"], "count_tag_unit": exact["tag_unit"],
               "count_ramp": (f"bet 1 unit until the true count passes baseline/unit, then one "
                              f"more unit per count, at most {RAMP_SPREAD}"),
               "count_play": "credited as the composition's optimal play (see the method note)"}
    measures = [Countermeasure(Phrase(SHUFFLE_EVERY_ROUND), 0.0, float(edge),
                               "exact: every round is dealt from the full deck")]
    for point in curve:
        if (point["method"] == "simulation" and point["penetration"] < spec.penetration
                and risk_level(point["ci95"][1], float(edge)) in SAFE):
            measures.append(Countermeasure(
                Phrase(SHUFFLE_AFTER, rounds=point["rounds_per_shoe"],
                       penetration=Decimal(f"{point['penetration']:g}")), point["player_edge_gain"],
                float(edge) - point["player_edge_gain"],
                f"simulation, {point['rounds']} rounds, seed {spec.seed}, 95% CI "
                f"[{point['ci95'][0]:.5f}, {point['ci95'][1]:.5f}]"))
    if not spec.dealt_through_simulated(spec.penetration):
        return exact_exposure(name, title, baseline_house_edge=edge, gain=Fraction(0),
                              reason=Phrase(ONE_ROUND_PER_SHOE),
                              countermeasures=measures, details=details)
    head = next(p for p in curve if p["penetration"] == spec.penetration)
    return ExposureResult(name, title, "simulation", edge, gain=head["player_edge_gain"],
                          ci95=tuple(head["ci95"]), countermeasures=measures, details=details,
                          reason=Phrase(DEALT_THROUGH, penetration=Decimal(f"{spec.penetration:g}"),
                                        rounds=head["rounds"], shoes=head["shoes"], seed=str(spec.seed)))


def _predictability(spec: AuditSpec, extra: int, sums):
    s = add_sums(sums[f"shuffle:{extra}"])
    return predictability(with_riffles(spec.procedure, extra), s["train"], s["test"],
                          deck_size=spec.deck_size, positions=spec.deal_positions,
                          dealer_position=min(spec.seats, spec.deck_size - 1))


def shuffle_result(spec: AuditSpec, exact, sums, edge: Fraction) -> ExposureResult:
    name = "shuffle"
    title = Phrase(TITLES[name])
    dealer_gain = Fraction(exact["dealer_gain"]) if exact.get("dealer_gain") else None
    runs = {extra: _predictability(spec, extra, sums)
            for extra in sorted(int(k.split(":")[1]) for k in sums if k.startswith("shuffle:"))}
    base_run = runs[0]

    def gain_of(run) -> tuple[float, tuple[float, float]]:
        if dealer_gain is None:
            return 0.0, (0.0, 0.0)
        g = float(dealer_gain)
        lo, hi = run.dealer_ci
        return (erasure_share(run.dealer_hit_rate, spec.deck_size) * g,
                (erasure_share(lo, spec.deck_size) * g, erasure_share(hi, spec.deck_size) * g))

    gain, ci = gain_of(base_run)
    measures = []
    for extra, run in runs.items():
        if extra and base_run.predictable and not run.predictable:
            g, (lo, hi) = gain_of(run)
            measures.append(Countermeasure(
                Phrase(ADD_RIFFLES if extra > 1 else ADD_RIFFLE, extra=extra, procedure=run.procedure),
                g, float(edge) - g,
                f"simulation, {run.decks} scored decks, seed {spec.seed}: no card of the next "
                f"deal predictable above chance; gain 95% CI [{lo:.5f}, {hi:.5f}]"))
            break
    alone = riffles_alone(spec.deck_size)
    measures.append(Countermeasure(
        Phrase(MACHINE, riffles=alone, cards=spec.deck_size), 0.0, float(edge),
        "exact riffle distance (Bayer-Diaconis)"))
    why = Phrase(SHUFFLE_UPCARD if dealer_gain is None and spec.seven_half else
                 SHUFFLE_DIE if dealer_gain is None else SHUFFLE_ERASURE)
    details = {"predictability": {str(e): r.to_json() for e, r in runs.items()},
               "predictable_cards": len(base_run.predictable),
               "deal_positions": spec.deal_positions,
               "riffles_alone_needed": alone}
    # Cards predicted above chance that the gain model does not value (the player's own
    # next cards, a die game's hands) are a leak of unknown worth, never a risk of none.
    unvalued = dealer_gain is None and bool(base_run.predictable)
    return ExposureResult(name, title, "simulation", edge, gain=gain, ci95=ci,
                          countermeasures=measures, details=details, unvalued=unvalued,
                          reason=Phrase(SHUFFLE, why=why, predictable=len(base_run.predictable),
                                        positions=spec.deal_positions, procedure=spec.procedure,
                                        seed=str(spec.seed)))
