"""A version in field trial at a host casino, and field files of its host table drawn from the
variant's exact law (tests/economics/synthetic.py), with a drift planted on request."""

from __future__ import annotations

import dataclasses
import datetime as dt

from casino import workflow
from casino.models import Jurisdiction
from casino.rules import preset
from casino.services.properties import casino_property_create
from casino.services.regulators import regulator_decision_record
from certification.odds.analysis import dealer_joint
from tests.backoffice.factories import make_approved, make_table
from tests.certification.evidence import upload
from tests.economics.synthetic import START, Sampler, TablePlan, generate, to_csv

BOUNDS = {"main": {"min": "0.005", "max": "0.15"}, "*": {"min": "0.005", "max": "0.35"}}
PROCEDURE = "wash,riffle,riffle,box,riffle,cut"
RULES = preset("sette-e-mezzo")
TRIAL_DAYS, MIN_ROUNDS = 30, 5_000
# The trial took effect this many days ago; the field files start the day after.
TRIAL_AGE = 45


def silver_state() -> Jurisdiction:
    """A Nevada-like regulator: a 30-day trial of at least 5,000 rounds, a short packet."""
    return Jurisdiction.objects.create(
        code="silver", name="Silver State", house_edge_bounds=BOUNDS, field_trial_required=True,
        field_trial_days=TRIAL_DAYS, field_trial_min_rounds=MIN_ROUNDS,
        packet_documents=["cover-letter", "payout-schedule", "statistical-evaluation"])


def approved_in_house(*, officer, reviewer, jurisdiction):
    """sette-e-mezzo approved by our review (the approval files it there, as submitted)."""
    return make_approved(officer=officer, reviewer=reviewer, preset="sette-e-mezzo", name="Sette trial",
                         jurisdiction=jurisdiction)


def start_trial(*, version, jurisdiction, admin, age: int = TRIAL_AGE):
    """The regulator's field trial at "Silver Palace", and the host table dealing the version."""
    host = casino_property_create(name="Silver Palace", jurisdiction=jurisdiction, actor=admin)
    today = dt.date.today()
    trial = regulator_decision_record(
        paytable_version=version, jurisdiction=jurisdiction, status="field_trial", actor=admin,
        reference="SS-FT-1", host_property=host, table_limit=2, effective=today - dt.timedelta(days=age),
        expires=today + dt.timedelta(days=30), conditions="host casino only, at most 2 tables")
    table = make_table(admin=admin, variant=version.paytable.variant, version=version, table_id="FT-1",
                       casino_property=host, shuffling_method=PROCEDURE)
    return trial, workflow.table_activate(table=table, actor=admin)


def field_file(*, days: int = 40, drift_from: int | None = None, first: dt.date | None = None,
               table: str = "FT-1", seed: int = 2):
    """A field file of ``days`` days from ``first`` (default: the day after the trial began);
    from day ``drift_from`` on the players see the dealer's upcard (a planted drift)."""
    plan = TablePlan(table, Sampler(dealer_joint(RULES)), bet=5, seats=7)
    if drift_from is not None:
        plan.changes = {drift_from: Sampler(dealer_joint(dataclasses.replace(RULES, dealer_upcard_visible=True)))}
    rows = generate([plan], days=days, rounds=(200, 400), seed=seed)
    shift = (first or dt.date.today() - dt.timedelta(days=TRIAL_AGE - 1)) - START
    rows = [dataclasses.replace(r, date=r.date + shift) for r in rows]
    return upload("field-trial.csv", to_csv(rows))
