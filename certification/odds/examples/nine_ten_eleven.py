"""9-10-11 rounds dealt from a deck and a die, decided by the optimal policy, settled by the engine.

The main and dice-match bets are paid by the exact engine's ``Settlement`` (``main_net``,
``dice_net``) on the round's configuration of hand values; the bonus by its ``BonusTable``
on the hand the variant judges. Each dealt round is settled against every die face, so one
deal can show a win, a push and a loss of the same hands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from casino.rules.cards import NINE_TEN_ELEVEN_RANKS, new_deck
from casino.rules.describe import odds
from casino.rules.model import NineTenElevenRules
from casino.rules.phrases import N_, Joined, Phrase
from certification.odds.nine_ten_eleven.hands import NO_VALUE, composition_of
from certification.odds.nine_ten_eleven.settle import WIN, Settlement, config_of, die_faces
from certification.odds.results import ExactResult

from .records import Example, ExampleSet, card_name, outcome_of
from .search import Wanted, search

BETS = {"main": N_("Main bet"), "bonus": N_("Bonus bet"), "dice_match": N_("Dice-match bet")}
FEATURES = {
    "stand": N_("A qualifying first hand"),
    "fold": N_("Folding a hand that does not qualify"),
    "buy": N_("Buying a second hand"),
    "switch": N_("Switching a card between the hands"),
    "straight_flush": N_("Bonus: straight flush"),
    "trips": N_("Bonus: trips"),
    "straight": N_("Bonus: straight"),
    "flush": N_("Bonus: flush"),
    "no_bonus": N_("Bonus: no paying hand"),
    "dice_match": N_("The dice-match bet"),
}
NEVER = {"fold": N_("folds"), "buy": N_("buys a second hand"), "switch": N_("switches a card")}
CATEGORIES = {"straight_flush": N_("straight flush"), "trips": N_("trips"), "straight": N_("straight"),
              "flush": N_("flush")}
BONUS_FORCINGS = {"straight_flush": {0: "2S", 1: "3S", 2: "4S"}, "trips": {0: "3S", 1: "3H", 2: "3D"},
                  "straight": {0: "2S", 1: "3H", 2: "4D"}, "flush": {0: "2C", 1: "3C", 2: "5C"}}


@dataclass
class _Deal:
    cards: list[str]
    steps: list[str] = field(default_factory=list)
    features: set[str] = field(default_factory=set)
    config: tuple[int, ...] = ()
    bonus_hands: list[tuple[str, ...]] = field(default_factory=list)


def _hand(cards) -> str:
    return ", ".join(card_name(c) for c in cards)


class NineTenElevenTable:
    def __init__(self, rules: NineTenElevenRules, result: ExactResult):
        self.rules = rules
        self.policy = result.policy
        self.settlement = Settlement(rules)

    def value(self, cards) -> int:
        return self.policy.value(cards)

    def _said(self, cards) -> str:
        v = self.value(cards)
        if v == NO_VALUE:
            return Phrase("{cards} (does not qualify)", cards=_hand(cards))
        return Phrase("{cards} (qualifies at {value})", cards=_hand(cards), value=str(v))

    def deal(self, order: list[str]) -> _Deal:
        first = tuple(order[:3])
        d = _Deal(cards=list(first), steps=[Phrase("Three cards face up: {said}.",
                                                         said=self._said(first))])
        final_hands_bonus = self.rules.bonus_on == "final_hands"
        if self.value(first) != NO_VALUE:
            d.features.add("stand")
            d.config, d.bonus_hands = (self.value(first),), [first]
            d.steps.append(Phrase("The hand qualifies and stands."))
            return d
        if self.policy.first_hand(first) != "buy":
            d.features.add("fold")
            d.config = (NO_VALUE,)
            d.steps.append(Phrase("The player folds and loses the main bet."))
            return d
        second = tuple(order[3:6])
        d.cards += second
        d.features.add("buy")
        d.steps.append(Phrase("The player buys a second hand for an equal bet: {said}.",
                              said=self._said(second)))
        if self.value(second) != NO_VALUE:
            d.config = config_of(self.value(second), NO_VALUE)
            d.bonus_hands = [second] if final_hands_bonus else []
            d.steps.append(Phrase("The second hand qualifies; the first loses its bet (no switch)."))
            return d
        swap = self.policy.switch(first, second)
        h1, h2 = list(first), list(second)
        if swap is not None:
            i, j = swap
            h1[i], h2[j] = second[j], first[i]
            d.features.add("switch")
            d.steps.append(Phrase("Neither qualifies: the player switches {given} for {taken}: "
                                  "{first} and {second}.", given=card_name(first[i]),
                                  taken=card_name(second[j]), first=self._said(h1),
                                  second=self._said(h2)))
        else:
            d.steps.append(Phrase("Neither qualifies, and no switch makes either hand qualify: "
                                  "both bets lose."))
        d.config = config_of(self.value(h1), self.value(h2))
        d.bonus_hands = [tuple(h1), tuple(h2)] if final_hands_bonus else []
        return d

    def bonus(self, d: _Deal) -> tuple[Fraction, str]:
        """The bonus net and the category it was paid for ("" when it loses)."""
        net = self.policy.bonus_net(d.bonus_hands) if d.bonus_hands else Fraction(-1)
        pay = self.rules.payouts
        names = [("straight_flush", pay.bonus_straight_flush), ("trips", pay.bonus_trips),
                 ("straight", pay.bonus_straight), ("flush", pay.bonus_flush)]
        for name, value in names:
            if net == value and any(_category(h, self.rules) == name for h in d.bonus_hands):
                return net, name
        return net, ""

    def rounds(self, order: list[str]) -> list[Example]:
        """One example per bet and die face for this deal."""
        d = self.deal(order)
        s = self.settlement
        bonus_net, category = self.bonus(d)
        out = []
        for label, face in zip(self.rules.die_faces, die_faces(self.rules), strict=True):
            roll = Phrase("The die shows {face}.", face=label)
            main = s.main_net(d.config, face)
            steps = (*d.steps, roll, self._main_text(d.config, face))
            wagered = Fraction(len(d.config))
            for feature in d.features:
                out.append(Example("main", feature, outcome_of(main), tuple(d.cards), steps,
                                   main, wagered, die=label))
            dice = s.dice_net(d.config, face)
            dice_text = (Phrase("A WIN face pushes every dice-match bet.") if face is WIN else
                         Phrase("A hand's value equals the die: paid {odds}.", odds=odds(s.match))
                         if dice > 0 else
                         Phrase("No qualifying hand equals the die: the dice-match bet loses."))
            out.append(Example("dice_match", "dice_match", outcome_of(dice), tuple(d.cards),
                               (*d.steps, roll, dice_text), dice, Fraction(1), die=label))
        judged = (Phrase("first hand as dealt") if self.rules.bonus_on == "first_hand" else
                  Phrase("final hands"))
        bonus_text = (Phrase("The bonus, judged on the {judged}, is paid {odds} for a {category}.",
                             judged=judged, odds=odds(bonus_net), category=CATEGORIES[category])
                      if category else
                      Phrase("The bonus, judged on the {judged}, finds no qualifying paying hand "
                             "and loses.", judged=judged))
        out.append(Example("bonus", category or "no_bonus", outcome_of(bonus_net), tuple(d.cards),
                           (*d.steps, bonus_text), bonus_net, Fraction(1)))
        return out

    def _main_text(self, config, face) -> str:
        parts = []
        for v in config:
            net = self.settlement.hand_net(v, face)
            if v == NO_VALUE:
                parts.append(Phrase("a hand that does not qualify loses 1"))
            elif net > 0:
                parts.append(Phrase("a hand of {value} wins {odds}", value=str(v), odds=odds(net)))
            elif net == 0:
                parts.append(Phrase("a hand of {value} pushes", value=str(v)))
            else:
                parts.append(Phrase("a hand of {value} loses 1", value=str(v)))
        return Phrase("Main bet: {hands}.", hands=Joined(parts, "; "))


def _category(hand, rules: NineTenElevenRules) -> str:
    comp = composition_of(hand)
    suited = len({c[1] for c in hand}) == 1
    if comp == (1, 2, 3):
        return "straight_flush" if suited else "straight"
    if comp == (2, 2, 2):
        return "trips"
    return "flush" if suited else ""


def _features(rules: NineTenElevenRules) -> list[tuple[str, str]]:
    main = ["stand", "fold"] + (["buy"] if rules.buy_allowed else [])
    main += ["switch"] if rules.buy_allowed and rules.switch_allowed else []
    bonus = ["straight_flush", "trips", "straight", "flush", "no_bonus"]
    return [("main", f) for f in main] + [("bonus", f) for f in bonus] + [("dice_match", "dice_match")]


def _wanted(rules: NineTenElevenRules, result: ExactResult) -> list[Wanted]:
    wanted = []
    for bet, feature in _features(rules):
        figures = result.bets[bet]
        never = feature in NEVER and not result.decisions.get(feature)
        for outcome in ("win", "loss", "push"):
            reason = ""
            if never:
                reason = Phrase("under the optimal strategy the player never {action}", action=NEVER[feature])
            elif feature == "fold" and outcome != "loss":
                reason = N_("a fold always loses the main bet")
            elif bet == "bonus" and feature != "no_bonus" and outcome != "win":
                reason = N_("a paying bonus hand always wins its category")
            elif feature == "no_bonus" and outcome != "loss":
                reason = N_("a bonus with no paying hand always loses")
            elif outcome == "push" and figures.p_push == 0:
                reason = N_("no round ends in a push on this bet")
            wanted.append(Wanted(bet, feature, outcome, reason))
    return wanted


def nine_ten_eleven_examples(rules: NineTenElevenRules, result: ExactResult, *, seed: int,
                             attempts: int) -> ExampleSet:
    table = NineTenElevenTable(rules, result)
    forcings = {name: [f] for name, f in BONUS_FORCINGS.items()}
    forcings["switch"] = [{0: "AS", 1: "AH", 2: "2D", 3: "AC", 4: "AD", 5: "4S"}, {}]
    deck = [c.code for c in new_deck(NINE_TEN_ELEVEN_RANKS, rules.decks)]
    examples, missing, tried = search(deck=deck, wanted=_wanted(rules, result), forcings=forcings,
                                      play=table.rounds, seed=seed, attempts=attempts)
    features = {f: FEATURES[f] for _, f in _features(rules)}
    return ExampleSet(features=features, bets=BETS, examples=examples, missing=missing, seed=seed,
                      attempts=tried)
