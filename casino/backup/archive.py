"""The backup archive: a plain tar whose every byte is accounted for by a signed manifest.

Members are written in a fixed form (owner 0, mode 0600, the backup's time), the listed files
first, then ``manifest.json`` (each file's size and SHA-256) and its detached signature. A
reader checks the signature, then walks the file from its first byte to its last: every tar
header must be the one this module writes for the listed name and size, every file must hash
to the manifest's SHA-256, and padding and the end of the archive must be zeros. So a change
of one byte anywhere (a file, a header, the padding, an appended byte) is refused, not only a
change inside a file. Pure Python: no Django.
"""

from __future__ import annotations

import hashlib
import json
import tarfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any, BinaryIO

from certification.reports.packet.manifest import manifest_bytes

FORMAT = "tablecert-backup/1"
MANIFEST = "manifest.json"
SIGNATURE = "manifest.json.p7s"
MAX_MANIFEST_BYTES = 64 * 1024 * 1024
CHUNK = 1024 * 1024
SECTIONS = ("database", "media", "signing")


class BackupError(ValueError):
    """The archive is not a backup, or it differs from what its manifest signs."""


@dataclass(frozen=True)
class Member:
    """A file to store: its name in the archive and where to read it."""

    name: str
    source: Path


def _header(name: str, size: int, mtime: int) -> bytes:
    info = tarfile.TarInfo(name)
    info.size, info.mtime, info.mode = size, mtime, 0o600
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info.tobuf(tarfile.PAX_FORMAT, "utf-8", "surrogateescape")


def _padding(size: int) -> int:
    return -size % tarfile.BLOCKSIZE


def _end_length(offset: int) -> int:
    """Two zero blocks, then zeros to a whole record, as tar writes the end of an archive."""
    end = offset + 2 * tarfile.BLOCKSIZE
    return end - offset + (-end % tarfile.RECORDSIZE)


def check_name(name: str) -> str:
    path = PurePosixPath(name)
    if (path.is_absolute() or not path.parts or path.parts[0] not in SECTIONS
            or any(part in ("", ".", "..") for part in path.parts) or "\\" in name
            or str(path) != name):
        raise BackupError(f"the manifest names a file outside the backup's folders: {name!r}")
    return name


def write_archive(out: BinaryIO, members: list[Member], manifest: dict[str, Any], *, mtime: int,
                  sign: Callable[[bytes], bytes]) -> dict[str, Any]:
    """Write the archive to ``out`` (a new file, written from its start); returns the
    manifest as signed."""
    entries = []
    for member in members:
        size = member.source.stat().st_size
        out.write(_header(check_name(member.name), size, mtime))
        digest, copied = hashlib.sha256(), 0
        with member.source.open("rb") as handle:
            while copied < size and (chunk := handle.read(min(CHUNK, size - copied))):
                digest.update(chunk)
                out.write(chunk)
                copied += len(chunk)
        if copied != size:
            raise BackupError(f"{member.source} changed while it was being saved; try again")
        out.write(b"\0" * _padding(size))
        entries.append({"file": member.name, "size": size, "sha256": digest.hexdigest()})
    manifest = {**manifest, "format": FORMAT, "mtime": mtime, "files": entries}
    body = manifest_bytes(manifest)
    for name, data in ((MANIFEST, body), (SIGNATURE, sign(body))):
        out.write(_header(name, len(data), mtime) + data + b"\0" * _padding(len(data)))
    out.write(b"\0" * _end_length(out.tell()))
    return manifest


def read_manifest(path: Path) -> tuple[bytes, bytes]:
    """The manifest's bytes and its signature, as stored (not yet checked)."""
    try:
        with tarfile.open(path, "r:") as archive:
            found = {}
            for info in archive:
                if info.name in (MANIFEST, SIGNATURE):
                    if info.size > MAX_MANIFEST_BYTES or info.name in found:
                        raise BackupError(f"{info.name} is not the manifest this program writes")
                    found[info.name] = archive.extractfile(info).read()
    except (tarfile.TarError, OSError, EOFError) as exc:
        raise BackupError(f"not a readable backup archive: {exc}") from None
    if set(found) != {MANIFEST, SIGNATURE}:
        raise BackupError(f"not a backup archive: it holds no {MANIFEST} and {SIGNATURE}")
    return found[MANIFEST], found[SIGNATURE]


def parse_manifest(body: bytes) -> dict[str, Any]:
    try:
        manifest = json.loads(body)
        files = manifest["files"]
        for entry in files:
            check_name(entry["file"])
            int(entry["size"]), str(entry["sha256"])
        int(manifest["mtime"])
    except (ValueError, KeyError, TypeError) as exc:
        raise BackupError(f"the manifest cannot be read: {exc}") from None
    if manifest.get("format") != FORMAT:
        raise BackupError(f"not a backup of this program (format {manifest.get('format')!r}, "
                          f"expected {FORMAT})")
    return manifest


def verify_archive(path: Path, manifest: dict[str, Any], body: bytes, signature: bytes,
                   stage: Path | None = None) -> list[str]:
    """Every byte of the archive against the manifest; each listed file is written under
    ``stage`` as it is read. Returns the problems found, none when the archive is whole."""
    mtime = int(manifest["mtime"])
    expected = [(e["file"], int(e["size"]), e["sha256"]) for e in manifest["files"]]
    expected += [(MANIFEST, len(body), hashlib.sha256(body).hexdigest()),
                 (SIGNATURE, len(signature), hashlib.sha256(signature).hexdigest())]
    problems: list[str] = []
    with path.open("rb") as archive:
        for name, size, sha256 in expected:
            header = _header(name, size, mtime)
            if archive.read(len(header)) != header:
                problems.append(f"{name}: its tar header differs from the one the manifest implies")
                return problems  # the offsets that follow mean nothing any more
            target = None
            if stage is not None and name not in (MANIFEST, SIGNATURE):
                (stage / name).parent.mkdir(parents=True, exist_ok=True)
                target = (stage / name).open("wb")
            digest, left = hashlib.sha256(), size
            try:
                while left and (chunk := archive.read(min(CHUNK, left))):
                    digest.update(chunk)
                    left -= len(chunk)
                    if target is not None:
                        target.write(chunk)
            finally:
                if target is not None:
                    target.close()
            if left:
                problems.append(f"{name}: the archive is cut short")
                return problems
            if digest.hexdigest() != sha256:
                problems.append(f"{name}: SHA-256 {digest.hexdigest()} differs from the manifest's {sha256}")
            if archive.read(_padding(size)).strip(b"\0"):
                problems.append(f"{name}: the padding after it is not zeros")
        end = archive.read(_end_length(archive.tell()))
        if len(end) != _end_length(archive.tell() - len(end)) or end.strip(b"\0"):
            problems.append("the end of the archive is not the zeros tar writes")
        if archive.read(1):
            problems.append("bytes were appended after the end of the archive")
    return problems


__all__ = ["BackupError", "FORMAT", "Member", "check_name", "parse_manifest", "read_manifest",
           "verify_archive", "write_archive"]
