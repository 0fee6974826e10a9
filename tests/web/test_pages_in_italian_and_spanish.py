"""Pages follow the browser's language or the switcher's cookie, and a page in Italian or
Spanish shows none of our English sentences; English stays the default."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from tests.languages.catalogues import LANGUAGES, sentences

pytestmark = pytest.mark.django_db

TAGS = re.compile(r"<script.*?</script>|<[^>]+>", re.S)


def visible_text(response) -> str:
    body = response.content.decode()
    # Attributes people read (titles, labels, placeholders) count as well as the text.
    attributes = " ".join(re.findall(r'(?:title|aria-label|placeholder)="([^"]*)"', body))
    return " ".join(html.unescape(TAGS.sub(" ", body) + " " + attributes).split())


def english_left(text: str, language: str) -> list[str]:
    return sorted({english for english, _ in sentences(language) if english in text})


@pytest.fixture
def pages(as_user, victor, alice, under_review, approved, draft):
    """Pages of each kind, as the roles that see the most of them."""
    submission = under_review
    officer_pages = [reverse("home"), reverse("web:variant-list"), reverse("web:variant-new"),
                     reverse("web:variant-detail", args=[draft.pk]), reverse("web:variant-edit", args=[draft.pk]),
                     reverse("web:variant-create") + "?preset=sette-e-mezzo",
                     reverse("web:submission-detail", args=[submission.pk]), reverse("web:submission-list")]
    reviewer_admin_pages = [reverse("home"), reverse("web:table-list"), reverse("web:table-create"),
                            reverse("web:approval-matrix"), reverse("web:notice-list"), reverse("web:audit-list"),
                            reverse("web:field-list"),
                            reverse("web:version-jurisdictions", args=[approved.paytable_version_id])]
    return [(alice, url) for url in officer_pages] + [(victor, url) for url in reviewer_admin_pages]


@pytest.mark.parametrize("language", LANGUAGES)
def test_pages_in_the_browsers_language_show_no_english_sentence_of_ours(client, pages, language):
    assert len(sentences(language)) > 200  # the check has something to look for
    for user, url in pages:
        client.force_login(user)
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=f"{language},en;q=0.5")
        assert response.status_code == 200, url
        assert f'<html lang="{language}">' in response.content.decode(), url
        assert english_left(visible_text(response), language) == [], url


def test_english_is_the_default_and_the_check_finds_english(client, alice, draft):
    client.force_login(alice)
    response = client.get(reverse("web:variant-detail", args=[draft.pk]))
    assert '<html lang="en">' in response.content.decode()
    # The same check on the English page finds our sentences: it can fail.
    assert "Revise into a new draft" in english_left(visible_text(response), "it") or \
        len(english_left(visible_text(response), "it")) > 0


def test_the_switcher_is_remembered_over_the_browser_language(client, alice, draft):
    client.force_login(alice)
    page = reverse("web:variant-detail", args=[draft.pk])
    response = client.post(reverse("set_language"), {"language": "es", "next": page},
                           HTTP_ACCEPT_LANGUAGE="it")
    assert response.status_code == 302 and response["Location"] == page
    again = client.get(reverse("web:variant-list"), HTTP_ACCEPT_LANGUAGE="it")
    assert '<html lang="es">' in again.content.decode() and "Nueva variante" in again.content.decode()


def test_the_switcher_names_each_language_in_itself(client, alice):
    client.force_login(alice)
    body = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="it").content.decode()
    for code, name in (("en", "English"), ("it", "Italiano"), ("es", "Español")):
        assert re.search(rf'value="{code}" lang="{code}"[^>]*>{name}</button>', body), name


@pytest.mark.parametrize(("language", "shown"), [("en", "4.3"), ("it", "4,3"), ("es", "4,3")])
def test_percentages_take_the_languages_decimal_sign(client, alice, draft, language, shown):
    client.force_login(alice)
    response = client.get(reverse("web:variant-detail", args=[draft.pk]), HTTP_ACCEPT_LANGUAGE=language)
    edges = re.findall(r'class="num house-edge"><span[^>]*>(-?\d+[.,]\d{4})\xa0%', response.content.decode())
    assert edges, "no house edge on the page"
    assert all(re.fullmatch(r"-?\d+" + re.escape(shown[1]) + r"\d{4}", e) for e in edges), edges
    # The exact fraction beside it is the same in every language.
    assert re.search(r'title="[^"]*: \d+/\d+"', response.content.decode())


def test_a_notice_is_written_in_the_sites_language_whoever_ends_the_approval(
        as_user, rita, version, sierra, alice):
    from casino.models import DecisionStatus, Notice
    from tests.web.regulator_world import decide

    decide(version, sierra, DecisionStatus.SUBMITTED, alice)
    decide(version, sierra, DecisionStatus.APPROVED, alice, reference="SGB-7")
    client = as_user(rita)
    response = client.post(reverse("web:approval-end", args=[version.pk]),
                           {"jurisdiction": sierra.code, "status": "revoked", "reason": "wrong shuffle"},
                           HTTP_ACCEPT_LANGUAGE="it")
    assert response.status_code == 302
    notice = Notice.objects.get()
    assert "approval revoked in" in notice.title and "revocata" not in notice.title


@pytest.mark.parametrize(("language", "label"), [("en", "Done"), ("it", "Completata"), ("es", "Terminada")])
def test_the_run_status_the_script_shows_is_in_the_pages_language(client, alice, under_review, language, label):
    client.force_login(alice)
    status = client.get(reverse("web:submission-status", args=[under_review.pk]),
                        HTTP_ACCEPT_LANGUAGE=language).json()
    assert status["run"]["status"] == "done" and status["run"]["status_label"] == label
    page = client.get(reverse("web:submission-detail", args=[under_review.pk]), HTTP_ACCEPT_LANGUAGE=language)
    assert f'<span id="run-step">{label}' in page.content.decode()


@pytest.fixture
def regulator_home(as_user, alice, adam, sierra, sierra_casino, version, draft):
    """Sierra's regulator, with a version filed and approved there (the matrix has a cell) and
    a table on its floor dealing a version never filed there (the tables page says why not)."""
    from casino.models import DecisionStatus
    from casino.services.regulator_scope import regulator_scope_grant
    from tests.backoffice.factories import UserFactory, make_table
    from tests.web.regulator_world import decide

    decide(version, sierra, DecisionStatus.SUBMITTED, alice)
    decide(version, sierra, DecisionStatus.APPROVED, alice, reference="SGB-7")
    make_table(admin=adam, variant=draft, table_id="S-2", casino_property=sierra_casino)
    sam = UserFactory(username="sam", is_staff=False)
    regulator_scope_grant(user=sam, jurisdictions=[sierra])
    return sam, [reverse("web:regulator-home"), reverse("web:regulator-certificates"),
                 reverse("web:regulator-tables"), reverse("web:regulator-notices")]


@pytest.fixture
def field_trial_page(alice, rita, adam):
    """A trial short of its days and rounds, with one field file: progress, problems, verdicts."""
    import datetime as dt

    from certification.services.field_results import field_results_upload
    from tests.support.field_trials import approved_in_house, field_file, silver_state, start_trial

    silver = silver_state()
    version = approved_in_house(officer=alice, reviewer=rita, jurisdiction=silver).paytable_version
    start_trial(version=version, jurisdiction=silver, admin=adam, age=10)
    field_results_upload(upload=field_file(days=5, first=dt.date.today() - dt.timedelta(days=9)), actor=adam)
    return reverse("web:field-trial", kwargs={"pk": version.pk, "code": silver.code})


def in_language(client, language, url, data=None):
    header = {"HTTP_ACCEPT_LANGUAGE": f"{language},en;q=0.5"}
    response = client.post(url, data, **header) if data is not None else client.get(url, **header)
    assert f'<html lang="{language}">' in response.content.decode(), url
    return response


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_regulators_pages_show_no_english_sentence_of_ours(client, regulator_home, language):
    sam, urls = regulator_home
    client.force_login(sam)
    for url in urls:
        response = in_language(client, language, url)
        assert response.status_code == 200, url
        assert english_left(visible_text(response), language) == [], url
    assert 'data-jurisdiction="sierra" data-status="approved"' in in_language(
        client, language, urls[0]).content.decode()
    # A certificate's state and its standing in each jurisdiction are named in the page's language.
    certificates = in_language(client, language, urls[1]).content.decode()
    assert 'data-state="valid"' in certificates and ">valid<" not in certificates
    assert {"it": "sierra: Approvata", "es": "sierra: Aprobada"}[language] in certificates
    tables = in_language(client, language, urls[2]).content.decode()
    assert 'data-table="S-2"' in tables and 'data-approved="no"' in tables
    assert {"it": "non vi è mai stata depositata", "es": "nunca se presentó allí"}[language] in tables


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_public_check_shows_no_english_sentence_of_ours(client, language):
    from django.core.cache import cache

    cache.clear()  # the public check's allowance counts in the cache
    page = in_language(client, language, reverse("web:verify"))
    assert page.status_code == 200 and english_left(visible_text(page), language) == []
    verdict = in_language(client, language, reverse("web:verify"), {"number": "TC-NONE", "sha256": "0" * 64})
    assert 'id="verdict"' in verdict.content.decode() and 'data-genuine="no"' in verdict.content.decode()
    assert english_left(visible_text(verdict), language) == []
    refused = in_language(client, language, reverse("web:verify"), {"number": "TC-NONE", "sha256": "xyz"})
    assert refused.status_code == 400 and english_left(visible_text(refused), language) == []
    cache.clear()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_field_trial_page_shows_no_english_sentence_of_ours(client, alice, field_trial_page, language):
    client.force_login(alice)
    response = in_language(client, language, field_trial_page)
    body = response.content.decode()
    assert response.status_code == 200 and 'id="trial-short"' in body and 'data-verdict=' in body
    assert english_left(visible_text(response), language) == []
    # What the trial lacks comes from the service, in the reader's language too.
    assert "the field trial runs" not in body.lower()
    assert "5,000" not in body and {"it": "ne richiede 5.000", "es": "requiere 5"}[language] in body


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_security_pages_show_no_english_sentence_of_ours(client, as_user, victor, alice, language):
    from casino.models import TokenScope
    from casino.services.api_tokens import api_token_create

    api_token_create(owner=victor, name="nightly export", scope=TokenScope.READ, second_factor_verified=True)
    as_user(victor)
    for url in (reverse("second-factor"), reverse("second-factor-enrol"), reverse("token-list")):
        response = in_language(client, language, url)
        assert response.status_code == 200, url
        assert english_left(visible_text(response), language) == [], url
    created = in_language(client, language, reverse("token-list"),
                          {"name": "ci", "scope": TokenScope.WRITE, "days": 30})
    assert created.status_code in (200, 302)
    if created.status_code == 302:
        created = in_language(client, language, created["Location"])
    assert 'id="new-token-secret"' in created.content.decode()
    assert english_left(visible_text(created), language) == []
    client.force_login(alice)  # no authenticator yet: the page offers to set one up
    for url in (reverse("second-factor"), reverse("second-factor-enrol")):
        response = in_language(client, language, url)
        assert response.status_code == 200, url
        assert english_left(visible_text(response), language) == [], url
