"""Only an approved, unretired variant with an approved paytable version goes on an active table."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from casino import workflow
from casino.services.errors import WorkflowError
from casino.services.tables import table_configuration_update

from .factories import make_approved, make_table, make_variant

pytestmark = pytest.mark.django_db


@pytest.fixture
def approved(alice, rita):
    return make_approved(officer=alice, reviewer=rita)


def test_a_table_starts_inactive_with_the_family_defaults(adam, approved):
    table = make_table(admin=adam, variant=approved.variant)
    assert table.status == "inactive"
    assert table.bet_limits["ante"]["allowed"] == [3, 5, 10, 25]
    assert table.decks == 1


def test_an_approved_variant_and_version_can_be_activated_and_closed(adam, approved):
    table = make_table(
        admin=adam, variant=approved.variant, shuffling_method="wash,riffle,riffle,box,riffle,cut"
    )
    workflow.table_activate(table=table, actor=adam)
    workflow.table_deactivate(table=table, actor=adam)
    workflow.table_close(table=table, actor=adam)
    table.refresh_from_db()
    assert table.status == "closed"
    with pytest.raises(WorkflowError, match="closed"):
        workflow.table_activate(table=table, actor=adam)


def test_a_draft_variant_cannot_be_played(alice, adam):
    table = make_table(admin=adam, variant=make_variant(actor=alice))
    with pytest.raises(WorkflowError, match="only approved variants"):
        workflow.table_activate(table=table, actor=adam)


def test_a_draft_version_of_an_approved_variant_cannot_be_played(adam, approved):
    draft = workflow.paytable_version_create(paytable=approved.variant.paytable, actor=adam)
    table = make_table(admin=adam, variant=approved.variant, version=draft)
    with pytest.raises(WorkflowError, match="approved paytable version"):
        workflow.table_activate(table=table, actor=adam)


def test_an_active_table_blocks_retirement_until_it_is_closed(adam, rita, approved):
    table = make_table(admin=adam, variant=approved.variant)
    workflow.table_activate(table=table, actor=adam)
    with pytest.raises(WorkflowError, match="T-01"):
        workflow.variant_retire(variant=approved.variant, actor=rita)
    workflow.table_close(table=table, actor=adam)
    workflow.variant_retire(variant=approved.variant, actor=rita)
    with pytest.raises(WorkflowError):
        workflow.table_activate(
            table=make_table(admin=adam, variant=approved.variant, table_id="T-02"), actor=adam
        )


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"seats": 9}, "seats"),
        ({"decks": 2}, "decks"),
        ({"bet_limits": {"ante": {"min": 25, "max": 3}}}, "bet_limits"),
        ({"bet_limits": {"bonus": {"min": 1, "max": 4}}}, "bet_limits"),
        ({"bet_limits": {"ante": {"min": 3, "max": 25, "allowed": [50]}}}, "bet_limits"),
    ],
)
def test_configurations_the_certificate_does_not_cover_are_refused(adam, approved, changes, field):
    table = make_table(admin=adam, variant=approved.variant)
    with pytest.raises(ValidationError) as caught:
        table_configuration_update(table=table, actor=adam, **changes)
    assert field in caught.value.message_dict


def test_a_version_of_another_variant_is_refused(alice, adam, approved):
    other = make_variant(actor=alice, name="other")
    with pytest.raises(ValidationError, match="not a paytable"):
        make_table(admin=adam, variant=approved.variant, version=other.paytable.latest_version)


def test_nine_ten_eleven_limits(alice, rita, adam):
    approved = make_approved(officer=alice, reviewer=rita, preset="nine-ten-eleven")
    table = make_table(admin=adam, variant=approved.variant)
    assert table.bet_limits["main"]["allowed"] == [2, 4]
    assert table.bet_limits["bonus"] == {"min": 1, "max": 4}


def test_only_admins_configure_tables(alice, approved):
    with pytest.raises(PermissionDenied):
        make_table(admin=alice, variant=approved.variant)


def test_penetration_is_a_share_of_the_deck_audited_like_any_setting(adam, approved):
    from casino.models import AuditEvent

    table = make_table(admin=adam, variant=approved.variant)
    assert table.penetration == 0
    table_configuration_update(table=table, actor=adam, penetration=0.5)
    event = AuditEvent.objects.filter(action="table.update", object_id=str(table.pk)).latest("id")
    assert event.before["penetration"] == 0 and event.after["penetration"] == 0.5
    with pytest.raises(ValidationError) as caught:
        table_configuration_update(table=table, actor=adam, penetration=1.0)
    assert "penetration" in caught.value.message_dict


def test_the_api_reads_and_writes_penetration(api, adam, approved):
    client = api(adam)
    body = {"table_id": "API-P", "variant": approved.variant.pk,
            "paytable_version": approved.paytable_version.pk, "penetration": 0.75}
    created = client.post("/api/v1/tables/", body, format="json")
    assert created.status_code == 201 and created.json()["penetration"] == 0.75
    refused = client.post("/api/v1/tables/", {**body, "table_id": "API-Q", "penetration": 2}, format="json")
    assert refused.status_code == 400 and "penetration" in refused.content.decode()
