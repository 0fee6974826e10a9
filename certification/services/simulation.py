"""Simulation runs over Celery workers: start, record each chunk once, merge once.

Why the merge is triggered by the last chunk to record rather than a chord callback: a
chord's callback is a single message that a lost worker or a broker restart can drop,
leaving a finished run unmerged; here every chunk's insert is idempotent (unique run and
index) and whichever chunk brings the count to the total merges. ``simulation_run_finish``
is itself idempotent, so a stalled run can always be finished by calling it again.
"""

from __future__ import annotations

import fcntl
import logging
import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from celery import group
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from certification.models import CertificationRun, RunStatus, SimulationChunk, SimulationRun
from certification.odds.simulation import ChunkStats, SimulationSpec, run_chunk, summarize
from certification.services.progress import simulation_progress_changed
from certification.services.recertification import recertification_failed

CHUNK_TASK = "certification.simulation_chunk"
RUN_COMPLETE_TASK = "certification.run_complete"

logger = logging.getLogger(__name__)
WARM_NICENESS = 10


def compiled_kernels_warm(*, background: bool = True) -> threading.Thread | None:
    """Compile or load the simulation kernels and the NIST loops, by default in a thread.

    A thread, because a worker process must report itself up within seconds of starting
    while compiling every kernel from scratch (a fresh var directory) takes longer.
    """
    def warm() -> None:
        from certification.odds.simulation.warm import warm_kernels
        from certification.randomness.nist.battery import warm_compiled_loops

        if background:
            _yield_to_interactive_work()
        try:
            with _one_compiler_at_a_time():
                seconds = warm_kernels()
                seconds["nist"] = warm_compiled_loops()
        except Exception:  # a cold start must not take the worker down with it
            logger.exception("warming the compiled kernels failed; their first use will compile them")
            return
        logger.info("compiled kernels ready: %s",
                    ", ".join(f"{name} {s:.2f} s" for name, s in seconds.items()))

    if not background:
        warm()
        return None
    thread = threading.Thread(target=warm, name="warm-compiled-kernels", daemon=True)
    thread.start()
    return thread


@contextmanager
def _one_compiler_at_a_time() -> Iterator[None]:
    # Every process of a worker pool starts warming at once; on a fresh var directory each
    # compiled every kernel itself, two or more processes' worth of CPU for the first minute
    # or two, which the jobs sent meanwhile had to share. Behind a lock on the kernels'
    # folder the first compiles and the others then load its work from the disk cache.
    from certification.compiled import cache_dir

    folder = cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "warming.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _yield_to_interactive_work() -> None:
    # Compiling takes seconds of CPU; where the web server shares the machine (the embedded
    # default, a small host) its pages should not wait behind it. Linux sets a thread's
    # niceness by its thread id; elsewhere the warm-up keeps the process's priority.
    try:
        thread = threading.get_native_id()
        niceness = os.getpriority(os.PRIO_PROCESS, thread) + WARM_NICENESS
        os.setpriority(os.PRIO_PROCESS, thread, min(niceness, 19))
    except (AttributeError, OSError):
        pass


def simulation_run_start(*, spec: SimulationSpec, certification_run=None,
                         dispatch: bool = True) -> SimulationRun:
    """Create the run and, once committed, send one task per chunk to the workers."""
    with transaction.atomic():
        run = SimulationRun.objects.create(
            certification_run=certification_run,
            spec=spec.to_dict(),
            variant=spec.variant,
            strategy=spec.strategy,
            rounds=spec.rounds,
            chunk_rounds=spec.chunk_rounds,
            seed=spec.seed,
            chunks_total=spec.chunks,
            status=RunStatus.RUNNING if dispatch else RunStatus.QUEUED,
            started_at=timezone.now() if dispatch else None,
        )
        if dispatch:
            transaction.on_commit(lambda: simulation_run_dispatch(run_id=run.pk))
    return run


def simulation_run_dispatch(*, run_id: int, indices: list[int] | None = None) -> None:
    # Tasks are sent by name: the tasks call these services, never the other way round.
    from casino.celery import app

    run = SimulationRun.objects.get(pk=run_id)
    todo = range(run.chunks_total) if indices is None else indices
    group(app.signature(CHUNK_TASK, args=(run_id, i)) for i in todo).apply_async()


def simulation_spec(run: SimulationRun) -> SimulationSpec:
    return SimulationSpec.from_dict(run.spec)


def simulation_chunk_run(*, run_id: int, index: int) -> bool:
    """Compute chunk ``index`` unless it is already recorded; returns whether it counted."""
    run = SimulationRun.objects.get(pk=run_id)
    if run.finished:
        return False
    if SimulationChunk.objects.filter(run_id=run_id, index=index).exists():
        return False
    start = time.perf_counter()
    stats = run_chunk(simulation_spec(run), index)
    return simulation_chunk_record(run_id=run_id, index=index, stats=stats,
                                   seconds=time.perf_counter() - start)


def simulation_chunk_record(*, run_id: int, index: int, stats: ChunkStats,
                            seconds: float = 0.0, worker: str = "") -> bool:
    """Store a chunk once; a second delivery of the same chunk changes nothing."""
    if stats.index != index:
        raise ValueError(f"chunk statistics for index {stats.index} recorded as {index}")
    try:
        with transaction.atomic():
            SimulationChunk.objects.create(
                run_id=run_id, index=index, stats=stats.to_dict(), seconds=seconds,
                worker=worker or socket.gethostname(),
            )
            SimulationRun.objects.filter(pk=run_id).update(chunks_done=F("chunks_done") + 1)
    except IntegrityError:
        return False
    run = SimulationRun.objects.get(pk=run_id)
    run.progress = min(100, 100 * run.chunks_done // max(run.chunks_total, 1))
    SimulationRun.objects.filter(pk=run_id).update(progress=run.progress)
    simulation_progress_changed(simulation=run)
    if run.chunks_done >= run.chunks_total:
        simulation_run_finish(run_id=run_id)
    return True


def simulation_run_finish(*, run_id: int) -> SimulationRun:
    """Merge every chunk into the result; idempotent, and a no-op until all have arrived."""
    run = SimulationRun.objects.get(pk=run_id)
    if run.status == RunStatus.DONE:
        return run
    rows = list(SimulationChunk.objects.filter(run_id=run_id).order_by("index"))
    if len(rows) < run.chunks_total:
        return run
    spec = simulation_spec(run)
    chunks = [ChunkStats.from_dict(r.stats) for r in rows]
    exact = _exact_for(spec)
    started = run.started_at or run.created_at
    seconds = max((timezone.now() - started).total_seconds(), 1e-9)
    summary = summarize(spec, chunks, seconds=seconds, exact=exact)
    result = summary.to_json(convergence_points=200)
    # Conditional update: if two last chunks race here, only one writes (both results are
    # identical anyway, because the merge is exact).
    SimulationRun.objects.filter(pk=run_id).exclude(status=RunStatus.DONE).update(
        status=RunStatus.DONE, result=result, progress=100,
        rounds_per_second=summary.rounds_per_second, finished_at=timezone.now(),
    )
    run.refresh_from_db()
    if run.certification_run_id is not None:
        from casino.celery import app

        cert_id = run.certification_run_id
        transaction.on_commit(lambda: app.send_task(RUN_COMPLETE_TASK, args=(cert_id,)))
    return run


def simulation_runs_resume(*, older_than_minutes: int = 15) -> int:
    """Send again the chunks of runs that stopped moving (a lost worker, a restarted broker).

    Recording is idempotent, so a chunk that was only slow and arrives twice counts once.
    Runs older than a day are failed instead: their inputs or workers need a person.
    """
    now = timezone.now()
    quiet_since = now - timezone.timedelta(minutes=older_than_minutes)
    resumed = 0
    for run in SimulationRun.objects.filter(status=RunStatus.RUNNING, started_at__lt=quiet_since):
        if run.started_at < now - timezone.timedelta(days=1):
            simulation_run_fail(run_id=run.pk, error="stalled for over a day; start a new run")
            continue
        last = run.chunks.order_by("-created_at").values_list("created_at", flat=True).first()
        if last is not None and last > quiet_since:
            continue
        done = set(run.chunks.values_list("index", flat=True))
        missing = [i for i in range(run.chunks_total) if i not in done]
        if missing:
            simulation_run_dispatch(run_id=run.pk, indices=missing)
            resumed += 1
        else:
            simulation_run_finish(run_id=run.pk)
    return resumed


def simulation_run_fail(*, run_id: int, error: str) -> None:
    SimulationRun.objects.filter(pk=run_id).exclude(status=RunStatus.DONE).update(
        status=RunStatus.FAILED, error=error[:10000], finished_at=timezone.now())
    cert_id = SimulationRun.objects.filter(pk=run_id).values_list("certification_run_id", flat=True).first()
    if cert_id is not None:
        failed = CertificationRun.objects.filter(pk=cert_id, status=RunStatus.RUNNING).update(
            status=RunStatus.FAILED, error=f"simulation failed: {error}"[:10000], finished_at=timezone.now())
        run = CertificationRun.objects.get(pk=cert_id)
        if failed and run.recertifies_id is not None:
            recertification_failed(run=run)


def _exact_for(spec: SimulationSpec) -> Any:
    if spec.strategy != "optimal" or spec.chart is not None:
        return None
    from certification.odds.simulation import exact_result

    return exact_result(spec.rules)
