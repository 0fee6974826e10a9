"""`manage.py simulate` with a broker: the chunks go to real workers and the answer equals a local run."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from casino.rules import PRESETS
from certification.models import RunStatus, SimulationRun
from certification.odds.simulation import SimulationSpec, run_local

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
ROUNDS, SEED, CHUNK = 4 * (1 << 16), 977, 1 << 16


def _figures(result: dict) -> dict:
    return {name: {k: bet[k] for k in ("mean", "sd", "ci95", "outcomes")} for name, bet in result["bets"].items()}


def test_the_command_runs_on_the_workers_and_matches_the_local_run(start_worker):
    start_worker(concurrency=2, name="simulate-cmd")
    out = StringIO()
    call_command("simulate", "nine-ten-eleven", "--rounds", str(ROUNDS), "--seed", str(SEED),
                 "--chunk-rounds", str(CHUNK), "--json", stdout=out, stderr=StringIO())
    on_workers = json.loads(out.getvalue())
    run = SimulationRun.objects.get()
    assert run.status == RunStatus.DONE and run.chunks_done == run.chunks_total == 4
    spec = SimulationSpec(PRESETS["nine-ten-eleven"], rounds=ROUNDS, seed=SEED, chunk_rounds=CHUNK,
                          variant="nine-ten-eleven")
    local = run_local(spec, workers=1).to_json()
    assert _figures(on_workers) == _figures(local)


def test_without_workers_the_command_gives_up_with_a_clear_reason():
    with pytest.raises(CommandError, match="no worker recorded a chunk"):
        call_command("simulate", "siete-y-media", "--rounds", "1000", "--seed", "1",
                     "--stall-timeout", "3", stdout=StringIO(), stderr=StringIO())
    assert SimulationRun.objects.get().status == RunStatus.FAILED
