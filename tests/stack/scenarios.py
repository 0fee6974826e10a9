"""What `make stack-test` does to the running stack, one scenario at a time.

Each scenario prints what it did and what it checked; an assertion that fails names what
went wrong and shows the evidence (the container's log lines, the answers seen).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from casino.rules import PRESETS, rules_to_dict
from tests.stack.client import Client
from tests.stack.stack import Stack, StackError, sh

PRESET = "sette-e-mezzo"
SEED = 20261128
CHUNK_ROUNDS = 1 << 20  # the pipeline's chunk size
CHUNKS = 48  # a chunk takes a worker about 0.15 s: enough of them that a fault lands mid-run
ROUNDS = CHUNKS * CHUNK_ROUNDS
# Not figures: how long it took, and the variant's name (each scenario certifies its own copy).
NOT_FIGURES = {"seconds", "rounds_per_second", "variant"}


def say(message: str) -> None:
    print(f"    {message}", flush=True)


@dataclass
class Context:
    stack: Stack
    client: Client
    admin: dict
    work: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="stacktest-")))
    jurisdiction: dict | None = None
    baseline: dict | None = None
    files: dict[str, Path] = field(default_factory=dict)
    runs: list[dict] = field(default_factory=list)
    made: int = 0


# -- evidence from the containers ----------------------------------------------------------
def log_lines(container: str, pattern: str, tail: int = 400) -> list[str]:
    out = sh("docker", "logs", "--tail", str(tail), container, check=False, quiet=True)
    text = out.stdout + out.stderr
    return [line.strip() for line in text.splitlines() if re.search(pattern, line)][-8:]


def explain_failure(ctx: Context, answer, what: str) -> str:
    """A 5xx from web: the web container's own account of it (e.g. a static file the
    manifest lacks), so the failure names the cause rather than the symptom."""
    lines = log_lines(ctx.stack.container("web"), r"Error|Exception|Missing|refused", 200)
    return f"{what} answered {answer.status}: {answer.text[:300]}\n  web's log:\n    " + \
        "\n    ".join(lines or ["(nothing)"])


def _strip(value):
    if isinstance(value, dict):
        return {k: _strip(v) for k, v in value.items() if k not in NOT_FIGURES}
    if isinstance(value, list):
        return [_strip(v) for v in value]
    return value


def figures(run: dict) -> dict:
    return _strip({"exact": run.get("exact"), "simulation": run.get("simulation") or {},
                   "verdict": run.get("verdict")})


def same_figures(ctx: Context, run: dict, where: str) -> None:
    got, want = figures(run), ctx.baseline
    if got != want:
        differ = sorted(k for k in set(got["simulation"]) | set(want["simulation"])
                        if got["simulation"].get(k) != want["simulation"].get(k))
        raise AssertionError(f"{where}: the figures differ from the first run's "
                             f"(simulation keys {differ}; exact same: {got['exact'] == want['exact']})")
    simulation = run["simulation"]
    assert simulation.get("rounds") == ROUNDS, f"{where}: {simulation.get('rounds')} rounds"
    main = simulation["bets"]["main"]
    say(f"checked: {where}: {ROUNDS:,} rounds in {ROUNDS // simulation['chunk_rounds']} chunks, "
        f"exact and simulated figures and verdict identical to the first run's (simulated "
        f"house edge {main['house_edge']:.6f}, 95 % CI {main['ci95'][0]:.6f}..{main['ci95'][1]:.6f})")


# -- a certification through the API ------------------------------------------------------
def start_certification(ctx: Context, label: str) -> dict:
    if ctx.jurisdiction is None:
        listed = ctx.client.api("GET", "jurisdictions/")
        ctx.jurisdiction = (listed["results"] if isinstance(listed, dict) else listed)[0]
    ctx.made += 1
    data = rules_to_dict(PRESETS[PRESET])
    payouts = {k: str(v) for k, v in data.pop("payouts").items() if v is not None}
    family = data.pop("family")
    name = f"Stack {label} {int(time.time())}-{ctx.made}"
    variant = ctx.client.api("POST", "variants/", {
        "name": name, "family": family, "parameters": data, "payouts": payouts,
        "jurisdiction": ctx.jurisdiction["id"], "preset": PRESET})
    versions = ctx.client.api("GET", f"paytable-versions/?variant={variant['id']}")["results"]
    submission = ctx.client.api("POST", "submissions/", {
        "variant": variant["id"], "paytable_version": versions[0]["id"]})
    run = ctx.client.api("POST", f"submissions/{submission['id']}/start-certification/",
                         {"rounds": ROUNDS, "seed": SEED})
    say(f"did: certification {run['certificate_number']} of {name!r} started "
        f"({ROUNDS:,} rounds, seed {SEED})")
    return run


def run_now(ctx: Context, run: dict, tolerate: tuple = ()) -> dict | None:
    try:
        answer = ctx.client.request("GET", f"/api/v1/certification-runs/{run['id']}/",
                                    headers={"Accept": "application/json"})
    except OSError:
        if tolerate:
            return None
        raise
    if answer.status == 200:
        return answer.json()
    if answer.status in tolerate:
        return None
    raise AssertionError(explain_failure(ctx, answer, f"run {run['certificate_number']}"))


def wait_for_step(ctx: Context, run: dict, pattern: str, timeout: float = 300) -> dict:
    deadline = time.monotonic() + timeout
    now = run
    while time.monotonic() < deadline:
        now = run_now(ctx, run)
        if re.search(pattern, now.get("step") or ""):
            return now
        if now["status"] in ("done", "failed"):
            raise AssertionError(f"run {run['certificate_number']} ended ({now['status']}) "
                                 f"before its step matched {pattern!r}: {now.get('error')}")
        time.sleep(0.3)
    raise AssertionError(f"run {run['certificate_number']} never reached {pattern!r} "
                         f"in {timeout:.0f} s (step {now.get('step')!r}); workers:\n"
                         + "\n".join(worker_evidence(ctx)))


def wait_done(ctx: Context, run: dict, timeout: float = 600, tolerate: tuple = ()) -> dict:
    deadline = time.monotonic() + timeout
    now = run
    while time.monotonic() < deadline:
        got = run_now(ctx, run, tolerate)
        if got is not None:
            now = got
            if now["status"] == "done":
                ctx.runs.append(now)
                return now
            if now["status"] == "failed":
                raise AssertionError(f"run {run['certificate_number']} failed: {now.get('error')}")
        time.sleep(1)
    raise AssertionError(f"run {run['certificate_number']} not done within {timeout:.0f} s "
                         f"(status {now.get('status')}, step {now.get('step')!r}); workers:\n"
                         + "\n".join(worker_evidence(ctx)))


def worker_evidence(ctx: Context) -> list[str]:
    lines = []
    for name in ctx.stack.workers_names():
        broker = sh("docker", "inspect", "-f", "{{range .Config.Env}}{{println .}}{{end}}", name,
                    check=False).stdout
        url = next((e.split("=", 1)[1] for e in broker.splitlines()
                    if e.startswith("CELERY_BROKER_URL=")), "?")
        lines.append(f"  {name} (broker {url}):")
        lines += ["    " + line for line in
                  log_lines(name, r"Cannot connect|Error|error|refused|Traceback", 200)]
    return lines


def download(ctx: Context, path: str, name: str) -> Path:
    answer = ctx.client.get(path)
    if answer.status != 200:
        raise AssertionError(explain_failure(ctx, answer, f"GET {path}"))
    target = ctx.work / name
    target.write_bytes(answer.body)
    return target


def verify_files(ctx: Context | None, stack: Stack, files: dict[str, Path]) -> None:
    """verify-report, the installation's own check, on the files as downloaded."""
    web = stack.container("web")
    for label, path in files.items():
        sh("docker", "cp", str(path), f"{web}:/tmp/{path.name}")
        out = stack.compose("exec", "-T", "web", "python", "manage.py", "verify-report",
                            f"/tmp/{path.name}", check=False)
        text = (out.stdout + out.stderr).strip()
        assert out.returncode == 0 and "AUTHENTIC" in text, (
            f"verify-report refused the {label} ({out.returncode}): {text[-800:]}")
        say(f"checked: verify-report: {text.splitlines()[0][:150]}")


# -- scenarios ---------------------------------------------------------------------------
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
    verify_files(ctx, ctx.stack, ctx.files)


def chunk_workers(ctx: Context, run: dict) -> dict[str, int]:
    """Which worker computed each chunk of the run (the register of chunks in PostgreSQL)."""
    query = ("SELECT c.worker, count(*) FROM certification_simulationchunk c "
             "JOIN certification_simulationrun s ON s.id = c.run_id "
             f"WHERE s.certification_run_id = {int(run['id'])} GROUP BY c.worker")
    out = ctx.stack.compose("exec", "-T", "postgres", "psql", "-U", "tablecert", "-d",
                            "tablecert", "-At", "-F", "\t", "-c", query, check=False)
    if out.returncode:
        return {"?": 0, "error": out.stderr.strip()[:200]}
    counts = {}
    for line in out.stdout.splitlines():
        worker, _, n = line.partition("\t")
        counts[worker.split("@", 1)[-1]] = counts.get(worker.split("@", 1)[-1], 0) + int(n)
    return counts


def during_simulation(ctx: Context, label: str, fault: Callable[[], None],
                      recover: Callable[[], None], *, tolerate: tuple = ()) -> dict:
    run = start_certification(ctx, label)
    wait_for_step(ctx, run, r"simulation")
    held = wait_both_workers_busy(ctx)
    now = run_now(ctx, run)
    say(f"did: fault at step {now.get('step')!r} ({now.get('progress')} %), the workers holding "
        f"chunks {', '.join(held)} (taken, not acknowledged)")
    fault()
    faulted = time.monotonic()
    recover()
    done = wait_done(ctx, run, tolerate=tolerate)
    after = time.monotonic() - faulted
    deadline = time.monotonic() + 30
    while chunks_held(ctx) and time.monotonic() < deadline:
        time.sleep(0.5)
    left = chunks_held(ctx)
    assert not left, f"chunk messages still unacknowledged after the run: {left}"
    say(f"checked: run done {after:.1f} s after the fault; every chunk message acknowledged")
    same_figures(ctx, done, f"run {done['certificate_number']}")
    say(f"checked: chunks per worker: {chunk_workers(ctx, done)}")
    return done


def chunks_held(ctx: Context) -> list[str]:
    """The chunk tasks workers have taken and not acknowledged (Redis's `unacked` hash)."""
    out = ctx.stack.compose("exec", "-T", "redis", "redis-cli", "--raw", "hvals", "unacked",
                            check=False)
    held = []
    for line in out.stdout.splitlines():
        try:
            headers = json.loads(line)[0].get("headers", {})
        except (ValueError, IndexError, AttributeError):
            continue
        if headers.get("task") == "certification.simulation_chunk":
            held.append(headers.get("argsrepr", "?"))
    return held


def wait_both_workers_busy(ctx: Context, timeout: float = 60) -> list[str]:
    """Each worker takes one message at a time (prefetch 1) and acknowledges it only after
    recording the chunk: two unacknowledged chunk messages mean both hold a chunk now."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        held = chunks_held(ctx)
        if len(held) >= 2:
            return held
        time.sleep(0.05)
    raise AssertionError("the two workers never held a chunk at the same time")


def worker_killed(ctx: Context) -> None:
    victim = ctx.stack.container("worker", 1)

    def kill() -> None:
        sh("docker", "kill", victim)
        say(f"did: docker kill {victim} (SIGKILL, mid-simulation)")

    def restart() -> None:
        time.sleep(5)
        sh("docker", "start", victim)
        say(f"did: docker start {victim} 5 s later")

    during_simulation(ctx, "worker killed", kill, restart)


def broker_restarted(ctx: Context) -> None:
    redis = ctx.stack.container("redis")

    def restart() -> None:
        sh("docker", "restart", redis)
        say(f"did: docker restart {redis} (the broker, mid-simulation)")

    during_simulation(ctx, "broker restarted", restart, lambda: None)


def database_restarted(ctx: Context) -> None:
    """Requests keep coming while PostgreSQL restarts: each answers 200 or a clear 503,
    never a 500 or a dropped connection, and web serves again without being restarted."""
    web = ctx.stack.container("web")
    started_before = sh("docker", "inspect", "-f", "{{.State.StartedAt}}", web).stdout.strip()
    seen: Counter = Counter()
    bodies: dict[int, str] = {}
    stop = threading.Event()
    reader = Client(ctx.stack.url, timeout=30)
    reader.cookies = dict(ctx.client.cookies)

    def hammer() -> None:
        while not stop.is_set():
            try:
                answer = reader.get("/api/v1/variants/", headers={"Accept": "application/json"})
                seen[answer.status] += 1
                bodies.setdefault(answer.status, answer.text[:200])
            except OSError as error:
                seen[f"connection error: {type(error).__name__}"] += 1
            time.sleep(0.05)

    thread = threading.Thread(target=hammer, daemon=True)
    thread.start()
    time.sleep(2)
    postgres = ctx.stack.container("postgres")
    sh("docker", "restart", "-t", "5", postgres)
    say(f"did: docker restart {postgres} while requests ran")
    recovered = None
    began = time.monotonic()
    while time.monotonic() - began < 90:
        if reader.get("/api/v1/variants/", headers={"Accept": "application/json"}).status == 200:
            recovered = time.monotonic() - began
            break
        time.sleep(0.5)
    time.sleep(2)
    stop.set()
    thread.join(10)
    say(f"checked: answers during the restart: {dict(seen)}")
    assert recovered is not None, f"web did not serve again within 90 s of the restart: {dict(seen)}"
    bad = {k: v for k, v in seen.items() if k not in (200, 503)}
    assert not bad, f"answers other than 200 and 503 during the restart: {bad} {bodies}"
    assert seen[503] > 0, "no 503 was seen: the restart happened between requests?"
    assert "database" in bodies[503].lower(), f"the 503 does not say why: {bodies[503]}"
    say(f"checked: the 503s say {bodies[503][:90]!r}; web served again {recovered:.1f} s after "
        "PostgreSQL was back")
    started_after = sh("docker", "inspect", "-f", "{{.State.StartedAt}}", web).stdout.strip()
    assert started_after == started_before, "web was restarted"
    say("checked: web was not restarted")
    for run in ctx.runs:
        same_figures(ctx, run_now(ctx, run), f"run {run['certificate_number']} read again")
    audit = ctx.stack.manage("verify-audit")
    say(f"checked: verify-audit: {audit.strip().splitlines()[-1][:120]}")


def worker_network_cut(ctx: Context) -> None:
    victim = ctx.stack.container("worker", 2)
    network = ctx.stack.network

    def cut() -> None:
        sh("docker", "network", "disconnect", network, victim)
        say(f"did: docker network disconnect {network} {victim}")

    def restore() -> None:
        time.sleep(15)
        sh("docker", "network", "connect", network, victim)
        say(f"did: reconnected {victim} after 15 s")

    during_simulation(ctx, "network cut", cut, restore)


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
        verify_files(ctx, fresh, ctx.files)
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


def _bridge(network: str) -> str:
    return "br-" + sh("docker", "network", "inspect", "-f", "{{.Id}}", network).stdout.strip()[:12]


def second_host(ctx: Context) -> None:
    """A worker on the stack's second Docker network, as another machine: it reaches
    PostgreSQL and Redis only through the ports published on that network's gateway (the
    firewall opened for those two flows), and shares the reports storage as a second machine
    would mount it. A run split between it and a local worker gives the first run's figures;
    so does a run during which it is cut off from the network for 15 s."""
    stack = ctx.stack
    settings = stack.settings()
    gateway = settings["STACK_PUBLISH_IP"]
    remote, local = _bridge(stack.remote_network), _bridge(stack.network)
    # Docker keeps its networks apart; a second machine's firewall would let these through.
    rules = [["-i", remote, "-o", local, "-p", "tcp", "-m", "multiport", "--dports", "5432,6379",
              "-j", "ACCEPT"],
             ["-i", local, "-o", remote, "-m", "conntrack", "--ctstate", "ESTABLISHED,RELATED",
              "-j", "ACCEPT"]]
    name = f"{stack.project}-remote-worker"
    sh("docker", "rm", "-f", name, check=False, quiet=True)
    for rule in rules:
        sh("iptables", "-I", "DOCKER-USER", *rule)
    stopped = stack.container("worker", 2)
    try:
        url_db = f"postgres://tablecert:{settings['POSTGRES_PASSWORD']}@{gateway}:{stack.db_port}/tablecert"
        redis = f"redis://{gateway}:{stack.redis_port}"
        env = {"DJANGO_ENV": "production", "DJANGO_SECRET_KEY": settings["DJANGO_SECRET_KEY"],
               "DJANGO_ALLOWED_HOSTS": settings["DJANGO_ALLOWED_HOSTS"], "DATABASE_URL": url_db,
               "CELERY_BROKER_URL": f"{redis}/0", "TABLECERT_CACHE_URL": f"{redis}/1",
               "CELERY_VISIBILITY_TIMEOUT": settings["CELERY_VISIBILITY_TIMEOUT"],
               "TABLECERT_SIGNING_KEY": "/run/tablecert-signing/key.pem",
               "TABLECERT_SIGNING_CERT": "/run/tablecert-signing/cert.pem"}
        sh("docker", "run", "-d", "--name", name, "--label", f"tablecert.stack={stack.project}",
           "--network", stack.remote_network, "--hostname", "second-host",
           *[a for k, v in env.items() for a in ("-e", f"{k}={v}")],
           "-v", f"{stack.project}_reports:/var/lib/tablecert",
           "-v", f"{settings['TABLECERT_SIGNING_DIR']}:/run/tablecert-signing:ro",
           settings["TABLECERT_IMAGE"], "celery", "-A", "casino", "worker", "--loglevel=INFO",
           "--concurrency=1", "-n", "celery@second-host")
        deadline = time.monotonic() + 120
        while not log_lines(name, r"celery@second-host ready"):
            assert time.monotonic() < deadline, ("the second host's worker did not start:\n" +
                                                 "\n".join(log_lines(name, r".", 30)))
            time.sleep(1)
        say(f"did: started {name} on network {stack.remote_network}, broker and database at "
            f"{gateway}:{stack.redis_port} and :{stack.db_port} (the published ports)")
        sh("docker", "stop", stopped)
        say(f"did: stopped {stopped}: one local worker and the second host share the run")

        run = start_certification(ctx, "second host")
        done = wait_done(ctx, run)
        split = chunk_workers(ctx, done)
        same_figures(ctx, done, f"run {done['certificate_number']} split across two hosts")
        assert split.get("second-host", 0) > 0 and len(split) >= 2, (
            f"the run was not split across both hosts: {split}")
        say(f"checked: chunks per worker: {split}")

        def cut() -> None:
            sh("docker", "network", "disconnect", stack.remote_network, name)
            say(f"did: partition: docker network disconnect {stack.remote_network} {name}")

        def heal() -> None:
            time.sleep(15)
            sh("docker", "network", "connect", stack.remote_network, name)
            say("did: partition healed after 15 s")

        during_simulation(ctx, "partition", cut, heal)
    finally:
        sh("docker", "rm", "-f", name, check=False)
        for rule in rules:
            sh("iptables", "-D", "DOCKER-USER", *rule, check=False)
        sh("docker", "start", stopped, check=False)
        stack.wait_healthy()


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


SCENARIOS: dict[str, Callable[[Context], None]] = {
    "journey": journey,
    "first-run-browser": first_run_browser,
    "worker-killed": worker_killed,
    "broker-restarted": broker_restarted,
    "database-restarted": database_restarted,
    "worker-network-cut": worker_network_cut,
    "second-host": second_host,
    "backup-restored": backup_restored,
}


def describe(name: str) -> str:
    doc = SCENARIOS[name].__doc__ or ""
    return " ".join(doc.split())


__all__ = ["SCENARIOS", "Context", "StackError", "describe", "json"]
