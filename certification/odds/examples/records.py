"""The worked examples' records, and how their cards and amounts are written."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

OUTCOMES = ("win", "loss", "push")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
DEFAULT_SEED = 20_240_601
DEFAULT_ATTEMPTS = 6_000


@dataclass(frozen=True)
class Example:
    """One round, as the rules of play print it."""

    bet: str
    """main, bonus or dice_match."""
    feature: str
    """Which rule it shows (a key of ``ExampleSet.features``)."""
    outcome: str
    cards: tuple[str, ...]
    """The cards in the order they came off the deck."""
    steps: tuple[str, ...]
    net: Fraction
    """The player's net result on ``bet``, per initial wager."""
    wagered: Fraction
    """Total staked on ``bet`` in the round, per initial wager."""
    die: str | None = None
    """9-10-11: the die face rolled."""


@dataclass(frozen=True)
class Missing:
    bet: str
    feature: str
    outcome: str
    reason: str


@dataclass(frozen=True)
class ExampleSet:
    features: dict[str, str]
    """Feature key -> title, in the order the document presents them."""
    bets: dict[str, str]
    """Bet key -> name."""
    examples: list[Example] = field(default_factory=list)
    missing: list[Missing] = field(default_factory=list)
    seed: int = DEFAULT_SEED
    attempts: int = 0

    def find(self, bet: str, feature: str, outcome: str) -> Example | Missing | None:
        for item in [*self.examples, *self.missing]:
            if (item.bet, item.feature, item.outcome) == (bet, feature, outcome):
                return item
        return None


def card_name(code: str) -> str:
    return code[0].replace("T", "10") + SUIT_SYMBOLS.get(code[1], code[1])


def outcome_of(net: Fraction) -> str:
    return "win" if net > 0 else "loss" if net < 0 else "push"


def amount(value: Fraction) -> str:
    """A net in units of the initial wager: +2, -1, +1½ (written exactly)."""
    value = Fraction(value)
    sign = "+" if value > 0 else "−" if value < 0 else ""
    whole, rest = divmod(abs(value), 1)
    if rest == 0:
        text = str(int(whole))
    elif rest == Fraction(1, 2):
        text = f"{int(whole)}½" if whole else "½"
    else:
        text = f"{value.numerator}/{value.denominator}".lstrip("-")
    return sign + text
