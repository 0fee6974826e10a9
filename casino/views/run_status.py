"""The words of a certification job's status (``certification.models.RunStatus``) on the pages.

The certification app names them in English; pages show them through ``{% translate %}``
with these as the msgids (``tests/languages`` checks every status has its entry here).
"""

from __future__ import annotations

from django.utils.translation import gettext_noop

RUN_STATUS_WORDS = (gettext_noop("Queued"), gettext_noop("Running"), gettext_noop("Done"), gettext_noop("Failed"))
