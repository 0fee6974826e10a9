"""Bad inputs, by kind: each entry is (label, bytes) and names the fault it carries."""

from __future__ import annotations

import json
import random

from casino.rules import PRESETS, rules_to_dict

CASINO = rules_to_dict(PRESETS["seven-half-casino"])
SUITS = "SHDC"
RANKS_40 = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"]
DECK_40 = [r + s for s in SUITS for r in RANKS_40]


def rules_json(**changes) -> bytes:
    data = json.loads(json.dumps(CASINO, default=str))
    for key, value in changes.items():
        if key.startswith("payouts__"):
            data["payouts"][key.removeprefix("payouts__")] = value
        else:
            data[key] = value
    return json.dumps(data).encode()


GARBAGE = bytes(random.Random(7).randrange(256) for _ in range(4096))

RULE_FILES = [
    ("truncated JSON", rules_json()[:-20]),
    ("not an object", b"[1, 2, 3]"),
    ("null", b"null"),
    ("empty", b""),
    ("binary garbage", GARBAGE),
    ("UTF-16 without BOM", rules_json().decode().encode("utf-16-le")),
    ("Latin-1 accent", rules_json(family="sette_é_mezzo").decode().encode("latin-1")),
    ("huge", b"{" + b" " * (2 * 1024 * 1024) + b"}"),
    ("deep nesting", b"[" * 100_000 + b"]" * 100_000),
    ("unknown family", rules_json(family="poker")),
    ("absurd decks", rules_json(decks=10**12)),
    ("negative decks", rules_json(decks=-3)),
    ("decks as text", rules_json(decks="many")),
    ("stands at NaN", rules_json(dealer_stands_at="NaN")),
    ("payout division by zero", rules_json(payouts__win="1/0")),
    ("payout infinite", rules_json(payouts__win="1e999")),
    ("payout negative", rules_json(payouts__win="-5")),
    ("payout absurd", rules_json(payouts__win="1" + "0" * 5000)),
    ("unknown parameter", rules_json(no_such_rule=True)),
]


def shuffle_log(rows: list[list[str]], header: str = "shuffle_id,order") -> bytes:
    lines = [header] + [f"{i + 1},{' '.join(row)}" for i, row in enumerate(rows)]
    return ("\n".join(lines) + "\n").encode()


def _orders(n: int = 30) -> list[list[str]]:
    rng = random.Random(11)
    return [rng.sample(DECK_40, len(DECK_40)) for _ in range(n)]


def _with(row_index: int, change) -> list[list[str]]:
    rows = _orders()
    rows[row_index] = change(list(rows[row_index]))
    return rows


SHUFFLE_LOGS = [
    ("duplicate card", shuffle_log(_with(4, lambda r: r[:-1] + [r[0]]))),
    ("missing card", shuffle_log(_with(4, lambda r: r[:-1]))),
    ("unknown card", shuffle_log(_with(4, lambda r: r[:-1] + ["ZZ"]))),
    ("wrong deck size", shuffle_log([r[:37] for r in _orders()])),
    ("binary garbage", GARBAGE),
    ("empty", b""),
    ("header only", b"shuffle_id,order\n"),
    ("UTF-16", shuffle_log(_orders()).decode().encode("utf-16")),
    ("Latin-1 bytes", shuffle_log(_orders()).replace(b"AS", b"A\xe9", 1)),
    ("duplicate shuffle id", shuffle_log(_orders()).replace(b"\n2,", b"\n1,", 1)),
]

RNG_BITS = [
    ("too short", b"0110" * 10),
    ("empty", b""),
    ("not bits", b"0101012" * 2000),
    ("binary garbage as bits", GARBAGE),
    ("UTF-16 bits", ("01" * 5000).encode("utf-16")),
]
