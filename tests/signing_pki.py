"""A test PKI made with cryptography (issue 41): a root, an intermediate and the município's
A1 — "PREFEITURA MUNICIPAL DE TESTE:12345678000195" with the ICP-Brasil CNPJ otherName
(2.16.76.1.3.3) — as the PKCS#12 an admin installs. Keys are made once per session (RSA
key generation is the slow part); certificates per call, with the dates asked for."""
from __future__ import annotations

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
