"""The presets: the five of RULES.md, one per seed document, and the online Italian format."""

from __future__ import annotations

from fractions import Fraction

from .model import (
    NineTenElevenRules,
    Rules,
    SevenHalfPayouts,
    SevenHalfRules,
)
from .phrases import N_

PRESETS: dict[str, Rules] = {
    # Patent 5,632,489, casino version: two cards at most, fold or final bet of 1-2 antes.
    "seven-half-casino": SevenHalfRules(
        special_card="kd_first_card",
        dealer_upcard_visible=True,
        player_max_cards=2,
        fold_allowed=True,
        final_bet=True,
        final_bet_min=Fraction(1),
        final_bet_max=Fraction(2),
        dealer_stands_at=Fraction(6),
        dealer_max_cards=2,
        ties="push",
        payouts=SevenHalfPayouts(kd_first_card=Fraction(3)),
    ),
    # Patent, home version: unlimited draws, a first-card king of diamonds paid double.
    "seven-half-home": SevenHalfRules(
        special_card="kd_first_card",
        dealer_upcard_visible=True,
        dealer_stands_at=Fraction(6),
        ties="push",
        payouts=SevenHalfPayouts(kd_first_card=Fraction(2)),
    ),
    # Italian: the matta, the dealer's card face down, bank wins ties, reale and triplé.
    "sette-e-mezzo": SevenHalfRules(
        special_card="wild",
        dealer_upcard_visible=False,
        dealer_stands_at=Fraction(6),
        ties="dealer",
        four_exchange_max=1,
        payouts=SevenHalfPayouts(
            natural=Fraction(2), triple=Fraction(3), dealer_natural_collects=Fraction(2)
        ),
    ),
    # Spanish (Fournier): 7 1/2 pays double, the bank must reach 7 1/2 against a shown one;
    # the complementary rules are present but off, each certifiable on its own.
    "siete-y-media": SevenHalfRules(
        special_card="none",
        dealer_upcard_visible=True,
        dealer_stands_at=Fraction(6),
        dealer_must_reach_7_5_vs_revealed=True,
        ties="dealer",
        four_exchange_max=0,
        shoot_seven=False,
        split_figures=False,
        max_splits=0,
        payouts=SevenHalfPayouts(seven_and_half=Fraction(2), shoot_seven=Fraction(4)),
    ),
    # The online RNG "7 e Mezzo" of Italian licensed casinos, in the literal reading of a
    # typical operator's rules sheet (each ambiguous point is a reading, readings.py).
    "sette-e-mezzo-online": SevenHalfRules(
        special_card="wild",
        player_first_matta="half",
        dealer_first_matta="half",
        dealer_upcard_visible=True,
        stand_minimum="upcard",
        stand_minimum_matta="half",
        dealer_stands_at=Fraction(5),
        ties="push",
        payouts=SevenHalfPayouts(),
    ),
    "nine-ten-eleven": NineTenElevenRules(),
}

PRESET_SOURCES = {
    "seven-half-casino": N_("US patent 5,632,489, casino version"),
    "seven-half-home": N_("US patent 5,632,489, home version"),
    "sette-e-mezzo": N_("Sette e Mezzo (Italian)"),
    "siete-y-media": N_("Siete y Media (Spanish, Fournier)"),
    "sette-e-mezzo-online": N_("7 e Mezzo online (Italian licensed casinos' RNG game, operator's rules sheet)"),
    "nine-ten-eleven": N_("9-10-11 (Seabrook Gaming)"),
}


class UnknownPresetError(KeyError):
    def __str__(self) -> str:
        return f"unknown preset {self.args[0]!r} (presets: {', '.join(PRESETS)})"


def preset(name: str) -> Rules:
    try:
        return PRESETS[name]
    except KeyError:
        raise UnknownPresetError(name) from None
