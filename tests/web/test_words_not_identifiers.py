"""Pages name things in words: an audit event's action and record, a preset, a strategy, a
missing record, a reason; and write probabilities and dates the reader's way."""

from __future__ import annotations

import datetime as dt
import html
import re

import pytest
from django.urls import reverse

from casino.audit_words import action_label, record_label
from casino.models import DecisionStatus
from tests.backoffice.factories import make_table
from tests.web.regulator_world import decide

pytestmark = pytest.mark.django_db


def test_an_action_is_its_record_and_event_in_words():
    assert action_label("submission.create") == "Submission: creation"
    assert action_label("regulator_decision.approved") == "Regulator's decision: approval"
    assert record_label("CertificationRun") == "Certification run"
    # One not listed yet is still words, never the code name.
    assert action_label("shuffle_procedure.rewound") == "Shuffle procedure: rewound"
    assert record_label("FieldDay") == "Field day"


@pytest.mark.parametrize(("language", "said"), [("en", "Submission: creation"), ("it", "Pratica: creazione"),
                                                ("es", "Solicitud: creación")])
def test_a_submissions_history_says_what_happened_in_words(as_user, alice, under_review, language, said):
    body = as_user(alice).get(reverse("web:submission-detail", args=[under_review.pk]),
                              HTTP_ACCEPT_LANGUAGE=language).content.decode()
    trail = body[body.index('class="trail"'):]
    assert said in trail and "submission.create</" not in trail and "<code>submission" not in trail


def test_the_audit_trail_names_actions_and_records_in_words(as_user, audrey, under_review):
    body = as_user(audrey).get(reverse("web:audit-list"), HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Pratica: creazione" in body and re.search(r"<td>Certificazione \d+</td>", body)
    assert ">CertificationRun<" not in body and "<code>submission.create" not in body
    # The code name stays where tools read it, and the search still finds it.
    assert 'data-action="submission.create"' in body
    found = as_user(audrey).get(reverse("web:audit-list") + "?q=submission.create").content.decode()
    assert "Submission: creation" in found


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_missing_record_in_the_api_is_named_in_words(as_user, alice, language):
    response = as_user(alice).get("/api/v1/certification-runs/999999/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 404
    detail = response.json()["detail"]
    assert "CertificationRun" not in detail and "matches the given query" not in detail
    assert detail == {"en": "Certification run: none has this identifier.",
                      "it": "Certificazione: nessuno ha questo identificativo."}[language]


def test_new_variant_offers_presets_by_name_keeping_their_links(as_user, alice):
    body = as_user(alice).get(reverse("web:variant-new"), HTTP_ACCEPT_LANGUAGE="it").content.decode()
    link = re.search(r'<a class="choice" href="[^"]*\?preset=sette-e-mezzo"><strong>([^<]*)</strong>', body)
    assert link and link.group(1) == "Sette e mezzo"
    shown = re.sub(r"<[^>]+>", " ", body)
    assert "sette-e-mezzo" not in shown and "nine_ten_eleven" not in shown


def test_the_variant_list_names_family_and_preset(as_user, alice, draft):
    body = as_user(alice).get(reverse("web:variant-list"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    row = body[body.index("Sette house"):]
    row = row[:row.index("</tr>")]
    assert "Siete y media" in row and "Sette e Mezzo (italiano)" in row
    assert "seven_and_half" not in row and "sette-e-mezzo<" not in row


def test_a_reviewer_who_submitted_reads_why_in_italian(as_user, alice, under_review):
    from casino.permissions import Role
    from tests.backoffice.factories import UserFactory

    alice.groups.add(*UserFactory(username="second-hat", roles=[Role.REVIEWER]).groups.all())
    body = html.unescape(as_user(alice).get(reverse("web:submission-detail", args=[under_review.pk]),
                                            HTTP_ACCEPT_LANGUAGE="it").content.decode())
    assert "separazione dei compiti" in body and "l'hai inviata tu" in body
    assert "you submitted it" not in body


def test_the_table_page_speaks_italian_strategies_methods_charts_and_numbers(as_user, adam, alice, rita,
                                                                                jurisdiction):
    from tests.backoffice.factories import make_approved

    approved = make_approved(officer=alice, reviewer=rita, preset="sette-e-mezzo", name="Sette floor",
                             jurisdiction=jurisdiction)
    table = make_table(admin=adam, variant=approved.variant, version=approved.paytable_version)
    body = as_user(adam).get(reverse("web:table-detail", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="it").content.decode()
    for english in ("optimal", "house way", "Lundberg's inequality", "seats conditionally independent",
                    "Distribution of the table's result", "house wins", "Theoretical win per hour"):
        assert english not in body, english
    assert "gioco ottimale" in body and "disuguaglianza di Lundberg" in body and "la casa vince" in body
    p_day = re.search(r'data-figure="p-day">([^<]*)<', body).group(1)
    assert "." not in p_day and "," in p_day


def test_dates_in_running_text_follow_the_language(as_user, alice, version, sierra):
    expires = dt.date(2031, 12, 28)
    decide(version, sierra, DecisionStatus.SUBMITTED, alice)
    decide(version, sierra, DecisionStatus.APPROVED, alice, reference="SGB-9", expires=expires)
    for language, shown in (("en", "Dec 28, 2031"), ("it", "28 dic 2031"), ("es", "28 dic 2031")):
        body = as_user(alice).get(reverse("web:approval-matrix"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert f'<time datetime="2031-12-28">{shown}</time>' in body, language


def test_a_certificates_standing_per_jurisdiction_is_named_not_coded(as_user, alice, version, sierra,
                                                                      sierra_casino):
    decide(version, sierra, DecisionStatus.SUBMITTED, alice)
    decide(version, sierra, DecisionStatus.FIELD_TRIAL, alice, reference="SGB-FT", host_property=sierra_casino,
           table_limit=1)
    body = as_user(alice).get(reverse("web:version-jurisdictions", args=[version.pk]),
                              HTTP_ACCEPT_LANGUAGE="it").content.decode()
    cell = re.search(r'<span data-jurisdiction="sierra" data-status="field_trial">([^<]*)</span>', body)
    assert cell and cell.group(1) == "Sierra Gaming Board: prova sul campo"
    assert "<code>sierra</code>" not in body and "sierra field_trial" not in body
