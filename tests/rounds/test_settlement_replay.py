"""The settlement audit: rounds settled right replay clean; a wrong payout is named by round,
seat and rule at the first round that shows it."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from casino.rules import PRESETS, evolve
from certification.odds.replay import first_mismatch, replay_round
from tests.rounds.generate import RULES, make_rounds


def test_rounds_dealt_and_settled_by_the_engine_replay_clean():
    rounds = make_rounds(300, seed=41)
    assert all(replay_round(RULES, r).settled_right for r in rounds)


def test_a_reale_paid_at_the_wrong_rate_is_named():
    rounds = make_rounds(300, seed=42)
    index, seat = next((i, j) for i, r in enumerate(rounds) for j, s in enumerate(r.seats)
                       if s.net == 2 * s.wagers["ante"])  # a 7½ in two cards, paid 2 to 1
    rounds[index].seats[seat].net = rounds[index].seats[seat].wagers["ante"]  # paid even money
    problem = first_mismatch(RULES, rounds)
    assert problem.round_id == rounds[index].round_id
    assert problem.field == f"seats[{seat}].net" and problem.rule == "payouts.natural"
    assert problem.expected == 2 * rounds[index].seats[seat].wagers["ante"]


def test_a_table_paying_by_other_rules_fails_the_audit():
    # The same rounds read against a paytable that pays a reale 3 to 1 are paid wrong.
    rounds = make_rounds(200, seed=43)
    other = evolve(RULES, payouts=replace(RULES.payouts, natural=Fraction(3)))
    assert first_mismatch(other, rounds) is not None
    assert first_mismatch(RULES, rounds) is None


def test_cards_left_over_name_the_dealer_rule():
    rnd = make_rounds(1, seed=44)[0]
    rnd.cards.append("AS" if "AS" not in rnd.cards else "AC")
    replay = replay_round(RULES, rnd)
    assert replay.problems and replay.problems[0].rule == "dealer_stands_at"


def test_rounds_without_cards_are_skipped_not_passed():
    rnd = make_rounds(1, seed=45)[0]
    rnd.cards = None
    replay = replay_round(RULES, rnd)
    assert replay.skipped and not replay.settled_right
    assert replay_round(PRESETS["nine-ten-eleven"], rnd).skipped
