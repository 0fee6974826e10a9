"""The pure rule model: cards, decks, rule variants, presets and their validation.

Nothing here imports Django: the engines and the workers use it as plain data.
"""

from .cards import Card, CardError, new_deck, parse_card
from .model import (
    FAMILIES,
    NINE_TEN_ELEVEN,
    SEVEN_AND_HALF,
    NineTenElevenPayouts,
    NineTenElevenRules,
    Rules,
    SevenHalfPayouts,
    SevenHalfRules,
)
from .presets import PRESET_SOURCES, PRESETS, UnknownPresetError, preset
from .schema import (
    RuleValidationError,
    evolve,
    rules_from_dict,
    rules_from_json,
    rules_to_dict,
    rules_to_json,
    validate,
    with_overrides,
)

__all__ = [
    "FAMILIES",
    "NINE_TEN_ELEVEN",
    "PRESETS",
    "PRESET_SOURCES",
    "SEVEN_AND_HALF",
    "Card",
    "CardError",
    "NineTenElevenPayouts",
    "NineTenElevenRules",
    "RuleValidationError",
    "Rules",
    "SevenHalfPayouts",
    "SevenHalfRules",
    "UnknownPresetError",
    "evolve",
    "new_deck",
    "parse_card",
    "preset",
    "rules_from_dict",
    "rules_from_json",
    "rules_to_dict",
    "rules_to_json",
    "validate",
    "with_overrides",
]
