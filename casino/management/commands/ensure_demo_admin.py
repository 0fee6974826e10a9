import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Create (or reset) the demo administrator and print its credentials."

    def add_arguments(self, parser):
        parser.add_argument("--username", default="admin")

    def handle(self, *args, username: str, **options):
        password = secrets.token_urlsafe(12)
        user, created = get_user_model().objects.get_or_create(
            username=username, defaults={"email": f"{username}@localhost"}
        )
        user.is_staff = True
        user.is_superuser = True
        user.set_password(password)
        user.save()
        self.stdout.write(
            f"Demo administrator {'created' if created else 'reset'}: "
            f"username {username!r}, password {password!r}"
        )
