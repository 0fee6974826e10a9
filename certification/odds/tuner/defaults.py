"""The knobs of a search nobody narrowed: every rule and payout of the family.

Payouts (and the final-bet limits, which are amounts too) run on a 1/2 grid from 0 to
twice today's value; a line that falls back to another (``None``) starts from the value it
falls back to. Numeric rules run over the range the rule model allows, cut where a larger
value can no longer change a round or where the exact count stops being interactive (the
reasons are beside each entry). Every choice and both values of every switch are tried.
``SUGGESTED`` is the smaller set a form ticks by default.
"""

from __future__ import annotations

from fractions import Fraction

from casino.rules.model import NineTenElevenRules, Rules, SevenHalfRules
from casino.rules.parameters import parameter_specs

from .knobs import Knob, canonical, current_text, value_text
from .structure import inert

GRID = Fraction(1, 2)
DEFAULT_MAX_CHANGES = 2
"""A default search stops at two changes; ``--max-changes`` goes further."""

# Exact counts of more than two decks, or of opening twice or more, take minutes per variant
# (certification.odds.analysis.slow_analysis_reason); a search tries hundreds of variants.
INTERACTIVE_DECKS = (1, 2)
INTERACTIVE_SPLITS = (0, 1)
# Under 7 1/2 a hand holds at most 13 cards from one deck (twelve figures and an ace), 15
# from two: a larger card limit plays exactly like no limit.
CARD_LIMITS = tuple(range(1, 16))

# Lists (qualifying totals, die faces) have no natural grid: name them with --vary.
NOT_IN_DEFAULT = {"qualifying_totals", "die_faces"}


def _fallback(rules: Rules, line: str) -> Fraction:
    p = rules.payouts
    if isinstance(rules, SevenHalfRules):
        chain = {
            "seven_and_half": ("seven_and_half", "win"),
            "natural": ("natural", "seven_and_half", "win"),
            "triple": ("triple", "natural", "seven_and_half", "win"),
            "shoot_seven": ("shoot_seven", "win"),
            "kd_first_card": ("kd_first_card", "win"),
        }.get(line, (line,))
        for name in chain:
            value = getattr(p, name)
            if value is not None:
                return value
        return Fraction(1)  # dealer_natural_collects: an unset line collects 1
    return getattr(p, line)


def _amount_grid(today: Fraction) -> list[Fraction]:
    top = max(2 * today, GRID)
    return [i * GRID for i in range(int(top / GRID) + 1)]


def default_values(rules: Rules, key: str) -> list[str]:
    """The default candidates of one knob for ``rules``, as exact text."""
    family = rules.family
    name = key.removeprefix("payouts.")
    if key.startswith("payouts."):
        raw = [str(v) for v in _amount_grid(_fallback(rules, name))]
    elif key in ("final_bet_min", "final_bet_max"):
        raw = [str(v) for v in _amount_grid(getattr(rules, key))]
    elif key == "dealer_stands_at":
        raw = [str(i * GRID) for i in range(1, 16)]
    elif key == "decks":
        raw = [str(d) for d in INTERACTIVE_DECKS]
    elif key == "max_splits":
        raw = [str(s) for s in INTERACTIVE_SPLITS]
    elif key in ("player_max_cards", "dealer_max_cards"):
        raw = [str(c) for c in CARD_LIMITS] + ["unlimited"]
    elif key == "four_exchange_max":
        # Each exchange spends a four; the deck has four per 40 cards.
        raw = [str(i) for i in range(4 * rules.decks + 1)]
    else:
        spec = next(s for s in parameter_specs(family) if s.path == key)
        if spec.kind == "bool":
            raw = ["true", "false"]
        elif spec.kind == "choice":
            raw = list(spec.choices)
        else:
            raise KeyError(f"no default grid for {key}")
    values: list[str] = []
    for text in raw:
        value = canonical(family, key, text)
        if value not in values:
            values.append(value)
    return values


def default_knobs(rules: Rules) -> list[Knob]:
    """Every rule and payout of the family (lists excepted), each over its default grid."""
    return [
        Knob(spec.path, tuple(default_values(rules, spec.path)))
        for spec in parameter_specs(rules.family)
        if spec.path not in NOT_IN_DEFAULT
    ]


def _near(rules: Rules, key: str, span: Fraction) -> list[str]:
    here = Fraction(current_text(rules, key))
    low = max(GRID, here - span)
    count = int((here + span - low) / GRID) + 1
    return [value_text(rules.family, key, low + i * GRID) for i in range(count)]


def suggested_knobs(rules: Rules) -> list[Knob]:
    """What a designer turns first: the dealer's rule, ties, the upcard and the paid lines."""
    if isinstance(rules, NineTenElevenRules):
        keys = ["payouts.main_win", "buy_allowed", "switch_allowed"]
        return [Knob(k, tuple(default_values(rules, k))) for k in keys]
    knobs = [
        Knob("dealer_stands_at", tuple(v for v in _near(rules, "dealer_stands_at", Fraction(2))
                                       if Fraction(v) <= Fraction(15, 2))),
        Knob("ties", ("push", "dealer")),
        Knob("dealer_upcard_visible", ("true", "false")),
    ]
    paid = ["payouts.win"]
    for line in ("seven_and_half", "natural", "triple", "kd_first_card", "shoot_seven"):
        key = f"payouts.{line}"
        if getattr(rules.payouts, line) is not None and not inert(rules, key):
            paid.append(key)
    if rules.final_bet:
        paid += ["final_bet_min", "final_bet_max"]
    knobs += [Knob(k, tuple(default_values(rules, k))) for k in paid]
    return knobs
