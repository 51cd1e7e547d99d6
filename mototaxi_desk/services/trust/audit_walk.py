"""What `check` finds in the audit log, read once (issue 23: millions of entries on a large
register): the hash chain (every entry's hash recomputed and linked to the one before), the
seal of each sealed row (its digest recomputed from the row now) and the entities audited by
the actions the consistency checks look for (services/trust/integrity.py).

The log and the sealed tables are read raw, in key order, in batches (store/scan.py): no
model instance per row. Whatever seems wrong there is read again as the model reads it and
judged as before, so a problem is reported exactly as the model's reading reports it."""
from __future__ import annotations

import datetime as dt

import peewee as pw

from ...domain.audit_chain import GENESIS, entry_hash, timed_entry_hash
from ...store import chain_sql
from ...store.connection import is_postgres
from ...store.models import DB, SEALED_FIELDS, AuditLog, RowSeal
from ...store.scan import CANONICAL_STAMP, key_batches, time_text
from ...store import seals as row_seals
from ...store.seals import sealed_model

# read raw: a text column's value is a str (or None) as the model reads it and the user an
# int; the time (and a user id of another type) goes through the model's reading, and a
# value of any other type (bytes) fails the fast hash and is judged as the model reads it
_CHAIN = (AuditLog.id, AuditLog.at, AuditLog.user, AuditLog.action, AuditLog.entity,
          AuditLog.entity_id, AuditLog.before, AuditLog.after, AuditLog.prev_hash,
          AuditLog.entry_hash, AuditLog.seals, AuditLog.machine)


def walk(*, seals: bool = False, audited=()) -> dict:
    """One read of the log in id order: {"chain": audit.verify's result, "seals": {table:
    {row id: (digest, entry id)}} the last seal of each row and "unreadable": [ids of entries
    whose seals do not read] (with seals), "audited": {(action, entity): {entity ids}} for
    the pairs asked}. With neither, the read stops at the first broken entry."""
    if is_postgres():
        walked = _walk_on_server(audited)
        if walked is not None:
            latest, unreadable = row_seals.chain_seals() if seals else ({}, [])
            return {**walked, "seals": latest, "unreadable": unreadable}
    wanted = {pair: set() for pair in audited}
    latest: dict[str, dict[int, tuple[str, int]]] = {}
    unreadable: list[int] = []
    chain = None
    previous, previous_id, count = GENESIS, None, 0
    at_field, user_field, canonical_stamp = AuditLog.at, AuditLog.user, CANONICAL_STAMP.fullmatch
    for rows in key_batches(AuditLog, _CHAIN):
        for (entry_id, at, user_id, action, entity, entity_id, before, after, prev_hash,
             stored, sealed, machine) in rows:
            if chain is None:
                sound = False
                if stored and prev_hash and prev_hash == previous:
                    try:
                        sound = timed_entry_hash(
                            at if at.__class__ is str and canonical_stamp(at) else
                            time_text(at_field, at), user_id if user_id.__class__ is int or
                            user_id is None else user_field.python_value(user_id), action,
                            entity, entity_id, before, after, prev_hash, sealed,
                            machine) == stored
                    except TypeError:
                        pass
                if sound:
                    previous, previous_id, count = stored, entry_id, count + 1
                else:  # as the model reads it: what is wrong, if anything
                    row = AuditLog.get_by_id(entry_id)
                    problem = _problem(row, previous, previous_id)
                    if not problem:
                        previous, previous_id, count = row.entry_hash, entry_id, count + 1
                    else:
                        chain = _broken(row, problem, count, previous)
                        if not seals and not wanted:
                            return {"chain": chain}
            if wanted:
                ids = wanted.get((action, entity))
                if ids is not None:
                    ids.add(entity_id)
            if seals and sealed is not None:
                _note_seals(entry_id, sealed, latest, unreadable)
    if chain is None:
        chain = _sound(count, previous)
    return {"chain": chain, "seals": latest, "unreadable": unreadable, "audited": wanted}


def _sound(count: int, head: str) -> dict:
    """The chain's verdict when every entry is sound."""
    return {"ok": True, "count": count, "head": head, "broken": None}


def _broken(row: AuditLog, problem: str, count: int, previous: str) -> dict:
    """The chain's verdict at its first broken entry (`count` sound ones before it)."""
    return {"ok": False, "count": count, "head": previous,
            "broken": {"id": row.id, "at": row.at, "at_text": _when(row.at),
                       "action": row.action, "problem": problem}}


DOUBTS = 200  # entries the server doubts that the walk judges here; more: it walks in Python
# (a log tampered with in many places, or whose text the server writes otherwise)


def _walk_on_server(audited) -> dict | None:
    """walk()'s "chain" and "audited" on PostgreSQL, the hashes recomputed by the server
    (store/chain_sql.py): only the entries it doubts are read and judged here, as the model
    reads them. None when it doubts more than DOUBTS entries: the walk is then made in
    Python."""
    head_id = AuditLog.select(pw.fn.MAX(AuditLog.id)).scalar()  # the walk's end: entries
    # appended from now on are the next walk's, as they are for the walk in batches
    wanted = {pair: set() for pair in audited}
    if head_id is None:
        return {"chain": _sound(0, GENESIS), "audited": wanted}
    doubts = chain_sql.doubtful_entries(DOUBTS, head_id)
    if doubts is None:
        return None
    chain = None
    for entry_id in doubts:
        before = (AuditLog.select(AuditLog.id, AuditLog.entry_hash)
                  .where(AuditLog.id < entry_id).order_by(AuditLog.id.desc()).limit(1)
                  .tuples().first())
        previous, previous_id = (before[1] or "", before[0]) if before else (GENESIS, None)
        row = AuditLog.get_by_id(entry_id)
        problem = _problem(row, previous, previous_id)
        if problem:
            count = AuditLog.select().where(AuditLog.id < entry_id).count()
            chain = _broken(row, problem, count, previous)
            break
    if chain is None:
        head = AuditLog.select(AuditLog.entry_hash).where(AuditLog.id == head_id).scalar()
        chain = _sound(AuditLog.select().where(AuditLog.id <= head_id).count(), head or "")
    if wanted:
        actions, entities = sorted({a for a, _ in wanted}), sorted({e for _, e in wanted})
        for action, entity, entity_id in DB.obj.execute(
                AuditLog.select(AuditLog.action, AuditLog.entity, AuditLog.entity_id).where(
                    AuditLog.action.in_(actions) & AuditLog.entity.in_(entities) &
                    (AuditLog.id <= head_id))):
            ids = wanted.get((action, entity))
            if ids is not None:
                ids.add(entity_id)
    return {"chain": chain, "audited": wanted}


def seal_walk() -> dict:
    """walk(seals=True)'s "seals" and "unreadable" alone, reading only the entries' seals
    (no hash recomputed): what seal_problems needs, for a process of its own
    (services/trust/check_beside.py)."""
    latest, unreadable = row_seals.chain_seals()
    return {"seals": latest, "unreadable": unreadable}


_note_seals = row_seals.note_seals


def _stored_hash(row: AuditLog) -> str:
    return entry_hash(at=row.at, user_id=row.user_id, action=row.action, entity=row.entity,
                      entity_id=row.entity_id, before=row.before, after=row.after,
                      prev_hash=row.prev_hash, seals=row.seals, machine=row.machine)


def _when(value) -> str:
    return f"{value:%d/%m/%Y %H:%M:%S} UTC" if isinstance(value, dt.datetime) else str(value)


def _problem(row: AuditLog, previous: str, previous_id: int | None) -> str:
    if not row.entry_hash or not row.prev_hash:
        return "registro sem hash: foi inserido fora do programa"
    if row.prev_hash != previous:
        if previous_id is None:
            return ("o primeiro registro não começa a cadeia: registros anteriores foram "
                    "apagados")
        return (f"o elo com o registro anterior (nº {previous_id}) não confere: um registro "
                f"entre os dois foi apagado ou inserido, ou a ordem foi trocada "
                f"(esperado {previous[:12]}…, gravado {row.prev_hash[:12]}…)")
    if _stored_hash(row) != row.entry_hash:
        return ("o conteúdo foi alterado depois de gravado (data, usuário, máquina, ação, "
                "entidade ou dados antes/depois não conferem com o hash)")
    return ""


# --- what `check` finds about sealed rows -------------------------------------------------------

SEALED_LABELS = {"user": "Usuário", "person": "Pessoa", "permit": "Permissão",
                 "infraction_notice": "Auto de infração", "penalty_charge": "Débito (multa)",
                 "fee": "Taxa", "impound": "Apreensão", "vehicle": "Veículo",
                 "stand": "Ponto", "cnh": "CNH", "auxiliary_driver": "Condutor auxiliar",
                 "inspection": "Vistoria", "sticker": "Selo de vistoria",
                 "guia": "Guia de recolhimento", "municipio_settings": "Dados do município",
                 "signing_key": "Chave de assinatura"}


def describe(table: str, row_id: int) -> str:
    """The row as a person finds it on screen: its kind, id and what names it (login, name,
    permit number, plate...)."""
    model = sealed_model(table)
    row = model.get_or_none(model._meta.primary_key == row_id)
    label = f"{SEALED_LABELS[table]} id {row_id}"
    if row is None:
        return label
    named = _NAMED.get(table)
    return f"{label} ({named(row)})" if named else label


_NAMED = {
    "user": lambda r: f"login {r.login}",
    "person": lambda r: r.name,
    "permit": lambda r: f"nº de ordem {r.order_number}",
    "infraction_notice": lambda r: f"auto nº {r.number:05d}/{r.year}",
    "penalty_charge": lambda r: f"{format_cents(r.amount_cents)}, {r.status}",
    "fee": lambda r: f"{format_cents(r.amount_cents)}, {r.status}",
    "vehicle": lambda r: f"placa {r.plate_original or r.plate}",
    "stand": lambda r: f"ponto nº {r.number}, {r.name}",
    "cnh": lambda r: f"CNH nº {r.number}",
    "auxiliary_driver": lambda r: f"credencial nº {r.id}",
    "inspection": lambda r: f"de {r.inspected_on:%d/%m/%Y}" if hasattr(r.inspected_on,
                                                                       "strftime") else "",
    "sticker": lambda r: f"selo nº {r.serial}",
    "guia": lambda r: f"guia nº {r.number}/{r.year}, {format_cents(r.amount_cents)}",
    "municipio_settings": lambda r: f"{r.name}/{r.uf}",
    "signing_key": lambda r: f"nº {r.key_id}, impressão digital {r.fingerprint[:16].upper()}",
}


def format_cents(cents: int) -> str:
    from ...domain.money import format_money
    return format_money(cents or 0)


def seal_problems(limit: int = 20, walked: dict | None = None) -> list[str]:
    """Rows whose sealed fields differ from the seal the last audit entry that saved them
    recorded: an edit (or a deletion) made outside the program. Each problem names the row
    and the audit entry that sealed it; a row with no seal at all was inserted outside the
    program (schema step 22 sealed every row there was). Then the index of last seals
    (row_seal) against the chain: a line that names another seal or entry than the chain's
    last one was edited outside the program. `walked`: a walk(seals=True) already made (else
    the log's seals are read: seal_walk).

    When audit entries were deleted (a checkpoint's head is no longer in the chain,
    services/checkpoints.lost_up_to), a row's last seal may have been among them: a row
    sealed by an entry before that head is then not said to be edited, only that it no
    longer matches the last seal left, as a consequence of the deletion."""
    from . import checkpoints
    walked = walked or seal_walk()
    lost_up_to = checkpoints.lost_up_to()
    problems = [f"Registro de auditoria nº {entry_id}: selos ilegíveis."
                for entry_id in walked["unreadable"]]
    problems += index_problems(walked["seals"], limit, lost_up_to)
    for table in SEALED_FIELDS:
        sealed = dict(walked["seals"].get(table, {}))
        for row_id, seal, entry_id, now in _unsealed(table, sealed, limit + 1):
            if len(problems) >= limit:
                problems.append("… e outros registros (corrija os acima e rode de novo).")
                return problems
            if seal is None:
                problems.append(f"{describe(table, row_id)} não tem selo de auditoria: foi "
                                "incluído fora do programa (ou o seu selo foi apagado).")
                continue
            if lost_up_to is not None and entry_id < lost_up_to:
                problems.append(_after_deletion(table, row_id, seal, entry_id, now))
                continue
            if now is None:
                what = "foi apagado fora do programa"
            elif not seal:
                what = "existe, mas o programa o havia apagado"
            else:
                what = "foi alterado fora do programa"
            problems.append(f"{describe(table, row_id)} {what}: não confere com o selo do "
                            f"registro de auditoria nº {entry_id}.")
    return problems


def _after_deletion(table: str, row_id: int, digest: str, entry_id: int, now: str) -> str:
    """A sealed row that differs from its last seal left in a chain that lost entries after
    that seal: the lost entries may have sealed it since (an ordinary edit by the program)."""
    if now is None:
        what = "não existe mais"
    elif not digest:
        what = "existe, mas esse selo registrava a sua exclusão"
    else:
        what = "difere dele"
    return (f"{describe(table, row_id)} não confere com o último selo que restou na trilha, "
            f"o do registro de auditoria nº {entry_id} ({what}): registros de auditoria "
            "posteriores a esse foram apagados (veja acima) e podem tê-lo selado depois; "
            "pela trilha que restou não se pode dizer se ele foi alterado fora do programa.")


def differing_rows(walked: dict | None = None, limit: int = 50) -> list[tuple]:
    """(table, row id, seal, entry id) of the rows that disagree with their last seal in the
    chain, and of those whose row_seal line disagrees with the chain: what an administrator
    may accept or put back (services/trust/seal_review.py)."""
    walked = walked or seal_walk()
    found = {(table, row_id): (seal, entry_id)
             for table, row_id, seal, entry_id, _ in _index_differences(walked["seals"], limit)}
    for table in SEALED_FIELDS:
        sealed = dict(walked["seals"].get(table, {}))
        for row_id, seal, entry_id, _now in _unsealed(table, sealed, limit):
            found[(table, row_id)] = (seal, entry_id)
    return sorted((table, row_id, seal, entry_id)
                  for (table, row_id), (seal, entry_id) in found.items())[:limit]


def index_problems(latest: dict, limit: int = 20, lost_up_to: int | None = None) -> list[str]:
    """The row_seal lines that disagree with the chain's last seal of their row. When audit
    entries were deleted (`lost_up_to`, services/checkpoints.lost_up_to), a line naming an
    entry after the chain's last seal of its row is the deletion's consequence — the row's
    own problem says so — not an edit of the index."""
    problems = []
    for table, row_id, _seal, entry_id, indexed in _index_differences(latest, limit):
        if lost_up_to is not None and indexed is not None and indexed > (entry_id or 0):
            continue
        where = (f"não confere com o selo do registro de auditoria nº {entry_id}"
                 if entry_id is not None else "a trilha de auditoria nunca selou esta linha")
        problems.append(f"{describe(table, row_id)}: o índice de selos foi alterado fora do "
                        f"programa ({where}).")
    return problems


def _index_differences(latest: dict, limit: int) -> list[tuple]:
    """(table, row id, chain's seal, chain's entry id, the index line's entry id) of the
    first `limit` rows whose row_seal line is not the chain's last seal (an index line for
    a row the chain never sealed: chain's entry id None; a row with no index line: the
    line's entry id None)."""
    differ = []
    seen: set[tuple[str, int]] = set()
    for rows in key_batches(RowSeal, (RowSeal.id, RowSeal.table_name, RowSeal.row_id,
                                      RowSeal.seal, RowSeal.entry_id)):
        for _, table, row_id, seal, entry_id in rows:
            seen.add((table, row_id))
            chain = latest.get(table, {}).get(row_id)
            if chain != (seal, entry_id) and len(differ) < limit:
                differ.append((table, row_id) + (chain or ("", None)) + (entry_id,))
    for table, sealed in latest.items():
        for row_id, (seal, entry_id) in sealed.items():
            if (table, row_id) not in seen and len(differ) < limit:
                differ.append((table, row_id, seal, entry_id, None))
    return differ


def _unsealed(table: str, sealed: dict[int, tuple[str, int]], keep: int) -> list[tuple]:
    """(row id, sealed seal, entry id, ""; None when the row is gone) of the first `keep`
    rows that differ from their last seal, by row id; a row the chain never sealed comes
    with seal and entry None (since schema step 22 sealed every row, one inserted outside
    the program). The table is read once in key order, raw; a row that seems to differ is
    read again as the model reads it before it counts. Empties `sealed`."""
    differ = []
    agrees = row_seals.agreement(table)
    for row_id, canonical in row_seals.scan(table):
        seal = sealed.pop(row_id, None)
        if seal is None:
            if len(differ) < keep:
                differ.append((row_id, None, None, ""))
            continue
        if not agrees(row_id, seal[0], canonical) and len(differ) < keep:
            confirmed = row_seals.row_canonical(table, row_id)  # as the model reads it
            if not row_seals.agrees(table, row_id, seal[0], confirmed):
                differ.append((row_id, seal[0], seal[1], ""))
    differ += [(row_id, seal, entry_id, None) for row_id, (seal, entry_id) in sealed.items()
               if seal]  # sealed rows no longer there (sealed as gone: "" agrees)
    sealed.clear()
    return sorted(differ, key=lambda d: d[0])[:keep]
