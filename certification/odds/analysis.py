"""One entry point for the exact analysis of any rule variant, chosen by its family."""

from __future__ import annotations

from casino.rules.model import NINE_TEN_ELEVEN, SEVEN_AND_HALF, Rules
from certification.odds.results import ExactResult


def analyze(rules: Rules, variant: str = "") -> ExactResult:
    """Exact figures, strategy and policy for ``rules`` (``variant`` names it in reports)."""
    if rules.family == NINE_TEN_ELEVEN:
        from certification.odds.nine_ten_eleven import analyze_nine_ten_eleven

        return analyze_nine_ten_eleven(rules, variant)
    if rules.family == SEVEN_AND_HALF:
        # Imported on demand: a worker certifying one family never loads the other engine.
        from certification.odds.seven_half import analyze_seven_half

        return analyze_seven_half(rules, variant)
    raise ValueError(f"no exact analyser for the family {rules.family!r}")
