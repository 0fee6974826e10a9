"""The installation's signing key: every PDF tablecert issues goes through ``sign_pdf``.

Settings name the key, its certificate and an optional passphrase. The embedded default
creates a self-signed pair on first use (``ensure_signing_key`` does it at start-up);
production must provide its own and never gets one created behind its back. Every
certificate ever used is copied into the trusted folder, so documents signed before a key
rotation still verify.

With ``TABLECERT_TSA_URL`` every signature is timestamped by that authority (PAdES B-LT),
and a signature is never made without the timestamp: if the authority cannot stamp it,
signing raises TimestampError and nothing is issued. The authority's roots
(``TABLECERT_TSA_ROOTS``) are remembered like the signing certificates, so timestamps stay
trusted after the laboratory changes authority.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from certification.reports import signing as signatures
from certification.reports.signing import (
    SignatureCheck,
    SigningIdentity,
    SigningKeyError,
    TimestampAuthority,
    certificate_fingerprint,
    make_self_signed,
    split_certificates,
)

# Inside the trusted folder, apart from the signing certificates: a timestamp root must
# never be taken for one of the installation's own certificates.
TSA_ROOTS_FOLDER = "timestamp-authorities"

_cache: dict[tuple, SigningIdentity] = {}


def _paths() -> tuple[Path, Path]:
    return Path(settings.TABLECERT_SIGNING_KEY), Path(settings.TABLECERT_SIGNING_CERT)


def _write_private(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(data)
    os.replace(temporary, path)


def signing_key_ensure(*, create: bool | None = None) -> tuple[bool, Path]:
    """Make sure the key and certificate exist; returns (created, certificate path).

    ``create`` defaults to "not in production". A lock file keeps two processes starting
    at once from writing a key of one and a certificate of the other.
    """
    key_path, cert_path = _paths()
    allowed = not settings.PRODUCTION if create is None else create
    created = False
    if not (key_path.is_file() and cert_path.is_file()):
        if not allowed:
            raise ImproperlyConfigured(
                f"no signing key: set TABLECERT_SIGNING_KEY and TABLECERT_SIGNING_CERT "
                f"(looked for {key_path} and {cert_path})")
        key_path.parent.mkdir(parents=True, exist_ok=True)
        with open(key_path.parent / ".signing.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not (key_path.is_file() and cert_path.is_file()):
                identity = make_self_signed(common_name=f"{settings.TABLECERT_SIGNER_NAME} (self-signed)",
                                            organisation=settings.TABLECERT_SIGNER_NAME)
                _write_private(key_path, identity.key_pem)
                cert_path.write_bytes(identity.cert_pem)
                created = True
    _remember(cert_path.read_bytes())
    return created, cert_path


def _remember(cert_pem: bytes, folder: Path | None = None) -> None:
    """Keep a copy of the certificate among the trusted ones (named by its fingerprint)."""
    folder = folder or Path(settings.TABLECERT_SIGNING_TRUSTED_DIR)
    target = folder / f"{certificate_fingerprint(cert_pem)[:32]}.pem"
    if not target.is_file():
        folder.mkdir(parents=True, exist_ok=True)
        target.write_bytes(cert_pem)


def signing_identity() -> SigningIdentity:
    key_path, cert_path = _paths()
    if not (key_path.is_file() and cert_path.is_file()):
        signing_key_ensure()
    stamp = (str(key_path), key_path.stat().st_mtime_ns, str(cert_path), cert_path.stat().st_mtime_ns)
    identity = _cache.get(stamp)
    if identity is None:
        passphrase = settings.TABLECERT_SIGNING_KEY_PASSPHRASE or None
        identity = SigningIdentity(key_pem=key_path.read_bytes(), cert_pem=cert_path.read_bytes(),
                                   passphrase=passphrase.encode() if passphrase else None)
        _remember(identity.cert_pem)
        _cache.clear()
        _cache[stamp] = identity
    return identity


def trusted_certificates() -> list[bytes]:
    """The current certificate and every earlier one kept in the trusted folder."""
    certs = [signing_identity().cert_pem]
    folder = Path(settings.TABLECERT_SIGNING_TRUSTED_DIR)
    if folder.is_dir():
        certs += [path.read_bytes() for path in sorted(folder.glob("*.pem"))]
    return certs


def _tsa_folder() -> Path:
    return Path(settings.TABLECERT_SIGNING_TRUSTED_DIR) / TSA_ROOTS_FOLDER


def _configured_tsa_roots() -> list[bytes]:
    path = Path(settings.TABLECERT_TSA_ROOTS) if settings.TABLECERT_TSA_ROOTS else None
    if path is None or not path.is_file():
        raise ImproperlyConfigured(
            f"TABLECERT_TSA_URL is set, so TABLECERT_TSA_ROOTS must name the PEM file of the "
            f"timestamp authority's root certificate(s) (it names {str(path or '') or 'nothing'})")
    try:
        return split_certificates(path.read_bytes())
    except SigningKeyError as exc:
        raise ImproperlyConfigured(f"TABLECERT_TSA_ROOTS ({path}): {exc}") from None


def timestamp_authority() -> TimestampAuthority | None:
    """The configured timestamp authority, or None (signatures stay PAdES B-B)."""
    if not settings.TABLECERT_TSA_URL:
        return None
    roots = _configured_tsa_roots()
    for root in roots:
        _remember(root, _tsa_folder())
    return TimestampAuthority(url=settings.TABLECERT_TSA_URL, roots=tuple(roots))


def trusted_tsa_roots() -> list[bytes]:
    """The configured authority's roots and every one timestamps were made under before."""
    roots = []
    if settings.TABLECERT_TSA_URL:
        try:
            roots = _configured_tsa_roots()
        except ImproperlyConfigured:
            pass  # signing says so; a check goes on with the roots remembered
    folder = _tsa_folder()
    if folder.is_dir():
        roots += [path.read_bytes() for path in sorted(folder.glob("*.pem"))]
    return roots


def sign_pdf(pdf: bytes, *, reason: str) -> bytes:
    """The PDF signed (PAdES) by this installation: the only way an issued PDF is signed.

    Raises TimestampError when a configured timestamp authority gives no trusted timestamp.
    """
    tsa = timestamp_authority()
    try:
        # Through the module: pyHanko loads on the first signature, not at start-up.
        return signatures.sign_pdf_bytes(pdf, signing_identity(), reason=reason,
                                         name=settings.TABLECERT_SIGNER_NAME, tsa=tsa)
    except SigningKeyError as exc:
        raise ImproperlyConfigured(f"the signing key cannot be used: {exc}") from None


def sign_manifest(data: bytes) -> bytes:
    return signatures.sign_detached(data, signing_identity())


def pdf_signature_check(pdf: bytes) -> SignatureCheck:
    return signatures.validate_pdf(pdf, trusted_certificates(), trusted_tsa_roots())


def manifest_signature_check(data: bytes, signature: bytes) -> SignatureCheck:
    return signatures.validate_detached(data, signature, trusted_certificates())
