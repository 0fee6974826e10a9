"""Write the SP 800-22 Appendix B inputs: the first 1,000,000 binary digits of e, π, √2 and √3.

Digits start at the leading 1 of the integer part (e = 10.1011…, π = 11.0010…), which is how
the reference suite's data files are laid out: the frequency test on e then gives 0.953749.
Each file is the bits packed most significant first, gzip-compressed, read back with
``read_bits(gzip.decompress(data), "binary")``.

Run from the repository root: ``.venv/bin/python tests/data/make_constants.py``.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import numpy as np
from mpmath import mp

BITS = 1_000_000
HERE = Path(__file__).resolve().parent


def leading_bits(value, count: int) -> np.ndarray:
    integer = int(mp.floor(value))
    fraction = int(mp.floor((value - integer) * mp.mpf(2) ** count))
    text = (bin(integer)[2:] + bin(fraction)[2:].zfill(count))[:count]
    return np.frombuffer(text.encode("ascii"), dtype=np.uint8) - ord("0")


def main() -> None:
    # Guard digits so that the last requested bit is exact.
    mp.prec = BITS + 256
    constants = {"e": mp.e, "pi": mp.pi, "sqrt2": mp.sqrt(2), "sqrt3": mp.sqrt(3)}
    for name, value in constants.items():
        packed = np.packbits(leading_bits(+value, BITS)).tobytes()
        # mtime=0 keeps the files byte-identical from run to run.
        (HERE / f"{name}.bits.gz").write_bytes(gzip.compress(packed, mtime=0))


if __name__ == "__main__":
    main()
