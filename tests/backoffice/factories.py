"""Factories for the back office; domain records are made through the services so every
invariant (validation, versions, audit) holds in tests exactly as in production."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from casino import workflow
from casino.models import Jurisdiction, TableConfiguration
from casino.rules import PRESETS, rules_to_dict
from casino.services.tables import table_configuration_create
from casino.services.variants import variant_create
from certification.services import runs as run_services


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@casino.example")
    is_staff = True

    @factory.post_generation
    def roles(self, create, extracted, **kwargs):
        for name in extracted or ():
            self.groups.add(Group.objects.get_or_create(name=name)[0])


class JurisdictionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Jurisdiction
        django_get_or_create = ("code",)

    code = "default"
    name = "Default jurisdiction"
    house_edge_bounds = factory.LazyFunction(
        lambda: {"main": {"min": "0.005", "max": "0.15"}, "*": {"min": "0.005", "max": "0.35"}}
    )


def preset_parts(name: str) -> tuple[str, dict, dict]:
    data = rules_to_dict(PRESETS[name])
    payouts = {k: str(v) for k, v in data.pop("payouts").items() if v is not None}
    return data.pop("family"), data, payouts


def make_variant(
    *,
    actor=None,
    preset: str = "seven-half-casino",
    name: str | None = None,
    jurisdiction=None,
    payouts: dict | None = None,
    **parameters,
):
    family, base, preset_payouts = preset_parts(preset)
    return variant_create(
        name=name or f"{preset} variant",
        family=family,
        parameters={**base, **parameters},
        payouts=preset_payouts if payouts is None else payouts,
        jurisdiction=jurisdiction or JurisdictionFactory(),
        actor=actor,
        preset=preset,
    )


def make_submission(*, officer, variant=None, **kwargs):
    variant = variant or make_variant(actor=officer, **kwargs)
    return workflow.submission_submit(
        variant=variant, paytable_version=variant.paytable.latest_version, actor=officer
    )


def finish_certification(*, submission, actor):
    """Queue, execute (with whatever engine is installed) and finish a run for the submission."""
    run = workflow.submission_start_certification(
        submission=submission, actor=actor, rounds=1000, seed=7
    )
    run_services.certification_run_execute(run=run)
    run.refresh_from_db()
    return run


def make_under_review(*, officer, certifier=None, **kwargs):
    submission = make_submission(officer=officer, **kwargs)
    finish_certification(submission=submission, actor=certifier or officer)
    return workflow.submission_mark_under_review(submission=submission, actor=certifier or officer)


def make_approved(*, officer, reviewer, **kwargs):
    submission = make_under_review(officer=officer, **kwargs)
    return workflow.submission_approve(submission=submission, actor=reviewer)


def make_table(*, admin, variant, version=None, table_id="T-01", **kwargs) -> TableConfiguration:
    return table_configuration_create(
        actor=admin,
        table_id=table_id,
        variant=variant,
        paytable_version=version or variant.paytable.latest_version,
        pit="Pit A",
        **kwargs,
    )
