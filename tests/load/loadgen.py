"""A small, bounded HTTP load generator (standard library only).

Each simulated client is a thread with its own keep-alive connection and credentials; it
walks its list of requests round-robin, pausing ``think`` seconds between them as a person
at a screen would. The run stops at ``seconds`` or ``max_requests``, whichever comes first,
and only ever talks to the loopback interface.
"""

from __future__ import annotations

import http.client
import random
import statistics
import threading
import time
from dataclasses import dataclass, field

LOOPBACK = "127.0.0.1"
MAX_SECONDS = 300
MAX_CLIENTS = 200


@dataclass(frozen=True)
class Target:
    group: str
    path: str
    method: str = "GET"
    body: bytes | None = None
    content_type: str = ""


@dataclass
class Client:
    targets: list[Target]
    headers: dict[str, str]


@dataclass
class GroupStats:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    error_samples: list[str] = field(default_factory=list)

    def summary(self) -> dict:
        ms = sorted(x * 1000 for x in self.latencies)
        if not ms:
            return {"requests": 0, "errors": self.errors, "samples": self.error_samples}
        cuts = statistics.quantiles(ms, n=100, method="inclusive") if len(ms) > 1 else ms * 99
        return {
            "requests": len(ms), "errors": self.errors,
            "p50_ms": round(cuts[49], 1), "p95_ms": round(cuts[94], 1),
            "p99_ms": round(cuts[98], 1), "max_ms": round(ms[-1], 1),
            "samples": self.error_samples,
        }


class _Budget:
    def __init__(self, limit: int):
        self.left = limit
        self.lock = threading.Lock()

    def take(self) -> bool:
        with self.lock:
            if self.left <= 0:
                return False
            self.left -= 1
            return True


def _send(connection, target: Target, headers: dict) -> http.client.HTTPResponse:
    connection.request(target.method, target.path, body=target.body, headers=headers)
    response = connection.getresponse()
    response.read()
    return response


def _worker(port, client, deadline, budget, think, stats, lock, offset) -> None:
    rng = random.Random(offset)
    connection = http.client.HTTPConnection(LOOPBACK, port, timeout=30)
    i = offset
    if think:
        # People do not all click in the same millisecond: spread the first requests out.
        time.sleep(rng.uniform(0, think))
    while time.monotonic() < deadline and budget.take():
        target = client.targets[i % len(client.targets)]
        i += 1
        headers = dict(client.headers)
        if target.content_type:
            headers["Content-Type"] = target.content_type
        start = time.perf_counter()
        problem = None
        try:
            try:
                response = _send(connection, target, headers)
            except (ConnectionResetError, BrokenPipeError, http.client.RemoteDisconnected):
                # The server closed an idle keep-alive connection; any client retries once.
                connection.close()
                response = _send(connection, target, headers)
            if response.status >= 400 or (response.status >= 300 and target.method == "GET"):
                problem = f"{target.method} {target.path} -> {response.status}"
        except (OSError, http.client.HTTPException) as exc:
            problem = f"{target.method} {target.path} -> {type(exc).__name__}: {exc}"
            connection.close()
            connection = http.client.HTTPConnection(LOOPBACK, port, timeout=30)
        elapsed = time.perf_counter() - start
        with lock:
            group = stats.setdefault(target.group, GroupStats())
            if problem:
                group.errors += 1
                if len(group.error_samples) < 5:
                    group.error_samples.append(problem)
            else:
                group.latencies.append(elapsed)
        if think:
            time.sleep(rng.uniform(0.5 * think, 1.5 * think))
    connection.close()


def run_load(*, port: int, clients: list[Client], seconds: float, think: float = 0.0,
             max_requests: int = 200_000) -> dict[str, dict]:
    """Drive ``clients`` concurrently against 127.0.0.1:``port``; per-group latency figures."""
    if not 0 < seconds <= MAX_SECONDS:
        raise ValueError(f"seconds must be in (0, {MAX_SECONDS}]")
    if not 0 < len(clients) <= MAX_CLIENTS:
        raise ValueError(f"between 1 and {MAX_CLIENTS} clients")
    stats: dict[str, GroupStats] = {}
    lock = threading.Lock()
    budget = _Budget(max_requests)
    deadline = time.monotonic() + seconds
    threads = [
        threading.Thread(target=_worker, daemon=True,
                         args=(port, client, deadline, budget, think, stats, lock, n))
        for n, client in enumerate(clients)
    ]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 60)
    elapsed = time.monotonic() - started
    report = {name: group.summary() for name, group in sorted(stats.items())}
    total = sum(g["requests"] for g in report.values())
    report["_total"] = {"requests": total, "errors": sum(g["errors"] for g in report.values()),
                        "seconds": round(elapsed, 1), "rps": round(total / elapsed, 1)}
    return report


def format_report(report: dict[str, dict]) -> str:
    lines = [f"{'group':<14}{'requests':>9}{'errors':>8}{'p50 ms':>9}{'p95 ms':>9}"
             f"{'p99 ms':>9}{'max ms':>9}"]
    for name, g in report.items():
        if name.startswith("_"):
            continue
        lines.append(f"{name:<14}{g['requests']:>9}{g['errors']:>8}{g.get('p50_ms', '-'):>9}"
                     f"{g.get('p95_ms', '-'):>9}{g.get('p99_ms', '-'):>9}{g.get('max_ms', '-'):>9}")
        lines += [f"    {sample}" for sample in g["samples"]]
    t = report["_total"]
    lines.append(f"total {t['requests']} requests, {t['errors']} errors, {t['seconds']} s, "
                 f"{t['rps']} requests/s")
    return "\n".join(lines)
