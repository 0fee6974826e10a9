"""Reading and writing shuffle logs (RULES.md, "Deck orders and shuffle logs").

A log is CSV with the header ``shuffle_id,order``; each row holds an integer id and a deck
order, top to bottom, as card codes separated by single spaces. Rows are parsed into one
integer array so that 100,000 rows cost a few vectorised passes rather than millions of
Python objects; rows that fail the fast path are re-read one by one only to name what is
wrong with them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from casino.rules.cards import (
    NINE_TEN_ELEVEN_RANKS,
    SEVEN_HALF_RANKS,
    STANDARD_RANKS,
    SUITS,
    Card,
    CardError,
    deck_for_size,
    new_deck,
)

HEADER = "shuffle_id,order"
MAX_REPORTED = 20


class ShuffleLogError(ValueError):
    """A shuffle log that cannot be read; ``problems`` lists the first few, ``count`` all."""

    def __init__(self, problems: list[str], count: int | None = None) -> None:
        self.count = len(problems) if count is None else count
        self.problems = problems[:MAX_REPORTED]
        shown = "; ".join(self.problems)
        more = (
            f" (and {self.count - len(self.problems)} more)"
            if self.count > len(self.problems)
            else ""
        )
        noun = "problem" if self.count == 1 else "problems"
        super().__init__(f"shuffle log has {self.count} {noun}: {shown}{more}")


@dataclass(frozen=True)
class ShuffleLog:
    """Parsed log: ``orders[i, j]`` is the index in ``deck`` of the card at position j.

    In a shoe of identical decks the k-th copy of a card met in a row (top down) gets the
    index of the k-th copy in ``deck``; ``types`` maps an index to its card type, so tests
    that must not tell identical cards apart work on ``orders % types_count``.
    """

    ids: np.ndarray
    orders: np.ndarray
    deck: list[Card]
    deck_size: int
    copies: int = 1
    lines: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))

    @property
    def shuffles(self) -> int:
        return int(self.orders.shape[0])

    @property
    def types_count(self) -> int:
        return self.deck_size // self.copies

    @property
    def types(self) -> np.ndarray:
        return self.orders % self.types_count


class _Problems:
    def __init__(self) -> None:
        self.items: list[str] = []
        self.count = 0

    def add(self, message: str) -> None:
        self.count += 1
        if len(self.items) < MAX_REPORTED:
            self.items.append(message)

    def raise_if_any(self) -> None:
        if self.count:
            raise ShuffleLogError(self.items, self.count)


def _decode(data: bytes | str) -> str:
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ShuffleLogError(
            [f"line {line}: bytes that are not UTF-8 ({data[exc.start : exc.end]!r})"]
        ) from None


def _choose_deck(size: int, first_row: list[str]) -> tuple[str, int]:
    """Deck ranks and copies for ``size`` cards, preferring the kind the first row's codes fit."""
    codes = {c.upper() for c in first_row}
    for ranks in (NINE_TEN_ELEVEN_RANKS, SEVEN_HALF_RANKS, STANDARD_RANKS):
        per_deck = len(ranks) * len(SUITS)
        if size % per_deck == 0 and codes <= {r + s for s in SUITS for r in ranks}:
            return ranks, size // per_deck
    deck = deck_for_size(size)  # raises CardError naming the size
    return "".join(dict.fromkeys(c.rank for c in deck)), size // (len(set(deck)))


def _lookup_tables(ranks: str) -> tuple[np.ndarray, np.ndarray]:
    rank_lut = np.full(256, -1, dtype=np.int64)
    suit_lut = np.full(256, -1, dtype=np.int64)
    for i, r in enumerate(ranks):
        rank_lut[ord(r)] = rank_lut[ord(r.lower())] = i
    for i, s in enumerate(SUITS):
        suit_lut[ord(s)] = suit_lut[ord(s.lower())] = i
    return rank_lut, suit_lut


def _split_rows(text: str, problems: _Problems) -> tuple[list[int], list[str], list[str]]:
    lines = text.split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise ShuffleLogError(["line 1: empty log (expected the header 'shuffle_id,order')"])
    header = lines[0].lstrip("\ufeff").strip().replace(" ", "").lower()
    if header != HEADER:
        raise ShuffleLogError([f"line 1: bad header {lines[0].strip()!r} (expected {HEADER!r})"])
    numbers: list[int] = []
    raw_ids: list[str] = []
    orders: list[str] = []
    for number, line in enumerate(lines[1:], start=2):
        line = line.rstrip("\r")
        parts = line.split(",")
        if len(parts) != 2:
            problems.add(f"line {number}: expected 'shuffle_id,order', got {line[:60]!r}")
            continue
        order = parts[1]
        if len(order) >= 2 and order[0] == order[-1] == '"':
            order = order[1:-1]
        numbers.append(number)
        raw_ids.append(parts[0].strip())
        orders.append(order)
    if not orders and not problems.count:
        raise ShuffleLogError(["line 2: the log has a header but no shuffles"])
    return numbers, raw_ids, orders


def _parse_ids(numbers: list[int], raw_ids: list[str], problems: _Problems) -> np.ndarray:
    ids = np.zeros(len(raw_ids), dtype=np.int64)
    first_line: dict[int, int] = {}
    for k, (number, raw) in enumerate(zip(numbers, raw_ids, strict=True)):
        try:
            value = int(raw)
        except ValueError:
            problems.add(f"line {number}: shuffle id {raw!r} is not an integer")
            continue
        if value in first_line:
            problems.add(f"line {number}: shuffle id {value} repeats line {first_line[value]}")
        first_line.setdefault(value, number)
        ids[k] = value
    return ids


def _diagnose_row(
    number: int, order: str, size: int, deck: list[Card], copies: int, problems: _Problems
) -> None:
    tokens = order.split(" ")
    if any(not t for t in tokens):
        problems.add(f"line {number}: cards must be separated by single spaces")
        return
    if len(tokens) != size:
        problems.add(f"line {number}: {len(tokens)} cards, but the log's deck has {size}")
        return
    known = {c.code: c for c in deck}
    seen: dict[str, int] = {}
    for token in tokens:
        code = token.upper()
        if code not in known:
            problems.add(f"line {number}: unknown card {token!r} for a {size}-card deck")
            return
        seen[code] = seen.get(code, 0) + 1
    for code, count in seen.items():
        if count > copies:
            problems.add(f"line {number}: duplicate card {code} ({count} times, expected {copies})")
    for code in dict.fromkeys(c.code for c in deck):
        if seen.get(code, 0) < copies:
            problems.add(f"line {number}: missing card {code}")


def read_shuffle_log(data: bytes | str) -> ShuffleLog:
    """Parse a shuffle log; raise :class:`ShuffleLogError` naming each bad line and card."""
    problems = _Problems()
    numbers, raw_ids, orders = _split_rows(_decode(data), problems)
    ids = _parse_ids(numbers, raw_ids, problems)
    if not orders:
        problems.raise_if_any()
    first = [t for t in orders[0].split(" ") if t]  # spacing faults are reported per row
    size = len(first)
    try:
        ranks, copies = _choose_deck(size, first)
    except CardError as exc:
        raise ShuffleLogError([f"line {numbers[0]}: {exc}"], problems.count + 1) from None
    deck = new_deck(ranks, copies)
    kinds = len(deck) // copies

    width = 3 * size - 1
    lengths = np.fromiter((len(o) for o in orders), dtype=np.int64, count=len(orders))
    blob = np.frombuffer((" ".join(orders) + " ").encode("latin-1", "replace"), dtype=np.uint8)
    if (lengths == width).all() and blob.size == len(orders) * (width + 1):
        grid = blob.reshape(len(orders), size, 3)
        rank_lut, suit_lut = _lookup_tables(ranks)
        r = rank_lut[grid[:, :, 0]]
        s = suit_lut[grid[:, :, 1]]
        types = np.where((r >= 0) & (s >= 0) & (grid[:, :, 2] == 32), s * len(ranks) + r, -1)
        slots = np.where(types < 0, kinds, types) + (kinds + 1) * np.arange(len(orders))[:, None]
        counts = np.bincount(slots.ravel(), minlength=len(orders) * (kinds + 1))
        counts = counts.reshape(len(orders), kinds + 1)  # unknown codes land in the last column
        bad = np.flatnonzero((counts[:, :kinds] != copies).any(axis=1) | (counts[:, kinds] > 0))
    else:
        types = None
        bad = np.arange(len(orders))
    for k in bad:
        _diagnose_row(numbers[k], orders[k], size, deck, copies, problems)
    problems.raise_if_any()
    if types is None:
        # Only rows with irregular spacing get here and all passed the diagnosis: reparse slowly.
        index = {c.code: i for i, c in enumerate(deck[:kinds])}
        types = np.array([[index[t.upper()] for t in o.split(" ")] for o in orders], dtype=np.int64)
    return ShuffleLog(
        ids=ids,
        orders=_copy_indices(types, kinds, copies),
        deck=deck,
        deck_size=size,
        copies=copies,
        lines=np.asarray(numbers, dtype=np.int64),
    )


def _copy_indices(types: np.ndarray, kinds: int, copies: int) -> np.ndarray:
    if copies == 1:
        return types.astype(np.int64)
    by_type = np.argsort(types, axis=1, kind="stable")
    slot = np.arange(types.shape[1])
    index = np.empty_like(types)
    np.put_along_axis(index, by_type, (slot % copies) * kinds + slot // copies, axis=1)
    return index.astype(np.int64)


def format_shuffle_log(orders: np.ndarray, deck: list[Card], first_id: int = 1) -> str:
    """CSV text for ``orders`` (indices into ``deck``), ids counting up from ``first_id``."""
    codes = np.array([c.code for c in deck])
    rows = (" ".join(row) for row in codes[np.asarray(orders)].tolist())
    body = "\n".join(f"{first_id + i},{row}" for i, row in enumerate(rows))
    return f"{HEADER}\n{body}\n"
