"""Server-rendered pages of the back office, one module per area.

Every view checks the role it needs through ``casino.permissions`` before doing anything;
the workflow checks again, so a page and the API can never disagree about who may act.
"""

from .audit import audit_list
from .dashboard import home
from .discussion import attachment_download, attachment_upload, comment_create
from .economics import table_detail, table_economics_edit
from .field_results import field_detail, field_list, field_report
from .packets import packet_download, submission_packet, submission_packet_create
from .paytables import paytable_compare
from .preview import rules_preview
from .protection import variant_protection_start, variant_protection_status
from .runs import run_certificate, run_report_inline, run_retry, run_status
from .submissions import (
    submission_approve,
    submission_detail,
    submission_list,
    submission_reject,
    submission_send_to_review,
    submission_start_certification,
)
from .system import favicon, health, worker_check
from .tables import table_activate, table_assign, table_create, table_deactivate, table_list
from .variants import (
    variant_create,
    variant_detail,
    variant_edit,
    variant_list,
    variant_new,
    variant_revise,
    variant_submit,
)

__all__ = [
    "packet_download",
    "submission_packet",
    "submission_packet_create",
    "variant_protection_start",
    "variant_protection_status",
    "attachment_download",
    "attachment_upload",
    "comment_create",
    "favicon",
    "audit_list",
    "health",
    "home",
    "paytable_compare",
    "rules_preview",
    "run_certificate",
    "run_report_inline",
    "run_retry",
    "run_status",
    "submission_approve",
    "submission_detail",
    "submission_list",
    "submission_reject",
    "submission_send_to_review",
    "submission_start_certification",
    "table_activate",
    "table_assign",
    "table_create",
    "table_deactivate",
    "table_list",
    "variant_create",
    "variant_detail",
    "variant_edit",
    "variant_list",
    "variant_new",
    "variant_revise",
    "variant_submit",
    "worker_check",
    # Economics and field trials
    "field_detail",
    "field_list",
    "field_report",
    "table_detail",
    "table_economics_edit",
]
