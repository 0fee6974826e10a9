"""Shuffle-log battery: are the deck orders that reach the table random?"""

from certification.lazy import lazy_names

_SOURCES = {
    "run_battery": ".battery",
    "ShuffleLog": ".log",
    "ShuffleLogError": ".log",
    "format_shuffle_log": ".log",
    "read_shuffle_log": ".log",
    "BatteryResult": ".results",
    "TestResult": ".results",
}
__getattr__, __dir__, __all__ = lazy_names(__name__, globals(), _SOURCES)
