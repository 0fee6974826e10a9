"""Optional numba compilation for the engines' hot loops, cached on disk in the var directory.

The simulation kernels and the NIST Berlekamp-Massey loop are written in the subset of
Python that numba compiles. Without numba the same functions run interpreted and give
identical results, only slower. Only those modules import this one, and only when a
simulation or a NIST battery runs: the web process never loads numba. Pure: no Django.

Compiled code is kept under ``$TABLECERT_VAR_DIR/numba`` (``NUMBA_CACHE_DIR`` wins if set),
so a new process loads it in a fraction of a second instead of compiling it for several;
the Celery workers compile or load it when they start (``certification/odds/simulation/warm.py``).
numba checks a cached kernel against its own file only, not against the helpers it inlines
from other files (the generator, the bounded draws), so the code lives in a folder named
after a digest of every compiled module's source: any edit, or an upgrade, compiles afresh
instead of running a kernel built around yesterday's helpers. A folder holds about 1 MB.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache
from pathlib import Path

# Folders (under this package) holding the modules that numba compiles, and this module.
COMPILED_SOURCES = ("odds/simulation", "randomness/nist")


def var_dir() -> Path:
    return Path(os.environ.get("TABLECERT_VAR_DIR") or Path(__file__).resolve().parents[1] / "var")


@cache
def sources_digest() -> str:
    """A digest of the compiled modules' source, naming the folder their code is kept in."""
    package = Path(__file__).resolve().parent
    files = [Path(__file__).resolve()]
    for folder in COMPILED_SOURCES:
        files += sorted((package / folder).glob("*.py"))
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(package).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def cache_dir() -> Path:
    explicit = os.environ.get("NUMBA_CACHE_DIR")
    base = Path(explicit) if explicit else var_dir() / "numba"
    folder = f"sources-{sources_digest()}"
    # A process started by one that set the variable already names the folder.
    return base if base.name == folder else base / folder


try:  # pragma: no cover - depends on the installation
    if os.environ.get("TABLECERT_NO_NUMBA") == "1":
        raise ImportError("numba disabled by TABLECERT_NO_NUMBA=1")
    os.environ.setdefault("NUMBA_CACHE_DIR", str(cache_dir()))
    import numba

    # numba reads the variable when it is first imported; set it also for a process that
    # imported numba before this module.
    numba.config.CACHE_DIR = str(cache_dir())
    HAVE_NUMBA = True
except ImportError:  # pragma: no cover
    numba = None
    HAVE_NUMBA = False


def jit(fn):
    """Compile ``fn`` with numba when available (cached on disk so workers start fast)."""
    if not HAVE_NUMBA:
        return fn
    return numba.njit(cache=True, nogil=True, error_model="numpy")(fn)


def jit_inline(fn):
    if not HAVE_NUMBA:
        return fn
    return numba.njit(cache=True, nogil=True, inline="always", error_model="numpy")(fn)
