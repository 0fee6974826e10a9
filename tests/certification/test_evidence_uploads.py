"""Evidence attached to a certification: stored on the run when it reads, refused whole when not."""

import pytest
from django.urls import reverse

from casino.models import AuditEvent
from certification.models import CertificationRun
from tests.backoffice.factories import make_table
from tests.support.files import stored_bytes

from .evidence import bad_card_log, bits_text, shuffle_log_text, upload

pytestmark = pytest.mark.django_db

PROCEDURE = "wash,riffle,riffle,box,riffle,cut"


def _start(api, user, submission, **data):
    url = f"/api/v1/submissions/{submission.pk}/start-certification/"
    return api(user).post(url, {"rounds": 5000, "seed": 9, **data}, format="multipart")


def test_the_api_stores_the_shuffle_log_bits_and_procedure_on_the_run(api, alice, submitted):
    r = _start(api, alice, submitted, shuffle_log=upload("t1.csv", shuffle_log_text()),
               rng_bits=upload("rng.txt", bits_text()), rng_format="bits", shuffle_procedure=PROCEDURE)
    assert r.status_code == 201, r.content
    run = CertificationRun.objects.get()
    assert r.json()["shuffle_procedure"] == PROCEDURE and run.rng_format == "bits"
    assert stored_bytes(run.shuffle_log).decode() == shuffle_log_text()
    assert run.rng_bits.name.startswith(f"inputs/{run.certificate_number}/")


def test_a_bad_card_is_a_400_naming_the_line_and_nothing_is_created(api, alice, submitted):
    events = AuditEvent.objects.count()
    r = _start(api, alice, submitted, shuffle_log=upload("t1.csv", bad_card_log()))
    assert r.status_code == 400
    assert "line 4" in r.json()["shuffle_log"][0] and "'ZZ'" in r.json()["shuffle_log"][0]
    assert not CertificationRun.objects.exists() and AuditEvent.objects.count() == events
    submitted.refresh_from_db()
    assert submitted.status == "submitted"


def test_bad_bits_and_a_bad_procedure_are_named_together(api, alice, submitted):
    r = _start(api, alice, submitted, rng_bits=upload("rng.txt", "0101\n01x1"), rng_format="bits",
               shuffle_procedure="riffle,juggle")
    body = r.json()
    assert r.status_code == 400 and "line 2, column 3" in body["rng_bits"][0]
    assert "juggle" in body["shuffle_procedure"][0]
    assert not CertificationRun.objects.exists()


def test_a_log_of_the_wrong_deck_is_refused(api, alice, submitted):
    r = _start(api, alice, submitted, shuffle_log=upload("t1.csv", shuffle_log_text(deck_size=52)))
    assert r.status_code == 400 and "52-card" in r.json()["shuffle_log"][0]


def test_files_over_the_limit_are_refused(api, alice, submitted, settings):
    settings.TABLECERT_MAX_UPLOAD_BYTES = 100
    r = _start(api, alice, submitted, shuffle_log=upload("t1.csv", shuffle_log_text()))
    assert r.status_code == 400 and "limit is 100" in r.json()["shuffle_log"][0]
    assert not CertificationRun.objects.exists()


def test_the_procedure_defaults_to_the_tables_of_the_variant(api, alice, adam, submitted):
    make_table(admin=adam, variant=submitted.variant, table_id="S-1", shuffling_method="Shuffle Master X")
    make_table(admin=adam, variant=submitted.variant, table_id="S-2", shuffling_method=PROCEDURE)
    assert _start(api, alice, submitted).status_code == 201
    assert CertificationRun.objects.get().shuffle_procedure == PROCEDURE


def test_the_web_form_takes_the_files(client, alice, submitted):
    client.force_login(alice)
    page = client.get(reverse("web:submission-detail", args=[submitted.pk])).content.decode()
    assert 'enctype="multipart/form-data"' in page and 'name="rng_bits"' in page
    url = reverse("web:submission-certify", args=[submitted.pk])
    client.post(url, {"rounds": "5000", "shuffle_log": upload("t.csv", shuffle_log_text()),
                      "shuffle_procedure": PROCEDURE})
    run = CertificationRun.objects.get()
    assert run.shuffle_log and run.shuffle_procedure == PROCEDURE


def test_the_web_form_names_the_bad_line_and_creates_nothing(client, alice, submitted):
    client.force_login(alice)
    url = reverse("web:submission-certify", args=[submitted.pk])
    page = client.post(url, {"rounds": "5000", "shuffle_log": upload("t.csv", bad_card_log())}, follow=True)
    assert "Shuffle log (CSV): shuffle log has 1 problem: line 4: unknown card" in page.content.decode()
    assert not CertificationRun.objects.exists()
