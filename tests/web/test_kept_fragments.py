"""Page parts kept in the cache (casino.views.fragments) show every change at once.

The lists' rows and the variant page's figures, payouts, versions and submissions are kept
under a key made of what they show. Each test reads a page once (so the part is kept), then
changes a row underneath, sometimes with a plain UPDATE that leaves every stamp alone, and
reads the page again: the change must be there, never the kept copy.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse

from casino.models import GameVariant, Submission, TableConfiguration, TableStatus, VariantStatus
from casino.workflow import paytable_version_create, paytable_version_update
from tests.backoffice.factories import make_approved, make_table

pytestmark = pytest.mark.django_db


def read(client, url: str, **headers) -> str:
    response = client.get(url, **headers)
    assert response.status_code == 200, url
    return response.content.decode()


def test_variant_rows_follow_a_rename_and_a_status_change(client, audrey, draft):
    client.force_login(audrey)
    assert "Sette house" in read(client, "/variants/")
    GameVariant.objects.filter(pk=draft.pk).update(name="Sette renamed", status=VariantStatus.SUBMITTED)
    page = read(client, "/variants/")
    assert "Sette renamed" in page and "Sette house" not in page
    assert '<span class="badge submitted">Submitted</span>' in page


def test_variant_rows_follow_the_language(client, audrey, draft):
    client.force_login(audrey)
    assert '<span class="badge draft">Draft</span>' in read(client, "/variants/")
    assert '<span class="badge draft">Bozza</span>' in read(client, "/variants/", HTTP_ACCEPT_LANGUAGE="it")
    assert '<span class="badge draft">Draft</span>' in read(client, "/variants/")


def test_submission_rows_follow_a_status_change_and_a_renamed_submitter(client, audrey, alice, submitted):
    client.force_login(audrey)
    assert '<span class="badge submitted">Submitted</span>' in read(client, "/submissions/")
    Submission.objects.filter(pk=submitted.pk).update(status="under_review")
    alice.username = "alice-renamed"
    alice.save(update_fields=["username"])
    page = read(client, "/submissions/")
    assert '<span class="badge under_review">Under review</span>' in page
    assert '<span class="badge submitted">Submitted</span>' not in page
    assert "<td>alice-renamed</td>" in page


def test_table_rows_follow_a_status_change_and_keep_no_form(client, audrey, adam, alice, rita, jurisdiction):
    approved = make_approved(officer=alice, reviewer=rita, preset="sette-e-mezzo", name="Sette floor",
                             jurisdiction=jurisdiction)
    table = make_table(admin=adam, variant=approved.variant, version=approved.paytable_version)
    client.force_login(audrey)
    assert '<span class="badge inactive">' in read(client, "/tables/")
    TableConfiguration.objects.filter(pk=table.pk).update(status=TableStatus.ACTIVE, pit="North")
    page = read(client, "/tables/")
    assert '<span class="badge active">' in page and "<td>North</td>" in page
    # The admin's rows hold forms with a CSRF token: rendered for each request, never kept.
    client.force_login(adam)
    page = read(client, "/tables/")
    assert reverse("web:table-deactivate", args=[table.pk]) in page and "csrfmiddlewaretoken" in page


def _between(page: str, start: str, end: str) -> str:
    return page[page.index(start):page.index(end, page.index(start))]


def test_variant_page_shows_edited_payouts_and_a_new_version_at_once(client, alice, draft):
    client.force_login(alice)
    url = reverse("web:variant-detail", args=[draft.pk])
    first = read(client, url)
    latest = draft.paytable.latest_version
    name, payout = sorted(latest.payouts.items())[0]
    # A draft's payouts are edited in place: same version, same variant row.
    paytable_version_update(version=latest, actor=alice, payouts={**latest.payouts, name: str(Fraction(payout) + 1)})
    edited = read(client, url)
    assert _between(edited, "Payouts of v1", "Paytable versions") != _between(first, "Payouts of v1", "Paytable versions")
    assert _between(edited, 'id="edge-table"', "</table>") != _between(first, 'id="edge-table"', "</table>")
    paytable_version_create(paytable=draft.paytable, actor=alice, note="second thoughts")
    page = read(client, url)
    assert "Payouts of v2" in page and "second thoughts" in page


def test_variant_page_follows_its_submissions_and_the_language(client, alice, submitted):
    client.force_login(alice)
    url = reverse("web:variant-detail", args=[submitted.variant_id])
    assert '<span class="badge submitted">Submitted</span>' in read(client, url)
    Submission.objects.filter(pk=submitted.pk).update(status="under_review")
    assert '<span class="badge under_review">Under review</span>' in read(client, url)
    italian = read(client, url, HTTP_ACCEPT_LANGUAGE="it")
    assert "Versioni della tabella dei pagamenti" in italian and "Paytable versions" not in italian
    assert "Paytable versions" in read(client, url)
