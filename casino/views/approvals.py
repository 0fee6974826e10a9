"""The approval matrix (versions by jurisdictions), its CSV export, and the posted notices."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse

from casino.models import DecisionStatus, GameVariant, Jurisdiction, Notice
from casino.selectors import EXPIRY_HORIZON_DAYS, approval_matrix, approval_matrix_csv

from .access import page, paginate, readable


def _filters(request: HttpRequest) -> dict:
    return {
        "jurisdiction": request.GET.get("jurisdiction", "").strip() or None,
        "variant": request.GET.get("variant", "").strip() or None,
        "status": request.GET.get("status", "").strip() or None,
        "expiring": request.GET.get("expiring", "") in ("1", "on", "true", "yes"),
    }


@readable
def approval_matrix_page(request: HttpRequest) -> HttpResponse:
    filters = _filters(request)
    matrix, rows, errors = matrix_rows(filters)
    return page(request, "approvals/matrix.html", {
        "matrix": matrix, "rows": rows, "filters": filters, "errors": errors, "horizon": EXPIRY_HORIZON_DAYS,
        "jurisdictions": Jurisdiction.objects.order_by("name").only("code", "name"),
        "variants": GameVariant.objects.order_by("name", "id").only("name"),
        "statuses": DecisionStatus.choices, "query": request.GET.urlencode(),
    }, status=400 if errors else 200)


@readable
def approval_matrix_export(request: HttpRequest) -> HttpResponse:
    return matrix_csv_response(_filters(request))


def matrix_rows(filters: dict):
    """The matrix for ``filters``, its rows with each cell beside its column (so an empty cell
    still names its jurisdiction), and the filters' errors (field -> messages)."""
    try:
        matrix = approval_matrix(**filters)
    except ValidationError as exc:
        return None, [], exc.message_dict
    rows = [{"row": row, "cells": list(zip(matrix.jurisdictions, row.cells, strict=True))}
            for row in matrix.rows]
    return matrix, rows, {}


def matrix_csv_response(filters: dict) -> HttpResponse:
    """The matrix as a CSV download, or a 400 naming each filter that is wrong."""
    try:
        text = approval_matrix_csv(**filters)
    except ValidationError as exc:
        lines = [f"{name}: {' '.join(problems)}" for name, problems in exc.message_dict.items()]
        return HttpResponse("\n".join(lines), status=400, content_type="text/plain; charset=utf-8")
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="approvals.csv"'
    return response


@readable
def notice_list(request: HttpRequest) -> HttpResponse:
    notices = Notice.objects.select_related("jurisdiction", "paytable_version__paytable__variant")
    current, query = paginate(request, notices)
    return page(request, "approvals/notices.html", {"page_obj": current, "query": query})
