"""PAdES signatures on issued PDFs, detached CMS signatures on packet manifests, and their
checks, by pyHanko (the keys, certificates and findings are signing.py's).

With a timestamp authority a PDF signature is PAdES B-LT: an RFC 3161 signature timestamp
(B-T) plus, in the signed revision's document security store, the certificates that validate
the signer and the authority, and whatever OCSP responses or CRLs their certificates point to.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import hashlib
import io
import logging

from asn1crypto import cms, keys
from cryptography.hazmat.primitives import serialization
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.pdf_utils.misc import PdfError
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign import fields, signers
from pyhanko.sign.diff_analysis import ModificationLevel
from pyhanko.sign.general import SigningError
from pyhanko.sign.signers.pdf_signer import DSSContentSettings, SigDSSPlacementPreference
from pyhanko.sign.timestamps import HTTPTimeStamper, TimestampRequestError
from pyhanko.sign.validation.generic_cms import async_validate_detached_cms
from pyhanko.sign.validation.pdf_embedded import async_validate_pdf_signature
from pyhanko.sign.validation.status import SignatureCoverageLevel
from pyhanko_certvalidator import ValidationContext
from pyhanko_certvalidator.errors import (
    InvalidCertificateError,
    PathBuildingError,
    PathValidationError,
)
from pyhanko_certvalidator.registry import SimpleCertificateStore

from .signing import (
    DIGEST,
    SIGNATURE_BYTES,
    SIGNATURE_FIELD,
    SignatureCheck,
    SigningIdentity,
    SigningKeyError,
    TimestampAuthority,
    TimestampError,
    certificate_fingerprint,
    load_certificate,
)


def _signer(identity: SigningIdentity) -> signers.SimpleSigner:
    cert = load_certificate(identity.cert_pem)
    try:
        key = serialization.load_pem_private_key(identity.key_pem, password=identity.passphrase)
    except (ValueError, TypeError) as exc:
        raise SigningKeyError(f"the signing key cannot be read: {exc}") from None
    public = serialization.load_der_public_key(cert.public_key.dump())
    if key.public_key().public_numbers() != public.public_numbers():
        raise SigningKeyError("the signing key does not belong to the signing certificate")
    der = key.private_bytes(serialization.Encoding.DER, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption())
    return signers.SimpleSigner(signing_cert=cert, signing_key=keys.PrivateKeyInfo.load(der),
                                cert_registry=SimpleCertificateStore.from_certs([cert]))


def sign_pdf_bytes(pdf: bytes, identity: SigningIdentity, *, reason: str, name: str,
                   location: str = "", field_name: str = SIGNATURE_FIELD,
                   tsa: TimestampAuthority | None = None) -> bytes:
    """The PDF with a PAdES baseline signature over the whole file, as a new revision.

    B-B without ``tsa``. With it, B-LT: the authority stamps the signature, and the signed
    revision carries the validation data (see the module's docstring). Any failure to get a
    trusted timestamp raises TimestampError rather than signing without one.
    """
    writer = IncrementalPdfFileWriter(io.BytesIO(pdf), strict=False)
    signer = _signer(identity)
    common = {"field_name": field_name, "md_algorithm": DIGEST, "reason": reason, "name": name,
              "location": location or None, "subfilter": fields.SigSeedSubFilter.PADES}
    if tsa is None:
        out = _run(signers.async_sign_pdf(writer, signers.PdfSignatureMetadata(**common),
                                          signer=signer, bytes_reserved=SIGNATURE_BYTES))
        return out.getvalue()
    context = _signing_context(signer, tsa)
    meta = signers.PdfSignatureMetadata(
        **common, embed_validation_info=True, validation_context=context,
        # No key usage is demanded of the signer, as for B-B: a certificate made with
        # `openssl req -x509` has no key-usage extension at all.
        signer_key_usage=set(),
        # In the signed revision itself, so the file stays one untouched revision (B-LT
        # without an update after signing); VRI entries would need a revision of their own.
        dss_settings=DSSContentSettings(placement=SigDSSPlacementPreference.TOGETHER_WITH_SIGNATURE,
                                        include_vri=False),
    )
    try:
        # No reserved size: pyHanko measures the authority's first (trial) token.
        out = _run(_then_closed(context, signers.async_sign_pdf(
            writer, meta, signer=signer, timestamper=_AuthorityClient(tsa.url, timeout=tsa.timeout))))
    except TimestampRequestError as exc:
        raise TimestampError(f"the timestamp authority at {tsa.url} gave no timestamp: "
                             f"{_described(exc)}") from None
    except (PathBuildingError, PathValidationError, InvalidCertificateError) as exc:
        raise TimestampError(f"the timestamp authority at {tsa.url} is not trusted: its certificate "
                             f"does not validate against the configured roots ({exc})") from None
    except SigningError as exc:
        raise SigningKeyError(f"pyHanko could not sign with it: {_described(exc)}") from None
    return out.getvalue()


class _AuthorityClient(HTTPTimeStamper):
    """pyHanko's HTTP client, with an answer that is not a timestamp response reported as such."""

    async def async_timestamp(self, message_digest, md_algorithm):
        try:
            return await super().async_timestamp(message_digest, md_algorithm)
        except (ValueError, TypeError, KeyError) as exc:
            raise TimestampRequestError(f"its answer is not an RFC 3161 timestamp response ({exc})") from exc


async def _then_closed(context: ValidationContext, coroutine):
    """Await ``coroutine``, then close the HTTP sessions ``context`` opened to fetch revocation
    data (in the same event loop, which pyHanko's own sync wrappers do the same way)."""
    try:
        return await coroutine
    finally:
        await context.aclose()


def _described(exc: BaseException) -> str:
    """An error with its cause, e.g. "Error while contacting ...: Cannot connect to host ..."."""
    parts = []
    while exc is not None and len(parts) < 3:
        parts.append(str(exc) or type(exc).__name__)
        exc = exc.__cause__
    return ": ".join(parts)


def _signing_context(signer: signers.SimpleSigner, tsa: TimestampAuthority) -> ValidationContext:
    """What pyHanko validates the signer and the authority with before signing; the paths it
    finds, and the revocation data it fetches for them, go into the document security store.
    The installation's certificate is its own anchor (it is self-signed, or trusted as is)."""
    roots = [signer.signing_cert, *(load_certificate(root) for root in tsa.roots)]
    return ValidationContext(trust_roots=roots, allow_fetching=True)


def _run(coroutine):
    """Run pyHanko's async API from sync code, also where the thread already runs an event
    loop (pyHanko's own sync wrappers call asyncio.run, which such a thread refuses)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@contextlib.contextmanager
def _quiet():
    """pyHanko logs an untrusted signer with a traceback; the check reports it in words."""
    loggers = [logging.getLogger(name) for name in ("pyhanko", "pyhanko_certvalidator")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def _context(trusted: list[bytes] | tuple[bytes, ...]) -> ValidationContext:
    return ValidationContext(trust_roots=[load_certificate(c) for c in trusted], allow_fetching=False)


def _fingerprints(trusted: list[bytes]) -> set[str]:
    return {certificate_fingerprint(c) for c in trusted}


def validate_pdf(pdf: bytes, trusted: list[bytes], tsa_roots: list[bytes] | tuple[bytes, ...] = ()
                 ) -> SignatureCheck:
    """Check every signature of ``pdf`` against the ``trusted`` certificates (PEM or DER), and
    any timestamp token in it against the ``tsa_roots``."""
    try:
        reader = PdfFileReader(io.BytesIO(pdf), strict=False)
        embedded = list(reader.embedded_signatures)
    except (PdfError, ValueError, KeyError, TypeError, OSError) as exc:
        return SignatureCheck(signed=False, reasons=(f"not a readable PDF: {exc}",))
    if not embedded:
        return SignatureCheck(signed=False, reasons=("the PDF carries no signature",))
    known = _fingerprints(trusted)
    checks = []
    for sig in embedded:
        try:
            with _quiet():
                status = _run(async_validate_pdf_signature(
                    sig, signer_validation_context=_context(trusted),
                    ts_validation_context=_context(tsa_roots)))
        except (PdfError, ValueError, KeyError, TypeError) as exc:
            return SignatureCheck(signed=True, reasons=(f"the signature cannot be checked: {exc}",))
        checks.append(_pdf_check(status, known))
    problems = tuple(r for c in checks for r in c.reasons)
    last = checks[-1]
    return SignatureCheck(
        signed=True, intact=all(c.intact for c in checks), trusted=all(c.trusted for c in checks),
        signer=last.signer, signer_sha256=last.signer_sha256, signing_time=last.signing_time,
        modification_level=last.modification_level, coverage=last.coverage,
        timestamp=last.timestamp, timestamp_authority=last.timestamp_authority,
        timestamp_trusted=last.timestamp_trusted, timestamp_trust_problem=last.timestamp_trust_problem,
        reasons=problems,
    )


def _pdf_check(status, known: set[str]) -> SignatureCheck:
    cert = status.signing_cert
    fingerprint = hashlib.sha256(cert.dump()).hexdigest()
    trusted = bool(status.trusted) and fingerprint in known
    reasons = []
    if not status.intact:
        reasons.append("the signed bytes were altered: the signature does not match them")
    elif not status.valid:
        reasons.append("the signature value does not verify with the signer's key")
    elif not trusted:
        reasons.append(f"signed by a certificate this installation does not trust "
                       f"({cert.subject.human_friendly}, SHA-256 {fingerprint})")
    level = status.modification_level
    if level is None or level != ModificationLevel.NONE:
        reasons.append("the file was changed after it was signed (pyHanko modification level "
                       f"{getattr(level, 'name', 'unknown')})")
    if status.coverage != SignatureCoverageLevel.ENTIRE_FILE:
        reasons.append("the signature does not cover the whole file (coverage "
                       f"{getattr(status.coverage, 'name', 'unknown')})")
    stamp = status.timestamp_validity
    # The token sits outside the signed bytes (an unsigned attribute of the signature), so
    # only its own signature shows whether it was altered.
    if stamp is not None and not (stamp.intact and stamp.valid):
        reasons.append("the signature's timestamp token was altered: it no longer matches its "
                       "authority's signature or the signature it stamps")
    return SignatureCheck(
        signed=True, intact=bool(status.intact and status.valid), trusted=trusted,
        signer=cert.subject.human_friendly, signer_sha256=fingerprint,
        signing_time=status.signer_reported_dt,
        modification_level=getattr(level, "name", ""),
        coverage=getattr(status.coverage, "name", ""),
        timestamp=stamp.timestamp if stamp is not None else None,
        timestamp_authority=stamp.signing_cert.subject.human_friendly if stamp is not None else "",
        timestamp_trusted=bool(stamp is not None and stamp.trusted),
        timestamp_trust_problem=getattr(getattr(stamp, "trust_problem_indic", None), "name", ""),
        reasons=tuple(reasons),
    )


def sign_detached(data: bytes, identity: SigningIdentity) -> bytes:
    """A detached CMS SignedData (DER) over ``data``: the packet manifest's signature."""
    signer = _signer(identity)
    content = _run(signer.async_sign_general_data(data, DIGEST, detached=True))
    return content.dump()


def validate_detached(data: bytes, signature: bytes, trusted: list[bytes]) -> SignatureCheck:
    """Check a detached CMS signature over ``data`` against the ``trusted`` certificates."""
    try:
        content = cms.ContentInfo.load(signature)
        signed_data = content["content"]
        if content["content_type"].native != "signed_data":
            raise ValueError("not a CMS SignedData")
        signed_data.native  # noqa: B018 -- parses the whole structure, so damage shows here
    except (ValueError, TypeError, KeyError) as exc:
        return SignatureCheck(signed=False, reasons=(f"the signature cannot be read: {exc}",))
    try:
        with _quiet():
            status = _run(async_validate_detached_cms(
                data, signed_data, signer_validation_context=_context(trusted)))
    # A damaged but parseable structure (an algorithm identifier with a flipped bit...)
    # reaches pyHanko's internals, which then fail with whatever error they meet.
    except (ValueError, TypeError, KeyError, AttributeError, NotImplementedError) as exc:
        return SignatureCheck(signed=True, reasons=(f"the signature cannot be checked: {exc}",))
    cert = status.signing_cert
    fingerprint = hashlib.sha256(cert.dump()).hexdigest()
    trusted_ok = bool(status.trusted) and fingerprint in _fingerprints(trusted)
    reasons = []
    if not (status.intact and status.valid):
        reasons.append("the manifest was altered: its signature does not match it")
    elif not trusted_ok:
        reasons.append(f"signed by a certificate this installation does not trust "
                       f"({cert.subject.human_friendly}, SHA-256 {fingerprint})")
    return SignatureCheck(
        signed=True, intact=bool(status.intact and status.valid), trusted=trusted_ok,
        signer=cert.subject.human_friendly, signer_sha256=fingerprint,
        signing_time=status.signer_reported_dt, reasons=tuple(reasons),
    )
