"""Tables on the floor: what each runs, and assigning an approved paytable version."""

from __future__ import annotations

import copy

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from casino import workflow
from casino.forms import TableAssignForm, TableCreateForm
from casino.models import DEFAULT_LIMITS, TableConfiguration, TableStatus
from casino.permissions import CAN_CONFIGURE_TABLES
from casino.services.errors import WorkflowError
from casino.services.properties import casino_property_create
from casino.services.standing import version_standings
from casino.services.tables import table_configuration_create, table_configuration_update

from .access import page, paginate, readable, role_required
from .common import workflow_message
from .fragments import rows_key
from .protection import table_protection_warnings


def shuffle_status(table: TableConfiguration) -> dict:
    cert = table.shuffle_certification
    if cert is None:
        return {"label": _("Not certified"), "css": "rejected"}
    when = f"{cert.finished_at:%Y-%m-%d}" if cert.finished_at else cert.get_status_display().lower()
    if cert.status == "failed":
        return {"label": _("Shuffle check could not run (%(when)s)") % {"when": when}, "css": "rejected",
                "certification": cert}
    if cert.status != "done" or cert.passed is None:
        return {"label": _("Shuffle check %(when)s") % {"when": when}, "css": "submitted", "certification": cert}
    if cert.passed is False:
        return {"label": _("Failed (%(when)s)") % {"when": when}, "css": "rejected", "certification": cert}
    return {"label": _("Certified (%(when)s)") % {"when": when}, "css": "approved", "certification": cert}


@readable
def table_list(request: HttpRequest) -> HttpResponse:
    tables = TableConfiguration.objects.select_related(
        "variant", "paytable_version", "shuffle_certification", "casino_property__jurisdiction"
    ).only(
        # The list shows names, states and the shuffle verdict (see _table_row and shuffle_status),
        # not the data behind them.
        "table_id", "pit", "seats", "decks", "shuffling_method", "status", "casino_property__name",
        "casino_property__jurisdiction__name", "variant__name", "paytable_version__number",
        "paytable_version__status", "shuffle_certification__status", "shuffle_certification__finished_at",
        "shuffle_certification__passed",
    ).order_by("table_id")
    q = request.GET.get("q", "").strip()
    status = request.GET.get("status", "")
    if q:
        tables = tables.filter(Q(table_id__icontains=q) | Q(pit__icontains=q) | Q(variant__name__icontains=q))
    if status in TableStatus.values:
        tables = tables.filter(status=status)
    current, query = paginate(request, tables)
    standings = version_standings((t.paytable_version_id, t.casino_property.jurisdiction_id) for t in current)
    rows = [{"table": t, "shuffle": shuffle_status(t),
             "standing": standings[(t.paytable_version_id, t.casino_property.jurisdiction_id)]} for t in current]
    return page(request, "tables/list.html", {
        "page_obj": current, "rows": rows, "query": query, "q": q, "status": status,
        "statuses": TableStatus.choices, "rows_key": rows_key(rows, _table_row),
    })


def _table_row(row: dict) -> tuple:
    # Everything a row of tables/rows.html prints for a reader without the row's forms.
    t, shuffle = row["table"], row["shuffle"]
    return (t.pk, t.table_id, t.casino_property.name, t.casino_property.jurisdiction.name, t.pit,
            t.variant_id, t.variant.name, t.paytable_version.number, row["standing"].status,
            t.seats, t.decks, shuffle["label"], shuffle["css"], t.shuffling_method, t.status)


def _form_errors(form, exc: ValidationError, renamed: dict | None = None) -> None:
    for name, problems in exc.message_dict.items():
        target = "paytable_version" if name in ("variant", "status") else (renamed or {}).get(name, name)
        form.add_error(target if target in form.fields else None, "; ".join(problems))


@role_required(*CAN_CONFIGURE_TABLES)
def table_create(request: HttpRequest) -> HttpResponse:
    form = TableCreateForm(request.POST or None)
    warnings = []
    if request.method == "POST" and form.is_valid():
        version = form.cleaned_data["paytable_version"]
        warnings = table_protection_warnings(version=version, **{
            k: form.cleaned_data[k] for k in ("seats", "penetration", "shuffling_method")})
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                place = form.cleaned_data["casino_property"]
                if form.cleaned_data["new_property"]:
                    place = casino_property_create(name=form.cleaned_data["new_property"], actor=request.user,
                                                   jurisdiction=form.cleaned_data["new_property_jurisdiction"])
                table = table_configuration_create(
                    actor=request.user, table_id=form.cleaned_data["table_id"],
                    variant=version.paytable.variant, paytable_version=version,
                    pit=form.cleaned_data["pit"], seats=form.cleaned_data["seats"],
                    shuffling_method=form.cleaned_data["shuffling_method"],
                    penetration=form.cleaned_data["penetration"],
                    casino_property=place,
                )
        except ValidationError as exc:
            _form_errors(form, exc, renamed={"name": "new_property", "jurisdiction": "new_property_jurisdiction"})
        else:
            messages.success(request, _("Table %(table)s configured; open it when ready.") % {"table": table.table_id})
            # A warning, not a refusal: the floor may have reasons (surveillance, a shuffler
            # on order) that the settings cannot show.
            for warning in warnings:
                messages.warning(request, _("Game protection, %(setting)s: %(message)s")
                                 % {"setting": warning.setting, "message": warning.message})
            return redirect("web:table-list")
    return page(request, "tables/form.html", {"form": form, "title": _("New table"),
                                              "protection_warnings": warnings})


@role_required(*CAN_CONFIGURE_TABLES)
def table_assign(request: HttpRequest, pk: int) -> HttpResponse:
    table = get_object_or_404(TableConfiguration.objects.select_related("variant", "paytable_version",
                                                                       "casino_property"), pk=pk)
    form = TableAssignForm(request.POST or None, initial={"paytable_version": table.paytable_version_id,
                                                          "casino_property": table.casino_property_id})
    if request.method == "POST" and form.is_valid():
        version = form.cleaned_data["paytable_version"]
        variant = version.paytable.variant
        changes = {"variant": variant, "paytable_version": version,
                   "decks": variant.parameters.get("decks", 1)}
        if form.cleaned_data["casino_property"] is not None:
            changes["casino_property"] = form.cleaned_data["casino_property"]
        if variant.family != table.variant.family:
            # Bet types differ between families, so the other family's limits cannot carry over.
            changes["bet_limits"] = copy.deepcopy(DEFAULT_LIMITS[variant.family])
        try:
            with transaction.atomic():
                table_configuration_update(table=table, actor=request.user, **changes)
        except ValidationError as exc:
            _form_errors(form, exc)
        else:
            messages.success(request, _("Table %(table)s now runs %(variant)s, paytable v%(number)s.")
                             % {"table": table.table_id, "variant": variant.name, "number": version.number})
            return redirect("web:table-list")
    return page(request, "tables/form.html", {"form": form, "table": table, "title": _("Assign a paytable to %(table)s") % {"table": table.table_id}})


def _transition(request: HttpRequest, pk: int, action, success: str) -> HttpResponse:
    table = get_object_or_404(TableConfiguration, pk=pk)
    try:
        with transaction.atomic():
            action(table=table, actor=request.user)
    except WorkflowError as exc:
        workflow_message(request, exc)
    else:
        messages.success(request, success % {"table": table.table_id})
    return redirect("web:table-list")


@require_POST
@role_required(*CAN_CONFIGURE_TABLES)
def table_activate(request: HttpRequest, pk: int) -> HttpResponse:
    return _transition(request, pk, workflow.table_activate, _("Table %(table)s is open on the floor."))


@require_POST
@role_required(*CAN_CONFIGURE_TABLES)
def table_deactivate(request: HttpRequest, pk: int) -> HttpResponse:
    return _transition(request, pk, workflow.table_deactivate, _("Table %(table)s is off the floor."))
