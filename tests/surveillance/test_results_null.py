"""The results test on 200 clean months (vectorised, from the exact laws), and its power."""

from __future__ import annotations

import math

import numpy as np
import pytest

from casino.rules.presets import preset
from certification.surveillance.results import log_e_paths
from certification.surveillance.sequential import ALPHA
from certification.surveillance.strategies import Strategist
from tests.surveillance.test_sequential import _binomial_upper

MONTHS, PLAYERS, ROUNDS, LIMIT = 200, 20, 600, 3.0


@pytest.fixture(scope="module")
def game():
    s = Strategist(preset("sette-e-mezzo"))
    return s, float(s.best_value()), float(s.largest_loss())


def _draw(s: Strategist, seen: bool, rng, shape) -> np.ndarray:
    law = s.outcomes(seen)
    nets = np.array([float(n) for n in law])
    p = np.array([float(w) for w in law.values()])
    return rng.choice(nets, size=shape, p=p / p.sum())


def test_clean_months_stay_within_alpha_even_for_hole_card_readers(game):
    """Every player of 200 clean months plays the exact optimum, half of them with the dealer's
    card seen (the most the results test allows), wagers of 1 to 3 placed before the deal."""
    s, best, loss = game
    rng = np.random.default_rng(20261128)
    shape = (MONTHS * PLAYERS, ROUNDS)
    seen = rng.random(MONTHS * PLAYERS) < 0.5
    per_wager = np.where(seen[:, None], _draw(s, True, rng, shape), _draw(s, False, rng, shape))
    wagers = rng.integers(1, 4, size=shape).astype(float)
    paths = log_e_paths(wagers * (per_wager - best), best, loss, LIMIT)
    cases = int((paths.max(axis=1) >= math.log(1 / ALPHA)).sum())
    assert cases <= _binomial_upper(MONTHS * PLAYERS, ALPHA, 0.999)


def test_a_past_poster_is_caught_within_a_month(game):
    """Tripling the wager on half the winning rounds, after the result: flagged in 600 rounds."""
    s, best, loss = game
    rng = np.random.default_rng(7)
    per_wager = _draw(s, False, rng, (200, ROUNDS))
    wagers = np.where((per_wager > 0) & (rng.random(per_wager.shape) < 0.5), 3.0, 1.0)
    paths = log_e_paths(wagers * (per_wager - best), best, loss, LIMIT)
    assert (paths.max(axis=1) >= math.log(1 / ALPHA)).mean() >= 0.95
