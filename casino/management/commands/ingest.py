"""Load rounds from a file: CSV rows (one per seat, see casino.rules.rounds.CSV_COLUMNS) or a
JSON batch (the API's body), for one table. The same checks and store as the API; a bad
round stops the load with its round, line and field named; loading a file again stores
nothing twice."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from casino.models import IngestSource, TableConfiguration
from casino.rules.rounds import RoundFormatError
from casino.services.rounds_ingest import IngestBusy
from casino.services.rounds_upload import rounds_ingest_csv, rounds_ingest_json


class Command(BaseCommand):
    help = "Store the rounds of a CSV or JSON file for one table."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, metavar="FILE")
        parser.add_argument("--table", required=True, metavar="ID", help="the table's id, e.g. T-01")

    def handle(self, *args, file: Path, table: str, **options):
        found = TableConfiguration.objects.filter(table_id=table).first()
        if found is None:
            raise CommandError(f"no table {table!r}")
        if not file.is_file():
            raise CommandError(f"no file {file}")
        try:
            if file.suffix.lower() == ".json":
                result = rounds_ingest_json(table=found, data=file.read_bytes(), source=IngestSource.COMMAND)
            else:
                with file.open(encoding="utf-8-sig", newline="") as lines:
                    result = rounds_ingest_csv(table=found, lines=lines, source=IngestSource.COMMAND)
        except RoundFormatError as exc:
            raise CommandError("refused, nothing of this batch stored:\n  " +
                               "\n  ".join(str(p) for p in exc.problems)) from None
        except IngestBusy as exc:
            raise CommandError(f"the database is busy with other batches; run again in "
                               f"{exc.retry_after} s (what was stored stays stored)") from None
        except UnicodeDecodeError as exc:
            raise CommandError(f"{file} is not UTF-8 text: {exc}") from None
        self.stdout.write(f"{result.posted} rounds read, {result.stored} stored, "
                          f"{result.already_stored} already stored, for table {table}")
