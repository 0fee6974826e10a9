"""What one audit covers: the variant, its table, and the size and seed of its simulations.

The simulations are planned as jobs (one per collusion size beyond exact reach, per
penetration, per shuffle procedure), each split into ``chunks`` chunks with their own
derived seeds, so a group of workers can share them and the result is the same however
many there are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from casino.rules.model import Rules

from .dealt_through import CURVE, fewest_cards_per_round, rounds_per_shoe
from .shuffle import DEFAULT_PROCEDURE, EXTRA_RIFFLES

DEFAULT_ROUNDS = 2000
LONG_HANDS_ROUNDS = 400
"""Default where a deck's exact value is not cheap (``cheap_to_value``): every simulated
round is an exact analysis of about 0.1 s there, against 10 ms for hands of three cards at
most, and the collusion estimate's second-order control leaves a narrower interval at 400
samples than a first-order one at 2,000 (collusion.py)."""
DEFAULT_CHUNKS = 4
SHUFFLE_DECKS_PER_ROUND = 10
"""Shuffled decks per simulated round for the shuffle exposure (decks cost microseconds, so
the shuffle never gets fewer than at DEFAULT_ROUNDS)."""


def cheap_to_value(rules: Rules) -> bool:
    """A deck's exact value takes about 10 ms: Seven-and-a-Half with both hands capped at
    three cards or fewer (the casino version). Unlimited draws take 0.05-0.12 s, and so does
    9-10-11 (every pair of three-card hands from the deck)."""
    return rules.family == "seven_and_half" and all(
        m is not None and m <= 3 for m in (rules.player_max_cards, rules.dealer_max_cards))


def default_rounds(rules: Rules) -> int:
    return DEFAULT_ROUNDS if cheap_to_value(rules) else LONG_HANDS_ROUNDS


@dataclass(frozen=True)
class AuditSpec:
    rules: Rules
    variant: str = ""
    seats: int = 7
    penetration: float = 0.0
    """Share of the deck dealt before the shuffle (0: shuffled before every round)."""
    procedure: str = DEFAULT_PROCEDURE
    rounds: int | None = None
    """Simulated rounds per collusion size and per penetration (x10 decks per procedure);
    None: ``default_rounds`` for the rules."""
    seed: int = 20260101
    chunks: int = DEFAULT_CHUNKS
    exact_limit: int | None = None
    """Most reduced decks counted exactly per collusion size (None: ``rounds``, so counting
    never values more decks than sampling would)."""

    def __post_init__(self) -> None:
        if self.rounds is None:
            object.__setattr__(self, "rounds", default_rounds(self.rules))
        if not 1 <= self.seats <= 7:
            raise ValueError(f"seats: 1 to 7, not {self.seats}")
        if not 0 <= self.penetration < 1:
            raise ValueError(f"penetration: a share of the deck in [0, 1), not {self.penetration}")
        if self.rounds < 20:
            raise ValueError(f"rounds: at least 20, not {self.rounds}")
        if self.chunks < 2 or self.chunks % 2:
            raise ValueError(f"chunks: an even number of at least 2, not {self.chunks}")

    @property
    def counted_limit(self) -> int:
        return self.rounds if self.exact_limit is None else self.exact_limit

    @property
    def seven_half(self) -> bool:
        return self.rules.family == "seven_and_half"

    @property
    def deck_size(self) -> int:
        return self.rules.deck_size

    @property
    def deal_positions(self) -> int:
        """Cards of the next deal whose prediction the shuffle exposure scores."""
        return min(self.deck_size, fewest_cards_per_round(self.rules, self.seats))

    @property
    def shuffle_decks(self) -> int:
        return SHUFFLE_DECKS_PER_ROUND * max(self.rounds, DEFAULT_ROUNDS)

    @property
    def penetrations(self) -> list[float]:
        levels = set(CURVE) | ({self.penetration} if self.penetration > 0 else set())
        return sorted(levels)

    def dealt_through_simulated(self, penetration: float) -> bool:
        """False where the shoe holds one round only: then every round is off the top."""
        return rounds_per_shoe(penetration, self.rules, self.seats) > 1

    def table_json(self) -> dict[str, Any]:
        return {"seats": self.seats, "decks": self.rules.decks, "penetration": self.penetration,
                "procedure": self.procedure, "rounds": self.rounds, "seed": self.seed,
                "chunks": self.chunks}


@dataclass(frozen=True)
class Job:
    exposure: str
    parameter: float
    """k for collusion (sampled or counted), the penetration for dealt-through, extra riffles
    for the shuffle."""

    @property
    def key(self) -> str:
        return f"{self.exposure}:{self.parameter:g}"


def jobs(spec: AuditSpec, collusion_simulated: list[int], collusion_counted: list[int]) -> list[Job]:
    out: list[Job] = []
    out += [Job("collusion_exact", k) for k in collusion_counted]
    out += [Job("collusion", k) for k in collusion_simulated]
    out += [Job("dealt_through", p) for p in spec.penetrations if spec.dealt_through_simulated(p)]
    out += [Job("shuffle", r) for r in (0, *EXTRA_RIFFLES)]
    return out
