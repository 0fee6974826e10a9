"""9-10-11 under a fixed player strategy (a NineTenElevenPolicy) instead of the optimal one.

The count is the engine's (engine.count_rounds); only the two choices change hands. The
policy is asked what the simulator asks it (simulation/nine_ten_eleven.py): fold or buy per
non-qualifying first hand, and which cards to switch per pair of non-qualifying hands, each
hand given as codes sorted by rank. Under the ``final_hands`` bonus reading the simulator
switches by the dealt cards' suits as the optimal strategy does, whatever the policy, and so
does this count (the optimal switcher is kept).
"""

from __future__ import annotations

from collections.abc import Callable

from casino.rules.cards import NINE_TEN_ELEVEN_RANKS, SUITS
from casino.rules.model import NineTenElevenRules
from casino.rules.phrases import N_, Phrase

from .choices import FirstHandChoice, expected_value
from .hands import Composition, RankCounts
from .settle import Config, Settlement, config_of
from .switching import NO_SWITCH_CONFIG, Switcher, swap


class StrategyDefinitionError(ValueError):
    """The policy answered something the exact count cannot follow (named in the message)."""


def hand_codes(hands: list[Composition], *, suited_first: bool = False) -> list[tuple[str, ...]]:
    """Card codes for rank compositions, each hand sorted by rank; mixed suits unless asked."""
    used: dict[int, set[str]] = {}
    out = []
    position = 0
    for h, hand in enumerate(hands):
        codes = []
        for r in hand:
            taken = used.setdefault(r, set())
            turn = [SUITS[(position + t) % len(SUITS)] for t in range(len(SUITS))]
            suit = "S" if suited_first and h == 0 else next(
                (x for x in turn if x not in taken), turn[0])
            taken.add(suit)
            position += 1
            codes.append(NINE_TEN_ELEVEN_RANKS[r] + suit)
        out.append(tuple(codes))
    return out


class PolicySwitcher(Switcher):
    """The engine's switcher, with the policy choosing the switch of two rank compositions."""

    policy = None

    @classmethod
    def follow(cls, base: Switcher, policy, rules: NineTenElevenRules) -> Switcher:
        if rules.bonus_on == "final_hands":
            return base
        out = cls.__new__(cls)
        out.__dict__.update(base.__dict__)
        out.policy = policy
        out._policy_best = {}
        out._after_buy = {}  # the policy's switches, not the base's
        return out

    def best(self, first: Composition, second: Composition) -> tuple[Config, bool]:
        key = (first, second)
        hit = self._policy_best.get(key)
        if hit is not None:
            return hit
        answer = self.policy.switch(*hand_codes([first, second])) if self.allowed else None
        if answer is None:
            hit = (NO_SWITCH_CONFIG, False)
        else:
            i, j = answer
            if not (0 <= i < 3 and 0 <= j < 3):
                raise StrategyDefinitionError(f"switch {answer!r} names a card outside the hands")
            a, b = first[i], second[j]
            config = config_of(self.value(swap(first, a, b)), self.value(swap(second, b, a)))
            hit = (config, a != b)
        self._policy_best[key] = hit
        return hit


def policy_first_choice(rules: NineTenElevenRules, policy, first: Composition, deck: RankCounts,
                        settle: Settlement, buy: Callable):
    """(FirstHandChoice, bought tally or None) for a non-qualifying first hand."""
    # Without suits a deck may still deal the hand suited: both renderings must agree.
    answers = {policy.first_hand(hand_codes([first], suited_first=suited)[0])
               for suited in (False, True)
               if not suited or not deck.tracks_suits or deck.suited_ways(first)}
    if len(answers) > 1:
        raise StrategyDefinitionError(
            f"the strategy folds or buys {'-'.join(NINE_TEN_ELEVEN_RANKS[r] for r in first)} "
            "depending on its suits; the exact count needs one answer per rank composition")
    answer = answers.pop()
    if answer not in ("fold", "buy", "stand"):
        raise StrategyDefinitionError(f"the strategy answered {answer!r}, not fold or buy")
    if answer != "buy" or not rules.buy_allowed:
        return FirstHandChoice("fold"), None
    bought = buy()
    main = expected_value(bought.configs, settle.main_ev)
    dice = expected_value(bought.configs, settle.dice_ev)
    bonus = expected_value(bought.bonus, lambda net: net) if bought.bonus else None
    return FirstHandChoice("buy", main, dice, bonus), bought


def fixed_strategy_note(rules: NineTenElevenRules, policy) -> str:
    name = getattr(policy, "name", type(policy).__name__)
    template = FIXED_FINAL_HANDS if rules.bonus_on == "final_hands" else FIXED
    return Phrase(template, name=name)


FIXED = N_("strategy: the fixed strategy '{name}' (not the optimal one) decides fold or buy and the "
           "switch; a qualifying hand stands")
FIXED_FINAL_HANDS = N_("strategy: the fixed strategy '{name}' (not the optimal one) decides fold or "
                       "buy and the switch; a qualifying hand stands; under the final-hands bonus "
                       "reading the switch is the optimal one, as in the simulator")


__all__ = ["PolicySwitcher", "StrategyDefinitionError", "fixed_strategy_note",
           "hand_codes", "policy_first_choice"]
