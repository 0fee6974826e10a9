"""An audit event's action and record in words (``casino.audit_words``).

    {% load audit_words %}
    {{ event.action|action }}          "Submission: creation" for submission.create
    {{ event.object_type|record }}     "Certification run" for CertificationRun
"""

from __future__ import annotations

from django import template

from casino import audit_words

register = template.Library()

register.filter("action", audit_words.action_label)
register.filter("record", audit_words.record_label)
