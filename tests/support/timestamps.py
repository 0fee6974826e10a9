"""A timestamp authority on loopback: RFC 3161 over HTTP, answered by pyHanko's own responder.

A root and a timestamping certificate (RSA: pyHanko's responder signs with RSA only) are made
with ``cryptography``; the timestamping certificate names a CRL on the same server, so a
signature's validation data has revocation information to carry.
"""

from __future__ import annotations

import datetime as dt
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from asn1crypto import keys, tsp
from asn1crypto import x509 as asn1_x509
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
from pyhanko.sign.timestamps import DummyTimeStamper
from pyhanko_certvalidator.registry import SimpleCertificateStore

ROOT_NAME = "Loopback Timestamp Root"
AUTHORITY_NAME = "Loopback Timestamp Authority"


def _name(common_name: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Test timestamping")])


def _usage(*, cert_sign: bool) -> x509.KeyUsage:
    return x509.KeyUsage(digital_signature=not cert_sign, content_commitment=False,
                         key_encipherment=False, data_encipherment=False, key_agreement=False,
                         key_cert_sign=cert_sign, crl_sign=cert_sign, encipher_only=False,
                         decipher_only=False)


class LocalTimestampAuthority:
    """Serves POST / (timestamp requests) and GET /root.crl on 127.0.0.1, a free port.

    ``refuse_first`` requests are answered 503, as an authority down for a moment would.
    """

    def __init__(self, *, refuse_first: int = 0):
        self.requests = 0
        self.refused = 0
        self._refuse_first = refuse_first
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.url = f"http://127.0.0.1:{self._server.server_port}/"
        now = dt.datetime.now(dt.UTC)
        self._root_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self.root = (
            x509.CertificateBuilder().subject_name(_name(ROOT_NAME)).issuer_name(_name(ROOT_NAME))
            .public_key(self._root_key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(days=1)).not_valid_after(now + dt.timedelta(days=365))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(_usage(cert_sign=True), critical=True)
            .sign(self._root_key, hashes.SHA256())
        )
        key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self.certificate = (
            x509.CertificateBuilder().subject_name(_name(AUTHORITY_NAME)).issuer_name(_name(ROOT_NAME))
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(days=1)).not_valid_after(now + dt.timedelta(days=90))
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(_usage(cert_sign=False), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.TIME_STAMPING]), critical=True)
            .add_extension(x509.CRLDistributionPoints([x509.DistributionPoint(
                full_name=[x509.UniformResourceIdentifier(f"{self.url}root.crl")], relative_name=None,
                reasons=None, crl_issuer=None)]), critical=False)
            .sign(self._root_key, hashes.SHA256())
        )
        self.crl = (
            x509.CertificateRevocationListBuilder().issuer_name(_name(ROOT_NAME))
            .last_update(now - dt.timedelta(minutes=5)).next_update(now + dt.timedelta(days=7))
            .sign(self._root_key, hashes.SHA256())
        )
        root_asn1 = asn1_x509.Certificate.load(self.root.public_bytes(serialization.Encoding.DER))
        self._responder = DummyTimeStamper(
            tsa_cert=asn1_x509.Certificate.load(self.certificate.public_bytes(serialization.Encoding.DER)),
            tsa_key=keys.PrivateKeyInfo.load(key.private_bytes(
                serialization.Encoding.DER, serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption())),
            certs_to_embed=SimpleCertificateStore.from_certs([root_asn1]),
        )
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def root_pem(self) -> bytes:
        return self.root.public_bytes(serialization.Encoding.PEM)

    def _handler(self):
        authority = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 -- the http.server API
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if authority.refused < authority._refuse_first:
                    authority.refused += 1
                    self.send_error(503)
                    return
                authority.requests += 1
                request = tsp.TimeStampReq.load(body)
                answer = authority._responder.request_tsa_response(request).dump()
                self._send(answer, "application/timestamp-reply")

            def do_GET(self):  # noqa: N802
                if self.path != "/root.crl":
                    self.send_error(404)
                    return
                self._send(authority.crl.public_bytes(serialization.Encoding.DER), "application/pkix-crl")

            def _send(self, body: bytes, content_type: str) -> None:
                self.send_response(200)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        return Handler

    def __enter__(self) -> LocalTimestampAuthority:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)
