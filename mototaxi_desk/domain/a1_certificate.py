"""The município's ICP-Brasil A1 certificate as the program judges it (issue 41 item 1): read
from its PKCS#12 file with the password, its holder, its CNPJ (the subjectAltName otherName
2.16.76.1.3.3 of ICP-Brasil's DOC-ICP-04) and its validity; refused with a Portuguese
message naming the field when the password is wrong, it is expired or not yet valid, or its
CNPJ is not the município's. Pure: bytes and dates in, facts out."""
from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass

from .errors import ValidationError
from .validators import format_date

CNPJ_OID = "2.16.76.1.3.3"
WARN_DAYS = 30          # `certificate show` and the Configurações page warn this close to the end
MAX_PFX_BYTES = 64 * 1024  # an A1 with its chain is a few KB


@dataclass(frozen=True)
class A1Facts:
    holder: str             # the subject's common name
    cnpj: str               # 14 digits, "" when the certificate carries none
    not_before: dt.date
    not_after: dt.date
    issuer: str
    fingerprint: str        # SHA-256 of the certificate, hex

    def days_left(self, today: dt.date) -> int:
        return (self.not_after - today).days

    def warning(self, today: dt.date) -> str:
        """What to tell the admin about the validity ('' when nothing)."""
        left = self.days_left(today)
        if left < 0:
            return (f"O certificado venceu em {format_date(self.not_after)}: os documentos "
                    "saem sem assinatura digital. Instale o certificado novo.")
        if left <= WARN_DAYS:
            word = "hoje" if left == 0 else f"em {left} dia{'s' if left != 1 else ''}"
            return (f"O certificado vence {word} ({format_date(self.not_after)}). Providencie "
                    "a renovação junto à autoridade certificadora e instale o novo.")
        return ""

    def as_dict(self) -> dict:
        return {"holder": self.holder, "cnpj": self.cnpj, "cnpj_text": cnpj_text(self.cnpj),
                "not_before": self.not_before.isoformat(), "not_after": self.not_after.isoformat(),
                "issuer": self.issuer, "fingerprint": self.fingerprint}


def cnpj_text(digits: str) -> str:
    if len(digits) != 14:
        return digits or "—"
    return f"{digits[:2]}.{digits[2:5]}.{digits[5:8]}/{digits[8:12]}-{digits[12:]}"


def _der_string(value: bytes) -> str:
    """The text of a DER-encoded string (PrintableString, UTF8String, IA5String or OCTET
    STRING: issuers differ), or of the raw bytes when they are not DER."""
    if len(value) >= 2 and value[0] in (0x04, 0x0C, 0x13, 0x16) and value[1] < 0x80:
        value = value[2:2 + value[1]]
    return value.decode("latin-1", "replace")


def cnpj_of(certificate) -> str:
    """The CNPJ of the otherName 2.16.76.1.3.3, digits only ('' without one)."""
    from cryptography import x509
    try:
        names = certificate.extensions.get_extension_for_class(
            x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return ""
    for name in names.get_values_for_type(x509.OtherName):
        if name.type_id.dotted_string == CNPJ_OID:
            digits = "".join(ch for ch in _der_string(name.value) if ch.isdigit())
            return digits[:14]
    return ""


def _common_name(name) -> str:
    from cryptography.x509.oid import NameOID
    values = name.get_attributes_for_oid(NameOID.COMMON_NAME)
    return str(values[0].value) if values else name.rfc4514_string()


def load(data: bytes, password: str):
    """(private key, certificate, other certificates) of a PKCS#12 file, or ValidationError
    naming the field."""
    from cryptography.hazmat.primitives.serialization import pkcs12
    if len(data) > MAX_PFX_BYTES:
        raise ValidationError("Arquivo do certificado", "grande demais para um certificado A1 "
                              f"(mais de {MAX_PFX_BYTES // 1024} KB).")
    try:
        key, cert, others = pkcs12.load_key_and_certificates(data, password.encode("utf-8"))
    except ValueError:
        raise ValidationError("Senha do certificado", "senha incorreta, ou o arquivo não é um "
                              "certificado A1 (PKCS#12, .pfx/.p12).") from None
    if key is None or cert is None:
        raise ValidationError("Arquivo do certificado", "o arquivo não traz a chave privada e "
                              "o certificado (exporte o A1 com a chave privada).")
    return key, cert, list(others)


def facts(certificate) -> A1Facts:
    from cryptography.hazmat.primitives import serialization
    der = certificate.public_bytes(serialization.Encoding.DER)
    return A1Facts(holder=_common_name(certificate.subject), cnpj=cnpj_of(certificate),
                   not_before=certificate.not_valid_before_utc.date(),
                   not_after=certificate.not_valid_after_utc.date(),
                   issuer=_common_name(certificate.issuer),
                   fingerprint=hashlib.sha256(der).hexdigest())


def check(found: A1Facts, *, municipio_cnpj: str, today: dt.date) -> None:
    """Refuse a certificate the município cannot sign with: expired, not yet valid, without
    the CNPJ, or of another CNPJ."""
    if found.not_after < today:
        raise ValidationError("Certificado", f"vencido em {format_date(found.not_after)}; "
                              "instale o certificado renovado.")
    if found.not_before > today:
        raise ValidationError("Certificado", "só passa a valer em "
                              f"{format_date(found.not_before)}.")
    if not municipio_cnpj:
        raise ValidationError("CNPJ da prefeitura", "cadastre o CNPJ da prefeitura antes "
                              "(Configurações → Cobrança; settings set municipio.cnpj).")
    if not found.cnpj:
        raise ValidationError("Certificado", "não traz o CNPJ (ICP-Brasil, OID "
                              f"{CNPJ_OID}); use o certificado e-CNPJ da prefeitura.")
    if found.cnpj != municipio_cnpj:
        raise ValidationError("Certificado", f"é do CNPJ {cnpj_text(found.cnpj)}, não do "
                              f"município ({cnpj_text(municipio_cnpj)}).")
