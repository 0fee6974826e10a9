from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError

from casino.admin.base import RoleAdmin
from casino.permissions import CAN_CONFIGURE_TABLES
from certification.models import (
    CertificationRun,
    ShuffleCertification,
    ShuffleLog,
    SummaryReport,
    TuningJob,
)
from certification.services.evidence import read_upload, shuffle_log_check
from certification.services.shuffle_logs import shuffle_log_upload, table_deck_size


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


class ShuffleLogForm(forms.ModelForm):
    """The file is read and checked here so a bad line is named on the form, not in a 500."""

    upload = forms.FileField(label="Shuffle log (CSV)", help_text="Header shuffle_id,order.")

    class Meta:
        model = ShuffleLog
        fields = ["table"]

    def clean(self):
        data = super().clean()
        table, upload = data.get("table"), data.get("upload")
        if table is not None and upload is not None:
            try:
                evidence = read_upload(upload, field="upload")
                shuffle_log_check(evidence.data, deck_size=table_deck_size(table), field="upload")
            except ValidationError as exc:
                raise ValidationError(exc.message_dict) from None
        return data


@admin.register(ShuffleLog)
class ShuffleLogAdmin(RoleAdmin):
    """Logs are evidence: uploaded through the service, never edited."""

    form = ShuffleLogForm
    add_roles = CAN_CONFIGURE_TABLES
    list_display = ["table", "shuffles", "deck_size", "sha256", "uploaded_by", "uploaded_at"]
    list_filter = ["table"]

    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in ShuffleLog._meta.concrete_fields] if obj else []

    def get_fields(self, request, obj=None):
        return None if obj else ["table", "upload"]

    def save_model(self, request, obj, form, change):
        form.instance = shuffle_log_upload(
            table=form.cleaned_data["table"], upload=form.cleaned_data["upload"], actor=request.user
        )
        obj.pk = form.instance.pk


@admin.register(ShuffleCertification)
class ShuffleCertificationAdmin(RoleAdmin):
    list_display = ["__str__", "table", "status", "passed", "procedure", "finished_at"]
    list_filter = ["status", "passed"]
    readonly_fields = [f.name for f in ShuffleCertification._meta.concrete_fields]


@admin.register(SummaryReport)
class SummaryReportAdmin(RoleAdmin):
    list_display = ["__str__", "tables", "sha256", "created_at"]
    readonly_fields = [f.name for f in SummaryReport._meta.concrete_fields]


@admin.register(TuningJob)
class TuningJobAdmin(RoleAdmin):
    """Read-only: jobs are started from the variant page or the API, and run on the workers."""

    list_display = ["__str__", "variant", "status", "progress", "evaluated", "requested_by",
                    "created_at"]
    list_filter = ["status"]
    readonly_fields = [f.name for f in TuningJob._meta.concrete_fields]
