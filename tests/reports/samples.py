"""Realistic certificate data for each preset: real exact figures, consistent evidence around them.

The exact figures come from the exact analysis. The simulation, NIST, shuffle-log and
procedure results are made up but consistent with them (a simulation scattered around the
exact edge by its own standard error, uniform p-values, uniformly random shuffles), with a
fixed seed so every test sees the same document.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import math
from dataclasses import replace
from fractions import Fraction

import numpy as np

from casino.rules import PRESET_SOURCES, PRESETS, rules_to_dict, rules_to_json
from casino.rules.describe import describe_paytable, describe_rules
from certification.odds.analysis import analyze
from certification.reports import CertificateData, Reproducibility, TableLimit, assess

GAMES = {"seven_and_half": "Seven and a Half", "nine_ten_eleven": "9-10-11"}
NIST_COUNTS = {"Frequency": 1, "BlockFrequency": 1, "CumulativeSums": 2, "Runs": 1,
               "LongestRun": 1, "Rank": 1, "FFT": 1, "NonOverlappingTemplate": 148,
               "OverlappingTemplate": 1, "Universal": 1, "ApproximateEntropy": 1,
               "RandomExcursions": 8, "RandomExcursionsVariant": 18, "Serial": 2,
               "LinearComplexity": 1}
BATTERY_TESTS = [
    ("card_position", "where cards land: broad biases spread over many cells", "Cramér's V"),
    ("card_position_max_cell", "one card or position strongly favoured (e.g. a card sticking)",
     "probability ratio"),
    ("displacement", "cards moving too little or too far from where they started",
     "mean displacement"),
    ("successor_pairs", "a card followed by the same card too often", "pair excess"),
    ("rising_sequences", "riffle shuffles too few to break up the old order", "rising sequences"),
    ("fixed_points", "cards staying where they were", "fixed points per shuffle"),
    ("cycles", "structured permutations (cuts, perfect shuffles)", "cycle count"),
    ("position_correlation", "the new order tracking the old", "Spearman's rho"),
    ("order_repeats", "a shuffler repeating orders", "repeat rate"),
]


def simulation_for(exact: dict, rounds: int = 2_000_000, chunks: int = 128, seed: int = 1
                   ) -> dict:
    rng = np.random.default_rng(seed)
    m = rounds // chunks
    bets = {}
    for name, bet in exact["bets"].items():
        means = rng.normal(bet["ev"], bet["sd"] / math.sqrt(m), chunks)
        running = np.cumsum(means) / np.arange(1, chunks + 1)
        convergence = []
        for k in [2 ** i for i in range(int(math.log2(chunks)) + 1)]:
            n, edge = k * m, -float(running[k - 1])
            se = bet["sd"] / math.sqrt(n)
            convergence.append({"rounds": n, "edge": edge,
                                "ci95": [edge - 1.96 * se, edge + 1.96 * se]})
        edge = convergence[-1]["edge"]
        se = bet["sd"] / math.sqrt(rounds)
        keys = list(bet["outcomes"])
        probs = np.array([bet["outcomes"][k] for k in keys])
        observed = rng.multinomial(rounds, probs / probs.sum())
        bets[name] = {
            "mean": -edge, "house_edge": edge, "sd": bet["sd"],
            "ci95": [edge - 1.96 * se, edge + 1.96 * se],
            "ci99": [edge - 2.576 * se, edge + 2.576 * se],
            "z_vs_exact": (edge - bet["house_edge"]) / se,
            "outcomes": {k: int(c) / rounds for k, c in zip(keys, observed, strict=True)},
            "convergence": convergence,
        }
    return {"variant": exact["variant"], "rounds": rounds, "seed": seed, "bets": bets,
            "rounds_per_second": 4_100_000, "seconds": rounds / 4_100_000,
            "chunk_rounds": m, "chunks": chunks}


def nist_sample(streams: int = 100, seed: int = 2) -> dict:
    from certification.randomness.nist.report import second_level

    rng = np.random.default_rng(seed)
    tests, summary = {}, {}
    for name, per in NIST_COUNTS.items():
        per_stream = [None if name.startswith("RandomExcursions") and i % 3 == 0
                      else [float(p) for p in rng.uniform(size=per)] for i in range(streams)]
        tests[name] = per_stream
        level = second_level([p for ps in per_stream if ps for p in ps])
        # Half the tests in the trimmed to_json() shape, so both shapes are exercised.
        summary[name] = level if len(summary) % 2 else {
            k: level[k] for k in ("proportion", "uniformity_p", "pass")}
    return {"streams": streams, "bits_per_stream": 1_000_000, "tests": tests,
            "summary": summary}


def battery_sample(deck_size: int, shuffles: int = 10_000, seed: int = 3) -> dict:
    rng = np.random.default_rng(seed)
    perms = np.argsort(rng.random((shuffles, deck_size)), axis=1)
    counts = np.zeros((deck_size, deck_size), dtype=int)
    np.add.at(counts, (perms, np.broadcast_to(np.arange(deck_size), perms.shape)), 1)
    tests = []
    for i, (name, sensitive, measure) in enumerate(BATTERY_TESTS):
        p = float(rng.uniform(0.02, 0.98))
        tests.append({"name": name, "statistic": float(rng.chisquare(30)), "p_value": p,
                      "flagged": False, "sensitive_to": sensitive,
                      "detectable_effect": 0.01 * (i + 1), "effect_measure": measure})
    return {"shuffles": shuffles, "deck_size": deck_size, "alpha": 0.01, "verdict": "pass",
            "tests": tests, "position_counts": counts.tolist()}


PROCEDURE = {"procedure": "wash, riffle, riffle, box, riffle, cut", "deck_size": 36,
             "tv_distance": 0.3127, "tv_method": "estimated: rising-sequence lower bound",
             "guessing_advantage": 1.46, "enough": False, "riffles_needed": 7,
             "tv_threshold": 0.1,
             "reasons": ["three riffles leave rising sequences a guesser can exploit"]}

LIMITS = {
    "seven_and_half": [TableLimit("Ante", "3", "25", "table's choice of 3, 5, 10 or 25"),
                       TableLimit("Final bet", "1 ante", "2 antes", "casino version only")],
    "nine_ten_eleven": [TableLimit("Main bet", "2", "4", "2 or 4"),
                        TableLimit("Bonus bet", "1", "4"),
                        TableLimit("Dice-match bet", "1", "4")],
}


def certificate_for(preset: str, number: int = 101, **changes) -> CertificateData:
    rules = PRESETS[preset]
    exact = analyze(rules, preset).to_json()
    simulation = simulation_for(exact)
    nist = nist_sample()
    battery = battery_sample(rules.deck_size)
    procedure = PROCEDURE if rules.family == "nine_ten_eleven" else None
    verdict = assess(exact, simulation, nist, battery, procedure)
    approved = verdict.approvable
    rules_json = rules_to_json(rules).encode()
    data = CertificateData(
        certificate_number=f"TC-2025-{number:04d}",
        status="approved" if approved else "draft",
        game=GAMES[rules.family],
        family=rules.family,
        variant_name=f"{PRESET_SOURCES[preset]} as submitted",
        preset=preset,
        preset_source=PRESET_SOURCES[preset],
        paytable_version=3,
        jurisdiction="Nevada Gaming Control Board",
        submitter="Lakeside Casino Ltd., compliance department",
        approver="Dr. M. Rossi, chief mathematician" if approved else None,
        issued=dt.date(2025, 11, 20),
        approved=dt.date(2025, 11, 21) if approved else None,
        rules=rules_to_dict(rules),
        rule_clauses=describe_rules(rules),
        paytable=describe_paytable(rules),
        table_limits=LIMITS[rules.family],
        verdict=verdict,
        exact=exact,
        simulation=simulation,
        nist=nist,
        shuffle_battery=battery,
        procedure=procedure,
        reproducibility=Reproducibility(
            software_version="tablecert 0.1.0",
            git_commit="4f1c2b7d9e0a8c3b6f5d4e2a1b0c9d8e7f6a5b4c",
            inputs_sha256={"rule variant": hashlib.sha256(rules_json).hexdigest(),
                           "paytable v3": hashlib.sha256(b"paytable-v3").hexdigest(),
                           "shuffle log": hashlib.sha256(b"shuffle-log").hexdigest()},
            seeds={"simulation": "0x5eed0001 (128 chunks, spawned)",
                   "NIST sampling": "not randomised"},
            parameters={"simulation rounds": f"{simulation['rounds']:,}",
                        "battery alpha": "0.01", "NIST stream length": "1,000,000 bits"},
        ),
    )
    return replace(data, **changes) if changes else data


def exact_edge_text(data: CertificateData, bet: str = "main") -> str:
    return f"{data.exact['bets'][bet]['house_edge'] * 100:.4f}%"


def exact_fraction_text(data: CertificateData, bet: str = "main") -> str:
    value = Fraction(data.exact["bets"][bet]["ev_fraction"])
    return f"{value.numerator}/{value.denominator}"
