"""setup_roles reads a role as people type it and creates a second user without a shell."""

import re
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from casino.permissions import Role, roles_of

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = StringIO()
    call_command("setup_roles", *args, stdout=out)
    return out.getvalue()


@pytest.mark.parametrize(
    "typed,role",
    [
        ("compliance officer", Role.OFFICER),
        ("Compliance officer", Role.OFFICER),
        ("COMPLIANCE-OFFICER", Role.OFFICER),
        ("compliance_officer", Role.OFFICER),
        ("reviewer", Role.REVIEWER),
        ("Admin", Role.ADMIN),
        ("  auditor ", Role.AUDITOR),
    ],
)
def test_a_role_is_read_in_any_case(oscar, typed, role):
    run("--user", "oscar", "--role", typed)
    oscar.refresh_from_db()
    assert roles_of(oscar) == {role}


def test_an_unknown_role_lists_the_choices(oscar):
    with pytest.raises(CommandError) as error:
        run("--user", "oscar", "--role", "boss")
    message = str(error.value)
    assert "'boss'" in message
    for role in Role.ALL:
        assert f'"{role.lower()}"' in message


def test_create_makes_a_user_with_a_role_and_prints_a_working_password():
    out = run("--user", "rosa", "--role", "reviewer", "--create", "--email", "rosa@example.org")
    password = re.search(r"password '([^']+)'", out).group(1)
    rosa = get_user_model().objects.get(username="rosa")
    assert roles_of(rosa) == {Role.REVIEWER}
    assert rosa.is_staff and not rosa.is_superuser and rosa.email == "rosa@example.org"
    assert rosa.check_password(password)


def test_create_keeps_an_existing_users_password(oscar):
    before = oscar.password
    out = run("--user", "oscar", "--role", "auditor", "--create")
    oscar.refresh_from_db()
    assert oscar.password == before and "password" not in out
    assert roles_of(oscar) == {Role.AUDITOR}


def test_a_missing_user_without_create_says_how_to_create_it():
    with pytest.raises(CommandError, match="--create"):
        run("--user", "nobody", "--role", "reviewer")
    assert not get_user_model().objects.filter(username="nobody").exists()
