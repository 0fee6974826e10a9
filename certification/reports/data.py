"""What a certificate states, as plain data: a selector builds it, the renderer prints it.

The figures arrive as the JSON shapes the engines produce (``ExactResult.to_json()``, the
simulation summary, the NIST report, the shuffle battery, the procedure assessment), so a
certificate can be re-rendered years later from what was stored, without re-running anything.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any, Literal

from casino.rules.describe import PayLine, RuleClause

Status = Literal["draft", "approved"]
STATUSES = ("draft", "approved")


@dataclass(frozen=True)
class Verdict:
    approvable: bool
    reasons: list[str] = field(default_factory=list)
    """Why: every finding that blocks approval, or what supports it."""


@dataclass(frozen=True)
class TableLimit:
    bet: str
    minimum: str
    maximum: str
    note: str = ""
    """E.g. "in steps of 5" or "table's choice of 3, 5, 10 or 25"."""


@dataclass(frozen=True)
class Reproducibility:
    software_version: str
    git_commit: str = ""
    inputs_sha256: dict[str, str] = field(default_factory=dict)
    """Input name (rule variant, paytable, shuffle log, bit stream) -> SHA-256 hex digest."""
    seeds: dict[str, str] = field(default_factory=dict)
    """What was seeded (simulation, NIST sampling) -> the seed or entropy, as text."""
    parameters: dict[str, str] = field(default_factory=dict)
    """Run parameters that change the figures: rounds, chunk size, alpha, stream length."""


@dataclass(frozen=True)
class CertificateData:
    certificate_number: str
    status: Status
    game: str
    """The game's display name, e.g. "Seven and a Half"."""
    family: str
    """The rule family key: seven_and_half or nine_ten_eleven."""
    variant_name: str
    preset: str | None
    """The preset the variant was built from, or None for a custom variant."""
    paytable_version: int
    jurisdiction: str
    submitter: str
    issued: dt.date
    rules: dict[str, Any]
    """The variant exactly as certified (``rules_to_dict``)."""
    rule_clauses: list[RuleClause]
    paytable: list[PayLine]
    verdict: Verdict
    exact: dict[str, Any]
    reproducibility: Reproducibility
    approver: str | None = None
    approved: dt.date | None = None
    preset_source: str = ""
    """Where the preset's rules come from, e.g. a patent or a publisher's rule sheet."""
    table_limits: list[TableLimit] | None = None
    simulation: dict[str, Any] | None = None
    nist: dict[str, Any] | None = None
    shuffle_battery: dict[str, Any] | None = None
    procedure: dict[str, Any] | None = None
    laboratory: str = "Tablecert Certification Laboratory"
    protection: dict[str, Any] | None = None
    """The game protection report (``certification.protection``'s JSON), shown as an annex."""
    language: str = "en"
    """The language it is written in: its jurisdiction's, whoever issues it."""

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"status must be one of {', '.join(STATUSES)}, not {self.status!r}")
        if self.status == "approved" and not (self.approver and self.approved):
            raise ValueError("an approved certificate names its approver and approval date")
        if "bets" not in self.exact or "main" not in self.exact["bets"]:
            raise ValueError("exact figures must include bets.main (ExactResult.to_json())")

    @property
    def is_draft(self) -> bool:
        return self.status == "draft"
