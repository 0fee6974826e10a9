"""The live house-edge preview behind the rule and paytable forms."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from casino.forms import RuleParametersForm
from casino.permissions import CAN_AUTHOR_VARIANT, CAN_EDIT_PAYTABLE
from casino.rules import FAMILIES

from .access import role_required
from .figures import preview_rows


@require_POST
@role_required(*set(CAN_AUTHOR_VARIANT) | set(CAN_EDIT_PAYTABLE))
def rules_preview(request: HttpRequest) -> JsonResponse:
    """Validate the posted rule form and answer with every bet's exact house edge.

    An invalid form is the user's normal state while typing, so it answers 400 with the
    errors per field rather than failing.
    """
    family = request.POST.get("family", "")
    if family not in FAMILIES:
        return JsonResponse(
            {"ok": False, "errors": {"family": [f"must be one of {', '.join(FAMILIES)}"]}}, status=400
        )
    form = RuleParametersForm(request.POST, family=family)
    if not form.is_valid():
        errors = {name: [str(m) for m in messages] for name, messages in form.errors.items()}
        return JsonResponse({"ok": False, "errors": errors}, status=400)
    # The words the script adds to the table, in the request's language.
    labels = {"exact": gettext("exact: %(value)s"), "advantage": gettext("player advantage")}
    return JsonResponse({"ok": True, "bets": preview_rows(form.rules), "labels": labels})
