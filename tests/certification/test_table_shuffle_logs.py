"""Tables' shuffle logs: validated on upload, certified weekly, the table linked to the result."""

import pytest
from django.core import mail

from casino.models import AuditEvent
from certification.models import RunStatus, ShuffleCertification, ShuffleLog
from certification.services.shuffle_logs import certify_table_shuffle_logs, shuffle_log_upload
from tests.support.second_factor import verified_client

from .evidence import bad_card_log, shuffle_log_text, upload

pytestmark = pytest.mark.django_db


def _logs_url(table):
    return f"/api/v1/tables/{table.pk}/shuffle-logs/"


def test_the_api_uploads_a_log_and_lists_it(api, adam, alice, active_table):
    r = api(adam).post(_logs_url(active_table), {"file": upload("week.csv", shuffle_log_text())}, format="multipart")
    assert r.status_code == 201 and r.json()["shuffles"] == 300 and r.json()["deck_size"] == 40
    assert [row["id"] for row in api(alice).get(_logs_url(active_table)).json()] == [r.json()["id"]]
    assert AuditEvent.objects.filter(action="shuffle_log.upload").exists()


def test_a_bad_log_is_refused_naming_the_line_and_nothing_is_stored(api, adam, alice, active_table):
    r = api(adam).post(_logs_url(active_table), {"file": upload("week.csv", bad_card_log())}, format="multipart")
    assert r.status_code == 400 and "line 4: unknown card 'ZZ'" in r.json()["file"][0]
    ok = {"file": upload("week.csv", shuffle_log_text())}
    assert api(alice).post(_logs_url(active_table), ok, format="multipart").status_code == 403
    assert not ShuffleLog.objects.exists()


def test_the_admin_upload_form_names_the_bad_line(client, django_user_model, active_table):
    root = django_user_model.objects.create_superuser("root", "root@casino.example", "x")
    verified_client(client, root)
    page = client.post("/admin/certification/shufflelog/add/",
                       {"table": active_table.pk, "upload": upload("w.csv", bad_card_log())})
    assert page.status_code == 200 and "line 4: unknown card" in page.content.decode()
    client.post("/admin/certification/shufflelog/add/",
                {"table": active_table.pk, "upload": upload("w.csv", shuffle_log_text())})
    assert ShuffleLog.objects.get().uploaded_by == root


def test_the_weekly_job_certifies_the_newest_log_once(adam, active_table, django_capture_on_commit_callbacks):
    shuffle_log_upload(table=active_table, upload=upload("old.csv", shuffle_log_text(seed=5)), actor=adam)
    newest = shuffle_log_upload(table=active_table, upload=upload("new.csv", shuffle_log_text()), actor=adam)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        [cert] = certify_table_shuffle_logs()
    assert cert.shuffle_log == newest and cert.status == RunStatus.DONE and cert.passed is True
    assert cert.battery["shuffles"] == 300 and cert.procedure == active_table.shuffling_method
    assert cert.procedure_result is not None
    active_table.refresh_from_db()
    assert active_table.shuffle_certification == cert
    [message] = mail.outbox
    assert message.to == ["adam@casino.example"] and "table T-01: passed" in message.subject
    # The same log is not certified twice, however often the job fires.
    assert certify_table_shuffle_logs() == [] and ShuffleCertification.objects.count() == 1


def test_inactive_tables_and_tables_without_logs_are_skipped(adam, active_table):
    assert certify_table_shuffle_logs() == []
    shuffle_log_upload(table=active_table, upload=upload("w.csv", shuffle_log_text()), actor=adam)
    active_table.__class__.objects.filter(pk=active_table.pk).update(status="inactive")
    assert certify_table_shuffle_logs() == []
