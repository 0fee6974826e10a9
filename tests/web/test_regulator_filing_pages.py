"""Filing an approved version with several regulators from its page; each refusal shown by
jurisdiction, nothing filed where it was refused."""

from __future__ import annotations

import pytest
from django.urls import reverse

from casino.models import AuditEvent, DecisionStatus, RegulatorSubmission
from casino.selectors import regulator_state

pytestmark = pytest.mark.django_db


def file(client, version, *codes):
    return client.post(reverse("web:version-file", args=[version.pk]), {"jurisdictions": list(codes)})


def test_an_officer_files_a_version_with_two_regulators(as_user, alice, version, sierra, tahoe):
    response = file(as_user(alice), version, "sierra", "tahoe")
    assert response.status_code == 302
    for place in (sierra, tahoe):
        assert regulator_state(paytable_version=version, jurisdiction=place).status == DecisionStatus.SUBMITTED
    assert AuditEvent.objects.filter(action="regulator_submission.create", actor=alice).count() == 2
    page = as_user(alice).get(reverse("web:version-jurisdictions", args=[version.pk])).content.decode()
    assert 'data-jurisdiction="sierra"' in page and 'data-jurisdiction="tahoe"' in page


def test_a_refusal_names_the_jurisdiction_and_why_and_the_others_are_filed(as_user, alice, version,
                                                                          sierra, strict):
    response = file(as_user(alice), version, "sierra", "strict")
    assert response.status_code == 200
    body = response.content.decode()
    assert 'id="filing-refusals"' in body and "Strict Commission" in body and "10,000,000" in body
    assert regulator_state(paytable_version=version, jurisdiction=sierra).status == DecisionStatus.SUBMITTED
    assert regulator_state(paytable_version=version, jurisdiction=strict) is None


def test_filing_twice_is_refused_without_a_second_filing(as_user, alice, version, sierra):
    file(as_user(alice), version, "sierra")
    response = file(as_user(alice), version, "sierra")
    assert "already submitted in Sierra Gaming Board" in response.content.decode()
    assert RegulatorSubmission.objects.filter(jurisdiction=sierra).count() == 1


def test_choosing_no_or_an_unknown_jurisdiction_is_a_field_error(as_user, alice, version):
    for codes in ((), ("atlantis",)):
        response = file(as_user(alice), version, *codes)
        assert response.status_code == 400
        assert response.context["filing_form"].errors["jurisdictions"]
    assert not RegulatorSubmission.objects.exclude(jurisdiction=version.paytable.variant.jurisdiction).exists()


def test_a_draft_version_cannot_be_filed(as_user, alice, draft, sierra):
    draft_version = draft.paytable.latest_version
    page = as_user(alice).get(reverse("web:version-jurisdictions", args=[draft_version.pk])).content.decode()
    assert "Only a paytable version our internal review approved" in page
    response = file(as_user(alice), draft_version, "sierra")
    assert "internal review approved" in response.content.decode()
    assert not RegulatorSubmission.objects.filter(paytable_version=draft_version).exists()


def test_reviewers_and_auditors_cannot_file(as_user, rita, audrey, version, sierra):
    for user in (rita, audrey):
        assert file(as_user(user), version, "sierra").status_code == 403
        page = as_user(user).get(reverse("web:version-jurisdictions", args=[version.pk])).content.decode()
        assert "File with the chosen regulators" not in page
    assert regulator_state(paytable_version=version, jurisdiction=sierra) is None


def test_an_unknown_version_is_a_404(as_user, alice):
    assert as_user(alice).get(reverse("web:version-jurisdictions", args=[999_999])).status_code == 404
    assert file(as_user(alice), type("V", (), {"pk": 999_999})(), "sierra").status_code == 404
