"""The floor now, its alarms (from notice to closure) and the monthly statistics."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from casino.downloads import stored_file
from casino.permissions import CAN_UPLOAD_FIELD_RESULTS, has_role
from casino.rules.rounds import rounds_to_csv
from casino.services.errors import WorkflowError
from casino.services.regulator_scope import regulated
from casino.services.rounds_ingest import round_record, rounds_for_table
from certification.models import AlarmStatus, FloorAlarm, MonthlyStatistics
from certification.services.floor_alarms import NEXT, floor_alarm_move

from . import svg
from .access import page, paginate, readable
from .regulator_portal import regulator_readable

CAN_HANDLE_ALARMS = CAN_UPLOAD_FIELD_RESULTS
"""Compliance officers and admins act on alarms; reviewers and auditors read them."""
ROUNDS_EXPORT_LIMIT = 50_000


@readable
def floor_page(request: HttpRequest) -> HttpResponse:
    # Imported here: the web process starts without the numerical libraries the checks load.
    from certification.services.floor_page import floor_now

    tables = [{"now": t, "chart": svg.control_chart(t.series, t.drift_date)} for t in floor_now()]
    open_alarms = FloorAlarm.objects.exclude(status=AlarmStatus.CLOSED).select_related("table")[:20]
    return page(request, "floor/floor.html", {"tables": tables, "alarms": open_alarms, "section": "floor"})


@readable
def floor_alarms(request: HttpRequest) -> HttpResponse:
    current, query = paginate(request, FloorAlarm.objects.select_related("table", "changed_by"))
    return page(request, "floor/alarms.html", {"page_obj": current, "query": query, "section": "floor"})


@readable
@require_http_methods(["GET", "HEAD", "POST"])
def floor_alarm(request: HttpRequest, pk: int) -> HttpResponse:
    alarm = get_object_or_404(FloorAlarm.objects.select_related("table", "notice", "changed_by"), pk=pk)
    may_act = has_role(request.user, *CAN_HANDLE_ALARMS)
    error = ""
    if request.method == "POST":
        if not may_act:
            raise PermissionDenied(_("acting on an alarm needs the role of a compliance officer or an admin"))
        try:
            floor_alarm_move(alarm=alarm, to=request.POST.get("to", ""), actor=request.user,
                             reason=request.POST.get("reason", ""))
        except (WorkflowError, ValueError) as exc:
            error = getattr(exc, "reason", str(exc))
        else:
            return redirect("web:floor-alarm", pk=alarm.pk)
    steps = [(s, AlarmStatus(s).label) for s in NEXT[AlarmStatus(alarm.status)]] if may_act else []
    return page(request, "floor/alarm.html", {"alarm": alarm, "steps": steps, "error": error, "section": "floor"},
                status=400 if error else 200)


@readable
def floor_alarm_rounds(request: HttpRequest, pk: int) -> StreamingHttpResponse:
    """The rounds behind the alarm (its table, from the evidence's first day to the alarm's day), as CSV."""
    alarm = get_object_or_404(FloorAlarm.objects.select_related("table"), pk=pk)
    since = dt.datetime.combine(alarm.first_day, dt.time(), dt.UTC)
    until = dt.datetime.combine(alarm.alarm_day + dt.timedelta(days=1), dt.time(), dt.UTC)

    def rows():
        # A header once, then the rounds a thousand at a time (never the whole window in memory).
        batch, first = [], True
        for i, row in enumerate(rounds_for_table(alarm.table, since=since, until=until)):
            if i >= ROUNDS_EXPORT_LIMIT:
                break
            batch.append(round_record(row, alarm.table.table_id))
            if len(batch) == 1000:
                yield _csv_part(batch, first)
                batch, first = [], False
        if batch or first:
            yield _csv_part(batch, first)

    response = StreamingHttpResponse(rows(), content_type="text/csv")
    response["Content-Disposition"] = f'attachment; filename="alarm-{alarm.pk}-rounds.csv"'
    return response


def _csv_part(rounds, header: bool) -> str:
    text = rounds_to_csv(rounds)
    return text if header else text.split("\n", 1)[1]


def _statistics(request: HttpRequest, template: str, section: str) -> HttpResponse:
    reports = regulated(MonthlyStatistics.objects.select_related("casino_property__jurisdiction"), request.user)
    current, query = paginate(request, reports)
    return page(request, template, {"page_obj": current, "query": query, "section": section})


@readable
def floor_statistics(request: HttpRequest) -> HttpResponse:
    return _statistics(request, "floor/statistics.html", "floor")


@regulator_readable
def regulator_statistics(request: HttpRequest) -> HttpResponse:
    return _statistics(request, "floor/statistics.html", "regulator-statistics")


@regulator_readable
def statistics_file(request: HttpRequest, pk: int, kind: str):
    report = get_object_or_404(regulated(MonthlyStatistics.objects.select_related("casino_property"), request.user),
                               pk=pk)
    stem = f"statistics-{report.casino_property_id}-{report.month:%Y-%m}-{report.language}"
    if kind == "pdf":
        return stored_file(report.pdf, what=_("the report"), filename=f"{stem}.pdf",
                           content_type="application/pdf", sha256=report.sha256)
    return stored_file(report.csv, what=_("the report"), filename=f"{stem}.csv", content_type="text/csv",
                       sha256=report.csv_sha256)
