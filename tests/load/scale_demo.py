"""Scale demonstration: one simulation on 1 and then 2 worker processes (real Celery on Redis).

    .venv/bin/python -m tests.load.scale_demo [--chunks 8]

Both runs must give exactly the figures of ``run_local`` on the same spec (chunks have
their own derived seeds, so the result does not depend on who computed what); the script
prints each wall time and the speed-up. Uses LOAD_DATABASE_URL (created and migrated if
missing) and CELERY_BROKER_URL.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/tablecert_load"
ROOT = Path(__file__).resolve().parents[2]


def _ensure_database(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    admin = "postgresql://" + url.split("://", 1)[1].rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def _start_worker(processes: int, log: Path):
    from tests.support.workers import WorkerProcess, _wait_ready

    hostname = f"scale{processes}-{uuid.uuid4().hex[:6]}@{os.uname().nodename}"
    with log.open("w") as output:  # the child keeps its own descriptor
        process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "casino", "worker", "--loglevel=WARNING",
             f"--concurrency={processes}", "-n", hostname, "--without-gossip", "--without-mingle"],
            cwd=ROOT, env=dict(os.environ), stdout=output, stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    worker = WorkerProcess(process, hostname, log)
    _wait_ready(hostname, worker)
    return worker


def _simulate(spec, timeout: float = 900):
    from certification.models import RunStatus
    from certification.services.simulation import simulation_run_start

    started = time.monotonic()
    run = simulation_run_start(spec=spec)
    deadline = started + timeout
    while time.monotonic() < deadline:
        run.refresh_from_db()
        if run.status in (RunStatus.DONE, RunStatus.FAILED):
            break
        time.sleep(0.05)
    if run.status != RunStatus.DONE:
        raise SystemExit(f"simulation {run.pk} ended {run.status}: {run.error}")
    return run, time.monotonic() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chunks", type=int, default=8)
    parser.add_argument("--chunk-rounds", type=int, default=1 << 24)
    parser.add_argument("--database", default=os.environ.get("LOAD_DATABASE_URL", DEFAULT_DATABASE))
    args = parser.parse_args(argv)

    os.environ["DATABASE_URL"] = args.database
    if not os.environ.get("CELERY_BROKER_URL", "").startswith(("redis://", "amqp://")):
        # The demo purges the queue first: it must be pointed at a broker it may empty.
        parser.error("set CELERY_BROKER_URL to a Redis or RabbitMQ broker this demo may purge")
    os.environ.setdefault("TABLECERT_VAR_DIR", tempfile.mkdtemp(prefix="tablecert-scale-"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")
    _ensure_database(args.database)

    import django

    django.setup()
    from django.core.management import call_command

    from casino.celery import app
    from casino.rules import PRESETS
    from certification.odds.simulation import SimulationSpec, run_local

    call_command("migrate", verbosity=0)
    app.control.purge()

    def spec_for(chunks: int, chunk_rounds: int, seed: int) -> SimulationSpec:
        return SimulationSpec(PRESETS["seven-half-home"], rounds=chunks * chunk_rounds, seed=seed,
                              strategy="house", chunk_rounds=chunk_rounds,
                              checkpoint_rounds=max(1, chunk_rounds // 4),
                              variant="seven-half-home")

    spec = spec_for(args.chunks, args.chunk_rounds, 20260101)
    figures = {}
    seconds = {}
    logs = Path(os.environ["TABLECERT_VAR_DIR"])
    for processes in (1, 2):
        worker = _start_worker(processes, logs / f"worker-{processes}.log")
        try:
            # Each pool process compiles the kernels on its first chunk: keep that out of the timing.
            _simulate(spec_for(4 * processes, 1 << 12, 1))
            run, seconds[processes] = _simulate(spec)
        finally:
            worker.stop()
        figures[processes] = {k: v for k, v in run.result.items()
                              if k not in ("seconds", "rounds_per_second")}
        print(f"{processes} worker process(es): {seconds[processes]:.2f} s for {spec.rounds:,} "
              f"rounds ({spec.rounds / seconds[processes]:,.0f} rounds/s)")

    local = run_local(spec, workers=1).to_json(convergence_points=200)
    local = {k: v for k, v in local.items() if k not in ("seconds", "rounds_per_second")}
    same = figures[1] == figures[2] == local
    print(f"same figures on 1 and 2 workers and locally: {same}")
    print(f"speed-up with 2 worker processes: {seconds[1] / seconds[2]:.2f}x "
          f"(machine: {os.cpu_count()} CPUs, shared)")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
