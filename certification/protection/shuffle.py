"""Exposure 5: a hand shuffle that leaves the next deal predictable from the last order.

The declared procedure (the procedure model of ``certification.randomness.procedures``) is
applied to the previous round's order, which a player who watched the deal and the pick-up
is assumed to know in full. For each of the first cards of the next deal (``positions``:
every seat's and the dealer's first two cards) the predictor names the card that most often
comes from one previous position. It is trained on the even chunks and scored on the odd
ones, so its hit rate is measured on decks it never saw; a position is predictable above
chance when a one-sided binomial test against 1/N rejects at 0.05 / positions (Bonferroni).

The gain credits the prediction of the dealer's first card as an erasure channel: in the
share s = (a - 1/N) / (1 - 1/N) of rounds by which the hit rate a beats chance the player
plays as if it saw the dealer's card (exposure 1's exact gain), otherwise as certified.
This is a model, stated as such; with the dealer's card dealt face up (or a die for a
dealer) the dealer's first card is worth nothing to predict and the gain is zero.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from certification.randomness.procedures import parse_procedure, riffles_needed

DEFAULT_PROCEDURE = "wash,riffle,riffle,box,riffle,cut"
EXTRA_RIFFLES = (1, 2, 3, 4)


def with_riffles(procedure: str, extra: int) -> str:
    return procedure if extra == 0 else f"{procedure},riffle*{extra}"


def shuffle_hist(procedure: str, *, deck_size: int, positions: int, rng: np.random.Generator,
                 decks: int) -> list[float]:
    """Counts of (next position j, previous position i), flattened j-major."""
    src = parse_procedure(procedure).sample(rng, decks, deck_size)[:, :positions]
    flat = (np.arange(positions)[None, :] * deck_size + src).ravel()
    return np.bincount(flat, minlength=positions * deck_size).astype(float).tolist()


@dataclass(frozen=True)
class Predictability:
    procedure: str
    decks: int
    hit_rates: list[float]
    predictable: list[int]
    """Positions of the next deal whose card is predicted above chance."""
    dealer_hit_rate: float
    dealer_ci: tuple[float, float]

    def to_json(self) -> dict:
        return {"procedure": self.procedure, "test_decks": self.decks,
                "predictable_positions": self.predictable,
                "predictable_cards": len(self.predictable),
                "hit_rates": [round(h, 5) for h in self.hit_rates],
                "dealer_card_hit_rate": self.dealer_hit_rate,
                "dealer_card_hit_rate_ci95": list(self.dealer_ci)}


def predictability(procedure: str, train: list[float], test: list[float], *, deck_size: int,
                   positions: int, dealer_position: int) -> Predictability:
    # scipy.stats takes about a second to import, and every Django process reaches this
    # module through the certificate's protection section; only an audit needs the test.
    from scipy.stats import binomtest

    trained = np.asarray(train).reshape(positions, deck_size)
    tested = np.asarray(test).reshape(positions, deck_size)
    decks = int(round(tested[0].sum()))
    guess = trained.argmax(axis=1)
    hits = tested[np.arange(positions), guess].astype(int)
    chance = 1 / deck_size
    alpha = 0.05 / positions
    predictable = [j for j in range(positions)
                   if binomtest(int(hits[j]), decks, chance, alternative="greater").pvalue < alpha]
    rates = (hits / decks).tolist()
    ci = binomtest(int(hits[dealer_position]), decks).proportion_ci(0.95, method="wilson")
    return Predictability(procedure, decks, rates, predictable, rates[dealer_position],
                          (float(ci.low), float(ci.high)))


def erasure_share(hit_rate: float, deck_size: int) -> float:
    chance = 1 / deck_size
    return max(0.0, (hit_rate - chance) / (1 - chance))


def riffles_alone(deck_size: int) -> int:
    """Riffles that alone bring the deck within total variation 0.1 of uniform (exact)."""
    return riffles_needed(deck_size, 0.1)



