"""The dashboard and a variant with its live house edge, in Italian and in Spanish: chosen
with the switcher (and remembered from page to page) or by the browser's own language."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from casino.permissions import Role
from tests.backoffice.factories import JurisdictionFactory, UserFactory
from tests.browser.conftest import PASSWORD
from tests.languages.catalogues import sentences
from tests.support.second_factor import enter_code_in_browser, give_device

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EDGE = '#edge-table tr[data-bet="main"] .house-edge'


def english_on(page, language: str) -> list[str]:
    text = page.inner_text("body") + " " + " ".join(
        page.eval_on_selector_all("[title], [aria-label], [placeholder]", """nodes => nodes.map(
            n => [n.title, n.getAttribute('aria-label'), n.placeholder].filter(Boolean).join(' '))"""))
    text = " ".join(text.split())
    return sorted({english for english, _ in sentences(language) if english in text})


def check_variant_page(page, language: str, comma_edge: str) -> None:
    """A variant made from the sette-e-mezzo preset, its payout changed: the live edge follows
    in the page's language."""
    expect(page.locator("html")).to_have_attribute("lang", language)
    page.locator('a.choice[href$="preset=sette-e-mezzo"]').click()
    edge = page.locator(EDGE)
    before = edge.inner_text()
    assert re.fullmatch(r"-?\d+,\d{4}\s%", before), before
    page.locator("#id_payouts__natural").fill("3")
    expect(edge).not_to_have_text(before, timeout=5_000)
    expect(edge).to_have_text(re.compile(r"^-?\d+,\d{4}\s%$"))
    expect(page.locator("#preview-state")).to_have_text(comma_edge)
    assert english_on(page, language) == []


def test_italian_by_the_switcher_is_kept_from_page_to_page(sign_in, shoot):
    JurisdictionFactory()
    page = sign_in(UserFactory(username="ilaria", roles=[Role.OFFICER, Role.ADMIN]))
    page.get_by_role("button", name="Italiano").click()
    expect(page.locator("h1")).to_have_text("Che cosa richiede la tua azione")
    assert english_on(page, "it") == []
    shoot(page, "dashboard-it")
    page.get_by_role("link", name="Nuova variante").first.click()
    check_variant_page(page, "it", "Valori esatti per le regole e i pagamenti inseriti.")
    shoot(page, "variant-live-edge-it")
    page.get_by_role("link", name="Varianti").click()
    expect(page.locator("html")).to_have_attribute("lang", "it")


def test_spanish_from_the_browsers_language(browser, live_server, shoot):
    JurisdictionFactory()
    user = UserFactory(username="esteban", roles=[Role.OFFICER, Role.ADMIN])
    user.set_password(PASSWORD)
    user.save(update_fields=["password"])
    give_device(user)
    context = browser.new_context(locale="es-ES", base_url=live_server.url, viewport={"width": 1360, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto("/accounts/login/")
    page.get_by_label("Nombre de usuario").fill(user.username)
    page.get_by_label("Contraseña").fill(PASSWORD)
    page.get_by_role("button", name="Iniciar sesión").click()
    enter_code_in_browser(page, user)
    page.wait_for_url(f"{live_server.url}/")
    expect(page.locator("h1")).to_have_text("Qué requiere su intervención")
    assert english_on(page, "es") == []
    shoot(page, "dashboard-es")
    page.get_by_role("link", name="Nueva variante").first.click()
    check_variant_page(page, "es", "Cifras exactas para las reglas y los pagos introducidos.")
    shoot(page, "variant-live-edge-es")
    context.close()
