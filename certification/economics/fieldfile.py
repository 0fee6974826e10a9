"""Reading a field trial's daily results: ``date,table,rounds,handle,win`` per line.

``rounds`` is the rounds dealt at the table that day, ``handle`` the total of the initial
wagers of every seat, ``win`` the house's net win (negative when the table lost), both in
the same currency (at most two decimals). Every line is checked before anything is used; one error lists every bad
line (by its number in the file, the header being line 1).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

HEADER = ("date", "table", "rounds", "handle", "win")
MAX_ROWS = 200_000
MAX_ERRORS = 20
MAX_TABLE_ID = 40
MAX_DECIMALS = 2
MAX_WHOLE_DIGITS = 14


class FieldFileError(ValueError):
    """A field file that cannot be read; ``problems`` are (line, message) pairs."""

    def __init__(self, problems: list[tuple[int, str]]):
        self.problems = problems
        shown = "; ".join(f"line {line}: {msg}" if line else msg for line, msg in problems[:MAX_ERRORS])
        more = len(problems) - MAX_ERRORS
        super().__init__(shown + (f"; and {more} more" if more > 0 else ""))


@dataclass(frozen=True)
class FieldDay:
    line: int
    date: dt.date
    table: str
    rounds: int
    handle: Fraction
    win: Fraction


def _amount(text: str, name: str, *, positive: bool) -> Fraction:
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise ValueError(f"{name} {text!r} is not a number") from None
    if not value.is_finite():
        raise ValueError(f"{name} {text!r} is not a finite amount")
    cents = value.scaleb(MAX_DECIMALS)
    if cents != cents.to_integral_value() or abs(value) >= 10 ** MAX_WHOLE_DIGITS:
        raise ValueError(f"{name} {text} is not an amount of currency (at most "
                         f"{MAX_WHOLE_DIGITS} digits and {MAX_DECIMALS} decimals)")
    if positive and value <= 0:
        raise ValueError(f"{name} must be positive, not {text}")
    return Fraction(value)


def _row(line: int, cells: list[str]) -> FieldDay:
    if len(cells) != len(HEADER):
        raise ValueError(f"expected {len(HEADER)} fields ({','.join(HEADER)}), found {len(cells)}")
    date_text, table, rounds_text, handle_text, win_text = (c.strip() for c in cells)
    try:
        date = dt.date.fromisoformat(date_text)
    except ValueError:
        raise ValueError(f"date {date_text!r} is not YYYY-MM-DD") from None
    if not table or len(table) > MAX_TABLE_ID:
        raise ValueError(f"table must be 1 to {MAX_TABLE_ID} characters, not {table!r}")
    if not rounds_text.isdigit() or int(rounds_text) < 1:
        raise ValueError(f"rounds {rounds_text!r} is not a whole number of rounds above 0")
    return FieldDay(line, date, table, int(rounds_text), _amount(handle_text, "handle", positive=True),
                    _amount(win_text, "win", positive=False))


def read_field_file(data: bytes | str) -> list[FieldDay]:
    """Every day of the file, or a FieldFileError naming each bad line."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise FieldFileError([(0, "the file is not UTF-8 text")]) from None
    reader = csv.reader(io.StringIO(data))
    try:
        header = next(reader)
    except (StopIteration, csv.Error):
        raise FieldFileError([(1, f"the file is empty; expected the header {','.join(HEADER)}")]) from None
    if tuple(c.strip().lower() for c in header) != HEADER:
        raise FieldFileError([(1, f"the header must be {','.join(HEADER)}, not {','.join(header)}")])
    days: list[FieldDay] = []
    problems: list[tuple[int, str]] = []
    seen: dict[tuple[str, dt.date], int] = {}
    try:
        for cells in reader:
            line = reader.line_num
            if not any(c.strip() for c in cells):
                continue
            if len(days) + len(problems) >= MAX_ROWS:
                problems.append((line, f"more than {MAX_ROWS:,} days; split the file"))
                break
            try:
                day = _row(line, cells)
            except ValueError as exc:
                problems.append((line, str(exc)))
                continue
            earlier = seen.get((day.table, day.date))
            if earlier is not None:
                problems.append((line, f"table {day.table} on {day.date} is already on line {earlier}"))
                continue
            seen[(day.table, day.date)] = line
            days.append(day)
    except csv.Error as exc:
        problems.append((reader.line_num, f"unreadable CSV: {exc}"))
    if problems:
        raise FieldFileError(problems)
    if not days:
        raise FieldFileError([(2, "the file has a header but no days")])
    return days
