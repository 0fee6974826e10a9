"""The web tier under 50 clients with no pause (gunicorn with the production settings file,
PostgreSQL on loopback): requests/s and p95 per group of endpoints.

Target: at least 250 requests/s, no error. With 50 clients and no pause, a request waits for
the 49 others ahead of it, so p95 here follows from the throughput (about 50 / requests/s);
the latency target, p95 ≤ 50 ms, is for clients that pause a second between requests
(``make load``'s first run). The baseline, measured in the same run on the same server, is
/health/ alone (no session, no template): what the stack costs by itself.
Needs PostgreSQL (LOAD_DATABASE_URL, default a fresh tablecert_load on localhost).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TARGET_RPS = 250


def test_fifty_busy_clients(record_figure, tmp_path):
    report_file = tmp_path / "load.json"
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")}
    subprocess.run([sys.executable, "-m", "tests.load.run_load", "--clients", "50", "--seconds", "20",
                    "--think", "0", "--p95-ms", "5000", "--floor-seconds", "8",
                    "--report", str(report_file)], cwd=ROOT, env=env, check=True, timeout=600)
    report = json.loads(report_file.read_text())
    total, floor = report["_total"], report["_floor"]
    groups = {name: g for name, g in report.items() if not name.startswith("_")}
    assert total["errors"] == 0, report
    record_figure("web, 50 clients no pause: requests/s", total["rps"], "requests/s",
                  baseline_name="/health/ alone", baseline_value=floor["rps"], higher_is_better=True,
                  target=f">= {TARGET_RPS} requests/s")
    record_figure("web: server CPU per request", total["server_cpu_ms_per_request"], "ms",
                  baseline_name="/health/ alone", baseline_value=floor["server_cpu_ms_per_request"],
                  higher_is_better=False)
    for name, group in sorted(groups.items()):
        record_figure(f"web p95, {name}", group["p95_ms"], "ms", baseline_name="/health/ p95",
                      baseline_value=floor["p95_ms"], higher_is_better=False)
