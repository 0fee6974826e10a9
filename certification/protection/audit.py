"""The whole audit: the exact part, the simulation chunks, and the merge into one report.

``run_audit`` does everything in this process (the CLI without a broker, the tests); the
Django side runs ``exact_part`` on one worker, ``run_chunk`` for every (job, chunk) as a
group over the workers, and ``assemble`` when the last chunk is in.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing import get_context
from typing import Any

from .collusion import RemovalModel, collusion_counted_share, collusion_sample_sums
from .dealt_through import ShoeDealer, dealt_through_sums
from .exact_part import deck_values, exact_part, tags_by_kind
from .merge import assemble
from .result import fraction_text
from .sampling import chunk_rng
from .shuffle import shuffle_hist, with_riffles
from .spec import AuditSpec, Job, jobs


def audit_jobs(spec: AuditSpec, exact: dict[str, Any]) -> list[Job]:
    return jobs(spec, list(exact.get("collusion_simulated", [])),
                list(exact.get("collusion_counted", [])))


def run_chunk(spec: AuditSpec, exact: dict[str, Any], job_index: int, chunk: int) -> dict:
    """Sums of one chunk of one job; the seed is derived from (root seed, job, chunk)."""
    job = audit_jobs(spec, exact)[job_index]
    rng = chunk_rng(spec.seed, job_index, chunk)
    share = math.ceil(spec.rounds / spec.chunks)
    if job.exposure == "collusion_exact":
        share = collusion_counted_share(deck_values(spec.rules), int(job.parameter), chunk, spec.chunks)
        return {"expected_value": fraction_text(share)}
    if job.exposure == "collusion":
        return collusion_sample_sums(deck_values(spec.rules), int(job.parameter), rng, share,
                                     RemovalModel.from_json(exact["collusion_control"]))
    if job.exposure == "dealt_through":
        dealer = ShoeDealer(spec.rules, deck_values(spec.rules), seats=spec.seats,
                            penetration=job.parameter, tags=tags_by_kind(spec, exact),
                            unit=exact["tag_unit"])
        return dealt_through_sums(dealer, rng, share)
    if job.exposure == "shuffle":
        procedure = with_riffles(spec.procedure, int(job.parameter))
        hist = shuffle_hist(procedure, deck_size=spec.deck_size,
                            positions=spec.deal_positions, rng=rng,
                            decks=math.ceil(spec.shuffle_decks / spec.chunks))
        # Even chunks train the predictor, odd chunks score it.
        return {"train" if chunk % 2 == 0 else "test": hist}
    raise ValueError(f"unknown job {job.key}")


def run_audit(spec: AuditSpec, progress: Callable[[int, int], None] | None = None, *,
              workers: int = 1) -> dict[str, Any]:
    """The audit's JSON report, computed here (``workers`` local processes for the chunks).

    The figures do not depend on ``workers``: every chunk has its own derived seed.
    """
    start = time.perf_counter()
    exact = exact_part(spec)
    planned = audit_jobs(spec, exact)
    tasks = [(j, c) for j in range(len(planned)) for c in range(spec.chunks)]
    results: dict[tuple[int, int], dict] = {}
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("fork")) as pool:
            futures = {pool.submit(run_chunk, spec, exact, j, c): (j, c) for j, c in tasks}
            for done, future in enumerate(as_completed(futures), start=1):
                results[futures[future]] = future.result()
                if progress:
                    progress(done, len(tasks))
    else:
        for done, (j, c) in enumerate(tasks, start=1):
            results[(j, c)] = run_chunk(spec, exact, j, c)
            if progress:
                progress(done, len(tasks))
    # Merged in chunk order, as the workers' merge does, so the floats agree to the last bit.
    sums: dict[str, list[dict]] = {}
    for (j, _c), part in sorted(results.items()):
        sums.setdefault(planned[j].key, []).append(part)
    report = assemble(spec, exact, sums)
    report["seconds"] = time.perf_counter() - start
    return report
