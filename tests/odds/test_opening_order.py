"""The opening count's fast path against the table-order count it replaced.

Once every opening is settled, the hands draw in the order that drops kinds of card from the
stock soonest instead of in table order; that must not move any figure. Forcing table order
everywhere (as on a deck small enough to run out) is the slow path, and both must agree to the
last count. The brute force (test_seven_half_opening.py) checks table order on small decks.
"""

from __future__ import annotations

import pytest

from casino.rules import preset, with_overrides
from certification.odds.seven_half.game import SevenHalfGame
from certification.odds.seven_half.hands import HandNodes
from certification.odds.seven_half.walk import Walk

OPENING_ONCE = {
    "siete": ("siete-y-media", []),
    "siete, fours and shooting": ("siete-y-media", ["four_exchange_max=2", "shoot_seven=true"]),
    "sette (matta, hidden card)": ("sette-e-mezzo", []),
    "home (king of diamonds first)": ("seven-half-home", []),
}


def _walk(name: str, max_splits: int, monkeypatch, *, table_order: bool):
    base, overrides = OPENING_ONCE[name]
    rules = with_overrides(preset(base), ["split_figures=true", f"max_splits={max_splits}", *overrides])
    with monkeypatch.context() as patch:
        if table_order:
            patch.setattr(HandNodes, "may_run_out", lambda self, upcard, counts, hands: True)
        game = SevenHalfGame(rules)
        game.ev_units()
        return Walk(game).run()


@pytest.mark.parametrize("name", list(OPENING_ONCE))
def test_any_drawing_order_counts_the_same_rounds(name, monkeypatch) -> None:
    fast = _walk(name, 1, monkeypatch, table_order=False)
    slow = _walk(name, 1, monkeypatch, table_order=True)
    assert fast == slow
    assert sum(fast[0].values()) == 1


@pytest.mark.slow
@pytest.mark.parametrize("name", ["siete", "sette (matta, hidden card)"])
def test_any_drawing_order_counts_the_same_rounds_with_three_openings(name, monkeypatch) -> None:
    assert _walk(name, 3, monkeypatch, table_order=False) == _walk(name, 3, monkeypatch, table_order=True)


def test_a_full_deck_cannot_run_out_and_a_short_one_can() -> None:
    game = SevenHalfGame(with_overrides(preset("siete-y-media"), ["split_figures=true", "max_splits=3"]))
    hands = Walk(game).opening.nodes
    full = list(game.full)
    full[0] -= 1  # the dealer's ace
    full[7] -= 2  # the pair of figures
    assert not hands.may_run_out(0, full, hands=4)
    assert hands.may_run_out(0, [1, 1, 0, 0, 0, 0, 0, 3, 0], hands=2)
