"""setup_roles makes a regulator of one or more jurisdictions, audited, never staff; a
regulator without a jurisdiction, or a jurisdiction for another role, is refused."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from casino.models import AuditEvent, RegulatorScope
from casino.permissions import Role, roles_of
from casino.services.regulator_scope import scope_of

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = StringIO()
    call_command("setup_roles", *args, stdout=out)
    return out.getvalue()


def test_create_a_regulator_of_two_jurisdictions(sierra, tahoe):
    out = run("--user", "sam", "--role", "regulator", "--jurisdiction", "sierra,tahoe", "--create")
    sam = get_user_model().objects.get(username="sam")
    assert sam.check_password(re.search(r"password '([^']+)'", out).group(1))
    assert roles_of(sam) == {Role.REGULATOR} and not sam.is_staff
    assert scope_of(sam).jurisdiction_ids == {sierra.pk, tahoe.pk}
    grants = AuditEvent.objects.filter(action="regulator_scope.grant").order_by("id")
    assert [g.after["jurisdiction_id"] for g in grants] == [sierra.pk, tahoe.pk]


def test_repeated_options_and_a_second_run_add_without_duplicates(oscar, sierra, tahoe):
    run("--user", "oscar", "--role", "Regulator", "--jurisdiction", "sierra")
    run("--user", "oscar", "--role", "regulator", "--jurisdiction", "sierra", "--jurisdiction", "tahoe")
    assert RegulatorScope.objects.filter(user=oscar).count() == 2
    assert AuditEvent.objects.filter(action="regulator_scope.grant").count() == 2


def test_refusals_change_nothing(oscar, sierra):
    before = (RegulatorScope.objects.count(), AuditEvent.objects.count())
    with pytest.raises(CommandError, match="needs --jurisdiction"):
        run("--user", "oscar", "--role", "regulator")
    with pytest.raises(CommandError, match="'atlantis'; known codes: .*sierra"):
        run("--user", "oscar", "--role", "regulator", "--jurisdiction", "sierra,atlantis")
    with pytest.raises(CommandError, match="with --role regulator only"):
        run("--user", "oscar", "--role", "reviewer", "--jurisdiction", "sierra")
    assert (RegulatorScope.objects.count(), AuditEvent.objects.count()) == before
    assert roles_of(get_user_model().objects.get(pk=oscar.pk)) == set()
