"""The collusion estimate's control variate: exact where it claims to be, with an exact mean."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest

from casino.rules import preset
from certification.protection.collusion import RemovalModel
from certification.protection.exact_part import deck_values


@pytest.fixture(scope="module")
def casino():
    values = deck_values(preset("seven-half-casino"))
    return values, RemovalModel.of(values)


def _control(model: RemovalModel, removed) -> float:
    a, c = model.arrays()
    return model.control(a, c, np.array(removed))


def test_the_model_is_exact_at_every_one_and_two_card_removal(casino):
    values, model = casino
    base = values.baseline
    for cards in (1, 2):
        for removed, _p in values.removals(cards):
            gain = float(values.ev(values.minus(removed)) - base)
            assert _control(model, removed) == pytest.approx(gain, abs=1e-15), removed


def test_the_mean_is_the_average_over_every_removal(casino):
    # Four cards: the factorial moments must match the hypergeometric enumeration exactly.
    values, model = casino
    first, second = model.first, model.second
    total = Fraction(0)
    for removed, p in values.removals(4):
        value = sum((a * r for a, r in zip(first, removed, strict=True)), Fraction(0))
        for (i, j), c in second.items():
            value += c * (removed[i] * removed[j] if i != j else Fraction(removed[i] * (removed[i] - 1), 2))
        total += p * value
    assert model.mean(values, 4) == total
    assert total != 0


def test_the_model_travels_as_json_without_loss(casino):
    values, model = casino
    back = RemovalModel.from_json(json.loads(json.dumps(model.to_json())))
    assert back.first == model.first and back.second == model.second
    assert back.mean(values, 5) == model.mean(values, 5)


def test_the_second_order_control_leaves_less_noise_than_single_card_effects(casino):
    values, model = casino
    a, c = model.arrays()
    rng = np.random.default_rng(3)
    kinds = np.repeat(np.arange(len(values.full)), values.full)
    base = float(values.baseline)
    g, first, second = [], [], []
    for _ in range(300):
        removed = np.bincount(rng.choice(kinds, size=5, replace=False), minlength=len(values.full))
        g.append(float(values.ev(values.minus(tuple(int(r) for r in removed)))) - base)
        first.append(float(removed @ a))
        second.append(model.control(a, c, removed))
    g = np.array(g)

    def residual(control):
        control = np.array(control)
        beta = np.cov(g, control)[0, 1] / control.var(ddof=1)
        return (g - beta * control).std(ddof=1)

    assert residual(second) < residual(first) < g.std(ddof=1)


def test_a_card_the_deck_lacks_cannot_be_removed_and_leaves_every_value_as_it_was():
    from certification.odds.seven_half.deck import KD
    from certification.protection.collusion import collusion_exact_gain
    from certification.protection.compositions import DeckValues

    # Without a special card the king of diamonds is an ordinary figure: its kind is empty.
    rules = preset("siete-y-media")
    fresh = collusion_exact_gain(DeckValues(rules), 3)
    values = DeckValues(rules)
    assert values.baseline == DeckValues(rules).baseline  # the shared caches are in use
    with pytest.raises(ValueError, match="holds 0 KD, not the 1 to remove"):
        values.minus(tuple(int(kind == KD) for kind in range(len(values.full))))
    assert collusion_exact_gain(values, 3) == fresh
