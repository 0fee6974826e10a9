"""The variant page's rules of play and payout lines in the reader's language: the words the
certificate prints (the documents' catalogue), with no English sentence of the rules left."""

from __future__ import annotations

import pytest
from django.urls import reverse

from casino.rules import PRESETS
from casino.rules.describe import describe_rules
from certification.reports.i18n import say_in
from tests.support.document_english import english_left
from tests.web.test_pages_in_italian_and_spanish import visible_text

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["it", "es"])
def test_the_variant_page_says_the_rules_of_play_in_the_readers_language(client, alice, draft, language):
    client.force_login(alice)
    response = client.get(reverse("web:variant-detail", args=[draft.pk]),
                          HTTP_ACCEPT_LANGUAGE=language)
    text = visible_text(response)
    clauses = describe_rules(PRESETS["sette-e-mezzo"])
    for clause in clauses:
        assert say_in(clause.text, language) in text, clause.title
    assert {"it": "Sette e mezzo reale vincente", "es": "Siete y media real ganadora"}[language] in text
    # Only a reading's quotation of its English source stays.
    left = [s for s in english_left(text, language) if f'"{s}' not in text]
    assert left == []


def test_the_english_page_keeps_the_english_rules(client, alice, draft):
    client.force_login(alice)
    text = visible_text(client.get(reverse("web:variant-detail", args=[draft.pk])))
    assert describe_rules(PRESETS["sette-e-mezzo"])[2].text in text
    assert len(english_left(text, "it")) > 10
