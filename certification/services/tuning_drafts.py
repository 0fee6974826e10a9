"""Drafts made from a tuning job's suggestions, with where they came from."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from casino.models import GameVariant, PaytableVersion, VariantStatus
from casino.permissions import CAN_TUNE
from casino.rules import Rules, rules_to_dict
from casino.rules.labels import setting_label
from casino.services.audit import audit_record
from casino.services.errors import WorkflowError, require_role
from certification.models import RunStatus, TuningJob
from certification.odds.tuner import apply_changes

from .tuning_requests import tuning_request_of, variant_base


def _split(rules: Rules) -> tuple[dict[str, Any], dict[str, Any]]:
    data = rules_to_dict(rules)
    payouts = {k: v for k, v in data.pop("payouts").items() if v is not None}
    data.pop("family")
    return data, payouts


@transaction.atomic
def tuning_suggestion_draft(*, job: TuningJob, index: int, actor) -> GameVariant | PaytableVersion:
    """A draft with suggestion ``index``'s changes, recording where it came from.

    Payout changes to a variant that is still a draft, and unchanged since the search,
    become its next paytable version; anything else becomes a new draft variant. Either way
    the draft's rules are exactly those the search analysed.
    """
    require_role(actor, CAN_TUNE, "drafting a variant from a tuning suggestion")
    job = TuningJob.objects.select_for_update().get(pk=job.pk)
    if job.status != RunStatus.DONE:
        raise WorkflowError(from_state=job.status, to_state="draft",
                            reason="the search has not finished")
    suggestions = (job.result or {}).get("suggestions") or []
    if not isinstance(index, int) or not 0 <= index < len(suggestions):
        raise ValidationError({"suggestion": f"no suggestion {index!r}: this search has "
                                             f"{len(suggestions)} (numbered from 0)"})
    changes = suggestions[index]["changes"]
    request = tuning_request_of(job)
    rules = apply_changes(request.base, list(changes.items()))
    variant = GameVariant.objects.select_for_update().get(pk=job.variant_id)
    provenance = {
        "source_variant": variant.pk, "source_paytable_version": job.paytable_version_id,
        "tuning_job": job.pk, "suggestion": index, "changes": changes,
        "bet": request.bet, "band": job.request["band"],
    }
    # The note a reader sees on the version: the changes in words, not as the tuner writes them.
    described = ", ".join(str(setting_label(k, _typed(v))) for k, v in changes.items()) or "no change"
    parameters, payouts = _split(rules)
    _, current = variant_base(variant)
    payouts_only = all(key.startswith("payouts.") for key in changes)
    if payouts_only and variant.status == VariantStatus.DRAFT and current == request.base:
        from casino.workflow import paytable_version_create

        made: GameVariant | PaytableVersion = paytable_version_create(
            paytable=variant.paytable, actor=actor, payouts=payouts,
            note=f"Tuning {job.pk}, suggestion {index + 1}: {described}"[:500],
            provenance=provenance,
        )
    else:
        from casino.services.variants import variant_create

        made = variant_create(
            name=f"{variant.name[:150]} · tuning {job.pk}.{index + 1}", family=variant.family,
            parameters=parameters, payouts=payouts, jurisdiction=variant.jurisdiction,
            actor=actor, preset=variant.preset, provenance=provenance, roles=CAN_TUNE,
        )
    audit_record(actor=actor, action="tuning_job.draft", obj=job, before=None,
                 after={"made": type(made).__name__, "id": made.pk, "changes": changes},
                 message=described[:500])
    return made


def draft_variant(made: GameVariant | PaytableVersion) -> GameVariant:
    return made if isinstance(made, GameVariant) else made.paytable.variant


def _typed(value: Any) -> Any:
    """A tuner's value as its text says it ("true" is yes), for the note's words."""
    return {"true": True, "false": False}.get(value, value) if isinstance(value, str) else value
