"""A NUL character in a search or filter (no stored text can hold one) is a 400 naming the
parameter, on the pages and the API alike, never a failed query."""

from __future__ import annotations

import pytest

from tests.backoffice.factories import UserFactory

pytestmark = pytest.mark.django_db

URLS = ["/variants/?q=a%00", "/variants/?status=%00", "/submissions/?q=%00b", "/tables/?status=active%00",
        "/audit/?object_type=%00", "/audit/?q=x&object_type=Submission%00&page=2"]
API = ["/api/v1/variants/?name=%00", "/api/v1/audit-events/?object_type=%00", "/api/v1/submissions/?status=a%00"]


def test_pages_and_api_name_the_parameter(client):
    from casino.permissions import Role

    client.force_login(UserFactory(username="aud", roles=[Role.AUDITOR]))
    for url in URLS:
        response = client.get(url)
        name = url.split("?")[1].split("%00")[0].rsplit("&", 1)[-1].split("=")[0]
        assert response.status_code == 400, url
        assert f"'{name}'" in response.content.decode(), url
    for url in API:
        response = client.get(url)
        assert response.status_code == 400, url
        assert "NUL" in str(response.json()), url
    # Without one, the same pages answer as before.
    assert client.get("/audit/?object_type=Submission").status_code == 200
    assert client.get("/variants/?q=a%25").status_code == 200
