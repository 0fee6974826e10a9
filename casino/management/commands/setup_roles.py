from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand, CommandError

from casino.permissions import Role, roles_setup


class Command(BaseCommand):
    help = "Create the role groups (idempotent); optionally give a user a role."

    def add_arguments(self, parser):
        parser.add_argument("--user", help="username to give a role to")
        parser.add_argument("--role", choices=Role.ALL, help="the role to give")

    def handle(self, *args, user=None, role=None, **options):
        groups = roles_setup()
        self.stdout.write("Roles: " + ", ".join(g.name for g in groups))
        if bool(user) != bool(role):
            raise CommandError("--user and --role go together")
        if user:
            try:
                account = get_user_model().objects.get(username=user)
            except get_user_model().DoesNotExist:
                raise CommandError(f"no user named {user!r}") from None
            account.groups.add(Group.objects.get(name=role))
            # The admin site only admits staff; every role works there, read-only or not.
            account.is_staff = True
            account.save(update_fields=["is_staff"])
            self.stdout.write(f"{user} is now {role}")
