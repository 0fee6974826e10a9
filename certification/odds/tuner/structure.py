"""What the search may assume about the exact figures without computing them.

Monotone knobs (``direction``): with every other rule fixed, a bet's house edge moves one
way as the knob's value grows. The search then bisects a line of values for the in-band
stretch instead of analysing every point, and skips a variant that lies beyond one with that
change undone which is out of band already. Each entry is proved by
``tests/tuner/test_structure.py``; nothing else is pruned this way.

- Seven and a Half, main bet. A payout the player receives (win, seven_and_half, natural,
  triple, kd_first_card, shoot_seven): every strategy's expectation grows with it, so the
  optimal one's does, and the edge never rises. What the dealer's reale collects works the
  other way. A larger final-bet maximum, a smaller final-bet minimum, more exchanges of
  a four and a higher card limit for the player (``unlimited`` above every number) only
  add choices, which an optimal player never regrets: a hand that had to stand at the
  limit may now also draw, and nothing else of the round looks at how many cards it holds.
  Switches, in the order false then true (push then dealer for ties): folding and shooting a
  seven add choices, and a visible upcard adds what the player knows, so each lowers the
  edge; ties the dealer wins, and a dealer that must draw to a player's revealed 7 1/2, give
  the player, deal by deal, the same result or a worse one (a push for a win, a loss for a
  push), so each raises it. A standing minimum (none then upcard), and a matta face-up card
  counted 7 rather than 1/2 for it (half then seven), only take stands away from the player,
  so each raises the edge.
- 9-10-11: ``payouts.main_win`` on the main bet (the strategy optimises that bet). The
  bonus lines on the bonus bet and ``payouts.dice_match`` on the dice-match bet when the
  bonus is judged on the first hand as dealt (the strategy then never looks at them).

Inert changes (``inert``): a change that cannot alter any figure of any bet under the
rest of the variant (a king-of-diamonds payout when the king of diamonds is ordinary, the
final-bet limits without a final bet...). A variant holding one is the same game as the
variant without it, which has fewer changes, so the search skips it.
"""

from __future__ import annotations

from fractions import Fraction

from casino.rules.model import NineTenElevenRules, Rules, SevenHalfRules

RAISES_EDGE, LOWERS_EDGE = -1, 1

_SEVEN_HALF_MAIN = {
    "payouts.win": LOWERS_EDGE,
    "payouts.seven_and_half": LOWERS_EDGE,
    "payouts.natural": LOWERS_EDGE,
    "payouts.triple": LOWERS_EDGE,
    "payouts.kd_first_card": LOWERS_EDGE,
    "payouts.shoot_seven": LOWERS_EDGE,
    "payouts.dealer_natural_collects": RAISES_EDGE,
    "final_bet_max": LOWERS_EDGE,
    "final_bet_min": RAISES_EDGE,
    "four_exchange_max": LOWERS_EDGE,
    "player_max_cards": LOWERS_EDGE,
    "fold_allowed": LOWERS_EDGE,
    "shoot_seven": LOWERS_EDGE,
    "dealer_upcard_visible": LOWERS_EDGE,
    "ties": RAISES_EDGE,
    "dealer_must_reach_7_5_vs_revealed": RAISES_EDGE,
    "stand_minimum": RAISES_EDGE,
    "stand_minimum_matta": RAISES_EDGE,
}
UNLIMITED = "unlimited"
_CHOICES = {"false": 0, "true": 1, "push": 0, "dealer": 1, "none": 0, "upcard": 1, "half": 0,
            "seven": 1}


def rank(value: str) -> tuple[int, Fraction] | None:
    """Where a knob's value stands among its others, in the order ``direction`` speaks of:
    numbers in order, a card limit's ``unlimited`` above every number, false before true,
    push before dealer; None for a value with no place (an unset payout)."""
    if value in _CHOICES:
        return (0, Fraction(_CHOICES[value]))
    if value == UNLIMITED:
        return (1, Fraction(0))
    try:
        return (0, Fraction(value))
    except (ValueError, ZeroDivisionError):
        return None


_BONUS_LINES = ("bonus_straight_flush", "bonus_trips", "bonus_straight", "bonus_flush")


def direction(rules: Rules, key: str, bet: str) -> int:
    """How ``bet``'s house edge moves as ``key`` grows (others as in ``rules``); 0: unknown.

    ``LOWERS_EDGE`` means the edge never rises as the value grows, ``RAISES_EDGE`` the reverse.
    """
    if isinstance(rules, SevenHalfRules):
        if bet != "main":
            return 0
        if rules.split_figures:
            # Whether to open is chosen hand by hand (near-optimal, see the engine's notes),
            # so the argument "an optimal player never regrets a choice" does not hold.
            return 0
        return _SEVEN_HALF_MAIN.get(key, 0)
    if isinstance(rules, NineTenElevenRules):
        if key == "payouts.main_win" and bet == "main":
            return LOWERS_EDGE
        if rules.bonus_on != "first_hand":
            return 0
        if bet == "bonus" and key.removeprefix("payouts.") in _BONUS_LINES:
            return LOWERS_EDGE
        if bet == "dice_match" and key == "payouts.dice_match":
            return LOWERS_EDGE
    return 0


def inert(rules: Rules, key: str) -> bool:
    """Whether ``key``'s value cannot change any figure of ``rules`` (every bet)."""
    if isinstance(rules, SevenHalfRules):
        if key == "payouts.kd_first_card":
            return rules.special_card != "kd_first_card"
        if key == "payouts.triple":
            return rules.special_card != "wild"
        if key == "payouts.shoot_seven":
            return not rules.shoot_seven
        if key in ("final_bet_min", "final_bet_max"):
            return not rules.final_bet
        if key == "max_splits":
            return not rules.split_figures
        if key == "stand_minimum_matta":
            return rules.special_card != "wild" or rules.stand_minimum != "upcard"
    return False
