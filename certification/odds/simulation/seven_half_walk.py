"""Seven-and-a-half without a branch per card, for variants with neither shot nor opening.

A round's hit-or-stand and draw-or-stand decisions follow the cards, so a kernel that
branches on them mispredicts about once a hand. Here the strategy is folded into the
walk itself: one table per (upcard, fours exchanged) maps a hand's row and the next
card to the next row, and a row where the policy stands maps every card to itself (as
a bust maps to the bust row, and a dealer's row where it stands does). A hand is then
played by following the table over the next few dealt cards, whatever they are, with
no decision in between; the rows the walk ends on name the settled result.

Seven cards (``stream.CARDS``) are dealt up front, four digits of one word and three of
the next, exactly the digits ``stream.draw`` would take for them (hence the deck-size
limit). A round that needs more (a long hand, a dealer drawing many small cards: about
one in thirty) is played again from its first decision with cards dealt one by one, as
the general kernel does; the general kernel deals the same seven first, so both play
every round alike (the tests compare them).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

import numpy as np

from casino.rules.model import SevenHalfRules

from .seven_half import (
    DNC,
    FOLD,
    HIDDEN,
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
from .stream import BUDGET, CARDS

ROW_BITS = 4
# Draws a round takes without its slow path: with seven cards dealt, a player who hits four
# times leaves the dealer too few anyway. The player's first two draws and the dealer's
# first three are read from one table each, the others from the walk table.
PLAYER_STEPS, DEALER_STEPS = 4, 4
PLAYER_FIRST, DEALER_FIRST = 2, 3
MORE, SHOWS75, ALIVE, CARDS_SHIFT, CODE_SHIFT = 1, 2, 4, 3, 8


@dataclass
class WalkTables:
    walk: np.ndarray
    """uint16, 16 per row: the row after each card class (rows of stands map to themselves)."""
    info: np.ndarray
    """uint16 per row: MORE (draws on), SHOWS75, ALIVE (not bust), cards, settlement code."""
    player_start: np.ndarray
    """uint16: the row after two walk steps, per (upcard slot, exchanges, first card, two cards)."""
    dealer_start: np.ndarray
    """uint16: the row after three walk steps, per (player shows 7 1/2, upcard, three cards)."""
    settle: np.ndarray
    """Histogram bin per (stake, player code, dealer code), flattened."""
    layout: np.ndarray
    """int64: rows per block, exchange blocks per upcard, first dealer row, bits of a dealer
    code, player codes, the bins of a lost ante and of a first-card king of diamonds, and
    whether any first card takes a final bet."""


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
    ncards = plan.ncards.astype(np.int64)
    # A bust keeps its number of cards (its own row per count), which says where the
    # dealer's cards start.
    most = int(ncards.max()) + 1
    rows = n_states + most + 1
    step = np.where(plan.next_state >= 0, plan.next_state, n_states + ncards[:, None] + 1)
    busts = np.arange(n_states, rows)
    step = np.vstack([step, np.repeat(busts[:, None], 9, axis=1)])
    cards = np.append(ncards, busts - n_states)
    bust = np.arange(rows) >= n_states
    e_blocks = p_["exchange_max"] + 1
    slots = 9 if p_["visible"] else 1
    dealer0 = slots * e_blocks * rows
    if dealer0 + 2 * rows > 1 << 16 or most >= 1 << (CODE_SHIFT - CARDS_SHIFT):
        return None
    walk = np.zeros((dealer0 + 2 * rows, 1 << ROW_BITS), dtype=np.uint16)
    info = np.zeros(dealer0 + 2 * rows, dtype=np.uint16)
    pcodes, pcode = _codes([None if b else _player_kind(plan, s) for s, b in enumerate(bust)])
    dcodes, dcode = _codes([None if b else _dealer_kind(plan, p_, d) for d, b in enumerate(bust)])
    if max(len(pcodes), len(dcodes)) > 1 << (16 - CODE_SHIFT):
        return None
    totals = np.append(plan.totals, np.full(rows - n_states, 16))
    alive_shows = ~bust * ALIVE | (totals == 15) * SHOWS75
    for slot in range(slots):
        up = slot if p_["visible"] else HIDDEN
        for e in range(e_blocks):
            a = np.append(plan.action[:, up, e], np.full(rows - n_states, STAND))
            more = (a != STAND) & (a != FOLD)
            _fill(walk, info, (slot * e_blocks + e) * rows, step, more,
                  pcode << CODE_SHIFT | cards << CARDS_SHIFT | alive_shows)
    for show in (0, 1):
        limit = np.where(show and p_["must_reach"], 15, p_["stands2"])
        draws = (cards < p_["dealer_max"]) & ((totals < p_["stands2"]) | (totals < limit)) & ~bust
        _fill(walk, info, dealer0 + show * rows, step, draws,
              dcode << CODE_SHIFT | cards << CARDS_SHIFT)
    first = np.where(plan.first_state >= 0, plan.first_state, 0)
    player = (np.arange(slots * e_blocks)[:, None] * rows + first[:9]).reshape(-1)
    dealer = (dealer0 + np.arange(2)[:, None] * rows + first[9:]).reshape(-1)
    lo = plan.outcomes.lo[0]
    overrides = [plan.values[0, LOSE] - lo, plan.values[0, KDF] - lo]
    # Dealer codes in a power-of-two stride, so the kernel shifts instead of multiplying.
    dealer_bits = max(len(dcodes) - 1, 1).bit_length()
    settle = np.zeros((plan.values.shape[0], len(pcodes), 1 << dealer_bits), dtype=np.int64)
    for stake, (i, pk), (j, dk) in product(range(settle.shape[0]), enumerate(pcodes),
                                           enumerate(dcodes)):
        settle[stake, i, j] = _net(plan, p_, stake, pk, dk) - lo
    layout = np.array([rows, e_blocks, dealer0, dealer_bits, len(pcodes), *overrides,
                       plan.stake.any()],
                      dtype=np.int64)
    return WalkTables(walk.reshape(-1), info, _ahead(walk, player, PLAYER_FIRST),
                      _ahead(walk, dealer, DEALER_FIRST), settle.reshape(-1), layout)


def _fill(walk, info, base, step, more, row_info):
    rows = step.shape[0]
    own = np.arange(rows)[:, None]
    walk[base:base + rows, :9] = base + np.where(more[:, None], step, own)
    info[base:base + rows] = row_info | more * MORE


def _ahead(walk, starts, steps):
    """The row reached from each start over every sequence of ``steps`` cards."""
    walk = walk.reshape(-1, 1 << ROW_BITS)
    rows = starts.astype(np.int64)
    for _ in range(steps):
        rows = walk[rows[..., None], np.arange(9)].astype(np.int64)
    return rows.reshape(-1).astype(np.uint16)


def _codes(kinds):
    distinct = sorted(set(kinds), key=repr)
    index = {k: i for i, k in enumerate(distinct)}
    return distinct, np.array([index[k] for k in kinds], dtype=np.int64)


def _player_kind(plan, s):
    f = int(plan.flags[s])
    kind = (TRIPLE if f & 2 else NATURAL if f & 1 else WIN75 if plan.totals[s] == 15 else WIN)
    return int(plan.totals[s]), kind, (f & 3) != 0


def _dealer_kind(plan, p_, d):
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
