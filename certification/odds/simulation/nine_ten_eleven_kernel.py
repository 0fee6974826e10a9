"""The 9-10-11 round, compiled (tables from ``nine_ten_eleven.py``)."""

from __future__ import annotations

import numpy as np

from ._jit import jit, jit_inline
from .stream import BUDGET, draw, refill

WIN_FACE = 99


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
def _hand_net(value, face, win, unit):
    # Selects rather than branches: the die makes every comparison a coin toss for the
    # branch predictor.
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
    h = np.empty(6, dtype=np.int64)
    x = np.uint64(0)
    for _ in range(rounds):
        if pos + need > words.shape[0]:
            pos = refill(state, words, pos)
        budget = BUDGET
        for k in range(3):
            j, x, budget, used = draw(x, budget, n - k, words[pos])
            pos += used
            j += k
            card = deck[j]
            deck[j] = deck[k]
            deck[k] = card
            h[k] = card
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
                for k in range(3, 6):
                    j, x, budget, used = draw(x, budget, n - k, words[pos])
                    pos += used
                    j += k
                    card = deck[j]
                    deck[j] = deck[k]
                    deck[k] = card
                    h[k] = card
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
        f, x, budget, used = draw(x, budget, n_faces, words[pos])
        pos += used
        face = faces[f]
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
                sf = 1 if suit[h[0]] == suit[h[1]] and suit[h[1]] == suit[h[2]] else 0
                bonus_net = max(bonus_net, bonus[2 * combo[rank[h[0]], rank[h[1]], rank[h[2]]] + sf])
            if fv2 >= 0:
                sf = 1 if suit[h[3]] == suit[h[4]] and suit[h[4]] == suit[h[5]] else 0
                bonus_net = max(bonus_net, bonus[2 * combo[rank[h[3]], rank[h[4]], rank[h[5]]] + sf])
        hist[0, main - lo[0]] += 1
        hist[1, bonus_net - lo[1]] += 1
        hist[2, dice - lo[2]] += 1
    return pos
