"""Random lives of a game, told the same way by every surface.

A hypothesis state machine certifies, submits, approves and rejects versions, files them with
two jurisdictions and records their decisions, opens tables, revokes certificates (draft or
approved), lets approvals be superseded, withdrawn and expire. Beside the product it keeps its
own plain record of what a regulator would expect. After every step it asks: the standing
functions, the approval matrix, the list pages' badges and the floor for everything; the private
API, the public check of every copy and ``verify-report``'s exit status on every issued PDF for
each certificate whose standing should have changed (and one more in turn); the detail pages'
badges (by their markup) whenever what they show should have changed. No active table may deal
a version that does not stand in its jurisdiction, and a table opens exactly when it does.

The engine is the back office's stand-in and runs simulate 1,000 rounds, so a certification
costs about a second. Each sequence is a random walk seeded by its number (hypothesis runs
the sequences, derandomized and without shrinking: a failure prints its steps), so the statuses
reached are the same on every run; the test asserts every certificate state and every filing status was
reached in both jurisdictions.
"""

from __future__ import annotations

import datetime as dt
import io
import random
import re
from collections import Counter

import pytest
from django.core.cache import cache
from django.core.management import CommandError, call_command
from django.db import transaction
from django.test import Client
from hypothesis import HealthCheck, Phase, event, settings
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)
from rest_framework.test import APIClient

from casino import workflow
from casino.models import (
    OPEN_SUBMISSION_STATUSES,
    GameVariant,
    Jurisdiction,
    PaytableVersion,
    Submission,
    SubmissionStatus,
    TableConfiguration,
    TableStatus,
)
from casino.permissions import Role
from casino.selectors import approval_rows
from casino.services.errors import WorkflowError
from casino.services.expiry import approvals_expire_due
from casino.services.properties import casino_property_create
from casino.services.regulators import regulator_decision_record
from casino.services.revocations import certificate_revoke
from casino.services.standing import certificate_standing, version_standing
from casino.views.access import PAGE_SIZE
from certification.models import CertificationRun, ReportKind
from certification.services.certificates import certificate_issue, certificate_issue_approved
from tests.backoffice.factories import (
    UserFactory,
    finish_certification,
    make_table,
    make_variant,
)
from tests.support.second_factor import verified_client

pytestmark = pytest.mark.django_db

# Enough sequences and steps to reach every certificate state and every filing status in both
# jurisdictions (asserted below), in well under a minute on one shared core.
EXAMPLES, STEPS = 7, 25
VALIDITY_YEARS = {"home": 4, "garden": 2}
LIVE = {"approved"}
ENDED = {"superseded", "withdrawn", "revoked", "expired"}
FILING_STATUSES = {"submitted", "approved", "rejected", "superseded", "withdrawn", "revoked", "expired"}
CERTIFICATE_STATES = {"draft", "valid", "superseded", "withdrawn", "revoked", "expired"}
EXIT = {"valid": 0, "revoked": 3, "withdrawn": 4, "superseded": 5, "expired": 6, "draft": 8}
STANDING = re.compile(r'class="badge ([a-z_]+)"')
reached: Counter = Counter()
# Regulators' letters come more often than new games, so filings go through their whole lives.
WEIGHTS = {"decide at home": 2, "decide in the garden": 4, "new version": 3, "certify": 3, "approve": 3,
           "expire": 1, "reject": 0.5,
           "open a table": 0.5, "revoke a certificate": 0.5}
# What a filing's next letter may say (superseded and expired come from later approvals and the calendar).
NEXT = {None: ["submitted"], "submitted": ["approved", "rejected", "withdrawn", "revoked"],
        "approved": ["withdrawn", "revoked"], "rejected": ["submitted"],
        **{ended: ["submitted"] for ended in ENDED}}


class Regulator:
    """The plain record: each filing's latest decision (status, effective date, order), and
    what each certificate therefore is."""

    def __init__(self):
        self.filing: dict[tuple[int, str], tuple[str, dt.date, int]] = {}  # (version id, code) -> ...
        self.rests_on: dict[tuple[int, str], int] = {}  # -> run id
        self.approved_runs: set[int] = set()
        self.revoked_runs: set[int] = set()
        self.approving_run: dict[int, int] = {}  # version id -> run id
        self.order = 0

    def status(self, version_id: int, code: str) -> str | None:
        found = self.filing.get((version_id, code))
        return found[0] if found else None

    def certificate(self, run_id: int) -> str:
        filings = [found for key, found in self.filing.items() if self.rests_on[key] == run_id]
        statuses = [status for status, _, _ in filings]
        if run_id in self.revoked_runs or "revoked" in statuses:
            return "revoked"
        if run_id not in self.approved_runs:
            return "draft"
        ended = [found for found in filings if found[0] in ENDED]
        if ended and len(ended) == len([s for s in statuses if s != "rejected"]):
            return max(ended, key=lambda found: (found[1], found[2]))[0]
        return "valid"

    def stands(self, version_id: int, code: str) -> bool:
        key = (version_id, code)
        return self.status(*key) in LIVE and self.rests_on[key] not in self.revoked_runs

    def decide(self, version_id: int, code: str, status: str, run_id: int | None = None,
               effective: dt.date | None = None) -> None:
        if run_id is not None:
            self.rests_on[(version_id, code)] = run_id
        self.order += 1
        self.filing[(version_id, code)] = (status, effective or dt.date.today(), self.order)


class StandingMachine(RuleBasedStateMachine):
    world: dict = {}
    sequences = 0

    def __init__(self):
        super().__init__()
        self._atomic = transaction.atomic()
        self._atomic.__enter__()
        cache.clear()
        w = self.world
        self.alice, self.rita, self.adam, self.olga = w["alice"], w["rita"], w["adam"], w["olga"]
        self.home, self.garden = w["home"], w["garden"]
        self.places = {"home": w["home_casino"], "garden": w["garden_casino"]}
        self.jurisdictions = {"home": self.home, "garden": self.garden}
        self.regulator = Regulator()
        self.shown: dict = {}  # what each detail page showed when last read
        self.steps = 0
        self.log: list[str] = []  # the steps taken, for the failure's message
        self.rejected = False  # one internal rejection per sequence: it closes a variant for good
        self.tables = 0
        self.client = verified_client(Client(), self.adam)
        self.api = verified_client(APIClient(), self.adam)
        self.public = APIClient()

    def teardown(self):
        transaction.set_rollback(True)
        self._atomic.__exit__(None, None, None)

    # --- the steps -------------------------------------------------------------------------

    @initialize()
    def an_approved_game(self):
        """Each sequence starts from a variant certified, approved, and approved in the garden
        too (so approvals there can be superseded, withdrawn, revoked or expire)."""
        StandingMachine.sequences += 1
        self.rng = random.Random(f"standing {StandingMachine.sequences}")
        self.new_variant(self.rng)
        self.certify(self.rng)
        self.approve(self.rng)
        version = PaytableVersion.objects.get(status="approved")
        for status in ("submitted", "approved"):
            self._record(version, "garden", status)
        if StandingMachine.sequences == 1:
            # The first life also starts with version 2 approved at home and in the garden, so
            # version 1 is superseded in both (a walk rarely keeps both approvals that long).
            variant = version.paytable.variant
            workflow.paytable_version_create(paytable=variant.paytable, actor=self.alice)
            self.certify(self.rng)
            self.approve(self.rng)
            newer = PaytableVersion.objects.get(paytable=variant.paytable, number=2)
            for status in ("submitted", "approved"):
                self._record(newer, "garden", status)

    def _enabled(self) -> dict:
        """The steps that can be taken now, by name (each does something when taken)."""
        under_review = self._under_review() is not None
        return {name: step for name, step, can in [
            ("new variant", self.new_variant, not GameVariant.objects.exclude(status="rejected").exists()
             and GameVariant.objects.count() < 3),
            ("certify", self.certify, bool(self._certifiable())),
            ("approve", self.approve, under_review),
            ("reject", self.reject, under_review and not self.rejected),
            ("new version", self.new_version, bool(self._revisable())),
            ("decide at home", self.decide_at_home, bool(self._decidable("home"))),
            ("decide in the garden", self.decide_in_the_garden, bool(self._decidable("garden"))),
            ("open a table", self.open_table, PaytableVersion.objects.filter(status="approved").exists()),
            ("revoke a certificate", self.revoke_certificate,
             bool(self._unrevoked()) and len(self.regulator.revoked_runs) < 2),
            ("expire", self.expire, any(status in LIVE for status, _, _ in self.regulator.filing.values())),
        ] if can}

    @rule()
    def step(self):
        """One of the steps that can be taken now, chosen by weight from the sequence's own
        random stream, seeded by its number (hypothesis's early examples favour the first rule
        and small numbers, so the lives would stay short): every run takes the same steps."""
        rng = self.rng
        enabled = self._enabled()
        names = sorted(enabled)
        name = rng.choices(names, weights=[WEIGHTS.get(n, 1) for n in names])[0]
        self.log.append(name)
        event(f"step: {name}")
        reached[("step", name)] += 1
        enabled[name](rng)

    def new_variant(self, rng):
        # One name for all: the certificate's protection annex is computed once for these rules.
        make_variant(actor=self.alice, preset="sette-e-mezzo", name="Sette e mezzo", jurisdiction=self.home)

    def _certifiable(self) -> list[GameVariant]:
        return [v for v in GameVariant.objects.filter(status__in=["draft", "approved"]).order_by("id")
                if v.paytable.latest_version.status == "draft"
                and not v.submissions.filter(status__in=OPEN_SUBMISSION_STATUSES).exists()]

    def certify(self, rng):
        """Submit a variant's draft version and certify it: its draft certificate is issued."""
        variant = rng.choice(self._certifiable())
        latest = variant.paytable.latest_version
        submission = workflow.submission_submit(variant=variant, paytable_version=latest, actor=self.alice)
        run = finish_certification(submission=submission, actor=self.alice)
        workflow.submission_mark_under_review(submission=submission, actor=self.alice)
        if not run.issued_reports.filter(kind=ReportKind.DRAFT).exists():
            certificate_issue(run=run)

    def _under_review(self) -> Submission | None:
        return Submission.objects.filter(status=SubmissionStatus.UNDER_REVIEW).order_by("id").first()

    def approve(self, rng):
        submission = self._under_review()
        run = submission.certification_run
        approved = workflow.submission_approve(submission=submission, actor=self.rita)
        if run.pk in self.regulator.revoked_runs:
            assert approved.status == SubmissionStatus.REJECTED, "a revoked draft was approved"
            return
        assert approved.status == SubmissionStatus.APPROVED
        certificate_issue_approved(run_id=run.pk, approver_id=self.rita.pk)
        version = approved.paytable_version
        self.regulator.approved_runs.add(run.pk)
        self.regulator.approving_run[version.pk] = run.pk
        self._approve_in(version, "home", run.pk)

    def _approve_in(self, version: PaytableVersion, code: str, run_id: int | None = None) -> None:
        for older in PaytableVersion.objects.filter(paytable=version.paytable, number__lt=version.number):
            if self.regulator.status(older.pk, code) in LIVE:
                self.regulator.decide(older.pk, code, "superseded")
        self.regulator.decide(version.pk, code, "approved", run_id)

    def reject(self, rng):
        self.rejected = True
        submission = self._under_review()
        workflow.submission_reject(submission=submission, actor=self.rita, reason="the figures disagree")

    def _revisable(self) -> list[GameVariant]:
        return [v for v in GameVariant.objects.filter(status="approved").order_by("id")
                if v.paytable.latest_version.status != "draft" and v.paytable.latest_version.number < 3]

    def new_version(self, rng):
        variant = rng.choice(self._revisable())
        workflow.paytable_version_create(paytable=variant.paytable, actor=self.alice)

    def _decidable(self, code: str) -> list[tuple[PaytableVersion, list[str]]]:
        """Approved versions and the decisions their filing in ``code`` may take next."""
        found = []
        for version in PaytableVersion.objects.filter(status="approved").order_by("id"):
            current = self.regulator.status(version.pk, code)
            allowed = NEXT.get(current, ["submitted"])
            if self.regulator.approving_run[version.pk] in self.regulator.revoked_runs:
                allowed = [s for s in allowed if s != "submitted"]  # a revoked certificate is filed nowhere
            if allowed:
                found.append((version, allowed))
        return found

    def _would_supersede(self, version: PaytableVersion, code: str) -> bool:
        """An earlier version of the same game is approved there (its filing would end)."""
        return any(self.regulator.status(older.pk, code) in LIVE for older in
                   PaytableVersion.objects.filter(paytable=version.paytable_id, number__lt=version.number))

    def _decide(self, code: str, rng) -> None:
        """A regulator's letter on one approved version, as the filing's state allows."""
        # ... end an approval less often than they answer a filing, and hear most of the newest.
        choices = self._decidable(code)
        weights = [(3 if "approved" in allowed else 1) * v.number * (10 if self._would_supersede(v, code) else 1)
                   for v, allowed in choices]
        version, allowed = rng.choices(choices, weights=weights)[0]
        # Regulators mostly approve what is filed: an approval must live long enough to be
        # superseded or to expire.
        status = rng.choices(allowed, weights=[4 if s == "approved" else 1 for s in allowed])[0]
        self._record(version, code, status)

    def _record(self, version: PaytableVersion, code: str, status: str) -> None:
        run_id = self.regulator.approving_run[version.pk]
        actor = self.rita if status == "revoked" else self.olga
        regulator_decision_record(paytable_version=version, jurisdiction=self.jurisdictions[code], status=status,
                                  actor=actor, reason="" if status in ("submitted", "approved") else "by letter",
                                  reference=f"{code}-{status}")
        if status == "approved":
            self._approve_in(version, code)
        else:
            self.regulator.decide(version.pk, code, status, run_id if status == "submitted" else None)

    def decide_at_home(self, rng):
        self._decide("home", rng)

    def decide_in_the_garden(self, rng):
        self._decide("garden", rng)

    def open_table(self, rng):
        code = rng.choice(["home", "garden"])
        version = rng.choice(list(PaytableVersion.objects.filter(status="approved").order_by("id")))
        self.tables += 1
        expected = self.regulator.stands(version.pk, code)
        try:
            table = make_table(admin=self.adam, variant=version.paytable.variant, version=version,
                               table_id=f"M-{self.tables:02d}", casino_property=self.places[code])
            table = workflow.table_activate(table=table, actor=self.adam)
        except (WorkflowError, Exception) as refused:
            if not isinstance(refused, WorkflowError) and "ValidationError" not in type(refused).__name__:
                raise
            assert not expected, f"v{version.number} stands in {code} but the table was refused: {refused}"
            event("table refused")
            return
        assert expected, f"a table opened with v{version.number}, which does not stand in {code}"
        assert table.status == TableStatus.ACTIVE
        event("table opened")

    def _unrevoked(self) -> list[CertificationRun]:
        return [r for r in CertificationRun.objects.exclude(certificate_number=None).order_by("id")
                if r.pk not in self.regulator.revoked_runs]

    def revoke_certificate(self, rng):
        run = rng.choice(self._unrevoked())
        certificate_revoke(run=run, actor=self.adam, reason="the shuffle was not the one certified")
        self.regulator.revoked_runs.add(run.pk)
        for key, (status, _, _) in list(self.regulator.filing.items()):
            if self.regulator.rests_on[key] == run.pk and status in LIVE | {"submitted"}:
                self.regulator.decide(*key, "revoked")

    def expire(self, rng):
        """The daily job, run the day after this jurisdiction's approvals (made today) end."""
        code = rng.choice(["home", "garden"])
        years = VALIDITY_YEARS[code]
        approvals_expire_due(today=_years_on(years) + dt.timedelta(days=2))
        for key, (status, _, _) in list(self.regulator.filing.items()):
            if status in LIVE and VALIDITY_YEARS[key[1]] <= years:
                # Valid through its last day: expired from the day after.
                self.regulator.decide(*key, "expired", effective=_years_on(VALIDITY_YEARS[key[1]])
                                      + dt.timedelta(days=1))

    # --- every surface, after every step ---------------------------------------------------

    @invariant()
    def every_surface_agrees(self):
        if not hasattr(self, "regulator"):
            return
        try:
            self._certificates()
            self._versions()
            self._floor()
        except AssertionError as disagreement:
            raise AssertionError(f"{disagreement}\nafter the steps: {', '.join(self.log)}") from None

    def _certificates(self):
        runs = list(CertificationRun.objects.exclude(certificate_number=None).select_related("revocation")
                    .order_by("id"))
        self.steps += 1
        for index, run in enumerate(runs):
            expected = self.regulator.certificate(run.pk)
            reached[("certificate", expected)] += 1
            event(f"certificate {expected}")
            assert certificate_standing(run=run).state == expected
            # Every answer about a certificate is asked again whenever it should have changed,
            # and one certificate in turn is asked at every step whatever happened.
            copies = run.issued_reports.count()
            if self.shown.get(("run", run.pk)) == (expected, copies) and index != self.steps % len(runs):
                continue
            self.shown[("run", run.pk)] = (expected, copies)
            private = self.api.get(f"/api/v1/certificates/{run.certificate_number}/status/").json()
            assert private["state"] == expected
            for issued in run.issued_reports.all():
                copy = "draft" if issued.kind == ReportKind.DRAFT and expected == "valid" else expected
                public = self.public.get(f"/api/v1/public/certificates/{run.certificate_number}/",
                                         {"sha256": issued.sha256}).json()
                assert public["genuine"] and public["status"] == copy, (issued.kind, public, expected)
                assert _verify_report(issued.file.path) == EXIT[copy], (issued.kind, copy)

    def _versions(self):
        rows = {(r["paytable_version_id"], r["jurisdiction"]): r["status"] for r in approval_rows()}
        for code, jurisdiction in self.jurisdictions.items():
            for version in PaytableVersion.objects.all():
                expected = self.regulator.status(version.pk, code)
                if expected is not None:
                    reached[(code, expected)] += 1
                    event(f"{code} {expected}")
                standing = version_standing(paytable_version=version, jurisdiction=jurisdiction)
                assert standing.status == (expected or "not_filed"), (version.number, code)
                assert standing.stands == self.regulator.stands(version.pk, code)
                assert rows.get((version.pk, code)) == expected
        # The lists show every variant's and submission's badge at once, after every step.
        variants = _listed(self.client.get("/variants/").content.decode(), "variants")
        submissions = _listed(self.client.get("/submissions/").content.decode(), "submissions")
        for variant in GameVariant.objects.all():
            wanted = self._variant_badge(variant)
            assert variants[variant.pk] == wanted, variant.name
            versions = {v.number: self._version_badge(v) for v in variant.paytable.versions.all()}
            # A detail page is read whenever what it should show changed (and the first time).
            if self.shown.get(("variant", variant.pk)) != (wanted, versions):
                page = self.client.get(f"/variants/{variant.pk}/").content.decode()
                assert _badge(page, "variant-status") == wanted, variant.name
                badges = dict(re.findall(r'data-version="(\d+)".*?class="badge ([a-z_]+)"', page))
                assert {int(n): b for n, b in badges.items()} == versions, (variant.name, badges)
                self.shown[("variant", variant.pk)] = (wanted, versions)
            for version in variant.paytable.versions.filter(status="approved"):
                if self.shown.get(("version", version.pk)) != versions[version.number]:
                    header = self.client.get(f"/versions/{version.pk}/jurisdictions/").content.decode()
                    assert _badge(header, "version-status") == versions[version.number]
                    self.shown[("version", version.pk)] = versions[version.number]
            for submission in variant.submissions.all():
                wanted = versions[submission.paytable_version.number] \
                    if submission.status == "approved" else submission.status
                assert submissions[submission.pk] == wanted
                if self.shown.get(("submission", submission.pk)) != wanted:
                    html = self.client.get(f"/submissions/{submission.pk}/").content.decode()
                    assert _badge(html, "submission-status") == wanted
                    assert ("Draft report" in html) <= (submission.status != "approved")
                    self.shown[("submission", submission.pk)] = wanted

    def _version_badge(self, version) -> str:
        if version.status != "approved":
            return version.status
        state = self.regulator.certificate(self.regulator.approving_run[version.pk])
        return "approved" if state == "valid" else state

    def _variant_badge(self, variant) -> str:
        variant.refresh_from_db()
        if variant.status != "approved":
            return variant.status
        badges = [self._version_badge(v) for v in variant.paytable.versions.filter(status="approved")
                  .order_by("number")]
        return "approved" if not badges or "approved" in badges else badges[-1]

    def _floor(self):
        everything = TableConfiguration.objects.select_related("casino_property__jurisdiction")
        pages = range(1, 2 + (everything.count() - 1) // PAGE_SIZE)
        tables = "".join(self.client.get("/tables/", {"page": n}).content.decode() for n in pages)
        for table in everything:
            code = table.casino_property.jurisdiction.code
            if table.status == TableStatus.ACTIVE:
                assert self.regulator.stands(table.paytable_version_id, code), \
                    f"table {table.table_id} deals a version that does not stand in {code}"
            row = tables.split(f'data-table="{table.table_id}"', 1)[1].split("</tr>", 1)[0]
            expected = self.regulator.status(table.paytable_version_id, code) or "not_filed"
            assert STANDING.search(row).group(1) == expected, (table.table_id, row)


def _years_on(years: int) -> dt.date:
    today = dt.date.today()
    try:
        return today.replace(year=today.year + years)
    except ValueError:  # 29 February
        return today.replace(year=today.year + years, day=28)


def _listed(html: str, kind: str) -> dict[int, str]:
    """A list page's rows: object id (from the row's link) -> the row's first badge."""
    rows = re.findall(rf'<tr><td><a href="/{kind}/(\d+)/">.*?class="badge ([a-z_]+)"', html, re.S)
    return {int(pk): badge for pk, badge in rows}


def _badge(html: str, element_id: str) -> str:
    part = html.split(f'id="{element_id}"', 1)[1]
    return STANDING.search(part).group(1)


def _verify_report(path: str) -> int:
    try:
        call_command("verify-report", path, stdout=io.StringIO())
    except CommandError as exc:
        return exc.returncode
    return 0


def _signature_checked_once(monkeypatch) -> None:
    """verify-report checks each PDF's signature afresh; the same bytes always give the same
    answer, so the machine checks each file's signature once and its standing every time."""
    import functools
    import importlib

    command = importlib.import_module("certification.management.commands.verify-report")
    monkeypatch.setattr(command, "pdf_signature_check", functools.lru_cache(maxsize=None)(command.pdf_signature_check))


def test_every_surface_tells_the_same_standing(db, settings, monkeypatch):
    _signature_checked_once(monkeypatch)
    settings.TABLECERT_PUBLIC_VERIFY_RATE = "100000/minute"  # the machine asks far more than a visitor
    home = Jurisdiction.objects.create(code="home", name="Home Board", approval_valid_years=VALIDITY_YEARS["home"],
                                       house_edge_bounds={"main": {"min": "0.005", "max": "0.15"},
                                                          "*": {"min": "0.005", "max": "0.35"}})
    garden = Jurisdiction.objects.create(code="garden", name="Garden State", approval_valid_years=VALIDITY_YEARS["garden"],
                                         house_edge_bounds=home.house_edge_bounds)
    adam = UserFactory(username="adam", roles=[Role.ADMIN])
    StandingMachine.world = {
        "alice": UserFactory(username="alice", roles=[Role.OFFICER]),
        "rita": UserFactory(username="rita", roles=[Role.REVIEWER]),
        "olga": UserFactory(username="olga", roles=[Role.OFFICER]),
        "adam": adam, "home": home, "garden": garden,
        "home_casino": casino_property_create(name="Home Casino", jurisdiction=home, actor=adam),
        "garden_casino": casino_property_create(name="Garden Resort", jurisdiction=garden, actor=adam),
    }
    reached.clear()
    StandingMachine.sequences = 0
    run_state_machine_as_test(StandingMachine, settings=settings_for_machine)
    missing = {("certificate", s) for s in CERTIFICATE_STATES} | {
        (code, s) for code in ("home", "garden") for s in FILING_STATUSES}
    steps = {name: n for (kind, name), n in reached.items() if kind == "step"}
    assert missing <= set(reached), f"never reached: {sorted(missing - set(reached))}; steps taken: {steps}"


# No shrinking: a failure prints its steps, and shrinking a sequence of certifications takes minutes.
settings_for_machine = settings(max_examples=EXAMPLES, stateful_step_count=STEPS, deadline=None,
                                derandomize=True, database=None, print_blob=True,
                                phases=[Phase.explicit, Phase.generate],
                                suppress_health_check=list(HealthCheck))
