"""Find an approvable version: the tuner's form, its job page with progress, and drafts."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from casino.forms.tuning import TuningForm
from casino.models import GameVariant
from casino.permissions import CAN_TUNE
from casino.services.errors import WorkflowError
from certification.models import TuningJob
from certification.services import tuning as tuning_services
from certification.services.tuning_drafts import draft_variant, tuning_suggestion_draft
from certification.services.tuning_requests import default_band, variant_base

from .access import page, readable, role_required
from .common import workflow_message
from .figures import bet_label, edge_figure, percent
from .tuning_chart import Y_FIGURES, edge_chart


@role_required(*CAN_TUNE)
def variant_tune(request: HttpRequest, pk: int) -> HttpResponse:
    variant = get_object_or_404(GameVariant.objects.select_related("jurisdiction"), pk=pk)
    try:
        _base, rules = variant_base(variant)
    except ValidationError:
        messages.error(request, _("The variant's rules do not validate; fix them before tuning."))
        return redirect("web:variant-detail", pk=pk)
    band = default_band(variant.jurisdiction, variant.family, "main")
    form = TuningForm(request.POST or None, rules=rules, band=band)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            job = tuning_services.tuning_job_create(
                variant=variant, actor=request.user, vary=data["vary"], band=data["band"],
                bet=data["bet"], max_changes=data["max_changes"], limit=data["limit"],
            )
        except ValidationError as exc:
            for field, errors in exc.message_dict.items():
                form.add_error(field if field in form.fields else None, errors)
        else:
            messages.success(request, _("The search is running on the workers."))
            return redirect("web:tuning-detail", pk=job.pk)
    return page(request, "tuning/form.html", {"variant": variant, "form": form, "band": band})


def _bet_rows(bets: dict[str, dict[str, Any]], chosen: str) -> list[dict[str, Any]]:
    rows = []
    for name, bet in bets.items():
        rows.append({
            "bet": name, "label": bet_label(name), "chosen": name == chosen,
            "house_edge": edge_figure(bet["house_edge"], _exact(bet["house_edge_fraction"])),
            "element_of_risk": edge_figure(bet["element_of_risk"]),
            "sd": f"{bet['sd']:.4f}", "p_win": percent(bet["p_win"]),
            "average_wager": f"{bet['average_wager']:.4f}",
        })
    return rows


def _exact(text: str) -> str:
    value = Fraction(text)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _suggestion_rows(result: dict[str, Any], chosen: str) -> list[dict[str, Any]]:
    return [
        {"index": i, "number": i + 1, "changes": list(s["changes"].items()),
         "size": len(s["changes"]), "bets": _bet_rows(s["bets"], chosen)}
        for i, s in enumerate(result.get("suggestions") or [])
    ]


@readable
def tuning_detail(request: HttpRequest, pk: int) -> HttpResponse:
    job = get_object_or_404(TuningJob.objects.select_related("variant", "requested_by",
                                                             "paytable_version"), pk=pk)
    spec = job.request
    band = (float(Fraction(spec["band"][0])), float(Fraction(spec["band"][1])))
    context: dict[str, Any] = {
        "job": job, "variant": job.variant, "spec": spec,
        "band": [percent(b) for b in band], "bet_label": bet_label(spec["bet"]),
        "knobs": [(k["key"], ", ".join(k["values"])) for k in spec["knobs"]],
        "bounds": [(bet_label(b), percent(None if lo is None else Fraction(lo)),
                    percent(None if hi is None else Fraction(hi)))
                   for b, (lo, hi) in spec["bounds"].items()],
    }
    result = job.result or {}
    if job.status == "done":
        y = request.GET.get("y", "sd")
        y = y if y in Y_FIGURES else "sd"
        suggestions = _suggestion_rows(result, spec["bet"])
        closest = result.get("closest")
        marked = [";".join(f"{k}={v}" for k, v in s["changes"]) for s in suggestions]
        context.update({
            "result": result, "suggestions": suggestions, "y": y,
            "closest": {"changes": list(closest["changes"].items()),
                        "bets": _bet_rows(closest["bets"], spec["bet"])} if closest else None,
            "chart": edge_chart(result.get("points") or [], band, y, marked),
            "rate": result["evaluated"] / result["seconds"] if result.get("seconds") else None,
        })
    return page(request, "tuning/job.html", context)


@never_cache
@readable
def tuning_status(request: HttpRequest, pk: int) -> JsonResponse:
    job = get_object_or_404(TuningJob, pk=pk)
    return JsonResponse({"status": job.status, "status_label": _(job.get_status_display()),
                         "progress": job.progress, "step": job.step,
                         "evaluated": job.evaluated, "error": job.error[:300]})


@require_POST
@role_required(*CAN_TUNE)
def tuning_draft(request: HttpRequest, pk: int) -> HttpResponse:
    job = get_object_or_404(TuningJob, pk=pk)
    try:
        index = int(request.POST.get("suggestion", ""))
    except ValueError:
        messages.error(request, _("Choose one of the suggestions."))
        return redirect("web:tuning-detail", pk=pk)
    try:
        made = tuning_suggestion_draft(job=job, index=index, actor=request.user)
    except WorkflowError as exc:
        workflow_message(request, exc)
        return redirect("web:tuning-detail", pk=pk)
    except ValidationError as exc:
        messages.error(request, "; ".join(exc.messages))
        return redirect("web:tuning-detail", pk=pk)
    variant = draft_variant(made)
    if made is variant:
        messages.success(request, _("Draft variant “%(variant)s” created from suggestion %(number)s.")
                         % {"variant": variant.name, "number": index + 1})
    else:
        messages.success(request, _("Paytable version %(version)s drafted from suggestion %(number)s.")
                         % {"version": made.number, "number": index + 1})
    return redirect("web:variant-detail", pk=variant.pk)
