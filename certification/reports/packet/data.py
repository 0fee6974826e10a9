"""What the packet documents state, as plain data: a service builds it, the builders print it."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from casino.rules.describe import PayLine, RuleClause
from casino.rules.model import Rules
from certification.odds.examples import ExampleSet


@dataclass(frozen=True)
class Profile:
    code: str
    name: str
    regulator: str
    regulation_reference: str
    submission_title: str
    house_edge_term: str
    applicant_term: str
    signatory_block: str
    documents: tuple[str, ...]
    min_simulated_rounds: int = 0
    randomness_required: tuple[str, ...] = ()
    language: str = "en"
    """The language every document of the packet is written in."""


@dataclass(frozen=True)
class TableSetup:
    """The table the procedures describe: from a table configuration, else the variant's defaults."""

    table_id: str | None
    seats: int
    decks: int
    shuffling_method: str
    limits: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class BetFigures:
    bet: str
    name: str
    house_edge: Fraction
    element_of_risk: Fraction
    average_wager: Fraction
    outcomes: dict[Fraction, Fraction]
    """Net result per initial wager -> exact probability."""


@dataclass(frozen=True)
class PacketData:
    profile: Profile
    certificate_number: str
    certificate_status: str
    variant_name: str
    game: str
    preset_source: str
    paytable_version: int
    rules: Rules
    rule_clauses: list[RuleClause]
    paytable: list[PayLine]
    bets: list[BetFigures]
    examples: ExampleSet
    table: TableSetup
    issued: dt.date
    laboratory: str
    applicant: str = ""
    host_casino: str = ""
    procedure: dict[str, Any] | None = None
    simulation: dict[str, Any] | None = None
    randomness: dict[str, Any] = field(default_factory=dict)
    checks: list[dict[str, Any]] = field(default_factory=list)
    software_version: str = ""
    git_commit: str = ""
    inputs_sha256: dict[str, str] = field(default_factory=dict)
    seed: str = ""
    rounds: int = 0
    enclosures: list[tuple[str, str]] = field(default_factory=list)
    """(file name, title) of every document in the packet, in order."""
    missing: list[str] = field(default_factory=list)
    """What the profile requires that this packet lacks, in words."""

    def term(self, capital: bool = False) -> str:
        word = self.profile.house_edge_term
        return word[:1].upper() + word[1:] if capital else word
