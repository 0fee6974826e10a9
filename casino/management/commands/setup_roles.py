import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from casino.models import Jurisdiction
from casino.permissions import Role, roles_setup
from casino.services.regulator_scope import regulator_scope_grant


def role_named(text: str) -> str:
    """The role a person typed, in any case, with spaces, hyphens or underscores."""
    wanted = " ".join(text.replace("-", " ").replace("_", " ").split()).casefold()
    for role in Role.ALL:
        if role.casefold() == wanted:
            return role
    choices = ", ".join(f'"{role.lower()}"' for role in Role.ALL)
    raise CommandError(f"unknown role {text!r}; choose one of {choices} (any case)")


def jurisdictions_named(values: list[str]) -> list[Jurisdiction]:
    """Jurisdictions by code, from repeated options or comma lists; an unknown code lists the known ones."""
    codes = [code.strip() for value in values for code in value.split(",") if code.strip()]
    found = {j.code: j for j in Jurisdiction.objects.filter(code__in=codes)}
    unknown = [code for code in codes if code not in found]
    if unknown:
        known = ", ".join(Jurisdiction.objects.order_by("code").values_list("code", flat=True)) or "none yet"
        raise CommandError(f"no jurisdiction with code {', '.join(map(repr, unknown))}; known codes: {known}")
    return [found[code] for code in dict.fromkeys(codes)]


class Command(BaseCommand):
    help = (
        "Create the role groups (idempotent); optionally give a user a role, creating the "
        "user with a new random password when --create is given."
    )

    def add_arguments(self, parser):
        parser.add_argument("--user", help="username to give a role to")
        parser.add_argument(
            "--role",
            help="the role to give: " + ", ".join(role.lower() for role in Role.ALL) + " (any case)",
        )
        parser.add_argument(
            "--create",
            action="store_true",
            help="create the user if it does not exist and print its new password",
        )
        parser.add_argument("--email", default="", help="e-mail address of a created user")
        parser.add_argument(
            "--jurisdiction", action="append", default=[],
            help="a regulator's jurisdiction code (repeat it, or give a comma list); needed with "
                 "--role regulator, refused with any other role",
        )

    @transaction.atomic
    def handle(self, *args, user=None, role=None, create=False, email="", jurisdiction=(), **options):
        if bool(user) != bool(role):
            raise CommandError("--user and --role go together")
        if create and not user:
            raise CommandError("--create needs --user and --role")
        role = role_named(role) if role else None
        scopes = jurisdictions_named(list(jurisdiction))
        if role == Role.REGULATOR and not scopes:
            raise CommandError("--role regulator needs --jurisdiction CODE (the jurisdictions it reads)")
        if scopes and role != Role.REGULATOR:
            raise CommandError("--jurisdiction goes with --role regulator only")
        groups = roles_setup()
        self.stdout.write("Roles: " + ", ".join(g.name for g in groups))
        if not user:
            return
        users = get_user_model()
        password = None
        try:
            account = users.objects.get(username=user)
        except users.DoesNotExist:
            if not create:
                raise CommandError(
                    f"no user named {user!r} (add --create to create it with a new password)"
                ) from None
            password = secrets.token_urlsafe(12)
            account = users.objects.create_user(username=user, email=email, password=password)
        if role == Role.REGULATOR:
            # Never staff: the admin site shows every jurisdiction's records.
            regulator_scope_grant(user=account, jurisdictions=scopes)
            role = f"{role} of {', '.join(j.code for j in scopes)}"
        elif role == Role.SURVEILLANCE:
            # Never staff either: the surveillance role reads its cases and rounds, nothing else.
            account.groups.add(Group.objects.get(name=role))
        else:
            account.groups.add(Group.objects.get(name=role))
            # The admin site only admits staff; every back-office role works there, read-only or not.
            account.is_staff = True
            account.save(update_fields=["is_staff"])
        if password is not None:
            self.stdout.write(f"Created {user!r} as {role}: password {password!r}")
        else:
            self.stdout.write(f"{user} is now {role}")
