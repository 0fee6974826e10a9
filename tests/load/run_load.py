"""Load test: gunicorn on loopback against PostgreSQL, N clients for S seconds.

    .venv/bin/python -m tests.load.run_load --clients 50 --seconds 30

It makes a fresh database (its name must end in ``_load``), migrates and seeds it, starts
gunicorn, warms every worker up, runs the clients and prints p50/p95/p99 and errors per
group of endpoints. Exit status 1 if any request failed or a group's p95 exceeds --p95-ms.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/tablecert_load"


def _fresh_database(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    if not name.endswith("_load"):
        raise SystemExit(f"refusing to recreate {name!r}: a load database's name ends in _load")
    admin = "postgresql://" + url.split("://", 1)[1].rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def measure(*, database: str, clients: int, seconds: float, think: float = 0.0,
            workers: int | None = None, threads: int = 1, floor_seconds: float = 0.0) -> dict:
    """Fresh database, gunicorn with the production settings, one load run; its figures.

    With ``floor_seconds`` the same clients first ask /health/ (no session, no template) for
    that long: the stack's own cost, measured in the same run as the pages.
    """
    var_dir = tempfile.mkdtemp(prefix="tablecert-load-")
    print(f"server log and media under {var_dir}")
    env = {"DATABASE_URL": database, "TABLECERT_VAR_DIR": var_dir, "DJANGO_DEBUG": "False",
           # The pages under load send no task; a broker is only configured, never used.
           "CELERY_BROKER_URL": os.environ.get("CELERY_BROKER_URL", "filesystem://")}
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")
    _fresh_database(database)

    import django

    django.setup()
    from django.core.management import call_command

    from tests.support.server import database_cpu_seconds, start_server

    from .loadgen import Client, Target, run_load
    from .seed import clients as make_clients
    from .seed import seed

    call_command("migrate", verbosity=0)
    who = seed()
    load_clients = make_clients(clients, who)
    server = start_server(env=env, log=Path(var_dir) / "gunicorn.log", workers=workers, threads=threads)
    name = database.rsplit("/", 1)[1]

    def timed(run_clients, run_seconds) -> dict:
        before = server.cpu_seconds(), time.process_time(), database_cpu_seconds(name)
        report = run_load(port=server.port, clients=run_clients, seconds=run_seconds, think=think)
        after = server.cpu_seconds(), time.process_time(), database_cpu_seconds(name)
        total = report["_total"]
        # CPU per request is steadier than latency on a shared machine: it does not count the
        # time a request waited for a core someone else was using.
        for key, used in zip(("server", "client", "database"), (b - a for a, b in zip(before, after, strict=True)),
                             strict=True):
            total[f"{key}_cpu_ms_per_request"] = round(1000 * used / max(total["requests"], 1), 2)
        return report

    try:
        # Every worker process computes each preset's figures once and keeps them.
        run_load(port=server.port, clients=load_clients[:10], seconds=8)
        floor = None
        if floor_seconds:
            health = [Client([Target("health", "/health/")], {}) for _ in range(clients)]
            floor = timed(health, floor_seconds)
        report = timed(load_clients, seconds)
    finally:
        server.stop()
    report["_run"] = {"workers": workers or len(os.sched_getaffinity(0)), "threads": threads,
                      "clients": clients, "seconds": seconds, "think": think}
    if floor is not None:
        report["_floor"] = floor["_total"] | {"p95_ms": floor["health"].get("p95_ms")}
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean pause between a client's requests, seconds (default none)")
    parser.add_argument("--workers", type=int, default=None,
                        help="gunicorn workers (default: casino/gunicorn.conf.py's, one per core)")
    parser.add_argument("--threads", type=int, default=1,
                        help="above 1, gthread workers (keep-alive pins a client to one worker)")
    parser.add_argument("--p95-ms", type=float, default=150)
    parser.add_argument("--target-p95-ms", type=float, default=None,
                        help="also say which groups meet this p95 (reported, not enforced)")
    parser.add_argument("--target-rps", type=float, default=None,
                        help="also say whether the run served this many requests/s (reported)")
    parser.add_argument("--database", default=os.environ.get("LOAD_DATABASE_URL", DEFAULT_DATABASE))
    parser.add_argument("--report", type=Path, default=None, help="also write the figures as JSON")
    parser.add_argument("--floor-seconds", type=float, default=0,
                        help="first load /health/ this long: the stack's own cost, in the same run")
    args = parser.parse_args(argv)

    from .loadgen import format_report

    report = measure(database=args.database, clients=args.clients, seconds=args.seconds,
                     think=args.think, workers=args.workers, threads=args.threads,
                     floor_seconds=args.floor_seconds)
    run, total = report["_run"], report["_total"]
    print(f"{args.clients} clients, {args.seconds:g} s, think {args.think:g} s, "
          f"gunicorn {run['workers']} workers x {args.threads} threads")
    print(format_report(report))
    print(f"CPU per request: server {total['server_cpu_ms_per_request']} ms, PostgreSQL "
          f"{total['database_cpu_ms_per_request']} ms, load generator "
          f"{total['client_cpu_ms_per_request']} ms ({os.cpu_count()} cores)")
    if "_floor" in report:
        floor = report["_floor"]
        print(f"floor, /health/ alone: {floor['rps']} requests/s, p95 {floor['p95_ms']} ms, "
              f"server CPU {floor['server_cpu_ms_per_request']} ms per request")
    if args.target_p95_ms is not None:
        over = [name for name, g in report.items()
                if not name.startswith("_") and g.get("p95_ms", 0) > args.target_p95_ms]
        print(f"target p95 <= {args.target_p95_ms:g} ms: "
              + (f"missed by {', '.join(over)}" if over else "met by every group"))
    if args.target_rps is not None:
        rps = total["rps"]
        print(f"target >= {args.target_rps:g} requests/s: "
              + ("met" if rps >= args.target_rps else "missed") + f" ({rps} requests/s)")
    if args.report:
        args.report.write_text(json.dumps(report, indent=2))
    slow = [name for name, g in report.items()
            if not name.startswith("_") and g.get("p95_ms", 0) > args.p95_ms]
    if report["_total"]["errors"] or slow:
        print(f"FAILED: {report['_total']['errors']} errors; p95 over {args.p95_ms} ms: {slow}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
