"""One entry point for the exact analysis of any rule variant, chosen by its family."""

from __future__ import annotations

from fractions import Fraction

from casino.rules.model import NINE_TEN_ELEVEN, SEVEN_AND_HALF, Rules
from certification.odds.results import ExactResult


def analyze(rules: Rules, variant: str = "", *, strategy: str | object = "optimal",
            chart: dict | None = None) -> ExactResult:
    """Exact figures, strategy and policy for ``rules`` (``variant`` names it in reports).

    ``strategy`` is the player's: ``optimal`` (default), the simulator's ``dealer`` or
    ``house``, a name for ``chart`` (a strategy chart's JSON data), or a policy object; the
    figures are exact whichever it is (fixed.py of each family).
    """
    policy = resolve_strategy(rules, strategy, chart)
    if policy is not None:
        return _analyze_policy(rules, variant, policy)
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


def resolve_strategy(rules: Rules, strategy: str | object = "optimal", chart: dict | None = None):
    """The policy a strategy name (or chart) stands for; None for the optimal strategy.

    The definitions are the simulator's (simulation/strategies.py), so an exact figure and
    a simulation of the same strategy estimate the same number.
    """
    from certification.odds.simulation.strategies import ChartStrategy, simple_strategy

    if chart is not None:
        return ChartStrategy(rules, chart, name=strategy if isinstance(strategy, str) else "chart")
    if not isinstance(strategy, str):
        return strategy
    if strategy == "optimal":
        return None
    return simple_strategy(rules, strategy)


def _analyze_policy(rules: Rules, variant: str, policy) -> ExactResult:
    if rules.family == NINE_TEN_ELEVEN:
        from certification.odds.nine_ten_eleven import analyze_nine_ten_eleven

        return analyze_nine_ten_eleven(rules, variant, policy=policy)
    if rules.family == SEVEN_AND_HALF:
        from certification.odds.seven_half.fixed import analyze_seven_half_policy

        return analyze_seven_half_policy(rules, policy, variant)
    raise ValueError(f"no exact analyser for the family {rules.family!r}")


def dealer_joint(rules: Rules, *, strategy: str | object = "optimal",
                 chart: dict | None = None) -> dict[str, dict[Fraction, Fraction]]:
    """The main bet's net per initial wager jointly with what every seat shares, exactly.

    Keys name the shared outcome (Seven and a Half: the dealer's upcard when seen and where
    the dealer ends; 9-10-11: the die), values are {net: probability}; all probabilities sum
    to 1 and the marginal over the keys is ``analyze(...).bets["main"].outcomes``.
    """
    policy = resolve_strategy(rules, strategy, chart)
    if rules.family == NINE_TEN_ELEVEN:
        from certification.odds.nine_ten_eleven.joint import nine_ten_eleven_joint

        return nine_ten_eleven_joint(rules, policy)
    if rules.family == SEVEN_AND_HALF:
        from certification.odds.seven_half.fixed import PolicyGame
        from certification.odds.seven_half.game import SevenHalfGame
        from certification.odds.seven_half.joint import seven_half_joint

        game = SevenHalfGame(rules) if policy is None else PolicyGame(rules, policy)
        game.ev_units()
        return seven_half_joint(game)
    raise ValueError(f"no exact analyser for the family {rules.family!r}")
