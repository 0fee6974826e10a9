"""The certification PDF: plain data in, a signed-off document out. No Django here.

The names below are loaded on first use (PEP 562): every Django process imports the
signing and verification modules of this package, and the renderer behind them (ReportLab,
every section) only when a document is drawn.
"""

from importlib import import_module

_HOMES = {
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

__all__ = sorted(_HOMES)


def __getattr__(name: str):
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(home, __name__), name)
    globals()[name] = value
    return value
