"""What `check` finds in the audit log, read once (issue 23: millions of entries on a large
register): the hash chain (every entry's hash recomputed and linked to the one before), the
seal of each sealed row (its digest recomputed from the row now) and the entities audited by
the actions the consistency checks look for (services/integrity.py).

The log and the sealed tables are read raw, in key order, in batches (store/scan.py): no
model instance per row. Whatever seems wrong there is read again as the model reads it and
judged as before, so a problem is reported exactly as the model's reading reports it."""
from __future__ import annotations

import datetime as dt
import json

from ..domain.audit_chain import GENESIS, canonical_row_digest, entry_hash, timed_entry_hash
from ..store.models import SEALED_FIELDS, AuditLog
from ..store.scan import CANONICAL_STAMP, canonical_rows, key_batches, time_text
from ..store.seals import digests, sealed_columns, sealed_model

# read raw: a text column's value is a str (or None) as the model reads it and the user an
# int; the time (and a user id of another type) goes through the model's reading, and a
# value of any other type (bytes) fails the fast hash and is judged as the model reads it
_decode = json.JSONDecoder().decode  # json.loads of a str, without its checks per call
_CHAIN = (AuditLog.id, AuditLog.at, AuditLog.user, AuditLog.action, AuditLog.entity,
          AuditLog.entity_id, AuditLog.before, AuditLog.after, AuditLog.prev_hash,
          AuditLog.entry_hash, AuditLog.seals, AuditLog.machine)


def walk(*, seals: bool = False, audited=()) -> dict:
    """One read of the log in id order: {"chain": audit.verify's result, "seals": {table:
    {row id: (digest, entry id)}} the last seal of each row and "unreadable": [ids of entries
    whose seals do not read] (with seals), "audited": {(action, entity): {entity ids}} for
    the pairs asked}. With neither, the read stops at the first broken entry."""
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
                        chain = {"ok": False, "count": count, "head": previous,
                                 "broken": {"id": row.id, "at": row.at,
                                            "at_text": _when(row.at), "action": row.action,
                                            "problem": problem}}
                        if not seals and not wanted:
                            return {"chain": chain}
            if wanted:
                ids = wanted.get((action, entity))
                if ids is not None:
                    ids.add(entity_id)
            if seals and sealed is not None:
                _note_seals(entry_id, sealed, latest, unreadable)
    if chain is None:
        chain = {"ok": True, "count": count, "head": previous, "broken": None}
    return {"chain": chain, "seals": latest, "unreadable": unreadable, "audited": wanted}


def seal_walk() -> dict:
    """walk(seals=True)'s "seals" and "unreadable" alone, reading only the entries' seals
    (no hash recomputed): what seal_problems needs, for a process of its own
    (services/check_beside.py)."""
    latest: dict[str, dict[int, tuple[str, int]]] = {}
    unreadable: list[int] = []
    for rows in key_batches(AuditLog, (AuditLog.id, AuditLog.seals),
                            AuditLog.seals.is_null(False)):
        for entry_id, sealed in rows:
            _note_seals(entry_id, sealed, latest, unreadable)
    return {"seals": latest, "unreadable": unreadable}


def _note_seals(entry_id: int, sealed, latest: dict, unreadable: list) -> None:
    """An entry's seals (raw) into `latest` ({table: {row id: (digest, entry id)}}: a later
    entry's seal of a row replaces an earlier one's), or its id into `unreadable`."""
    try:
        items = (_decode(sealed) if sealed.__class__ is str else
                 json.loads(AuditLog.seals.python_value(sealed))).items()
    except (ValueError, AttributeError):
        unreadable.append(entry_id)
        return
    for key, digest in items:
        table, _, row_id = key.partition(":")
        if table in SEALED_FIELDS and row_id.isdigit():
            latest.setdefault(table, {})[int(row_id)] = (digest, entry_id)


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
                 "fee": "Taxa", "impound": "Apreensão"}


def _describe(table: str, row_id: int) -> str:
    """The row as a person finds it on screen."""
    model = sealed_model(table)
    row = model.get_or_none(model._meta.primary_key == row_id)
    label = f"{SEALED_LABELS[table]} id {row_id}"
    if row is None:
        return label
    if table == "user":
        return f"{label} (login {row.login})"
    if table == "person":
        return f"{label} ({row.name})"
    if table == "permit":
        return f"{label} (nº de ordem {row.order_number})"
    if table == "infraction_notice":
        return f"{label} (auto nº {row.number:05d}/{row.year})"
    if table in ("penalty_charge", "fee"):
        return f"{label} ({format_cents(row.amount_cents)}, {row.status})"
    return label


def format_cents(cents: int) -> str:
    from ..domain.money import format_money
    return format_money(cents or 0)


def seal_problems(limit: int = 20, walked: dict | None = None) -> list[str]:
    """Rows whose sealed fields differ from the digest the last audit entry that saved them
    recorded: an edit (or a deletion) made outside the program. Each problem names the row
    and the audit entry that sealed it. Rows never sealed (older than the seals, or made in
    bulk for benchmarks) are not judged here. `walked`: a walk(seals=True) already made
    (else the log's seals are read: seal_walk).

    When audit entries were deleted (a checkpoint's head is no longer in the chain,
    services/checkpoints.lost_up_to), a row's last seal may have been among them: a row
    sealed by an entry before that head is then not said to be edited, only that it no
    longer matches the last seal left, as a consequence of the deletion."""
    from . import checkpoints
    walked = walked or seal_walk()
    lost_up_to = checkpoints.lost_up_to()
    problems = [f"Registro de auditoria nº {entry_id}: selos ilegíveis."
                for entry_id in walked["unreadable"]]
    for table, sealed in walked["seals"].items():
        for row_id, digest, entry_id, now in _unsealed(table, dict(sealed), limit + 1):
            if len(problems) >= limit:
                problems.append("… e outros registros (corrija os acima e rode de novo).")
                return problems
            if lost_up_to is not None and entry_id < lost_up_to:
                problems.append(_after_deletion(table, row_id, digest, entry_id, now))
                continue
            if not now:
                what = "foi apagado fora do programa"
            elif not digest:
                what = "existe, mas o programa o havia apagado"
            else:
                what = "foi alterado fora do programa"
            problems.append(f"{_describe(table, row_id)} {what}: não confere com o selo do "
                            f"registro de auditoria nº {entry_id}.")
    return problems


def _after_deletion(table: str, row_id: int, digest: str, entry_id: int, now: str) -> str:
    """A sealed row that differs from its last seal left in a chain that lost entries after
    that seal: the lost entries may have sealed it since (an ordinary edit by the program)."""
    if not now:
        what = "não existe mais"
    elif not digest:
        what = "existe, mas esse selo registrava a sua exclusão"
    else:
        what = "difere dele"
    return (f"{_describe(table, row_id)} não confere com o último selo que restou na trilha, "
            f"o do registro de auditoria nº {entry_id} ({what}): registros de auditoria "
            "posteriores a esse foram apagados (veja acima) e podem tê-lo selado depois; "
            "pela trilha que restou não se pode dizer se ele foi alterado fora do programa.")


def _unsealed(table: str, sealed: dict[int, tuple[str, int]], keep: int) -> list[tuple]:
    """(row id, sealed digest, entry id, digest now; "" when the row is gone) of the first
    `keep` sealed rows that differ from their seal, by row id. The table is read once in key
    order, raw; a row that seems to differ is read again as the model reads it (digests)
    before it counts. Empties `sealed`."""
    model, columns = sealed_columns(table)
    canonical = canonical_rows(columns)
    differ = []
    for rows in key_batches(model, [model._meta.primary_key, *columns]):
        for row in rows:
            seal = sealed.pop(row[0], None)
            if seal is None:
                continue  # never sealed: not judged
            try:
                now = canonical_row_digest(table, row[0], canonical(row[1:]))
            except TypeError:  # a value the fast reading does not know: the model's below
                now = None
            if now != seal[0] and len(differ) < keep:  # later ones are never shown
                now = digests(table, [row[0]]).get(row[0], "")
                if now != seal[0]:
                    differ.append((row[0], seal[0], seal[1], now))
    differ += [(row_id, digest, entry_id, "") for row_id, (digest, entry_id) in sealed.items()
               if digest]  # sealed rows no longer there (sealed as gone: "" agrees)
    sealed.clear()
    return sorted(differ)[:keep]
