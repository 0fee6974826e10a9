"""A certification run performed in the command's own process, with a progress bar.

``certify`` and ``packet`` (which certifies first when it is given no run) share it: the
evidence is checked before the run exists, so a bad file names its line and leaves no
half-written run behind.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files import File
from django.core.management.base import CommandError

from casino.rules import rules_from_dict
from certification.management.progress import Progress
from certification.services.evidence import evidence_validate
from certification.services.pipeline import certification_run_perform_locally
from certification.services.runs import certification_run_create, rules_snapshot

OPTIONS = {"shuffle_log": "--shuffle-log", "rng_bits": "--bits", "shuffle_procedure": "--procedure"}


def step_progress(bar: Progress) -> Callable[[str, int], None]:
    """The services' ``progress(step, percent)`` drawn on ``bar``."""
    return lambda step, percent: bar(percent, 100, f"{step[:40]:<40}")


def _opened(path: Path | None, option: str) -> File | None:
    if path is None:
        return None
    if not path.is_file():
        raise CommandError(f"{option}: {path} is not a file")
    if path.stat().st_size > settings.TABLECERT_MAX_UPLOAD_BYTES:
        raise CommandError(f"{option}: {path} is larger than the upload limit")
    return File(io.BytesIO(path.read_bytes()), name=path.name)


def certify_locally(*, variant, rounds: int, seed: int | None, workers: int | None, out,
                    procedure: str = "", shuffle_log: Path | None = None, bits: Path | None = None,
                    bits_format: str = "binary"):
    """Certify the variant's latest paytable version here; ``out`` takes the messages."""
    if rounds < 1:
        raise CommandError("--rounds must be at least 1")
    version = variant.paytable.latest_version
    if version is None:
        raise CommandError(f"variant {variant} has no paytable version")
    try:
        evidence = evidence_validate(
            shuffle_log=_opened(shuffle_log, "--shuffle-log"), rng_bits=_opened(bits, "--bits"),
            rng_format=bits_format, shuffle_procedure=procedure,
            deck_size=rules_from_dict(rules_snapshot(variant=variant, paytable_version=version)).deck_size,
        )
    except ValidationError as exc:
        raise CommandError("; ".join(
            f"{OPTIONS.get(name, name)}: {' '.join(problems)}" for name, problems in exc.message_dict.items()
        )) from None
    run = certification_run_create(variant=variant, paytable_version=version, requested_by=None,
                                   rounds=rounds, seed=seed, evidence=evidence)
    out.write(f"Certifying {variant.name} (paytable v{version.number}) as "
              f"{run.certificate_number}, {rounds:,} rounds")
    bar = Progress()
    try:
        certification_run_perform_locally(run=run, workers=workers, progress=step_progress(bar))
    except Exception as exc:
        raise CommandError(f"certification failed: {exc} (run {run.certificate_number} is "
                           "marked failed)") from exc
    finally:
        bar.close()
    return run
