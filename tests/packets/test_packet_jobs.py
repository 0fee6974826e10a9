"""The packet as an asynchronous job: roles on the API and the page, and a real worker building it."""

from __future__ import annotations

import io
import time

import pytest
from django.core.management import call_command
from django.urls import reverse

from casino.models import AuditEvent
from certification.models import PacketJob, RunStatus

from .conftest import certify


@pytest.mark.django_db
def test_officers_and_admins_create_packet_jobs_reviewers_and_auditors_only_read(
        api, certified, alice, adam, rita, audrey, oscar):
    _, run = certified
    body = {"run": run.pk, "jurisdiction": "nevada", "applicant": "Acme", "host_casino": "Royale"}
    created = {}
    for user, expected in ((alice, 202), (adam, 202), (rita, 403), (audrey, 403), (oscar, 403),
                           (None, 403)):
        response = api(user).post("/api/v1/packets/", body, format="json")
        assert response.status_code in ((401, 403) if user is None else (expected,)), (user, response.data)
        if expected == 202:
            created[user.username] = response.data["id"]
            assert response.data["status"] == "queued"
    assert PacketJob.objects.count() == 2
    assert AuditEvent.objects.filter(action="packet.request").count() == 2
    for user in (alice, adam, rita, audrey):
        listing = api(user).get("/api/v1/packets/")
        assert listing.status_code == 200 and listing.data["count"] == 2
        assert api(user).get(f"/api/v1/packets/{created['alice']}/download/").status_code == 404
    assert api(oscar).get("/api/v1/packets/").status_code == 403


@pytest.mark.django_db
def test_a_packet_needs_a_finished_run_and_a_known_profile(api, alice, nevada):
    from certification.services.runs import certification_run_create
    from tests.backoffice.factories import make_submission

    submission = make_submission(officer=alice, preset="sette-e-mezzo", name="S", jurisdiction=nevada)
    queued = certification_run_create(variant=submission.variant, requested_by=alice, rounds=1000,
                                      paytable_version=submission.paytable_version)
    response = api(alice).post("/api/v1/packets/", {"run": queued.pk, "jurisdiction": "nevada"}, format="json")
    assert response.status_code == 409 and "has not finished" in str(response.data)
    response = api(alice).post("/api/v1/packets/", {"run": queued.pk, "jurisdiction": "atlantis"}, format="json")
    assert response.status_code == 400 and "jurisdiction" in response.data
    # PostgreSQL refuses a NUL in text: such a code names no profile (a 400, not a 500).
    response = api(alice).post("/api/v1/packets/", {"run": queued.pk, "jurisdiction": "nev\x00ada"}, format="json")
    assert response.status_code == 400 and "nev\\x00ada" in response.data["jurisdiction"][0]
    assert not PacketJob.objects.exists()


@pytest.mark.django_db
def test_the_prepare_page_shows_the_checklist_and_who_may_build(client, certified, alice, rita, audrey):
    submission, run = certified
    url = reverse("web:submission-packet", kwargs={"pk": submission.pk})
    client.force_login(alice)
    detail = client.get(reverse("web:submission-detail", kwargs={"pk": submission.pk})).content.decode()
    assert 'id="prepare-packet"' in detail
    page = client.get(url + "?jurisdiction=lab").content.decode()
    assert "Independent test laboratory" in page and 'data-ready="no"' in page
    assert "20,000,000" in page and 'id="build-packet"' in page
    response = client.post(reverse("web:submission-packet-create", kwargs={"pk": submission.pk}),
                           {"jurisdiction": "lab", "applicant": "Acme", "host_casino": "Royale"})
    assert response.status_code == 302 and PacketJob.objects.get().jurisdiction.code == "lab"
    for user in (rita, audrey):
        client.force_login(user)
        assert client.get(url).status_code == 200
        assert 'id="build-packet"' not in client.get(url).content.decode()
        forbidden = client.post(reverse("web:submission-packet-create", kwargs={"pk": submission.pk}),
                                {"jurisdiction": "lab"})
        assert forbidden.status_code == 403
    assert PacketJob.objects.count() == 1


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_builds_the_packet_and_the_api_serves_it(api, alice, nevada, start_worker,
                                                              tmp_path):
    start_worker(concurrency=1, extra_env={"DJANGO_MEDIA_ROOT": str(tmp_path / "media")})
    from tests.backoffice.factories import make_submission

    submission = make_submission(officer=alice, preset="nine-ten-eleven", name="9-10-11",
                                 jurisdiction=nevada)
    run = certify(variant=submission.variant, procedure="wash,riffle,riffle,box,riffle,cut")
    client = api(alice)
    job = client.post("/api/v1/packets/", {"run": run.pk, "jurisdiction": "nevada"}, format="json").data
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        state = client.get(f"/api/v1/packets/{job['id']}/").data
        if state["status"] in (RunStatus.DONE, RunStatus.FAILED):
            break
        time.sleep(0.5)
    assert state["status"] == RunStatus.DONE, state
    response = client.get(f"/api/v1/packets/{job['id']}/download/")
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    archive = b"".join(response.streaming_content)
    response.close()
    assert response["X-Content-SHA256"] == state["sha256"]
    path = tmp_path / "packet.zip"
    path.write_bytes(archive)
    out = io.StringIO()
    call_command("verify-report", str(path), stdout=out)
    assert out.getvalue().startswith("AUTHENTIC")
