"""Opening two or more times takes minutes to count: the preview says so instead of waiting."""

import time

import pytest

from tests.web.test_preview import post, preset_post

pytestmark = pytest.mark.django_db


def test_the_preview_defers_opening_twice_to_the_certification_run(as_user, alice):
    start = time.perf_counter()
    response = post(as_user(alice), preset_post("siete-y-media", split_figures="on", max_splits="2"))
    assert time.perf_counter() - start < 5
    assert response.status_code == 200
    (row,) = response.json()["bets"]
    assert "certification run" in row["deferred"]
