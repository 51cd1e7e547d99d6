"""The verdict an inspector reads on a card or sticker: one word first, the one he acts on.

VÁLIDO only for a genuine, current document of a permit in force; anything else is INVÁLIDO
with the reason. The same words reach the command line, its JSON, the desktop dialog and the
offline phone page (services/exchange/verifier.py embeds REASONS in it), so the reasons live here once.

A document can have several problems at once (a superseded copy of a revoked permit); the
headline names the most serious, in the order of REASONS: who signed it first (falsificado,
outro município), then the permit's status, then the document's own validity and copy.
Pure: no database, no Qt.
"""
from __future__ import annotations

from dataclasses import dataclass, field

VALID, INVALID = "VÁLIDO", "INVÁLIDO"

# code -> the words after "INVÁLIDO — " ({} fields filled by `Reason.detail`); in the order
# the headline picks them.
REASONS: dict[str, str] = {
    "malformed": "não é um QR code de documento do mototáxi",
    "bad_signature": "falsificado ou alterado (a assinatura não confere)",
    "unknown_key": "falsificado: assinado por uma chave que o município não tem",
    "untrusted_key": "falsificado: a chave que o assinou não é confiável (existe só no "
                     "banco de dados)",
    "other_municipio": "documento de outro município (IBGE {ibge})",
    # the phone page only: its status list does not verify (the file was edited)
    "status_unverified": "a situação do município neste verificador não confere (arquivo "
                         "alterado): peça um verificador novo à Prefeitura",
    "cassated": "permissão cassada",
    "revoked": "permissão revogada",
    "suspended": "permissão suspensa",
    "interrupted": "permissão interrompida",
    "lapsed": "permissão caducada",
    "withdrawn": "permissão extinta por desistência",
    "permit_expired": "permissão vencida",
    "permit_missing": "permissão não existe no cadastro",
    # SRM Art. 6 XX: the card is licensed yearly; past its date it is not VÁLIDO, whatever
    # the validity the card shows (a card printed before the licensing rule shows the term)
    "licensing_overdue": "licenciamento anual do cartão vencido (cartão válido até "
                         "{card_valid_until})",
    "expired": "vencido (validade {valid_until})",
    "sticker_voided": "selo cancelado{replaced}",
    "sticker_missing": "selo não existe no cadastro",
    "no_permit": "o veículo do selo não serve nenhuma permissão em vigor",
    "superseded": "via substituída (esta é a {copy}ª via; a atual é a {latest}ª)",
    "not_issued": "via não emitida (impressão não concluída)",
    "holder_changed": "o permissionário atual não é o do cartão (permissão transferida)",
    "vehicle_changed": "o veículo da permissão mudou",
    "auxiliary_ended": "credencial do condutor auxiliar não está em vigor",
    "auxiliary_mismatch": "o CPF do cartão não confere com o do condutor auxiliar",
}

# A permit's status -> its reason (active is checked by date: permit_expired).
PERMIT_STATUS_REASONS = {"cassated": "cassated", "revoked": "revoked",
                         "suspended": "suspended", "interrupted": "interrupted",
                         "lapsed": "lapsed", "withdrawn": "withdrawn",
                         "expired": "permit_expired"}


@dataclass(frozen=True)
class Reason:
    code: str
    fields: dict = field(default_factory=dict)

    @property
    def text(self) -> str:
        return REASONS[self.code].format(**self.fields)


def ordered(reasons: list[Reason]) -> list[Reason]:
    """The reasons in headline order, each code once."""
    order = list(REASONS)
    seen, result = set(), []
    for reason in sorted(reasons, key=lambda r: order.index(r.code)):
        if reason.code not in seen:
            seen.add(reason.code)
            result.append(reason)
    return result


def verdict(reasons: list[Reason]) -> dict:
    """{verdict, valid, reason, reason_text, reasons, problems, headline} of a set of
    reasons (none: VÁLIDO)."""
    reasons = ordered(reasons)
    if not reasons:
        return {"verdict": VALID, "valid": True, "reason": None, "reason_text": "",
                "reasons": [], "problems": [], "headline": VALID}
    first = reasons[0]
    texts = [r.text for r in reasons]
    return {"verdict": INVALID, "valid": False, "reason": first.code,
            "reason_text": texts[0], "reasons": [r.code for r in reasons],
            "problems": texts, "headline": f"{INVALID} — {texts[0]}"}

# Shown instead of the data of a document whose signature was not checked (another
# município's: only its own key can check it), on the desktop and on the phone: the record's
# number, CPF digits and plate are claims, not the card's.
UNVERIFIED_DATA = ("os dados deste documento não são mostrados: a assinatura não foi "
                   "conferida (só a chave do município de origem a confere)")
