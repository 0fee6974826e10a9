"""A back office with enough rows that a query per row shows: for query-count and load tests.

Everything is made through the services, so the rows are what production would hold:
variants with two paytable versions, submissions in every state, approved variants on
tables, audit events for each step.
"""

from __future__ import annotations

from dataclasses import dataclass

from casino import workflow
from casino.permissions import Role
from tests.backoffice.factories import (
    UserFactory,
    make_approved,
    make_submission,
    make_table,
    make_under_review,
    make_variant,
)

PRESETS = ("seven-half-casino", "seven-half-home", "sette-e-mezzo", "siete-y-media",
           "nine-ten-eleven")


@dataclass
class Personas:
    officer: object
    reviewer: object
    admin: object
    auditor: object


def personas() -> Personas:
    return Personas(
        officer=UserFactory(username="alice", roles=[Role.OFFICER]),
        reviewer=UserFactory(username="rita", roles=[Role.REVIEWER]),
        admin=UserFactory(username="adam", roles=[Role.ADMIN]),
        auditor=UserFactory(username="audrey", roles=[Role.AUDITOR]),
    )


def build_backoffice(*, variants: int = 30, approved: int = 6, tables_each: int = 3) -> Personas:
    who = personas()
    for i in range(variants):
        preset = PRESETS[i % len(PRESETS)]
        variant = make_variant(actor=who.officer, preset=preset, name=f"{preset} #{i:03d}")
        workflow.paytable_version_create(paytable=variant.paytable, actor=who.officer,
                                         note="second version")
        if i % 3 == 0:
            make_submission(officer=who.officer, variant=variant)
        elif i % 3 == 1:
            make_under_review(officer=who.officer, variant=variant)
    for i in range(approved):
        submission = make_approved(officer=who.officer, reviewer=who.reviewer,
                                   preset=PRESETS[i % len(PRESETS)], name=f"approved #{i:03d}")
        for t in range(tables_each):
            make_table(admin=who.admin, variant=submission.variant,
                       version=submission.paytable_version, table_id=f"T-{i:02d}-{t}")
    return who
