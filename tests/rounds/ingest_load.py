"""Clients posting batches of rounds to a real server, as table systems do: each batch is
retried on 429 (after Retry-After), on 5xx and on a dropped connection, until it is answered
201 or 200, so a server restart in the middle loses nothing."""

from __future__ import annotations

import http.client
import json
import queue
import threading
import time
from dataclasses import dataclass, field


@dataclass
class LoadReport:
    batches: int = 0
    rounds_posted: int = 0
    rounds_stored: int = 0
    already_stored: int = 0
    retries: int = 0
    busy: int = 0
    seconds: float = 0.0
    answers: dict[int, int] = field(default_factory=dict)

    @property
    def rounds_per_second(self) -> float:
        return self.rounds_posted / self.seconds if self.seconds else 0.0


def post_batches(*, port: int, secret: str, bodies: list[tuple[bytes, int]], clients: int,
                 give_up_after: float = 120.0, report: LoadReport | None = None) -> LoadReport:
    """Post every (body, rounds in it) with ``clients`` threads; every batch until answered.
    ``report`` (when given) fills as batches are answered, for a watcher in another thread."""
    work: queue.Queue = queue.Queue()
    for item in bodies:
        work.put(item)
    report = report if report is not None else LoadReport()
    lock = threading.Lock()
    failures: list[str] = []
    deadline = time.monotonic() + give_up_after

    def client() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        headers = {"Authorization": f"Bearer {secret}", "Content-Type": "application/json"}
        while True:
            try:
                body, count = work.get_nowait()
            except queue.Empty:
                connection.close()
                return
            while True:
                if time.monotonic() > deadline:
                    failures.append("gave up: the server did not answer in time")
                    return
                try:
                    connection.request("POST", "/api/v1/rounds/", body=body, headers=headers)
                    response = connection.getresponse()
                    payload = response.read()
                    status = response.status
                except (OSError, http.client.HTTPException):
                    connection.close()
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                    with lock:
                        report.retries += 1
                    time.sleep(0.2)
                    continue
                with lock:
                    report.answers[status] = report.answers.get(status, 0) + 1
                if status in (200, 201):
                    answer = json.loads(payload)
                    with lock:
                        report.batches += 1
                        report.rounds_posted += count
                        report.rounds_stored += answer["stored"]
                        report.already_stored += answer["already_stored"]
                    break
                if status == 429:
                    with lock:
                        report.busy += 1
                    time.sleep(min(float(response.getheader("Retry-After", "1")), 0.5))
                    continue
                if status >= 500:
                    with lock:
                        report.retries += 1
                    time.sleep(0.2)
                    continue
                failures.append(f"{status}: {payload[:300]!r}")
                break

    threads = [threading.Thread(target=client) for _ in range(clients)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    report.seconds = time.perf_counter() - start
    if failures:
        raise AssertionError(f"{len(failures)} batch(es) failed: {failures[:3]}")
    return report
