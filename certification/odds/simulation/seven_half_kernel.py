"""The Seven-and-a-half round, compiled: one call plays up to ``rounds`` rounds.

The kernel steps the chunk's generator (``state``) through the word buffer ``words``
from position ``pos`` and returns the new position; the caller keeps it, and the deck's
arrangement, for the next call. Tables and codes are those of ``seven_half.py``. It plays
the variants the table walk does not (a shot, an opening, a shoe too large for four digits
a word): it deals a round's first ``CARDS`` cards up front as the walk does, so the two
play every round alike where both can.

The strategy is looked up, never computed: a hand is a state of the composition
automaton (``nxt[state, card class]``), and ``action[state, upcard, fours exchanged]``
is a dense table of the policy's move there (``opens`` likewise for splitting figures),
filled once per plan by asking the policy about every view that can arise.
"""

from __future__ import annotations

import numpy as np

from ._jit import jit
from .stream import BUDGET, CARDS, draw, refill

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
    # Whether the dealer draws to a state, without and with a player's 7 1/2 showing.
    dealer_draws = np.zeros((totals.shape[0], 2), dtype=np.bool_)
    for d in range(totals.shape[0]):
        if ncards[d] < dealer_max:
            dealer_draws[d, 0] = totals[d] < stands2
            dealer_draws[d, 1] = totals[d] < stands2 or (must_reach and totals[d] < 15)
    hands = np.empty(max_splits + 1, dtype=np.int64)
    # The class of each hand's first card: an opening keeps it and moves the other figure.
    hand_first = np.empty(max_splits + 1, dtype=np.int64)
    x = np.uint64(0)
    n = deck.shape[0]
    for _ in range(rounds):
        if pos + need > words.shape[0]:
            pos = refill(state, words, pos)
        budget = BUDGET
        for i in range(CARDS):
            j, x, budget, used = draw(x, budget, n - i, words[pos])
            pos += used
            j += i
            c = deck[j]
            deck[j] = deck[i]
            deck[i] = c
        p, u = deck[0], deck[1]
        k = 2
        if kd_mode and u == KD:
            hist[0, values[0, LOSE] - lo[0]] += 1
            continue
        if kd_mode and p == KD:
            hist[0, values[0, KDF] - lo[0]] += 1
            continue
        up = u if visible else HIDDEN
        # The first decision, on the lone first card: exchanges of a four, then the stake
        # and fold, shoot, stand or hit (a move the rules do not open here is a hit).
        exchanges = 0
        s = first[p]
        hand_first[0] = p
        a = action[s, up, 0]
        kd_exchanged = False
        while a == EXCHANGE and (flags[s] & 4) != 0 and exchanges < exchange_max:
            exchanges += 1
            if k >= CARDS:
                j, x, budget, used = draw(x, budget, n - k, words[pos])
                pos += used
                j += k
                c = deck[j]
                deck[j] = deck[k]
                deck[k] = c
            c = deck[k]
            k += 1
            if kd_mode and c == KD:
                kd_exchanged = True
                break
            s = first[c]
            hand_first[0] = c
            a = action[s, up, exchanges]
        if kd_exchanged:
            hist[0, values[0, KDF] - lo[0]] += 1
            continue
        stake = stake_of[s, up, exchanges]
        if a == FOLD and fold_allowed:
            hist[0, values[0, LOSE] - lo[0]] += 1
            continue
        hands[0] = s
        nh = 1
        h = 0
        if a == STAND:
            h = 1
        elif a == SHOOT and shoot and (flags[s] & 8) != 0:
            if k >= CARDS:
                j, x, budget, used = draw(x, budget, n - k, words[pos])
                pos += used
                j += k
                c = deck[j]
                deck[j] = deck[k]
                deck[k] = c
            c = deck[k]
            k += 1
            hands[0] = SHOT_MADE if c == FIG or c == KD else BUST
            h = 1
        # Then each hand draws until the table says stand (every finished total says so);
        # a hand formed by opening takes its second card at once.
        splits = 0
        while h < nh:
            s = hands[h]
            while s >= 0:
                if ncards[s] == 1 and player_max > 1:
                    a = HIT
                elif (splits < max_splits and (flags[s] & 16) != 0 and ncards[s] < player_max
                      and opens[s, up, exchanges, max_splits - splits] != 0):
                    splits += 1
                    kept = hand_first[h]
                    moved = KD if kept == FIG and (flags[s] & 32) != 0 else FIG
                    s = first[kept]
                    hands[h] = s
                    hands[nh] = first[moved]
                    hand_first[nh] = moved
                    nh += 1
                    continue
                else:
                    a = action[s, up, exchanges]
                if a == STAND:
                    break
                if k >= CARDS:
                    j, x, budget, used = draw(x, budget, n - k, words[pos])
                    pos += used
                    j += k
                    c = deck[j]
                    deck[j] = deck[k]
                    deck[k] = c
                c = deck[k]
                k += 1
                s = nxt[s, c]
                hands[h] = s
            h += 1
        alive = False
        shows75 = 0
        for i in range(nh):
            if hands[i] != BUST:
                alive = True
                if hands[i] == SHOT_MADE or totals[hands[i]] == 15:
                    shows75 = 1
        net = 0
        if not alive:
            net = nh * values[stake, LOSE]
            hist[0, net - lo[0]] += 1
            continue
        d = first[u + 9]  # the dealer's first states follow the player's
        while dealer_draws[d, shows75]:
            if k >= CARDS:
                j, x, budget, used = draw(x, budget, n - k, words[pos])
                pos += used
                j += k
                c = deck[j]
                deck[j] = deck[k]
                deck[k] = c
            c = deck[k]
            k += 1
            d = nxt[d, c]
            if d < 0:
                break
        dealer_natural = d >= 0 and dnc and (flags[d] & 1) != 0
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
