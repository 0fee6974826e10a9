"""The certification PDF: plain data in, a signed-off document out. No Django here.

Names load on first use: every Django process imports this package's signing and
verification modules, and the renderer (ReportLab, every section) only when a document is drawn.
"""

from certification.lazy import lazy_names

_SOURCES = {
    "CertificateRenderer": ".builder",
    "CertificateData": ".data",
    "Reproducibility": ".data",
    "TableLimit": ".data",
    "Verdict": ".data",
    "assess": ".verdict",
    "checks": ".verdict",
    "certificate_number_of": ".verify",
    "claimed_certificate": ".verify",
    "sha256_of": ".verify",
}
__getattr__, __dir__, __all__ = lazy_names(__name__, globals(), _SOURCES)
