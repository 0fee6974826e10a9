"""Optional numba compilation for the kernels.

The kernels are written in the subset of Python that numba compiles. Without numba the
same functions run interpreted on the same random words, so a run gives bit-identical
results either way, only slower. This module is imported only by the kernel modules,
which the runner imports lazily: the web process never loads numba.
"""

from __future__ import annotations

import os

try:  # pragma: no cover - depends on the installation
    if os.environ.get("TABLECERT_NO_NUMBA") == "1":
        raise ImportError("numba disabled by TABLECERT_NO_NUMBA=1")
    import numba

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
