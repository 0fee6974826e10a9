"""Ingest tokens for table systems and studios: made for named tables (the secret is printed
once), listed, revoked. An admin does it; every change is audited."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management.base import BaseCommand, CommandError

from casino.management.lifecycle import user_named
from casino.models import IngestToken, TableConfiguration
from casino.services.ingest_tokens import ingest_token_create, ingest_token_revoke


class Command(BaseCommand):
    help = "Make, list or revoke the tokens table systems post rounds with."

    def add_arguments(self, parser):
        sub = parser.add_subparsers(dest="action", required=True)
        make = sub.add_parser("create", help="a token for the named tables (secret printed once)")
        make.add_argument("--name", required=True)
        make.add_argument("--table", action="append", required=True, metavar="ID", dest="tables")
        make.add_argument("--user", required=True, help="the admin making it")
        sub.add_parser("list", help="every token, its tables and whether it is revoked")
        revoke = sub.add_parser("revoke", help="refuse the token from now on")
        revoke.add_argument("prefix", help="the token's first characters, as listed")
        revoke.add_argument("--user", required=True, help="the admin revoking it")

    def handle(self, *args, action: str, **options):
        if action == "list":
            for token in IngestToken.objects.prefetch_related("tables"):
                state = f"revoked {token.revoked_at:%Y-%m-%d %H:%M}" if token.revoked_at else "active"
                tables = ", ".join(t.table_id for t in token.tables.all())
                self.stdout.write(f"{token.prefix}  {token.name}  [{tables}]  {state}")
            return
        actor = user_named(options["user"])
        try:
            if action == "create":
                tables = list(TableConfiguration.objects.filter(table_id__in=options["tables"]))
                missing = sorted(set(options["tables"]) - {t.table_id for t in tables})
                if missing:
                    raise CommandError(f"--table: no table {', '.join(missing)}")
                token, secret = ingest_token_create(actor=actor, name=options["name"], tables=tables)
                self.stdout.write(f"{secret}\n(shown once; post with the header "
                                  f"'Authorization: Bearer <token>' to /api/v1/rounds/)")
            else:
                token = IngestToken.objects.filter(prefix=options["prefix"]).first()
                if token is None:
                    raise CommandError(f"no token starting {options['prefix']!r}")
                ingest_token_revoke(token=token, actor=actor)
                self.stdout.write(f"token {token.prefix} ({token.name}) revoked")
        except (PermissionDenied, ValidationError) as exc:
            raise CommandError(str(exc)) from None
