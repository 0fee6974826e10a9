"""Turning RNG output files into bit arrays and equal-length streams."""

from __future__ import annotations

import numpy as np

FORMATS = ("bits", "binary")
# Below this the frequency-type tests have almost no power and most others cannot run.
MIN_STREAM_BITS = 1000

_WHITESPACE = np.zeros(256, dtype=bool)
_WHITESPACE[list(b" \t\r\n\v\f")] = True


class NistInputError(ValueError):
    """The input cannot be read as RNG output, or is too short for what was asked."""


def read_bits(data: bytes, fmt: str) -> np.ndarray:
    """Bits of ``data`` as a uint8 0/1 array.

    ``fmt="bits"``: ASCII '0'/'1' characters, whitespace ignored anywhere.
    ``fmt="binary"``: raw bytes, most significant bit of each byte first.
    """
    if fmt not in FORMATS:
        raise NistInputError(f"format ('{fmt}') must be one of 'bits' or 'binary'")
    raw = np.frombuffer(data, dtype=np.uint8)
    if fmt == "binary":
        bits = np.unpackbits(raw)
    else:
        digit = (raw == ord("0")) | (raw == ord("1"))
        bad = ~(digit | _WHITESPACE[raw])
        if bad.any():
            _raise_bad_character(data, int(np.argmax(bad)))
        bits = raw[digit] - np.uint8(ord("0"))
    if bits.size == 0:
        raise NistInputError("the input holds no bits")
    return bits


def _raise_bad_character(data: bytes, offset: int) -> None:
    line = data.count(b"\n", 0, offset) + 1
    column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    char = data[offset : offset + 1]
    shown = repr(chr(char[0])) if 32 <= char[0] < 127 else f"byte 0x{char[0]:02x}"
    raise NistInputError(
        f"unexpected character {shown} at line {line}, column {column} (byte offset {offset}): "
        "a 'bits' file may hold only '0', '1' and whitespace"
    )


def split_streams(bits: np.ndarray, stream_bits: int) -> np.ndarray:
    """(k, stream_bits) view of as many whole streams as ``bits`` holds; the remainder is dropped."""
    if stream_bits < MIN_STREAM_BITS:
        raise NistInputError(
            f"stream length {stream_bits:,} bits is too short: use at least {MIN_STREAM_BITS:,}"
        )
    if bits.size < stream_bits:
        raise NistInputError(
            f"the input holds {bits.size:,} bits, fewer than one stream of {stream_bits:,} bits"
        )
    count = bits.size // stream_bits
    return np.asarray(bits[: count * stream_bits], dtype=np.uint8).reshape(count, stream_bits)
