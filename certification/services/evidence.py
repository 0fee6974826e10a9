"""Randomness evidence supplied with a certification: checked in full before anything is stored.

A shuffle log or RNG output that cannot be read would only fail the run minutes later, after
a run, an audit event and stored files exist; reading them first lets the form or the API
name the bad line or card and create nothing.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import PurePath

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile

from certification.randomness.nist import MIN_STREAM_BITS, NistInputError, read_bits
from certification.randomness.procedures import ProcedureError, parse_procedure
from certification.randomness.shuffles import ShuffleLog, ShuffleLogError, read_shuffle_log

RNG_FORMATS = ("binary", "bits")


@dataclass(frozen=True)
class EvidenceFile:
    name: str
    data: bytes

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    def content(self) -> ContentFile:
        return ContentFile(self.data, name=self.name)


@dataclass(frozen=True)
class Evidence:
    shuffle_log: EvidenceFile | None = None
    rng_bits: EvidenceFile | None = None
    rng_format: str = "binary"
    shuffle_procedure: str = ""


def read_upload(upload, *, field: str) -> EvidenceFile | None:
    """The bytes of an uploaded (or opened) file, refused above the upload limit."""
    if upload is None:
        return None
    limit = settings.TABLECERT_MAX_UPLOAD_BYTES
    size = getattr(upload, "size", None)
    if size is not None and size > limit:
        raise ValidationError({field: f"the file is {size:,} bytes; the limit is {limit:,}"})
    if hasattr(upload, "seek"):
        upload.seek(0)
    data = upload.read(limit + 1)
    if len(data) > limit:
        raise ValidationError({field: f"the file is larger than the limit of {limit:,} bytes"})
    if not data:
        raise ValidationError({field: "the file is empty"})
    name = PurePath(getattr(upload, "name", "") or field).name or field
    return EvidenceFile(name=name, data=data)


def shuffle_log_check(data: bytes, *, deck_size: int | None, field: str = "shuffle_log") -> ShuffleLog:
    """The parsed log, or a ValidationError naming the lines and cards at fault."""
    try:
        log = read_shuffle_log(data)
    except ShuffleLogError as exc:
        raise ValidationError({field: str(exc)}) from None
    if deck_size is not None and log.deck_size != deck_size:
        raise ValidationError({field: (
            f"the log records {log.deck_size}-card deck orders, but this game is dealt "
            f"from {deck_size} cards"
        )})
    return log


def evidence_validate(
    *, shuffle_log=None, rng_bits=None, rng_format: str = "binary", shuffle_procedure: str = "",
    deck_size: int | None = None,
) -> Evidence:
    """Read and check every piece of evidence; one ValidationError lists every field at fault."""
    errors: dict[str, str] = {}
    files: dict[str, EvidenceFile | None] = {}
    for field, upload in (("shuffle_log", shuffle_log), ("rng_bits", rng_bits)):
        try:
            files[field] = read_upload(upload, field=field)
        except ValidationError as exc:
            errors.update({k: " ".join(v) for k, v in exc.message_dict.items()})
            files[field] = None
    if files["shuffle_log"] is not None:
        try:
            shuffle_log_check(files["shuffle_log"].data, deck_size=deck_size)
        except ValidationError as exc:
            errors.update({k: " ".join(v) for k, v in exc.message_dict.items()})
    if rng_format not in RNG_FORMATS:
        errors["rng_format"] = f"must be one of {', '.join(RNG_FORMATS)}"
    elif files["rng_bits"] is not None:
        problem = _bits_problem(files["rng_bits"].data, rng_format)
        if problem:
            errors["rng_bits"] = problem
    procedure = (shuffle_procedure or "").strip()
    if procedure:
        try:
            parse_procedure(procedure)
        except ProcedureError as exc:
            errors["shuffle_procedure"] = str(exc)
    if errors:
        raise ValidationError(errors)
    return Evidence(files["shuffle_log"], files["rng_bits"], rng_format, procedure)


def _bits_problem(data: bytes, fmt: str) -> str | None:
    try:
        bits = read_bits(data, fmt)
    except NistInputError as exc:
        return str(exc)
    if bits.size < MIN_STREAM_BITS:
        return f"the file holds {bits.size:,} bits; NIST SP 800-22 needs at least {MIN_STREAM_BITS:,}"
    return None


def default_procedure(tables) -> str:
    """The hand procedure the variant's tables follow, when they name one the models know."""
    for method in tables.exclude(shuffling_method="").values_list("shuffling_method", flat=True):
        try:
            parse_procedure(method)
        except ProcedureError:
            continue  # a shuffler model, not a hand procedure
        return method.strip()
    return ""
