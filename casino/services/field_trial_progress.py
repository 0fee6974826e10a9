"""How far a field trial has gone: calendar days since it took effect, and the rounds its host
tables dealt (their uploaded field results), against the jurisdiction's minimums.

The regulator's final approval and the request for it are refused on the same grounds.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.db.models import Sum
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from casino.models import RegulatorDecision, TableConfiguration
from certification.models import FieldDay


@dataclass(frozen=True)
class TrialProgress:
    decision: RegulatorDecision
    days_elapsed: int
    days_required: int | None
    ends: dt.date | None
    rounds: int
    min_rounds: int
    problems: list[str] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return not self.problems


def host_tables(decision: RegulatorDecision):
    """The tables at the trial's host property dealing the version."""
    return TableConfiguration.objects.filter(paytable_version_id=decision.submission.paytable_version_id,
                                             casino_property_id=decision.host_property_id)


def trial_days(decision: RegulatorDecision):
    """The field days of the host tables since the trial took effect."""
    days = FieldDay.objects.filter(table__in=host_tables(decision).values("pk"))
    return days.filter(date__gte=decision.effective) if decision.effective else days


def field_trial_progress(*, decision: RegulatorDecision, today: dt.date | None = None) -> TrialProgress:
    """Days and rounds against the jurisdiction's minimums; ``problems`` says what is short."""
    jurisdiction = decision.submission.jurisdiction
    today = today or timezone.localdate()
    required, effective = jurisdiction.field_trial_days, decision.effective
    ends = effective + dt.timedelta(days=required) if required and effective else None
    problems = []
    if ends is not None and today < ends:
        problems.append(_("the field trial runs %(days)s days, until %(ends)s") % {"days": required, "ends": ends})
    rounds = trial_days(decision).aggregate(n=Sum("rounds"))["n"] or 0
    minimum = jurisdiction.field_trial_min_rounds
    if minimum and rounds < minimum:
        problems.append(_("the field results show %(rounds)s rounds; the trial needs %(minimum)s")
                        % {"rounds": number_format(rounds, force_grouping=True),
                           "minimum": number_format(minimum, force_grouping=True)})
    elapsed = max(0, (today - effective).days) if effective else 0
    return TrialProgress(decision, elapsed, required, ends, rounds, minimum, problems)
