"""The Seven-and-a-half round as table walks, compiled (tables of ``seven_half_walk.py``).

The optimal (or chosen) strategy is never consulted as a decision in the loop: it is
folded into the walk tables, where a row the policy stands on maps every card to itself.
The player's hand is the row ``player_start[upcard slot, exchanges, first card, next two
cards]`` followed by walk steps over the next cards, the dealer's likewise from
``dealer_start``, and the rows reached name the result in ``settle``. Only the first
card's own choices, where the rules offer them (exchanging a four, folding: ``action``;
the final bet: ``stake``), and the rare round that needs more than the ``CARDS`` dealt up
front branch; that round is played again one card at a time.

Indices are unsigned so that numba emits no negative-index wraparound on the walk.
"""

from __future__ import annotations

import numpy as np

from . import seven_half_walk as tables
from ._jit import jit
from .lanes import split
from .seven_half import EXCHANGE, FOLD, HIDDEN, KD
from .seven_half_walk import DEALER_FIRST, DEALER_STEPS, PLAYER_FIRST, PLAYER_STEPS
from .stream import CARDS, draw, refill

_U4, _U9, _U81, _U729 = np.uint64(4), np.uint64(9), np.uint64(81), np.uint64(729)
_U0, _U1, _U2, _UCARDS = np.uint64(0), np.uint64(1), np.uint64(2), np.uint64(0x1F)
_MORE, _ALIVE = np.uint64(tables.MORE), np.uint64(tables.ALIVE)
_CARDS, _CODE = np.uint64(tables.CARDS_SHIFT), np.uint64(tables.CODE_SHIFT)


@jit
def play_walk(state, words, pos, rounds, deck, first, flags, action, stake_of, params, walk,
              info, player_start, dealer_start, settle, layout, counts):
    """``seven_half_kernel.play`` for a plan with walk tables, counting into ``counts``
    (the bet's histogram row); returns the new position."""
    kd_mode, visible = params[0] != 0, params[1] != 0
    exchange_max, fold_allowed, need = params[8], params[11] != 0, params[12]
    rows, e_blocks, dealer0 = np.uint64(layout[0]), np.uint64(layout[1]), np.uint64(layout[2])
    dealer_bits, n_player = np.uint64(layout[3]), np.uint64(layout[4])
    lost, kd_first, staked = layout[5], layout[6], layout[7] != 0
    n = deck.shape[0]
    later = 1
    for i in range(4, CARDS):
        later *= n - i
    for _ in range(rounds):
        if pos + need > words.shape[0]:
            pos = refill(state, words, pos)
        x, y = words[pos], words[pos + 1]
        pos += 2
        for i in range(4):
            j, x = split(x, np.uint64(n - i))
            j += np.uint64(i)
            c = deck[j]
            deck[j] = deck[i]
            deck[i] = c
        for i in range(4, CARDS):
            j, y = split(y, np.uint64(n - i))
            j += np.uint64(i)
            c = deck[j]
            deck[j] = deck[i]
            deck[i] = c
        p, u = deck[0], deck[1]
        up = u if visible else HIDDEN
        held = p
        s = first[p]
        e = 0
        k = 2
        stake = _U0
        # A round settled at once still walks (its result is replaced): no branch on it.
        override = -1
        if kd_mode:
            override = lost if u == KD else (kd_first if p == KD else -1)
        if exchange_max > 0 or fold_allowed:
            a = action[s, up, 0]
            while a == EXCHANGE and (flags[s] & 4) != 0 and e < exchange_max:
                e += 1
                held = deck[k]
                k += 1
                if kd_mode and held == KD:
                    override = kd_first if override < 0 else override
                    break
                s = first[held]
                a = action[s, up, e]
            if fold_allowed and a == FOLD and override < 0:
                override = lost
        if staked:
            stake = np.uint64(stake_of[s, up, e])
        block = np.uint64(u if visible else 0) * e_blocks + np.uint64(e)
        first_draw = k
        at = np.uint64(k)
        r = np.uint64(player_start[(block * _U9 + np.uint64(held)) * _U81
                                  + np.uint64(deck[at]) * _U9 + np.uint64(deck[at + _U1])])
        for i in range(PLAYER_FIRST, PLAYER_STEPS):
            r = np.uint64(walk[(r << _U4) | np.uint64(deck[at + np.uint64(i)])])
        ir = np.uint64(info[r])
        at += ((ir >> _CARDS) & _UCARDS) - _U1
        dealt = np.int64(at)
        c1, c2, c3 = np.uint64(deck[at]), np.uint64(deck[at + _U1]), np.uint64(deck[at + _U2])
        d = np.uint64(dealer_start[(((ir >> _U1) & _U1) * _U9 + np.uint64(u))
                                   * _U729 + c1 * _U81 + c2 * _U9 + c3])
        for i in range(DEALER_FIRST, DEALER_STEPS):
            d = np.uint64(walk[(d << _U4) | np.uint64(deck[at + np.uint64(i)])])
        idr = np.uint64(info[d])
        k = dealt + np.int64((idr >> _CARDS) & _UCARDS) - 1
        if override < 0 and ((ir & _MORE) != 0 or dealt > CARDS or (
                (ir & _ALIVE) != 0 and ((idr & _MORE) != 0 or k > CARDS))):
            # Rare: play the round again from its first decision, dealing past the seven.
            budget = later
            k = first_draw
            r = np.uint64(first[held]) + block * rows
            while (info[r] & _MORE) != 0:
                if k >= CARDS:
                    j, y, budget, used = draw(y, budget, n - k, words[pos])
                    pos += used
                    j += k
                    c = deck[j]
                    deck[j] = deck[k]
                    deck[k] = c
                r = np.uint64(walk[(r << _U4) | np.uint64(deck[k])])
                k += 1
            ir = np.uint64(info[r])
            d = dealer0 + ((ir >> _U1) & _U1) * rows + np.uint64(first[u + 9])
            while (ir & _ALIVE) != 0 and (info[d] & _MORE) != 0:
                if k >= CARDS:
                    j, y, budget, used = draw(y, budget, n - k, words[pos])
                    pos += used
                    j += k
                    c = deck[j]
                    deck[j] = deck[k]
                    deck[k] = c
                d = np.uint64(walk[(d << _U4) | np.uint64(deck[k])])
                k += 1
            idr = np.uint64(info[d])
        b = settle[((stake * n_player + (ir >> _CODE)) << dealer_bits) | (idr >> _CODE)]
        counts[np.uint64(b if override < 0 else override)] += 1
    return pos
