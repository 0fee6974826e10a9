"""NIST SP 800-22 rev. 1a statistical tests for RNG output, matching the sts-2.1.2 reference.

Pure engine: numpy and scipy only. ``run_battery`` judges one stream; ``run_streams`` splits
RNG output into streams, runs them in a process pool and adds the second-level analysis of
the reference's finalAnalysisReport.
"""

# Names resolve on first use (PEP 562), so that reading an input file through this package
# does not import the tests' scipy dependencies: Django's start-up reaches this package
# through the evidence checks, and every web, worker and command process pays for it.
from importlib import import_module

_SOURCES = {
    "MIN_BITS": ".battery",
    "TESTS": ".battery",
    "TEST_NAMES": ".battery",
    "run_battery": ".battery",
    "MIN_STREAM_BITS": ".reading",
    "NistInputError": ".reading",
    "read_bits": ".reading",
    "split_streams": ".reading",
    "NistReport": ".report",
    "run_streams": ".report",
    "second_level": ".report",
    "summary_table": ".report",
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
