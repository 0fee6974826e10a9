"""A table's rounds on its page: how many are stored, the latest, and a CSV upload."""

from __future__ import annotations

import io

from django.conf import settings
from django.contrib import messages
from django.db.models import Max, Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from casino.models import IngestSource, RoundRollup, TableConfiguration
from casino.permissions import CAN_UPLOAD_FIELD_RESULTS
from casino.rules.rounds import RoundFormatError
from casino.services.rounds_ingest import IngestBusy
from casino.services.rounds_upload import rounds_ingest_csv

from .access import role_required

# Whoever may upload a field trial's results may upload a table's rounds.
CAN_UPLOAD_ROUNDS = CAN_UPLOAD_FIELD_RESULTS


def table_rounds_summary(table: TableConfiguration) -> dict:
    """From the rollups, never the rounds: the page stays quick whatever their number."""
    sums = RoundRollup.objects.filter(table_id=table.pk).aggregate(
        rounds=Sum("rounds"), handle=Sum("handle"), net=Sum("net"), last=Max("last_played_at"))
    return {"rounds": sums["rounds"] or 0, "handle": sums["handle"], "win": -sums["net"] if sums["net"] is not None else None,
            "last": sums["last"]}


@require_POST
@role_required(*CAN_UPLOAD_ROUNDS)
def table_rounds_upload(request: HttpRequest, pk: int) -> HttpResponse:
    table = get_object_or_404(TableConfiguration, pk=pk)
    upload = request.FILES.get("file")
    if upload is None:
        messages.error(request, _("Choose a CSV file of rounds."))
    elif upload.size > settings.TABLECERT_MAX_UPLOAD_BYTES:
        messages.error(request, _("The file is over %(mb)s MB.") % {"mb": settings.TABLECERT_MAX_UPLOAD_BYTES // 2**20})
    else:
        try:
            lines = io.TextIOWrapper(upload.file, encoding="utf-8-sig", newline="")
            result = rounds_ingest_csv(table=table, lines=lines, source=IngestSource.UPLOAD, user=request.user)
        except RoundFormatError as exc:
            messages.error(request, _("Rounds refused, nothing of the batch stored: %(problems)s")
                           % {"problems": "; ".join(str(p) for p in exc.problems[:10])})
        except IngestBusy:
            messages.error(request, _("The database is busy with other batches; upload the file again in a moment."))
        except UnicodeDecodeError:
            messages.error(request, _("The file is not UTF-8 text."))
        else:
            messages.success(request, _("%(posted)s rounds read, %(stored)s stored, %(already)s already stored.")
                             % {"posted": result.posted, "stored": result.stored, "already": result.already_stored})
    return redirect("web:table-detail", pk=table.pk)
