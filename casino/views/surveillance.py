"""Surveillance pages, for the surveillance role alone: cases, a case, a player, a round."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from casino.api.surveillance import cases_csv
from casino.models import Round, TableConfiguration
from casino.permissions import CAN_SURVEIL
from casino.services.rounds_ingest import round_record
from certification.models import SurveillanceCase, SurveilledPlayer
from certification.models.surveillance import CaseKind, CaseStatus, ClosureReason
from certification.services.surveillance_cases import CaseError, case_annotate, case_close

from .access import page, paginate, role_required

surveillance_only = role_required(*CAN_SURVEIL)


@surveillance_only
def case_list(request: HttpRequest) -> HttpResponse:
    cases = SurveillanceCase.objects.all()
    state = request.GET.get("status", "open")
    if state in CaseStatus.values:
        cases = cases.filter(status=state)
    kind = request.GET.get("kind", "")
    if kind in CaseKind.values:
        cases = cases.filter(kind=kind)
    if request.GET.get("format") == "csv":
        return cases_csv(cases)
    page_obj, params = paginate(request, cases)
    return page(request, "surveillance/cases.html", {
        "page_obj": page_obj, "params": params, "state": state, "kind": kind, "kinds": CaseKind.choices,
        "section": "surveillance"})


@surveillance_only
def case_detail(request: HttpRequest, pk: int) -> HttpResponse:
    # The engine's constants are read here, not at import: the web process starts without
    # the numerical libraries the surveillance engine loads.
    from certification.surveillance.power import PUBLISHED
    from certification.surveillance.sequential import ALPHA, BETA, THETA1

    case = get_object_or_404(SurveillanceCase, pk=pk)
    return page(request, "surveillance/case.html", {
        "case": case, "evidence": case.evidence, "notes": case.notes.select_related("author"),
        "reasons": ClosureReason.choices, "power": list(PUBLISHED.values()), "alpha": ALPHA, "beta": BETA,
        "theta1": THETA1, "section": "surveillance"})


@surveillance_only
@require_POST
def case_note(request: HttpRequest, pk: int) -> HttpResponse:
    case = get_object_or_404(SurveillanceCase, pk=pk)
    try:
        case_annotate(case=case, actor=request.user, text=request.POST.get("text", ""))
        messages.success(request, _("Note added."))
    except CaseError as exc:
        messages.error(request, str(exc))
    return redirect("web:surveillance-case", pk=case.pk)


@surveillance_only
@require_POST
def case_closure(request: HttpRequest, pk: int) -> HttpResponse:
    case = get_object_or_404(SurveillanceCase, pk=pk)
    try:
        case_close(case=case, actor=request.user, reason=request.POST.get("reason", ""),
                   note=request.POST.get("note", ""))
        messages.success(request, _("Case closed."))
    except CaseError as exc:
        messages.error(request, str(exc))
    return redirect("web:surveillance-case", pk=case.pk)


@surveillance_only
def player_detail(request: HttpRequest, player_id: str) -> HttpResponse:
    player = get_object_or_404(SurveilledPlayer, player_id=player_id)
    # A JSON list's membership reads the same on PostgreSQL and SQLite in Python; a player
    # has a handful of cases.
    cases = [c for c in SurveillanceCase.objects.all() if player.player_id in c.players]
    return page(request, "surveillance/player.html", {"player": player, "cases": cases,
                                                      "section": "surveillance"})


@surveillance_only
def round_detail(request: HttpRequest, table_id: str, round_id: str) -> HttpResponse:
    table = get_object_or_404(TableConfiguration, table_id=table_id)
    row = Round.objects.filter(table_id=table.pk, round_id=round_id).first()
    if row is None:
        raise Http404(_("no such round at this table"))
    return page(request, "surveillance/round.html", {"round": round_record(row, table.table_id),
                                                     "section": "surveillance"})

