"""The designer's tuner (pure, no Django): the smallest changes of rules and payouts that
bring a bet's house edge into a band, found with the exact engine.

``knobs`` reads what may change, ``space`` enumerates variants by number of changes,
``structure`` says what may be pruned and why, ``search`` runs the levels and
``evaluate`` analyses batches in this process or on local processes.
"""

from .defaults import DEFAULT_MAX_CHANGES, default_knobs, suggested_knobs
from .evaluate import LocalEvaluator, analyse_figures
from .figures import BetTrade, VariantFigures
from .knobs import Knob, TunerInputError, parse_vary
from .search import DEFAULT_LIMIT, Scored, TuningRequest, TuningResult, tune
from .space import Candidate, apply_changes

__all__ = [
    "DEFAULT_LIMIT",
    "DEFAULT_MAX_CHANGES",
    "BetTrade",
    "Candidate",
    "Knob",
    "LocalEvaluator",
    "Scored",
    "TunerInputError",
    "TuningRequest",
    "TuningResult",
    "VariantFigures",
    "analyse_figures",
    "apply_changes",
    "default_knobs",
    "parse_vary",
    "suggested_knobs",
    "tune",
]
