"""The Seven-and-a-half round, compiled: one call plays up to ``rounds`` rounds.

The kernel steps the chunk's generator (``state``) through the word buffer ``words``
from position ``pos`` and returns the new position; the caller keeps it, and the deck's
arrangement, for the next call. Tables and codes are those of ``seven_half.py``.

The strategy is looked up, never computed: a hand is a state of the composition
automaton (``nxt[state, card class]``), and ``action[state, upcard, fours exchanged]``
is a dense table of the policy's move there (``opens`` likewise for splitting figures),
filled once per plan by asking the policy about every view that can arise.
"""

from __future__ import annotations

import numpy as np

from ._jit import jit
from .stream import BUDGET, draw, refill

FIG, KD, HIDDEN = 7, 8, 9
STAND, HIT, FOLD, EXCHANGE, SHOOT, SPLIT = range(6)
LOSE, PUSH, WIN, WIN75, NATURAL, TRIPLE, DNC, SHOT, KDF = range(9)
BUST, SHOT_MADE = -1, -2


@jit
def play(state, words, pos, rounds, deck, nxt, first, totals, ncards, flags, action,
         opens, stake_of, values, params, hist, lo):
    kd_mode, visible = params[0] != 0, params[1] != 0
    player_max, dealer_max, stands2 = params[2], params[3], params[4]
    must_reach, ties_dealer, dnc = params[5] != 0, params[6] != 0, params[7] != 0
    exchange_max, shoot, max_splits = params[8], params[9] != 0, params[10]
    fold_allowed = params[11] != 0
    need = params[12]
    hands = np.empty(max_splits + 1, dtype=np.int64)
    # The class of each hand's first card: an opening keeps it and moves the other figure.
    hand_first = np.empty(max_splits + 1, dtype=np.int64)
    x = np.uint64(0)
    n = deck.shape[0]
    for _ in range(rounds):
        if pos + need > words.shape[0]:
            pos = refill(state, words, pos)
        budget = BUDGET
        j, x, budget, used = draw(x, budget, n, words[pos])
        pos += used
        p = deck[j]
        deck[j] = deck[0]
        deck[0] = p
        j, x, budget, used = draw(x, budget, n - 1, words[pos])
        pos += used
        j += 1
        u = deck[j]
        deck[j] = deck[1]
        deck[1] = u
        k = 2
        if kd_mode and u == KD:
            hist[0, values[0, LOSE] - lo[0]] += 1
            continue
        if kd_mode and p == KD:
            hist[0, values[0, KDF] - lo[0]] += 1
            continue
        up = u if visible else HIDDEN
        exchanges = 0
        stake = 0
        decided = False
        special = -1
        nh = 1
        splits = 0
        hands[0] = first[p]
        hand_first[0] = p
        h = 0
        while h < nh and special < 0:
            s = hands[h]
            while True:
                if totals[s] >= 15 or ncards[s] >= player_max:
                    break
                if ncards[s] == 1 and nh > 1:
                    a = HIT  # a hand formed by opening takes its second card at once
                elif (flags[s] & 16) != 0 and splits < max_splits and opens[s, up, exchanges, max_splits - splits] != 0:
                    a = SPLIT
                else:
                    a = action[s, up, exchanges]
                first_decision = h == 0 and nh == 1 and ncards[s] == 1 and not decided
                if a == EXCHANGE and first_decision and (flags[s] & 4) != 0 and exchanges < exchange_max:
                    exchanges += 1
                    j, x, budget, used = draw(x, budget, n - k, words[pos])
                    pos += used
                    j += k
                    card = deck[j]
                    deck[j] = deck[k]
                    deck[k] = card
                    k += 1
                    c = card
                    if kd_mode and c == KD:
                        special = KDF
                        break
                    s = first[c]
                    hands[0] = s
                    hand_first[0] = c
                    continue
                if first_decision:
                    decided = True
                    stake = stake_of[s, up, exchanges]
                    if a == FOLD and fold_allowed:
                        special = FOLD
                        break
                if a == SHOOT and shoot and (flags[s] & 8) != 0 and nh == 1:
                    j, x, budget, used = draw(x, budget, n - k, words[pos])
                    pos += used
                    j += k
                    card = deck[j]
                    deck[j] = deck[k]
                    deck[k] = card
                    k += 1
                    c = card
                    s = SHOT_MADE if c == FIG or c == KD else BUST
                    hands[h] = s
                    break
                if a == SPLIT and (flags[s] & 16) != 0 and splits < max_splits:
                    splits += 1
                    kept = hand_first[h]
                    moved = KD if kept == FIG and (flags[s] & 32) != 0 else FIG
                    s = first[kept]
                    hands[h] = s
                    hands[nh] = first[moved]
                    hand_first[nh] = moved
                    nh += 1
                    continue
                if a == STAND:
                    break
                # hit (also a fold or opening that is no longer open to this hand)
                j, x, budget, used = draw(x, budget, n - k, words[pos])
                pos += used
                j += k
                card = deck[j]
                deck[j] = deck[k]
                deck[k] = card
                k += 1
                s = nxt[s, card]
                hands[h] = s
                if s < 0:
                    break
            h += 1
        if special == KDF:
            hist[0, values[0, KDF] - lo[0]] += 1
            continue
        if special == FOLD:
            hist[0, values[0, LOSE] - lo[0]] += 1
            continue
        alive = False
        shows75 = False
        for i in range(nh):
            if hands[i] != BUST:
                alive = True
                if hands[i] == SHOT_MADE or totals[hands[i]] == 15:
                    shows75 = True
        net = 0
        if not alive:
            net = nh * values[stake, LOSE]
            hist[0, net - lo[0]] += 1
            continue
        d = first[u]
        while ncards[d] < dealer_max:
            t = totals[d]
            if t < stands2 or (must_reach and shows75 and t < 15):
                j, x, budget, used = draw(x, budget, n - k, words[pos])
                pos += used
                j += k
                card = deck[j]
                deck[j] = deck[k]
                deck[k] = card
                k += 1
                d = nxt[d, card]
                if d < 0:
                    break
            else:
                break
        dealer_natural = False
        if d >= 0 and dnc and (flags[d] & 1) != 0:
            dealer_natural = True
        dt = totals[d] if d >= 0 else 16
        for i in range(nh):
            s = hands[i]
            if s == BUST:
                net += values[stake, LOSE]
                continue
            if s == SHOT_MADE:
                pt, kind, natural = 15, SHOT, True
            else:
                pt = totals[s]
                natural = (flags[s] & 3) != 0
                if (flags[s] & 2) != 0:
                    kind = TRIPLE
                elif (flags[s] & 1) != 0:
                    kind = NATURAL
                elif pt == 15:
                    kind = WIN75
                else:
                    kind = WIN
            if dealer_natural:
                net += values[stake, LOSE if natural else DNC]
            elif d < 0 or pt > dt:
                net += values[stake, kind]
            elif pt == dt and not ties_dealer:
                net += values[stake, PUSH]
            else:
                net += values[stake, LOSE]
        hist[0, net - lo[0]] += 1
    return pos
