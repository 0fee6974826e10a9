"""Exposure 1: the player sees the dealer's face-down card (hole-carding, a flashing dealer).

Exact: the same variant analysed with ``dealer_upcard_visible=True``; the gain is the
difference of the two optimal expectations per initial wager.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction

from casino.rules.model import Rules
from certification.odds.seven_half import analyze_seven_half

from .result import Countermeasure, ExposureResult, exact_exposure, not_applicable

NAME, TITLE = "dealer_card", "Dealer's face-down card seen"


def dealer_card_exposure(rules: Rules, baseline_ev: Fraction,
                         deck: Sequence[str] | None = None) -> ExposureResult:
    """``deck`` (a reduced deck, for brute-force checks) replaces the rules' full deck."""
    edge = -baseline_ev
    if rules.family != "seven_and_half":
        return not_applicable(NAME, TITLE, baseline_house_edge=edge, reason=(
            "the dealer's score is a die roll made after the player acts: there is no "
            "dealer card to see"))
    if rules.dealer_upcard_visible:
        return not_applicable(NAME, TITLE, baseline_house_edge=edge, reason=(
            "the dealer's first card is dealt face up: every player already sees it"))
    seen = analyze_seven_half(dataclasses.replace(rules, dealer_upcard_visible=True), deck=deck)
    gain = seen.bets["main"].ev - baseline_ev
    return exact_exposure(
        NAME, TITLE, baseline_house_edge=edge, gain=gain,
        reason="exact: the variant analysed with the dealer's first card visible",
        countermeasures=[
            Countermeasure(
                "no-peek dealing: the dealer's card is dealt face down onto the layout without "
                "being lifted, and the player's decisions are taken before it is turned",
                0.0, float(edge), "exact: the information is removed, the certified figure stands"),
            Countermeasure(
                "deal the dealer's first card face up and certify that rule instead",
                0.0, float(-seen.bets["main"].ev),
                "exact: the visible-card variant's own house edge (nothing left to leak)"),
        ])
