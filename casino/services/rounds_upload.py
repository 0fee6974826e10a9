"""Rounds from a CSV file (the table page's upload, ``manage.py ingest``) or a JSON batch
file: the same checks and the same store as the API. A file's batch ids come from its
content, so the same file loaded twice is stored once."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field

from casino.models import TableConfiguration
from casino.rules import rounds as fmt

from .rounds_ingest import IngestResult, ingest_batch


@dataclass
class FileResult:
    batches: list[IngestResult] = field(default_factory=list)

    @property
    def posted(self) -> int:
        return sum(b.posted for b in self.batches)

    @property
    def stored(self) -> int:
        return sum(b.stored for b in self.batches)

    @property
    def already_stored(self) -> int:
        return sum(b.already_stored for b in self.batches)


def _shift_lines(error: fmt.RoundFormatError, first_line: int) -> fmt.RoundFormatError:
    """Problems of a later piece of a long file, with the piece's line numbers made the file's."""
    if first_line == 2:
        return error
    fixed = []
    for p in error.problems:
        where = p.field
        if where.startswith("line "):
            number, _, rest = where[5:].partition(",")
            if number.isdigit():
                where = f"line {int(number) + first_line - 2},{rest}"
        fixed.append(fmt.RoundProblem(p.index, p.round_id, where, p.message))
    return fmt.RoundFormatError(fixed)


def rounds_ingest_csv(*, table: TableConfiguration, lines: Iterable[str], source: str, user=None,
                      name: str = "") -> FileResult:
    """Every piece of the file stored, or RoundFormatError for the first bad piece (earlier
    pieces stay stored: each is a batch of its own, and loading the file again skips them)."""
    result = FileResult()
    for first_line, text in fmt.csv_chunks(lines):
        try:
            rounds = fmt.rounds_from_csv(text, table=table.table_id)
        except fmt.RoundFormatError as exc:
            raise _shift_lines(exc, first_line) from None
        digest = hashlib.sha256(f"{table.table_id}\n{text}".encode()).hexdigest()[:40]
        batch = fmt.Batch(batch_id=f"csv-{digest}", rounds=rounds)
        result.batches.append(ingest_batch(batch=batch, source=source, user=user,
                                           allowed_tables={table.table_id}))
    return result


def rounds_ingest_json(*, table: TableConfiguration, data: bytes, source: str, user=None) -> FileResult:
    """A JSON batch file (the API's body) whose rounds are all the named table's."""
    batch = fmt.decode_batch(data)
    result = FileResult()
    result.batches.append(ingest_batch(batch=batch, source=source, user=user,
                                       allowed_tables={table.table_id}))
    return result
