"""The field-trial report is signed when asked for: with its timestamp authority away the
request is a 503 naming the authority, on the page and the API, never a 500 or an unstamped PDF."""

from __future__ import annotations

import pytest

from certification.services.field_results import field_results_upload
from tests.support.server import free_port

from .evidence import upload
from .test_field_results import field_csv

pytestmark = pytest.mark.django_db


@pytest.fixture
def authority_away(settings, tmp_path):
    from tests.support.timestamps import LocalTimestampAuthority

    roots = tmp_path / "tsa-roots.pem"
    with LocalTimestampAuthority() as authority:  # only for a root certificate to trust
        roots.write_bytes(authority.root_pem)
    settings.TABLECERT_TSA_URL = f"http://127.0.0.1:{free_port()}/"
    settings.TABLECERT_TSA_ROOTS = str(roots)
    settings.TABLECERT_SIGNING_TRUSTED_DIR = tmp_path / "trusted"
    return settings.TABLECERT_TSA_URL


def test_the_report_answers_503_naming_the_authority(client, api, adam, audrey, active_table,
                                                       authority_away):
    record = field_results_upload(upload=upload("march.csv", field_csv(days=20)[0]), actor=adam)
    client.force_login(audrey)
    page = client.get(f"/field/{record.pk}/report.pdf")
    assert page.status_code == 503 and page["Content-Type"].startswith("text/plain")
    assert f"timestamp authority at {authority_away} gave no timestamp" in page.content.decode()
    answer = api(audrey).get(f"/api/v1/field-results/{record.pk}/report/")
    assert answer.status_code == 503
    assert f"timestamp authority at {authority_away} gave no timestamp" in answer.json()["detail"]
