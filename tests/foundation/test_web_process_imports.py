"""Django's start-up (every web, worker and command process pays it) loads no numba, nor the
libraries only a computation or a signature needs (scipy, pyHanko with its HTTP client)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = """
import os, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")
import django
django.setup()
from django.urls import resolve
resolve("/")
print(",".join(sorted(m for m in ("numba", "llvmlite", "scipy", "pyhanko", "aiohttp")
                    if m in sys.modules)))
"""


def test_django_start_up_loads_no_numba_scipy_or_pyhanko():
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True,
                         timeout=300, check=True)
    assert out.stdout.strip() == ""
