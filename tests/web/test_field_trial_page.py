"""The field-trial page and the request for final approval: what the page shows (days, rounds,
each host table's field check, alarms), who may ask, and what a refused request leaves."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse

from casino.models import AuditEvent, Notice, RegulatorDecision
from casino.permissions import Role
from casino.selectors import regulator_state
from certification.models import FieldTrialAlarm, PacketJob
from certification.services.field_results import field_results_upload
from tests.backoffice import conftest as backoffice
from tests.backoffice.factories import UserFactory
from tests.support.field_trials import (
    MIN_ROUNDS,
    TRIAL_AGE,
    TRIAL_DAYS,
    approved_in_house,
    field_file,
    silver_state,
    start_trial,
)

pytestmark = pytest.mark.django_db

api = backoffice.api


@pytest.fixture
def silver(db):
    return silver_state()


@pytest.fixture
def version(alice, rita, silver):
    return approved_in_house(officer=alice, reviewer=rita, jurisdiction=silver).paytable_version


@pytest.fixture
def trial(version, silver, adam):
    return start_trial(version=version, jurisdiction=silver, admin=adam)[0]


@pytest.fixture
def drifted(trial, adam):
    return field_results_upload(upload=field_file(drift_from=15), actor=adam)


@pytest.fixture
def olga(db):
    """A compliance officer who neither owns nor submitted the variant."""
    return UserFactory(username="olga", roles=[Role.OFFICER])


@pytest.fixture
def reggie(db):
    """A regulator's user: reads its jurisdiction, decides nothing for the laboratory."""
    return UserFactory(username="reggie", roles=["Regulator"])


def trial_url(version, code="silver", final=False):
    name = "web:field-trial-final-approval" if final else "web:field-trial"
    return reverse(name, kwargs={"pk": version.pk, "code": code})


def unchanged(version, silver):
    state = regulator_state(paytable_version=version, jurisdiction=silver)
    return (state.status, PacketJob.objects.count(),
            AuditEvent.objects.filter(action="field_trial.final_approval_request").count())


def test_the_page_shows_days_rounds_each_files_verdict_and_the_alarm(client, alice, version, trial, drifted):
    client.force_login(alice)
    html = client.get(trial_url(version)).content.decode()
    rounds = drifted.result["tables"]["FT-1"]["rounds"]
    assert f'data-elapsed="{TRIAL_AGE}" data-required="{TRIAL_DAYS}"' in html
    assert f"{TRIAL_AGE} elapsed of the {TRIAL_DAYS} required" in html
    assert f'data-rounds="{rounds}" data-required="{MIN_ROUNDS}"' in html and rounds > MIN_ROUNDS
    assert f'data-upload="{drifted.pk}" data-table="FT-1" data-verdict="drift"' in html
    alarm = FieldTrialAlarm.objects.get()
    assert alarm.notice.title in html and "field-trial drift at table FT-1 (Silver Palace)" in html
    assert 'id="trial-complete"' in html and 'id="request-final-approval"' in html
    # Reached from the version's standing with each regulator and from the matrix cell.
    for page in (reverse("web:version-jurisdictions", kwargs={"pk": version.pk}),
                 reverse("web:approval-matrix") + "?jurisdiction=silver"):
        assert trial_url(version) in client.get(page).content.decode(), page


def test_the_api_reads_the_same_trial(api, audrey, version, trial, drifted):
    body = api(audrey).get("/api/v1/field-trials/", {"paytable_version": version.pk,
                                                      "jurisdiction": "silver"}).json()
    assert body["status"] == "field_trial" and body["days_elapsed"] == TRIAL_AGE and body["complete"]
    assert body["rounds"] == drifted.result["tables"]["FT-1"]["rounds"]
    assert [(f["table"], f["verdict"]) for f in body["files"]] == [("FT-1", "drift")]
    assert [a["table"] for a in body["alarms"]] == ["FT-1"]


def test_a_short_trial_names_what_it_lacks_and_cannot_be_sent(client, api, alice, adam, version, silver):
    start_trial(version=version, jurisdiction=silver, admin=adam, age=10)
    field_results_upload(upload=field_file(days=5, first=None), actor=adam)
    client.force_login(alice)
    html = client.get(trial_url(version)).content.decode()
    assert f"the field trial runs {TRIAL_DAYS} days, until" in html.lower()
    assert "rounds; the trial needs 5,000" in html and 'id="request-final-approval"' not in html
    before = unchanged(version, silver)
    refused = client.post(trial_url(version, final=True))
    assert refused.status_code == 409 and "runs 30 days" in refused.content.decode()
    response = api(alice).post("/api/v1/field-trials/final-approval/",
                               {"paytable_version": version.pk, "jurisdiction": "silver"}, format="json")
    assert response.status_code == 409 and "trial needs 5,000" in response.json()["reason"]
    assert unchanged(version, silver) == before


def test_only_the_variants_officers_and_admins_may_ask(client, api, alice, rita, olga, reggie, adam, audrey,
                                                       version, silver, trial, drifted):
    before = unchanged(version, silver)
    body = {"paytable_version": version.pk, "jurisdiction": "silver"}
    for user in (rita, olga, reggie, audrey):
        client.force_login(user)
        assert client.post(trial_url(version, final=True)).status_code == 403, user
        assert api(user).post("/api/v1/field-trials/final-approval/", body, format="json").status_code == 403
        if user is olga:  # a compliance officer, but not this variant's: no button either
            assert 'id="request-final-approval"' not in client.get(trial_url(version)).content.decode()
    assert unchanged(version, silver) == before
    # The regulator's user reaches no back-office page through this role.
    client.force_login(reggie)
    assert client.get(trial_url(version)).status_code == 403
    accepted = api(adam).post("/api/v1/field-trials/final-approval/", body, format="json")
    assert accepted.status_code == 202 and accepted.json()["field_trial"] == trial.pk
    again = api(alice).post("/api/v1/field-trials/final-approval/", body, format="json")
    assert again.status_code == 409 and "already requested" in again.json()["reason"]
    assert PacketJob.objects.get().requested_by == adam
    event = AuditEvent.objects.get(action="field_trial.final_approval_request")
    assert event.actor == adam and "Silver State" in event.message


def test_a_version_not_in_field_trial_is_refused_and_nothing_changes(client, api, alice, version, silver):
    # Filed in Silver State by the internal approval, never put in field trial.
    before = unchanged(version, silver)
    assert before[0] == "submitted"
    response = api(alice).post("/api/v1/field-trials/final-approval/",
                               {"paytable_version": version.pk, "jurisdiction": "silver"}, format="json")
    assert response.status_code == 409
    assert response.json()["reason"].endswith("is not in field trial in Silver State: it is submitted there")
    for data, field in (({"paytable_version": version.pk, "jurisdiction": "atlantis"}, "jurisdiction"),
                        ({"jurisdiction": "silver"}, "paytable_version"),
                        ({"paytable_version": 10**30, "jurisdiction": "silver"}, "paytable_version"),
                        ({"paytable_version": version.pk, "jurisdiction": "sil\x00ver"}, "jurisdiction")):
        bad = api(alice).post("/api/v1/field-trials/final-approval/", data, format="json")
        assert bad.status_code == 400 and field in bad.json(), data
    read = api(alice).get("/api/v1/field-trials/", {"jurisdiction": "silver"})
    assert read.status_code == 400 and "paytable_version" in read.json()
    assert api(alice).get("/api/v1/field-trials/", {"paytable_version": version.pk,
                                                    "jurisdiction": "silver"}).status_code == 404
    client.force_login(alice)
    assert client.post(trial_url(version, final=True)).status_code == 404
    assert client.get(trial_url(version, code="atlantis")).status_code == 404
    assert unchanged(version, silver) == before
    assert not RegulatorDecision.objects.filter(status="final_review").exists()


def test_each_drift_alarm_is_posted_once(adam, version, silver, trial, drifted):
    from certification.services.field_trials import field_trial_alarms_raise

    notice = Notice.objects.get(kind="field_alarm")
    assert notice.jurisdiction == silver and notice.decision == trial and notice.paytable_version == version
    assert field_trial_alarms_raise(upload=drifted, actor=adam) == []
    assert Notice.objects.filter(kind="field_alarm").count() == FieldTrialAlarm.objects.count() == 1


def test_the_command_asks_as_the_user_named(olga, alice, version, silver, trial, drifted):
    from django.core.management import CommandError, call_command

    certificate = trial.submission.certification_run.certificate_number
    with pytest.raises(CommandError, match="the variant's own compliance officers"):
        call_command("finalapproval", certificate, jurisdiction="silver", user="olga")
    assert not PacketJob.objects.exists()
    out = io.StringIO()
    call_command("finalapproval", certificate, jurisdiction="silver", user="alice", stdout=out)
    job = PacketJob.objects.get()
    assert f"final approval requested; packet {job.pk} is queued" in out.getvalue()
    assert job.field_trial == trial and job.host_casino == "Silver Palace"


def test_the_report_for_final_approval_is_written_in_the_jurisdictions_language(silver, trial, drifted):
    from pypdf import PdfReader

    from certification.reports.field_trial import render_field_trial
    from certification.services.field_trials import field_trial_report_data

    silver.language = "es"
    silver.save(update_fields=["language"])
    data = field_trial_report_data(decision=RegulatorDecision.objects.get(pk=trial.pk))
    text = " ".join(PdfReader(io.BytesIO(render_field_trial(data))).pages[0].extract_text().split())
    assert data.language == "es"
    assert text.startswith("Prueba de campo: informe para la aprobación final")
    assert "Casino anfitrión Silver Palace" in text and "Field files of the host tables" not in text
