"""Is a hand-shuffle procedure enough? Distance from uniform, guessing advantage, battery.

Criterion (``enough``): the deck must be within total variation ``tv_threshold`` (0.1) of
uniform — every event, such as "the ace ends in the top ten", then has its uniform
probability ±0.1 — and the Diaconis–Fulman–Holmes guesser who saw the previous order must
gain under ``guess_threshold`` (0.1) extra correct cards per deck at the upper 95% bound.
The battery's verdict on a sampled log is reported but is not part of the criterion: with
10,000 shuffles it detects distances far below 0.1 (nine riffles of 36 cards fail it).
0.1 is the customary "well mixed" line in the Bayer–Diaconis table (9 riffles of 52 cards
give 0.085) and about a third of the distance the folklore "seven shuffles" leaves.

What is exact and what is estimated: for riffles alone the distance is exact; a procedure
containing a run of k riffles is at most the exact k-riffle distance (composition never
moves a distribution away from uniform). Otherwise the distance is estimated by sampling on
two statistics — the original top card's final position and the rising-sequence count —
whose distances are *lower bounds* of the full distance; each comes with the same
estimator's value on truly uniform decks (its noise floor). A pass on estimates is
therefore evidence of no detectable defect, not proof of mixing.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

import numpy as np

from casino.rules.cards import deck_for_size
from casino.rules.phrases import N_, Phrase
from certification.randomness.procedures.exact import riffle_tv, riffles_needed
from certification.randomness.procedures.procedure import Procedure
from certification.randomness.shuffles.battery import run_battery
from certification.randomness.shuffles.log import ShuffleLog
from certification.randomness.shuffles.permutations import (
    chain,
    guess_hits,
    harmonic,
    inverse,
    rising_pmf,
    rising_sequences,
)

TV_THRESHOLD = 0.1
GUESS_THRESHOLD = 0.1


@dataclass(frozen=True)
class Assessment:
    procedure: str
    deck_size: int
    samples: int
    seed: int
    exact_tv: float | None
    tv_upper_bound: float | None
    top_card_tv: float
    rising_tv: float
    noise_floor_top_card: float
    noise_floor_rising: float
    guess_correct: float
    guess_advantage: float
    guess_advantage_se: float
    battery_shuffles: int
    battery_verdict: str
    battery_flagged: list[str]
    riffles_needed: int
    tv_threshold: float
    guess_threshold: float
    enough: bool
    reasons: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)


def _tv(counts: np.ndarray, probs: np.ndarray) -> float:
    return float(0.5 * np.abs(counts / counts.sum() - probs).sum())


def _statistic_tvs(src: np.ndarray) -> tuple[float, float]:
    n = src.shape[1]
    top = inverse(src)[:, 0]
    top_tv = _tv(np.bincount(top, minlength=n), np.full(n, 1 / n))
    rising = np.bincount(rising_sequences(src), minlength=n + 1)[1:]
    return top_tv, _tv(rising, rising_pmf(n))


def assess_procedure(
    procedure: Procedure,
    deck_size: int,
    samples: int = 20_000,
    seed: int = 0,
    log_shuffles: int = 10_000,
    tv_threshold: float = TV_THRESHOLD,
    guess_threshold: float = GUESS_THRESHOLD,
) -> Assessment:
    deck_for_size(deck_size)  # rejects sizes that are no deck
    if deck_size > 64:
        raise ValueError("procedures are assessed for single decks of up to 64 cards")
    streams = [np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(3)]
    n = deck_size
    src = procedure.sample(streams[0], samples, n)
    top_tv, rising_tv = _statistic_tvs(src)
    floor_top, floor_rising = _statistic_tvs(
        streams[1].permuted(np.broadcast_to(np.arange(n), (samples, n)), axis=1)
    )

    hits = guess_hits(src)
    advantage = float(hits.mean() - harmonic(n))
    se = float(hits.std(ddof=1) / np.sqrt(samples))

    steps = procedure.sample(streams[2], log_shuffles, n)
    orders = chain(steps, np.arange(n))
    log = ShuffleLog(
        ids=np.arange(1, log_shuffles + 1), orders=orders, deck=deck_for_size(n), deck_size=n
    )
    battery = run_battery(log)

    exact = (
        riffle_tv(n, len(procedure.steps)) if procedure.riffles_only and procedure.steps else None
    )
    runs = procedure.riffle_runs
    bound = riffle_tv(n, max(runs)) if runs else None

    reasons: list[str] = []
    if exact is not None:
        distance_ok = exact < tv_threshold
        reasons.append(Phrase(EXACT_DISTANCE, distance=f"{exact:.3f}", threshold=str(tv_threshold)))
    elif bound is not None and bound < tv_threshold:
        distance_ok = True
        reasons.append(Phrase(UPPER_BOUND, bound=f"{bound:.3f}", riffles=max(runs)))
    else:
        lower = max(top_tv - floor_top, rising_tv - floor_rising, 0.0)
        distance_ok = lower < tv_threshold
        reasons.append(Phrase(ESTIMATED_DISTANCE, distance=f"{lower:.3f}") if bound is None else
                       Phrase(ESTIMATED_DISTANCE_BOUND, distance=f"{lower:.3f}", bound=f"{bound:.3f}"))
    guess_ok = advantage + 1.96 * se < guess_threshold
    reasons.append(Phrase(GUESSER, gain=f"{advantage:+.3f}", margin=f"{1.96 * se:.3f}",
                          threshold=str(guess_threshold)))
    flagged = [t.name for t in battery.tests if t.flagged]
    # Informative, not part of the criterion: with thousands of shuffles the battery sees
    # distances far below 0.1, so it says whether a logged table would be caught out.
    reasons.append(Phrase(BATTERY_FLAGGED, shuffles=log_shuffles, verdict=battery.verdict,
                          tests=", ".join(flagged)) if flagged else
                   Phrase(BATTERY, shuffles=log_shuffles, verdict=battery.verdict))
    if any(s.kind == "wash" for s in procedure.steps):
        reasons.append(Phrase(WASH_MODEL))
    return Assessment(
        procedure=str(procedure),
        deck_size=n,
        samples=samples,
        seed=seed,
        exact_tv=exact,
        tv_upper_bound=bound,
        top_card_tv=top_tv,
        rising_tv=rising_tv,
        noise_floor_top_card=floor_top,
        noise_floor_rising=floor_rising,
        guess_correct=float(hits.mean()),
        guess_advantage=advantage,
        guess_advantage_se=se,
        battery_shuffles=log_shuffles,
        battery_verdict=battery.verdict,
        battery_flagged=flagged,
        riffles_needed=riffles_needed(n, tv_threshold),
        tv_threshold=tv_threshold,
        guess_threshold=guess_threshold,
        enough=distance_ok and guess_ok,
        reasons=reasons,
    )


EXACT_DISTANCE = N_("exact distance from uniform {distance} (threshold {threshold})")
UPPER_BOUND = N_("exact upper bound {bound} from its {riffles} consecutive riffles")
ESTIMATED_DISTANCE = N_("estimated distance at least {distance} (sampled lower bound; noise floor "
                        "removed)")
ESTIMATED_DISTANCE_BOUND = N_("estimated distance at least {distance} (sampled lower bound; noise "
                              "floor removed); exact upper bound {bound}")
GUESSER = N_("guesser gains {gain} ± {margin} cards per deck (threshold {threshold})")
BATTERY = N_("battery on {shuffles} chained shuffles: {verdict}")
BATTERY_FLAGGED = N_("battery on {shuffles} chained shuffles: {verdict} ({tests})")
WASH_MODEL = N_("the verdict rests on the wash model (random transpositions), an assumption about "
                "the dealer, not a measurement")
REASON_TEMPLATES = (EXACT_DISTANCE, UPPER_BOUND, ESTIMATED_DISTANCE, ESTIMATED_DISTANCE_BOUND,
                    GUESSER, BATTERY, BATTERY_FLAGGED, WASH_MODEL)
"""Every reason an assessment states, as stored with a run's randomness evidence."""
