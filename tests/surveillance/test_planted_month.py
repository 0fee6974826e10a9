"""A generated month: each planted cheat flagged with the right kind, within the power table's
decisions, and no one else (perfect, bad, dealer-mimicking and ordinary players).

"Within the power table's decisions": by the upper end of the 95 % interval of the decisions
by which 95 % of informed players are flagged (one planted player may be among the 5 %
flagged later; the interval's end allows for the table's own sampling error, no more)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from casino.rules.presets import preset
from certification.surveillance.month import Dealing, planted_plan
from certification.surveillance.players import surveil
from certification.surveillance.power import PUBLISHED
from certification.surveillance.results import DEALER_PARTNER, RESULTS, results_by_player
from certification.surveillance.strategies import Strategist

SEED = 41


@pytest.fixture(scope="module")
def month():
    strategist = Strategist(preset("sette-e-mezzo"))
    plan = planted_plan(SEED)
    plan = type(plan)(**{**plan.__dict__, "rounds_per_day": 30})
    generated = Dealing(strategist, SEED).month(plan)
    players = surveil(strategist, generated.decisions)
    results = results_by_player(generated.results, strategist.best_value(), strategist.largest_loss(),
                           plan.wager_limit)
    return generated, players, results



def test_the_hole_card_reader_is_flagged_within_the_power_tables_decisions(month):
    _m, players, _r = month
    found = [f for f in players["P-hole"].findings() if f.kind == "hole_card"]
    assert found and found[0].decisions <= PUBLISHED[("sette-e-mezzo", "hole_card")].interval[1]
    f = found[0]
    assert f.statistic >= f.threshold and f.key_decisions
    assert all(k.informed != k.public and k.taken == k.informed for k in f.key_decisions)
    assert f.value_units == players["P-hole"].strategist.exposure_gain("hole_card") * f.rounds


def test_the_signalling_pair_is_flagged_as_partners(month):
    _m, players, _r = month
    limit = PUBLISHED[("sette-e-mezzo", "partner")].interval[1]
    pair = [f for pid in ("P-sig-a", "P-sig-b") for f in players[pid].findings()]
    assert pair and all(f.kind == "partner" and set(f.players) == {"P-sig-a", "P-sig-b"} for f in pair)
    assert min(f.decisions for f in pair) <= limit


def test_no_one_else_is_flagged_as_informed(month):
    _m, players, _r = month
    informed = {pid for pid, w in players.items() if w.findings()}
    assert informed <= {"P-hole", "P-sig-a", "P-sig-b"}
    for pid in ("P-optimal", "P-bad", "P-mimic-1", "P-mimic-2"):
        assert players[pid].decisions > 1000
        assert all(t.flagged_at is None for t in players[pid].tests.values())


def test_results_name_the_past_poster_and_the_dealers_partner(month):
    generated, _p, results = month
    flagged = {pid: t for pid, t in results.items() if t.flagged_at is not None}
    assert set(flagged) == {"P-post", "P-partner"}
    assert flagged["P-post"].kind == RESULTS
    assert flagged["P-partner"].kind == DEALER_PARTNER
    assert flagged["P-partner"].partner_dealer == generated.crooked_dealer
    # The hole-card reader wins, but no more than the exposures allow: not a past-poster.
    assert results["P-hole"].excess > results["P-optimal"].excess
    assert results["P-hole"].flagged_at is None


def test_a_wager_above_the_tables_limit_is_refused(month):
    generated, _p, _r = month
    s = Strategist(preset("sette-e-mezzo"))
    bad = generated.results[0].__class__("R", "T1", "D-0", "P-x", Fraction(5), Fraction(5))
    with pytest.raises(ValueError, match="above the table's limit"):
        results_by_player([bad], s.best_value(), s.largest_loss(), Fraction(3))
