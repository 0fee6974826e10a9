"""Every state change of variants, paytable versions, submissions and tables.

Each transition locks the row it changes (``select_for_update``), checks the state it starts
from, the actor's role and segregation of duties, and writes an audit event in the same
transaction, so a change without its audit record cannot exist.
"""

from casino.services.errors import WorkflowError

from .runs import certification_run_retry
from .submissions import (
    submission_approve,
    submission_mark_under_review,
    submission_reject,
    submission_start_certification,
    submission_submit,
)
from .tables import table_activate, table_close, table_deactivate
from .variants import (
    paytable_version_create,
    paytable_version_update,
    variant_retire,
    variant_revise,
)

__all__ = [
    "WorkflowError",
    "certification_run_retry",
    "paytable_version_create",
    "paytable_version_update",
    "submission_approve",
    "submission_mark_under_review",
    "submission_reject",
    "submission_start_certification",
    "submission_submit",
    "table_activate",
    "table_close",
    "table_deactivate",
    "variant_retire",
    "variant_revise",
]
