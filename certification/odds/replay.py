"""The settlement audit of posted rounds: each round's net recomputed by the product's own
settlement code from its cards and decisions, a mismatch named by round, seat and rule.

Pure: the watch tasks and the ingest call ``replay_round`` alike.
"""

from __future__ import annotations

from casino.rules.model import NINE_TEN_ELEVEN, Rules
from casino.rules.rounds import Round

from .seven_half.replay import Replay, ReplayProblem, settle_round
from .seven_half.replay import replay_round as _seven_half_replay

__all__ = ["Replay", "ReplayProblem", "first_mismatch", "replay_round", "settle_round"]


def replay_round(rules: Rules, rnd: Round, settlement=None) -> Replay:
    if rules.family == NINE_TEN_ELEVEN:
        return Replay([], skipped="9-10-11 rounds are not replayed (switches and the dice are not posted)")
    return _seven_half_replay(rules, rnd, settlement)


def first_mismatch(rules: Rules, rounds) -> ReplayProblem | None:
    """The first round (in the order given) whose posted nets the settlement contradicts."""
    from .seven_half.settle import Settlement

    settlement = None if rules.family == NINE_TEN_ELEVEN else Settlement(rules)
    for rnd in rounds:
        replay = replay_round(rules, rnd, settlement)
        if replay.problems:
            return replay.problems[0]
    return None
