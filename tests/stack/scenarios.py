"""What `make stack-test` does to the running stack, one scenario at a time.

Each scenario prints what it did and what it checked; an assertion that fails names what
went wrong and shows the evidence (the container's log lines, the answers seen). The faults
are in tests/stack/faults.py, what they share in tests/stack/runs.py.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from tests.stack import faults
from tests.stack.client import Client
from tests.stack.runs import (
    Context,
    chunk_workers,
    download,
    explain_failure,
    figures,
    same_figures,
    say,
    start_certification,
    verify_files,
    wait_done,
    worker_evidence,
)
from tests.stack.stack import Stack, sh


def journey(ctx: Context) -> None:
    """Sign in, pages and their static files, the workers answer, a certification on the
    worker containers, its certificate and a packet downloaded, verify-report of both."""
    client = ctx.client
    login = client.get("/accounts/login/")
    if login.status != 200:
        raise AssertionError(explain_failure(ctx, login, "the sign-in page"))
    assets = sorted(set(re.findall(r'(?:href|src)="(/static/[^"]+)"', login.text)))
    assert assets, "the sign-in page links no static file"
    for asset in assets:
        answer = client.get(asset)
        assert answer.status == 200, f"static file {asset} answered {answer.status}"
    say(f"checked: sign-in page and its {len(assets)} static files answer 200 ({', '.join(assets)})")
    client.sign_in(ctx.admin["username"], ctx.admin["password"])
    say(f"did: signed in as {ctx.admin['username']!r} with password and an authenticator code")
    probe = client.post("/system/worker-check/")
    assert probe.status == 200, ("no worker answered through the broker: "
                                 f"{probe.status} {probe.text[:200]}\n" + "\n".join(worker_evidence(ctx)))
    say(f"checked: a worker answered through the broker ({probe.json().get('worker')})")

    run = start_certification(ctx, "journey")
    done = wait_done(ctx, run)
    ctx.baseline = figures(done)
    hosts = chunk_workers(ctx, done)
    say(f"checked: run done on the worker containers (chunks per worker: {hosts})")
    ctx.files["certificate"] = download(ctx, f"/api/v1/certification-runs/{done['id']}/report/",
                                        "certificate.pdf")
    assert ctx.files["certificate"].read_bytes().startswith(b"%PDF-"), "the report is no PDF"
    job = client.api("POST", "packets/", {"run": done["id"],
                                          "jurisdiction": ctx.jurisdiction["code"]})
    deadline = time.monotonic() + 300
    while job["status"] not in ("done", "failed") and time.monotonic() < deadline:
        time.sleep(1)
        job = client.api("GET", f"packets/{job['id']}/")
    assert job["status"] == "done", f"packet {job['id']} ended {job['status']}: {job}"
    ctx.files["packet"] = download(ctx, f"/api/v1/packets/{job['id']}/download/", "packet.zip")
    say(f"did: downloaded the certificate ({ctx.files['certificate'].stat().st_size:,} bytes) "
        f"and the {ctx.jurisdiction['code']} packet ({ctx.files['packet'].stat().st_size:,} bytes)")
    verify_files(ctx.stack, ctx.files)


def first_run_browser(ctx: Context) -> None:
    """The first-run browser journey (tests/browser/test_stack_first_run.py) in chromium
    against the stack's web: sign-in with enrolment, a certificate, approval, a table."""
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "TABLECERT_STACK_URL": ctx.stack.url, "STACK_PROJECT": ctx.stack.project}
    out = subprocess.run([sys.executable, "-m", "pytest", "tests/browser/test_stack_first_run.py",
                          "-p", "no:randomly", "-n", "0", "-q", "-rs"], cwd=root, env=env,
                         capture_output=True, text=True, timeout=900)
    lines = out.stdout.strip().splitlines()
    say(f"did: pytest tests/browser/test_stack_first_run.py against {ctx.stack.url}")
    assert out.returncode == 0 and "1 passed" in lines[-1], (
        "the first-run journey failed on the stack:\n" + out.stdout[-4000:] + out.stderr[-2000:])
    say(f"checked: {lines[-1]}")


def backup_restored(ctx: Context) -> None:
    """A backup taken from the running stack, restored into a fresh stack (its own volumes,
    the installation's signing key): the audit chain verifies, the certificate and packet
    downloaded before verify there, and every run reads back with the same figures."""
    archive_dir = ctx.work / "backup"
    archive_dir.mkdir(exist_ok=True)
    archive_dir.chmod(0o755)
    worker = ctx.stack.container("worker", 1)
    out = ctx.stack.manage("backup", "--out", "/var/lib/tablecert-backups/stacktest.tar",
                           service="worker")
    sh("docker", "cp", f"{worker}:/var/lib/tablecert-backups/stacktest.tar", str(archive_dir))
    archive = archive_dir / "stacktest.tar"
    archive.chmod(0o644)
    say(f"did: backup from the running stack ({archive.stat().st_size:,} bytes): "
        f"{out.strip().splitlines()[-1][:120]}")

    fresh = Stack(project=f"{ctx.stack.project}-restore", port=ctx.stack.port + 100,
                  db_port=ctx.stack.db_port + 100, redis_port=ctx.stack.redis_port + 100)
    fresh.down(volumes=True)
    settings = ctx.stack.settings()
    images = {k: settings[k] for k in ("TABLECERT_IMAGE", "POSTGRES_IMAGE", "REDIS_IMAGE")}
    fresh.write_settings(images, {"TABLECERT_SIGNING_DIR": settings["TABLECERT_SIGNING_DIR"]})
    try:
        fresh.compose("up", "-d", "postgres", "redis")
        fresh.wait_healthy()
        restored = fresh.compose("run", "--rm", "--no-deps", "-v", f"{archive_dir}:/restore:ro",
                                 "worker", "python", "manage.py", "restore",
                                 "/restore/stacktest.tar", timeout=600).stdout
        say(f"did: restored into the fresh stack {fresh.project}: "
            f"{restored.strip().splitlines()[-1][:140]}")
        fresh.compose("up", "-d", "--scale", f"worker={fresh.workers}", timeout=900)
        fresh.wait_healthy()
        audit = fresh.manage("verify-audit")
        say(f"checked: verify-audit in the fresh stack: {audit.strip().splitlines()[-1][:120]}")
        verify_files(fresh, ctx.files)
        client = Client(fresh.url, authenticator=ctx.stack.home / "authenticator.json")
        client.sign_in(ctx.admin["username"], ctx.admin["password"])
        say("did: signed in to the fresh stack with the restored account and its authenticator")
        for run in ctx.runs:
            again = client.api("GET", f"certification-runs/{run['id']}/")
            assert again["certificate_number"] == run["certificate_number"]
            assert again["report_sha256"] == run["report_sha256"], "a certificate's hash changed"
            same_figures(ctx, again, f"restored run {run['certificate_number']}")
    finally:
        fresh.down(volumes=True)
        say(f"did: removed the fresh stack {fresh.project} and its volumes")


SCENARIOS: dict[str, Callable[[Context], None]] = {
    "journey": journey,
    "first-run-browser": first_run_browser,
    "worker-killed": faults.worker_killed,
    "broker-restarted": faults.broker_restarted,
    "database-restarted": faults.database_restarted,
    "worker-network-cut": faults.worker_network_cut,
    "second-host": faults.second_host,
    "backup-restored": backup_restored,
}
