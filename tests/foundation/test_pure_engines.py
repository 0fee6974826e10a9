"""The pure engines import nothing from Django, so any worker or script can use them."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PURE_PACKAGES = [
    "casino.rules",
    "certification.odds",
    "certification.randomness",
    "certification.reports",
    "certification.odds.tuner",
    "certification.protection",
    "certification.economics",
    "certification.floor",
    "certification.surveillance",
]

SCRIPT = """
import importlib, pkgutil, sys
for name in {packages!r}:
    package = importlib.import_module(name)
    for info in pkgutil.walk_packages(package.__path__, name + "."):
        importlib.import_module(info.name)
leaked = sorted(m for m in sys.modules if m == "django" or m.startswith("django."))
print(",".join(leaked))
"""


def test_pure_packages_import_nothing_from_django():
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(packages=PURE_PACKAGES)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "", f"Django modules imported by the pure engines: {out.stdout}"
