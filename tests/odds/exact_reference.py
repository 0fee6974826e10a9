"""Pinned exact Seven-and-a-Half figures: the variants, and how the reference file is written.

``python -m tests.odds.exact_reference [NAME ...]`` recomputes the named variants (default:
all) and rewrites ``data/seven_half_exact.json``. The file in the repository was written by
the engine before its state space was canonicalised, so comparing against it proves the
faster engine counts the same rounds to the same fractions.
"""

from __future__ import annotations

import json
import sys
import time
from fractions import Fraction
from pathlib import Path

from casino.rules import preset, with_overrides
from certification.odds.seven_half import analyze_seven_half

REFERENCE = Path(__file__).with_name("data") / "seven_half_exact.json"

VARIANTS: dict[str, tuple[str, list[str]]] = {
    "seven-half-casino": ("seven-half-casino", []),
    "seven-half-home": ("seven-half-home", []),
    "sette-e-mezzo": ("sette-e-mezzo", []),
    "siete-y-media": ("siete-y-media", []),
    "siete exchange 4 shoot": ("siete-y-media", ["four_exchange_max=4", "shoot_seven=true"]),
    "siete opening 1": ("siete-y-media", ["split_figures=true", "max_splits=1"]),
    "siete opening 2": ("siete-y-media", ["split_figures=true", "max_splits=2"]),
    "siete opening 3": ("siete-y-media", ["split_figures=true", "max_splits=3"]),
    "siete opening 2 exchange shoot": ("siete-y-media", ["split_figures=true", "max_splits=2",
                                                         "four_exchange_max=2", "shoot_seven=true"]),
    "siete hidden opening 2": ("siete-y-media", ["split_figures=true", "max_splits=2",
                                                 "dealer_upcard_visible=false"]),
    "sette (matta, hidden) opening 1": ("sette-e-mezzo", ["split_figures=true", "max_splits=1"]),
    "sette (matta, hidden) opening 2": ("sette-e-mezzo", ["split_figures=true", "max_splits=2"]),
    "home (king first) opening 2": ("seven-half-home", ["split_figures=true", "max_splits=2"]),
    "sette (matta, hidden) opening 3": ("sette-e-mezzo", ["split_figures=true", "max_splits=3"]),
    "siete hidden opening 3": ("siete-y-media", ["split_figures=true", "max_splits=3",
                                                 "dealer_upcard_visible=false"]),
    "siete two decks": ("siete-y-media", ["decks=2"]),
    "casino two decks": ("seven-half-casino", ["decks=2"]),
}


def rules_of(name: str):
    base, overrides = VARIANTS[name]
    return with_overrides(preset(base), overrides)


def _text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def figures_of(result) -> dict:
    """Everything the analysis states about a variant, with exact values as 'p/q' strings."""
    bet = result.bets["main"]
    return {
        "ev": _text(bet.ev),
        "average_wager": _text(bet.average_wager),
        "outcomes": [[_text(net), _text(p)] for net, p in sorted(bet.outcomes.items())],
        "decisions": {k: _text(p) for k, p in sorted(result.decisions.items())},
        "strategy": [chart.to_json() for chart in result.strategy],
    }


def load() -> dict[str, dict]:
    return json.loads(REFERENCE.read_text())


def main(names: list[str]) -> None:
    data = load() if REFERENCE.exists() else {}
    for name in names or list(VARIANTS):
        start = time.perf_counter()
        result = analyze_seven_half(rules_of(name), name)
        data[name] = {**figures_of(result), "seconds_when_pinned": round(time.perf_counter() - start, 2)}
        print(f"{name}: {data[name]['seconds_when_pinned']} s, ev {float(result.bets['main'].ev):.9f}",
              flush=True)
        REFERENCE.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
