"""`audit list` on the command line: times as the computer's clock shows them, and --since
a local day (the audit trail keeps UTC)."""
import sqlite3

from .test_cli import INIT


def test_audit_list_in_local_time(cli, sqlite_db, brasilia):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    with sqlite3.connect(sqlite_db) as raw:  # the init's first entry, at 01:30 UTC on 1/1
        raw.execute("UPDATE audit_log SET at = '2027-01-01 01:30:00' WHERE id = 1")
        action = raw.execute("SELECT action FROM audit_log WHERE id = 1").fetchone()[0]
    code, out, _ = cli("--db", sqlite_db, "audit", "list", "--limit", "1000")
    line = next(x for x in out.splitlines() if x.split()[0] == "1")
    assert code == 0 and "31/12/2026 22:30:00" in line and action in line
    # 31/12 from its local midnight takes it (22:30 that day); 01/01 from its local
    # midnight (03:00 UTC) does not
    def listed(since):
        code, out, _ = cli("--db", sqlite_db, "audit", "list", "--since", since,
                           "--limit", "1000")
        assert code == 0
        return any(x.split()[0] == "1" for x in out.splitlines() if x.strip())
    assert listed("31/12/2026") and not listed("01/01/2027")
