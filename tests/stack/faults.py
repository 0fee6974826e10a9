"""The faults `make stack-test` causes across containers, each ending with nothing lost and
the first run's figures: a worker killed, the broker and PostgreSQL restarted, a worker's
network cut, and a worker on a second host (another Docker network) with a partition."""

from __future__ import annotations

import threading
import time
from collections import Counter

from tests.stack.client import Client
from tests.stack.runs import (
    Context,
    chunk_workers,
    during_simulation,
    log_lines,
    run_now,
    same_figures,
    say,
    start_certification,
    wait_done,
)
from tests.stack.stack import sh


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
