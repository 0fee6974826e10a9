"""A plan is one (rules, strategy) pair compiled to tables, plus how to run its kernel."""

from __future__ import annotations

import numpy as np

from casino.rules.model import Rules, SevenHalfRules

from . import seven_half
from .stream import BUFFER_WORDS


class Plan:
    """Picklable tables for one variant and strategy; ``runner()`` plays rounds with them."""

    def __init__(self, rules: Rules, tables, two_card: np.ndarray | None = None):
        self.rules = rules
        self.tables = tables
        self.two_card = two_card
        self.outcomes = tables.outcomes

    @property
    def kernel(self) -> str:
        if self.rules.family != "seven_and_half":
            return "nine_ten_eleven"
        return "two_card" if self.two_card is not None else "seven_half"

    def runner(self):
        """A callable (state, rounds, hist) that keeps its word buffer between calls."""
        words = np.empty(BUFFER_WORDS, dtype=np.uint64)
        pos = [BUFFER_WORDS]
        t = self.tables
        if self.kernel == "two_card":
            from .seven_half_kernel import play_two_card

            template = t.classes.astype(np.int64)

            def run(state, rounds, hist):
                pos[0] = play_two_card(state, words, pos[0], rounds, template, self.two_card, hist)

        elif self.kernel == "seven_half":
            from .seven_half_kernel import play

            template = t.classes.astype(np.int8)
            deck = np.empty_like(template)
            lo = self.outcomes.lo_array()

            def run(state, rounds, hist):
                pos[0] = play(state, words, pos[0], rounds, template, deck, t.next_state,
                              t.first_state, t.totals, t.ncards, t.flags, t.action,
                              t.opens, t.stake,
                              t.values, t.params, hist, lo)

        else:
            from .nine_ten_eleven_kernel import play as play_nte

            deck = np.empty_like(t.template)
            lo = self.outcomes.lo_array()

            def run(state, rounds, hist):
                pos[0] = play_nte(state, words, pos[0], rounds, t.template, deck, t.rank,
                                  t.suit, t.value3, t.combo, t.buy, t.switch, t.faces,
                                  t.bonus, t.values, t.config_rank, t.params, hist, lo)

        return run


def plan_for_rules(rules: Rules, policy) -> Plan:
    if isinstance(rules, SevenHalfRules):
        tables = seven_half.build_plan(rules, policy)
        return Plan(rules, tables, seven_half.two_card_table(rules, tables))
    from . import nine_ten_eleven

    return Plan(rules, nine_ten_eleven.build_plan(rules, policy))
