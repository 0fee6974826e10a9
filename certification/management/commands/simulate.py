"""Simulate a rule variant: in local processes, or on the Celery workers when a broker is set."""

from __future__ import annotations

import json
import os
import secrets
import time
from contextlib import closing
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from certification.management.progress import Progress
from certification.management.sources import load_variant
from certification.odds.simulation import (
    DEFAULT_CHUNK_ROUNDS,
    STRATEGY_NAMES,
    SimulationSpec,
    StrategyError,
    run_local,
)


def broker_configured() -> bool:
    """A real broker is configured (not the embedded filesystem one, not left unset)."""
    url = getattr(settings, "CELERY_BROKER_URL", "") or ""
    return bool(os.environ.get("CELERY_BROKER_URL")) and not url.startswith("filesystem://")


def chunk_progress(bar: Progress):
    """``progress(done, total)`` of simulation chunks drawn on ``bar``, with the time so far."""
    return lambda done, total: bar(done, total, f"{done}/{total} chunks  {bar.elapsed():.1f} s")


class Command(BaseCommand):
    help = ("Simulate a preset or a JSON rule file: the observed house edge per bet with its "
            "confidence intervals and its distance from the exact figure.")
    # The system checks import and inspect every URL and view: a second or so of a short
    # simulation's start-up, and nothing this command relies on.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser):
        parser.add_argument("variant", help="preset name or JSON rule file")
        parser.add_argument("--rounds", type=int, required=True)
        parser.add_argument("--seed", type=int, default=None,
                            help="root seed (default: a random one, printed with the result)")
        parser.add_argument("--strategy", default="optimal",
                            help=f"{', '.join(STRATEGY_NAMES)} or a JSON strategy chart file")
        parser.add_argument("--set", action="append", default=[], dest="assignments",
                            metavar="KEY=VALUE", help="override a rule or payouts.NAME")
        parser.add_argument("--workers", type=int, default=None)
        parser.add_argument("--chunk-rounds", type=int, default=DEFAULT_CHUNK_ROUNDS)
        parser.add_argument("--json", action="store_true")
        parser.add_argument("--stall-timeout", type=float, default=600.0,
                            help="with a broker: give up when no chunk is recorded for this many seconds")

    def handle(self, *args, **opts):
        name, rules = load_variant(opts["variant"], opts["assignments"])
        if opts["rounds"] < 1:
            raise CommandError(f"--rounds must be at least 1, not {opts['rounds']}")
        if opts["workers"] is not None and opts["workers"] < 1:
            raise CommandError(f"--workers must be at least 1, not {opts['workers']}")
        seed = secrets.randbits(63) if opts["seed"] is None else opts["seed"]
        strategy, chart = opts["strategy"], None
        if strategy not in STRATEGY_NAMES:
            path = Path(strategy)
            try:
                chart = json.loads(path.read_text(encoding="utf-8"))
            except OSError as exc:
                raise CommandError(f"unknown strategy {strategy!r} ({', '.join(STRATEGY_NAMES)} "
                                   f"or a chart file): {exc.strerror}") from None
            except (json.JSONDecodeError, UnicodeDecodeError) as exc:
                raise CommandError(f"strategy chart {strategy} is not valid JSON: {exc}") from None
            strategy = path.name
        try:
            spec = SimulationSpec(rules, rounds=opts["rounds"], seed=seed, strategy=strategy,
                                  chart=chart, chunk_rounds=opts["chunk_rounds"], variant=name)
            if broker_configured():
                result = self._on_workers(spec, opts["stall_timeout"])
            else:
                with closing(Progress()) as bar:
                    summary = run_local(spec, workers=opts["workers"], progress=chunk_progress(bar))
                result = summary.to_json()
        except (StrategyError, ValueError) as exc:
            raise CommandError(str(exc)) from None
        if opts["json"]:
            self.stdout.write(json.dumps(result, indent=2))
        else:
            self.stdout.write("\n".join(render(result)))

    def _on_workers(self, spec: SimulationSpec, stall_timeout: float) -> dict:
        from certification.services.simulation import simulation_run_start

        run = simulation_run_start(spec=spec)
        with closing(Progress()) as bar:
            return self._follow(run, chunk_progress(bar), stall_timeout)

    @staticmethod
    def _follow(run, progress, stall_timeout: float) -> dict:
        from certification.models import RunStatus
        from certification.services.simulation import simulation_run_fail

        done, moved = -1, time.monotonic()
        while True:
            run.refresh_from_db()
            progress(run.chunks_done, run.chunks_total)
            if run.status == RunStatus.DONE:
                return run.result
            if run.status == RunStatus.FAILED:
                raise CommandError(f"simulation {run.pk} failed: {run.error}")
            if run.chunks_done != done:
                done, moved = run.chunks_done, time.monotonic()
            elif time.monotonic() - moved > stall_timeout:
                reason = (f"no worker recorded a chunk for {stall_timeout:g} s; start workers "
                          "(celery -A casino worker) or unset CELERY_BROKER_URL to run locally")
                simulation_run_fail(run_id=run.pk, error=reason)
                raise CommandError(f"simulation {run.pk}: {reason}")
            time.sleep(0.5)


def render(result: dict) -> list[str]:
    lines = [f"{result['variant']}: {result['rounds']:,} rounds, seed {result['seed']}, "
             f"strategy {result['strategy']}  ({result['rounds_per_second']:,.0f} rounds/s)"]
    for name, bet in result["bets"].items():
        lo95, hi95 = bet["ci95"]
        lines.append(f"{name}")
        lines.append(f"  house edge     {bet['house_edge'] * 100:+.4f} %  "
                     f"(95% CI {lo95 * 100:+.4f} .. {hi95 * 100:+.4f} %)")
        lines.append(f"  standard dev.  {bet['sd']:.6f}")
        if bet["z_vs_exact"] is not None:
            lines.append(f"  exact edge     {bet['exact_house_edge'] * 100:+.4f} %  "
                         f"z = {bet['z_vs_exact']:+.2f} standard errors")
        if bet["house_edge"] < 0:
            lines.append("  PLAYER ADVANTAGE observed")
    return lines
