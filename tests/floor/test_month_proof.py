"""A generated month of 50 tables with three planted faults: the floor's checks find each
fault (table or dealer, fault, first day) and nothing else at the stated family-wise alpha."""

from __future__ import annotations

from certification.floor.month import generate_month
from certification.floor.rollup import FloorRollup
from certification.floor.settlement import posted_rounds, settlement_audit
from certification.floor.watch import watch_floor
from tests.floor.month import ALPHA, ALWAYS_DEALT, CARDS, RULES, month_spec, theory


def test_the_three_planted_faults_are_found_and_nothing_else():
    spec = month_spec()
    rollup = FloorRollup(CARDS, ALWAYS_DEALT)

    def rounds():
        for r in generate_month(spec):
            rollup.add(r)
            yield r

    audit = settlement_audit(posted_rounds(rounds(), RULES), lambda table: RULES)
    watch = watch_floor(rollup.finish(), theory(spec), start=spec.start, alpha=ALPHA, settlement=audit)

    found = {(f.entity, f.check): f for f in watch.findings}
    assert set(found) == {("T07", "cards"), ("T23", "settlement"), ("D305", "return")}, watch.findings
    short = found["T07", "cards"]
    assert (short.test, short.first_day) == ("short deck: 7D", 10)
    wrong = found["T23", "settlement"]
    assert (wrong.test, wrong.first_day) == ("payouts.natural", 20)
    # Paid 1 to 1 on a 25 stake instead of 2 to 1.
    assert audit["T23"].problem.posted == 25 and audit["T23"].problem.expected == 50
    leak = found["D305", "return"]
    assert "house below theory" in leak.test
    assert leak.first_day <= 5  # leaking from day 1; Page's estimate of the start
    assert watch.groups == {"table": 50, "dealer": 60, "days": 30}
    # The stated power: a lost card is found within this many rounds, surely.
    assert watch.power.missing_rounds < 2 * 90
