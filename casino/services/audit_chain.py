"""The audit trail's hash chain: the canonical bytes of an event and their SHA-256.

No models here, so the migration that chains today's events uses the very same function as
every later append and every check. Changing anything below breaks every stored chain.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import math
from typing import Any

GENESIS_HASH = "0" * 64
"""What the first event names as the hash before it."""

CHAIN_FORMAT = "tablecert-audit/1"
# Integral floats up to here are written as integers: PostgreSQL's jsonb gives 3.0 back as 3.
_EXACT_FLOAT_INTEGERS = 2**53


def json_normalised(value: Any) -> Any:
    """``value`` as it reads back from either database: integral floats become integers.

    jsonb keeps numbers as decimals and prints 3.0 as 3 and 1e20 as 100000000000000000000,
    which Python reads back as int; SQLite's JSON text keeps 3.0. Storing the integer on
    both keeps the hash the same wherever the event is read.
    """
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"audit values must be finite numbers, not {value!r}")
        if value.is_integer():
            return int(value)
        return value
    if isinstance(value, dict):
        return {str(k): json_normalised(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_normalised(v) for v in value]
    return value


def stamp(at: dt.datetime) -> str:
    """The event time in UTC to the microsecond, the precision both databases keep."""
    if at.tzinfo is None:
        raise ValueError("audit event times carry a time zone")
    return at.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def canonical_event(
    *,
    previous_event_id: int | None,
    previous_hash: str,
    at: dt.datetime,
    actor_id: int | None,
    action: str,
    object_type: str,
    object_id: str,
    before: Any,
    after: Any,
    message: str,
) -> bytes:
    """The bytes an event's hash covers: sorted keys, no spaces, UTF-8."""
    content = {
        "format": CHAIN_FORMAT,
        "previous_event_id": previous_event_id,
        "previous_hash": previous_hash,
        "at": stamp(at),
        "actor_id": actor_id,
        "action": action,
        "object_type": object_type,
        "object_id": object_id,
        "before": json_normalised(before),
        "after": json_normalised(after),
        "message": message,
    }
    return json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def event_digest(**content: Any) -> str:
    """SHA-256 (hex) of :func:`canonical_event`."""
    return hashlib.sha256(canonical_event(**content)).hexdigest()


CONTENT_FIELDS = ("previous_event_id", "previous_hash", "at", "actor_id", "action",
                  "object_type", "object_id", "before", "after", "message")


def digest_of_row(row: Any) -> str:
    """The hash an AuditEvent (or a migration's historical model of it) should carry."""
    return event_digest(**{name: getattr(row, name) for name in CONTENT_FIELDS})


def digest_of_values(values: dict) -> str:
    """The same for a ``values()`` row."""
    return event_digest(**{name: values[name] for name in CONTENT_FIELDS})
