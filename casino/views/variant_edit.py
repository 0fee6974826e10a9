"""Editing a variant's rules (drafts only) and its payouts (always as a draft version)."""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _

from casino.forms import PaytableNoteForm, RuleParametersForm
from casino.models import GameVariant, VariantStatus
from casino.permissions import CAN_AUTHOR_VARIANT, CAN_EDIT_PAYTABLE, has_role
from casino.rules import RuleValidationError
from casino.services.errors import WorkflowError
from casino.services.variants import variant_update
from casino.workflow import paytable_version_create, paytable_version_update

from .access import page, role_required, second_factor_required
from .common import add_rule_errors, split_rules, variant_rules, workflow_message
from .figures import preview_rows, stored_version_rows


def _locked_rule_fields(form: RuleParametersForm) -> None:
    # Submitted rules are what a certificate describes: only the payouts may change, and
    # the server ignores any rule value posted for them.
    for bound in form.rule_fields():
        bound.field.disabled = True


@role_required(*CAN_EDIT_PAYTABLE)
@second_factor_required
def variant_edit(request: HttpRequest, pk: int) -> HttpResponse:
    variant = get_object_or_404(GameVariant.objects.select_related("paytable"), pk=pk)
    if variant.status in (VariantStatus.REJECTED, VariantStatus.RETIRED):
        messages.error(request, _("The variant is %(status)s; revise it into a new draft instead.")
                       % {"status": variant.get_status_display().lower()})
        return redirect("web:variant-detail", pk=pk)
    latest = variant.paytable.latest_version
    current = variant_rules(variant, latest)
    rules_editable = variant.is_editable and has_role(request.user, *CAN_AUTHOR_VARIANT)
    data = request.POST if request.method == "POST" else None
    form = RuleParametersForm(data, family=variant.family, initial_rules=current)
    note = PaytableNoteForm(data)
    if not rules_editable:
        _locked_rule_fields(form)
    if data is not None and form.is_valid() and note.is_valid():
        parameters, payouts = split_rules(form.rules)
        try:
            with transaction.atomic():
                version = _save(variant, latest, parameters, payouts, note.cleaned_data["note"],
                                request.user, rules_editable)
        except RuleValidationError as exc:
            add_rule_errors(form, exc)
        except WorkflowError as exc:
            workflow_message(request, exc)
        else:
            messages.success(request, _("Saved as draft paytable version %(number)s.") % {"number": version.number})
            return redirect("web:variant-detail", pk=pk)
    # After a refused save the live edge prices what was entered; rules that do not
    # validate have no figures (the fields in red say why), never the saved version's.
    shown = form.rules if data is not None else current
    return page(request, "variants/edit.html", {
        "title": _("Edit %(variant)s") % {"variant": variant.name}, "variant": variant, "latest": latest,
        "form": form, "note": note, "family": variant.family, "rules_editable": rules_editable,
        # Unchanged saved rules have their figures stored with the version; edits are previewed.
        "figures": (stored_version_rows(variant, latest) if data is None and current
                    else preview_rows(shown) if shown else []),
        "new_version": latest is None or latest.is_locked,
        "rules_refused": data is not None and form.rules is None,
        "submit_label": (_("Save draft version") if latest is not None and not latest.is_locked
                         else _("Create new draft version")),
    })


def _save(variant, latest, parameters, payouts, note, actor, rules_editable):
    if rules_editable and parameters != variant.parameters:
        # Payouts first: adding a line the new rules need is always valid under the old ones.
        if latest is not None and not latest.is_locked:
            version = paytable_version_update(version=latest, actor=actor, payouts=payouts, note=note)
            variant_update(variant=variant, actor=actor, parameters=parameters)
            return version
        variant_update(variant=variant, actor=actor, parameters=parameters)
    if latest is not None and not latest.is_locked:
        return paytable_version_update(version=latest, actor=actor, payouts=payouts, note=note)
    return paytable_version_create(paytable=variant.paytable, actor=actor, payouts=payouts, note=note)
