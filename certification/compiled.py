"""Optional numba compilation for the engines' hot loops, cached on disk in the var directory.

The simulation kernels and the NIST Berlekamp-Massey loop are written in the subset of
Python that numba compiles. Without numba the same functions run interpreted and give
identical results, only slower. Only those modules import this one, and only when a
simulation or a NIST battery runs: the web process never loads numba. Pure: no Django.

Compiled code is kept under ``$TABLECERT_VAR_DIR/numba`` (``NUMBA_CACHE_DIR`` wins if set),
so a new process loads it in a fraction of a second instead of compiling it for several;
the Celery workers compile or load it when they start (``certification/odds/simulation/warm.py``).
"""

from __future__ import annotations

import os
from pathlib import Path


def var_dir() -> Path:
    return Path(os.environ.get("TABLECERT_VAR_DIR") or Path(__file__).resolve().parents[1] / "var")


def cache_dir() -> Path:
    explicit = os.environ.get("NUMBA_CACHE_DIR")
    return Path(explicit) if explicit else var_dir() / "numba"


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
