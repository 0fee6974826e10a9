"""A package's names resolved on first use (PEP 562).

Django's start-up reaches these packages (the randomness evidence checks, the certificate's
signing and verification), and every web, worker and command process would otherwise import
scipy or ReportLab, which only the tests and the documents themselves need.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any


def lazy_names(package: str, namespace: dict[str, Any], sources: dict[str, str]):
    """``(__getattr__, __dir__, __all__)`` for ``package``: name -> its relative module."""
    names = sorted(sources)

    def __getattr__(name: str):
        source = sources.get(name)
        if source is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(source, package), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return names

    return __getattr__, __dir__, names
