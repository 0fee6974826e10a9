"""Variants are validated through the rule model; every bad field is named."""

import pytest
from django.core.exceptions import PermissionDenied

from casino.models import AuditEvent, GameVariant, ImmutableRecordError
from casino.rules import RuleValidationError
from casino.services.errors import WorkflowError
from casino.services.variants import variant_create, variant_update

from .factories import make_submission, make_variant

pytestmark = pytest.mark.django_db


def test_a_variant_comes_with_a_paytable_and_version_one(alice):
    variant = make_variant(actor=alice)
    version = variant.paytable.latest_version
    assert (variant.status, variant.created_by, version.number, version.status) == (
        "draft",
        alice,
        1,
        "draft",
    )
    assert version.payouts == {"kd_first_card": "3", "win": "1"}
    # Parameters are stored complete, defaults included, so the certificate says everything.
    assert variant.parameters["dealer_stands_at"] == 6 and "payouts" not in variant.parameters
    assert AuditEvent.objects.filter(action="variant.create", object_id=str(variant.pk)).exists()


def test_every_bad_field_is_named(alice, jurisdiction):
    with pytest.raises(RuleValidationError) as caught:
        variant_create(
            name="bad",
            family="seven_and_half",
            jurisdiction=jurisdiction,
            actor=alice,
            parameters={"decks": 99, "ties": "sometimes"},
            payouts={"win": "-1"},
        )
    assert set(caught.value.errors) == {"decks", "ties", "payouts.win"}


def test_payouts_belong_in_the_paytable(alice, jurisdiction):
    with pytest.raises(RuleValidationError) as caught:
        variant_create(
            name="x",
            family="seven_and_half",
            jurisdiction=jurisdiction,
            actor=alice,
            parameters={"payouts": {"win": 1}},
            payouts={},
        )
    assert "parameters.payouts" in caught.value.errors


def test_only_officers_author_variants(rita, jurisdiction):
    with pytest.raises(PermissionDenied):
        make_variant(actor=rita)


def test_a_draft_is_edited_through_the_service_and_audited(alice):
    variant = make_variant(actor=alice)
    variant_update(
        variant=variant, actor=alice, name="renamed", parameters={**variant.parameters, "decks": 2}
    )
    variant.refresh_from_db()
    assert variant.name == "renamed" and variant.parameters["decks"] == 2
    event = AuditEvent.objects.get(action="variant.update")
    assert event.before["name"] != event.after["name"]


def test_a_submitted_variant_is_frozen(alice):
    variant = make_submission(officer=alice).variant
    with pytest.raises(WorkflowError):
        variant_update(variant=variant, actor=alice, name="late change")
    variant.parameters = {**variant.parameters, "decks": 3}
    with pytest.raises(ImmutableRecordError):
        variant.save()
    with pytest.raises(ImmutableRecordError):
        GameVariant.objects.get(pk=variant.pk).delete()
