"""Hand-shuffle procedure models and how close they come to a uniform deck."""

# Names resolve on first use (PEP 562), so that reading an input file through this package
# does not import the tests' scipy dependencies: Django's start-up reaches this package
# through the evidence checks, and every web, worker and command process pays for it.
from importlib import import_module

_SOURCES = {
    "Assessment": ".assess",
    "assess_procedure": ".assess",
    "riffle_tv": ".exact",
    "riffles_needed": ".exact",
    "Procedure": ".procedure",
    "ProcedureError": ".procedure",
    "Step": ".procedure",
    "parse_procedure": ".procedure",
}
__all__ = sorted(_SOURCES)


def __getattr__(name: str):
    source = _SOURCES.get(name)
    if source is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(source, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
