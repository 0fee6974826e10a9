"""What a certificate file claims to be: its hash and the certificate number it carries.

The claim is read from the PDF's metadata, which anyone can edit; it only says which register
entry to compare the file's SHA-256 against. The register, not the file, is the authority.
"""

from __future__ import annotations

import hashlib
import io
import re
from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.errors import PdfReadError

from .canvas import META_CERTIFICATE, META_STATUS


class NotACertificateError(ValueError):
    """The file is not a PDF, or carries no certificate number."""


@dataclass(frozen=True)
class Claim:
    certificate_number: str
    status: str | None


def sha256_of(pdf_bytes: bytes) -> str:
    return hashlib.sha256(pdf_bytes).hexdigest()


def claimed_certificate(pdf_bytes: bytes) -> Claim:
    """The certificate number and status a PDF's metadata names."""
    try:
        meta = PdfReader(io.BytesIO(pdf_bytes)).metadata or {}
    except (PdfReadError, ValueError, OSError) as exc:
        raise NotACertificateError(f"not a readable PDF: {exc}") from None
    number = meta.get(f"/{META_CERTIFICATE}")
    status = meta.get(f"/{META_STATUS}")
    if not number:
        # Files re-saved by other tools may keep only the standard fields.
        match = re.match(r"Certificate (\S+) \((\w+)\)", str(meta.get("/Subject") or ""))
        if not match:
            raise NotACertificateError("the PDF's metadata names no certificate number")
        number, status = match.groups()
    return Claim(str(number), None if status is None else str(status))


def certificate_number_of(pdf_bytes: bytes) -> str:
    return claimed_certificate(pdf_bytes).certificate_number
