"""The exact dealer-card and one-card gains against Monte Carlo, within 4 standard errors.

Dealer card: the product's simulator (its own kernel, its own seeds) plays the optimal
strategy with the dealer's card hidden and with it seen; the difference of the two
simulated edges must cover the exact gain. One card: rounds are dealt by the exposure's
own reading, a card drawn at random and removed, and each round is valued by the exact
engine for the deck left; the mean must cover the exact average.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from casino.rules import preset
from certification.odds.simulation import SimulationSpec, run_local
from certification.protection.dealer_card import dealer_card_exposure
from certification.protection.exact_part import deck_values
from certification.protection.one_card import one_card_gain


@pytest.mark.slow
def test_simulated_dealer_card_gain_agrees_with_the_exact_gain():
    rules = preset("sette-e-mezzo")
    exact = dealer_card_exposure(rules, deck_values(rules).baseline).gain
    hidden = run_local(SimulationSpec(rules, rounds=400_000, seed=11), workers=1).bets["main"]
    seen = run_local(SimulationSpec(replace(rules, dealer_upcard_visible=True), rounds=400_000,
                                    seed=12), workers=1).bets["main"]
    simulated = hidden.house_edge - seen.house_edge
    se = (hidden.standard_error ** 2 + seen.standard_error ** 2) ** 0.5
    assert abs(simulated - exact) < 4 * se, (simulated, exact, se)
    assert simulated - 4 * se > 0


@pytest.mark.parametrize("name", ["sette-e-mezzo", "siete-y-media", "seven-half-casino", "nine-ten-eleven"])
def test_sampled_removed_cards_agree_with_the_exact_average(name):
    values = deck_values(preset(name))
    exact = float(one_card_gain(values))
    rng = np.random.default_rng(np.random.SeedSequence(2026, spawn_key=(len(name),)))
    kinds = np.repeat(np.arange(len(values.full)), values.full)
    base = float(values.baseline)
    removed = rng.choice(kinds, size=20_000)
    # Only kinds the deck holds can be drawn (a kind it lacks, such as a king of diamonds
    # that is an ordinary figure, is never removed).
    gains = np.array([float(values.ev(values.minus(tuple(int(k == i) for i in range(9))))) - base
                      if values.full[k] else 0.0 for k in range(9)])[removed]
    se = gains.std(ddof=1) / np.sqrt(len(gains))
    assert abs(gains.mean() - exact) < 4 * se, (gains.mean(), exact, se)


def test_sampled_collusion_agrees_with_exact_card_removal():
    from certification.protection.collusion import (
        RemovalModel,
        collusion_exact_gain,
        collusion_sample_sums,
    )
    from certification.protection.sampling import controlled_mean

    values = deck_values(preset("seven-half-casino"))
    exact = float(collusion_exact_gain(values, 4))
    model = RemovalModel.of(values)
    rng = np.random.default_rng(np.random.SeedSequence(4, spawn_key=(4,)))
    sums = collusion_sample_sums(values, 4, rng, 600, model)
    mean, se, _ci = controlled_mean(sums, float(model.mean(values, 3)))
    assert abs(mean - exact) < 4 * se, (mean, exact, se)
    assert se < exact / 10, "the control variate keeps the interval narrow"


@pytest.mark.slow
def test_sampled_collusion_agrees_with_exact_card_removal_with_unlimited_draws():
    from certification.protection.collusion import (
        RemovalModel,
        collusion_exact_gain,
        collusion_sample_sums,
    )
    from certification.protection.sampling import controlled_mean

    values = deck_values(preset("siete-y-media"))
    exact = float(collusion_exact_gain(values, 4))
    model = RemovalModel.of(values)
    rng = np.random.default_rng(np.random.SeedSequence(5, spawn_key=(4,)))
    sums = collusion_sample_sums(values, 4, rng, 150, model)
    mean, se, _ci = controlled_mean(sums, float(model.mean(values, 3)))
    assert abs(mean - exact) < 4 * se, (mean, exact, se)
    assert se < exact / 10, (se, exact)


@pytest.mark.slow
def test_nine_ten_eleven_sampled_hands_seen_agree_with_exact_card_removal():
    from certification.protection.collusion import (
        RemovalModel,
        collusion_exact_gain,
        collusion_sample_sums,
        shared_cards,
    )
    from certification.protection.sampling import controlled_mean

    rules = preset("nine-ten-eleven")
    values = deck_values(rules)
    exact = float(collusion_exact_gain(values, 2))  # every three-card hand of the other seat
    model = RemovalModel.of(values)
    rng = np.random.default_rng(np.random.SeedSequence(6, spawn_key=(2,)))
    sums = collusion_sample_sums(values, 2, rng, 150, model)
    mean, se, _ci = controlled_mean(sums, float(model.mean(values, shared_cards(rules, 2))))
    assert abs(mean - exact) < 4 * se, (mean, exact, se)
    assert exact > 0
