"""The floor of the proofs: 50 tables of the Italian Sette e Mezzo, one month, and its theory."""

from __future__ import annotations

from functools import lru_cache

from casino.rules.cards import SEVEN_HALF_RANKS, new_deck
from casino.rules.presets import preset
from certification.economics.analysis import mixed_figures
from certification.economics.field import TableModel
from certification.economics.mix import PlayerMix
from certification.floor.month import DealerLeak, MonthSpec, ShortDeck, WrongPayout
from certification.floor.watch import TableTheory

RULES = preset("sette-e-mezzo")
CARDS = [c.code for c in new_deck(SEVEN_HALF_RANKS, RULES.decks)]
ALWAYS_DEALT = 2
"""The player's first card and the dealer's: dealt in every round (one seat)."""
ALPHA = 0.05
SEED = 20_261_001
FAULTS = (ShortDeck("T07", "7D", 10), WrongPayout("T23", 20), DealerLeak("D305"))


def month_spec(*, faults=FAULTS, seed: int = SEED, **kwargs) -> MonthSpec:
    return MonthSpec(RULES, "sette-e-mezzo v1", seed, faults=faults, **kwargs)


@lru_cache(maxsize=1)
def model() -> TableModel:
    return TableModel(mixed_figures(RULES, PlayerMix.single("optimal")).seat, 1)


def theory(spec: MonthSpec) -> dict[str, TableTheory]:
    return {t.name: TableTheory(t.version, t.stake, t.channel, model()) for t in spec.table_specs}
