"""Every page of the site, rendered in Italian and Spanish, speaks the reader's language and
names the rules in words: no English sentence our catalogue translates, and no identifier of
the rule model (``seven_and_half``, ``kd_first_card``, ``dealer_natural_collects``...).

The pages come from walking the URL configuration: each page pattern is filled from one
small world of records (a draft, a submission under review, an approved version on a table,
in a regulator's jurisdiction), and a pattern this test neither renders nor lists as "not a
page" fails it, so a new page is scanned from the day it is added.
"""

from __future__ import annotations

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.backoffice.factories import make_table
from tests.languages.catalogues import LANGUAGES
from tests.support.rule_identifiers import identifiers_in
from tests.web.regulator_world import decide
from tests.web.test_pages_in_italian_and_spanish import english_left, visible_text

pytestmark = pytest.mark.django_db

# Patterns that answer with no page to read: actions (POST), files, JSON and CSV.
NOT_PAGES = {
    "variant-submit", "variant-revise", "rules-preview", "submission-status", "submission-certify",
    "submission-send-to-review", "submission-approve", "submission-reject", "submission-comment",
    "submission-attach", "submission-attachment", "run-report", "run-certificate", "run-retry",
    "table-activate", "table-deactivate", "tuning-status", "tuning-draft", "submission-packet-create",
    "packet-download", "variant-protection", "variant-protection-status", "field-report",
    "version-file", "field-trial-final-approval", "decision-letter", "approval-matrix-csv",
    "regulator-matrix-csv", "regulator-certificate-file", "regulator-packet-file", "health",
    "favicon", "worker-check", "logout", "token-revoke", "api-schema", "api-docs", "set_language",
    "second-factor-recovery", "table-rounds-upload", "floor-alarm-rounds", "statistics-file",
    "surveillance-case-note", "surveillance-case-close",
    # Pages whose records take a month of stored rounds to make: tests/surveillance/test_cases.py
    # renders them in both languages.
    "surveillance-case", "surveillance-player", "surveillance-round",
    # Pages whose records take a field file or a trial to make; tests/web/test_field_trial_page.py
    # and test_pages_in_italian_and_spanish.py render them in both languages.
    "field-detail", "field-trial",
}


def page_patterns() -> dict[str, str]:
    """Every named pattern of the site: its name (namespaced as ``reverse`` takes it) -> route."""
    found: dict[str, str] = {}

    def walk(patterns, namespace=""):
        for entry in patterns:
            if isinstance(entry, URLResolver):
                if str(entry.pattern).startswith(("api/", "admin/")):
                    continue
                inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
                walk(entry.url_patterns, inner)
            elif isinstance(entry, URLPattern) and entry.name:
                found[namespace + entry.name] = str(entry.pattern)

    walk(get_resolver().url_patterns)
    return found


def finished_tuning(variant, officer):
    """A small finished search (two knobs, a dozen variants): its page names rules and changes."""
    from fractions import Fraction

    from certification.services.tuning import tuning_job_create, tuning_job_perform_locally

    job = tuning_job_create(variant=variant, actor=officer, vary=["dealer_stands_at=5:7:1", "ties=push,dealer"],
                            band=(Fraction(2, 100), Fraction(5, 100)), dispatch=False)
    return tuning_job_perform_locally(job_id=job.pk)


@pytest.fixture
def world(alice, rita, adam, victor, draft, under_review, approved, sierra, sierra_casino):
    version = approved.paytable_version
    decide(version, sierra, "submitted", alice)
    decide(version, sierra, "approved", alice, reference="SGB-1")
    table = make_table(admin=adam, variant=approved.variant, version=version, casino_property=sierra_casino)
    from casino.services.regulator_scope import regulator_scope_grant
    from tests.backoffice.factories import UserFactory

    sam = UserFactory(username="sam", is_staff=False)
    regulator_scope_grant(user=sam, jurisdictions=[sierra])
    from casino.permissions import Role

    sue = UserFactory(username="sue", roles=[Role.SURVEILLANCE])
    import datetime as dt

    from certification.services.floor_alarms import floor_alarm_raise

    day = dt.date(2026, 11, 2)
    alarm = floor_alarm_raise(table=table, kind="cards", test="short deck: 7D", first_day=day, alarm_day=day,
                              evidence={"detail": "log e = 20.7"})
    pk = {"variant": draft.pk, "submission": under_review.pk, "table": table.pk, "version": version.pk,
          "run": approved.certification_run_id}
    args = {
        "web:variant-detail": [pk["variant"]], "web:variant-edit": [pk["variant"]],
        "web:paytable-compare": [pk["variant"]], "web:submission-detail": [pk["submission"]],
        "web:submission-packet": [approved.pk], "web:table-assign": [pk["table"]],
        "web:table-detail": [pk["table"]], "web:version-jurisdictions": [pk["version"]],
        "web:decision-record": [pk["version"]], "web:approval-end": [pk["version"]],
        "web:run-revoke": [pk["run"]], "web:table-economics": [pk["table"]],
        "web:variant-tune": [pk["variant"]], "web:tuning-detail": [finished_tuning(draft, alice).pk],
        "web:floor-alarm": [alarm.pk],
    }
    queries = {"web:variant-create": "?preset=sette-e-mezzo"}
    # Who reads each page: the officer, the reviewer-and-admin, the regulator.
    readers = {"web:regulator-home": sam, "web:regulator-certificates": sam, "web:regulator-tables": sam,
               "web:regulator-notices": sam, "web:variant-new": alice, "web:variant-create": alice,
               "web:variant-edit": alice, "web:decision-record": alice, "web:variant-tune": alice,
               "web:tuning-detail": alice, "web:regulator-statistics": sam,
               "web:surveillance-cases": sue}
    return args, queries, readers, victor


def test_every_page_is_scanned_or_named_as_no_page():
    unknown = {name for name in page_patterns() if name.split(":")[-1] not in NOT_PAGES}
    scanned = set(SCANNED)
    assert unknown - scanned == set(), "a page this test neither renders nor lists as no page"


SCANNED = [
    "home", "login", "second-factor", "second-factor-enrol", "second-factor-verify", "token-list",
    "web:variant-list", "web:variant-new", "web:variant-create", "web:variant-detail", "web:variant-edit",
    "web:paytable-compare", "web:submission-list", "web:submission-detail", "web:submission-packet",
    "web:table-list", "web:table-create", "web:table-assign", "web:table-detail", "web:audit-list",
    "web:field-list", "web:version-jurisdictions", "web:decision-record", "web:approval-end",
    "web:run-revoke", "web:approval-matrix", "web:notice-list", "web:regulator-home",
    "web:regulator-certificates", "web:regulator-tables", "web:regulator-notices", "web:verify",
    "web:table-economics", "web:variant-tune", "web:tuning-detail", "web:floor", "web:floor-alarms",
    "web:floor-alarm", "web:floor-statistics", "web:regulator-statistics", "web:surveillance-cases",
]


def problems_on(text: str, language: str) -> list[str]:
    found = [f"English: {english}" for english in english_left(text, language)]
    found += [f"identifier: {found}" for found in identifiers_in(text)]
    return found


def test_every_page_speaks_the_readers_language_in_words(world):
    from django.test import Client

    from tests.support.second_factor import verified_client

    args, queries, readers, default_reader = world
    clients = {None: Client()}
    problems = {}
    # One world, both languages: the records are made once.
    for language, name in ((language, name) for language in LANGUAGES for name in SCANNED):
        user = None if name in ("login", "web:verify") else readers.get(name, default_reader)
        if user not in clients:
            clients[user] = verified_client(Client(), user)
        url = reverse(name, args=args.get(name, ())) + queries.get(name, "")
        response = clients[user].get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200, (url, response.status_code)
        found = problems_on(visible_text(response), language)
        if found:
            problems[f"{language} {url}"] = found
    assert problems == {}, "\n".join(f"{url}: {found}" for url, found in problems.items())


def test_the_scan_finds_identifiers_and_english():
    found = problems_on("empty pays seven_and_half; Special card: kd_first_card", "it")
    assert [p.split(" in ")[0] for p in found] == ["identifier: kd_first_card", "identifier: seven_and_half"]
    assert any(p.startswith("English") for p in problems_on("Revise into a new draft", "it"))
