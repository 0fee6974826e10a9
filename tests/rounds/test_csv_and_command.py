"""The same rows as CSV: uploaded on the table's page, loaded by ``manage.py ingest``."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from casino.models import IngestBatch, Round, RoundRollup
from casino.permissions import Role
from casino.rules.rounds import rounds_to_csv
from tests.backoffice.factories import UserFactory
from tests.rounds.generate import make_rounds
from tests.support.second_factor import verified_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def csv_text():
    return rounds_to_csv(make_rounds(25, seed=13))


def upload(client, table, text):
    return client.post(f"/tables/{table.pk}/rounds/upload/",
                       {"file": SimpleUploadedFile("rounds.csv", text.encode(), "text/csv")}, follow=True)


def test_an_officer_uploads_rounds_on_the_table_page(client, table, csv_text):
    verified_client(client, UserFactory(username="alice", roles=[Role.OFFICER]))
    response = upload(client, table, csv_text)
    assert response.status_code == 200
    assert Round.objects.filter(table=table).count() == 25
    assert IngestBatch.objects.get().source == "upload"
    page = response.content.decode()
    assert 'data-figure="rounds-stored">25<' in page
    upload(client, table, csv_text)  # the same file again
    assert Round.objects.count() == 25 and sum(r.rounds for r in RoundRollup.objects.all()) == 25


def test_a_bad_round_is_named_and_nothing_stored(client, table):
    verified_client(client, UserFactory(username="alice", roles=[Role.OFFICER]))
    rounds = make_rounds(10, seed=17)
    rounds[2].seats[0].net += 1  # the seats no longer add up to the round's net
    response = upload(client, table, rounds_to_csv(rounds))
    text = response.content.decode()
    assert "round 2 (T-01-00000002), net" in text and "not the sum" in text
    assert Round.objects.count() == 0


def test_an_auditor_may_not_upload(client, table, csv_text):
    verified_client(client, UserFactory(username="audrey", roles=[Role.AUDITOR]))
    response = client.post(f"/tables/{table.pk}/rounds/upload/",
                           {"file": SimpleUploadedFile("rounds.csv", csv_text.encode(), "text/csv")})
    assert response.status_code == 403
    assert Round.objects.count() == 0


def test_the_command_loads_a_csv_file_in_batches_once(tmp_path, table, capsys, monkeypatch):
    from casino.rules import rounds as fmt

    monkeypatch.setattr(fmt, "MAX_BATCH_ROUNDS", 10)  # a long file is read a batch at a time
    path = tmp_path / "rounds.csv"
    path.write_text(rounds_to_csv(make_rounds(25, seed=14)))
    call_command("ingest", str(path), "--table", "T-01")
    assert "25 rounds read, 25 stored" in capsys.readouterr().out
    call_command("ingest", str(path), "--table", "T-01")
    assert "25 rounds read, 0 stored, 25 already stored" in capsys.readouterr().out
    assert Round.objects.count() == 25


def test_the_command_names_the_bad_round(tmp_path, table):
    rounds = make_rounds(5, seed=15)
    rounds[3].cards[1] = "8S"  # no eights in this deck
    path = tmp_path / "rounds.csv"
    path.write_text(rounds_to_csv(rounds))
    with pytest.raises(CommandError, match=r"round 3 \(T-01-00000003\), cards\[1\]"):
        call_command("ingest", str(path), "--table", "T-01")
    assert Round.objects.count() == 0


def test_the_command_refuses_rounds_of_another_table(tmp_path, table, other_table):
    path = tmp_path / "rounds.csv"
    path.write_text(rounds_to_csv(make_rounds(3, seed=16, table="T-02")))
    with pytest.raises(CommandError, match="table"):
        call_command("ingest", str(path), "--table", "T-01")
    assert Round.objects.count() == 0
