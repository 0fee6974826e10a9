"""Tables stand in a property: chosen on the table form; the table page says why a table
cannot open in its property's jurisdiction; notices of ended approvals are posted."""

from __future__ import annotations

import pytest
from django.urls import reverse

from casino import workflow
from casino.models import CasinoProperty, DecisionStatus, TableConfiguration
from tests.backoffice.factories import make_table
from tests.web.regulator_world import decide

pytestmark = pytest.mark.django_db


def test_an_admin_puts_a_new_table_in_a_property(as_user, adam, version, sierra_casino):
    form = as_user(adam).get(reverse("web:table-create"))
    assert "Sierra Grand (Sierra Gaming Board)" in form.content.decode()
    response = as_user(adam).post(reverse("web:table-create"), {
        "table_id": "SG-02", "casino_property": sierra_casino.pk, "paytable_version": version.pk, "seats": "7"})
    assert response.status_code == 302
    assert TableConfiguration.objects.get(table_id="SG-02").casino_property == sierra_casino


def test_an_unknown_property_is_a_field_error(as_user, adam, version):
    response = as_user(adam).post(reverse("web:table-create"), {
        "table_id": "SG-03", "casino_property": "999999", "paytable_version": version.pk, "seats": "7"})
    assert response.status_code == 200 and response.context["form"].errors["casino_property"]
    assert not TableConfiguration.objects.filter(table_id="SG-03").exists()


def test_the_table_page_says_why_it_cannot_open_and_opening_is_refused(as_user, adam, approved,
                                                                        sierra_casino):
    table = make_table(admin=adam, variant=approved.variant, version=approved.paytable_version,
                       table_id="SG-04", casino_property=sierra_casino)
    page = as_user(adam).get(reverse("web:table-detail", args=[table.pk])).content.decode()
    assert 'id="cannot-open"' in page and "is not approved in Sierra Gaming Board" in page
    response = as_user(adam).post(reverse("web:table-activate", args=[table.pk]), follow=True)
    assert "not approved in Sierra Gaming Board" in response.content.decode()
    table.refresh_from_db()
    assert table.status == "inactive"


def test_a_table_at_home_may_open(as_user, adam, approved):
    table = make_table(admin=adam, variant=approved.variant, version=approved.paytable_version)
    page = as_user(adam).get(reverse("web:table-detail", args=[table.pk])).content.decode()
    assert 'id="may-open"' in page and 'id="cannot-open"' not in page


def test_an_ended_approval_posts_a_notice_on_the_dashboard_and_the_notices_page(
        as_user, adam, alice, rita, audrey, approved, version, sierra, sierra_casino):
    decide(version, sierra, DecisionStatus.SUBMITTED, alice)
    decide(version, sierra, DecisionStatus.APPROVED, alice, reference="SGB-5")
    table = make_table(admin=adam, variant=approved.variant, version=version, table_id="SG-05",
                       casino_property=sierra_casino)
    workflow.table_activate(table=table, actor=adam)
    decide(version, sierra, DecisionStatus.REVOKED, rita, reason="wrong shuffle")
    for user in (adam, audrey):
        home = as_user(user).get(reverse("home")).content.decode()
        assert 'id="recent-notices"' in home and "approval revoked in Sierra Gaming Board" in home
    notices = as_user(audrey).get(reverse("web:notice-list")).content.decode()
    assert "Reason: wrong shuffle" in notices and "SG-05" in notices
    listing = as_user(audrey).get(reverse("web:table-list")).content.decode()
    assert "Sierra Grand" in listing


def test_properties_of_the_form_are_every_property(as_user, adam, sierra):
    CasinoProperty.objects.create(name="Lakeside", jurisdiction=sierra)
    form = as_user(adam).get(reverse("web:table-create")).context["form"]
    assert "Lakeside" in [p.name for p in form.fields["casino_property"].queryset]
