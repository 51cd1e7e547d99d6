"""Tamper-evident audit (issue #8 part 3): each entry stores the hash of the one before; an
entry edited, removed, slipped in or moved by hand is found by `audit verify`, which names the
first broken link. The program itself never updates or deletes an entry."""
import pytest

from mototaxi_desk.domain.audit_chain import GENESIS
from mototaxi_desk.services import audit
from mototaxi_desk.services.register import persons
from mototaxi_desk.services.context import SYSTEM
from mototaxi_desk.store.models import DB, AppendOnlyError, AuditLog

from ..factories import CLERK, make_person

COLUMNS = ("user_id", "at", "action", "entity", "entity_id", "before", "after", "prev_hash",
           "entry_hash")


def _sql(statement: str, params=()):
    """Raw SQL as a person with database access would type it (placeholders per backend)."""
    return DB.obj.execute_sql(statement.replace("?", DB.obj.param), params)


def _row(entry_id: int) -> tuple:
    return _sql(f"SELECT {', '.join(COLUMNS)} FROM audit_log WHERE id = ?",
                (entry_id,)).fetchone()


def _ids() -> list[int]:
    return [i for (i,) in AuditLog.select(AuditLog.id).order_by(AuditLog.id).tuples()]


@pytest.fixture
def trail(municipio):
    """A município with a few people registered: a dozen chained entries."""
    for name in ("Ana Lúcia Brandão", "Cícero Falcão", "Inês Magalhães"):
        person = make_person(name)
        persons.update_person(CLERK, person["id"], {"phone": "99988776655"})
    ids = _ids()
    assert len(ids) >= 10
    return ids


def test_every_entry_links_to_the_one_before(trail):
    rows = list(AuditLog.select().order_by(AuditLog.id))
    assert rows[0].prev_hash == GENESIS
    for before, entry in zip(rows, rows[1:]):
        assert entry.prev_hash == before.entry_hash and len(entry.entry_hash) == 64
    result = audit.verify()
    assert result == {"ok": True, "count": len(rows), "head": rows[-1].entry_hash,
                      "broken": None}


def test_edited_after_is_found_at_that_entry(trail):
    target = trail[5]
    _sql("UPDATE audit_log SET after = ? WHERE id = ?", ('{"phone": "00000000000"}', target))
    result = audit.verify()
    assert not result["ok"] and result["broken"]["id"] == target
    assert "conteúdo foi alterado" in result["broken"]["problem"]
    assert result["count"] == 5  # the five before it still hold


@pytest.mark.parametrize("column, value", [("action", "person.view"), ("user_id", None),
                                           ("entity_id", "999")])
def test_any_edited_field_breaks_the_entry(trail, column, value):
    target = trail[3]
    if column == "user_id":  # the entry of an anonymous clerk gets a user: the admin
        value = _sql("SELECT id FROM \"user\" ORDER BY id LIMIT 1").fetchone()[0]
        assert _row(target)[0] != value
    _sql(f"UPDATE audit_log SET {column} = ? WHERE id = ?", (value, target))
    assert audit.verify()["broken"]["id"] == target


def test_edited_timestamp_is_found(trail):
    target = trail[4]
    _sql("UPDATE audit_log SET at = ? WHERE id = ?", ("2020-01-01 10:00:00", target))
    broken = audit.verify()["broken"]
    assert broken["id"] == target and broken["at_text"].startswith("01/01/2020 10:00")


def test_deleted_middle_entry_breaks_the_next_link(trail):
    _sql("DELETE FROM audit_log WHERE id = ?", (trail[6],))
    broken = audit.verify()["broken"]
    assert broken["id"] == trail[7]
    assert f"registro anterior (nº {trail[5]})" in broken["problem"]


def test_deleted_first_entries_are_found(trail):
    _sql("DELETE FROM audit_log WHERE id <= ?", (trail[1],))
    broken = audit.verify()["broken"]
    assert broken["id"] == trail[2] and "primeiro registro" in broken["problem"]


def test_recomputed_hash_of_an_edited_entry_breaks_the_next_link(trail):
    """Someone who knows the algorithm rewrites an entry and its own hash: the next entry
    still points at the old hash."""
    from mototaxi_desk.domain.audit_chain import entry_hash
    target = trail[4]
    entry = AuditLog.get_by_id(target)
    forged = entry_hash(at=entry.at, user_id=entry.user_id, action=entry.action,
                        entity=entry.entity, entity_id=entry.entity_id, before=entry.before,
                        after='{"x": 1}', prev_hash=entry.prev_hash, seals=entry.seals,
                        machine=entry.machine)
    _sql("UPDATE audit_log SET after = ?, entry_hash = ? WHERE id = ?",
         ('{"x": 1}', forged, target))
    assert audit.verify()["broken"]["id"] == trail[5]


def test_forged_row_without_hash_is_found(trail):
    _sql("INSERT INTO audit_log (at, action, entity, entity_id, after) "
         "VALUES (?, ?, ?, ?, ?)", ("2026-01-05 12:00:00", "fee.pay", "fee", "1", "{}"))
    broken = audit.verify()["broken"]
    assert broken["id"] > trail[-1] and "sem hash" in broken["problem"]


def test_forged_row_linked_to_the_head_is_found(trail):
    """A forger who copies the last hash as prev_hash but cannot produce the entry hash."""
    head = AuditLog.get_by_id(trail[-1]).entry_hash
    _sql("INSERT INTO audit_log (at, action, entity, entity_id, after, prev_hash, entry_hash) "
         "VALUES (?, ?, ?, ?, ?, ?, ?)",
         ("2026-01-05 12:00:00", "fee.pay", "fee", "1", "{}", head, "f" * 64))
    broken = audit.verify()["broken"]
    assert broken["id"] > trail[-1] and "conteúdo" in broken["problem"]


def test_reordered_entries_are_found(trail):
    """Two entries swapped (every column but the id): the first moved one breaks."""
    first, second = trail[3], trail[4]
    a, b = _row(first), _row(second)
    assignments = ", ".join(f"{c} = ?" for c in COLUMNS)
    _sql(f"UPDATE audit_log SET {assignments} WHERE id = ?", (*b, first))
    _sql(f"UPDATE audit_log SET {assignments} WHERE id = ?", (*a, second))
    broken = audit.verify()["broken"]
    assert broken["id"] == first and "elo" in broken["problem"]


def test_appending_after_a_break_still_reports_the_first_break(trail):
    _sql("UPDATE audit_log SET before = ? WHERE id = ?", ("{}", trail[2]))
    make_person("Otávio Leitão")
    assert audit.verify()["broken"]["id"] == trail[2]


def test_the_program_never_updates_or_deletes_an_entry(trail):
    entry = AuditLog.get_by_id(trail[0])
    entry.after = "{}"
    with pytest.raises(AppendOnlyError):
        entry.save()
    with pytest.raises(AppendOnlyError):
        entry.delete_instance()
    with pytest.raises(AppendOnlyError):
        AuditLog.update(after="{}")
    with pytest.raises(AppendOnlyError):
        AuditLog.delete()
    with pytest.raises(AppendOnlyError):
        AuditLog.replace(action="x")
    assert audit.verify()["ok"] and len(_ids()) == len(trail)


def test_no_code_path_updates_or_deletes_entries():
    """Beyond the model's guard: no module writes UPDATE/DELETE on audit_log by hand (the
    only UPDATE is the v6 migration, which chains the entries already there)."""
    import re
    from pathlib import Path
    import mototaxi_desk
    root = Path(mototaxi_desk.__file__).parent
    offenders = []
    for path in root.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if re.search(r"(UPDATE|DELETE FROM)\s+\"?audit_log", text, re.I) or \
                re.search(r"AuditLog\.(update|delete|replace)\b", text):
            offenders.append(path.relative_to(root).as_posix())
    assert offenders == []


def test_record_outside_a_transaction_is_chained(trail):
    entry = audit.record(SYSTEM, "test.outside", "database", "")
    assert entry.prev_hash == AuditLog.get_by_id(trail[-1]).entry_hash
    assert audit.verify()["ok"]


def test_entries_filter_by_entity_and_date(trail):
    people = audit.entries(entity="person")
    assert people and all(e["entity"] == "person" for e in people)
    assert [e["id"] for e in people] == sorted((e["id"] for e in people), reverse=True)
    one = audit.entries(entity="person", entity_id=people[0]["entity_id"])
    assert {e["entity_id"] for e in one} == {people[0]["entity_id"]}
    assert audit.entries(since="01/01/2200") == []


def test_cli_audit_verify_ok_then_broken(cli, sqlite_db):
    from ..test_cli import INIT
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    code, out, _ = cli("--db", sqlite_db, "audit", "verify")
    import sqlite3
    with sqlite3.connect(sqlite_db) as raw:  # init, the admin, and the automatic backup
        entries = raw.execute("SELECT COUNT(*) FROM audit_log").fetchone()[0]
    assert code == 0 and f"íntegra: {entries} registro(s)" in out and entries >= 2
    with sqlite3.connect(sqlite_db) as raw:
        raw.execute("UPDATE audit_log SET after = '{}' WHERE id = 1")
    code, out, _ = cli("--db", sqlite_db, "audit", "verify")
    assert code == 1 and "QUEBRADA no registro nº 1" in out and "municipio.init" in out
    code, out, _ = cli("--db", sqlite_db, "--json", "audit", "verify")
    assert code == 1 and '"id": 1' in out
    code, out, _ = cli("--db", sqlite_db, "check", "--quick")
    assert code == 1 and "Trilha de auditoria quebrada" in out
    code, out, _ = cli("--db", sqlite_db, "audit", "list", "--entity", "user")
    assert code == 0 and "user.add" in out and "municipio.init" not in out
