"""Tables: inactive ↔ active, then closed for good."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from casino.models import TableConfiguration, TableStatus
from casino.permissions import CAN_CONFIGURE_TABLES
from casino.services.approval_reads import floor_errors
from casino.services.errors import WorkflowError, require_role

from .base import set_status_audited


@transaction.atomic
def table_activate(*, table: TableConfiguration, actor) -> TableConfiguration:
    require_role(actor, CAN_CONFIGURE_TABLES, "opening a table")
    table = TableConfiguration.objects.select_for_update().get(pk=table.pk)
    if table.status == TableStatus.CLOSED:
        raise WorkflowError(
            from_state=table.status,
            to_state=TableStatus.ACTIVE,
            reason=_("a closed table stays closed"),
        )
    table.status = TableStatus.ACTIVE
    errors = floor_errors(table)
    if errors:
        raise WorkflowError(
            from_state=TableStatus.INACTIVE,
            to_state=TableStatus.ACTIVE,
            reason="; ".join(errors.values()),
        )
    table.status = TableStatus.INACTIVE
    set_status_audited(table, TableStatus.ACTIVE, actor=actor, action="table.active")
    return table


@transaction.atomic
def table_deactivate(*, table: TableConfiguration, actor) -> TableConfiguration:
    require_role(actor, CAN_CONFIGURE_TABLES, "taking a table off the floor")
    table = TableConfiguration.objects.select_for_update().get(pk=table.pk)
    if table.status != TableStatus.ACTIVE:
        raise WorkflowError(
            from_state=table.status,
            to_state=TableStatus.INACTIVE,
            reason=_("only an active table can be deactivated"),
        )
    set_status_audited(table, TableStatus.INACTIVE, actor=actor, action="table.inactive")
    return table


@transaction.atomic
def table_close(*, table: TableConfiguration, actor) -> TableConfiguration:
    require_role(actor, CAN_CONFIGURE_TABLES, "closing a table")
    table = TableConfiguration.objects.select_for_update().get(pk=table.pk)
    if table.status == TableStatus.CLOSED:
        raise WorkflowError(
            from_state=table.status,
            to_state=TableStatus.CLOSED,
            reason=_("the table is already closed"),
        )
    set_status_audited(table, TableStatus.CLOSED, actor=actor, action="table.closed")
    return table
