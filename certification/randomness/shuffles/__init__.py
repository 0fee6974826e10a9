"""Shuffle-log battery: are the deck orders that reach the table random?"""

from certification.randomness.shuffles.battery import run_battery
from certification.randomness.shuffles.log import (
    ShuffleLog,
    ShuffleLogError,
    format_shuffle_log,
    read_shuffle_log,
)
from certification.randomness.shuffles.results import BatteryResult, TestResult

__all__ = [
    "BatteryResult",
    "ShuffleLog",
    "ShuffleLogError",
    "TestResult",
    "format_shuffle_log",
    "read_shuffle_log",
    "run_battery",
]
