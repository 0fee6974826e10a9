"""Exposure 1: the player sees the dealer's face-down card (hole-carding, a flashing dealer).

Exact: the same variant analysed with ``dealer_upcard_visible=True``; the gain is the
difference of the two optimal expectations per initial wager.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction

from casino.rules.model import Rules
from casino.rules.phrases import Phrase
from certification.odds.seven_half import analyze_seven_half

from .phrases import (
    DEAL_FACE_UP,
    DEALER_CARD_EXACT,
    DEALER_CARD_FACE_UP,
    DIE_NO_DEALER_CARD,
    NO_PEEK,
    TITLES,
)
from .result import Countermeasure, ExposureResult, exact_exposure, not_applicable

NAME = "dealer_card"
TITLE = TITLES[NAME]


def dealer_card_exposure(rules: Rules, baseline_ev: Fraction,
                         deck: Sequence[str] | None = None) -> ExposureResult:
    """``deck`` (a reduced deck, for brute-force checks) replaces the rules' full deck."""
    edge = -baseline_ev
    if rules.family != "seven_and_half":
        return not_applicable(NAME, TITLE, baseline_house_edge=edge, reason=Phrase(DIE_NO_DEALER_CARD))
    if rules.dealer_upcard_visible:
        return not_applicable(NAME, TITLE, baseline_house_edge=edge, reason=Phrase(DEALER_CARD_FACE_UP))
    seen = analyze_seven_half(dataclasses.replace(rules, dealer_upcard_visible=True), deck=deck)
    gain = seen.bets["main"].ev - baseline_ev
    return exact_exposure(
        NAME, TITLE, baseline_house_edge=edge, gain=gain,
        reason=Phrase(DEALER_CARD_EXACT),
        countermeasures=[
            Countermeasure(
                Phrase(NO_PEEK),
                0.0, float(edge), "exact: the information is removed, the certified figure stands"),
            Countermeasure(
                Phrase(DEAL_FACE_UP),
                0.0, float(-seen.bets["main"].ev),
                "exact: the visible-card variant's own house edge (nothing left to leak)"),
        ])
