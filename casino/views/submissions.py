"""Submissions: the review queue, the evidence page, and every decision on it."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from casino import rule_words, workflow
from casino.forms import DecisionForm, StartCertificationForm
from casino.models import Attachment, ReviewComment, Submission, SubmissionStatus
from casino.permissions import CAN_ATTACH, CAN_COMMENT, CAN_DECIDE, CAN_RUN_CERTIFICATION, has_role
from casino.rules.labels import PARAMETERS
from casino.selectors import (
    approval_blockers,
    audit_trail,
    segregation_problem,
    submission_finished_run,
)
from casino.services.errors import WorkflowError
from casino.services.standing import certificate_standing, submission_badge, submission_badges
from certification.models import CertificationRun, RunStatus

from .access import abilities, page, paginate, readable, role_required, second_factor_required
from .common import workflow_message
from .discussion import AttachmentForm, CommentForm
from .figures import blocking_rows, flat_rows, run_exact_rows, run_simulation_rows
from .fragments import rows_key

ACTIVE_RUN = (RunStatus.QUEUED, RunStatus.RUNNING)


@readable
def submission_list(request: HttpRequest) -> HttpResponse:
    # Only the columns a row shows (see _submission_row): whole rows of four tables cost twice as much.
    submissions = Submission.objects.select_related("variant", "paytable_version", "submitted_by").only(
        "status", "submitted_at", "variant__name", "paytable_version__number", "paytable_version__status",
        "submitted_by__username",
    )
    q = request.GET.get("q", "").strip()
    status = request.GET.get("status", "")
    if q:
        submissions = submissions.filter(Q(variant__name__icontains=q) | Q(submitted_by__username__icontains=q))
    if status in SubmissionStatus.values:
        submissions = submissions.filter(status=status)
    current, query = paginate(request, submissions.order_by("-submitted_at", "-id"))
    badges = submission_badges(current)
    for submission in current:
        submission.badge = badges[submission.pk]
    title = _("Review queue") if status == SubmissionStatus.UNDER_REVIEW else _("Submissions")
    return page(request, "submissions/list.html", {
        "page_obj": current, "query": query, "q": q, "status": status,
        "statuses": SubmissionStatus.choices, "title": title,
        "rows_key": rows_key(current, _submission_row),
    })


def _submission_row(s: Submission) -> tuple:
    # Everything a row of submissions/list.html prints (its status label follows the language).
    return (s.pk, s.variant.name, s.paytable_version.number, str(s.submitted_by),
            s.submitted_at, s.status, s.badge.value)


def latest_run(submission: Submission) -> CertificationRun | None:
    return (
        CertificationRun.objects.filter(
            variant=submission.variant_id, paytable_version=submission.paytable_version_id
        )
        .select_related("revocation")  # where its certificate stands is read with it
        .order_by("-created_at", "-id")
        .first()
    )


@readable
def submission_detail(request: HttpRequest, pk: int) -> HttpResponse:
    submission = get_object_or_404(
        Submission.objects.select_related("variant__jurisdiction", "paytable_version", "submitted_by", "reviewer")
        .prefetch_related("paytable_version__lines")
        # Most submissions have no comment or attachment: asking along with the submission
        # spares the two reads of an empty discussion.
        .annotate(commented=Exists(ReviewComment.objects.filter(submission=OuterRef("pk"))),
                  attached=Exists(Attachment.objects.filter(submission=OuterRef("pk")))),
        pk=pk,
    )
    can = abilities(request.user)
    status = submission.status
    decided = status in (SubmissionStatus.APPROVED, SubmissionStatus.REJECTED)
    # A decision rests on one run; before it, the newest run is the one to follow.
    run = (CertificationRun.objects.select_related("revocation").get(pk=submission.certification_run_id)
           if decided and submission.certification_run_id else latest_run(submission))
    is_open = status in (SubmissionStatus.SUBMITTED, SubmissionStatus.IN_CERTIFICATION, SubmissionStatus.UNDER_REVIEW)
    running = run is not None and run.status in ACTIVE_RUN
    blocker, blocking = None, []
    reject_problem = segregation_problem(submission, request.user) if can.decide and is_open else None
    if can.decide and status == SubmissionStatus.UNDER_REVIEW:
        blocker, blocking = approval_blockers(submission, request.user, segregation=reject_problem)
    verdict = run.verdict if run else None
    # A run is approved only by the approval of the submission it rests on.
    approved = status == SubmissionStatus.APPROVED and run is not None and run.pk == submission.certification_run_id
    certificate = certificate_standing(run=run, approved=approved) if run is not None and run.report else None
    can_start = can.certify and status in (SubmissionStatus.SUBMITTED, SubmissionStatus.IN_CERTIFICATION) and not running
    can_decide, can_reject = can.decide and status == SubmissionStatus.UNDER_REVIEW, can.decide and is_open
    can_comment, can_attach = has_role(request.user, *CAN_COMMENT), has_role(request.user, *CAN_ATTACH)
    return page(request, "submissions/detail.html", {
        "submission": submission, "variant": submission.variant, "version": submission.paytable_version,
        "badge": submission_badge(submission, certificate),
        # The report shown is a draft until the certificate is approved (and says how it stands after).
        "certificate": certificate,
        "payouts": payout_rows(submission.paytable_version.payouts),
        "run": run, "running": running,
        "exact_rows": run_exact_rows(run.exact if run else None),
        "simulation": run.simulation if run else None,
        "simulation_rows": run_simulation_rows(run.simulation if run else None),
        "randomness_rows": flat_rows(run.randomness) if run and run.randomness else [],
        "verdict": verdict,
        "blocking_rows": blocking_rows((verdict or {}).get("blocking", [])),
        "can_start": can_start,
        "can_send_to_review": (
            can.certify and status == SubmissionStatus.IN_CERTIFICATION and not running
            and run is not None and run.status == RunStatus.DONE
        ),
        "can_retry": can.certify and run is not None and run.status == RunStatus.FAILED and is_open,
        "can_decide": can_decide, "can_reject": can_reject,
        "reject_problem": reject_problem,
        "blocker": blocker, "blocking": blocking_rows(blocking),
        # Only the forms this reader may send are built (the page shows no other).
        "start_form": StartCertificationForm() if can_start else None,
        "decision_form": DecisionForm() if can_decide or can_reject else None,
        "trail": audit_trail(submission),
        "comments": submission.comments.select_related("author") if submission.commented else [],
        "attachments": submission.attachments.select_related("uploaded_by") if submission.attached else [],
        "comment_form": CommentForm() if can_comment else None,
        "attachment_form": AttachmentForm() if can_attach else None,
        "can_comment": can_comment, "can_attach": can_attach,
    })


def _act(request: HttpRequest, pk: int, action, success: str, **kwargs) -> HttpResponse:
    submission = get_object_or_404(Submission, pk=pk)
    try:
        with transaction.atomic():
            after = action(submission=submission, actor=request.user, **kwargs)
    except WorkflowError as exc:
        workflow_message(request, exc)
    else:
        if action is workflow.submission_approve and after.status != SubmissionStatus.APPROVED:
            # Approving a revoked certificate ends the submission instead; say why.
            messages.error(request, _("Not approved: the submission ended, %(status)s: %(reason)s") % {
                "status": after.get_status_display().lower(), "reason": after.decision_reason})
        else:
            messages.success(request, success)
    return redirect("web:submission-detail", pk=pk)


@require_POST
@role_required(*CAN_RUN_CERTIFICATION)
def submission_start_certification(request: HttpRequest, pk: int) -> HttpResponse:
    form = StartCertificationForm(request.POST, request.FILES)
    if not form.is_valid():
        _form_problems(request, form.errors)
        return redirect("web:submission-detail", pk=pk)
    try:
        return _act(request, pk, workflow.submission_start_certification,
                    _("Certification queued; a worker picks it up in a moment."), **form.cleaned_data)
    except ValidationError as exc:
        # A bad evidence file: nothing was created, and the message names the line or card.
        _form_problems(request, exc.message_dict)
        return redirect("web:submission-detail", pk=pk)


def _form_problems(request: HttpRequest, errors) -> None:
    labels = {name: field.label for name, field in StartCertificationForm.base_fields.items()}
    for name, problems in errors.items():
        messages.error(request, _("%(field)s: %(problems)s") % {"field": labels.get(name, name),
                                                                 "problems": " ".join(problems)})


@require_POST
@role_required(*CAN_RUN_CERTIFICATION)
def submission_send_to_review(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, workflow.submission_mark_under_review, _("Sent to the reviewers."))


@require_POST
@role_required(*CAN_DECIDE)
@second_factor_required
def submission_approve(request: HttpRequest, pk: int) -> HttpResponse:
    form = DecisionForm(request.POST)
    reason = form.cleaned_data["reason"] if form.is_valid() else ""
    return _act(request, pk, workflow.submission_approve, _("Approved: the variant and its paytable version are locked."), reason=reason)


@require_POST
@role_required(*CAN_DECIDE)
@second_factor_required
def submission_reject(request: HttpRequest, pk: int) -> HttpResponse:
    form = DecisionForm(request.POST)
    reason = form.cleaned_data["reason"] if form.is_valid() else ""
    return _act(request, pk, workflow.submission_reject, _("Rejected, with the reason recorded."), reason=reason)


def submission_progress(submission: Submission) -> dict:
    run = latest_run(submission)
    return {
        "submission_status": submission.status,
        "run": None if run is None else {
            "id": run.pk, "status": run.status, "step": run.step, "progress": run.progress,
            "status_label": _(run.get_status_display()),
            "error": run.error[:300] if run.status == RunStatus.FAILED else "",
        },
        "finished_run": bool(submission_finished_run(submission)) if run and run.status == RunStatus.DONE else False,
    }


def payout_rows(payouts: dict) -> list[tuple[str, object]]:
    """(label, odds) of each paid line, in the rule model's order, named in words."""
    order = list(PARAMETERS)
    paths = sorted((f"payouts.{name}" for name in payouts),
                   key=lambda p: order.index(p) if p in order else len(order))
    return [(rule_words.parameter(path), payouts[path.removeprefix("payouts.")]) for path in paths]
