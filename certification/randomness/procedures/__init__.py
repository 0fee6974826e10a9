"""Hand-shuffle procedure models and how close they come to a uniform deck."""

from certification.lazy import lazy_names

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
__getattr__, __dir__, __all__ = lazy_names(__name__, globals(), _SOURCES)
