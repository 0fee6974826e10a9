"""9-10-11 as integer tables the kernels can play.

Cards are dealt by identity (suits matter to the bonus). The strategy becomes a buy/fold
entry per first-hand rank composition (and whether it is suited) and a switch entry per
pair of non-qualifying compositions, built once by asking the policy; its switch answer
(i, j) refers to the two hands with their cards sorted by rank. For the by-rank kernel the
switch entry is folded into the values it leaves (``switched``) and a card is its code
4 x rank + suit, so the round needs neither the cards' identities nor a branch per choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement, permutations

import numpy as np

from casino.rules.cards import NINE_TEN_ELEVEN_RANKS, SUITS, new_deck
from casino.rules.model import NineTenElevenRules

from .outcomes import Outcomes
from .stream import BUDGET

WIN_FACE = 99
STRAIGHT, TRIPS = (1, 2, 3), (2, 2, 2)
PARAMS = ("need", "bonus_final", "buy_allowed", "n_faces", "switch_by_cards")


@dataclass
class NineTenElevenPlan:
    template: np.ndarray
    rank: np.ndarray
    suit: np.ndarray
    value3: np.ndarray
    combo: np.ndarray
    buy: np.ndarray
    switch: np.ndarray
    faces: np.ndarray
    bonus: np.ndarray
    values: np.ndarray  # scaled: main win, dice-match win, one unit
    config_rank: np.ndarray
    params: np.ndarray
    outcomes: Outcomes
    views: int
    codes: np.ndarray
    """Each card's code 4 x rank + suit, in the template's order (the by-rank deck)."""
    switched: np.ndarray | None
    """Per (first, second) composition, 256 (v1 + 1) + (v2 + 1): the values the best switch
    leaves (0: none, both lose). None where the switch must move cards (final-hands bonus)."""
    fresh: np.ndarray
    """Whether each of the round's seven draws (six cards, the die) starts a new word."""

    family = "nine_ten_eleven"

    @property
    def by_rank(self) -> bool:
        return self.switched is not None

    def by_rank_tables(self) -> tuple[np.ndarray, ...]:
        """(hand value, hand combo, buy) flattened for unsigned indexing."""
        return (self.value3.reshape(-1), self.combo.reshape(-1), self.buy.reshape(-1))


def hand_value(ranks: tuple[int, ...], qualifying: tuple[int, ...]) -> int:
    high = sum(r + 1 for r in ranks)
    low = high - ranks.count(0)
    good = [t for t in qualifying if low <= t <= high]
    return max(good) if good else -1


def bonus_payout(rules: NineTenElevenRules, ranks: tuple[int, ...], suited: bool) -> Fraction | None:
    pay = rules.payouts
    made = []
    if ranks == STRAIGHT:
        made.append(pay.bonus_straight)
        if suited:
            made.append(pay.bonus_straight_flush)
    if ranks == TRIPS:
        made.append(pay.bonus_trips)
    if suited:
        made.append(pay.bonus_flush)
    return max(made) if made else None


def _codes(hands: list[tuple[int, ...]], suited_first: bool, decks: int) -> list[tuple[str, ...]] | None:
    pools = {r: [s for _ in range(decks) for s in SUITS] for r in range(9)}
    out = []
    for h, ranks in enumerate(hands):
        codes = []
        for r in ranks:
            want = "S" if (h == 0 and suited_first) else None
            if want is not None and want not in pools[r]:
                return None
            if not pools[r]:
                return None
            s = want or pools[r][0]
            pools[r].remove(s)
            codes.append(NINE_TEN_ELEVEN_RANKS[r] + s)
        out.append(tuple(codes))
    return out


def build_plan(rules: NineTenElevenRules, policy) -> NineTenElevenPlan:
    deck = new_deck(NINE_TEN_ELEVEN_RANKS, rules.decks)
    rank = np.array([NINE_TEN_ELEVEN_RANKS.index(c.rank) for c in deck], dtype=np.int64)
    suit = np.array([SUITS.index(c.suit) for c in deck], dtype=np.int64)
    q = tuple(rules.qualifying_totals)
    combos = list(combinations_with_replacement(range(9), 3))
    per_rank = 4 * rules.decks
    feasible = [c for c in combos if max(c.count(r) for r in c) <= per_rank]
    value3 = np.full((9, 9, 9), -1, dtype=np.int64)
    combo = np.zeros((9, 9, 9), dtype=np.int64)
    for i, c in enumerate(combos):
        for p in set(permutations(c)):
            value3[p] = hand_value(c, q)
            combo[p] = i
    buy = np.zeros((len(combos), 2), dtype=np.int64)
    views = 0
    for c in feasible:
        if hand_value(c, q) >= 0 or not rules.buy_allowed:
            continue
        for suited in (0, 1):
            codes = _codes([c], bool(suited), rules.decks)
            if codes is None or (suited and len(set(c)) < 3 and rules.decks == 1):
                continue
            answer = policy.first_hand(codes[0])
            views += 1
            if answer not in ("fold", "buy", "stand"):
                raise ValueError(f"the strategy answered {answer!r} for {codes[0]}, not fold or buy")
            buy[combos.index(c), suited] = answer == "buy"
    switch = np.full((len(combos), len(combos)), -1, dtype=np.int64)
    by_cards = rules.bonus_on == "final_hands" and rules.buy_allowed and rules.switch_allowed
    if rules.buy_allowed and rules.switch_allowed and not by_cards:
        losers = [c for c in feasible if hand_value(c, q) < 0]
        for a in losers:
            for b in losers:
                if any(a.count(r) + b.count(r) > per_rank for r in set(a + b)):
                    continue
                codes = _codes([a, b], False, rules.decks)
                answer = policy.switch(codes[0], codes[1])
                views += 1
                if answer is not None:
                    i, j = answer
                    switch[combos.index(a), combos.index(b)] = 3 * i + j
    faces = np.array([WIN_FACE if f == "WIN" else int(f) for f in rules.die_faces], dtype=np.int64)
    pay = rules.payouts
    bonus_values: list[Fraction] = [Fraction(-1)]
    for c in combos:
        for suited in (False, True):
            b = bonus_payout(rules, c, suited) if hand_value(c, q) >= 0 else None
            bonus_values.append(Fraction(-1) if b is None else b)
    outcomes = Outcomes.for_values(
        {"main": [Fraction(-1), Fraction(0), pay.main_win], "bonus": bonus_values,
         "dice_match": [Fraction(-1), Fraction(0), pay.dice_match]},
        hands={"main": 2, "bonus": 1, "dice_match": 1},
    )
    bonus = np.array([outcomes.scale(v) for v in bonus_values[1:]], dtype=np.int64)
    values = np.array([outcomes.scale(pay.main_win), outcomes.scale(pay.dice_match),
                       outcomes.denominator], dtype=np.int64)
    params = np.array([rules.deck_size + 2, rules.bonus_on == "final_hands",
                       rules.buy_allowed, len(faces), by_cards, len(combos)], dtype=np.int64)
    return NineTenElevenPlan(np.arange(len(deck), dtype=np.int16), rank, suit, value3, combo,
                             buy, switch, faces, bonus, values, config_ranks(rules), params,
                             outcomes, views, (4 * rank + suit).astype(np.int8),
                             None if by_cards else switched_values(switch, combos, value3),
                             fresh_words(len(deck), len(faces)))


def switched_values(switch: np.ndarray, combos: list[tuple[int, ...]],
                    value3: np.ndarray) -> np.ndarray:
    out = np.zeros(len(combos) * len(combos), dtype=np.int16)
    for a, b in zip(*np.nonzero(switch >= 0), strict=True):
        first, second = list(combos[a]), list(combos[b])
        i, j = divmod(int(switch[a, b]), 3)
        first[i], second[j] = second[j], first[i]
        out[a * len(combos) + b] = 256 * (value3[tuple(first)] + 1) + value3[tuple(second)] + 1
    return out


def fresh_words(cards: int, faces: int) -> np.ndarray:
    """The word schedule of ``stream.draw`` for six cards from ``cards`` and one die roll."""
    fresh = np.zeros(7, dtype=np.uint8)
    budget = BUDGET
    for k, size in enumerate([cards - i for i in range(6)] + [faces]):
        if budget * size > BUDGET:
            fresh[k], budget = 1, 1
        budget *= size
    return fresh


def config_ranks(rules: NineTenElevenRules) -> np.ndarray:
    """Dense rank of (main EV, dice-match EV) for each pair of final values (+1; 0 = none).

    When the bonus is judged on the final hands its suits can break ties between switches,
    which a rank-level table cannot see: the kernel then ranks every switch of the dealt
    cards by (this rank, bonus, higher values), as RULES.md's "Equal choices" orders them.
    """
    faces = [None if f == "WIN" else int(f) for f in rules.die_faces]
    win, match = rules.payouts.main_win, rules.payouts.dice_match

    def net(v, face):
        if v < 0:
            return Fraction(-1)
        if face is None or face < v:
            return win
        return Fraction(0) if face == v else Fraction(-1)

    values = [-1, *sorted(set(rules.qualifying_totals))]
    keys = {}
    for a in values:
        for b in values:
            main = sum(net(a, f) + net(b, f) for f in faces)
            dice = sum(Fraction(0) if f is None else (match if f in (a, b) and f >= 0 else Fraction(-1))
                       for f in faces)
            keys[(a, b)] = (main, dice)
    order = sorted(set(keys.values()))
    out = np.zeros((29, 29), dtype=np.int64)
    for (a, b), key in keys.items():
        out[a + 1, b + 1] = order.index(key)
    return out
