"""Shuffle-log battery: are the deck orders that reach the table random?"""

# Names resolve on first use (PEP 562), so that reading an input file through this package
# does not import the tests' scipy dependencies: Django's start-up reaches this package
# through the evidence checks, and every web, worker and command process pays for it.
from importlib import import_module

_SOURCES = {
    "run_battery": ".battery",
    "ShuffleLog": ".log",
    "ShuffleLogError": ".log",
    "format_shuffle_log": ".log",
    "read_shuffle_log": ".log",
    "BatteryResult": ".results",
    "TestResult": ".results",
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
