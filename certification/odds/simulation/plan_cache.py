"""Plans kept on disk between processes, keyed by what they are built from.

A plan asks the strategy about every view that can arise: for 9-10-11 that is tens of
thousands of switch decisions, about a second, paid again by every process that simulates
the variant (each worker, each command). The tables depend only on the rules, the strategy
and the code that builds them, so a plan is stored under the SHA-256 of the spec's plan key
and of the source of the rule model and the odds engines: any change to either builds
afresh. Files are written whole and renamed into place, so readers never see half a plan.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from functools import lru_cache
from pathlib import Path

import numpy as np

from certification.compiled import var_dir

ROOT = Path(__file__).resolve().parents[3]
SOURCES = ("casino/rules", "certification/odds")


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    digest = hashlib.sha256(np.__version__.encode())
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            digest.update(str(path.relative_to(ROOT)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def plan_path(plan_key: str) -> Path:
    name = hashlib.sha256(f"{code_fingerprint()}\n{plan_key}".encode()).hexdigest()
    return var_dir() / "plans" / f"{name}.pickle"


def load_plan(plan_key: str):
    """The stored plan for this key, or None (absent, or unreadable: then it is rebuilt)."""
    try:
        with plan_path(plan_key).open("rb") as f:
            return pickle.load(f)
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError):
        return None


def store_plan(plan_key: str, plan) -> None:
    path = plan_path(plan_key)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            pickle.dump(plan, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except OSError:  # a read-only var directory only costs the rebuild next time
        return
