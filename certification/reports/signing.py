"""Signatures on issued PDFs and packet manifests: the keys, certificates and findings.

The installation's key and certificate arrive as PEM bytes, and a check is always made
against certificates the caller trusts (the installation's current one and every one it
signed with before), never against whatever a file embeds. Signing and checking themselves
are pyHanko's (pades.py), loaded on first use: every Django process reaches this module (the
audit chain, backups, the field results' timestamp errors), and pyHanko with its HTTP client
takes about a third of a second to import. No Django here.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass, field

from asn1crypto import pem
from asn1crypto import x509 as asn1_x509
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from certification.lazy import lazy_names

DIGEST = "sha256"
# Room for the CMS signature in the file: enough for an RSA-4096 chain of a few certificates,
# and it spares pyHanko a trial signature to measure it.
SIGNATURE_BYTES = 16_384
SIGNATURE_FIELD = "TablecertSignature"


# A timestamp request waits this long for the authority before signing gives up.
TIMESTAMP_TIMEOUT_SECONDS = 10


class SigningKeyError(ValueError):
    """The key or certificate cannot be read, or they do not belong together."""


class TimestampError(RuntimeError):
    """The timestamp authority gave no usable timestamp (unreachable, refused, or untrusted):
    nothing was signed."""


@dataclass(frozen=True)
class TimestampAuthority:
    """An RFC 3161 timestamp authority and the root certificates (PEM or DER) it chains to."""

    url: str
    roots: tuple[bytes, ...]
    timeout: float = TIMESTAMP_TIMEOUT_SECONDS


@dataclass(frozen=True)
class SigningIdentity:
    """A private key and its certificate, as PEM."""

    key_pem: bytes
    cert_pem: bytes
    passphrase: bytes | None = None


@dataclass(frozen=True)
class SignatureCheck:
    """What a signature check found; ``ok`` only if every part of it holds."""

    signed: bool
    intact: bool = False
    """The signed bytes hash to what the signature states."""
    trusted: bool = False
    """Made by one of the trusted certificates."""
    signer: str = ""
    signer_sha256: str = ""
    """SHA-256 of the signer certificate (DER), the fingerprint to compare by hand."""
    signing_time: dt.datetime | None = None
    modification_level: str = ""
    """pyHanko's verdict on changes after signing: NONE for an untouched PDF."""
    coverage: str = ""
    timestamp: dt.datetime | None = None
    """The time an RFC 3161 timestamp token vouches for, when the signature carries one."""
    timestamp_authority: str = ""
    """The subject of the certificate that signed the timestamp token."""
    timestamp_trusted: bool = False
    """The token's certificate chains to a trusted timestamp root and is valid today."""
    timestamp_trust_problem: str = ""
    """Why it is not trusted, in pyHanko's terms (e.g. NO_CERTIFICATE_CHAIN_FOUND)."""
    reasons: tuple[str, ...] = field(default_factory=tuple)
    """Each problem found, in words; empty when ``ok``."""

    @property
    def ok(self) -> bool:
        return self.signed and self.intact and self.trusted and not self.reasons


def certificate_fingerprint(cert_pem_or_der: bytes) -> str:
    return hashlib.sha256(_cert_der(cert_pem_or_der)).hexdigest()


def certificate_subject(cert_pem_or_der: bytes) -> str:
    return asn1_x509.Certificate.load(_cert_der(cert_pem_or_der)).subject.human_friendly


def certificate_expiry(cert_pem_or_der: bytes) -> dt.datetime:
    return asn1_x509.Certificate.load(_cert_der(cert_pem_or_der)).not_valid_after


def make_self_signed(*, common_name: str, organisation: str, days: int = 3650
                     ) -> SigningIdentity:
    """A new ECDSA P-256 key and a self-signed certificate for document signing.

    P-256 rather than RSA: PDF readers accept both, and loading an RSA key (which pyHanko
    does on every signature) costs a fifth of a second of key checks.
    """
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, organisation)])
    now = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder().subject_name(name).issuer_name(name)
        .public_key(key.public_key()).serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5)).not_valid_after(now + dt.timedelta(days=days))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(
            digital_signature=True, content_commitment=True, key_encipherment=False,
            data_encipherment=False, key_agreement=False, key_cert_sign=False, crl_sign=False,
            encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    return SigningIdentity(
        key_pem=key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                  serialization.NoEncryption()),
        cert_pem=cert.public_bytes(serialization.Encoding.PEM),
    )


def _cert_der(data: bytes) -> bytes:
    if pem.detect(data):
        _, _, der = pem.unarmor(data)
        return der
    return data


def load_certificate(data: bytes) -> asn1_x509.Certificate:
    """A certificate (PEM or DER) as pyHanko takes it, e.g. for a ValidationContext."""
    return _load_cert(data)


def _load_cert(data: bytes) -> asn1_x509.Certificate:
    try:
        return asn1_x509.Certificate.load(_cert_der(data))
    except ValueError as exc:
        raise SigningKeyError(f"the certificate cannot be read: {exc}") from None


def split_certificates(data: bytes) -> list[bytes]:
    """Each certificate of a PEM bundle (or a single DER certificate), as PEM."""
    try:
        if pem.detect(data):
            found = [der for kind, _, der in pem.unarmor(data, multiple=True) if kind == "CERTIFICATE"]
        else:
            found = [data]
        for der in found:
            asn1_x509.Certificate.load(der).native  # noqa: B018 -- parses it, so damage shows here
    except (ValueError, TypeError) as exc:
        raise SigningKeyError(f"the certificates cannot be read: {exc}") from None
    if not found:
        raise SigningKeyError("the file holds no certificate")
    return [pem.armor("CERTIFICATE", der) for der in found]


# Signing and checking, from pades.py on first use.
PADES = "certification.reports.pades"
__getattr__, _, _ = lazy_names(__name__, globals(), {
    "sign_detached": PADES, "sign_pdf_bytes": PADES, "validate_detached": PADES, "validate_pdf": PADES,
})

__all__ = [
    "SignatureCheck",
    "SigningIdentity",
    "SigningKeyError",
    "TimestampAuthority",
    "TimestampError",
    "certificate_expiry",
    "certificate_fingerprint",
    "certificate_subject",
    "load_certificate",
    "make_self_signed",
    "split_certificates",
]
