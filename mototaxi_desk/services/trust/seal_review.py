"""The administrator's way out of a row changed outside the program (issue 34 item 3): the
rows that disagree with their seal, each with what changed (the integrity banner's detail),
and two audited acts with a reason that seal the row again — accept it as it now is, or put
back the sealed values when the audit's snapshots know them all. The refusal itself is
services/trust/seal_refusal.py's."""
from __future__ import annotations

from ...domain import validators
from ...domain.errors import DomainError, ValidationError
from ...domain.search_terms import fold
from ...store import seals as row_seals
from ...store.connection import write_transaction
from ...store.models import SEALED_FIELDS, RowSeal
from .. import audit, permissions
from . import audit_walk
from ..context import Actor
from .seal_refusal import TABLE_WORDS, WORD_OF, changes_text, diagnose


def table_of(word: str) -> str:
    """The sealed table a word names (usuario, pessoa, permissao... or the table's name)."""
    key = fold(str(word or "").strip()).replace(" ", "_")
    table = TABLE_WORDS.get(key, key)
    if table not in SEALED_FIELDS:
        raise ValidationError("Tabela", f"use uma de: {', '.join(TABLE_WORDS)}.")
    return table


# --- the administrator's way out ---------------------------------------------------------------

def review(limit: int = 50) -> list[dict]:
    """The rows that disagree with their last seal in the chain (or whose index line does),
    each with what changed and whether the sealed values can be put back: the integrity
    banner's detail. Reads the whole log's seals and every sealed table (seconds on a
    large register: call it off the window's thread)."""
    out = []
    for table, row_id, seal, entry_id in audit_walk.differing_rows(limit=limit):
        found = diagnose(table, row_id, seal, entry_id)
        out.append({"table": table, "word": WORD_OF[table], "row_id": row_id,
                    "label": audit_walk.describe(table, row_id), "entry_id": entry_id,
                    "changes": _what(seal, found),
                    "restorable": found["restorable"], "gone": found["gone"]})
    return out


def _what(seal: str | None, found: dict) -> str:
    if seal is None:
        return "não tem selo de auditoria: foi incluída fora do programa"
    if not seal and not found["gone"]:
        return "existe, mas o programa a havia apagado"
    return changes_text(found)


def _state(table: str, row_id: int) -> tuple:
    """(chain's last seal and entry or None, index line or None, canonical row or None)."""
    chain = row_seals.chain_seal(table, row_id)
    line = RowSeal.get_or_none((RowSeal.table_name == table) & (RowSeal.row_id == row_id))
    return chain, line, row_seals.row_canonical(table, row_id)


def _to_review(actor: Actor, table_word, row_id, reason) -> tuple:
    permissions.require(actor, "integrity.accept")
    table = table_of(table_word)
    row_id = validators.positive_int(str(row_id).strip(), "Id", maximum=2**63 - 1)
    reason = validators.text(reason, "Motivo", max_length=500)
    chain, line, canonical = _state(table, row_id)
    if chain is None and line is None and canonical is None:
        raise ValidationError("Id", f"{audit_walk.SEALED_LABELS[table]} id {row_id} não "
                                    "existe.")
    index_ok = line is not None and chain is not None and \
        (line.seal, line.entry_id) == chain
    if chain is not None and index_ok and row_seals.agrees(table, row_id, chain[0], canonical):
        raise DomainError(f"{audit_walk.describe(table, row_id)} confere com o seu selo "
                          "de auditoria: nada a aceitar nem a restaurar.")
    return table, row_id, reason, chain


def accept(actor: Actor, table_word, row_id, reason) -> dict:
    """The administrator accepts a row changed outside the program as it now is (a row gone
    as gone): an audited act with the reason, which seals it again. The entry keeps the
    old seal and, when the snapshots tell it, what had changed."""
    with write_transaction():
        table, row_id, reason, chain = _to_review(actor, table_word, row_id, reason)
        seal, entry_id = chain or ("", None)
        found = diagnose(table, row_id, seal, entry_id)
        label = audit_walk.describe(table, row_id)
        row_seals.accept_as_is(table, row_id)
        model = row_seals.sealed_model(table)
        row = model.get_or_none(model._meta.primary_key == row_id)
        audit.record(actor, "registro.selo_aceito", table, row_id,
                     before={"selo": seal, "registro_do_selo": entry_id,
                             "alteracao": changes_text(found)},
                     after={"motivo": reason, **(audit.snapshot(row) if row is not None
                                                 else {"apagado": True})})
    return {"table": table, "row_id": row_id, "label": label,
            "changes": changes_text(found), "action": "accepted"}


def restore(actor: Actor, table_word, row_id, reason) -> dict:
    """The administrator puts back the sealed values of a row changed outside the program,
    when the audit's snapshots of the row know every changed field: an audited act with the
    reason, which seals the row again."""
    with write_transaction():
        table, row_id, reason, chain = _to_review(actor, table_word, row_id, reason)
        seal, entry_id = chain or ("", None)
        found = diagnose(table, row_id, seal, entry_id)
        label = audit_walk.describe(table, row_id)
        if not found["restorable"]:
            raise DomainError(f"{label}: os valores selados não estão todos na auditoria "
                              f"({changes_text(found)}); só é possível aceitar a linha como "
                              "está.")
        model = row_seals.sealed_model(table)
        row = model.get_by_id(row_id)
        before = audit.snapshot(row)
        for name, value in found["values"].items():
            setattr(row, name, value)
        if table == "person" and "name" in found["values"]:
            from ..views.search import index_person_name
            row.name_folded = fold(row.name)
        row_seals.accept_as_is(table, row_id)
        row.save()
        if table == "person" and "name" in found["values"]:
            index_person_name(row)
        audit.record(actor, "registro.selo_restaurado", table, row_id, before=before,
                     after={"motivo": reason, **audit.snapshot(row)})
        label = audit_walk.describe(table, row_id)  # as it is named now
    return {"table": table, "row_id": row_id, "label": label,
            "changes": changes_text(found), "action": "restored"}
