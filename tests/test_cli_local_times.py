"""The command line's times as the computer's clock shows them (the register keeps UTC):
`audit list` and its --since, the LGPD export's PDF."""
import datetime as dt
import sqlite3

from mototaxi_desk.domain import wallclock

from .printing import pdf_tools
from .test_cli import INIT
from .test_cli_person_export import _seed


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


def test_the_lgpd_exports_pdf_in_local_time(cli, sqlite_db, tmp_path, brasilia):
    """Its footer (when it was issued) and its audit table say the counter's time; the JSON
    beside it keeps the stored UTC."""
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    person, _permit = _seed(sqlite_db)
    before = wallclock.now()
    code, _out, err = cli("--db", sqlite_db, "person", "export", person["cpf_text"],
                          "-o", str(tmp_path))
    after = wallclock.now()
    assert code == 0, err
    [pdf_file] = tmp_path.glob("dados-pessoa-*.pdf")
    text = " ".join(pdf_tools.text(pdf_file.read_bytes()).split())
    issued = {f"emitida em {moment:%d/%m/%Y %H:%M}" for moment in (before, after)}
    assert any(line in text for line in issued), issued
    trail = text.split("Registros de auditoria")[1]  # its entries made a moment ago
    assert any(f"{moment:%d/%m/%Y %H}:" in trail
               for moment in (before - dt.timedelta(minutes=2), after))
    # nowhere in the document a time 3 hours later, the UTC one: the records' own times
    # (a permit's creation, an application's...) are shown as the trail's are
    assert not any(f"{moment:%d/%m/%Y %H}:" in text
                   for moment in (wallclock.utcnow() - dt.timedelta(minutes=2),
                                  wallclock.utcnow()))
