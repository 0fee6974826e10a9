"""Bad batches: each refused with a 4xx naming the round and the field, nothing stored."""

from __future__ import annotations

import msgspec
import pytest

from casino.models import IngestBatch, Round, RoundRollup
from tests.rounds.generate import make_rounds

pytestmark = pytest.mark.django_db


def post(client, secret, body):
    if not isinstance(body, bytes):
        body = msgspec.json.encode(body)
    return client.post("/api/v1/rounds/", data=body, content_type="application/json",
                       HTTP_AUTHORIZATION=f"Bearer {secret}")


def batch(rounds, batch_id="bad-1"):
    return {"batch_id": batch_id, "rounds": [msgspec.to_builtins(r) for r in rounds]}


def assert_refused(response, status, index, field):
    assert response.status_code == status, response.content
    errors = response.json()["errors"]
    assert any(e["round"] == index and e["field"] == field for e in errors), errors
    assert Round.objects.count() == 0
    assert RoundRollup.objects.count() == 0
    assert IngestBatch.objects.count() == 0


@pytest.fixture
def good():
    return batch(make_rounds(12, seed=8))


def test_an_impossible_card(client, token_secret, good):
    good["rounds"][4]["cards"][2] = "9H"  # no nines in a Seven-and-a-Half deck
    assert_refused(post(client, token_secret, good), 422, 4, "cards[2]")


def test_a_card_that_is_no_card(client, token_secret, good):
    good["rounds"][1]["cards"][0] = "1X"
    assert_refused(post(client, token_secret, good), 422, 1, "cards[0]")


def test_a_card_dealt_twice(client, token_secret, good):
    cards = good["rounds"][7]["cards"]
    cards[3] = cards[1]
    assert_refused(post(client, token_secret, good), 422, 7, "cards[3]")


def test_a_net_that_does_not_add_up(client, token_secret, good):
    good["rounds"][9]["net"] = str(msgspec.json.decode(msgspec.json.encode(good["rounds"][9]["net"]))) + "1"
    assert_refused(post(client, token_secret, good), 422, 9, "net")


def test_a_table_the_token_may_not_post_to(client, token_secret, good, other_table):
    good["rounds"][3]["table"] = "T-02"
    response = post(client, token_secret, good)
    assert_refused(response, 403, 3, "table")


def test_a_batch_of_six_thousand_rounds(client, token_secret):
    one = batch(make_rounds(1, seed=9))["rounds"][0]
    rounds = [{**one, "round_id": f"r{i}"} for i in range(6000)]
    response = post(client, token_secret, {"batch_id": "big", "rounds": rounds})
    assert_refused(response, 413, None, "rounds")


def test_a_body_over_the_size_limit(client, token_secret, good, settings):
    settings.TABLECERT_INGEST_MAX_BYTES = 1000
    response = post(client, token_secret, good)
    assert response.status_code == 413
    assert Round.objects.count() == 0


@pytest.mark.parametrize("value", ["2026-11-02 08:00", "2026-11-02T08:00:00", "yesterday", 1700000000])
def test_a_malformed_time(client, token_secret, good, value):
    good["rounds"][5]["time"] = value
    response = post(client, token_secret, good)
    assert_refused(response, 422, 5, "time")
    assert response.json()["errors"][0]["round_id"] == good["rounds"][5]["round_id"]


def test_the_same_round_twice_in_a_batch(client, token_secret, good):
    good["rounds"][6] = dict(good["rounds"][2])
    assert_refused(post(client, token_secret, good), 422, 6, "round_id")


def test_not_json(client, token_secret):
    response = post(client, token_secret, b"{rounds: [")
    assert response.status_code == 400
    assert Round.objects.count() == 0


@pytest.mark.parametrize("value", ["NaN", "sNaN", "Infinity", "-Infinity", "0", "-5", "1e12"])
def test_a_wager_that_is_no_amount(client, token_secret, good, value):
    good["rounds"][0]["seats"][1]["wagers"]["ante"] = value
    assert_refused(post(client, token_secret, good), 422, 0, "seats[1].wagers.ante")


@pytest.mark.parametrize("value", ["NaN", "sNaN", "Infinity"])
def test_a_net_that_is_no_amount(client, token_secret, good, value):
    good["rounds"][2]["seats"][0]["net"] = value
    assert_refused(post(client, token_secret, good), 422, 2, "seats[0].net")


def test_an_unknown_decision(client, token_secret, good):
    good["rounds"][3]["seats"][2]["decisions"] = ["hit", "dance"]
    assert_refused(post(client, token_secret, good), 422, 3, "seats[2].decisions[1]")


def test_a_seat_twice(client, token_secret, good):
    good["rounds"][4]["seats"][1]["seat"] = good["rounds"][4]["seats"][0]["seat"]
    assert_refused(post(client, token_secret, good), 422, 4, "seats[1].seat")


@pytest.mark.parametrize("value", ["2999-01-01T00:00:00Z", "1970-01-01T00:00:00Z"])
def test_a_time_no_round_was_dealt_at(client, token_secret, good, value):
    good["rounds"][8]["time"] = value
    assert_refused(post(client, token_secret, good), 422, 8, "time")
