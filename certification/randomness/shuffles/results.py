"""Plain result records of the shuffle-log battery."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class TestResult:
    """One test of the battery.

    ``detectable_effect`` is the smallest effect, in the units of ``effect_measure``, that
    this test finds with 80% power at the log's size and the battery's per-test level.
    """

    __test__ = False  # not a pytest class despite the name

    name: str
    statistic: float
    p_value: float
    flagged: bool
    sensitive_to: str
    detectable_effect: float | None = None
    effect_measure: str = ""
    detail: str = ""

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "statistic": _finite(self.statistic),
            "p_value": _finite(self.p_value),
            "flagged": self.flagged,
            "sensitive_to": self.sensitive_to,
            "detectable_effect": _finite(self.detectable_effect),
            "effect_measure": self.effect_measure,
            "detail": self.detail,
        }


@dataclass(frozen=True)
class BatteryResult:
    shuffles: int
    deck_size: int
    alpha: float
    verdict: str
    tests: list[TestResult]
    position_counts: np.ndarray = field(repr=False)
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {
            "shuffles": self.shuffles,
            "deck_size": self.deck_size,
            "alpha": self.alpha,
            "verdict": self.verdict,
            "tests": [t.to_dict() for t in self.tests],
            "notes": list(self.notes),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2)


def _finite(value: float | None) -> float | None:
    if value is None:
        return None
    value = float(value)
    return value if math.isfinite(value) else None
