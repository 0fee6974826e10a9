"""Decks drawn from one deck, analysed as a family sharing the player's hand values, have
exactly the figures and decisions ``analyze_seven_half`` gives each of them alone."""

from fractions import Fraction

import numpy as np
import pytest

from casino.rules import preset, with_overrides
from casino.rules.cards import SEVEN_HALF_RANKS, new_deck
from certification.odds.results import PlayerView
from certification.odds.seven_half import analyze_seven_half
from certification.odds.seven_half.family import DeckFamily
from certification.odds.seven_half.game import SevenHalfGame

CASES = {
    "sette-e-mezzo": preset("sette-e-mezzo"),
    "siete-y-media": preset("siete-y-media"),
    "casino, king of diamonds first": preset("seven-half-casino"),
    "home, exchanges and a hidden upcard": with_overrides(
        preset("seven-half-home"), ["four_exchange_max=2", "dealer_upcard_visible=false"]),
}
VIEWS = [PlayerView(upcard="5H", cards=("4S",), exchanges=0),
         PlayerView(upcard="JC", cards=("AS", "3D"), exchanges=0),
         PlayerView(upcard="7S", cards=("6H",), exchanges=0),
         PlayerView(upcard="2D", cards=("QS", "AH", "2C"), exchanges=0)]


def _draws(cards, removed, count, seed):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        out = set(rng.choice(len(cards), size=removed, replace=False).tolist())
        yield [c for i, c in enumerate(cards) if i not in out]


@pytest.mark.parametrize("label", list(CASES))
def test_each_deck_of_a_family_has_the_figures_it_has_alone(label):
    rules = CASES[label]
    cards = [c.code for c in new_deck(SEVEN_HALF_RANKS, rules.decks)]
    family = DeckFamily(rules, cards)
    decks = [cards, *_draws(cards, 3, 3, seed=1), *_draws(cards, 6, 3, seed=2)]
    for deck in decks:
        counts = SevenHalfGame(rules, deck).full
        ev, policy = family.analyse(counts, deck)
        alone = analyze_seven_half(rules, deck=deck)
        assert ev == alone.bets["main"].ev
        for view in VIEWS:
            if all(card in deck for card in (*view.cards, view.upcard)):
                assert policy.decide(view) == alone.policy.decide(view), (deck, view)
    assert ev != Fraction(0)


def test_a_deck_that_can_run_out_is_analysed_alone():
    rules = preset("siete-y-media")
    cards = [c.code for c in new_deck(SEVEN_HALF_RANKS, 1)]
    small = cards[:4] + cards[16:20] + cards[28:36]
    family = DeckFamily(rules, cards)
    counts = SevenHalfGame(rules, small).full
    ev, _ = family.analyse(counts, small)
    assert ev == analyze_seven_half(rules, deck=small).bets["main"].ev


def test_a_sub_deck_holds_no_card_its_frame_lacks():
    rules = preset("siete-y-media")
    frame = SevenHalfGame(rules, [c.code for c in new_deck(SEVEN_HALF_RANKS, 1)])
    with pytest.raises(ValueError, match="not part of the deck"):
        frame.sub_deck([5, 4, 4, 4, 4, 4, 4, 12, 0])
    # A negative count would read as another deck's stock and poison the shared caches.
    with pytest.raises(ValueError, match="not part of the deck"):
        frame.sub_deck([4, 4, 4, 4, 4, 4, 4, 12, -1])


@pytest.mark.parametrize("kept", [None, 0], ids=["dealer shared", "dealer counted afresh each deck"])
def test_the_family_shares_its_dealer_and_may_forget_it(kept, monkeypatch):
    from certification.odds.seven_half import family as family_module

    if kept is not None:
        monkeypatch.setattr(family_module, "SHARED_DEALER_STATES", kept)
    rules = CASES["sette-e-mezzo"]
    cards = [c.code for c in new_deck(SEVEN_HALF_RANKS, rules.decks)]
    family = DeckFamily(rules, cards)
    decks = list(_draws(cards, 2, 3, seed=3))
    dealers = []
    for deck in decks:
        counts = SevenHalfGame(rules, deck).full
        ev, _ = family.analyse(counts, deck)
        assert ev == analyze_seven_half(rules, deck=deck).bets["main"].ev
        dealers.append(family._frame.dealer)
    assert len({id(d) for d in dealers}) == (1 if kept is None else len(decks))
