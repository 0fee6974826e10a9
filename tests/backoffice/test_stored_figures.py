"""A paytable version's exact figures are counted once, stored with it, and read afterwards.

These run the real exact engine (the stored fractions are compared with a fresh analysis);
the counting calls are observed by wrapping it.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from casino import workflow
from casino.models import PaytableVersionFigures
from casino.rules import rules_from_dict
from casino.services.figures import paytable_version_figures_get
from certification.odds.analysis import analyze
from certification.services import runs as run_services
from tests.backoffice.factories import make_variant

pytestmark = pytest.mark.django_db


@pytest.fixture
def counted(monkeypatch):
    """The real engine, with a record of the rules it was asked to count."""
    calls = []

    def exact_figures(rules, *, variant=""):
        calls.append(rules)
        return analyze(rules, variant)

    monkeypatch.setattr(run_services, "exact_figures", exact_figures)
    return calls


def _version(variant):
    return variant.paytable.versions.get()


def test_the_first_read_counts_and_stores_and_later_reads_do_not(alice, jurisdiction, counted):
    variant = make_variant(actor=alice, preset="siete-y-media")
    first = paytable_version_figures_get(version=_version(variant))
    again = paytable_version_figures_get(version=_version(variant))
    assert len(counted) == 1
    assert first == again
    stored = PaytableVersionFigures.objects.get(version=_version(variant))
    assert stored.bets["main"]["house_edge"] == str(first.bets[0].house_edge)


def test_stored_figures_are_the_exact_fractions_of_the_analysis(alice, jurisdiction, counted):
    variant = make_variant(actor=alice, preset="sette-e-mezzo")
    version = _version(variant)
    (edge,) = paytable_version_figures_get(version=version).bets
    exact = analyze(rules_from_dict(variant.rules_dict(version.payouts))).bets["main"]
    assert (edge.house_edge, edge.element_of_risk) == (exact.house_edge, exact.element_of_risk)
    assert (edge.p_win, edge.p_push, edge.p_loss) == (exact.p_win, exact.p_push, exact.p_loss)
    assert isinstance(edge.house_edge, Fraction)


def test_a_draft_whose_payouts_change_is_counted_again(alice, jurisdiction, counted):
    variant = make_variant(actor=alice, preset="siete-y-media")
    before = paytable_version_figures_get(version=_version(variant)).bets[0].house_edge
    version = _version(variant)
    workflow.paytable_version_update(version=version, actor=alice,
                                     payouts={**version.payouts, "seven_and_half": "3"})
    after = paytable_version_figures_get(version=_version(variant)).bets[0].house_edge
    assert len(counted) == 2
    assert after < before  # paying more on 7 1/2 lowers the house edge


def test_every_version_of_a_variant_keeps_its_own_figures(alice, jurisdiction, counted):
    variant = make_variant(actor=alice, preset="siete-y-media")
    first = variant.paytable.versions.get()
    second = workflow.paytable_version_create(paytable=variant.paytable, actor=alice,
                                              payouts={"seven_and_half": "3"}, note="richer")
    edges = [paytable_version_figures_get(version=v).bets[0].house_edge for v in (first, second)]
    assert edges[1] < edges[0]
    assert PaytableVersionFigures.objects.filter(version__paytable=variant.paytable).count() == 2


def test_a_variant_too_slow_to_count_on_demand_is_deferred_and_nothing_is_stored(
        alice, jurisdiction, counted):
    variant = make_variant(actor=alice, preset="siete-y-media", split_figures=True, max_splits=3)
    figures = paytable_version_figures_get(version=_version(variant))
    assert figures.bets == () and "certification run" in figures.deferred
    assert counted == [] and not PaytableVersionFigures.objects.exists()


def test_the_variant_page_shows_the_stored_figures_and_counts_only_once(
        client, alice, rita, jurisdiction, counted):
    variant = make_variant(actor=alice, preset="siete-y-media")
    client.force_login(rita)
    pages = [client.get(f"/variants/{variant.pk}/") for _ in range(2)]
    assert [p.status_code for p in pages] == [200, 200]
    assert len(counted) == 1
    edge = PaytableVersionFigures.objects.get(version=_version(variant)).bets["main"]["house_edge"]
    assert f'title="exact: {edge}"' in pages[1].content.decode()
