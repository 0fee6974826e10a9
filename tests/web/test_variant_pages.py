"""Creating and editing variants through the pages: the services do the writing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from casino.models import GameVariant, VersionStatus
from tests.web.test_preview import preset_post

pytestmark = pytest.mark.django_db


def test_an_officer_creates_a_draft_from_a_preset(as_user, alice, jurisdiction):
    client = as_user(alice)
    page = client.get(reverse("web:variant-create") + "?preset=sette-e-mezzo")
    body = page.content.decode()
    assert 'for="id_payouts__natural"' in body and "id_payouts__natural_helptext" in body
    assert 'id="edge-table"' in body and "player advantage" not in body
    data = preset_post("sette-e-mezzo", name="Sette lounge", jurisdiction=jurisdiction.pk,
                       preset="sette-e-mezzo", payouts__natural="3")
    response = client.post(reverse("web:variant-create") + "?preset=sette-e-mezzo", data)
    variant = GameVariant.objects.get(name="Sette lounge")
    assert response.status_code == 302 and response["Location"] == reverse("web:variant-detail", args=[variant.pk])
    assert variant.preset == "sette-e-mezzo" and variant.created_by == alice
    assert variant.paytable.latest_version.payouts["natural"] == "3"


def test_from_scratch_starts_at_the_family_defaults(as_user, alice):
    body = as_user(alice).get(reverse("web:variant-create") + "?family=nine_ten_eleven").content.decode()
    assert 'name="payouts__bonus_straight_flush"' in body and 'value="60"' in body


def test_invalid_fields_are_shown_on_their_field_and_nothing_is_created(as_user, alice, jurisdiction):
    data = preset_post("sette-e-mezzo", name="", jurisdiction=jurisdiction.pk, payouts__win="x", decks="2")
    response = as_user(alice).post(reverse("web:variant-create") + "?preset=sette-e-mezzo", data)
    assert response.status_code == 200
    form, meta = response.context["form"], response.context["meta"]
    assert "payouts__win" in form.errors and "name" in meta.errors
    assert not GameVariant.objects.exists()


def test_editing_a_draft_updates_its_draft_version(as_user, alice, draft):
    client = as_user(alice)
    data = preset_post("sette-e-mezzo", payouts__natural="5/2", note="reale pays more")
    response = client.post(reverse("web:variant-edit", args=[draft.pk]), data)
    assert response.status_code == 302
    versions = list(draft.paytable.versions.all())
    assert len(versions) == 1 and versions[0].payouts["natural"] == "5/2"


def test_editing_a_submitted_paytable_makes_a_new_draft_version_and_keeps_the_rules(as_user, alice, submitted):
    variant = submitted.variant
    data = preset_post("sette-e-mezzo", payouts__triple="4", ties="push", note="triple up")
    response = as_user(alice).post(reverse("web:variant-edit", args=[variant.pk]), data)
    assert response.status_code == 302
    latest = variant.paytable.latest_version
    assert latest.number == 2 and latest.status == VersionStatus.DRAFT and latest.payouts["triple"] == "4"
    assert latest.supersedes == submitted.paytable_version
    variant.refresh_from_db()
    assert variant.parameters["ties"] == "dealer"  # the posted rule change was ignored


def test_two_versions_compare_side_by_side(as_user, alice, submitted):
    variant = submitted.variant
    as_user(alice).post(reverse("web:variant-edit", args=[variant.pk]),
                        preset_post("sette-e-mezzo", payouts__natural="3"))
    body = as_user(alice).get(reverse("web:paytable-compare", args=[variant.pk])).content.decode()
    assert "changed" in body and "Main bet" in body and 'title="exact: ' in body


def test_a_reviewer_cannot_create_or_edit(as_user, rita, draft):
    client = as_user(rita)
    assert client.post(reverse("web:variant-create") + "?preset=sette-e-mezzo", {}).status_code == 403
    assert client.post(reverse("web:variant-edit", args=[draft.pk]), {}).status_code == 403
    assert client.post(reverse("web:variant-submit", args=[draft.pk])).status_code == 403


def test_the_detail_page_offers_submit_only_to_an_officer(as_user, alice, audrey, draft):
    url = reverse("web:variant-detail", args=[draft.pk])
    assert 'id="submit-variant"' in as_user(alice).get(url).content.decode()
    assert 'id="submit-variant"' not in as_user(audrey).get(url).content.decode()


def test_the_online_format_page_lists_the_readings_with_their_edges(as_user, alice, jurisdiction):
    from tests.backoffice.factories import make_variant

    variant = make_variant(actor=alice, preset="sette-e-mezzo-online", name="7 e Mezzo online",
                           jurisdiction=jurisdiction)
    body = as_user(alice).get(reverse("web:variant-detail", args=[variant.pk])).content.decode()
    readings = body[body.index('id="readings"'):]
    assert "0.6046" in readings and "0.1726" in readings and "1.3885" in readings
    assert "A matta face-up card counts, for standing: counts 7" in readings and "Standing minimum" in body
    assert "stand_minimum_matta" not in readings  # the change in words, not as code
    # An empty optional payout on the form leaves the line unset.
    data = preset_post("sette-e-mezzo", name="Sette plain", jurisdiction=jurisdiction.pk,
                       preset="sette-e-mezzo", payouts__natural="")
    as_user(alice).post(reverse("web:variant-create") + "?preset=sette-e-mezzo", data)
    assert GameVariant.objects.get(name="Sette plain").paytable.latest_version.payouts.get("natural") is None
