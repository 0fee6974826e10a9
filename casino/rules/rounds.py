"""Rounds as table systems and live studios post them: the record, its checks, JSON and CSV.

A round is one deal at one table: its id (unique per table), when it was dealt, the dealer,
the shoe or deck, the cards in the order dealt (optional; the card and settlement checks
need them), and each seat with its wagers, decisions and net result. Nets are the player's
(positive: the player won), in chips, exact as decimals.

Parsing never half-accepts: a batch either reads whole or every problem is listed, each
naming the round (its index in the batch and its id) and the field.
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Annotated

import msgspec

from .cards import RANKS, SUITS, deck_ranks

MAX_BATCH_ROUNDS = 5000
MAX_SEATS = 7
MAX_CARDS = 60
MAX_DECISIONS = 20
ID_LENGTH = 64
DECISIONS = frozenset({"stand", "hit", "fold", "exchange", "shoot", "split", "buy", "switch",
                       "final_bet", "surrender"})
MAX_ERRORS = 50
"""A batch with more problems lists the first ones: enough to fix the table system's export."""

Identifier = Annotated[str, msgspec.Meta(min_length=1, max_length=ID_LENGTH)]
LARGEST_AMOUNT = Decimal("1e9")
Amount = Decimal
Wager = Decimal


class Seat(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    seat: Annotated[int, msgspec.Meta(ge=1, le=MAX_SEATS)]
    wagers: dict[Annotated[str, msgspec.Meta(min_length=1, max_length=20)], Wager]
    net: Amount
    player: Identifier | None = None
    """Pseudonymous player id; never a name."""
    decisions: Annotated[list[str], msgspec.Meta(max_length=MAX_DECISIONS)] = []


class Round(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    table: Identifier
    round_id: Identifier
    time: Annotated[datetime, msgspec.Meta(tz=True)]
    dealer: Identifier
    seats: Annotated[list[Seat], msgspec.Meta(min_length=1, max_length=MAX_SEATS)]
    net: Amount
    """The round's net for the players: the sum of the seats' nets."""
    shoe: Annotated[str, msgspec.Meta(max_length=ID_LENGTH)] = ""
    cards: Annotated[list[str], msgspec.Meta(max_length=MAX_CARDS)] | None = None

    @property
    def handle(self) -> Decimal:
        """Everything wagered in the round (the drop, for a table that takes cash in chips)."""
        return sum((sum(s.wagers.values(), Decimal(0)) for s in self.seats), Decimal(0))


class Batch(msgspec.Struct, forbid_unknown_fields=True):
    batch_id: Identifier
    rounds: list[Round]


@dataclass(frozen=True)
class RoundProblem:
    index: int | None
    """The round's place in the batch (0-based), None for the batch itself."""
    round_id: str
    field: str
    message: str

    def as_dict(self) -> dict:
        return {"round": self.index, "round_id": self.round_id, "field": self.field,
                "message": self.message}

    def __str__(self) -> str:
        where = "batch" if self.index is None else f"round {self.index}"
        if self.round_id:
            where += f" ({self.round_id})"
        return f"{where}, {self.field}: {self.message}"


class RoundFormatError(ValueError):
    """A batch that cannot be stored, with every problem found (at most MAX_ERRORS)."""

    def __init__(self, problems: list[RoundProblem]):
        self.problems = problems[:MAX_ERRORS]
        super().__init__("; ".join(str(p) for p in self.problems))


@dataclass(frozen=True)
class DeckSpec:
    """The deck a table deals from: which card codes exist and how many of each."""

    codes: frozenset[str]
    copies: int

    @classmethod
    def of(cls, family: str, decks: int) -> DeckSpec:
        ranks = deck_ranks({"seven_and_half": "seven_and_half",
                            "nine_ten_eleven": "nine_ten_eleven"}.get(family, "standard"))
        return cls(frozenset(r + s for r in ranks for s in SUITS), max(1, decks))


_DECODER = msgspec.json.Decoder(Batch)
_ROUNDS_DECODER = msgspec.json.Decoder(list[Round])
_PATH = re.compile(r"`\$(?:\.rounds)?\[(\d+)\]\.?(.*)`")
_ALL_CODES = frozenset(r + s for r in RANKS for s in SUITS)


def decode_batch(data: bytes | str) -> Batch:
    """A batch from JSON, its shape and types checked (not yet its cards or nets)."""
    try:
        batch = _DECODER.decode(data)
    except msgspec.ValidationError as exc:
        raise RoundFormatError([_problem_of(exc, data)]) from None
    except msgspec.DecodeError as exc:
        raise RoundFormatError([RoundProblem(None, "", "body", f"not JSON: {exc}")]) from None
    if len(batch.rounds) > MAX_BATCH_ROUNDS:
        raise RoundFormatError([RoundProblem(
            None, "", "rounds", f"{len(batch.rounds)} rounds; a batch holds at most {MAX_BATCH_ROUNDS}")])
    return batch


def _problem_of(exc: msgspec.ValidationError, data: bytes | str) -> RoundProblem:
    text = str(exc)
    message, _, where = text.partition(" - at ")
    match = _PATH.search(where)
    if not match:
        return RoundProblem(None, "", where.strip("`$.") or "body", message)
    index = int(match.group(1))
    return RoundProblem(index, _round_id_at(data, index), match.group(2) or "round", message)


def _round_id_at(data: bytes | str, index: int) -> str:
    """The id of the round a type error points at, when the rest of the batch reads."""
    try:
        rounds = msgspec.json.decode(data).get("rounds", [])
        value = rounds[index].get("round_id", "")
        return value if isinstance(value, str) else ""
    except (msgspec.DecodeError, AttributeError, IndexError, TypeError):
        return ""


def check_rounds(rounds: list[Round], decks: Mapping[str, DeckSpec]) -> None:
    """Raise RoundFormatError naming every round that cannot have been dealt as posted.

    ``decks``: the deck of each table the poster may post to; a table not in it is refused.
    """
    problems: list[RoundProblem] = []
    seen: dict[tuple[str, str], int] = {}
    for index, rnd in enumerate(rounds):
        problems.extend(round_problems(index, rnd, decks.get(rnd.table)))
        key = (rnd.table, rnd.round_id)
        if key in seen:
            problems.append(RoundProblem(index, rnd.round_id, "round_id",
                                         f"the same round id as round {seen[key]} of this batch"))
        seen.setdefault(key, index)
        if len(problems) >= MAX_ERRORS:
            break
    if problems:
        raise RoundFormatError(problems)


def round_problems(index: int, rnd: Round, deck: DeckSpec | None) -> list[RoundProblem]:
    out: list[RoundProblem] = []

    def problem(field: str, message: str) -> None:
        out.append(RoundProblem(index, rnd.round_id, field, message))

    if deck is None:
        problem("table", f"table {rnd.table!r} is not one this poster may post to")
    if rnd.cards is not None and deck is not None:
        _card_problems(rnd.cards, deck, problem)
    seats_seen: set[int] = set()
    total = Decimal(0)
    for i, seat in enumerate(rnd.seats):
        if seat.seat in seats_seen:
            problem(f"seats[{i}].seat", f"seat {seat.seat} appears twice")
        seats_seen.add(seat.seat)
        if not seat.wagers:
            problem(f"seats[{i}].wagers", "a seat in the round has at least one wager")
        for bet, amount in seat.wagers.items():
            if not (amount.is_finite() and 0 < amount <= LARGEST_AMOUNT):
                problem(f"seats[{i}].wagers.{bet}", f"{amount} is not a positive amount of chips")
        if not (seat.net.is_finite() and abs(seat.net) <= LARGEST_AMOUNT):
            problem(f"seats[{i}].net", f"{seat.net} is not an amount of chips")
            continue
        for j, decision in enumerate(seat.decisions):
            if decision not in DECISIONS:
                problem(f"seats[{i}].decisions[{j}]",
                        f"unknown decision {decision!r} (one of {', '.join(sorted(DECISIONS))})")
        total += seat.net
    if not rnd.net.is_finite():
        problem("net", f"{rnd.net} is not an amount of chips")
    elif total != rnd.net:
        problem("net", f"the round's net {rnd.net} is not the sum of its seats' nets ({total})")
    return out


def _card_problems(cards: list[str], deck: DeckSpec, problem) -> None:
    counts = Counter(cards)
    for j, code in enumerate(cards):
        if code not in deck.codes:
            kind = "not a card" if code not in _ALL_CODES else "not in this table's deck"
            problem(f"cards[{j}]", f"{code!r} is {kind}")
    for code, count in counts.items():
        if count > deck.copies and code in deck.codes:
            where = [j for j, c in enumerate(cards) if c == code]
            problem(f"cards[{where[deck.copies]}]",
                    f"{code} dealt {count} times in one round from {deck.copies} deck(s)")


def parse_batch(data: bytes | str, decks: Mapping[str, DeckSpec]) -> Batch:
    """Decode and check a JSON batch; RoundFormatError names every problem."""
    batch = decode_batch(data)
    check_rounds(batch.rounds, decks)
    return batch


def encode_rounds(rounds: Iterable[Round]) -> bytes:
    return msgspec.json.encode(list(rounds))


_STORED = msgspec.json.Encoder(decimal_format="number")


def encode_seats(seats: list[Seat]) -> bytes:
    """The seats as stored: a compact JSON array, amounts as JSON numbers."""
    return _STORED.encode(seats)


_SEATS_DECODER = msgspec.json.Decoder(list[Seat])


def decode_seats(data: bytes | str) -> list[Seat]:
    return _SEATS_DECODER.decode(data)


# -- CSV: one row per seat, the round's columns repeated on each of its seats' rows ----------
CSV_COLUMNS = ("round_id", "time", "dealer", "shoe", "cards", "net",
               "seat", "player", "wagers", "decisions", "seat_net")
"""``table`` may be a further column; ``cards`` and ``decisions`` are separated by spaces,
``wagers`` written ``ante=5;bonus=1``."""


def rounds_from_csv(text: str, *, table: str, max_rounds: int = MAX_BATCH_ROUNDS) -> list[Round]:
    """Rounds from CSV rows; problems name the line and column (and the round when known)."""
    reader = csv.DictReader(io.StringIO(text))
    missing = [c for c in CSV_COLUMNS if c not in (reader.fieldnames or ())]
    if missing:
        raise RoundFormatError([RoundProblem(None, "", "header", f"missing column(s) {', '.join(missing)}")])
    grouped: dict[str, dict] = {}
    problems: list[RoundProblem] = []
    for line, row in enumerate(reader, start=2):
        rid = (row.get("round_id") or "").strip()
        if row.get("table") and row["table"].strip() != table:
            problems.append(RoundProblem(None, rid, f"line {line}, table",
                                         f"{row['table']!r}; this upload is for table {table}"))
            continue
        if rid not in grouped:
            if len(grouped) >= max_rounds:
                raise RoundFormatError([RoundProblem(
                    None, "", f"line {line}", f"more than {max_rounds} rounds in one upload")])
            grouped[rid] = {"table": table, "round_id": rid, "time": row["time"].strip(),
                            "dealer": row["dealer"].strip(), "shoe": row["shoe"].strip(),
                            "net": _number(row["net"]), "seats": [], "_line": line}
            cards = row["cards"].split()
            if cards:
                grouped[rid]["cards"] = cards
        seat = {"seat": _integer(row["seat"]), "net": _number(row["seat_net"]),
                "wagers": _wagers(row["wagers"]), "decisions": row["decisions"].split()}
        if row["player"].strip():
            seat["player"] = row["player"].strip()
        grouped[rid]["seats"].append(seat)
    if problems:
        raise RoundFormatError(problems)
    lines = [r.pop("_line") for r in grouped.values()]
    try:
        return _ROUNDS_DECODER.decode(msgspec.json.encode(list(grouped.values())))
    except msgspec.ValidationError as exc:
        message, _, where = str(exc).partition(" - at ")
        match = _PATH.search(where)
        if not match:
            raise RoundFormatError([RoundProblem(None, "", "rows", message)]) from None
        index = int(match.group(1))
        rid = list(grouped)[index]
        raise RoundFormatError([RoundProblem(index, rid, f"line {lines[index]}, {match.group(2)}",
                                             message)]) from None


def _number(text: str):
    text = (text or "").strip()
    try:
        return Decimal(text) if text else text
    except ArithmeticError:
        return text  # left for the decoder to name as the wrong type


def _integer(text: str):
    text = (text or "").strip()
    return int(text) if text.isdigit() else text


def _wagers(text: str) -> dict:
    out: dict = {}
    for part in (text or "").split(";"):
        if part.strip():
            bet, _, amount = part.partition("=")
            out[bet.strip()] = _number(amount)
    return out


def rounds_to_csv(rounds: Iterable[Round]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("table", *CSV_COLUMNS))
    for r in rounds:
        for s in r.seats:
            writer.writerow((r.table, r.round_id, r.time.isoformat(), r.dealer, r.shoe,
                             " ".join(r.cards or ()), r.net, s.seat, s.player or "",
                             ";".join(f"{k}={v}" for k, v in s.wagers.items()),
                             " ".join(s.decisions), s.net))
    return out.getvalue()
