"""The installation's signing key: every PDF tablecert issues goes through ``sign_pdf``.

Settings name the key, its certificate and an optional passphrase. The embedded default
creates a self-signed pair on first use (``ensure_signing_key`` does it at start-up);
production must provide its own and never gets one created behind its back. Every
certificate ever used is copied into the trusted folder, so documents signed before a key
rotation still verify.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from certification.reports.signing import (
    SignatureCheck,
    SigningIdentity,
    SigningKeyError,
    certificate_fingerprint,
    make_self_signed,
    sign_detached,
    sign_pdf_bytes,
    validate_detached,
    validate_pdf,
)

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


def _remember(cert_pem: bytes) -> None:
    """Keep a copy of the certificate among the trusted ones (named by its fingerprint)."""
    folder = Path(settings.TABLECERT_SIGNING_TRUSTED_DIR)
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


def sign_pdf(pdf: bytes, *, reason: str) -> bytes:
    """The PDF signed (PAdES) by this installation: the only way an issued PDF is signed."""
    try:
        return sign_pdf_bytes(pdf, signing_identity(), reason=reason,
                              name=settings.TABLECERT_SIGNER_NAME)
    except SigningKeyError as exc:
        raise ImproperlyConfigured(f"the signing key cannot be used: {exc}") from None


def sign_manifest(data: bytes) -> bytes:
    return sign_detached(data, signing_identity())


def pdf_signature_check(pdf: bytes) -> SignatureCheck:
    return validate_pdf(pdf, trusted_certificates())


def manifest_signature_check(data: bytes, signature: bytes) -> SignatureCheck:
    return validate_detached(data, signature, trusted_certificates())
