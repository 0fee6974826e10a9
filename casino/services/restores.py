"""Restore a backup archive into an empty database and an empty media folder.

Everything is checked before anything is written: the manifest's signature, that this
software knows every migration of the archived database, that the database and the media
folder are empty, then every byte of the archive (each file staged beside the media folder
as it is hashed) and the key's passphrase. Only then is the database loaded (in one
transaction) and the files moved into place.
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from asn1crypto import cms
from django.conf import settings

from casino.backup import database
from casino.backup.archive import BackupError, parse_manifest, read_manifest, verify_archive
from casino.backup.keys import reencrypt_key, write_private
from casino.services.backups import CERT_MEMBER, KEY_MEMBER
from certification.models import IssuedReport
from certification.reports.signing import (
    certificate_fingerprint,
    load_certificate,
    validate_detached,
)

SHOWN = 5


@dataclass
class Restored:
    manifest: dict[str, Any]
    signer: str
    trusted_by: str
    tables: dict[str, int]
    files: int
    notes: list[str] = field(default_factory=list)


def installation_certificates() -> list[bytes]:
    """The certificates this installation already trusts (none on a bare new machine)."""
    certs = []
    cert = Path(settings.TABLECERT_SIGNING_CERT)
    if cert.is_file():
        certs.append(cert.read_bytes())
    folder = Path(settings.TABLECERT_SIGNING_TRUSTED_DIR)
    if folder.is_dir():
        certs += [path.read_bytes() for path in sorted(folder.glob("*.pem"))]
    return certs


def _embedded_certificates(signature: bytes) -> list[bytes]:
    try:
        signed = cms.ContentInfo.load(signature)["content"]
        return [choice.chosen.dump() for choice in signed["certificates"]]
    except (ValueError, TypeError, KeyError) as exc:
        raise BackupError(f"the manifest's signature cannot be read: {exc}") from None


def _canonical_signature(signature: bytes, signer_cert: bytes) -> bytes:
    """The signature as this program writes it, rebuilt from the parts the signature value
    covers: a CMS check ignores the version, the digest-algorithm list and the embedded
    certificates, so a byte changed there would otherwise pass unnoticed."""
    content = cms.ContentInfo.load(signature)
    signed = content["content"]
    signer_info = cms.SignerInfo.load(signed["signer_infos"][0].dump())
    version = "v1" if signer_info["sid"].name == "issuer_and_serial_number" else "v3"
    signer_info["version"] = version
    return cms.ContentInfo({
        "content_type": "signed_data",
        "content": cms.SignedData({
            "version": version,
            "digest_algorithms": [signer_info["digest_algorithm"]],
            "encap_content_info": {"content_type": "data"},
            "certificates": [load_certificate(signer_cert)] * len(signed["certificates"]),
            "signer_infos": [signer_info],
        }),
    }).dump(force=True)


def _check_signature(manifest: dict, body: bytes, signature: bytes) -> tuple[str, str]:
    trusted = installation_certificates()
    trusted_by = "a certificate this installation trusts"
    if not trusted:
        # A bare machine has nothing to trust yet: the archive's own certificate stands in,
        # which proves the archive whole but not whose it is (the operator compares the
        # fingerprint printed).
        trusted = _embedded_certificates(signature)
        trusted_by = "the archive's own certificate (this installation trusts none yet)"
    check = validate_detached(body, signature, trusted)
    if not check.ok:
        raise BackupError("the manifest's signature does not hold: " + "; ".join(check.reasons))
    if check.signer_sha256 != manifest.get("signing", {}).get("certificate_sha256"):
        raise BackupError("the manifest was signed by another certificate than the one it names")
    signer_cert = next(c for c in trusted if certificate_fingerprint(c) == check.signer_sha256)
    if _canonical_signature(signature, signer_cert) != signature:
        raise BackupError("the manifest's signature was altered in parts its check does not cover")
    return f"{check.signer} (certificate SHA-256 {check.signer_sha256})", trusted_by


def _refuse_if_in_use(manifest: dict) -> None:
    unknown = database.unknown_migrations(manifest["database"].get("migrations", []))
    if unknown:
        raise BackupError("the archive was made by a newer version of tablecert (migrations "
                          f"unknown here: {', '.join(unknown[:SHOWN])}); upgrade first")
    rows = database.in_use()
    if rows:
        raise BackupError("the database is not empty: " + ", ".join(rows[:SHOWN])
                          + ("…" if len(rows) > SHOWN else "")
                          + "; restore into a new database, or one only migrated")
    media = Path(settings.MEDIA_ROOT)
    stored = [p for p in media.rglob("*") if p.is_file()] if media.is_dir() else []
    if stored:
        raise BackupError(f"the media folder {media} is not empty ({len(stored)} file(s), e.g. "
                          f"{stored[0].relative_to(media)}); restore into an empty folder")


def _key_to_restore(stage: Path, passphrase: bytes | None, notes: list[str]) -> bytes | None:
    archived = stage / KEY_MEMBER
    if not archived.is_file():
        if passphrase is not None:
            notes.append("the archive holds no signing key; the passphrase was not needed")
        return None
    if Path(settings.TABLECERT_SIGNING_KEY).exists():
        notes.append(f"kept the signing key already at {settings.TABLECERT_SIGNING_KEY}")
        return None
    if passphrase is None:
        notes.append("the archive holds the signing key, left out: give --passphrase-file to restore it")
        return None
    stored_with = settings.TABLECERT_SIGNING_KEY_PASSPHRASE.encode() or None
    return reencrypt_key(archived.read_bytes(), passphrase=passphrase, stored_with=stored_with)


def _place_media(stage: Path) -> int:
    media, count = Path(settings.MEDIA_ROOT), 0
    source = stage / "media"
    for path in sorted(source.rglob("*")) if source.is_dir() else []:
        if path.is_file():
            target = media / path.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(path, target)
            count += 1
    return count


def _place_signing(stage: Path, key: bytes | None, notes: list[str]) -> None:
    folder = Path(settings.TABLECERT_SIGNING_TRUSTED_DIR)
    folder.mkdir(parents=True, exist_ok=True)
    certs = sorted((stage / "signing" / "trusted").glob("*.pem")) + [stage / CERT_MEMBER]
    for cert in certs:
        target = folder / f"{certificate_fingerprint(cert.read_bytes())[:32]}.pem"
        if not target.is_file():
            target.write_bytes(cert.read_bytes())
    if key is not None:
        write_private(Path(settings.TABLECERT_SIGNING_KEY), key)
        cert_path = Path(settings.TABLECERT_SIGNING_CERT)
        if not cert_path.exists():
            cert_path.write_bytes((stage / CERT_MEMBER).read_bytes())
        notes.append(f"restored the signing key to {settings.TABLECERT_SIGNING_KEY}")


def _check_restored(manifest: dict) -> dict[str, int]:
    expected = manifest["database"]["tables"]
    counts = database.row_counts()
    differ = [f"{t}: {counts.get(t)} rows, the backup has {n}" for t, n in expected.items()
              if counts.get(t) != n]
    if differ:
        raise BackupError("restored, but the row counts differ: " + "; ".join(differ[:SHOWN]))
    media = Path(settings.MEDIA_ROOT)
    for entry in IssuedReport.objects.all():
        path = media / entry.file.name
        if not path.is_file() or hashlib.sha256(path.read_bytes()).hexdigest() != entry.sha256:
            raise BackupError(f"restored, but the register's file {entry.file.name} does not hash "
                              "to its entry")
    return counts


def _signed_manifest(archive: Path) -> tuple[dict, bytes, bytes, str, str]:
    if not archive.is_file():
        raise BackupError(f"{archive}: no such file")
    body, signature = read_manifest(archive)
    manifest = parse_manifest(body)
    signer, trusted_by = _check_signature(manifest, body, signature)
    return manifest, body, signature, signer, trusted_by


def backup_check(*, archive: Path) -> tuple[dict[str, Any], str]:
    """The archive's manifest and signer, once every byte of it is checked; changes nothing."""
    manifest, body, signature, signer, _ = _signed_manifest(Path(archive))
    problems = verify_archive(Path(archive), manifest, body, signature)
    if problems:
        raise BackupError("the archive differs from its signed manifest:\n  - "
                          + "\n  - ".join(problems[:SHOWN]))
    return manifest, signer


def backup_restore(*, archive: Path, passphrase: bytes | None = None) -> Restored:
    """Check ``archive`` whole, then restore it; refuses (changing nothing) otherwise."""
    archive = Path(archive)
    manifest, body, signature, signer, trusted_by = _signed_manifest(archive)
    _refuse_if_in_use(manifest)
    engine = manifest["database"]["engine"]
    if engine != database.engine():
        raise BackupError(f"the archive holds a {engine} database, but this installation is "
                          f"configured for {database.engine()}")
    media = Path(settings.MEDIA_ROOT)
    media.mkdir(parents=True, exist_ok=True)
    notes: list[str] = []
    with tempfile.TemporaryDirectory(dir=media.parent, prefix=".tablecert-restore-") as folder:
        stage = Path(folder)
        problems = verify_archive(archive, manifest, body, signature, stage)
        if problems:
            raise BackupError("the archive differs from its signed manifest:\n  - "
                              + "\n  - ".join(problems[:SHOWN]))
        key = _key_to_restore(stage, passphrase, notes)
        database.restore(stage / manifest["database"]["file"], engine)
        files = _place_media(stage)
        _place_signing(stage, key, notes)
    tables = _check_restored(manifest)
    return Restored(manifest=manifest, signer=signer, trusted_by=trusted_by, tables=tables,
                    files=files, notes=notes)
