"""A plan is one (rules, strategy) pair compiled to tables, plus how to run its kernel."""

from __future__ import annotations

import numpy as np

from casino.rules.model import Rules, SevenHalfRules

from . import seven_half
from .seven_half_walk import WalkTables, walk_tables
from .stream import BUFFER_WORDS
from .two_card import TwoCardTables, two_card_tables


class Plan:
    """Picklable tables for one variant and strategy; ``runner()`` plays rounds with them."""

    def __init__(self, rules: Rules, tables, two_card: TwoCardTables | None = None,
                 walk: WalkTables | None = None):
        self.rules = rules
        self.tables = tables
        self.two_card = two_card
        self.walk = walk
        self.outcomes = tables.outcomes

    @property
    def kernel(self) -> str:
        if self.rules.family != "seven_and_half":
            return "nine_ten_eleven" if self.tables.by_rank else "nine_ten_eleven_cards"
        if self.two_card is not None:
            return "two_card"
        return "seven_half_walk" if self.walk is not None else "seven_half"

    def runner(self, seed: int, index: int):
        """A callable (rounds, hist) playing chunk ``index``'s next rounds into ``hist``.

        ``hist`` is cumulative over the chunk: each call adds the rounds it played.
        """
        if self.kernel == "two_card":
            return self._two_card_runner(seed, index)
        from .stream import chunk_state

        state = chunk_state(seed, index)
        words = np.empty(BUFFER_WORDS, dtype=np.uint64)
        pos = [BUFFER_WORDS]
        t = self.tables
        lo = self.outcomes.lo_array()
        if self.kernel == "seven_half_walk":
            from .seven_half_walk_kernel import play_walk

            deck, w = t.classes.astype(np.int8), self.walk

            def run(rounds, hist):
                pos[0] = play_walk(state, words, pos[0], rounds, deck, t.first_state, t.flags,
                                   t.action, t.stake, t.params, w.walk, w.info, w.player_start,
                                   w.dealer_start, w.settle, w.layout, hist[0])

        elif self.kernel == "seven_half":
            from .seven_half_kernel import play

            deck = t.classes.astype(np.int8)

            def run(rounds, hist):
                pos[0] = play(state, words, pos[0], rounds, deck, t.next_state,
                              t.first_state, t.totals, t.ncards, t.flags, t.action,
                              t.opens, t.stake, t.values, t.params, hist, lo)

        elif self.kernel == "nine_ten_eleven":
            from .nine_ten_eleven_kernel import play_by_rank

            deck = t.codes.copy()
            hand_value, hand_combo, buy = t.by_rank_tables()

            def run(rounds, hist):
                pos[0] = play_by_rank(state, words, pos[0], rounds, deck, hand_value, hand_combo,
                                      buy, t.switched, t.faces, t.bonus, t.values, t.params,
                                      t.fresh, hist, lo)

        else:
            from .nine_ten_eleven_kernel import play as play_nte

            deck = t.template.copy()

            def run(rounds, hist):
                pos[0] = play_nte(state, words, pos[0], rounds, deck, t.rank,
                                  t.suit, t.value3, t.combo, t.buy, t.switch, t.faces,
                                  t.bonus, t.values, t.config_rank, t.params, hist, lo)

        return run

    def _two_card_runner(self, seed: int, index: int):
        from .lanes import LANES, lane_states
        from .two_card_kernel import play_two_card

        t = self.two_card
        state = lane_states(seed, index)
        counts = np.zeros((LANES, len(t.code_bins)), dtype=np.int64)
        played = [0]

        def run(rounds, hist):
            play_two_card(state, played[0] % LANES, rounds, t.m12, t.m34, t.pair_base,
                          t.outcome, counts)
            played[0] += rounds
            hist[0, t.code_bins] = counts.sum(axis=0)

        return run


def plan_for_rules(rules: Rules, policy) -> Plan:
    if isinstance(rules, SevenHalfRules):
        tables = seven_half.build_plan(rules, policy)
        two_card = two_card_tables(rules, tables)
        walk = walk_tables(rules, tables) if two_card is None else None
        return Plan(rules, tables, two_card, walk)
    from . import nine_ten_eleven

    return Plan(rules, nine_ten_eleven.build_plan(rules, policy))
