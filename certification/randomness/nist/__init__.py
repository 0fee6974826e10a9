"""NIST SP 800-22 rev. 1a statistical tests for RNG output, matching the sts-2.1.2 reference.

Pure engine: numpy and scipy only. ``run_battery`` judges one stream; ``run_streams`` splits
RNG output into streams, runs them in a process pool and adds the second-level analysis of
the reference's finalAnalysisReport.
"""

from certification.lazy import lazy_names

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
__getattr__, __dir__, __all__ = lazy_names(__name__, globals(), _SOURCES)
