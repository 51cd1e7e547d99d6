"""The município's collection data, printed on every guia: its CNPJ, the 4-digit code
FEBRABAN gave it for collection barcodes, the check-digit module its bank's convênio uses
(10 or 11) and the PIX key that receives. Admin only, audited; every value checked first."""
from __future__ import annotations

from ...domain import febraban, pix
from ...domain.errors import DomainError, ValidationError
from ...store.connection import write_transaction
from .. import audit, permissions, setup
from ..context import Actor

# `settings set KEY VALUE` names (cli/municipio.py) -> the field each sets
KEYS = {"municipio.cnpj": "cnpj", "municipio.febraban_code": "febraban_code",
        "municipio.barcode_module": "barcode_module", "municipio.pix_key": "pix_key"}


def current() -> dict:
    row = setup.settings()
    key_kind = pix.guess_kind(row.pix_key) if row.pix_key else ""
    return {"cnpj": row.cnpj, "cnpj_text": pix.format_cnpj(row.cnpj) if row.cnpj else "",
            "febraban_code": row.febraban_code, "barcode_module": row.barcode_module,
            "pix_key": row.pix_key, "pix_kind": key_kind,
            "pix_text": pix.key_text(row.pix_key) if row.pix_key else ""}


def _module(value) -> int:
    text = str(value).strip()
    if text not in ("10", "11"):
        raise ValidationError("Módulo do dígito verificador", "use 10 ou 11, como diz o "
                                                              "convênio com o banco.")
    return int(text)


def clean(*, cnpj=None, febraban_code=None, barcode_module=None, pix_key=None,
          pix_kind: str | None = None) -> dict:
    """The checked values of the fields given (None: not changed; "" clears a code or key,
    never the CNPJ)."""
    values = {}
    if cnpj is not None:
        values["cnpj"] = pix.cnpj(cnpj, "CNPJ do município")
    if febraban_code is not None:
        values["febraban_code"] = (febraban.febraban_code(febraban_code)
                                   if str(febraban_code).strip() else "")
    if barcode_module is not None:
        values["barcode_module"] = _module(barcode_module)
    if pix_key is not None:
        values["pix_key"] = pix.pix_key(pix_key, pix_kind or None)[1] \
            if str(pix_key).strip() else ""
    return values


def update(actor: Actor, *, pix_kind: str | None = None, **fields) -> dict:
    """Change any of cnpj, febraban_code, barcode_module, pix_key (admin), audited."""
    permissions.require(actor, "settings.collection")
    unknown = set(fields) - set(KEYS.values())
    if unknown:
        raise DomainError(f"Dado de cobrança desconhecido: {', '.join(sorted(unknown))}.")
    values = clean(pix_kind=pix_kind, **fields)
    with write_transaction():
        row = setup.settings()
        before = audit.snapshot(row)
        for name, value in values.items():
            setattr(row, name, value)
        row.save()
        audit.record(actor, "municipio.collection", "municipio_settings", row.id,
                     before=before, after=audit.snapshot(row))
    return current()


def missing_for_guia() -> str:
    """Why a guia cannot be issued yet ('' when it can): the CNPJ, and a FEBRABAN code or a
    PIX key (at least one way to pay)."""
    row = setup.settings()
    lacking = []
    if not row.cnpj:
        lacking.append("o CNPJ do município")
    if not row.febraban_code and not row.pix_key:
        lacking.append("o código FEBRABAN ou a chave PIX")
    if not lacking:
        return ""
    return ("Para emitir guias, o administrador precisa cadastrar " + " e ".join(lacking) +
            " em Configurações → Cobrança (ou 'mototaxi-desk settings set').")
