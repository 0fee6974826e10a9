"""The rule model's words on the rule form, marked for translation.

The rule model (``casino.rules``) is a pure engine and names its parameters in English; the
form shows each label, help text and choice through ``gettext``, with these as the msgids.
``tests/languages`` fails when the rule model says something this list does not hold.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

RULE_TEXTS = (
    gettext_noop("Decks"),
    gettext_noop("Number of 40-card decks, shuffled before every round."),
    gettext_noop("Special card"),
    gettext_noop(
        "none; kd_first_card: the king of diamonds is 7 1/2 as a hand's first card, 1/2 later; "
        "wild: the king of diamonds is the matta (1/2 or any whole number 1..7, chosen at the end)."
    ),
    gettext_noop("none"),
    gettext_noop("kd first card"),
    gettext_noop("wild"),
    gettext_noop("Dealer upcard visible"),
    gettext_noop("Whether the player sees the dealer's first card before acting."),
    gettext_noop("Matta as the player's first card"),
    gettext_noop("A matta dealt as the player's first card: wild (as any other matta); half: it counts 1/2 for the whole hand and the player must draw at least one more card; half_until_next: it counts 1/2 and the player must draw, and from the next card on it is wild again. Needs special_card=wild."),
    gettext_noop("Matta as the dealer's first card"),
    gettext_noop("A matta dealt as the dealer's first card: wild (alone it counts 7); half: 1/2 for the whole hand, so the dealer draws on it; half_until_next: 1/2 until its next card, then wild. Needs special_card=wild."),
    gettext_noop("Player may stand from"),
    gettext_noop("none: the player may stand on any total; upcard: only on a total (its best total) at least the value of the dealer's face-up card, and below it must draw (a player who may take no more cards stands). Needs dealer_upcard_visible."),
    gettext_noop("A matta face-up card counts, for standing"),
    gettext_noop("With stand_minimum=upcard, what a matta face-up card counts for it: half (1/2, so every total may stand) or seven (7, its worth alone as a wild card)."),
    gettext_noop("half"),
    gettext_noop("half until next"),
    gettext_noop("upcard"),
    gettext_noop("seven"),
    gettext_noop("Player max cards"),
    gettext_noop("Most cards a player's hand may hold; empty is unlimited."),
    gettext_noop("Fold allowed"),
    gettext_noop("The player may fold after seeing the first card, losing the ante."),
    gettext_noop("Final bet"),
    gettext_noop("A player who does not fold places a final bet before standing or drawing."),
    gettext_noop("Final bet min"),
    gettext_noop("Smallest final bet, in antes."),
    gettext_noop("Final bet max"),
    gettext_noop("Largest final bet, in antes."),
    gettext_noop("Dealer stands at"),
    gettext_noop("The dealer draws while its total is below this and stands at or above it."),
    gettext_noop("Dealer max cards"),
    gettext_noop("Most cards the dealer's hand may hold; empty is unlimited."),
    gettext_noop("Dealer must reach 7½ against a shown 7½"),
    gettext_noop("A player showing 7 1/2 makes the dealer draw until it reaches 7 1/2 or busts."),
    gettext_noop("Ties"),
    gettext_noop("Equal totals push, or the bank wins them."),
    gettext_noop("push"),
    gettext_noop("dealer"),
    gettext_noop("Fours exchanged at most"),
    gettext_noop("A first card 4 may be exchanged up to this many times; the 4 leaves play."),
    gettext_noop("Shoot seven"),
    gettext_noop("A first card 7 may be shot: one more card face down, a figure makes 7 1/2."),
    gettext_noop("Opening (split figures)"),
    gettext_noop("Opening: a figure followed by a figure may be split into two hands."),
    gettext_noop("Max splits"),
    gettext_noop("How many times a player may open."),
    gettext_noop("Win"),
    gettext_noop("A winning hand, paid win to 1."),
    gettext_noop("Seven and a half"),
    gettext_noop("A winning total of 7 1/2 (any number of cards); empty pays win."),
    gettext_noop("Natural (reale)"),
    gettext_noop("A winning 7 1/2 in exactly two cards (the reale); empty pays seven_and_half."),
    gettext_noop("Triplé"),
    gettext_noop("A winning 7 with the matta (triplé); empty pays natural."),
    gettext_noop("King of diamonds as first card"),
    gettext_noop(
        "The player's first card is the king of diamonds (special_card=kd_first_card). Empty: not "
        "paid separately."
    ),
    gettext_noop("A shot seven that makes 7 1/2 (shoot_seven=true). Empty: not paid separately."),
    gettext_noop("Dealer's reale collects"),
    gettext_noop(
        "What the dealer's two-card 7 1/2 collects from a player still in; empty collects 1. A "
        "player holding a reale or triplé pays 1 only."
    ),
    gettext_noop("Number of 36-card decks (A..9 in four suits)."),
    gettext_noop("Qualifying totals"),
    gettext_noop("Totals that qualify a three-card hand (aces 0 or 1); its value is the highest."),
    gettext_noop("Buy allowed"),
    gettext_noop("A non-qualifying player may buy a second hand for an equal bet instead of folding."),
    gettext_noop("Switch allowed"),
    gettext_noop("With two non-qualifying hands, one card of each may be switched."),
    gettext_noop("Die faces"),
    gettext_noop("The dealer's die: whole-number faces and WIN."),
    gettext_noop("Bonus on"),
    gettext_noop("The bonus is judged on the first hand as dealt, or on the final hands."),
    gettext_noop("first hand"),
    gettext_noop("final hands"),
    gettext_noop("Main win"),
    gettext_noop("A qualifying hand that beats the die (or meets the WIN face)."),
    gettext_noop("Bonus straight flush"),
    gettext_noop("Bonus bet: 2-3-4 of one suit (the hand must total 9-11, as every bonus hand)."),
    gettext_noop("Bonus trips"),
    gettext_noop("Bonus bet: 3-3-3."),
    gettext_noop("Bonus straight"),
    gettext_noop("Bonus bet: 2-3-4 of mixed suits."),
    gettext_noop("Bonus flush"),
    gettext_noop("Bonus bet: three cards of one suit totalling 9-11."),
    gettext_noop("Dice match"),
    gettext_noop("Dice-match bet: a qualifying final hand equals the die; the WIN face pushes."),
)


def rule_text(english: str) -> str:
    """The rule model's English in the request's language (itself where no translation exists)."""
    return gettext(english) if english else english
