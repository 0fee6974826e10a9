"""The certification PDF: plain data in, a signed-off document out. No Django here."""

from .builder import CertificateRenderer
from .data import CertificateData, Reproducibility, TableLimit, Verdict
from .verdict import assess, checks
from .verify import certificate_number_of, claimed_certificate, sha256_of

__all__ = [
    "CertificateData",
    "CertificateRenderer",
    "Reproducibility",
    "TableLimit",
    "Verdict",
    "assess",
    "certificate_number_of",
    "checks",
    "claimed_certificate",
    "sha256_of",
]
