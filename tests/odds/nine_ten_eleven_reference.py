"""An independent, deliberately plain reference for 9-10-11: every deal, card by card.

It shares no code with the engine: hand values try every ace choice, the die is rolled face
by face, and every card-level switch of every pair of hands is tried.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import cache
from itertools import combinations, product

RANK_VALUE = {r: i + 1 for i, r in enumerate("A23456789")}


@cache
def value(hand, qualifying):
    best = None
    aces = [c for c in hand if c[0] == "A"]
    rest = sum(RANK_VALUE[c[0]] for c in hand if c[0] != "A")
    for choice in product((0, 1), repeat=len(aces)):
        total = rest + sum(choice)
        if total in qualifying and (best is None or total > best):
            best = total
    return best


def bonus_net(hands, rules):
    pay = rules.payouts
    best = None
    for hand in hands:
        if value(hand, rules.qualifying_totals) is None:
            continue
        ranks = sorted(c[0] for c in hand)
        suited = len({c[1] for c in hand}) == 1
        made = []
        if ranks == ["2", "3", "4"]:
            made += [pay.bonus_straight] + ([pay.bonus_straight_flush] if suited else [])
        if ranks == ["3", "3", "3"]:
            made.append(pay.bonus_trips)
        if suited:
            made.append(pay.bonus_flush)
        if made and (best is None or max(made) > best):
            best = max(made)
    return Fraction(-1) if best is None else Fraction(best)


def faces(rules):
    return [None if f == "WIN" else int(f) for f in rules.die_faces]


def settle(values, rules):
    """[(main net, dice net, probability)] for hands with these values (None: not qualifying)."""
    out = []
    p = Fraction(1, len(rules.die_faces))
    for face in faces(rules):
        main = Fraction(0)
        for v in values:
            if v is None or (face is not None and face > v):
                main -= 1
            elif face is None or face < v:
                main += rules.payouts.main_win
        if face is None:
            dice = Fraction(0)
        elif face in [v for v in values if v is not None]:
            dice = Fraction(rules.payouts.dice_match)
        else:
            dice = Fraction(-1)
        out.append((main, dice, p))
    return out


@cache
def ev(values, rules):
    rows = settle(values, rules)
    return (sum(m * p for m, _, p in rows), sum(d * p for _, d, p in rows))


def best_switch(h1, h2, rules):
    """Final hands after the best switch (main, then dice, [then bonus], then values)."""
    q = rules.qualifying_totals
    final_hands = rules.bonus_on == "final_hands"

    def score(a, b):
        a, b = tuple(a), tuple(b)
        vals = (value(a, q), value(b, q))
        main, dice = ev(vals, rules)
        key = tuple(sorted((-1 if v is None else v for v in vals), reverse=True))
        return (main, dice, bonus_net((a, b), rules) if final_hands else 0, key)

    best, chosen = score(h1, h2), (h1, h2, False)
    if rules.switch_allowed:
        for i in range(3):
            for j in range(3):
                if h1[i][0] == h2[j][0]:
                    continue
                a, b = list(h1), list(h2)
                a[i], b[j] = h2[j], h1[i]
                s = score(a, b)
                if s > best:
                    best, chosen = s, (tuple(a), tuple(b), True)
    return chosen


def brute_force(rules, cards):
    """Exact main, bonus and dice-match outcome tables and decision probabilities."""
    q = rules.qualifying_totals
    cards = list(cards)
    firsts = list(combinations(range(len(cards)), 3))
    main, dice, bonus = (defaultdict(Fraction) for _ in range(3))
    decisions = defaultdict(Fraction)
    wager = Fraction(0)
    for idx1 in firsts:
        h1 = tuple(cards[i] for i in idx1)
        p1 = Fraction(1, len(firsts))
        v1 = value(h1, q)
        if v1 is not None:
            decisions["stand"] += p1
            rounds = [((v1,), bonus_net((h1,), rules), Fraction(1))]
        else:
            rest = [c for k, c in enumerate(cards) if k not in idx1]
            seconds = list(combinations(rest, 3))
            bought = []
            for h2 in seconds:
                p2 = Fraction(1, len(seconds))
                if value(h2, q) is not None:
                    a, b, switched = h1, h2, False
                else:
                    a, b, switched = best_switch(h1, h2, rules)
                first_bonus = bonus_net((h1,), rules)
                b_net = bonus_net((a, b), rules) if rules.bonus_on == "final_hands" else first_bonus
                bought.append(((value(a, q), value(b, q)), b_net, p2, switched))
            buy_key = (
                sum(p * ev(tuple(v), rules)[0] for v, _, p, _ in bought),
                sum(p * ev(tuple(v), rules)[1] for v, _, p, _ in bought),
                sum(p * bn for _, bn, p, _ in bought),
                -2,
            )
            fold_key = (Fraction(-1), ev((None,), rules)[1], Fraction(-1), -1)
            if rules.buy_allowed and buy_key > fold_key:
                decisions["buy"] += p1
                rounds = [(v, bn, p) for v, bn, p, _ in bought]
                decisions["switch"] += p1 * sum(p for *_, p, s in bought if s)
            else:
                decisions["fold"] += p1
                rounds = [((None,), Fraction(-1), Fraction(1))]
        for values, b_net, p in rounds:
            wager += p1 * p * len(values)
            bonus[b_net] += p1 * p
            for m, d, pf in settle(values, rules):
                main[m] += p1 * p * pf
                dice[d] += p1 * p * pf
    clean = lambda d: {k: v for k, v in sorted(d.items()) if v}  # noqa: E731
    return clean(main), clean(bonus), clean(dice), dict(decisions), wager
