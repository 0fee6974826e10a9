"""The Seven-and-a-half round, compiled: one call plays up to ``rounds`` rounds.

Both kernels step the chunk's generator (``state``) through the word buffer ``words``
from position ``pos`` and return the new position, which the caller keeps for the next
call. Tables and codes are those of ``seven_half.py``.
"""

from __future__ import annotations

import numpy as np

from ._jit import jit
from .stream import BUDGET, deal, mulhi, refill

FIG, KD, HIDDEN = 7, 8, 9
STAND, HIT, FOLD, EXCHANGE, SHOOT, SPLIT = range(6)
LOSE, PUSH, WIN, WIN75, NATURAL, TRIPLE, DNC, SHOT, KDF = range(9)
BUST, SHOT_MADE = -1, -2


@jit
def play(state, words, pos, rounds, template, deck, nxt, first, totals, ncards, flags, action,
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
    n = template.shape[0]
    for _ in range(rounds):
        if pos + need > words.shape[0]:
            pos = refill(state, words, pos)
        for i in range(n):
            deck[i] = template[i]
        budget = BUDGET
        card, pos, x, budget = deal(words, pos, x, budget, deck, 0)
        p = card
        card, pos, x, budget = deal(words, pos, x, budget, deck, 1)
        u = card
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
                    card, pos, x, budget = deal(words, pos, x, budget, deck, k)
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
                    card, pos, x, budget = deal(words, pos, x, budget, deck, k)
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
                card, pos, x, budget = deal(words, pos, x, budget, deck, k)
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
                card, pos, x, budget = deal(words, pos, x, budget, deck, k)
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


@jit
def play_two_card(state, words, pos, rounds, template, table, hist):
    """Rounds where no hand takes more than two cards (the casino version).

    Such a round uses at most four cards, so one word gives four ordered positions of a
    freshly shuffled deck (player's card, dealer's card, player's draw, dealer's draw:
    positions are exchangeable, so which draw goes to whom does not change the law), and
    ``table`` holds the net result's histogram index for every class combination.
    """
    n = np.uint64(template.shape[0])
    n1, n2, n3 = n - np.uint64(1), n - np.uint64(2), n - np.uint64(3)
    index = np.empty(words.shape[0], dtype=np.int64)
    left = rounds
    while left > 0:
        if pos == words.shape[0]:
            pos = refill(state, words, pos)
        m = min(left, words.shape[0] - pos)
        # Decoding first and counting after keeps the decode loop free of stores that
        # could alias its loads, which lets the processor overlap rounds.
        for i in range(m):
            x = words[pos + i]
            d1 = np.int64(mulhi(x, n))
            x = x * n
            d2 = np.int64(mulhi(x, n1))
            x = x * n1
            d3 = np.int64(mulhi(x, n2))
            x = x * n2
            d4 = np.int64(mulhi(x, n3))
            # The d-th card still in the stock: step over the positions already dealt.
            c1 = d1
            c2 = d2 + (d2 >= c1)
            a, b = min(c1, c2), max(c1, c2)
            c3 = d3 + (d3 >= a)
            c3 += c3 >= b
            low, high = min(a, c3), max(b, c3)
            mid = a + b + c3 - low - high
            c4 = d4 + (d4 >= low)
            c4 += c4 >= mid
            c4 += c4 >= high
            index[i] = ((template[c1] * 9 + template[c2]) * 9 + template[c3]) * 9 + template[c4]
        for i in range(m):
            hist[0, table[index[i]]] += 1
        pos += m
        left -= m
    return pos
