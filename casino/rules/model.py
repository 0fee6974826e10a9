"""The rule model of RULES.md as frozen dataclasses.

Every amount is in units of the player's initial wager. Payouts are exact fractions.
A ``None`` payout falls back to the next more general one (triple -> natural ->
seven_and_half -> win), so a variant only names the lines it pays differently.

Where a source admits two readings, the reading certified is a default, never a limit: the
other one is a parameter too, and ``readings.py`` names, for a variant, every point it rests
on a reading for with the rule changes of each other reading. The online "7 e Mezzo" of
Italian licensed casinos added two such options. ``stand_minimum``: the player may stand only
on a total at least the value of the dealer's face-up card (Reading: the player's total is
its best total; ``stand_minimum_matta`` says what a matta face-up card counts, 1/2 in the
sheet's literal reading, 7 in the other). ``player_first_matta`` and ``dealer_first_matta``:
"a matta dealt as the first card is worth 1/2, and the player must then ask for another card"
(Reading: for the whole hand, on both sides; the other reading, only until the next card,
is ``half_until_next``). A matta dealt later stays wild: the player's value is chosen at the
end, the dealer's gives its best total not over 7 1/2, on which it stands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

SevenHalfSpecial = Literal["none", "kd_first_card", "wild"]
FirstMatta = Literal["wild", "half", "half_until_next"]
StandMinimum = Literal["none", "upcard"]
MattaUpcard = Literal["half", "seven"]
Ties = Literal["push", "dealer"]
BonusOn = Literal["first_hand", "final_hands"]

SEVEN_AND_HALF = "seven_and_half"
NINE_TEN_ELEVEN = "nine_ten_eleven"
FAMILIES = (SEVEN_AND_HALF, NINE_TEN_ELEVEN)

HALF = Fraction(1, 2)
SEVEN_AND_A_HALF = Fraction(15, 2)


@dataclass(frozen=True, slots=True)
class SevenHalfPayouts:
    win: Fraction = Fraction(1)
    """A winning hand, paid win to 1."""
    seven_and_half: Fraction | None = None
    """A winning total of 7 1/2 (any number of cards); None pays ``win``."""
    natural: Fraction | None = None
    """A winning 7 1/2 in exactly two cards (the reale); None pays ``seven_and_half``."""
    triple: Fraction | None = None
    """A winning 7 with the matta (triplé); None pays ``natural``."""
    kd_first_card: Fraction | None = None
    """The player's first card is the king of diamonds (special_card=kd_first_card)."""
    shoot_seven: Fraction | None = None
    """A shot seven that makes 7 1/2 (shoot_seven=true)."""
    dealer_natural_collects: Fraction | None = None
    """What the dealer's two-card 7 1/2 collects from a player still in; None collects 1.
    A player holding a reale or triplé pays 1 only."""

    def winning(self, *, total_is_7_5: bool, two_cards: bool, is_triple: bool) -> Fraction:
        pay = self.win
        if total_is_7_5 and self.seven_and_half is not None:
            pay = self.seven_and_half
        if total_is_7_5 and two_cards and self.natural is not None:
            pay = self.natural
        if is_triple:
            if self.triple is not None:
                pay = self.triple
        return pay

    @property
    def dealer_natural_amount(self) -> Fraction:
        return Fraction(1) if self.dealer_natural_collects is None else self.dealer_natural_collects


@dataclass(frozen=True, slots=True)
class SevenHalfRules:
    family: Literal["seven_and_half"] = SEVEN_AND_HALF
    decks: int = 1
    """Number of 40-card decks, shuffled before every round."""
    special_card: SevenHalfSpecial = "none"
    """none; kd_first_card: the king of diamonds is 7 1/2 as a hand's first card, 1/2 later;
    wild: the king of diamonds is the matta (1/2 or any whole number 1..7, chosen at the end)."""
    player_first_matta: FirstMatta = "wild"
    """A matta dealt as the player's first card: wild (as any other matta); half: it counts
    1/2 for the whole hand and the player must draw at least one more card; half_until_next:
    it counts 1/2 and the player must draw, and from the next card on it is wild again.
    Needs special_card=wild."""
    dealer_first_matta: FirstMatta = "wild"
    """A matta dealt as the dealer's first card: wild (alone it counts 7); half: 1/2 for the
    whole hand, so the dealer draws on it; half_until_next: 1/2 until its next card, then
    wild. Needs special_card=wild."""
    dealer_upcard_visible: bool = True
    """Whether the player sees the dealer's first card before acting."""
    player_max_cards: int | None = None
    """Most cards a player's hand may hold; None is unlimited."""
    stand_minimum: StandMinimum = "none"
    """none: the player may stand on any total; upcard: only on a total (its best total) at
    least the value of the dealer's face-up card, and below it must draw (a player who may
    take no more cards stands). Needs dealer_upcard_visible."""
    stand_minimum_matta: MattaUpcard = "half"
    """With stand_minimum=upcard, what a matta face-up card counts for it: half (1/2, so every
    total may stand) or seven (7, its worth alone as a wild card)."""
    fold_allowed: bool = False
    """The player may fold after seeing the first card, losing the ante."""
    final_bet: bool = False
    """A player who does not fold places a final bet before standing or drawing."""
    final_bet_min: Fraction = Fraction(1)
    """Smallest final bet, in antes."""
    final_bet_max: Fraction = Fraction(2)
    """Largest final bet, in antes."""
    dealer_stands_at: Fraction = Fraction(6)
    """The dealer draws while its total is below this and stands at or above it."""
    dealer_max_cards: int | None = None
    """Most cards the dealer's hand may hold; None is unlimited."""
    dealer_must_reach_7_5_vs_revealed: bool = False
    """A player showing 7 1/2 makes the dealer draw until it reaches 7 1/2 or busts."""
    ties: Ties = "push"
    """Equal totals push, or the bank wins them."""
    four_exchange_max: int = 0
    """A first card 4 may be exchanged up to this many times; the 4 leaves play."""
    shoot_seven: bool = False
    """A first card 7 may be shot: one more card face down, a figure makes 7 1/2."""
    split_figures: bool = False
    """Opening: a figure followed by a figure may be split into two hands."""
    max_splits: int = 0
    """How many times a player may open."""
    payouts: SevenHalfPayouts = field(default_factory=SevenHalfPayouts)

    @property
    def deck_size(self) -> int:
        return 40 * self.decks


@dataclass(frozen=True, slots=True)
class NineTenElevenPayouts:
    main_win: Fraction = Fraction(3, 2)
    """A qualifying hand that beats the die (or meets the WIN face)."""
    bonus_straight_flush: Fraction = Fraction(60)
    """Bonus bet: 2-3-4 of one suit (the hand must total 9-11, as every bonus hand)."""
    bonus_trips: Fraction = Fraction(40)
    """Bonus bet: 3-3-3."""
    bonus_straight: Fraction = Fraction(10)
    """Bonus bet: 2-3-4 of mixed suits."""
    bonus_flush: Fraction = Fraction(5)
    """Bonus bet: three cards of one suit totalling 9-11."""
    dice_match: Fraction = Fraction(3)
    """Dice-match bet: a qualifying final hand equals the die; the WIN face pushes."""


DEFAULT_DIE = ("9", "9", "9", "10", "11", "WIN")


@dataclass(frozen=True, slots=True)
class NineTenElevenRules:
    family: Literal["nine_ten_eleven"] = NINE_TEN_ELEVEN
    decks: int = 1
    """Number of 36-card decks (A..9 in four suits)."""
    qualifying_totals: tuple[int, ...] = (9, 10, 11)
    """Totals that qualify a three-card hand (aces 0 or 1); its value is the highest."""
    buy_allowed: bool = True
    """A non-qualifying player may buy a second hand for an equal bet instead of folding."""
    switch_allowed: bool = True
    """With two non-qualifying hands, one card of each may be switched."""
    die_faces: tuple[str, ...] = DEFAULT_DIE
    """The dealer's die: whole-number faces and WIN."""
    bonus_on: BonusOn = "first_hand"
    """The bonus is judged on the first hand as dealt, or on the final hands."""
    payouts: NineTenElevenPayouts = field(default_factory=NineTenElevenPayouts)

    @property
    def deck_size(self) -> int:
        return 36 * self.decks


Rules = SevenHalfRules | NineTenElevenRules
