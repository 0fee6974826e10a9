import importlib

import pytest
from django.apps import apps as django_apps
from django.contrib.auth.models import Group
from django.core.management import call_command

from casino.permissions import Role, has_role, roles_of

from .factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_data_migrations_create_the_role_groups():
    # Run the migration's own function: a transactional test elsewhere may have flushed the rows.
    migration = importlib.import_module("casino.migrations.0003_roles")
    Group.objects.filter(name__in=Role.ALL).delete()
    migration.create_roles(django_apps, None)
    importlib.import_module("casino.migrations.0016_regulator_scopes").create_regulator_role(django_apps, None)
    importlib.import_module("certification.migrations.0013_surveillance_cases").create_surveillance_role(
        django_apps, None)
    assert set(Group.objects.values_list("name", flat=True)) >= set(Role.ALL)


def test_setup_roles_is_idempotent_and_assigns_a_role(oscar):
    call_command("setup_roles", verbosity=0)
    call_command("setup_roles", "--user", "oscar", "--role", Role.AUDITOR, verbosity=0)
    oscar.refresh_from_db()
    assert roles_of(oscar) == {Role.AUDITOR} and oscar.is_staff
    assert Group.objects.filter(name__in=Role.ALL).count() == len(Role.ALL)


def test_personas_have_exactly_their_role(alice, rita, adam, audrey, oscar):
    assert roles_of(alice) == {Role.OFFICER}
    assert roles_of(rita) == {Role.REVIEWER}
    assert roles_of(adam) == {Role.ADMIN}
    assert roles_of(audrey) == {Role.AUDITOR}
    assert roles_of(oscar) == frozenset()


def test_inactive_users_have_no_role(db):
    user = UserFactory(username="gone", roles=[Role.REVIEWER], is_active=False)
    assert not has_role(user, Role.REVIEWER)
