"""Monthly re-certification: every approved paytable version again, with today's software.

An approval rests on figures computed by one software version. Running the same inputs
(rules snapshot, seed, rounds) through the current version shows whether any figure a
certificate states would now read differently, and says which.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from certification.models import CertificationRun, RunStatus
from certification.services.notifications import notify, variant_owner
from certification.services.runs import certification_run_create

# A job fired twice (a beat restart, a manual run from the admin) creates nothing new
# for an approval re-checked this recently.
QUIET_DAYS = 20


def approving_runs() -> list[CertificationRun]:
    """The run each approved version of an approved (so unretired) variant was approved on."""
    from casino.models import Submission, SubmissionStatus, VariantStatus, VersionStatus

    decisions = (
        Submission.objects.filter(
            status=SubmissionStatus.APPROVED,
            variant__status=VariantStatus.APPROVED,
            paytable_version__status=VersionStatus.APPROVED,
            certification_run__isnull=False,
        )
        .select_related("certification_run")
        .order_by("paytable_version_id", "-decided_at")
    )
    runs: dict[int, CertificationRun] = {}
    for decision in decisions:
        runs.setdefault(decision.paytable_version_id, decision.certification_run)
    return list(runs.values())


def run_dispatch(run_id: int) -> None:
    from casino.celery import app

    app.send_task("certification.run_begin", args=(run_id,))


@transaction.atomic
def recertification_start(*, approving: CertificationRun) -> CertificationRun | None:
    """Queue one re-certification, or None if one is recent (the lock makes that check safe)."""
    approving = CertificationRun.objects.select_for_update().get(pk=approving.pk)
    since = timezone.now() - timezone.timedelta(days=QUIET_DAYS)
    recent = approving.recertifications.filter(created_at__gte=since).exclude(status=RunStatus.FAILED)
    if recent.exists():
        return None
    run = certification_run_create(
        variant=approving.variant, paytable_version=approving.paytable_version, requested_by=None,
        rounds=approving.rounds, seed=int(approving.seed), recertifies=approving,
    )
    transaction.on_commit(lambda: run_dispatch(run.pk))
    return run


def recertify_approved() -> list[CertificationRun]:
    return [run for approving in approving_runs()
            if (run := recertification_start(approving=approving)) is not None]


def figures_moved(before: CertificationRun, after: CertificationRun) -> list[dict]:
    """Every exact figure and verdict that reads differently in ``after``."""
    moved: list[dict] = []
    old_bets = (before.exact or {}).get("bets", {})
    new_bets = (after.exact or {}).get("bets", {})
    for bet in sorted(set(old_bets) | set(new_bets)):
        old, new = old_bets.get(bet), new_bets.get(bet)
        if old is None or new is None:
            moved.append({"bet": bet, "figure": "bet", "before": "present" if old else "absent",
                          "after": "present" if new else "absent"})
            continue
        # The exact fraction decides; the float is listed too because certificates print it.
        for figure, key in (("ev", "ev_fraction"), ("house_edge", "house_edge")):
            if old.get(key) != new.get(key):
                moved.append({"bet": bet, "figure": figure, "before": old.get(key), "after": new.get(key)})
    old_ok = bool((before.verdict or {}).get("approvable"))
    new_ok = bool((after.verdict or {}).get("approvable"))
    if old_ok != new_ok:
        label = {True: "approvable", False: "not approvable"}
        moved.append({"bet": "all", "figure": "verdict", "before": label[old_ok], "after": label[new_ok]})
    return moved


def recertification_conclude(*, run: CertificationRun) -> None:
    """Store the comparison on the finished run and tell the variant's owner."""
    before = run.recertifies
    moved = figures_moved(before, run)
    run.verdict = {
        **(run.verdict or {}),
        "recertification": {"compared_with": before.certificate_number, "moved": moved},
    }
    run.save(update_fields=["verdict"])
    variant = run.variant
    headline = f"{len(moved)} figure(s) moved" if moved else "every figure unchanged"
    lines = [
        f"{variant.name}, paytable v{run.paytable_version.number}, was re-certified as {run} "
        f"with software {run.software_version} (approved on {before}, software {before.software_version}).",
        f"Same rules snapshot, seed {run.seed} and {run.rounds:,} simulated rounds: {headline}.",
    ]
    lines += [f"- {m['bet']}: {m['figure']} {m['before']} -> {m['after']}" for m in moved]
    notify(subject=f"Re-certification {run} of {variant.name}: {headline}",
           body="\n".join(lines), to=variant_owner(variant))


def recertification_failed(*, run: CertificationRun) -> None:
    notify(
        subject=f"Re-certification {run} of {run.variant.name} failed",
        body=f"The scheduled re-certification {run} failed: {run.error}\nRetry it from the run's page.",
        to=variant_owner(run.variant),
    )
