"""The packet archive: documents, a manifest of their SHA-256, and the manifest's signature.

A packet is verified offline from the archive alone plus the trusted certificates: the
manifest's detached signature, then every listed file's size and hash, and no file more
or less than the manifest lists.
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..signing import SignatureCheck

MANIFEST = "manifest.json"
SIGNATURE = "manifest.json.p7s"
FORMAT = "tablecert-packet/1"
MAX_MEMBER_BYTES = 100 * 1024 * 1024


class PacketError(ValueError):
    """The archive is not a packet, or one of its files does not match the manifest."""


@dataclass(frozen=True)
class PacketFile:
    name: str
    document: str
    title: str
    data: bytes
    media_type: str = "application/pdf"

    def entry(self) -> dict[str, Any]:
        return {"file": self.name, "document": self.document, "title": self.title,
                "media_type": self.media_type, "size": len(self.data),
                "sha256": hashlib.sha256(self.data).hexdigest()}


def manifest_bytes(manifest: dict[str, Any]) -> bytes:
    return (json.dumps(manifest, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode()


def build_archive(files: list[PacketFile], manifest: dict[str, Any],
                  sign: Callable[[bytes], bytes]) -> tuple[bytes, dict[str, Any]]:
    """The ZIP (stored in a fixed order) and the manifest it carries, signed by ``sign``."""
    manifest = {**manifest, "format": FORMAT, "files": [f.entry() for f in files]}
    body = manifest_bytes(manifest)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(MANIFEST, body)
        archive.writestr(SIGNATURE, sign(body))
        for f in files:
            archive.writestr(f.name, f.data)
    return buffer.getvalue(), manifest


@dataclass(frozen=True)
class PacketCheck:
    manifest: dict[str, Any]
    signature: SignatureCheck
    files: dict[str, bytes] = field(default_factory=dict)
    problems: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.signature.ok and not self.problems


def verify_archive(data: bytes, check_signature: Callable[[bytes, bytes], SignatureCheck]
                   ) -> PacketCheck:
    """Check the manifest's signature, then every file against it; raises PacketError only
    when the archive cannot be read as a packet at all."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        raise PacketError(f"not a readable ZIP archive: {exc}") from None
    names = [info.filename for info in infos]
    if MANIFEST not in names or SIGNATURE not in names:
        raise PacketError(f"not a packet: it has no {MANIFEST} and {SIGNATURE}")
    if len(set(names)) != len(names):
        raise PacketError("the archive lists a file name twice")
    if any(info.file_size > MAX_MEMBER_BYTES for info in infos):
        raise PacketError("a file in the archive is larger than any packet document")
    try:
        contents = {info.filename: archive.read(info) for info in infos}
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        raise PacketError(f"the archive is damaged: {exc}") from None
    body = contents.pop(MANIFEST)
    signature = check_signature(body, contents.pop(SIGNATURE))
    try:
        manifest = json.loads(body)
        listed = {entry["file"]: entry for entry in manifest["files"]}
    except (ValueError, KeyError, TypeError) as exc:
        raise PacketError(f"the manifest cannot be read: {exc}") from None
    problems = []
    for name in sorted(set(contents) - set(listed)):
        problems.append(f"{name}: in the archive but not in the manifest (a file was added)")
    for name in sorted(set(listed) - set(contents)):
        problems.append(f"{name}: in the manifest but not in the archive (a file was removed)")
    for name in sorted(set(listed) & set(contents)):
        entry, blob = listed[name], contents[name]
        digest = hashlib.sha256(blob).hexdigest()
        if digest != entry.get("sha256") or len(blob) != entry.get("size"):
            problems.append(f"{name}: SHA-256 {digest} ({len(blob)} bytes) differs from the "
                            f"manifest's {entry.get('sha256')} ({entry.get('size')} bytes)")
    return PacketCheck(manifest=manifest, signature=signature, files=contents,
                       problems=tuple(problems))
