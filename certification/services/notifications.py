"""Who hears about a finished scheduled job, and the email that tells them.

Mail leaves only after the transaction that recorded the result commits: a rolled-back job
must not announce figures that were never stored.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import EmailMessage
from django.db import transaction

from casino.permissions import Role


def _emails(users: Iterable) -> list[str]:
    return sorted({u.email for u in users if u.email and u.is_active})


def staff_list() -> list[str]:
    return _emails(get_user_model().objects.filter(is_staff=True, is_active=True))


def variant_owner(variant) -> list[str]:
    """The variant's creator; presets have none, so the staff hear instead."""
    owner = variant.created_by
    return _emails([owner]) if owner is not None and owner.email else staff_list()


def table_admins() -> list[str]:
    """Tables carry no owner: the floor's administrators look after every table."""
    admins = get_user_model().objects.filter(
        is_active=True, groups__name=Role.ADMIN
    ) | get_user_model().objects.filter(is_active=True, is_superuser=True)
    return _emails(admins.distinct()) or staff_list()


def notify(
    *, subject: str, body: str, to: list[str], attachment: tuple[str, bytes, str] | None = None
) -> None:
    if not to:
        return

    def send() -> None:
        message = EmailMessage(subject, body, settings.DEFAULT_FROM_EMAIL, to)
        if attachment is not None:
            message.attach(*attachment)
        message.send()

    transaction.on_commit(send)
