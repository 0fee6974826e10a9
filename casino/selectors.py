"""Reads the views, the API and the workflow share (HackSoft selectors)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _

from casino.models import AuditEvent, PaytableLine, PaytableVersion, Submission
from casino.rules import RuleValidationError
from certification.models import CertificationRun, RunStatus
from certification.services import runs as run_services

# Edits that make someone an author of the evidence, and so unfit to decide on it.
AUTHORING_ACTIONS = (
    "variant.create",
    "variant.update",
    "paytable_version.create",
    "paytable_version.update",
)


def submission_finished_run(submission: Submission) -> CertificationRun | None:
    """The newest finished run whose inputs are exactly this submission's variant and version."""
    snapshot = run_services.rules_snapshot(
        variant=submission.variant, paytable_version=submission.paytable_version
    )
    return (
        CertificationRun.objects.filter(
            variant=submission.variant_id,
            paytable_version=submission.paytable_version_id,
            status=RunStatus.DONE,
            inputs_sha256=run_services.inputs_digest(snapshot),
        )
        # The approval checks read the verdict; the figures stay in the database until asked.
        .defer("rules_snapshot", "exact", "simulation", "randomness")
        .order_by("-finished_at", "-id")
        .first()
    )


def segregation_problem(submission: Submission, actor) -> str | None:
    """Why ``actor`` may not decide on this submission, or None (segregation of duties)."""
    return segregation_problems([submission], actor)[submission.pk]


def segregation_problems(submissions: list[Submission], actor) -> dict[int, str | None]:
    """``segregation_problem`` for many submissions in two queries (a review queue)."""
    variant_ids = {str(s.variant_id) for s in submissions}
    version_ids = {s.paytable_version_id for s in submissions}
    authored = set(
        AuditEvent.objects.filter(actor=actor, action__in=AUTHORING_ACTIONS)
        .filter(
            Q(object_type="GameVariant", object_id__in=variant_ids)
            | Q(object_type="PaytableVersion", object_id__in=[str(v) for v in version_ids])
        )
        .values_list("object_type", "object_id")
    ) if submissions else set()
    # Line history also catches edits made outside the services (admin, shell).
    edited_versions = set(
        PaytableLine.history.filter(version_id__in=version_ids, history_user=actor)
        .values_list("version_id", flat=True)
    ) if submissions else set()
    problems: dict[int, str | None] = {}
    for submission in submissions:
        variant, version = submission.variant, submission.paytable_version
        if actor.pk == submission.submitted_by_id:
            problems[submission.pk] = _("you submitted it")
        elif actor.pk == variant.created_by_id:
            problems[submission.pk] = _("you created the variant")
        elif actor.pk == version.created_by_id:
            problems[submission.pk] = _("you created the paytable version")
        elif (
            ("GameVariant", str(variant.pk)) in authored
            or ("PaytableVersion", str(version.pk)) in authored
            or version.pk in edited_versions
        ):
            problems[submission.pk] = _("you edited the variant or its paytable version")
        else:
            problems[submission.pk] = None
    return problems


_UNKNOWN = object()


def approval_blockers(submission: Submission, actor, *,
                      segregation: str | None | object = _UNKNOWN) -> tuple[str | None, list[dict]]:
    """(reason, blocking figures) that stop ``actor`` approving; (None, []) when nothing does.

    The blocking figures name the bet, the figure and its value, so a reviewer sees exactly
    what stands in the way. ``segregation`` is ``segregation_problem(submission, actor)`` when
    the caller has it already.
    """
    problem = segregation_problem(submission, actor) if segregation is _UNKNOWN else segregation
    if problem:
        return _("segregation of duties: %(problem)s") % {"problem": problem}, []
    run = submission_finished_run(submission)
    if run is None:
        return (
            _("approval needs a finished certification run for this variant and paytable version"),
            [],
        )
    revoked = revoked_certificate(submission, run=run)
    if revoked is not None:
        return _("certificate %(number)s was revoked (%(reason)s): a revoked certificate cannot be approved") % {
            "number": revoked.certificate_number, "reason": revoked.reason}, []
    if not run.approvable:
        return _("certification %(run)s found figures that cannot be approved") % {"run": run}, run.blocking
    return None, []


def revoked_certificate(submission: Submission, *, run: CertificationRun | None | object = _UNKNOWN):
    """The submission's certificate (its newest finished run) when it stands revoked, as its
    ``CertificateStatus`` with ``certificate_number`` and ``reason``; else None."""
    from casino.services.standing import certificate_standing

    run = submission_finished_run(submission) if run is _UNKNOWN else run
    if run is None:
        return None
    standing = certificate_standing(run=run)
    return standing if standing.state == "revoked" else None


class AnalysisDeferred(Exception):
    """The exact figures take minutes: they come from the certification run, not on demand."""


def paytable_version_house_edges(version: PaytableVersion) -> dict[str, Fraction]:
    """Exact house edge per bet for the version on its variant (stored with the version)."""
    from casino.services.figures import paytable_version_figures_get

    figures = paytable_version_figures_get(version=version)
    if figures.deferred is not None:
        raise AnalysisDeferred(figures.deferred)
    return {edge.bet: edge.house_edge for edge in figures.bets}


def paytable_version_compare(*, old: PaytableVersion, new: PaytableVersion) -> dict[str, Any]:
    """Side by side: which payout lines changed and how each bet's house edge moved."""
    before, after = old.payouts, new.payouts
    lines = [
        {"name": name, "old": before.get(name), "new": after.get(name)}
        for name in sorted(set(before) | set(after))
        if before.get(name) != after.get(name)
    ]
    try:
        edges_old, edges_new = paytable_version_house_edges(old), paytable_version_house_edges(new)
    except (RuleValidationError, AnalysisDeferred) as exc:
        return {
            "old": old.pk,
            "new": new.pk,
            "changed": lines,
            "house_edge": {},
            "errors": getattr(exc, "errors", {"house_edge": str(exc)}),
        }
    house_edge = {
        bet: {
            "old": _figure(edges_old.get(bet)),
            "new": _figure(edges_new.get(bet)),
            "change": _figure(edges_new[bet] - edges_old[bet])
            if bet in edges_old and bet in edges_new
            else None,
        }
        for bet in sorted(set(edges_old) | set(edges_new))
    }
    return {"old": old.pk, "new": new.pk, "changed": lines, "house_edge": house_edge}


def _figure(value: Fraction | None) -> dict[str, Any] | None:
    if value is None:
        return None
    return {"exact": f"{value.numerator}/{value.denominator}", "decimal": float(value)}


def audit_trail(obj) -> list[AuditEvent]:
    """The events of ``obj`` as its page's history lists them: what, who, when and why."""
    return list(
        AuditEvent.objects.filter(object_type=type(obj).__name__, object_id=str(obj.pk))
        .select_related("actor")
        # Both sides of each change and the hash chain stay in the database: decoding them was
        # most of the read, and the history shows neither.
        .only("at", "action", "object_type", "object_id", "message", "actor__username")
        .order_by("at", "id")
    )


# A game's life across jurisdictions (reads kept in their own module, re-exported here).
from casino.services.approval_reads import (  # noqa: E402
    EXPIRY_HORIZON_DAYS,
    ApprovalMatrix,
    CertificateStatus,
    MatrixCell,
    MatrixRow,
    approval_matrix,
    approval_matrix_csv,
    approval_rows,
    certificate_status,
    current_decisions,
    expiring_soon,
    recent_notices,
    regulator_state,
    table_regulatory_problem,
)

__all__ = [
    "EXPIRY_HORIZON_DAYS",
    "AnalysisDeferred",
    "ApprovalMatrix",
    "CertificateStatus",
    "MatrixCell",
    "MatrixRow",
    "approval_blockers",
    "approval_matrix",
    "approval_matrix_csv",
    "approval_rows",
    "audit_trail",
    "certificate_status",
    "current_decisions",
    "expiring_soon",
    "paytable_version_compare",
    "paytable_version_house_edges",
    "recent_notices",
    "regulator_state",
    "segregation_problem",
    "segregation_problems",
    "submission_finished_run",
    "table_regulatory_problem",
]
