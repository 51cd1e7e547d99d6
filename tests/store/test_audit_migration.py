"""Schema v6: the audit entries already in an older database are chained when it is opened,
in id order, on SQLite and PostgreSQL; the upgraded table matches a new database's."""
from mototaxi_desk.domain.audit_chain import GENESIS
from mototaxi_desk.services import audit
from mototaxi_desk.store import connection
from mototaxi_desk.store.migrations import open_database
from mototaxi_desk.store.models import AuditLog

OLD_ENTRIES = [("2025-03-01 09:00:00", "person.register", "person", "1", None, '{"a": 1}'),
               ("2025-03-01 09:00:00.250000", "person.update", "person", "1", '{"a": 1}',
                '{"a": "Conceição"}'),
               ("2025-03-02 14:30:05", "fee.pay", "fee", "7", None, None)]


def test_old_entries_are_chained_on_upgrade(v1_url, tmp_path):
    raw = connection.make_database(v1_url)
    raw.connect()
    for row in OLD_ENTRIES:
        raw.execute_sql('INSERT INTO "audit_log" ("at", "action", "entity", "entity_id", '
                        '"before", "after") VALUES ' + f"({', '.join([raw.param] * 6)})",
                        row)
    raw.close()
    database = open_database(v1_url, backup_dir=tmp_path / "backups")
    columns = {c.name for c in database.get_columns("audit_log")}
    assert {"prev_hash", "entry_hash"} <= columns
    rows = list(AuditLog.select().order_by(AuditLog.id))
    # then the seal of the person already there (schema step 22, issue 34)
    assert [r.action for r in rows] == [e[1] for e in OLD_ENTRIES] + ["registro.selo"]
    assert rows[0].prev_hash == GENESIS
    assert [r.prev_hash for r in rows[1:]] == [r.entry_hash for r in rows[:-1]]
    assert audit.verify() == {"ok": True, "count": 4, "head": rows[-1].entry_hash,
                              "broken": None}
    # new entries continue the chain the migration started
    from mototaxi_desk.services.context import SYSTEM
    entry = audit.record(SYSTEM, "test.after_upgrade", "database", "")
    assert entry.prev_hash == rows[-1].entry_hash and audit.verify()["count"] == 5
    database.execute_sql("UPDATE audit_log SET after = NULL WHERE id = "
                         f"{rows[1].id}")
    assert audit.verify()["broken"]["id"] == rows[1].id
