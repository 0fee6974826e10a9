"""Seven-and-a-half as integer tables the kernel can play.

A hand is a state of a small automaton: its composition by card class (A..7, figure,
king of diamonds). ``next_state[s, c]`` adds a card (-1 for a bust), and the strategy is
an action per (state, dealer upcard, fours exchanged), built once by asking the policy
about every view that can arise. The dealer uses the same automaton.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from casino.rules.cards import SEVEN_HALF_RANKS, SUITS, new_deck
from casino.rules.model import SevenHalfRules

from ..results import PlayerView
from ..seven_half.deck import stand_minimums
from .outcomes import Outcomes

FIG, KD, HIDDEN = 7, 8, 9
CLASS_NAMES = ("A", "2", "3", "4", "5", "6", "7", "F", "KD")
STAND, HIT, FOLD, EXCHANGE, SHOOT, SPLIT = range(6)
ACTION_CODES = {"stand": STAND, "hit": HIT, "fold": FOLD, "exchange": EXCHANGE,
                "shoot": SHOOT, "split": SPLIT}
# Net result kinds per hand; the value table holds stake x multiplier for each.
LOSE, PUSH, WIN, WIN75, NATURAL, TRIPLE, DNC, SHOT, KDF = range(9)
UNLIMITED = 99
PARAMS = ("kd_mode", "visible", "player_max", "dealer_max", "stands2", "must_reach",
          "ties_dealer", "dnc", "exchange_max", "shoot", "max_splits", "fold_allowed",
          "need", "first_final_bet")


def card_classes(rules: SevenHalfRules) -> np.ndarray:
    special = rules.special_card != "none"
    out = []
    for card in new_deck(SEVEN_HALF_RANKS, rules.decks):
        if card.code == "KD" and special:
            out.append(KD)
        elif card.is_figure:
            out.append(FIG)
        else:
            out.append(SEVEN_HALF_RANKS.index(card.rank))
    return np.array(out, dtype=np.int8)


def class_copies(rules: SevenHalfRules) -> tuple[int, ...]:
    counts = np.bincount(card_classes(rules), minlength=9)
    return tuple(int(c) for c in counts)


FIRST_MATTA_FLAG = {"wild": 0, "half": 1, "half_until_next": 2}
"""A state's tenth entry: 0, or how a matta that was the hand's first card counts (1: 1/2 for
the whole hand, 2: 1/2 while it is alone, wild after). A first-card matta starts the player's
hand and the dealer's each by its own side's rule, so the two may reach different states."""


def total2(counts: tuple[int, ...], wild: bool) -> int:
    """Best total in half points; 16 means bust."""
    others = sum(counts[c] * 2 * (c + 1) for c in range(7)) + counts[FIG]
    flag = counts[9] if len(counts) > 9 else 0
    if flag == 1 or (flag == 2 and sum(counts[:9]) == 1):
        t = others + 1  # the first-card matta counted 1/2
        return t if t <= 15 else 16
    if not (wild and counts[KD]):
        t = others + counts[KD]
        return t if t <= 15 else 16
    if others > 14:
        return 16
    return max(others + v for v in (1, *range(2, 15, 2)) if others + v <= 15)


@dataclass
class SevenHalfPlan:
    """Everything the kernel needs for one (rules, strategy) pair; picklable."""

    classes: np.ndarray
    next_state: np.ndarray
    first_state: np.ndarray
    totals: np.ndarray
    ncards: np.ndarray
    flags: np.ndarray  # bit 0 natural, 1 triple, 2 single four, 3 single seven, 4 two figures,
    # 5 two figures one of which is the king of diamonds (kd_first_card)
    action: np.ndarray
    opens: np.ndarray
    stake: np.ndarray
    values: np.ndarray
    params: np.ndarray
    outcomes: Outcomes
    views: int

    family = "seven_and_half"


def first_flags(rules: SevenHalfRules) -> tuple[int, int]:
    """(the player's, the dealer's) flag of a hand whose first card is the matta."""
    if rules.special_card != "wild":
        return 0, 0
    return FIRST_MATTA_FLAG[rules.player_first_matta], FIRST_MATTA_FLAG[rules.dealer_first_matta]


def first_key(c: int, flag: int) -> tuple[int, ...]:
    """The state of a hand holding one card of class ``c`` (``flag`` if it is the matta)."""
    return (*(int(i == c) for i in range(9)), flag if c == KD else 0)


def _enumerate_states(rules: SevenHalfRules):
    copies = class_copies(rules)
    wild = rules.special_card == "wild"
    index: dict[tuple[int, ...], int] = {}
    order: list[tuple[int, ...]] = []
    frontier = []
    for c in range(9):
        if copies[c]:
            for flag in sorted(set(first_flags(rules))) if c == KD else (0,):
                key = first_key(c, flag)
                index[key] = len(order)
                order.append(key)
                frontier.append(key)
    edges: dict[tuple[int, int], int] = {}
    while frontier:
        key = frontier.pop()
        if (rules.special_card == "kd_first_card" and key[KD] and sum(key[:9]) == 1
                and not rules.split_figures):
            # A first-card king of diamonds settles the round at once; only a hand formed
            # by opening can hold it alone (worth 1/2 there).
            continue
        if total2(key, wild) >= 15:
            continue
        for c in range(9):
            if key[c] >= copies[c]:
                continue
            # A matta counted 1/2 until the next card is wild from then on (flag 0).
            nxt = (*(k + (i == c) for i, k in enumerate(key[:9])), key[9] if key[9] == 1 else 0)
            if total2(nxt, wild) > 15:
                continue
            if nxt not in index:
                index[nxt] = len(order)
                order.append(nxt)
                frontier.append(nxt)
            edges[(index[key], c)] = index[nxt]
    return order, index, edges, copies


def _codes(copies_per_class: dict[int, list[str]], needed: list[int]) -> list[str] | None:
    pools = {c: list(v) for c, v in copies_per_class.items()}
    out = []
    for c in needed:
        if not pools[c]:
            return None
        out.append(pools[c].pop(0))
    return out


def _class_codes(rules: SevenHalfRules) -> dict[int, list[str]]:
    pools: dict[int, list[str]] = {c: [] for c in range(9)}
    special = rules.special_card != "none"
    for _ in range(rules.decks):
        for rank in SEVEN_HALF_RANKS:
            for suit in SUITS:
                code = rank + suit
                if code == "KD" and special:
                    pools[KD].append(code)
                elif rank in "JQK":
                    pools[FIG].append(code)
                else:
                    pools[SEVEN_HALF_RANKS.index(rank)].append(code)
    return pools


def build_plan(rules: SevenHalfRules, policy) -> SevenHalfPlan:
    order, index, edges, copies = _enumerate_states(rules)
    wild = rules.special_card == "wild"
    kd_mode = rules.special_card == "kd_first_card"
    n_states = len(order)
    nxt = np.full((n_states, 9), -1, dtype=np.int32)
    for (s, c), t in edges.items():
        nxt[s, c] = t
    # The player's first state per class, then the dealer's (a first-card matta may differ).
    player_flag, dealer_flag = first_flags(rules)
    first = np.array([index.get(first_key(c, flag), -1)
                      for flag in (player_flag, dealer_flag) for c in range(9)], dtype=np.int32)
    totals = np.array([total2(k, wild) for k in order], dtype=np.int16)
    ncards = np.array([sum(k[:9]) for k in order], dtype=np.int16)
    flags = np.zeros(n_states, dtype=np.int8)
    for s, k in enumerate(order):
        two = sum(k[:9]) == 2
        flags[s] |= (two and totals[s] == 15) * 1
        flags[s] |= (wild and two and k[KD] == 1 and k[6] == 1) * 2
        flags[s] |= (sum(k[:9]) == 1 and k[3] == 1) * 4
        flags[s] |= (sum(k[:9]) == 1 and k[6] == 1) * 8
        figures = k[FIG] + (k[KD] if kd_mode else 0)
        flags[s] |= (two and figures == 2) * 16
        flags[s] |= (two and figures == 2 and kd_mode and k[KD] == 1) * 32

    player_max = rules.player_max_cards or UNLIMITED
    emax = rules.four_exchange_max
    action = np.zeros((n_states, 10, emax + 1), dtype=np.int8)
    stake = np.zeros((n_states, 10, emax + 1), dtype=np.int8)
    max_splits = rules.max_splits if rules.split_figures else 0
    # opens[s, up, e, left]: whether a pair opens with ``left`` openings still allowed.
    opens = np.zeros((n_states, 10, emax + 1, max_splits + 1), dtype=np.int8)
    bets: list[Fraction] = []
    pools = _class_codes(rules)
    upcards = range(9) if rules.dealer_upcard_visible else [HIDDEN]
    views = 0
    minimums = stand_minimums(rules)
    for s, key in enumerate(order):
        if (kd_mode and key[KD] and ncards[s] == 1) or totals[s] >= 15 or ncards[s] >= player_max:
            continue
        if not _player_holds(key, player_flag):
            continue  # a dealer's hand only (its first-card matta counts by the dealer's rule)
        # Classes in ascending order put a king of diamonds last: with kd_first_card it is
        # then a later card, worth 1/2, as it is in every state the kernel reaches. A matta
        # that came first and still counts 1/2 is shown first, as dealt.
        hand = [c for c in range(9) for _ in range(key[c])]
        if key[9]:
            hand = hand[-1:] + hand[:-1]
        for up in upcards:
            if up != HIDDEN and not copies[up]:
                continue
            for e in range(emax + 1):
                need = ([up] if up != HIDDEN else []) + [3] * e + hand
                codes = _codes(pools, need)
                if codes is None:
                    continue
                upcode = codes[0] if up != HIDDEN else None
                hand_codes = tuple(codes[len(need) - len(hand):])
                pair = bool(flags[s] & 16) and max_splits
                decision = policy.decide(PlayerView(upcard=upcode, cards=hand_codes, exchanges=e,
                                                    splits_left=0 if pair else None))
                views += 1
                code = _legal(rules, decision.action, key, e)
                if code == STAND and _must_draw(key, int(totals[s]), up, minimums):
                    code = HIT  # standing is not allowed here: the hand draws
                action[s, up, e] = code
                for left in range(1, max_splits + 1) if pair else ():
                    view = PlayerView(upcard=upcode, cards=hand_codes, exchanges=e, splits_left=left)
                    opens[s, up, e, left] = _legal(rules, policy.decide(view).action, key, e) == SPLIT
                    views += 1
                if decision.final_bet is not None and rules.final_bet and sum(key[:9]) == 1:
                    bet = Fraction(decision.final_bet)
                    if bet not in bets:
                        bets.append(bet)
                    stake[s, up, e] = 1 + bets.index(bet)

    outcomes, values = _value_table(rules, bets)
    params = np.zeros(len(PARAMS), dtype=np.int64)
    p = dict(zip(PARAMS, range(len(PARAMS)), strict=True))
    params[p["kd_mode"]] = kd_mode
    params[p["visible"]] = rules.dealer_upcard_visible
    params[p["player_max"]] = player_max
    params[p["dealer_max"]] = rules.dealer_max_cards or UNLIMITED
    params[p["stands2"]] = int(rules.dealer_stands_at * 2)
    params[p["must_reach"]] = rules.dealer_must_reach_7_5_vs_revealed
    params[p["ties_dealer"]] = rules.ties == "dealer"
    params[p["dnc"]] = rules.payouts.dealer_natural_collects is not None
    params[p["exchange_max"]] = emax
    params[p["shoot"]] = rules.shoot_seven
    params[p["max_splits"]] = rules.max_splits if rules.split_figures else 0
    params[p["fold_allowed"]] = rules.fold_allowed
    params[p["need"]] = rules.deck_size + 2
    return SevenHalfPlan(card_classes(rules), nxt, first, totals, ncards, flags, action, opens,
                         stake, values, params, outcomes, views)


def _player_holds(key: tuple[int, ...], player_flag: int) -> bool:
    """Whether the player's hand can be in this state: a first-card matta flag is the player's
    own, and a lone matta without one is the player's only if its first matta is wild."""
    if key[9]:
        return key[9] == player_flag
    return not (key[KD] and sum(key[:9]) == 1 and player_flag)


def _must_draw(key: tuple[int, ...], total: int, up: int, minimums) -> bool:
    """A hand that may draw but not stand: a first-card matta counted 1/2 alone, or a total
    below the standing minimum against this upcard."""
    if key[9] and sum(key[:9]) == 1:
        return True
    return minimums is not None and up != HIDDEN and total < minimums[up]


def _legal(rules: SevenHalfRules, action: str, key: tuple[int, ...], exchanges: int) -> int:
    """The action code, with moves the rules do not allow here turned into hit or stand."""
    if action not in ACTION_CODES:
        raise ValueError(f"the strategy answered {action!r}, not one of {', '.join(ACTION_CODES)}")
    code = ACTION_CODES[action]
    one = sum(key[:9]) == 1
    if code == FOLD and not (rules.fold_allowed and one):
        return STAND
    if code == EXCHANGE and not (one and key[3] and exchanges < rules.four_exchange_max):
        return HIT
    if code == SHOOT and not (one and key[6] and rules.shoot_seven):
        return HIT
    figures = key[FIG] + (key[KD] if rules.special_card == "kd_first_card" else 0)
    if code == SPLIT and not (sum(key[:9]) == 2 and figures == 2 and rules.split_figures):
        return HIT
    return code


def _value_table(rules: SevenHalfRules, bets: list[Fraction]):
    pay = rules.payouts
    mults = [Fraction(-1), Fraction(0), pay.winning(total_is_7_5=False, two_cards=False, is_triple=False),
             pay.winning(total_is_7_5=True, two_cards=False, is_triple=False),
             pay.winning(total_is_7_5=True, two_cards=True, is_triple=False),
             pay.winning(total_is_7_5=True, two_cards=True, is_triple=True),
             -pay.dealer_natural_amount,
             pay.shoot_seven if pay.shoot_seven is not None else pay.win,
             pay.kd_first_card if pay.kd_first_card is not None else pay.win]
    stakes = [Fraction(1)] + [1 + b for b in bets]
    table = [[st * m for m in mults] for st in stakes]
    for row in table:
        row[KDF] = mults[KDF]
    hands = 1 + (rules.max_splits if rules.split_figures else 0)
    outcomes = Outcomes.for_values({"main": [v for row in table for v in row]}, hands={"main": hands})
    return outcomes, outcomes.scale_table(table)


def two_card_bins(rules: SevenHalfRules, plan: SevenHalfPlan) -> np.ndarray:
    """Histogram index per (player, dealer, player's draw, dealer's draw) class, 9**4 of them.

    Meaningful for variants where neither side takes more than two cards and no exchange,
    shot or opening can add one (``two_card.eligible``): then a round is a function of
    four dealt cards. Class combinations the deck cannot deal are left at 0.
    """
    p_ = dict(zip(PARAMS, plan.params.tolist(), strict=True))
    lo = plan.outcomes.lo[0]
    vals = plan.values
    table = np.zeros(9 ** 4, dtype=np.int64)
    for i in range(9 ** 4):
        p, u, c3, c4 = i // 729, (i // 81) % 9, (i // 9) % 9, i % 9
        if plan.first_state[p] < 0 or plan.first_state[u + 9] < 0:
            continue
        table[i] = _two_card_net(plan, p_, vals, p, u, c3, c4) - lo
    return table


def _two_card_net(plan: SevenHalfPlan, p_: dict, vals, p, u, c3, c4) -> int:
    if p_["kd_mode"] and u == KD:
        return vals[0, LOSE]
    if p_["kd_mode"] and p == KD:
        return vals[0, KDF]
    up = u if p_["visible"] else HIDDEN
    s, stake = plan.first_state[p], 0
    if not (plan.totals[s] >= 15 or plan.ncards[s] >= p_["player_max"]):
        a = plan.action[s, up, 0]
        stake = plan.stake[s, up, 0]
        if a == FOLD and p_["fold_allowed"]:
            return vals[0, LOSE]
        if a != STAND:
            s = plan.next_state[s, c3]
    if s < 0:
        return vals[stake, LOSE]
    d = plan.first_state[u + 9]
    t = plan.totals[d]
    if plan.ncards[d] < p_["dealer_max"] and (
        t < p_["stands2"] or (p_["must_reach"] and plan.totals[s] == 15 and t < 15)
    ):
        d = plan.next_state[d, c4]
    pt = plan.totals[s]
    if d >= 0 and p_["dnc"] and plan.flags[d] & 1:
        return vals[stake, LOSE if plan.flags[s] & 3 else DNC]
    if d < 0 or pt > plan.totals[d]:
        kind = TRIPLE if plan.flags[s] & 2 else NATURAL if plan.flags[s] & 1 else WIN75 if pt == 15 else WIN
        return vals[stake, kind]
    if pt == plan.totals[d] and not p_["ties_dealer"]:
        return vals[stake, PUSH]
    return vals[stake, LOSE]
