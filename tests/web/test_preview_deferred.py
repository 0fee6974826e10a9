"""Opening three times takes seconds to count: the preview says so instead of waiting."""

import time

import pytest

from tests.web.test_preview import post, preset_post

pytestmark = pytest.mark.django_db


@pytest.mark.serial  # timed: run alone, not beside the parallel part of the suite
def test_the_preview_defers_opening_three_times_to_the_certification_run(as_user, alice):
    start = time.perf_counter()
    response = post(as_user(alice), preset_post("siete-y-media", split_figures="on", max_splits="3"))
    assert time.perf_counter() - start < 5
    assert response.status_code == 200
    (row,) = response.json()["bets"]
    assert "certification run" in row["deferred"]


def test_the_preview_answers_opening_twice_with_exact_figures(as_user, alice):
    response = post(as_user(alice), preset_post("siete-y-media", split_figures="on", max_splits="2"))
    assert response.status_code == 200
    (row,) = response.json()["bets"]
    assert "deferred" not in row
    # The pinned exact EV of Siete y Media opening twice (tests/odds/data/seven_half_exact.json).
    assert row["house_edge"]["exact"] == "-184141735113724247/1194559718439087000"
