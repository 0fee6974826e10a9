"""Revoking a certificate in the register from its version's page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from casino.models import CertificateRevocation, DecisionStatus
from casino.selectors import certificate_status, regulator_state
from tests.web.regulator_world import decide

pytestmark = pytest.mark.django_db


@pytest.fixture
def run(approved):
    return approved.certification_run


def revoke(client, run, reason="the shuffle was not the one certified"):
    return client.post(reverse("web:run-revoke", args=[run.pk]), {"reason": reason})


def test_a_reviewer_revokes_a_certificate_and_its_approvals_end(as_user, rita, run, version, sierra,
                                                                 approved_in_sierra):
    page = as_user(rita).get(reverse("web:version-jurisdictions", args=[version.pk])).content.decode()
    assert reverse("web:run-revoke", args=[run.pk]) in page
    assert revoke(as_user(rita), run).status_code == 302
    assert certificate_status(run=run).state == "revoked"
    assert regulator_state(paytable_version=version, jurisdiction=sierra).status == DecisionStatus.REVOKED
    page = as_user(rita).get(reverse("web:version-jurisdictions", args=[version.pk])).content.decode()
    assert "the shuffle was not the one certified" in page


def test_revoking_twice_or_without_a_reason_is_refused(as_user, rita, run):
    response = revoke(as_user(rita), run, reason="")
    assert response.status_code == 400 and response.context["form"].errors["reason"]
    revoke(as_user(rita), run)
    again = revoke(as_user(rita), run)
    assert again.status_code == 400 and "already revoked" in " ".join(again.context["form"].non_field_errors())
    assert CertificateRevocation.objects.count() == 1


def test_the_submitter_and_other_roles_cannot_revoke(as_user, alice, audrey, adam, run, version, sierra):
    decide(version, sierra, DecisionStatus.SUBMITTED, adam)  # adam filed it: he is a submitter now
    for user, status in ((alice, 403), (audrey, 403), (adam, 400)):
        assert revoke(as_user(user), run).status_code == status, user
    page = as_user(adam).get(reverse("web:version-jurisdictions", args=[version.pk])).content.decode()
    assert reverse("web:run-revoke", args=[run.pk]) not in page and "you may not revoke" in page
    assert not CertificateRevocation.objects.exists()


def test_an_unknown_certificate_is_a_404(as_user, rita):
    assert as_user(rita).post(reverse("web:run-revoke", args=[999_999]), {"reason": "x"}).status_code == 404
