"""What the lifecycle commands share: finding the user, the jurisdiction, the certificate or
variant named on the command line, and turning the services' refusals into CommandError."""

from __future__ import annotations

import contextlib
import datetime as dt

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management.base import CommandError

from casino.models import GameVariant, Jurisdiction, PaytableVersion, VersionStatus
from casino.services.errors import WorkflowError


def user_named(username: str):
    user = get_user_model().objects.filter(username=username, is_active=True).first()
    if user is None:
        raise CommandError(f"--user: no active user {username!r}")
    return user


def jurisdiction_coded(code: str) -> Jurisdiction:
    found = Jurisdiction.objects.filter(code=code).first()
    if found is None:
        codes = ", ".join(Jurisdiction.objects.order_by("code").values_list("code", flat=True))
        raise CommandError(f"--jurisdiction: no jurisdiction {code!r} (jurisdictions: {codes})")
    return found


def certificate_run(number: str):
    from certification.models import CertificationRun

    run = CertificationRun.objects.filter(certificate_number=number).first() if number else None
    if run is None or not run.issued_reports.exists():
        raise CommandError(f"certificate {number!r} is not in the register")
    return run


def version_named(text: str) -> tuple[PaytableVersion, object | None]:
    """A certificate number (its version and run) or a variant id or name (its newest
    internally approved version, no run named)."""
    from certification.models import CertificationRun

    run = CertificationRun.objects.filter(certificate_number=text).select_related("paytable_version").first()
    if run is not None:
        return run.paytable_version, run
    variant = GameVariant.objects.filter(pk=int(text)).first() if text.isdigit() else None
    variant = variant or GameVariant.objects.filter(name=text).order_by("-id").first()
    if variant is None:
        raise CommandError(f"{text!r} is neither a certificate number nor a variant id or name")
    version = (PaytableVersion.objects.filter(paytable__variant=variant, status=VersionStatus.APPROVED)
               .order_by("-number").first())
    if version is None:
        raise CommandError(f"variant {variant.name} has no internally approved paytable version")
    return version, None


def date_option(name: str, text: str | None) -> dt.date | None:
    if text is None:
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise CommandError(f"--{name}: {text!r} is not a date such as 2026-12-31") from None


def refusal_text(exc: Exception) -> str:
    if isinstance(exc, ValidationError) and hasattr(exc, "error_dict"):
        return "; ".join(f"{field}: {' '.join(messages)}" for field, messages in exc.message_dict.items())
    if isinstance(exc, ValidationError):
        return "; ".join(exc.messages)
    return str(exc)


@contextlib.contextmanager
def refusals_as_command_errors():
    try:
        yield
    except (ValidationError, WorkflowError, PermissionDenied) as exc:
        raise CommandError(refusal_text(exc)) from None
