"""A table's page: its economics under its player mix; the economics form; field pages."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse

from casino.models import AuditEvent
from casino.rules import preset
from certification.economics.analysis import mixed_figures
from certification.economics.mix import PlayerMix
from certification.services.economics import table_figures
from tests.backoffice.factories import make_approved, make_table
from tests.certification.evidence import upload
from tests.certification.test_field_results import field_csv

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(adam, alice, rita, jurisdiction):
    approved = make_approved(officer=alice, reviewer=rita, preset="sette-e-mezzo", name="Sette floor",
                             jurisdiction=jurisdiction)
    return make_table(admin=adam, variant=approved.variant, version=approved.paytable_version)


def test_theoretical_win_follows_the_tables_mix_and_pace(table, adam):
    from casino.services.tables import table_configuration_update

    table = table_configuration_update(table=table, actor=adam, player_mix={"optimal": "0.3", "dealer": "0.7"},
                                       decisions_per_hour=55, occupied_seats=5, average_bet=10)
    figures = table_figures(table=table)
    mixed = mixed_figures(preset("sette-e-mezzo"), PlayerMix.parse("optimal=0.3,dealer=0.7"))
    assert figures.mixed.bets["main"].house_edge == mixed.bets["main"].house_edge
    assert figures.economics.theo_win_per_hour == mixed.bets["main"].house_edge * 10 * 55 * 5
    assert figures.economics.setup.max_bet == Fraction(25)  # the ante's table maximum


def test_the_table_page_shows_economics_with_charts(as_user, audrey, table):
    page = as_user(audrey).get(reverse("web:table-detail", args=[table.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    assert 'data-figure="theo-hour"' in html and html.count("<svg") == 2
    assert "Theoretical win per hour by player mix" in html
    assert "Edit economics" not in html  # an auditor reads, does not edit


def test_an_admin_sets_the_player_mix_and_it_is_audited(as_user, adam, table):
    response = as_user(adam).post(reverse("web:table-economics", args=[table.pk]), {
        "mix_optimal": "20", "mix_dealer": "80", "mix_house_way": "0", "decisions_per_hour": "50",
        "occupied_seats": "4", "average_bet": "12.50", "hours_open": "10", "house_way": "",
    })
    assert response.status_code == 302
    table.refresh_from_db()
    assert PlayerMix.of(table.player_mix).as_dict() == {"optimal": Fraction(1, 5), "dealer": Fraction(4, 5)}
    assert table.occupied_seats == 4 and table.hours_open == 10
    event = AuditEvent.objects.filter(action="table.update").latest("id")
    assert event.actor == adam and event.after["player_mix"] == table.player_mix


@pytest.mark.parametrize(("changes", "field", "message"), [
    ({"mix_optimal": "50", "mix_dealer": "30"}, "mix_optimal", "add up to 80"),
    ({"occupied_seats": "9"}, "occupied_seats", "between 1 and the table's 7 seats"),
    ({"house_way": "{not json"}, "house_way", "not valid JSON"),
    ({"house_way": '{"family": "nine_ten_eleven"}'}, "house_way", "the chart is for family"),
])
def test_bad_economics_are_refused_naming_the_field(as_user, adam, table, changes, field, message):
    data = {"mix_optimal": "100", "mix_dealer": "0", "mix_house_way": "0", "hours_open": "8",
            "house_way": "", **changes}
    response = as_user(adam).post(reverse("web:table-economics", args=[table.pk]), data)
    assert response.status_code == 200
    assert message in " ".join(response.context["form"].errors[field])
    table.refresh_from_db()
    assert table.player_mix == {}


def test_only_admins_edit_economics(as_user, alice, table):
    assert as_user(alice).get(reverse("web:table-economics", args=[table.pk])).status_code == 403


def test_a_field_file_uploaded_on_the_page_is_reported_with_charts(as_user, alice, audrey, table):
    text, day = field_csv(days=30, seen_from=12, tenfold=True)
    response = as_user(alice).post(reverse("web:field-list"), {"file": upload("floor.csv", text),
                                                               "alpha": "0.01"})
    assert response.status_code == 302
    detail = as_user(audrey).get(response["Location"])
    html = detail.content.decode()
    assert 'data-drift="T-01"' in html and html.count("<svg") == 2 and day in html
    table_page = as_user(audrey).get(reverse("web:table-detail", args=[table.pk])).content.decode()
    assert "floor.csv" in table_page
    pdf = as_user(audrey).get(reverse("web:field-report", args=[detail.context["upload"].pk]))
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_a_bad_field_file_on_the_page_names_the_line(as_user, alice, table):
    bad = "date,table,rounds,handle,win\n2025-03-01,T-01,300,1500,20\n2025-03-02,T-01,300,abc,20\n"
    response = as_user(alice).post(reverse("web:field-list"), {"file": upload("bad.csv", bad), "alpha": "0.01"})
    assert response.status_code == 200
    assert "line 3: handle &#x27;abc&#x27; is not a number" in response.content.decode()


def test_an_auditor_sees_field_results_but_cannot_upload(as_user, audrey, table):
    page = as_user(audrey).get(reverse("web:field-list"))
    assert page.status_code == 200 and "Upload a field file" not in page.content.decode()
    refused = as_user(audrey).post(reverse("web:field-list"), {"file": upload("x.csv", "x")})
    assert refused.status_code == 403


def test_a_variant_too_slow_to_count_live_says_so_instead_of_hanging(as_user, alice, audrey, table,
                                                                     monkeypatch):
    from certification.services import economics as service

    # Stands for a variant that opens three times (minutes to count exactly).
    monkeypatch.setattr(service, "slow_analysis_reason", lambda rules: "opening up to 3 times takes minutes")
    html = as_user(audrey).get(reverse("web:table-detail", args=[table.pk])).content.decode()
    assert "opening up to 3 times takes minutes" in html and "economics and fieldcheck commands" in html
    text = "date,table,rounds,handle,win\n2025-03-01,T-01,300,1500,20\n"
    response = as_user(alice).post(reverse("web:field-list"), {"file": upload("s.csv", text), "alpha": "0.01"})
    assert "table T-01: opening up to 3 times takes minutes" in response.content.decode()



@pytest.mark.parametrize("language, words", [
    ("it", ("Con la regola spagnola il mazziere pesca fino a 7 1/2", "nessun bankroll basta")),
    ("es", ("Con la regla española la banca roba hasta 7 1/2", "ningún bankroll basta")),
])
def test_the_engines_notes_for_the_table_page_are_said_in_the_readers_language(language, words, monkeypatch):
    from django.template import Context, Template
    from django.utils import translation

    from certification.economics.analysis import seat_notes
    from certification.economics.table import bankroll

    class Losing:  # a table the house loses at: its law has no adjustment coefficient
        def table_law(self, seats):
            return None

    monkeypatch.setattr("certification.economics.table.adjustment_coefficient", lambda law: None)
    (note,) = seat_notes(preset("siete-y-media"))
    setup = type("Setup", (), {"table_seats": 1, "seats": 1, "max_bet": Fraction(10), "average_bet": Fraction(10),
                               "ruin_probability": 0.01})()
    reason = bankroll(Losing(), setup).reason
    page = Template("{% load rule_words %}{{ note|say }} | {{ reason|say }}")
    with translation.override(language):
        text = page.render(Context({"note": note, "reason": reason}))
    assert all(w in text for w in words) and "Spanish rule" not in text and "in the long run" not in text
