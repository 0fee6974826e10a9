"""A regulator's navigation: each item leads to a page of its own (the dashboard of a
regulator is its Approvals page, so it is not offered twice)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_no_two_navigation_items_lead_to_the_same_page(as_user, sierra):
    from casino.services.regulator_scope import regulator_scope_grant
    from tests.backoffice.factories import UserFactory

    sam = UserFactory(username="sam", is_staff=False)
    regulator_scope_grant(user=sam, jurisdictions=[sierra])
    client = as_user(sam)
    body = client.get(reverse("web:regulator-home")).content.decode()
    nav = re.search(r'<nav class="mainnav".*?</nav>', body, re.S).group(0)
    links = re.findall(r'<a href="([^"]+)"[^>]*>([^<]+)</a>', nav)
    assert len(links) >= 4
    landing = {}
    for href, label in links:
        response = client.get(href, follow=True)
        assert response.status_code == 200, href
        landing.setdefault(response.request["PATH_INFO"], []).append(label.strip())
    assert all(len(labels) == 1 for labels in landing.values()), landing
