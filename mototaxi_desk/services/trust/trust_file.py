"""The trust file's format (`keys/trusted-<IBGE>.json`, services/trust/keys.py tells the scheme) and
the proofs it carries: what a station may add to its trusted keys, and on what grounds.

Format 2 ("mototaxi-desk-trusted-keys/2"): {format, ibge, municipio, uf, keys: [entry]}, an
entry {key_id "IBGE-serial", serial, public_key (hex), fingerprint (sha256 hex), created_at,
retired_at, and optionally succeeds: {key_id, signature}} — `succeeds` is the rotation's
signed statement "this key succeeds that one", made with the private half of the key it
succeeds (succession_statement). A station that trusts that key, or receives it in the same
file with its own proof, can check the statement, so a rotation spreads without anybody
comparing fingerprints; any other new key needs its fingerprint confirmed by an admin.

Format 1 files (no statements) still load: parse() upgrades them in memory, their keys keep
being trusted where they are, and a station that receives one confirms each new key.
"""
from __future__ import annotations

import hashlib
import re

from ...domain.errors import DomainError
from ...printing import qr

TRUST_FORMAT = "mototaxi-desk-trusted-keys/2"
FORMAT_1 = "mototaxi-desk-trusted-keys/1"
SUCCESSION = "mototaxi-desk-key-succession/1"
MIN_CONFIRM_DIGITS = 16  # the 64 bits people compare ('A1B2 C3D4 E5F6 0718')


def fingerprint(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def _upgrade(data: dict) -> dict:
    """A format 1 file as format 2: the same keys, none carrying a statement."""
    if data.get("format") != FORMAT_1:
        return data
    return {**data, "format": TRUST_FORMAT,
            "keys": [{k: v for k, v in entry.items() if k != "succeeds"}
                     for entry in data.get("keys") or [] if isinstance(entry, dict)]}


def parse(data, source) -> dict:
    """The trust file's content, checked (upgraded to format 2), or DomainError naming the
    source."""
    try:
        data = _upgrade(data)
        entries = data["keys"]
        ok = data["format"] == TRUST_FORMAT and isinstance(entries, list) and \
            isinstance(data["ibge"], str) and all(_entry_ok(k, data["ibge"]) for k in entries)
        refs = [k["key_id"] for k in entries] if ok else []
        ok = ok and len(set(refs)) == len(refs) and \
            len({k["public_key"] for k in entries}) == len(refs)
    except (AttributeError, KeyError, TypeError, ValueError):
        ok = False
    if not ok:
        raise DomainError(f"{source} não é um arquivo de chaves confiáveis do Mototáxi Desk.")
    return data


def _entry_ok(entry: dict, ibge: str) -> bool:
    serial = int(entry["serial"])
    if not (len(bytes.fromhex(entry["public_key"])) == 32 and
            entry["key_id"] == qr.key_ref(ibge, serial) and
            fingerprint(bytes.fromhex(entry["public_key"])) == entry["fingerprint"]):
        return False
    succeeds = entry.get("succeeds")
    if succeeds is None:
        return True
    match = re.fullmatch(rf"{re.escape(ibge)}-(\d+)", succeeds["key_id"])
    return (match is not None and int(match.group(1)) < serial and
            len(bytes.fromhex(succeeds["signature"])) == 64)


def succession_statement(ibge: str, old: dict, new: dict) -> bytes:
    """The bytes the old key signs at a rotation: both keys, whole."""
    return "\n".join((SUCCESSION, ibge, old["key_id"], old["public_key"], new["key_id"],
                      new["public_key"])).encode("ascii")


def sign_succession(ibge: str, old: dict, new: dict, old_private) -> dict:
    return {"key_id": old["key_id"],
            "signature": qr.sign_bytes(succession_statement(ibge, old, new), old_private).hex()}


def plan(current: dict | None, incoming: dict) -> dict:
    """What `incoming` would add to the keys a station trusts (`current`, None for none):
    `kept` (already trusted, unchanged), `signed` (each new key whose statement is signed by
    a key trusted here or by one of the file's keys added with it — serials go up, so the
    signer comes first) and `unsigned` (new keys only an admin's confirmation adds). Refused:
    a trusted key missing or changed, a statement that does not verify."""
    ibge = incoming["ibge"]
    trusted = {k["key_id"]: k for k in (current or {}).get("keys", [])}
    by_ref = {k["key_id"]: k for k in incoming["keys"]}
    lost = [ref for ref, k in trusted.items()
            if by_ref.get(ref, {}).get("public_key") != k["public_key"]]
    if lost:
        raise DomainError("O arquivo não traz as chaves já confiáveis desta estação "
                          f"({', '.join(lost)}) como estão: nada foi alterado.")
    known = {**by_ref, **trusted}
    result = {"kept": sorted(trusted), "signed": [], "unsigned": []}
    for entry in sorted(incoming["keys"], key=lambda k: k["serial"]):
        if entry["key_id"] in trusted:
            continue
        succeeds = entry.get("succeeds")
        signer = known.get(succeeds["key_id"]) if succeeds else None
        if signer is not None and not qr.verify_bytes(
                succession_statement(ibge, signer, entry), bytes.fromhex(succeeds["signature"]),
                bytes.fromhex(signer["public_key"])):
            raise DomainError(f"A assinatura da chave {entry['key_id']} pela chave "
                              f"{signer['key_id']} não confere: o arquivo foi alterado. Nada "
                              "foi alterado.")
        result["signed" if signer is not None else "unsigned"].append(
            {**entry, "signed_by": signer["key_id"] if signer is not None else None})
    return result


def normalised(print_: str) -> str:
    return re.sub(r"[\s:.-]", "", print_ or "").lower()


def confirmed(unsigned: list[dict], confirmations) -> list[dict]:
    """The unsigned keys an admin's confirmations name (each a fingerprint, at least its
    first 16 hex digits, spaces allowed); DomainError for a confirmation that names none
    of them (a typo, or a key compared with the wrong station)."""
    named = []
    for text in confirmations:
        wanted = normalised(text)
        matches = [k for k in unsigned if len(wanted) >= MIN_CONFIRM_DIGITS and
                   k["fingerprint"].startswith(wanted)]
        if not matches:
            raise DomainError(f"A impressão digital '{text.strip()}' não é de nenhuma chave "
                              "nova deste arquivo (informe ao menos os 16 primeiros dígitos): "
                              "nada foi alterado.")
        named += [k for k in matches if k not in named]
    return named
