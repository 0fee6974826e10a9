import pytest

pytestmark = pytest.mark.django_db


def test_schema_is_served_to_signed_in_users(client, audrey):
    assert client.get("/api/schema/").status_code in (401, 403)
    client.force_login(audrey)
    response = client.get("/api/schema/?format=json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    assert "/api/v1/submissions/{id}/approve/" in paths
    assert "/api/v1/paytable-versions/{id}/compare/" in paths


def test_docs_page_lists_endpoints_without_external_assets(client, audrey):
    assert client.get("/api/docs/").status_code == 302
    client.force_login(audrey)
    page = client.get("/api/docs/").content.decode()
    assert "/api/v1/submissions/{id}/reject/" in page
    assert "cdn" not in page.lower() and "https://" not in page
