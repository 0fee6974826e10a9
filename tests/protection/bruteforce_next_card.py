"""A naive value of Seven-and-a-Half to a player who always knows the next card.

It shares no code with the engine: explicit card codes, the stock as a tuple, Fractions
from the start, every card of the stock tried in turn. The player sees the dealer's first
card (when it is face up) and the next card of the stock before each decision; the dealer
draws that card first if the player stands. No fold, final bet, exchange, shot or opening.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from casino.rules.model import SevenHalfRules

HALF, TOP = Fraction(1, 2), Fraction(15, 2)


def _plain(code: str) -> Fraction:
    if code[0] in "JQK":
        return HALF
    return Fraction(1) if code[0] == "A" else Fraction(int(code[0]))


def next_card_value(rules: SevenHalfRules, deck: list[str]) -> Fraction:
    wild = rules.special_card == "wild"
    pay = rules.payouts

    def total(cards: tuple[str, ...], dealer: bool) -> Fraction | None:
        mode = rules.dealer_first_matta if dealer else rules.player_first_matta
        if wild and cards[0] == "KD" and (mode == "half" or (mode == "half_until_next"
                                                             and len(cards) == 1)):
            t = HALF + sum((_plain(c) for c in cards[1:]), Fraction(0))
            return t if t <= TOP else None
        others = sum((_plain(c) for c in cards if not (wild and c == "KD")), Fraction(0))
        if wild and "KD" in cards:
            ok = [others + v for v in [HALF, *map(Fraction, range(1, 8))] if others + v <= TOP]
            return max(ok) if ok else None
        return others if others <= TOP else None

    def dealer_ends(cards: tuple[str, ...], stock: tuple[str, ...], reach: bool) -> dict:
        t = total(cards, True)
        stop = TOP if reach else rules.dealer_stands_at
        if t is None:
            return {"bust": Fraction(1)}
        if t >= stop or not stock:
            natural = len(cards) == 2 and t == TOP and pay.dealer_natural_collects is not None
            return {("nat" if natural else t): Fraction(1)}
        out: dict = {}
        for i, c in enumerate(stock):
            for end, p in dealer_ends(cards + (c,), stock[:i] + stock[i + 1:], reach).items():
                out[end] = out.get(end, 0) + p / len(stock)
        return out

    def net(cards: tuple[str, ...], end) -> Fraction:
        t = total(cards, False)
        reale = t == TOP and len(cards) == 2
        if end == "nat":
            return Fraction(-1) if reale else -pay.dealer_natural_collects
        if end == "bust" or t > end:
            triple = wild and len(cards) == 2 and "KD" in cards and any(c[0] == "7" for c in cards)
            return pay.winning(total_is_7_5=t == TOP, two_cards=len(cards) == 2, is_triple=triple)
        if t == end:
            return Fraction(0) if rules.ties == "push" else Fraction(-1)
        return Fraction(-1)

    def stand(cards, up, stock, nxt: int) -> Fraction:
        """The dealer's first draw is the known card stock[nxt]."""
        reach = rules.dealer_must_reach_7_5_vs_revealed and total(cards, False) == TOP
        c, rest = stock[nxt], stock[:nxt] + stock[nxt + 1:]
        holes = [(up, rest)] if up is not None else [
            (rest[i], rest[:i] + rest[i + 1:]) for i in range(len(rest))]
        value = Fraction(0)
        for first, left in holes:
            t = total((first,), True)
            stop = TOP if reach else rules.dealer_stands_at
            ends = dealer_ends((first,), (), reach) if t is not None and t >= stop else \
                dealer_ends((first, c), left, reach)
            value += sum((p * net(cards, e) for e, p in ends.items()), Fraction(0)) / len(holes)
        return value

    def may_stand(cards, up) -> bool:
        mode = rules.player_first_matta
        if len(cards) == 1 and wild and cards[0] == "KD" and mode != "wild":
            return False
        if rules.stand_minimum == "none":
            return True
        least = (HALF if rules.stand_minimum_matta == "half" else Fraction(7)) \
            if wild and up == "KD" else _plain(up)
        return total(cards, False) >= least

    @cache
    def hand(cards: tuple[str, ...], up, stock: tuple[str, ...]) -> Fraction:
        """Before the next card is seen: the average over it of the best choice."""
        value = Fraction(0)
        for i, c in enumerate(stock):
            can_hit = total(cards, False) < TOP and len(stock) > (0 if up is not None else 1)
            options = []
            if not can_hit or may_stand(cards, up):
                options.append(stand(cards, up, stock, i))
            if can_hit:
                new = cards + (c,)
                rest = stock[:i] + stock[i + 1:]
                options.append(Fraction(-1) if total(new, False) is None else hand(new, up, rest))
            value += max(options) / len(stock)
        return value

    deck_t = tuple(deck)
    value = Fraction(0)
    for i, p in enumerate(deck_t):
        rest = deck_t[:i] + deck_t[i + 1:]
        if rules.dealer_upcard_visible:
            for j, u in enumerate(rest):
                value += hand((p,), u, rest[:j] + rest[j + 1:]) / (len(deck_t) * len(rest))
        else:
            value += hand((p,), None, rest) / len(deck_t)
    return value
