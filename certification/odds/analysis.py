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


INTERACTIVE_SECONDS = 1.0


def slow_analysis_reason(rules: Rules) -> str | None:
    """Why the exact analysis of ``rules`` is too slow to answer while someone types, if it is.

    Opening more than once multiplies the states to count about tenfold per opening
    (about 12 s for two, 100 s for three on one deck), so those figures come from the
    certification run on a worker instead of the live preview.
    """
    if rules.family == SEVEN_AND_HALF and rules.split_figures and rules.max_splits >= 2:
        return (
            f"opening up to {rules.max_splits} times takes minutes to count exactly; "
            "the certification run computes these figures"
        )
    if rules.decks > 2:
        return f"{rules.decks} decks take too long to count exactly while typing; the certification run computes these figures"
    return None
