"""The four-card kernel's fast path against the slow one it replaced, deal by deal.

The old kernel dealt the d-th card still in the stock four times (stepping over the
places already dealt) and looked the four classes up in a 9**4 outcome table. The new
one reads two digits and two tables. Every one of the n (n-1) (n-2) (n-3) ordered deals
must give the same outcome both ways, and over all of them the mean and variance must be
the exact engine's figures, as fractions.
"""

from fractions import Fraction

import numpy as np
import pytest

from casino.rules import PRESETS, with_overrides
from certification.odds.simulation import SimulationSpec, build_plan, exact_result, run_chunk
from certification.odds.simulation.lanes import LANES, SEED_STEPS, lane_states
from certification.odds.simulation.seven_half import card_classes, two_card_bins
from certification.odds.simulation.two_card import eligible

CASINO = PRESETS["seven-half-casino"]
VARIANTS = {
    "casino": CASINO,
    "hidden upcard, ties to the dealer": with_overrides(
        CASINO, ["dealer_upcard_visible=false", "ties=dealer"]),
    "no final bet, no fold": with_overrides(CASINO, ["final_bet=false", "fold_allowed=false"]),
    "no special card": with_overrides(CASINO, ["special_card=none"]),
}


def _every_deal_by_stepping_over(rules, plan):
    """Outcome bin of every ordered deal, the old way: the d-th place not yet dealt."""
    deck = np.sort(card_classes(rules).astype(np.int64))
    n = deck.size
    d1, d2, d3, d4 = np.meshgrid(np.arange(n), np.arange(n - 1), np.arange(n - 2),
                                 np.arange(n - 3), indexing="ij")
    c1 = d1
    c2 = d2 + (d2 >= c1)
    low, high = np.minimum(c1, c2), np.maximum(c1, c2)
    c3 = d3 + (d3 >= low)
    c3 += c3 >= high
    first, last = np.minimum(low, c3), np.maximum(high, c3)
    middle = low + high + c3 - first - last
    c4 = d4 + (d4 >= first)
    c4 += c4 >= middle
    c4 += c4 >= last
    key = ((deck[c1] * 9 + deck[c2]) * 9 + deck[c3]) * 9 + deck[c4]
    return two_card_bins(rules, plan.tables)[key].reshape(-1)


def _every_deal_by_tables(plan):
    t = plan.two_card
    r12, r34 = np.divmod(np.arange(t.m12 * t.m34, dtype=np.uint64), np.uint64(t.m34))
    return t.code_bins[t.outcome[(t.pair_base[r12] + r34).astype(np.int64)]]


@pytest.mark.parametrize("label", list(VARIANTS))
def test_every_deal_gives_the_same_outcome_and_the_exact_figures(label):
    rules = VARIANTS[label]
    assert eligible(rules)
    plan = build_plan(SimulationSpec(rules, rounds=1, seed=0))
    assert plan.kernel == "two_card"
    old = _every_deal_by_stepping_over(rules, plan)
    new = _every_deal_by_tables(plan)
    assert np.array_equal(old, new)

    outcomes = plan.outcomes
    bins, counts = np.unique(new, return_counts=True)
    deals, scale = int(counts.sum()), outcomes.denominator
    nets = [Fraction(int(b) + outcomes.lo[0], scale) for b in bins]
    mean = sum(c * v for c, v in zip(counts.tolist(), nets, strict=True)) / deals
    square = sum(c * v * v for c, v in zip(counts.tolist(), nets, strict=True)) / deals
    exact = exact_result(rules).bets["main"]
    assert mean == exact.ev
    assert square - mean ** 2 == exact.variance


def test_larger_decks_and_third_cards_take_a_kernel_that_deals_card_by_card():
    for overrides, kernel in ((["decks=3"], "seven_half"), (["player_max_cards=3"], "seven_half_walk"),
                              (["dealer_max_cards=3"], "seven_half_walk")):
        rules = with_overrides(CASINO, overrides)
        assert not eligible(rules)
        assert build_plan(SimulationSpec(rules, rounds=1, seed=0)).kernel == kernel


def test_lanes_are_numpys_sfc64_seeded_from_the_chunks_seed_sequence():
    state = lane_states(2024, 5)
    words = np.random.SeedSequence(2024, spawn_key=(5,)).generate_state(3 * LANES, np.uint64)
    for lane in (0, 7, 15):
        reference = np.random.SFC64()
        a, b, c = (int(w) for w in words[3 * lane: 3 * lane + 3])
        reference.state = {"bit_generator": "SFC64", "state": {"state": np.array([a, b, c, 1], dtype=np.uint64)},
                           "has_uint32": 0, "uinteger": 0}
        reference.random_raw(SEED_STEPS)
        assert [int(v) for v in state[:, lane]] == [int(v) for v in reference.state["state"]["state"]]


def test_a_chunk_counts_what_its_words_deal():
    """Rederive a chunk from numpy's words with Python integers, round by round."""
    spec = SimulationSpec(CASINO, rounds=1000, seed=77, strategy="house", checkpoint_rounds=37)
    plan = build_plan(spec)
    t = plan.two_card
    words = np.random.SeedSequence(77, spawn_key=(0,)).generate_state(3 * LANES, np.uint64)
    streams = []
    for lane in range(LANES):
        gen = np.random.SFC64()
        gen.state = {"bit_generator": "SFC64",
                     "state": {"state": np.array([*words[3 * lane: 3 * lane + 3], 1], dtype=np.uint64)},
                     "has_uint32": 0, "uinteger": 0}
        gen.random_raw(SEED_STEPS)
        streams.append([int(w) for w in gen.random_raw(-(-spec.rounds // LANES))])
    expected: dict[int, int] = {}
    for r in range(spec.rounds):
        first = streams[r % LANES][r // LANES] * t.m12
        r12, rest = first >> 64, first % (1 << 64)
        r34 = (rest * t.m34) >> 64
        net = int(t.code_bins[t.outcome[int(t.pair_base[r12]) + r34]]) + plan.outcomes.lo[0]
        expected[net] = expected.get(net, 0) + 1
    assert run_chunk(spec, 0, plan).bets["main"].histogram == expected
