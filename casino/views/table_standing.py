"""Where a table stands with its regulator: why it may not open, or the ended approval that
took it off the floor."""

from __future__ import annotations

from casino.models import AuditEvent, TableConfiguration, TableStatus
from casino.selectors import table_regulatory_problem

# The message approval_end_effects leaves on a table it takes off the floor.
ENDED_APPROVAL_PREFIX = "approval "


def table_standing(table: TableConfiguration) -> dict:
    """``problem``: why the table cannot open (None: it may); ``ended``: the audit event of an
    ended approval that took it off the floor, while it is still off."""
    standing = {"problem": table_regulatory_problem(table), "ended": None, "ended_message": ""}
    if table.status != TableStatus.ACTIVE:
        last_off = (AuditEvent.objects.filter(object_type=type(table).__name__, object_id=str(table.pk),
                                              action="table.inactive")
                    .select_related("actor").order_by("-at", "-id").first())
        if last_off is not None and last_off.message.startswith(ENDED_APPROVAL_PREFIX):
            standing["ended"] = last_off
            # The page ends the sentence itself: a reason typed with its own full stop
            # would otherwise read "...in the register.. Notices".
            standing["ended_message"] = last_off.message.rstrip(" .")
    return standing
