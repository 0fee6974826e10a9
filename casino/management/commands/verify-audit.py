"""Is the audit trail whole? Exit 0 only if every event continues the hash chain.

Otherwise it exits non-zero naming the first event that was changed, deleted or inserted.
Every checkpoint stored in the database is checked too; ``--checkpoint FILE`` adds an
exported one (kept away from the database), which proves that nothing up to its event was
rewritten and must carry this installation's signature. ``--export-checkpoint FILE`` writes
the newest stored checkpoint to a file (``audit-checkpoint`` makes one now).
"""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from casino.models import AuditCheckpoint
from casino.services.audit_integrity import (
    CheckpointError,
    audit_chain_verify,
    checkpoint_export,
    checkpoint_read,
)

MAX_CHECKPOINT_BYTES = 1024 * 1024


class Command(BaseCommand):
    help = "Walk the audit trail's hash chain and its signed checkpoints; exit 1 if anything was altered."

    def add_arguments(self, parser):
        parser.add_argument("--checkpoint", type=Path, metavar="FILE",
                            help="an exported checkpoint to check the trail against")
        parser.add_argument("--export-checkpoint", type=Path, metavar="FILE",
                            help="write the newest stored checkpoint to FILE")
        parser.add_argument("--json", action="store_true", dest="as_json",
                            help="print the findings as JSON")

    def handle(self, *args, checkpoint: Path | None = None, export_checkpoint: Path | None = None,
               as_json: bool = False, **options):
        extra = (self._read(checkpoint),) if checkpoint is not None else ()
        try:
            report = audit_chain_verify(extra_checkpoints=extra)
        except CheckpointError as exc:
            raise CommandError(f"CHECKPOINT FAILS: {exc}") from None
        if as_json:
            self.stdout.write(json.dumps(report.as_dict(), indent=2, sort_keys=True))
        else:
            self._describe(report)
        if not report.ok:
            raise CommandError(_failure(report))
        if export_checkpoint is not None:
            self._export(export_checkpoint)

    def _read(self, path: Path):
        if not path.is_file():
            raise CommandError(f"{path}: no such checkpoint file")
        if path.stat().st_size > MAX_CHECKPOINT_BYTES:
            raise CommandError(f"{path}: too large to be an audit checkpoint")
        try:
            return checkpoint_read(path.read_bytes())
        except CheckpointError as exc:
            raise CommandError(f"{path}: {exc}") from None

    def _describe(self, report) -> None:
        if report.broken is None:
            self.stdout.write(f"Audit trail whole: {report.events} events, head event "
                              f"{report.head_id} ({report.head_hash[:16]}…)")
        for found in report.checkpoints:
            state = "holds" if found["ok"] else f"FAILS: {found['problem']}"
            self.stdout.write(f"Checkpoint {found['made_at']} at event {found['event_id']} "
                              f"({found['event_count']} events): {state}")

    def _export(self, path: Path) -> None:
        newest = AuditCheckpoint.objects.order_by("-made_at", "-id").first()
        if newest is None:
            raise CommandError("no checkpoint to export yet: run `manage.py audit-checkpoint` first")
        path.write_bytes(checkpoint_export(newest))
        self.stdout.write(f"Exported the checkpoint of {newest.made_at:%Y-%m-%d %H:%M %Z} "
                          f"(event {newest.event_id}, {newest.event_count} events) to {path}")


def _failure(report) -> str:
    if report.broken is not None:
        b = report.broken
        return (f"AUDIT TRAIL BROKEN at event {b.event_id} ({b.kind}): {b.detail}; "
                f"the chain holds up to {'the start' if report.head_id is None else f'event {report.head_id}'}")
    failed = next(c for c in report.checkpoints if not c["ok"])
    return f"CHECKPOINT FAILS ({failed['made_at']}, event {failed['event_id']}): {failed['problem']}"
