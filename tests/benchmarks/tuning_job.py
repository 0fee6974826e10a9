"""Run the tuner's form-default search on ``siete-y-media`` as a web job and time it.

Started as ``python -m tests.benchmarks.tuning_job USERNAME`` in the environment of a
running embedded default (``tests/support/embedded.py``): it creates the job as the form's
view does (the suggested knobs with the form's values, the jurisdiction's band, the main
bet), lets the worker run it, and prints the seconds from creation to the finished job, the
variants analysed, the band and knobs (for the same search from ``tune``) and the suggestions.
"""

from __future__ import annotations

import json
import sys
import time

import django

PRESET = "siete-y-media"


def main(username: str) -> None:
    django.setup()
    from django.contrib.auth import get_user_model

    from casino.forms.tuning import compact
    from casino.models import GameVariant
    from certification.odds.tuner import suggested_knobs
    from certification.services.tuning import tuning_job_create
    from certification.services.tuning_requests import default_band, variant_base

    variant = GameVariant.objects.get(preset=PRESET, created_by__isnull=True)
    _, rules = variant_base(variant)
    vary = [f"{k.key}={compact(k.values)}" for k in suggested_knobs(rules)]
    actor = get_user_model().objects.get(username=username)
    start = time.perf_counter()
    job = tuning_job_create(variant=variant, actor=actor, vary=vary,
                            band=default_band(variant.jurisdiction, variant.family, "main"))
    while not job.finished:
        time.sleep(0.02)
        job.refresh_from_db()
    seconds = time.perf_counter() - start
    print(json.dumps({
        "seconds": seconds, "status": job.status, "error": job.error,
        "evaluated": job.evaluated, "band": job.request["band"], "vary": vary,
        "suggestions": [s["changes"] for s in (job.result or {}).get("suggestions", [])],
    }))


if __name__ == "__main__":
    main(sys.argv[1])
