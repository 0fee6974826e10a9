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

    Measured on one core: opening once 0.1-0.3 s; twice 0.5-1.5 s (Siete y Media 0.55 s,
    Sette e Mezzo 1.2 s, the home version 1.5 s), but twice with fours exchanged up to four
    times as much as 7 s, each exchange level counting its own rounds; three times 3-15 s.
    Those figures come from the certification run on a worker instead of the live preview.
    """
    if rules.family == SEVEN_AND_HALF and rules.split_figures:
        if rules.max_splits >= 3 or (rules.max_splits == 2 and rules.four_exchange_max >= 2):
            return (
                f"opening up to {rules.max_splits} times"
                + (f" with fours exchanged up to {rules.four_exchange_max} times" if rules.max_splits == 2 else "")
                + " takes seconds to count exactly; the certification run computes these figures"
            )
    if rules.decks > 2:
        return f"{rules.decks} decks take too long to count exactly while typing; the certification run computes these figures"
    return None
