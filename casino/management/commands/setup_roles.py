import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from casino.permissions import Role, roles_setup


def role_named(text: str) -> str:
    """The role a person typed, in any case, with spaces, hyphens or underscores."""
    wanted = " ".join(text.replace("-", " ").replace("_", " ").split()).casefold()
    for role in Role.ALL:
        if role.casefold() == wanted:
            return role
    choices = ", ".join(f'"{role.lower()}"' for role in Role.ALL)
    raise CommandError(f"unknown role {text!r}; choose one of {choices} (any case)")


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

    @transaction.atomic
    def handle(self, *args, user=None, role=None, create=False, email="", **options):
        if bool(user) != bool(role):
            raise CommandError("--user and --role go together")
        if create and not user:
            raise CommandError("--create needs --user and --role")
        role = role_named(role) if role else None
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
        account.groups.add(Group.objects.get(name=role))
        # The admin site only admits staff; every role works there, read-only or not.
        account.is_staff = True
        account.save(update_fields=["is_staff"])
        if password is not None:
            self.stdout.write(f"Created {user!r} as {role}: password {password!r}")
        else:
            self.stdout.write(f"{user} is now {role}")
