"""Field trial results: the uploads, each file's check against theory, the report PDF."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _

from casino.forms.economics import FieldUploadForm
from casino.permissions import CAN_UPLOAD_FIELD_RESULTS, has_role
from certification.models import FieldUpload
from certification.reports.signing import TimestampError
from certification.services.field_results import field_results_upload, field_trial_report

from . import svg
from .access import page, paginate, readable


@readable
def field_list(request: HttpRequest) -> HttpResponse:
    may_upload = has_role(request.user, *CAN_UPLOAD_FIELD_RESULTS)
    form = FieldUploadForm(request.POST or None, request.FILES or None) if may_upload else None
    if request.method == "POST":
        if not may_upload:
            raise PermissionDenied(_("uploading field results needs the role %(roles)s")
                                   % {"roles": _(" or ").join(CAN_UPLOAD_FIELD_RESULTS)})
        if form.is_valid():
            try:
                record = field_results_upload(upload=form.cleaned_data["file"], actor=request.user,
                                              alpha=form.cleaned_data["alpha"])
            except ValidationError as exc:
                for name, problems in exc.message_dict.items():
                    form.add_error(name if name in form.fields else None, "; ".join(problems))
            else:
                messages.success(request, _("Checked %(days)s days of %(tables)s table(s): %(alarms)s alarm(s).")
                                 % {"days": record.days, "tables": record.tables, "alarms": record.alarms})
                return redirect("web:field-detail", pk=record.pk)
    current, query = paginate(request, FieldUpload.objects.select_related("uploaded_by"))
    return page(request, "field/list.html", {"form": form, "page_obj": current, "query": query})


@readable
def field_detail(request: HttpRequest, pk: int) -> HttpResponse:
    upload = get_object_or_404(FieldUpload.objects.select_related("uploaded_by"), pk=pk)
    tables = []
    for name, t in upload.result["tables"].items():
        tables.append({"name": name, "t": t, "hold": f"{t['hold']:.2%}", "theory": f"{t['house_edge']:.2%}",
                       "control": svg.control_chart(t["series"], t["drift"]["first_date"]),
                       "daily": svg.daily_chart(t["series"])})
    return page(request, "field/detail.html", {"upload": upload, "tables": tables,
                                               "result": upload.result})


@readable
def field_report(request: HttpRequest, pk: int) -> HttpResponse:
    upload = get_object_or_404(FieldUpload, pk=pk)
    try:
        pdf = field_trial_report(upload=upload)
    except TimestampError as exc:
        return HttpResponse(f"The report could not be signed: {exc}. Please retry later.",
                            status=503, content_type="text/plain")
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="field-trial-{upload.pk}.pdf"'
    return response
