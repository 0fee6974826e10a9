"""Withdrawing or revoking an approval from the web: only the roles the backend allows, never
whoever submitted the version; the tables dealing it go off the floor and a notice is posted."""

from __future__ import annotations

import pytest
from django.urls import reverse

from casino import workflow
from casino.models import DecisionStatus, Notice, RegulatorDecision, TableStatus
from casino.selectors import regulator_state
from tests.backoffice.factories import make_table
from tests.web.regulator_world import decide

pytestmark = pytest.mark.django_db


@pytest.fixture
def dealing(adam, approved, approved_in_sierra, sierra_casino):
    table = make_table(admin=adam, variant=approved.variant, version=approved.paytable_version,
                       table_id="SG-01", casino_property=sierra_casino)
    return workflow.table_activate(table=table, actor=adam)


def end(client, version, **fields):
    return client.post(reverse("web:approval-end", args=[version.pk]),
                       {"jurisdiction": "sierra", "status": "revoked", "reason": "field problem", **fields})


def test_a_reviewer_revokes_and_the_table_follows(as_user, rita, version, sierra, dealing):
    response = end(as_user(rita), version, reference="SGB-R-9")
    assert response.status_code == 302
    decision = regulator_state(paytable_version=version, jurisdiction=sierra)
    assert (decision.status, decision.reason, decision.recorded_by) == ("revoked", "field problem", rita)
    dealing.refresh_from_db()
    assert dealing.status == TableStatus.INACTIVE
    notice = Notice.objects.get(decision=decision)
    assert "SG-01" in notice.body
    table_page = as_user(rita).get(reverse("web:table-detail", args=[dealing.pk])).content.decode()
    assert 'id="ended-approval"' in table_page and "approval revoked in Sierra Gaming Board" in table_page
    assert 'id="cannot-open"' in table_page and "it is revoked there" in table_page


def test_the_officer_who_submitted_it_may_withdraw_but_not_revoke(as_user, alice, version, sierra,
                                                                  approved_in_sierra):
    form = as_user(alice).get(reverse("web:approval-end", args=[version.pk])).context["form"]
    assert [value for value, _ in form.fields["status"].choices] == ["withdrawn"]
    response = end(as_user(alice), version)
    assert response.status_code == 400 and response.context["form"].errors["status"]
    assert regulator_state(paytable_version=version, jurisdiction=sierra).status == DecisionStatus.APPROVED
    assert end(as_user(alice), version, status="withdrawn").status_code == 302
    assert regulator_state(paytable_version=version, jurisdiction=sierra).status == DecisionStatus.WITHDRAWN


def test_an_admin_who_filed_it_cannot_revoke_it(as_user, adam, version, sierra):
    decide(version, sierra, DecisionStatus.SUBMITTED, adam)
    decide(version, sierra, DecisionStatus.APPROVED, adam, reference="SGB-3")
    response = end(as_user(adam), version)
    assert response.status_code == 400
    assert "you submitted this version" in " ".join(response.context["form"].non_field_errors())
    assert regulator_state(paytable_version=version, jurisdiction=sierra).status == DecisionStatus.APPROVED


def test_revoking_twice_and_revoking_without_a_reason_change_nothing(as_user, rita, version, sierra,
                                                                     approved_in_sierra):
    response = end(as_user(rita), version, reason="  ")
    assert response.status_code == 400 and response.context["form"].errors["reason"]
    assert end(as_user(rita), version).status_code == 302
    count = RegulatorDecision.objects.count()
    again = end(as_user(rita), version)
    assert again.status_code == 400
    assert "From revoked" in " ".join(again.context["form"].non_field_errors())
    assert RegulatorDecision.objects.count() == count and Notice.objects.count() == 1


def test_auditors_and_outsiders_cannot_end_an_approval(as_user, audrey, oscar, version, sierra,
                                                       approved_in_sierra):
    for user in (audrey, oscar):
        assert as_user(user).get(reverse("web:approval-end", args=[version.pk])).status_code == 403
        assert end(as_user(user), version).status_code == 403
    assert regulator_state(paytable_version=version, jurisdiction=sierra).status == DecisionStatus.APPROVED


def test_a_reason_typed_with_its_full_stop_ends_one_sentence_on_the_table_page(as_user, rita, version, dealing):
    assert end(as_user(rita), version, reason="revoked in the register.").status_code == 302
    table_page = as_user(rita).get(reverse("web:table-detail", args=[dealing.pk])).content.decode()
    ended = table_page[table_page.index('id="ended-approval"'):].split("</p>")[0]
    assert "revoked in the register. <a" in ended and ".." not in ended
