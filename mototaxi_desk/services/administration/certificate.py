"""The município's A1 on this station (issue 41 item 1): install it from its PKCS#12 and
password (checked: the password, the dates, the CNPJ against the município's), show it with
a warning as its end nears, remove it; the timestamp server for PAdES-B-T. Install and
removal are audited. The file is kept by certificate_vault.py, never in clear.

`signing_material()` is what services/documents/signing.py signs with: None when no
certificate is installed, it has expired or its CNPJ is no longer the município's (the
demonstration database, another município's file): then documents go out unsigned."""
from __future__ import annotations

import datetime as dt
import threading
from dataclasses import replace
from pathlib import Path

from ... import settings_registry
from ...domain import a1_certificate as A1
from ...domain import wallclock
from ...domain.errors import DomainError, ValidationError
from .. import audit, permissions, setup
from . import certificate_vault as vault
from ..context import Actor

TIMESTAMP_SETTING = settings_registry.setting(settings_registry.CERTIFICADO_JSON,
                                              "timestamp_url").name
_cache: dict = {}
_lock = threading.Lock()


def _municipio_cnpj() -> str:
    return setup.settings().cnpj or ""


def _read_file(path: Path) -> bytes:
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > A1.MAX_PFX_BYTES:
            raise ValidationError("Arquivo do certificado", f"{path.name} é grande demais "
                                  "para um certificado A1.")
        return path.read_bytes()
    except OSError as exc:
        raise ValidationError("Arquivo do certificado",
                              f"não foi possível ler {path}: {exc.strerror or exc}.") from None


def _plain_pkcs12(key, cert, others) -> bytes:
    from cryptography.hazmat.primitives.serialization import NoEncryption, pkcs12
    return pkcs12.serialize_key_and_certificates(b"a1", key, cert, others or None,
                                                 NoEncryption())


def install(actor: Actor, path: Path | None = None, password: str = "", *,
            data: bytes | None = None) -> dict:
    """Install the A1 of `path` (or its bytes) opened with `password`; refused (nothing
    kept) when the password is wrong, the certificate expired or not yet valid, or of
    another CNPJ. Replaces the certificate installed before. Audited."""
    permissions.require(actor, "certificate.install")
    if data is None:
        if path is None:
            raise ValidationError("Arquivo do certificado", "informe o arquivo .pfx/.p12.")
        data = _read_file(path)
    key, cert, others = A1.load(data, password)
    found = A1.facts(cert)
    A1.check(found, municipio_cnpj=_municipio_cnpj(), today=wallclock.today())
    before = vault.facts() or {}
    facts = {**found.as_dict(), "installed_at": wallclock.now().isoformat(timespec="seconds"),
             "installed_by": actor.login, TIMESTAMP_SETTING: before.get(TIMESTAMP_SETTING, "")}
    vault.store(_plain_pkcs12(key, cert, others), facts)
    _forget()
    audit.record(actor, "certificate.install", "certificate", found.fingerprint[:16],
                 before=_audited(before) or None, after=_audited(facts))
    return show()


def _audited(facts: dict) -> dict:
    return {k: facts[k] for k in ("holder", "cnpj", "not_after", "fingerprint") if k in facts}


def remove(actor: Actor) -> dict:
    """Remove this station's A1 (documents go out unsigned again). Audited."""
    permissions.require(actor, "certificate.remove")
    before = vault.facts() or {}
    if vault.stamp() is None:
        raise DomainError("Nenhum certificado instalado nesta estação.")
    vault.erase()
    vault.save_facts({TIMESTAMP_SETTING: before.get(TIMESTAMP_SETTING, "")})
    _forget()
    audit.record(actor, "certificate.remove", "certificate",
                 str(before.get("fingerprint", ""))[:16] or "—", before=_audited(before))
    return show()


def set_timestamp_url(actor: Actor, url: str) -> dict:
    """The RFC 3161 timestamp server (PAdES-B-T); '' for none (PAdES-B-B). Audited."""
    permissions.require(actor, "certificate.timestamp")
    url = url.strip()
    if len(url) > 300:
        raise ValidationError("Servidor de carimbo do tempo", "endereço longo demais.")
    if url and not url.lower().startswith(("http://", "https://")):
        raise ValidationError("Servidor de carimbo do tempo",
                              "informe um endereço http:// ou https://, ou deixe vazio.")
    facts = vault.facts() or {}
    before = facts.get(TIMESTAMP_SETTING, "")
    facts[TIMESTAMP_SETTING] = url
    vault.save_facts(facts)
    _forget()
    audit.record(actor, "certificate.timestamp", "certificate", "carimbo",
                 before={TIMESTAMP_SETTING: before}, after={TIMESTAMP_SETTING: url})
    return show()


def timestamp_url() -> str:
    return str((vault.facts() or {}).get(TIMESTAMP_SETTING, ""))


def show(today: dt.date | None = None) -> dict:
    """This station's certificate as plain data: installed, the facts, days left, the
    warning (expiry near or past, CNPJ no longer the município's) and the signing mode."""
    today = today or wallclock.today()
    facts = vault.facts() or {}
    url = str(facts.get(TIMESTAMP_SETTING, ""))
    if vault.stamp() is None or "fingerprint" not in facts:
        return {"installed": False, "timestamp_url": url, "warning": "",
                "signing": "Sem certificado: os documentos saem sem assinatura digital."}
    found = _facts_of(facts)
    warning = found.warning(today)
    cnpj = _municipio_cnpj()
    if found.cnpj != cnpj:
        warning = (f"O CNPJ do certificado ({A1.cnpj_text(found.cnpj)}) não é o do município "
                   f"({A1.cnpj_text(cnpj)}): os documentos saem sem assinatura digital.")
    signs = found.days_left(today) >= 0 and found.cnpj == cnpj
    mode = "PAdES-B-T (com carimbo do tempo)" if url else "PAdES-B-B"
    return {"installed": True, **found.as_dict(), "days_left": found.days_left(today),
            "installed_at": facts.get("installed_at", ""),
            "installed_by": facts.get("installed_by", ""), "timestamp_url": url,
            "warning": warning,
            "signing": (f"Os documentos saem assinados ({mode}, PDF/A-2b)." if signs else
                        "Os documentos saem sem assinatura digital.")}


def _facts_of(facts: dict) -> A1.A1Facts:
    return A1.A1Facts(holder=facts["holder"], cnpj=facts["cnpj"],
                      not_before=dt.date.fromisoformat(facts["not_before"]),
                      not_after=dt.date.fromisoformat(facts["not_after"]),
                      issuer=facts.get("issuer", ""), fingerprint=facts["fingerprint"])


def _forget() -> None:
    with _lock:
        _cache.clear()


def signing_material():
    """printing.pades.SigningMaterial of this station's A1, or None (no certificate, expired,
    or not the município's CNPJ). The dates and the CNPJ are those of the decrypted
    certificate itself, not of certificado.json (a file anyone may edit). The decrypted key
    is kept in memory for the process while the file is unchanged: signing a document then
    costs no key unwrapping."""
    stamp = vault.stamp()
    if stamp is None:
        return None
    facts = vault.facts() or {}
    if "fingerprint" not in facts:
        return None
    url = str(facts.get(TIMESTAMP_SETTING, ""))
    with _lock:
        if _cache.get("stamp") != stamp:
            _cache.clear()
            _cache.update(_load_material(), stamp=stamp)
        found, material = _cache["facts"], _cache["material"]
    if found.days_left(wallclock.today()) < 0 or found.cnpj != _municipio_cnpj():
        return None
    return material if material.timestamp_url == url else replace(material, timestamp_url=url)


def _load_material() -> dict:
    from cryptography.hazmat.primitives.serialization import pkcs12

    from ...printing import pades
    data = vault.load()
    found = A1.facts(pkcs12.load_key_and_certificates(data, None)[1])
    return {"facts": found, "material": pades.SigningMaterial(
        signer=pades.load_signer(data), holder=found.holder,
        cnpj_text=A1.cnpj_text(found.cnpj))}
