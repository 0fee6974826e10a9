"""Backups: the database, every stored file and the signing certificates in one signed archive.

The archive's manifest lists every file with its SHA-256 and is signed with the installation's
key (a detached CMS signature, as packet manifests are), so a restore refuses an archive with
any byte changed. The private key goes in only when asked, encrypted with a passphrase.
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.utils import timezone

from casino.backup import database
from casino.backup.archive import BackupError, Member, write_archive
from casino.backup.keys import encrypt_key
from certification.reports.signing import certificate_fingerprint
from certification.services.signing import sign_manifest, signing_identity

SCHEDULED_PREFIX = "tablecert-"
KEY_MEMBER = "signing/key.pem"
CERT_MEMBER = "signing/cert.pem"


@dataclass(frozen=True)
class BackupWritten:
    path: Path
    manifest: dict[str, Any]

    @property
    def size(self) -> int:
        return self.path.stat().st_size


def media_members() -> list[Member]:
    root = Path(settings.MEDIA_ROOT)
    if not root.is_dir():
        return []
    return [Member(f"media/{path.relative_to(root).as_posix()}", path)
            for path in sorted(root.rglob("*")) if path.is_file() and not path.is_symlink()]


def _signing_members(identity, work: Path, passphrase: bytes | None) -> list[Member]:
    members = [Member(CERT_MEMBER, Path(settings.TABLECERT_SIGNING_CERT))]
    trusted = Path(settings.TABLECERT_SIGNING_TRUSTED_DIR)
    if trusted.is_dir():
        members += [Member(f"signing/trusted/{path.name}", path)
                    for path in sorted(trusted.glob("*.pem")) if path.is_file()]
    if passphrase is not None:
        key_file = work / "key.pem"
        key_file.write_bytes(encrypt_key(identity.key_pem, current=identity.passphrase,
                                         passphrase=passphrase))
        members.append(Member(KEY_MEMBER, key_file))
    return members


def backup_create(*, out: Path, include_key: bool = False, passphrase: bytes | None = None
                  ) -> BackupWritten:
    """Write the backup archive to ``out`` (whole or not at all)."""
    if include_key and passphrase is None:
        raise BackupError("--include-key needs --passphrase-file: the key is stored encrypted")
    out = Path(out)
    if out.exists() and not out.is_file():
        raise BackupError(f"--out: {out} is not a file")
    if out.resolve().is_relative_to(Path(settings.MEDIA_ROOT).resolve()):
        raise BackupError(f"--out: {out} is inside the media folder the backup saves")
    out.parent.mkdir(parents=True, exist_ok=True)
    try:
        identity = signing_identity()
    except ImproperlyConfigured as exc:
        raise BackupError(str(exc)) from None
    now = timezone.now()
    with tempfile.TemporaryDirectory(dir=out.parent, prefix=".tablecert-backup-") as folder:
        work = Path(folder)
        engine = database.engine()
        dump_file = work / "database"
        counts = database.dump(dump_file)
        members = [Member(database.DUMP_NAMES[engine], dump_file), *media_members(),
                   *_signing_members(identity, work, passphrase if include_key else None)]
        manifest = {
            "created": now.isoformat(),
            "database": {"engine": engine, "file": database.DUMP_NAMES[engine], "tables": counts,
                         "migrations": database.applied_migrations()},
            "signing": {"certificate_sha256": certificate_fingerprint(identity.cert_pem),
                        "key_included": include_key},
        }
        partial = work / "archive.tar"
        with partial.open("wb") as handle:
            manifest = write_archive(handle, members, manifest, mtime=int(now.timestamp()),
                                     sign=sign_manifest)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(partial, 0o600)
        os.replace(partial, out)
    return BackupWritten(out, manifest)


def backup_scheduled(*, now: dt.datetime | None = None) -> BackupWritten:
    """The daily backup into ``TABLECERT_BACKUP_DIR``, keeping the newest
    ``TABLECERT_BACKUP_KEEP`` archives (the signing key stays out: keep it apart)."""
    folder = Path(settings.TABLECERT_BACKUP_DIR)
    stamp = (now or timezone.now()).astimezone(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
    written = backup_create(out=folder / f"{SCHEDULED_PREFIX}{stamp}.tar")
    backup_prune(folder=folder, keep=settings.TABLECERT_BACKUP_KEEP)
    return written


def backup_prune(*, folder: Path, keep: int) -> list[Path]:
    """Delete all but the newest ``keep`` scheduled archives; returns those deleted."""
    archives = sorted(folder.glob(f"{SCHEDULED_PREFIX}*.tar"))
    doomed = archives[:-keep] if keep > 0 else []
    for path in doomed:
        path.unlink(missing_ok=True)
    return doomed
