"""Reading a stored file back in a test, closing it as the product does."""

from __future__ import annotations


def stored_bytes(field) -> bytes:
    with field.open("rb") as handle:
        return handle.read()
