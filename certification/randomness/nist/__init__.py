"""NIST SP 800-22 rev. 1a statistical tests for RNG output, matching the sts-2.1.2 reference.

Pure engine: numpy and scipy only. ``run_battery`` judges one stream; ``run_streams`` splits
RNG output into streams, runs them in a process pool and adds the second-level analysis of
the reference's finalAnalysisReport.
"""

from .battery import MIN_BITS, TEST_NAMES, TESTS, run_battery
from .reading import MIN_STREAM_BITS, NistInputError, read_bits, split_streams
from .report import NistReport, run_streams, second_level, summary_table

__all__ = [
    "MIN_BITS",
    "MIN_STREAM_BITS",
    "TESTS",
    "TEST_NAMES",
    "NistInputError",
    "NistReport",
    "read_bits",
    "run_battery",
    "run_streams",
    "second_level",
    "split_streams",
    "summary_table",
]
