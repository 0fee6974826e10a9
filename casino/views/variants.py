"""Variants: list, create from a preset or from scratch, detail, submit and revise."""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.db.models import Exists, OuterRef, Q, prefetch_related_objects
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from casino import rule_words
from casino.forms import RuleParametersForm, VariantMetaForm
from casino.models import (
    OPEN_SUBMISSION_STATUSES,
    GameVariant,
    Jurisdiction,
    PaytableVersion,
    VariantStatus,
)
from casino.permissions import CAN_AUTHOR_VARIANT, CAN_SUBMIT
from casino.rules import (
    FAMILIES,
    NINE_TEN_ELEVEN,
    PRESET_SOURCES,
    PRESETS,
    SEVEN_AND_HALF,
    NineTenElevenRules,
    RuleValidationError,
    SevenHalfRules,
)
from casino.rules.describe import describe_paytable, describe_rules
from casino.services.errors import WorkflowError
from casino.services.standing import (
    submission_badges,
    variant_badges,
    version_and_variant_badges,
)
from casino.services.variants import variant_create as variant_create_service
from casino.workflow import submission_submit
from casino.workflow import variant_revise as variant_revise_service
from certification.models import ProtectionAudit
from certification.services import runs as run_services

from .access import abilities, page, paginate, readable, role_required
from .common import add_rule_errors, split_rules, variant_rules, workflow_message
from .figures import preview_rows, reading_rows, stored_version_rows
from .fragments import kept_fragment, rows_key, shown_key
from .protection import protection_context
from .variant_edit import variant_edit  # noqa: F401  (re-exported for the URLconf)

SCRATCH = {SEVEN_AND_HALF: SevenHalfRules, NINE_TEN_ELEVEN: NineTenElevenRules}
# The columns a row of the variant list shows (see _variant_row).
VARIANT_ROW = ("name", "family", "preset", "status", "updated_at", "jurisdiction__name")


@readable
def variant_list(request: HttpRequest) -> HttpResponse:
    # The list reads only the columns its rows show (half the cost of whole rows): the rule
    # parameters and the rest stay in the database.
    variants = GameVariant.objects.select_related("jurisdiction").only(*VARIANT_ROW).order_by("name", "id")
    q = request.GET.get("q", "").strip()
    status = request.GET.get("status", "")
    family = request.GET.get("family", "")
    if q:
        variants = variants.filter(Q(name__icontains=q) | Q(preset__icontains=q))
    if status in VariantStatus.values:
        variants = variants.filter(status=status)
    if family in FAMILIES:
        variants = variants.filter(family=family)
    current, query = paginate(request, variants)
    badges = variant_badges(current)
    for variant in current:
        variant.badge = badges[variant.pk]
    return page(request, "variants/list.html", {
        "page_obj": current, "query": query, "q": q, "status": status, "family": family,
        "rows_key": rows_key(current, _variant_row),
        "statuses": VariantStatus.choices, "families": [(f, rule_words.family(f)) for f in FAMILIES],
    })


def _variant_row(v: GameVariant) -> tuple:
    # Everything a row of variants/list.html prints (its status label follows the language).
    return v.pk, v.name, v.family, v.preset, str(v.jurisdiction), v.badge.value, v.updated_at


@role_required(*CAN_AUTHOR_VARIANT)
def variant_new(request: HttpRequest) -> HttpResponse:
    presets = [
        {"key": name, "name": rule_words.preset(name), "source": rule_words.said(PRESET_SOURCES[name]),
         "family": rule_words.family(rules.family)}
        for name, rules in PRESETS.items()
    ]
    families = [(f, rule_words.family(f)) for f in FAMILIES]
    return page(request, "variants/new.html", {"presets": presets, "families": families})


def _starting_point(request: HttpRequest):
    preset_name = request.GET.get("preset") or request.POST.get("preset") or ""
    if preset_name:
        if preset_name not in PRESETS:
            raise Http404("no such preset")
        rules = PRESETS[preset_name]
        return preset_name, rules.family, rules
    family = request.GET.get("family") or request.POST.get("family") or ""
    if family not in FAMILIES:
        raise Http404("choose a preset or a family")
    # From scratch starts at the rule model's defaults, so every field shows a legal value.
    return "", family, SCRATCH[family]()


@role_required(*CAN_AUTHOR_VARIANT)
def variant_create(request: HttpRequest) -> HttpResponse:
    preset_name, family, initial_rules = _starting_point(request)
    if request.method == "POST":
        meta = VariantMetaForm(request.POST)
        form = RuleParametersForm(request.POST, family=family)
        # Both forms are checked, so a refused save names every problem and the live edge
        # shows the figures of the rules as entered (not the preset's) when they validate.
        if all([meta.is_valid(), form.is_valid()]):
            parameters, payouts = split_rules(form.rules)
            try:
                variant = variant_create_service(
                    name=meta.cleaned_data["name"], family=family, parameters=parameters,
                    payouts=payouts, jurisdiction=meta.cleaned_data["jurisdiction"],
                    actor=request.user, preset=preset_name,
                )
            except RuleValidationError as exc:
                add_rule_errors(form, exc)
            else:
                messages.success(request, _("Draft variant “%(variant)s” created with paytable version 1.")
                                 % {"variant": variant.name})
                return redirect("web:variant-detail", pk=variant.pk)
    else:
        meta = VariantMetaForm(initial={
            "name": _("%(preset)s (new)") % {"preset": rule_words.preset(preset_name)} if preset_name else "",
            "jurisdiction": Jurisdiction.objects.first(),
        })
        form = RuleParametersForm(family=family, initial_rules=initial_rules)
    shown = form.rules if form.is_bound else initial_rules
    figures = preview_rows(shown) if shown else []
    return page(request, "variants/edit.html", {
        "title": (_("New variant from %(preset)s") % {"preset": rule_words.preset(preset_name)} if preset_name
                  else _("New %(family)s variant") % {"family": rule_words.family(family)}),
        "meta": meta, "form": form, "family": family, "preset": preset_name,
        "rules_editable": True, "figures": figures, "submit_label": _("Create draft variant"),
        "rules_refused": form.is_bound and form.rules is None,
    })


@readable
def variant_detail(request: HttpRequest, pk: int) -> HttpResponse:
    # The variant comes along with its versions (it always has one): the query saved pays for
    # reading where its versions stand.
    versions = list(
        PaytableVersion.objects.filter(paytable__variant=pk)
        .select_related("created_by", "exact_figures", "paytable__variant__jurisdiction",
                        "paytable__variant__created_by").order_by("-number")
        # Most versions were never audited: asking along with them spares reading no audit.
        .annotate(audited=Exists(ProtectionAudit.objects.filter(paytable_version=OuterRef("pk"))))
    )
    variant = versions[0].paytable.variant if versions else get_object_or_404(
        GameVariant.objects.select_related("jurisdiction", "created_by"), pk=pk)
    latest = versions[0] if versions else None
    if latest is not None:
        prefetch_related_objects([latest], "lines")  # its payouts are read twice below
    submissions = list(
        variant.submissions.select_related("submitted_by").order_by("-submitted_at")
    )
    # The versions and submissions name versions of this page's own list: link them in
    # memory rather than joining the same rows again.
    by_id = {v.pk: v for v in versions}
    for v in versions:
        if v.supersedes_id in by_id:
            v.supersedes = by_id[v.supersedes_id]
    for s in submissions:
        if s.paytable_version_id in by_id:
            s.paytable_version = by_id[s.paytable_version_id]
    badges, variant_standing = version_and_variant_badges(variant, versions)
    for v in versions:
        v.badge = badges[v.pk]
    submission_badge = submission_badges(submissions, versions=badges)
    for s in submissions:
        s.badge = submission_badge[s.pk]
    rules = variant_rules(variant, latest)
    can = abilities(request.user)
    open_submission = next((s for s in submissions if s.status in OPEN_SUBMISSION_STATUSES), None)
    submittable = (
        can.submit and latest is not None and latest.status == "draft" and open_submission is None
        and variant.status in (VariantStatus.DRAFT, VariantStatus.APPROVED)
    )

    def body() -> str:
        return render_to_string("variants/detail_body.html", {
            "variant": variant, "versions": versions, "latest": latest, "submissions": submissions,
            "can": can, "clauses": describe_rules(rules) if rules else [],
            "paylines": describe_paytable(rules) if rules else [],
            "figures": stored_version_rows(variant, latest) if rules else [],
            "readings": reading_rows(rules) if rules else [],
        })

    return page(request, "variants/detail.html", {
        "variant": variant, "versions": versions, "latest": latest, "rules": rules,
        "variant_badge": variant_standing,
        "body": kept_fragment("variant-body", _body_key(variant, rules, versions, submissions, can), body),
        "submissions": submissions, "open_submission": open_submission,
        "family_label": rule_words.family(variant.family),
        "submittable": submittable,
        "editable_rules": can.author and variant.is_editable,
        "new_version_allowed": can.edit_paytable and variant.status not in (VariantStatus.REJECTED, VariantStatus.RETIRED),
        "revisable": can.author and variant.status == VariantStatus.REJECTED,
        **protection_context(variant, latest, can.certify, audited=latest is not None and latest.audited),
    })


def _body_key(variant, rules, versions, submissions, can) -> str:
    """What variants/detail_body.html shows: figures, payouts, versions, rules, submissions."""
    latest = versions[0] if versions else None
    # The figures are read from the row stored with the version, and counted again when its
    # rules or the software that counted them differ (services.figures): both are in the key.
    stored = getattr(latest, "exact_figures", None) if latest else None
    figures = (stored.pk, stored.inputs_sha256, stored.software_version, stored.computed_at) if stored else None
    return shown_key(
        variant.pk, variant.provenance, can.tune, rules, figures, run_services.software_version(),
        [(v.pk, v.number, v.supersedes.number if v.supersedes else None, v.status, v.badge.value, v.note,
          str(v.created_by) if v.created_by else None, v.created_at) for v in versions],
        [(s.pk, s.submitted_at, s.paytable_version.number, str(s.submitted_by), s.status, s.badge.value)
         for s in submissions],
    )


@require_POST
@role_required(*CAN_SUBMIT)
def variant_submit(request: HttpRequest, pk: int) -> HttpResponse:
    variant = get_object_or_404(GameVariant, pk=pk)
    latest = variant.paytable.latest_version
    if latest is None:
        messages.error(request, _("The variant has no paytable version to submit."))
        return redirect("web:variant-detail", pk=pk)
    try:
        with transaction.atomic():
            submission = submission_submit(variant=variant, paytable_version=latest, actor=request.user)
    except WorkflowError as exc:
        workflow_message(request, exc)
        return redirect("web:variant-detail", pk=pk)
    except RuleValidationError as exc:
        messages.error(request, _("The variant does not validate: %(problems)s")
                       % {"problems": "; ".join(f"{k}: {v}" for k, v in exc.errors.items())})
        return redirect("web:variant-detail", pk=pk)
    messages.success(request, _("Submitted paytable version %(number)s; start the certification when ready.")
                     % {"number": latest.number})
    return redirect("web:submission-detail", pk=submission.pk)


@require_POST
@role_required(*CAN_AUTHOR_VARIANT)
def variant_revise(request: HttpRequest, pk: int) -> HttpResponse:
    variant = get_object_or_404(GameVariant, pk=pk)
    try:
        with transaction.atomic():
            revision = variant_revise_service(variant=variant, actor=request.user)
    except WorkflowError as exc:
        workflow_message(request, exc)
        return redirect("web:variant-detail", pk=pk)
    messages.success(request, _("A new draft carries the rejected variant's rules; edit it and submit again."))
    return redirect("web:variant-edit", pk=revision.pk)
