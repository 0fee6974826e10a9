"""Exposure 2: the player knows one card that is out of play for the round.

A burn card, a card flashed during the shuffle or the deal, another seat's face-down card:
one card drawn uniformly from the full deck before the round, removed, and known to the
player, who then plays optimally for the deck without it. Exact: the average over the
removed card of the exact analysis of the reduced deck, grouped by the nine kinds the engine
distinguishes (equal kinds give equal decks), weighted by each kind's share of the deck.

What "knowing" the king of diamonds means: with ``kd_first_card`` or ``wild`` it is its own
kind, so knowing that it is out tells the player that neither the dealer nor the player can
receive it this round: no dealer first-card king (which wins every ante), no matta for the
dealer's hand, and none for the player's. With ``special_card: none`` it is an ordinary
figure. The removed card is out for everyone: the round is dealt from the remaining cards.
An unknown removed card changes nothing (by symmetry the remaining deck is a uniform deal),
so the whole difference from the certified figure is the value of the information.
"""

from __future__ import annotations

from fractions import Fraction

from casino.rules.phrases import Phrase

from .compositions import DeckValues, single_removals
from .phrases import NO_CARD_SHOWN, ONE_CARD_EXACT, TITLES
from .result import Countermeasure, ExposureResult, exact_exposure

NAME = "one_card"
TITLE = TITLES[NAME]


def one_card_effects(values: DeckValues) -> dict[str, Fraction]:
    """Effect of removal: value of the deck without one card of each kind minus the full deck's."""
    base = values.baseline
    return {values.label(kind): ev - base for kind, _p, ev in single_removals(values)}


def one_card_gain(values: DeckValues) -> Fraction:
    return sum((p * ev for _kind, p, ev in single_removals(values)), Fraction(0)) - values.baseline


def one_card_exposure(values: DeckValues) -> ExposureResult:
    edge = -values.baseline
    gain = one_card_gain(values)
    effects = one_card_effects(values)
    return exact_exposure(
        NAME, TITLE, baseline_house_edge=edge, gain=gain,
        reason=Phrase(ONE_CARD_EXACT),
        countermeasures=[
            Countermeasure(
                Phrase(NO_CARD_SHOWN),
                0.0, float(edge), "exact: no card known, the certified figure stands"),
        ],
        details={"effect_of_removal": {kind: {"fraction": f"{e.numerator}/{e.denominator}",
                                              "value": float(e)}
                                       for kind, e in effects.items()}},
    )
