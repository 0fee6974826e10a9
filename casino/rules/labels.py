"""Words for the rule model's identifiers: families, parameters, values, bets, decisions, readings.

The rule model names things as code does (``seven_and_half``, ``special_card=kd_first_card``,
``payouts.dealer_natural_collects``); nothing a reader sees should. Each identifier has one
English label here, marked for the documents' catalogue (``certification/locale``, domain
``reports``), so a certificate and a web page say it in Italian or Spanish from the same
entry: a document with ``say()``, a page with ``casino.rule_words``.

One entry per identifier: a new rule option adds its parameter to ``PARAMETERS``, its choices
(if any) to ``VALUES``, what an empty value means to ``UNSET``, and any reading it certifies
to ``READINGS``. ``tests/rules/test_labels.py`` fails while a parameter or choice of the model
has no label here.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .phrases import N_, Phrase

FAMILIES = {
    "seven_and_half": N_("Seven and a Half"),
    "nine_ten_eleven": N_("9-10-11"),
}

PRESETS = {
    "seven-half-casino": N_("Seven and a Half, casino version"),
    "seven-half-home": N_("Seven and a Half, home version"),
    "sette-e-mezzo": N_("Sette e Mezzo"),
    "siete-y-media": N_("Siete y Media"),
    "sette-e-mezzo-online": N_("7 e Mezzo online"),
    "nine-ten-eleven": N_("9-10-11"),
}
"""Each preset's name, as a reader calls it (its key stays in links and commands)."""

PARAMETERS = {
    # Seven and a Half: rules.
    "decks": N_("Decks"),
    "special_card": N_("Special card"),
    "player_first_matta": N_("Matta as the player's first card"),
    "dealer_first_matta": N_("Matta as the dealer's first card"),
    "dealer_upcard_visible": N_("Dealer upcard visible"),
    "player_max_cards": N_("Player max cards"),
    "stand_minimum": N_("Player may stand from"),
    "stand_minimum_matta": N_("A matta face-up card counts, for standing"),
    "fold_allowed": N_("Fold allowed"),
    "final_bet": N_("Final bet"),
    "final_bet_min": N_("Final bet min"),
    "final_bet_max": N_("Final bet max"),
    "dealer_stands_at": N_("Dealer stands at"),
    "dealer_max_cards": N_("Dealer max cards"),
    "dealer_must_reach_7_5_vs_revealed": N_("Dealer must reach 7½ against a shown 7½"),
    "ties": N_("Ties"),
    "four_exchange_max": N_("Fours exchanged at most"),
    "shoot_seven": N_("Shoot seven"),
    "split_figures": N_("Opening (split figures)"),
    "max_splits": N_("Max splits"),
    # Seven and a Half: payouts.
    "payouts.win": N_("Win"),
    "payouts.seven_and_half": N_("Seven and a half"),
    "payouts.natural": N_("Natural (reale)"),
    "payouts.triple": N_("Triplé"),
    "payouts.kd_first_card": N_("King of diamonds as first card"),
    "payouts.shoot_seven": N_("Shoot seven"),
    "payouts.dealer_natural_collects": N_("Dealer's reale collects"),
    # 9-10-11: rules.
    "qualifying_totals": N_("Qualifying totals"),
    "buy_allowed": N_("Buy allowed"),
    "switch_allowed": N_("Switch allowed"),
    "die_faces": N_("Die faces"),
    "bonus_on": N_("Bonus on"),
    # 9-10-11: payouts.
    "payouts.main_win": N_("Main win"),
    "payouts.bonus_straight_flush": N_("Bonus straight flush"),
    "payouts.bonus_trips": N_("Bonus trips"),
    "payouts.bonus_straight": N_("Bonus straight"),
    "payouts.bonus_flush": N_("Bonus flush"),
    "payouts.dice_match": N_("Dice match"),
}
"""Every parameter by its path: ``name`` for a rule, ``payouts.name`` for a payout line."""

VALUES = {
    "family": FAMILIES,
    "special_card": {
        "none": N_("no special card"),
        "kd_first_card": N_("king of diamonds as first card"),
        "wild": N_("matta (wild king of diamonds)"),
    },
    "player_first_matta": {
        "wild": N_("wild, as any matta"),
        "half": N_("½ for the whole hand, and the player must draw"),
        "half_until_next": N_("½ until the next card, then wild; the player must draw"),
    },
    "dealer_first_matta": {
        "wild": N_("wild, as any matta (alone it counts 7)"),
        "half": N_("½ for the whole hand"),
        "half_until_next": N_("½ until the dealer's next card, then wild"),
    },
    "stand_minimum": {
        "none": N_("any total"),
        "upcard": N_("a total at least the dealer's face-up card"),
    },
    "stand_minimum_matta": {"half": N_("counts ½"), "seven": N_("counts 7")},
    "ties": {"push": N_("equal totals push"), "dealer": N_("the bank wins equal totals")},
    "bonus_on": {"first_hand": N_("the first hand as dealt"), "final_hands": N_("the final hands")},
}
"""The label of each choice of a parameter that takes one of a few named values."""

UNSET = {
    "player_max_cards": N_("unlimited"),
    "dealer_max_cards": N_("unlimited"),
    "payouts.seven_and_half": N_("as a win"),
    "payouts.natural": N_("as a 7½"),
    "payouts.triple": N_("as a reale"),
    "payouts.kd_first_card": N_("not paid separately"),
    "payouts.shoot_seven": N_("not paid separately"),
    "payouts.dealer_natural_collects": N_("1"),
}
"""What an empty (``None``) value means, for the parameters that may be left empty."""

HELP = {
    # Seven and a Half: rules.
    "decks": N_("Number of 40-card decks, shuffled before every round."),
    "special_card": N_(
        "No special card; king of diamonds as first card: it counts 7½ as a hand's first card, ½ "
        "later; matta: the king of diamonds is wild (½ or any whole number 1 to 7, chosen at the end)."),
    "player_first_matta": N_(
        "A matta dealt as the player's first card: wild, as any other matta; ½ for the whole hand, "
        "and the player must draw at least one more card; or ½ until the next card, the player "
        "must draw, and from then on it is wild again. Only with the matta as special card."),
    "dealer_first_matta": N_(
        "A matta dealt as the dealer's first card: wild (alone it counts 7); ½ for the whole hand, "
        "so the dealer draws on it; or ½ until the dealer's next card, then wild. Only with the "
        "matta as special card."),
    "dealer_upcard_visible": N_("Whether the player sees the dealer's first card before acting."),
    "player_max_cards": N_("Most cards a player's hand may hold; empty is unlimited."),
    "stand_minimum": N_(
        "Any total, or only a total (the hand's best) at least the value of the dealer's face-up "
        "card; below it the player must draw (a player who may take no more cards stands). Only "
        "with the dealer's upcard visible."),
    "stand_minimum_matta": N_(
        "When the player may stand only from the dealer's face-up card, what a matta face-up card "
        "counts for it: ½ (so every total may stand) or 7 (its worth alone as a wild card)."),
    "fold_allowed": N_("The player may fold after seeing the first card, losing the ante."),
    "final_bet": N_("A player who does not fold places a final bet before standing or drawing."),
    "final_bet_min": N_("Smallest final bet, in antes."),
    "final_bet_max": N_("Largest final bet, in antes."),
    "dealer_stands_at": N_("The dealer draws while its total is below this and stands at or above it."),
    "dealer_max_cards": N_("Most cards the dealer's hand may hold; empty is unlimited."),
    "dealer_must_reach_7_5_vs_revealed": N_(
        "A player showing 7½ makes the dealer draw until it reaches 7½ or busts."),
    "ties": N_("Equal totals push, or the bank wins them."),
    "four_exchange_max": N_("A first card 4 may be exchanged up to this many times; the 4 leaves play."),
    "shoot_seven": N_("A first card 7 may be shot: one more card face down, a figure makes 7½."),
    "split_figures": N_("Opening: a figure followed by a figure may be split into two hands."),
    "max_splits": N_("How many times a player may open."),
    # Seven and a Half: payouts.
    "payouts.win": N_("A winning hand, paid at these odds to 1."),
    "payouts.seven_and_half": N_("A winning total of 7½ (any number of cards); empty pays as a win."),
    "payouts.natural": N_("A winning 7½ in exactly two cards (the reale); empty pays as a 7½."),
    "payouts.triple": N_("A winning 7 with the matta (triplé); empty pays as a reale."),
    "payouts.kd_first_card": N_(
        "The player's first card is the king of diamonds, with the king of diamonds as first card "
        "as special card. Empty: not paid separately."),
    "payouts.shoot_seven": N_(
        "A shot seven that makes 7½, where a seven may be shot. Empty: not paid separately."),
    "payouts.dealer_natural_collects": N_(
        "What the dealer's two-card 7½ collects from a player still in; empty collects 1. A "
        "player holding a reale or triplé pays 1 only."),
    # 9-10-11: rules.
    "qualifying_totals": N_("Totals that qualify a three-card hand (aces 0 or 1); its value is the highest."),
    "buy_allowed": N_("A non-qualifying player may buy a second hand for an equal bet instead of folding."),
    "switch_allowed": N_("With two non-qualifying hands, one card of each may be switched."),
    "die_faces": N_("The dealer's die: whole-number faces and WIN."),
    "bonus_on": N_("The bonus is judged on the first hand as dealt, or on the final hands."),
    # 9-10-11: payouts.
    "payouts.main_win": N_("A qualifying hand that beats the die (or meets the WIN face)."),
    "payouts.bonus_straight_flush": N_(
        "Bonus bet: 2-3-4 of one suit (the hand must total 9-11, as every bonus hand)."),
    "payouts.bonus_trips": N_("Bonus bet: 3-3-3."),
    "payouts.bonus_straight": N_("Bonus bet: 2-3-4 of mixed suits."),
    "payouts.bonus_flush": N_("Bonus bet: three cards of one suit totalling 9-11."),
    "payouts.dice_match": N_("Dice-match bet: a qualifying final hand equals the die; the WIN face pushes."),
}
"""What a parameter means, as a form's help says it: in words, never the model's names (the
docstrings of ``model.py`` speak to programmers and may name parameters as code does)."""

FAMILY_HELP = {
    "nine_ten_eleven": {"decks": N_("Number of 36-card decks (A..9 in four suits).")},
}
"""A parameter two families share but read differently."""

YES, NO = N_("yes"), N_("no")

BETS = {"main": N_("Main bet"), "bonus": N_("Bonus bet"), "dice_match": N_("Dice-match bet")}

STRATEGIES = {
    "optimal": N_("optimal play"),
    "dealer": N_("playing as the dealer"),
    "house_way": N_("the house way"),
}
"""How a player plays, as the simulator and a table's player mix name it."""

DECISIONS = {
    "stand": N_("stand"),
    "hit": N_("hit"),
    "fold": N_("fold"),
    "exchange": N_("exchange the four"),
    "shoot": N_("shoot the seven"),
    "split": N_("open"),
    "buy": N_("buy a second hand"),
    "switch": N_("switch a card"),
    "second_qualifies": N_("second hand qualifies"),
}
"""The player's decisions, as the analyses count them."""


@dataclass(frozen=True)
class Reading:
    """How the certificate reads a rule its source states ambiguously (RULES.md's Reading:)."""

    label: str
    """A few words naming the point, e.g. "Exchanged four out of play"."""
    text: str
    """The sentence printed beside the rule it fixes, starting "Reading:"."""


READINGS = {
    "kd_first_card_triple": Reading(
        N_("First-card king of diamonds paid triple"),
        N_('Reading: "wins triple the ante bet" is paid 3 to 1 on the ante.')),
    "kd_first_card_double": Reading(
        N_("First-card king of diamonds paid double"),
        N_('Reading: "paid double their bet" is paid 2 to 1.')),
    "final_bet_min_one_ante": Reading(
        N_("Smallest final bet"), N_("Reading: the minimum final bet is one ante.")),
    "four_exchange_out_of_play": Reading(
        N_("Exchanged four out of play"),
        N_('Reading: "placed in the middle of the stock" takes the 4 out of play for the round.')),
    "dealer_stands_at_six_points": Reading(
        N_("Dealer's six points"),
        N_('Reading: "six points or less" with "when the dealer\'s score is six points, he can '
           'draw no more" means the dealer stands at 6.')),
    "house_bank_stands_at_six": Reading(
        N_("A house bank's drawing rule"),
        N_("Reading: the source leaves the bank free to draw; a house-banked table stands at 6.")),
    "switch_when_neither_qualifies": Reading(
        N_("When a switch is allowed"),
        N_("Reading: a switch is allowed only when neither hand qualifies; if the second hand "
           "qualifies, the first hand loses.")),
    "die_number_faces": Reading(
        N_("The die's other number faces"),
        N_("Reading: the source states the rule for the 9 and WIN faces; the other number faces "
           "follow the same rule.")),
    "bonus_on_first_hand": Reading(
        N_("Bonus judged on the first hand"),
        N_('Reading: the source\'s "original bet(s)" is the first hand as dealt.')),
    "first_matta_whole_hand": Reading(
        N_("A first-card matta's ½"),
        N_('Reading: "a matta dealt as the first card is worth ½" holds for the whole hand, for '
           'the player (who must draw) and for the bank.')),
    "first_matta_until_next": Reading(
        N_("A first-card matta's ½"),
        N_('Reading: "a matta dealt as the first card is worth ½" holds only until the next '
           'card; from then on the matta is wild, for the player and for the bank.')),
    "stand_minimum_matta_half": Reading(
        N_("The standing minimum against a matta"),
        N_("Reading: for the standing minimum a matta face-up card counts ½ (its worth as a "
           "first card), and the player's total is the best total of its hand.")),
    "stand_minimum_matta_seven": Reading(
        N_("The standing minimum against a matta"),
        N_("Reading: for the standing minimum a matta face-up card counts 7 (its worth alone "
           "as a wild card), and the player's total is the best total of its hand.")),
    "later_matta_best_total": Reading(
        N_("A matta dealt later"),
        N_("Reading: a matta dealt after the first card takes the value that gives the best "
           "total: the player's is chosen at the end; the bank's is the best total not over "
           "7½, and the bank stands on it when it has reached its standing total.")),
    "bonus_on_final_hands": Reading(
        N_("Bonus judged on the final hands"),
        N_('Reading: the source\'s "original bet(s)" is the final hands.')),
}
"""Every reading the rules of play state, by a key that names it."""


def family_label(family: str) -> str:
    return FAMILIES.get(family, family)


def preset_label(preset: str) -> str:
    return PRESETS.get(preset, preset)


def parameter_label(path: str) -> str:
    """``"special_card"`` -> "Special card"; ``"payouts.natural"`` -> "Natural (reale)"."""
    return PARAMETERS.get(path, path.removeprefix("payouts.").replace("_", " ").capitalize())


def help_text(family: str, path: str) -> str:
    """A parameter's help in words (``""`` if it has none)."""
    return FAMILY_HELP.get(family, {}).get(path) or HELP.get(path, "")


def bet_label(bet: str) -> str:
    return BETS.get(bet, bet.replace("_", " ").capitalize())


def strategy_label(strategy: str) -> str:
    return STRATEGIES.get(strategy, strategy.replace("_", " "))


def decision_label(decision: str) -> str:
    return DECISIONS.get(decision, decision.replace("_", " "))


def reading(key: str) -> Phrase:
    """The sentence of the reading ``key``, as the rules of play print it."""
    return Phrase(READINGS[key].text)


def value_label(path: str, value: Any) -> str:
    """A parameter's value in words: a choice's label, yes or no, what empty means, or the
    number itself (exact: "3/2", never a rounded decimal). ``path`` as in ``PARAMETERS``."""
    if value is None:
        return Phrase(UNSET.get(path, N_("none")))
    if isinstance(value, bool):
        return Phrase(YES if value else NO)
    choices = VALUES.get(path)
    if choices is not None and value in choices:
        return Phrase(choices[value])
    if isinstance(value, (tuple, list)):
        return ", ".join(str(v) for v in value)
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    return str(value)


def setting_label(path: str, value: Any) -> Phrase:
    """``special_card=kd_first_card`` as words: "Special card: king of diamonds as first card"."""
    return Phrase("{parameter}: {value}", parameter=Phrase(parameter_label(path)),
                  value=value_label(path, value))


def settings_of(rules: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(path, label, value in words) for every parameter of a variant as ``rules_to_dict``
    writes it, rules first, then payouts, in the model's order; the family is named by the
    caller."""
    rows = []
    for key, value in rules.items():
        if key in ("family", "payouts"):
            continue
        rows.append((key, parameter_label(key), value_label(key, _plain(value))))
    for key, value in (rules.get("payouts") or {}).items():
        path = f"payouts.{key}"
        rows.append((path, parameter_label(path), value_label(path, _plain(value))))
    # In the model's order, whatever order the stored JSON kept.
    order = {path: i for i, path in enumerate(PARAMETERS)}
    return sorted(rows, key=lambda row: (row[0].startswith("payouts."), order.get(row[0], len(order))))


def _plain(value: Any) -> Any:
    """A value as ``rules_to_dict`` stores it (fractions as "3/2" text) back to a number."""
    if isinstance(value, str) and value.replace("/", "", 1).lstrip("-").isdigit():
        return Fraction(value)
    return value
