"""An audit event's action and record in words ("Submission: approval"), in the page's language.

The audit trail stores actions as code writes them (``submission.create``,
``regulator_decision.field_trial``) and records by model class (``CertificationRun``): those
stay in the database, the API and the exports, where tools read them; a page names them here.
An action is its record's word and its event's word; one without an entry (a new action) is
still shown in words, from its own name.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

RECORDS = {
    "api_token": _("API token"),
    "attachment": _("Attachment"),
    "certificate": _("Certificate"),
    "certification_run": _("Certification run"),
    "comment": _("Comment"),
    "field_results": _("Field results"),
    "field_trial": _("Field trial"),
    "jurisdiction": _("Jurisdiction"),
    "notice": _("Notice"),
    "packet": _("Packet"),
    "paytable_version": _("Paytable version"),
    "property": _("Casino property"),
    "protection_audit": _("Game protection audit"),
    "regulator_decision": _("Regulator's decision"),
    "regulator_scope": _("Regulator's access"),
    "regulator_submission": _("Filing with a regulator"),
    "second_factor": _("Second factor"),
    "shuffle_log": _("Shuffle log"),
    "submission": _("Submission"),
    "table": _("Table"),
    "tuning_job": _("Tuning search"),
    "variant": _("Variant"),
}
"""The record an action is about, by the first part of the action's name."""

CLASSES = {
    "ApiToken": "api_token", "Attachment": "attachment", "CasinoProperty": "property",
    "CertificationRun": "certification_run", "FieldUpload": "field_results", "GameVariant": "variant",
    "IssuedReport": "certificate", "Jurisdiction": "jurisdiction", "Notice": "notice", "PacketJob": "packet",
    "PaytableVersion": "paytable_version", "ProtectionAudit": "protection_audit",
    "RegulatorDecision": "regulator_decision", "RegulatorScope": "regulator_scope",
    "RegulatorSubmission": "regulator_submission", "ReviewComment": "comment", "ShuffleLog": "shuffle_log",
    "Submission": "submission", "TableConfiguration": "table", "TuningJob": "tuning_job",
}
"""The record of each audited model class."""

EVENTS = {
    "create": pgettext_lazy("audit event", "creation"),
    "created": pgettext_lazy("audit event", "creation"),
    "update": pgettext_lazy("audit event", "change"),
    "submitted": pgettext_lazy("audit event", "submission"),
    "in_certification": pgettext_lazy("audit event", "certification begun"),
    "under_review": pgettext_lazy("audit event", "sent to review"),
    "approved": pgettext_lazy("audit event", "approval"),
    "rejected": pgettext_lazy("audit event", "rejection"),
    "withdrawn": pgettext_lazy("audit event", "withdrawal"),
    "retired": pgettext_lazy("audit event", "retirement"),
    "revoked": pgettext_lazy("audit event", "revocation"),
    "expired": pgettext_lazy("audit event", "expiry"),
    "superseded": pgettext_lazy("audit event", "superseded"),
    "field_trial": pgettext_lazy("audit event", "field trial"),
    "final_review": pgettext_lazy("audit event", "sent for final approval"),
    "active": pgettext_lazy("audit event", "opened on the floor"),
    "inactive": pgettext_lazy("audit event", "taken off the floor"),
    "closed": pgettext_lazy("audit event", "closed"),
    "start": pgettext_lazy("audit event", "start"),
    "done": pgettext_lazy("audit event", "finished"),
    "fail": pgettext_lazy("audit event", "failure"),
    "failed": pgettext_lazy("audit event", "failure"),
    "draft": pgettext_lazy("audit event", "draft made"),
    "retry": pgettext_lazy("audit event", "retry"),
    "grant": pgettext_lazy("audit event", "granted"),
    "upload": pgettext_lazy("audit event", "upload"),
    "posted": pgettext_lazy("audit event", "posted"),
    "request": pgettext_lazy("audit event", "request"),
    "rendered": pgettext_lazy("audit event", "rendered in another language"),
    "shuffle_certified": pgettext_lazy("audit event", "shuffle certified"),
    "final_approval_request": pgettext_lazy("audit event", "final approval requested"),
    "enrolled": pgettext_lazy("audit event", "authenticator enrolled"),
    "enrolment_failed": pgettext_lazy("audit event", "enrolment refused"),
    "verified": pgettext_lazy("audit event", "code accepted"),
    "recovery_codes": pgettext_lazy("audit event", "new recovery codes"),
}
"""What happened, by the last part of the action's name."""


def _plain(name: str) -> str:
    """A name not listed, as words: ``shuffle_log`` -> "shuffle log", ``FieldDay`` -> "field day"."""
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).replace("_", " ").strip().capitalize()


def record_label(object_type: str) -> str:
    """``CertificationRun`` -> "Certification run", translated."""
    entity = CLASSES.get(object_type)
    return str(RECORDS[entity]) if entity else _plain(object_type)


def action_label(action: str) -> str:
    """``submission.create`` -> "Submission: creation"; ``regulator_decision.approved`` ->
    "Regulator's decision: approval", translated."""
    entity, _dot, event = action.partition(".")
    record = str(RECORDS[entity]) if entity in RECORDS else _plain(entity)
    if not event:
        return record
    said = str(EVENTS[event]) if event in EVENTS else _plain(event).lower()
    return _("%(record)s: %(event)s") % {"record": record, "event": said}
