"""Run the shuffle-log battery on a CSV log and print the verdict."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from certification.randomness.shuffles import ShuffleLogError, read_shuffle_log, run_battery


class Command(BaseCommand):
    help = "Test a shuffle log (CSV: shuffle_id,order) for randomness; exit status 0 either way."

    def add_arguments(self, parser) -> None:
        parser.add_argument("log", help="path to the shuffle log CSV")
        parser.add_argument(
            "--alpha",
            type=float,
            default=0.01,
            help="family-wise false-alarm rate across the battery (default 0.01)",
        )
        parser.add_argument("--json", action="store_true", help="print the result as JSON")

    def handle(self, *args, **options) -> None:
        path = Path(options["log"])
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise CommandError(f"cannot read {path}: {exc.strerror}") from None
        try:
            result = run_battery(read_shuffle_log(data), alpha=options["alpha"])
        except (ShuffleLogError, ValueError) as exc:
            raise CommandError(f"{path}: {exc}") from None
        if options["json"]:
            self.stdout.write(result.to_json())
            return
        self.stdout.write(
            f"{result.shuffles} shuffles of {result.deck_size} cards, "
            f"family-wise alpha {result.alpha} (Holm)"
        )
        self.stdout.write(
            f"{'test':30} {'statistic':>12} {'p-value':>10}  flag  detectable (80% power)"
        )
        for t in result.tests:
            effect = (
                ""
                if t.detectable_effect is None
                else f"{t.detectable_effect:.3g} {t.effect_measure}"
            )
            self.stdout.write(
                f"{t.name:30} {t.statistic:12.4g} {t.p_value:10.3g}  "
                f"{'FAIL' if t.flagged else ' ok '}  {effect}"
            )
        for note in result.notes:
            self.stdout.write(f"note: {note}")
        style = self.style.SUCCESS if result.verdict == "pass" else self.style.ERROR
        self.stdout.write(style(f"verdict: {result.verdict}"))
