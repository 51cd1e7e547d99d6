"""A test PKI made with cryptography (issue 41): a root, an intermediate and the município's
A1 — "PREFEITURA MUNICIPAL DE TESTE:12345678000195" with the ICP-Brasil CNPJ otherName
(2.16.76.1.3.3) — as the PKCS#12 an admin installs. Keys are made once per session (RSA
key generation is the slow part); certificates per call, with the dates asked for."""
from __future__ import annotations

import contextlib
import datetime as dt
from dataclasses import dataclass
from functools import lru_cache

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

CNPJ = "12345678000195"
HOLDER = f"PREFEITURA MUNICIPAL DE TESTE:{CNPJ}"
CNPJ_OID = x509.ObjectIdentifier("2.16.76.1.3.3")
PASSWORD = "senha-do-A1-de-teste"


@lru_cache(maxsize=8)
def _key(name: str) -> rsa.RSAPrivateKey:
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


def _name(cn: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COUNTRY_NAME, "BR"),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, "ICP-Brasil"),
                      x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def _ca(cn: str, key, issuer_name, issuer_key, start, end, path_length):
    return (x509.CertificateBuilder().subject_name(_name(cn)).issuer_name(issuer_name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(start).not_valid_after(end)
            .add_extension(x509.BasicConstraints(ca=True, path_length=path_length), True)
            .add_extension(x509.KeyUsage(True, False, False, False, False, True, True, False,
                                         False), True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), False)
            .sign(issuer_key, hashes.SHA256()))


@dataclass(frozen=True)
class TestPki:
    root: x509.Certificate
    intermediate: x509.Certificate
    leaf: x509.Certificate
    leaf_key: rsa.RSAPrivateKey

    def pfx(self, password: str = PASSWORD) -> bytes:
        return pkcs12.serialize_key_and_certificates(
            b"a1", self.leaf_key, self.leaf, [self.intermediate, self.root],
            serialization.BestAvailableEncryption(password.encode()))


def make_pki(*, cnpj: str = CNPJ, not_before: dt.datetime | None = None,
             not_after: dt.datetime | None = None, holder: str | None = None) -> TestPki:
    """The chain; the leaf valid from `not_before` to `not_after` (default: a year around
    the real now — pyHanko's validator checks against the real time)."""
    now = dt.datetime.now(dt.timezone.utc)
    start = not_before or now - dt.timedelta(days=30)
    end = not_after or now + dt.timedelta(days=335)
    ca_start, ca_end = now - dt.timedelta(days=3650), now + dt.timedelta(days=3650)
    root_key, mid_key, leaf_key = _key("root"), _key("intermediate"), _key("leaf")
    root = _ca("AC Raiz de Teste", root_key, _name("AC Raiz de Teste"), root_key, ca_start,
               ca_end, 1)
    mid = _ca("AC Intermediaria de Teste", mid_key, root.subject, root_key, ca_start, ca_end, 0)
    holder = holder or f"PREFEITURA MUNICIPAL DE TESTE:{cnpj}"
    other = x509.OtherName(CNPJ_OID, b"\x13" + bytes([len(cnpj)]) + cnpj.encode())
    leaf = (x509.CertificateBuilder().subject_name(_name(holder)).issuer_name(mid.subject)
            .public_key(leaf_key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(start).not_valid_after(end)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), True)
            .add_extension(x509.KeyUsage(True, True, True, False, False, False, False, False,
                                         False), True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.CLIENT_AUTH,
                                                  ExtendedKeyUsageOID.EMAIL_PROTECTION]), False)
            .add_extension(x509.SubjectAlternativeName([
                other, x509.RFC822Name("prefeitura@teste.gov.br")]), False)
            .sign(mid_key, hashes.SHA256()))
    return TestPki(root, mid, leaf, leaf_key)


def validate(pdf: bytes, pki: TestPki):
    """pyHanko's verdict on the document's one signature, trusting only the test root."""
    import io

    from asn1crypto import x509 as asn1_x509
    from pyhanko.pdf_utils.reader import PdfFileReader
    from pyhanko.sign.validation import validate_pdf_signature
    from pyhanko_certvalidator import ValidationContext

    reader = PdfFileReader(io.BytesIO(pdf))
    assert len(reader.embedded_signatures) == 1
    root = asn1_x509.Certificate.load(pki.root.public_bytes(serialization.Encoding.DER))
    context = ValidationContext(trust_roots=[root], allow_fetching=False)
    return validate_pdf_signature(reader.embedded_signatures[0], context)


def pdfa_parts(pdf: bytes) -> dict:
    """What PDF/A-2b asks that the tests check: the XMP's pdfaid, the output intent, and
    whether every font of every page (and of the signature's appearance) is embedded."""
    import io

    from pyhanko.pdf_utils.reader import PdfFileReader

    reader = PdfFileReader(io.BytesIO(pdf))
    xmp = reader.root["/Metadata"].get_object().data.decode("utf-8")
    intents = reader.root.get("/OutputIntents")
    intent = intents[0].get_object() if intents else {}
    fonts, seen = [], set()

    def resolved(value):
        return value.get_object() if value is not None else {}

    def walk(resources):
        if resources is None:
            return
        resources = resources.get_object()
        for font in resolved(resources.get("/Font")).values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            target = descendants[0].get_object() if descendants else font
            descriptor = target.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            fonts.append(any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")))
        for xobject in resolved(resources.get("/XObject")).values():
            xobject = xobject.get_object()
            if id(xobject) not in seen and xobject.get("/Subtype") == "/Form":
                seen.add(id(xobject))  # (ReportLab's forms, the block's imported page)
                walk(xobject.get("/Resources"))

    for page_ref in reader.root["/Pages"]["/Kids"]:
        page = page_ref.get_object()
        walk(page.get("/Resources"))
        for annot in page.get("/Annots") or []:
            appearance = annot.get_object().get("/AP")
            if appearance is not None:
                walk(appearance.get_object()["/N"].get_object().get("/Resources"))
    info = reader.trailer_view["/Info"].get_object()
    return {"xmp": xmp, "info": {k: str(v) for k, v in info.items()},
            "intent_s": str(intent.get("/S", "")),
            "intent_profile": "/DestOutputProfile" in intent, "fonts": fonts}


@contextlib.contextmanager
def tsa_server(pki: TestPki):
    """An RFC 3161 timestamp server on 127.0.0.1 (pyHanko's DummyTimeStamper behind
    http.server), its certificate issued by the test intermediate; yields its URL."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from asn1crypto import keys as asn1_keys
    from asn1crypto import tsp
    from asn1crypto import x509 as asn1_x509
    from pyhanko.sign.timestamps.dummy_client import DummyTimeStamper

    now = dt.datetime.now(dt.timezone.utc)
    key = _key("tsa")
    cert = (x509.CertificateBuilder().subject_name(_name("Carimbo do Tempo de Teste"))
            .issuer_name(pki.intermediate.subject).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(days=30))
            .not_valid_after(now + dt.timedelta(days=365))
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.TIME_STAMPING]), True)
            .sign(_key("intermediate"), hashes.SHA256()))

    def der(c):
        return asn1_x509.Certificate.load(c.public_bytes(serialization.Encoding.DER))

    stamper = DummyTimeStamper(
        tsa_cert=der(cert),
        tsa_key=asn1_keys.PrivateKeyInfo.load(key.private_bytes(
            serialization.Encoding.DER, serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption())),
        certs_to_embed=[der(pki.intermediate)])
    served = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 (http.server's name)
            body = self.rfile.read(int(self.headers["Content-Length"]))
            answer = stamper.request_tsa_response(tsp.TimeStampReq.load(body)).dump()
            served.append(len(answer))
            self.send_response(200)
            self.send_header("Content-Type", "application/timestamp-reply")
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/tsa", served
    finally:
        server.shutdown()
        server.server_close()
