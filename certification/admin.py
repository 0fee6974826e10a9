from django.contrib import admin

from casino.admin.base import RoleAdmin
from certification.models import CertificationRun


@admin.register(CertificationRun)
class CertificationRunAdmin(RoleAdmin):
    """Read-only: runs are created by the workflow and filled in by the certification pipeline."""

    list_display = [
        "__str__",
        "variant",
        "paytable_version",
        "status",
        "step",
        "progress",
        "created_at",
    ]
    list_filter = ["status"]
    readonly_fields = [f.name for f in CertificationRun._meta.concrete_fields]
