"""Seven-and-a-half without a branch per card, for variants with neither shot nor opening.

A round's hit-or-stand and draw-or-stand decisions follow the cards, so a kernel that
branches on them mispredicts about once a hand. Here the strategy is folded into the
walk itself: one table per (upcard, fours exchanged) maps a hand's row and the next
card to the next row, and a row where the policy stands maps every card to itself (as
a bust maps to the bust row, and a dealer's row where it stands does). A hand is then
played by following the table over the next few dealt cards, whatever they are, with
no decision in between; the rows the walk ends on name the settled result.

Eight cards are dealt up front, four digits of each of two words, exactly the digits
``stream.draw`` would take for them (hence the deck-size limit). A round that needs
more (a long hand, a dealer drawing many small cards) is played again from its first
decision with cards dealt one by one, as the general kernel does; the general kernel
deals the same eight first, so both play every round alike (the tests compare them).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from casino.rules.model import SevenHalfRules

from ._jit import jit
from .seven_half import (
    DNC,
    EXCHANGE,
    FOLD,
    HIDDEN,
    KD,
    KDF,
    LOSE,
    NATURAL,
    PARAMS,
    PUSH,
    STAND,
    TRIPLE,
    WIN,
    WIN75,
    SevenHalfPlan,
)
from .stream import BUDGET, CARDS, draw, mulhi, refill

ROW_BITS = 4
PLAYER_STEPS, DEALER_STEPS = 5, 4
MORE, SHOWS75, ALIVE, CODE_SHIFT = 1, 2, 4, 3


@dataclass
class WalkTables:
    walk: np.ndarray
    """uint16, 16 per row: the row after each card class (rows of stands map to themselves)."""
    info: np.ndarray
    """uint16 per row: MORE (draws on), SHOWS75, ALIVE (not bust), and the settlement code."""
    settle: np.ndarray
    """Histogram bin per (stake, player code, dealer code), flattened."""
    layout: np.ndarray
    """int64: rows per block, exchange blocks per upcard, first dealer row, dealer codes,
    player codes, and the bins of a lost ante and of a first-card king of diamonds."""


def eligible(rules: SevenHalfRules) -> bool:
    n = rules.deck_size
    four = n * (n - 1) * (n - 2) * (n - 3)
    return (not rules.shoot_seven and not (rules.split_figures and rules.max_splits)
            and four <= BUDGET < four * (n - 4)
            and 2 + rules.four_exchange_max + PLAYER_STEPS + DEALER_STEPS <= n
            and rules.four_exchange_max + 3 <= CARDS)


def walk_tables(rules: SevenHalfRules, plan: SevenHalfPlan) -> WalkTables | None:
    """The walk tables for a variant that qualifies, else None (the general kernel)."""
    if not eligible(rules):
        return None
    p_ = dict(zip(PARAMS, plan.params.tolist(), strict=True))
    n_states = plan.next_state.shape[0]
    rows, bust = n_states + 1, n_states
    e_blocks = p_["exchange_max"] + 1
    slots = 9 if p_["visible"] else 1
    dealer0 = slots * e_blocks * rows
    if dealer0 + 2 * rows > 1 << 16:
        return None
    step = np.where(plan.next_state >= 0, plan.next_state, bust)
    step = np.vstack([step, np.full((1, 9), bust)])
    walk = np.zeros((dealer0 + 2 * rows, 1 << ROW_BITS), dtype=np.uint16)
    info = np.zeros(dealer0 + 2 * rows, dtype=np.uint16)
    states = np.arange(rows)
    pcodes, pcode = _codes([_player_kind(plan, s, bust) for s in range(rows)])
    dcodes, dcode = _codes([_dealer_kind(plan, p_, d, bust) for d in range(rows)])
    alive = (states != bust) * ALIVE
    totals = np.append(plan.totals, 16)
    shows = (totals == 15) * SHOWS75
    for slot in range(slots):
        up = slot if p_["visible"] else HIDDEN
        for e in range(e_blocks):
            a = np.append(plan.action[:, up, e], STAND)
            more = (a != STAND) & (a != FOLD) & (states != bust)
            _fill(walk, info, (slot * e_blocks + e) * rows, step, more,
                  pcode << CODE_SHIFT | alive | shows)
    ncards = np.append(plan.ncards, 99)
    for show in (0, 1):
        limit = np.where(show and p_["must_reach"], 15, p_["stands2"])
        draws = (ncards < p_["dealer_max"]) & ((totals < p_["stands2"]) | (totals < limit))
        _fill(walk, info, dealer0 + show * rows, step, draws & (states != bust),
              dcode << CODE_SHIFT)
    lo = plan.outcomes.lo[0]
    overrides = [plan.values[0, LOSE] - lo, plan.values[0, KDF] - lo]
    settle = np.array([[[_net(plan, p_, stake, pk, dk) - lo for dk in dcodes] for pk in pcodes]
                       for stake in range(plan.values.shape[0])], dtype=np.int64)
    layout = np.array([rows, e_blocks, dealer0, len(dcodes), len(pcodes), *overrides],
                      dtype=np.int64)
    return WalkTables(walk.reshape(-1), info, settle.reshape(-1), layout)


def _fill(walk, info, base, step, more, row_info):
    rows = step.shape[0]
    own = np.arange(rows)[:, None]
    walk[base:base + rows, :9] = base + np.where(more[:, None], step, own)
    info[base:base + rows] = row_info | more * MORE


def _codes(kinds):
    distinct = sorted(set(kinds), key=repr)
    index = {k: i for i, k in enumerate(distinct)}
    return distinct, np.array([index[k] for k in kinds], dtype=np.int64)


def _player_kind(plan, s, bust):
    if s == bust:
        return None
    f = int(plan.flags[s])
    kind = (TRIPLE if f & 2 else NATURAL if f & 1 else WIN75 if plan.totals[s] == 15 else WIN)
    return int(plan.totals[s]), kind, (f & 3) != 0


def _dealer_kind(plan, p_, d, bust):
    if d == bust:
        return None
    return int(plan.totals[d]), bool(p_["dnc"] and plan.flags[d] & 1)


def _net(plan, p_, stake, pk, dk):
    """One hand's net, as the general kernel settles it."""
    v = plan.values[stake]
    if pk is None:
        return v[LOSE]
    pt, kind, natural = pk
    if dk is not None and dk[1]:
        return v[LOSE if natural else DNC]
    if dk is None or pt > dk[0]:
        return v[kind]
    return v[PUSH] if pt == dk[0] and not p_["ties_dealer"] else v[LOSE]



@jit
def play_walk(state, words, pos, rounds, deck, first, flags, action, stake_of, params, walk,
              info, settle, layout, hist):
    """``seven_half_kernel.play`` for a plan with walk tables; returns the new position."""
    kd_mode, visible = params[0] != 0, params[1] != 0
    exchange_max, fold_allowed, need = params[8], params[11] != 0, params[12]
    rows, e_blocks, dealer0, n_dealer, n_player = layout[0], layout[1], layout[2], layout[3], layout[4]
    lost, kd_first = layout[5], layout[6]
    n = deck.shape[0]
    later = np.uint64((n - 4) * (n - 5) * (n - 6) * (n - 7))
    for _ in range(rounds):
        if pos + need > words.shape[0]:
            pos = refill(state, words, pos)
        x, y = words[pos], words[pos + 1]
        pos += 2
        for i in range(4):
            m = np.uint64(n - i)
            j = i + np.int64(mulhi(x, m))
            x = x * m
            c = deck[j]
            deck[j] = deck[i]
            deck[i] = c
        for i in range(4, CARDS):
            m = np.uint64(n - i)
            j = i + np.int64(mulhi(y, m))
            y = y * m
            c = deck[j]
            deck[j] = deck[i]
            deck[i] = c
        p, u = deck[0], deck[1]
        up = u if visible else HIDDEN
        s = first[p]
        e = 0
        k = 2
        a = action[s, up, 0]
        # A settled round still walks (its result is replaced): no branch on it either.
        override = -1
        if kd_mode:
            override = lost if u == KD else (kd_first if p == KD else -1)
        while a == EXCHANGE and (flags[s] & 4) != 0 and e < exchange_max:
            e += 1
            c = deck[k]
            k += 1
            if kd_mode and c == KD:
                override = kd_first if override < 0 else override
                break
            s = first[c]
            a = action[s, up, e]
        if a == FOLD and fold_allowed and override < 0:
            override = lost
        stake = stake_of[s, up, e]
        slot = u if visible else 0
        start = (slot * e_blocks + e) * rows + s
        r = start
        first_draw = k
        for i in range(PLAYER_STEPS):
            nr = np.int64(walk[(r << ROW_BITS) | deck[first_draw + i]])
            k += nr != r
            r = nr
        ir = np.int64(info[r])
        dealt = k
        d = dealer0 + ((ir >> 1) & 1) * rows + first[u]
        for i in range(DEALER_STEPS):
            nd = np.int64(walk[(d << ROW_BITS) | deck[dealt + i]])
            k += nd != d
            d = nd
        idr = np.int64(info[d])
        if override < 0 and ((ir & MORE) != 0 or dealt > CARDS or (
                (ir & ALIVE) != 0 and ((idr & MORE) != 0 or k > CARDS))):
            # Rare: play the round again from its first decision, dealing past the eight.
            budget = later
            k = first_draw
            r = start
            while (info[r] & MORE) != 0:
                if k >= CARDS:
                    j, y, budget, used = draw(y, budget, n - k, words[pos])
                    pos += used
                    j += k
                    c = deck[j]
                    deck[j] = deck[k]
                    deck[k] = c
                r = np.int64(walk[(r << ROW_BITS) | deck[k]])
                k += 1
            ir = np.int64(info[r])
            d = dealer0 + ((ir >> 1) & 1) * rows + first[u]
            while (ir & ALIVE) != 0 and (info[d] & MORE) != 0:
                if k >= CARDS:
                    j, y, budget, used = draw(y, budget, n - k, words[pos])
                    pos += used
                    j += k
                    c = deck[j]
                    deck[j] = deck[k]
                    deck[k] = c
                d = np.int64(walk[(d << ROW_BITS) | deck[k]])
                k += 1
            idr = np.int64(info[d])
        b = settle[(stake * n_player + (ir >> CODE_SHIFT)) * n_dealer + (idr >> CODE_SHIFT)]
        hist[0, b if override < 0 else override] += 1
    return pos
