"""What the stack scenarios share: a certification through the API, its figures, and the
evidence read from the containers (their logs, Redis's unacknowledged messages, the register
of chunks in PostgreSQL) so that a failure names its cause."""

from __future__ import annotations

import json
import re
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from casino.rules import PRESETS, rules_to_dict
from tests.stack.client import Client
from tests.stack.stack import Stack, sh

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


def verify_files(stack: Stack, files: dict[str, Path]) -> None:
    """verify-report, the installation's own check, on the files as downloaded."""
    web = stack.container("web")
    for label, path in files.items():
        sh("docker", "cp", str(path), f"{web}:/tmp/{path.name}")
        out = stack.compose("exec", "-T", "web", "python", "manage.py", "verify-report",
                            f"/tmp/{path.name}", check=False)
        text = (out.stdout + out.stderr).strip()
        # A certificate not yet approved is genuine but a draft: verify-report exits 8 on it.
        draft = out.returncode == 8 and "(draft," in text and "DRAFT:" in text
        assert (out.returncode == 0 or draft) and "AUTHENTIC" in text, (
            f"verify-report refused the {label} ({out.returncode}): {text[-800:]}")
        say(f"checked: verify-report: {text.splitlines()[0][:150]}")


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
