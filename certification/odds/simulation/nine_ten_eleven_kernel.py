"""The 9-10-11 round, compiled (tables from ``nine_ten_eleven.py``).

Both kernels deal a round's six cards and roll the die up front, whether the round buys a
second hand or not, from the same words in the same order, so on the same seed they play
every round alike. ``play_by_rank`` is the usual one: a switch changes only which ranks
each hand holds, so the values the best switch leaves are looked up per pair of rank
compositions, and the round is settled by selects rather than branches (the die and the
cards make every comparison a coin toss for the branch predictor). ``play`` moves the
cards themselves, as the final-hands bonus needs (its suits can break ties between
switches); it is also the reference the fast kernel is tested against.
"""

from __future__ import annotations

import numpy as np

from ._jit import jit, jit_inline
from .lanes import split
from .stream import BUDGET, draw, refill

WIN_FACE = 99
HAND_CARDS = 6
_U1, _U2, _U3, _U9, _U81 = (np.uint64(v) for v in (1, 2, 3, 9, 81))


@jit_inline
def _hand_net(value, face, win, unit):
    net = -unit
    net = 0 if face == value else net
    net = win if (face == WIN_FACE or face < value) else net
    return -unit if value < 0 else net


@jit_inline
def _bonus_of(h, o, rank, suit, combo, bonus, unit):
    """The bonus net of the hand h[o:o+3] if it qualifies would pay (else a loss)."""
    sf = 1 if suit[h[o]] == suit[h[o + 1]] and suit[h[o + 1]] == suit[h[o + 2]] else 0
    return bonus[2 * combo[rank[h[o]], rank[h[o + 1]], rank[h[o + 2]]] + sf]


@jit_inline
def _by_rank(ra, a, rb, b, rc, c):
    """The three cards (with their ranks) ordered by rank, the switch table's order."""
    if ra > rb:
        ra, a, rb, b = rb, b, ra, a
    if rb > rc:
        rb, b, rc, c = rc, c, rb, b
    if ra > rb:
        ra, a, rb, b = rb, b, ra, a
    return a, b, c


@jit_inline
def _switch_by_cards(h, rank, suit, value3, combo, bonus, config_rank, unit):
    """Make the best switch of the dealt cards when the bonus rides on the final hands."""
    best = np.int64(-1)
    choice = -1
    for option in range(-1, 9):
        if option >= 0:
            i, j = option // 3, 3 + option % 3
            if rank[h[i]] == rank[h[j]]:
                continue
            h[i], h[j] = h[j], h[i]
        v1 = value3[rank[h[0]], rank[h[1]], rank[h[2]]]
        v2 = value3[rank[h[3]], rank[h[4]], rank[h[5]]]
        b = -unit
        if v1 >= 0:
            b = max(b, _bonus_of(h, 0, rank, suit, combo, bonus, unit))
        if v2 >= 0:
            b = max(b, _bonus_of(h, 3, rank, suit, combo, bonus, unit))
        score = (config_rank[v1 + 1, v2 + 1] << 40) + ((b + (1 << 20)) << 12) \
            + (max(v1, v2) + 1) * 64 + min(v1, v2) + 1
        if score > best:
            best, choice = score, option
        if option >= 0:
            h[i], h[j] = h[j], h[i]
    if choice >= 0:
        i, j = choice // 3, 3 + choice % 3
        h[i], h[j] = h[j], h[i]


@jit
def play(state, words, pos, rounds, deck, rank, suit, value3, combo, buy, switch,
         faces, bonus, values, config_rank, params, hist, lo):
    need, bonus_final, buy_allowed, n_faces = params[0], params[1] != 0, params[2] != 0, params[3]
    by_cards = params[4] != 0
    win, match, unit = values[0], values[1], values[2]
    n = deck.shape[0]
    h = np.empty(HAND_CARDS, dtype=np.int64)
    x = np.uint64(0)
    for _ in range(rounds):
        if pos + need > words.shape[0]:
            pos = refill(state, words, pos)
        budget = BUDGET
        for k in range(HAND_CARDS):
            j, x, budget, used = draw(x, budget, n - k, words[pos])
            pos += used
            j += k
            card = deck[j]
            deck[j] = deck[k]
            deck[k] = card
            h[k] = card
        f, x, budget, used = draw(x, budget, n_faces, words[pos])
        pos += used
        face = faces[f]
        v1 = value3[rank[h[0]], rank[h[1]], rank[h[2]]]
        s1 = np.int64((suit[h[0]] == suit[h[1]]) & (suit[h[1]] == suit[h[2]]))
        c1 = combo[rank[h[0]], rank[h[1]], rank[h[2]]]
        first_bonus = bonus[2 * c1 + s1]
        first_bonus = first_bonus if v1 >= 0 else -unit
        hands = 1
        lost = 0
        fv1, fv2 = v1, -1
        if v1 < 0:
            if buy_allowed and buy[c1, s1]:
                hands = 2
                fv2 = value3[rank[h[3]], rank[h[4]], rank[h[5]]]
                if fv2 >= 0:
                    lost = 1
                    fv1 = -1
                elif by_cards:
                    _switch_by_cards(h, rank, suit, value3, combo, bonus, config_rank, unit)
                    fv1 = value3[rank[h[0]], rank[h[1]], rank[h[2]]]
                    fv2 = value3[rank[h[3]], rank[h[4]], rank[h[5]]]
                else:
                    c2 = combo[rank[h[3]], rank[h[4]], rank[h[5]]]
                    sw = switch[c1, c2]
                    if sw >= 0:
                        a0, a1, a2 = _by_rank(rank[h[0]], h[0], rank[h[1]], h[1], rank[h[2]], h[2])
                        b0, b1, b2 = _by_rank(rank[h[3]], h[3], rank[h[4]], h[4], rank[h[5]], h[5])
                        h[0], h[1], h[2], h[3], h[4], h[5] = a0, a1, a2, b0, b1, b2
                        i, j = sw // 3, 3 + sw % 3
                        h[i], h[j] = h[j], h[i]
                        fv1 = value3[rank[h[0]], rank[h[1]], rank[h[2]]]
                        fv2 = value3[rank[h[3]], rank[h[4]], rank[h[5]]]
            else:
                lost = 1
        if hands == 1:
            main = -unit if lost else _hand_net(fv1, face, win, unit)
        else:
            main = _hand_net(fv1, face, win, unit) + _hand_net(fv2, face, win, unit)
        # A face never equals -1, so a hand without a value cannot match.
        dice = match if (fv1 == face) | (fv2 == face) else -unit
        dice = 0 if face == WIN_FACE else dice
        bonus_net = first_bonus
        if bonus_final:
            bonus_net = -unit
            if fv1 >= 0:
                bonus_net = max(bonus_net, _bonus_of(h, 0, rank, suit, combo, bonus, unit))
            if fv2 >= 0:
                bonus_net = max(bonus_net, _bonus_of(h, 3, rank, suit, combo, bonus, unit))
        hist[0, main - lo[0]] += 1
        hist[1, bonus_net - lo[1]] += 1
        hist[2, dice - lo[2]] += 1
    return pos


@jit
def play_by_rank(state, words, pos, rounds, deck, hand_value, hand_combo, buy, switched,
                 faces, bonus, values, params, fresh, hist, lo):
    """``play`` where the bonus needs no switch by cards, on a deck of codes 4 rank + suit.

    ``fresh[k]`` says whether draw k (six cards, then the die) starts a new word: the
    schedule ``draw``'s budget follows, fixed by the deck size, so both kernels read the
    same digits. ``switched[first combo, second combo]`` packs the two values (+1) the best
    switch leaves, 256 x first + second. Indices are unsigned, so numba emits no
    negative-index wraparound.
    """
    need, bonus_final, n_faces = params[0], params[1] != 0, np.uint64(params[3])
    combos = np.uint64(params[5])
    win, match, unit = values[0], values[1], values[2]
    lo0, lo1, lo2 = lo[0], lo[1], lo[2]
    n = deck.shape[0]
    x = np.uint64(0)
    for _ in range(rounds):
        if pos + need > words.shape[0]:
            pos = refill(state, words, pos)
        for k in range(HAND_CARDS):
            if fresh[k]:
                x = words[pos]
                pos += 1
            j, x = split(x, np.uint64(n - k))
            j += np.uint64(k)
            card = deck[j]
            deck[j] = deck[k]
            deck[k] = card
        if fresh[HAND_CARDS]:
            x = words[pos]
            pos += 1
        f, x = split(x, n_faces)
        face = faces[f]
        a0, a1, a2 = np.uint64(deck[0]), np.uint64(deck[1]), np.uint64(deck[2])
        b0, b1, b2 = np.uint64(deck[3]), np.uint64(deck[4]), np.uint64(deck[5])
        first = (a0 >> _U2) * _U81 + (a1 >> _U2) * _U9 + (a2 >> _U2)
        second = (b0 >> _U2) * _U81 + (b1 >> _U2) * _U9 + (b2 >> _U2)
        v1, c1 = hand_value[first], np.uint64(hand_combo[first])
        v2, c2 = hand_value[second], np.uint64(hand_combo[second])
        s1 = np.uint64(((a0 ^ a1) | (a1 ^ a2)) & _U3 == 0)
        s2 = np.uint64(((b0 ^ b1) | (b1 ^ b2)) & _U3 == 0)
        bonus1 = bonus[(c1 << _U1) | s1]
        bonus2 = bonus[(c2 << _U1) | s2]
        bought = (v1 < 0) & (buy[(c1 << _U1) | s1] != 0)
        sw = np.int64(switched[c1 * combos + c2])
        # A bought pair keeps a qualifying second hand (the first loses), else the best
        # switch of two losers; a first hand that neither qualifies nor buys has folded.
        fv1 = v1 if not bought else (-1 if v2 >= 0 else (sw >> 8) - 1)
        fv2 = -1 if not bought else (v2 if v2 >= 0 else (sw & 255) - 1)
        main = _hand_net(fv1, face, win, unit) + (_hand_net(fv2, face, win, unit) if bought else 0)
        # A face never equals -1, so a hand without a value cannot match.
        dice = match if (fv1 == face) | (fv2 == face) else -unit
        dice = 0 if face == WIN_FACE else dice
        first_bonus = bonus1 if v1 >= 0 else -unit
        final_bonus = max(bonus1 if fv1 >= 0 else -unit, bonus2 if fv2 >= 0 else -unit)
        bonus_net = final_bonus if bonus_final else first_bonus
        hist[0, np.uint64(main - lo0)] += 1
        hist[1, np.uint64(bonus_net - lo1)] += 1
        hist[2, np.uint64(dice - lo2)] += 1
    return pos
