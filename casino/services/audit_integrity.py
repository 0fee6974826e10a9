"""Checks of the audit trail's hash chain, and its signed checkpoints.

``audit_chain_verify`` walks every event in id order and stops at the first one that does
not continue the chain, saying whether it was changed, deleted or slipped in.
``audit_checkpoint_create`` signs the chain's head with the installation's key; an exported
checkpoint, kept away from the database, later proves that nothing up to its event was
rewritten, even by someone who recomputed every hash after a change.
"""

from __future__ import annotations

import base64
import json
from dataclasses import asdict, dataclass, field

from django.db import transaction
from django.utils import timezone

from casino.models import AuditCheckpoint, AuditEvent
from certification.reports.signing import certificate_fingerprint
from certification.services.signing import manifest_signature_check, sign_manifest, signing_identity

from .audit import audit_chain_lock
from .audit_chain import GENESIS_HASH, digest_of_values, stamp

CHECKPOINT_FORMAT = "tablecert-audit-checkpoint/1"
_EVENT_FIELDS = ("id", "previous_event_id", "previous_hash", "event_hash", "at", "actor_id",
                 "action", "object_type", "object_id", "before", "after", "message")


class CheckpointError(ValueError):
    """A checkpoint file that cannot be read or whose signature does not hold."""


@dataclass(frozen=True)
class ChainBreak:
    kind: str
    """``changed``, ``deleted`` or ``inserted``."""
    event_id: int
    """The event changed, deleted or inserted."""
    detail: str


@dataclass
class ChainReport:
    events: int = 0
    """Events that continue the chain, from the first to ``head_id`` (all of them when whole)."""
    head_id: int | None = None
    head_hash: str = GENESIS_HASH
    broken: ChainBreak | None = None
    checkpoints: list[dict] = field(default_factory=list)
    """Each checkpoint checked: its event, count, time and what was found."""

    @property
    def ok(self) -> bool:
        return self.broken is None and all(c["ok"] for c in self.checkpoints)

    def as_dict(self) -> dict:
        return {"ok": self.ok, "events": self.events, "head_id": self.head_id,
                "head_hash": self.head_hash,
                "broken": asdict(self.broken) if self.broken else None,
                "checkpoints": self.checkpoints}


@dataclass(frozen=True)
class Checkpoint:
    """A chain head as signed: what a checkpoint file or row holds."""

    event_id: int | None
    event_hash: str
    event_count: int
    made_at: str
    payload: bytes
    signature: bytes


def audit_chain_verify(*, extra_checkpoints: tuple[Checkpoint, ...] = ()) -> ChainReport:
    """Walk the chain, then check every stored checkpoint and ``extra_checkpoints`` (exported
    ones, read from files) against it. A stored checkpoint that cannot be read raises
    CheckpointError."""
    report = ChainReport()
    links = dict(AuditEvent.objects.values_list("id", "previous_event_id"))
    # For each event, the events that name it as their predecessor (one when whole).
    followers: dict[int | None, list[int]] = {}
    for event_id, previous in sorted(links.items()):
        followers.setdefault(previous, []).append(event_id)
    verified: dict[int, tuple[str, int]] = {}
    expected_id, expected_hash = None, GENESIS_HASH
    rows = AuditEvent.objects.order_by("id").values(*_EVENT_FIELDS).iterator(chunk_size=2000)
    for row in rows:
        problem = _break_at(row, expected_id, expected_hash, links, followers)
        if problem is not None:
            report.broken = problem
            break
        expected_id, expected_hash = row["id"], row["event_hash"]
        report.events += 1
        verified[row["id"]] = (row["event_hash"], report.events)
    report.head_id, report.head_hash = expected_id, expected_hash
    checkpoints = [checkpoint_of_row(row) for row in AuditCheckpoint.objects.order_by("made_at", "id")]
    checkpoints += extra_checkpoints
    report.checkpoints = [_check_checkpoint(cp, verified, links) for cp in checkpoints]
    return report


def _break_at(row, expected_id, expected_hash, links, followers) -> ChainBreak | None:
    event_id, previous = row["id"], row["previous_event_id"]
    content_ok = digest_of_values(row) == row["event_hash"]
    if content_ok and previous == expected_id and row["previous_hash"] == expected_hash:
        return None
    # The true successor of the last good event comes later: this one is outside the chain.
    if any(f > event_id for f in followers.get(expected_id, [])):
        return ChainBreak("inserted", event_id,
                          f"event {event_id} is not part of the chain: event "
                          f"{min(f for f in followers[expected_id] if f > event_id)} follows "
                          f"{_name(expected_id)} directly")
    if previous is not None and previous not in links:
        return ChainBreak("deleted", previous,
                          f"event {previous} was deleted: event {event_id} names it as the "
                          f"event before it, and it is gone")
    if previous == expected_id and not content_ok:
        return ChainBreak("changed", event_id,
                          f"event {event_id} was changed: its content no longer hashes to "
                          f"the hash stored with it")
    if previous == expected_id:
        return ChainBreak("changed", expected_id,
                          f"event {expected_id} was changed: event {event_id} chained to "
                          f"another hash of it ({row['previous_hash'][:16]}…)")
    return ChainBreak("inserted", event_id,
                      f"event {event_id} was inserted: it does not follow {_name(expected_id)} "
                      f"but names {_name(previous)} as the event before it")


def _name(event_id: int | None) -> str:
    return "the start of the trail" if event_id is None else f"event {event_id}"


def _check_checkpoint(cp: Checkpoint, verified: dict, links: dict) -> dict:
    found = {"event_id": cp.event_id, "event_count": cp.event_count, "made_at": cp.made_at}
    signature = manifest_signature_check(cp.payload, cp.signature)
    if not signature.ok:
        return {**found, "ok": False, "problem": "the checkpoint's signature does not hold: "
                + "; ".join(signature.reasons)}
    if cp.event_id is None:
        return {**found, "ok": True, "problem": ""}
    if cp.event_id not in links:
        return {**found, "ok": False,
                "problem": f"event {cp.event_id}, the head this checkpoint signed, was deleted"}
    if cp.event_id not in verified:
        return {**found, "ok": False, "problem": f"event {cp.event_id}, the head this checkpoint "
                "signed, lies beyond the break in the chain"}
    event_hash, position = verified[cp.event_id]
    if event_hash != cp.event_hash:
        return {**found, "ok": False, "problem": f"the trail up to event {cp.event_id} was "
                f"rewritten: its hash is {event_hash[:16]}…, the checkpoint signed "
                f"{cp.event_hash[:16]}…"}
    if position != cp.event_count:
        return {**found, "ok": False, "problem": f"the trail up to event {cp.event_id} holds "
                f"{position} events, the checkpoint signed {cp.event_count}"}
    return {**found, "ok": True, "problem": ""}


def audit_checkpoint_create() -> AuditCheckpoint:
    """Sign the chain's head now and keep the checkpoint (the daily job's work)."""
    with transaction.atomic():
        # Holding the chain's lock keeps an append from slipping in between head and count.
        audit_chain_lock(transaction.get_connection())
        head = AuditEvent.objects.order_by("-id").values_list("id", "event_hash").first()
        event_id, event_hash = head if head else (None, GENESIS_HASH)
        count = AuditEvent.objects.count()
        made_at = timezone.now()
        payload = json.dumps({"format": CHECKPOINT_FORMAT, "event_id": event_id,
                              "event_hash": event_hash, "event_count": count,
                              "made_at": stamp(made_at)},
                             sort_keys=True, separators=(",", ":")).encode()
        signature = sign_manifest(payload)
        return AuditCheckpoint.objects.create(
            made_at=made_at, event_id=event_id, event_hash=event_hash, event_count=count,
            payload=payload.decode(), signature=signature,
            signer_sha256=certificate_fingerprint(signing_identity().cert_pem))


def checkpoint_export(checkpoint: AuditCheckpoint) -> bytes:
    """A checkpoint as a file to keep elsewhere: its signed payload and CMS signature."""
    document = {"format": CHECKPOINT_FORMAT, "payload": checkpoint.payload,
                "signature": base64.b64encode(bytes(checkpoint.signature)).decode()}
    return (json.dumps(document, indent=2) + "\n").encode()


def checkpoint_read(data: bytes) -> Checkpoint:
    """An exported checkpoint file, read and checked for shape (not yet for its signature)."""
    try:
        document = json.loads(data)
        if document.get("format") != CHECKPOINT_FORMAT:
            raise CheckpointError(f"not an audit checkpoint (format {document.get('format')!r})")
        return _signed_head(document["payload"].encode(),
                            base64.b64decode(document["signature"], validate=True))
    except CheckpointError:
        raise
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise CheckpointError(f"the checkpoint file cannot be read: {exc}") from None


def _signed_head(payload: bytes, signature: bytes) -> Checkpoint:
    # The head is read from the signed bytes themselves, never from columns beside them.
    head = json.loads(payload)
    return Checkpoint(event_id=head["event_id"], event_hash=head["event_hash"],
                      event_count=int(head["event_count"]), made_at=head["made_at"],
                      payload=payload, signature=signature)


def checkpoint_of_row(row: AuditCheckpoint) -> Checkpoint:
    try:
        return _signed_head(row.payload.encode(), bytes(row.signature))
    except (ValueError, KeyError, TypeError) as exc:
        raise CheckpointError(f"stored checkpoint {row.pk} cannot be read: {exc}") from None
