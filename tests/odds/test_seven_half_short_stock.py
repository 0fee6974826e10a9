"""A restricted deck takes the settlement slots of a dealer stopped by an empty stock only
when some deal can empty it: with or without them, a deck that cannot run out has the same
figures, and a small deck that can still has them."""

from fractions import Fraction

import pytest

from casino.rules import preset, with_overrides
from certification.odds.seven_half import analyze_seven_half
from certification.odds.seven_half.game import SevenHalfGame
from certification.protection.compositions import DeckValues

REMOVED = {"sette-e-mezzo": ["AS", "7D", "KD", "JC", "4H", "4S"],
           "siete-y-media": ["2S", "3S", "QH", "QD", "6C", "7C"],
           "seven-half-home": ["5S", "5H", "5C", "JD", "KS", "AC"]}


def _deck(name):
    values = DeckValues(preset(name))
    removed = list(REMOVED[name])
    return [c for codes in values.codes for c in codes if not (c in removed and not removed.remove(c))]


@pytest.mark.parametrize("name", list(REMOVED))
def test_a_deck_that_cannot_run_out_has_the_same_figures_with_the_empty_stock_slots(name, monkeypatch):
    rules, deck = preset(name), _deck(name)
    assert len(deck) == 34
    assert not SevenHalfGame(rules, deck).may_run_out()
    lean = analyze_seven_half(rules, deck=deck)
    monkeypatch.setattr(SevenHalfGame, "may_run_out", lambda self: True)
    padded = analyze_seven_half(rules, deck=deck)
    assert lean.bets["main"].outcomes == padded.bets["main"].outcomes
    assert lean.decisions == padded.decisions


def test_a_small_deck_may_run_out_and_its_dealer_then_stands_short():
    rules = with_overrides(preset("seven-half-home"), ["dealer_stands_at=6"])
    deck = ["AS", "AH", "AC", "AD", "2S", "2H", "JS", "QS", "KS", "JH"]
    game = SevenHalfGame(rules, deck)
    assert game.may_run_out()
    assert any(slot < 12 for slot in game.settlement.slots)
    assert sum(analyze_seven_half(rules, deck=deck).bets["main"].outcomes.values()) == Fraction(1)


def test_openings_count_against_the_stock():
    rules = preset("siete-y-media")
    deck = _deck("siete-y-media")[:20]
    plain = SevenHalfGame(rules, deck).may_run_out()
    opened = SevenHalfGame(with_overrides(rules, ["split_figures=true", "max_splits=3"]), deck).may_run_out()
    assert opened and not plain
