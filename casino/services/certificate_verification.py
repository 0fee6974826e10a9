"""Anyone's check of a certificate file: is it genuine, and does it stand today?

A file is genuine when its SHA-256 is in the register (``IssuedReport``) under the
certificate number it is presented with. The answer names the status, the game, the version
and where it is approved, and nothing else. An unknown number and a wrong hash answer alike,
from the same single query, so the check cannot be used to list the register.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from casino.models import DecisionStatus, Jurisdiction

from .standing import certificate_standing

SHA256_HEX = re.compile(r"[0-9a-f]{64}")
# Longer than any certificate number the register issues; longer input is simply not found.
NUMBER_MAX_LENGTH = 64


@dataclass(frozen=True)
class PublicVerdict:
    genuine: bool
    status: str | None = None  # draft, valid, superseded, withdrawn, revoked, expired
    game: str | None = None
    version: int | None = None
    # Where it is approved today: [{"code": ..., "name": ...}], by name.
    jurisdictions: list[dict] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {"genuine": self.genuine, "status": self.status, "game": self.game,
                "version": self.version, "jurisdictions": list(self.jurisdictions)}


NOT_GENUINE = PublicVerdict(genuine=False)


def sha256_hex(text: str | None) -> str:
    """A SHA-256 as 64 hex digits (any case, spaces around ignored), or ValidationError on ``sha256``."""
    digest = (text or "").strip().lower()
    if not SHA256_HEX.fullmatch(digest):
        raise ValidationError({"sha256": _("a SHA-256 is 64 hexadecimal digits (0-9, a-f)")})
    return digest


def sha256_of_upload(upload) -> str:
    digest = hashlib.sha256()
    for chunk in upload.chunks():
        digest.update(chunk)
    return digest.hexdigest()


def certificate_verify(*, number: str, sha256: str) -> PublicVerdict:
    """The register's answer for a file presented as certificate ``number`` with hash ``sha256``.

    Raises ValidationError (``sha256``) only for a hash that is not 64 hex digits.
    """
    from certification.models import IssuedReport, ReportKind

    digest = sha256_hex(sha256)
    number = (number or "").strip()
    if not number or len(number) > NUMBER_MAX_LENGTH:
        return NOT_GENUINE
    issued = (IssuedReport.objects.filter(sha256=digest, run__certificate_number=number)
              .select_related("run__variant", "run__paytable_version", "run__revocation")
              .only("kind", "run__id", "run__certificate_number", "run__paytable_version_id",
                    "run__variant__name", "run__paytable_version__number", "run__revocation")
              .first())
    if issued is None:
        return NOT_GENUINE
    run = issued.run
    game, version = run.variant.name, run.paytable_version.number
    # A draft file is genuine, but it is not a certificate: it says draft unless it was revoked.
    status = certificate_standing(run=run, document_kind=issued.kind)
    codes = [s.jurisdiction for s in status.jurisdictions if s.status == DecisionStatus.APPROVED] \
        if status.valid and issued.kind == ReportKind.APPROVED else []
    places = [{"code": j.code, "name": j.name}
              for j in Jurisdiction.objects.filter(code__in=codes).order_by("name").only("code", "name")]
    return PublicVerdict(True, status.state, game, version, places)
