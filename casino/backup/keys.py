"""The signing key as a backup carries it: PKCS#8, encrypted with the operator's passphrase."""

from __future__ import annotations

import os
from pathlib import Path

from cryptography.hazmat.primitives import serialization

from .archive import BackupError

MIN_PASSPHRASE = 12


def read_passphrase(path: Path) -> bytes:
    """The first line of ``path``: long enough to guard a signing key."""
    try:
        lines = path.read_bytes().splitlines()
    except OSError as exc:
        raise BackupError(f"--passphrase-file: {exc.strerror or exc}: {path}") from None
    passphrase = lines[0] if lines else b""
    if len(passphrase) < MIN_PASSPHRASE:
        raise BackupError(f"--passphrase-file: the passphrase in {path} must be at least "
                          f"{MIN_PASSPHRASE} characters")
    return passphrase


def _load(key_pem: bytes, password: bytes | None, what: str):
    try:
        return serialization.load_pem_private_key(key_pem, password=password)
    except (ValueError, TypeError) as exc:
        raise BackupError(f"{what}: {exc}") from None


def encrypt_key(key_pem: bytes, *, current: bytes | None, passphrase: bytes) -> bytes:
    """The installation's key (unlocked with ``current``) encrypted with ``passphrase``."""
    key = _load(key_pem, current, "the signing key cannot be read")
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.BestAvailableEncryption(passphrase))


def reencrypt_key(encrypted_pem: bytes, *, passphrase: bytes, stored_with: bytes | None) -> bytes:
    """The archived key, unlocked with ``passphrase``, as the installation stores it: encrypted
    with its own passphrase when it has one (``stored_with``), otherwise in the clear."""
    key = _load(encrypted_pem, passphrase,
                "the archive's signing key cannot be unlocked with that passphrase")
    protection = (serialization.BestAvailableEncryption(stored_with) if stored_with
                  else serialization.NoEncryption())
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, protection)


def write_private(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(data)
