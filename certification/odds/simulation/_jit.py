"""The kernels compile through the shared helper (``certification/compiled.py``)."""

from certification.compiled import HAVE_NUMBA, cache_dir, jit, jit_inline

__all__ = ["HAVE_NUMBA", "cache_dir", "jit", "jit_inline"]
