"""Queries the dashboard and the table pages share."""

from __future__ import annotations

from django.db.models import Exists, OuterRef

from casino.forms.backoffice import approved_versions
from casino.models import TableConfiguration


def approved_versions_off_floor():
    """Approved versions no table runs yet: the admin's next assignments."""
    return approved_versions().exclude(
        Exists(TableConfiguration.objects.filter(paytable_version=OuterRef("pk")))
    )
