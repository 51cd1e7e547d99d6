"""The evidence of the evidence (issue 34 item 4): the last audit entries deleted together
with this station's checkpoint file, or an older copy of the database put in place by hand
(SQLite: the file copied over; PostgreSQL: what a pg_restore of an older dump does) with
the checkpoint removed, are named by `check`; a restore through the program, or an
administrator's acknowledgement, is accepted, audited, and `check` is clean after; a new
station is no error; and `check`'s words are exact on both databases (issue 34 item 10)."""
import json
from pathlib import Path

import pytest

from mototaxi_desk.domain.errors import DomainError
from mototaxi_desk.services.trust import (acknowledgement, checkpoints, integrity, keys,
                                          published_head, station_marks)
from mototaxi_desk.services import audit
from mototaxi_desk.services.administration import backups
from mototaxi_desk.services.context import SYSTEM, Actor, PermissionDenied
from mototaxi_desk.store.models import AuditLog, Fee, StationMark

from ..conftest import BACKENDS, backend_of, row_counts
from ..factories import make_person
from .ledger_helpers import ADMIN, holder_permit
from .rollback_helpers import drop_copy, older_copy, put_back_by_hand, sql

REMOVED = "foi apagado fora do programa"
OLDER = "ou o banco foi substituído por uma cópia mais antiga sem passar pela restauração"


@pytest.fixture
def station(srm):
    """This station has worked on the register: its two checkpoint files are written and
    signed, and the database knows it."""
    keys.ensure_key(SYSTEM)
    person, permit = holder_permit()
    first, second = checkpoints.read(), checkpoints.read(checkpoints.second_path())
    assert first["signature"] and first == second
    assert checkpoints.path().parent != checkpoints.second_path().parent
    mine = station_marks.here()
    assert (mine.audit_id, mine.entry_hash, mine.entries) == \
        (first["id"], first["hash"], first["count"]) == (_last_id(), _last_hash(),
                                                         AuditLog.select().count())
    assert integrity.check(file_check=False) == []
    return {"person": person, "permit": permit}


def _last_id() -> int:
    return AuditLog.select(AuditLog.id).order_by(AuditLog.id.desc()).scalar()


def _last_hash() -> str:
    return AuditLog.select(AuditLog.entry_hash).order_by(AuditLog.id.desc()).scalar()


def _delete_entries_from(db_url: str, first: int) -> None:
    sql(db_url, "DELETE FROM audit_log WHERE id >= ?", (first,))


def _problems() -> str:
    return "\n".join(integrity.check(file_check=False))


def _one_more_entry() -> None:
    """Work goes on: one action, one audit entry."""
    before = AuditLog.select().count()
    backups.set_retention(ADMIN, 10, 3, True)
    assert AuditLog.select().count() == before + 1


# --- the checkpoint deleted with the last entries -------------------------------------------------

@pytest.mark.parametrize("both", [False, True], ids=["arquivo-da-pasta-de-dados", "os-dois"])
def test_the_checkpoint_deleted_with_the_last_entries_is_named(station, db_url, both):
    saved = checkpoints.read()
    _delete_entries_from(db_url, saved["id"] - 2)
    checkpoints.path().unlink()
    if both:
        checkpoints.second_path().unlink()
    assert audit.verify()["ok"]  # the shorter chain still links
    text = _problems()
    assert (f"O marco da trilha de auditoria desta estação ({checkpoints.path()}) {REMOVED}: "
            f"o banco registra que esta estação viu {saved['count']} registros até o nº "
            f"{saved['id']}") in text
    who = "o marco desta estação guardado no banco" if both else \
        "o marco assinado desta estação"
    assert f"Trilha de auditoria truncada: {who}, de " in text
    assert f"registra {saved['count']} registros até o nº {saved['id']}, mas a trilha " \
           f"termina no nº {saved['id'] - 3}, com {saved['count'] - 3} registros" in text

    # working on writes neither the file again nor a lower mark in the database
    _one_more_entry()
    assert not checkpoints.path().exists()
    mine = station_marks.here()
    assert (mine.audit_id, mine.entry_hash) == (saved["id"], saved["hash"])
    text = _problems()
    assert REMOVED in text and "Trilha de auditoria truncada" in text


def test_the_second_file_alone_deleted_is_written_again(station):
    """The data folder's file is the one the database vouches for; the second copy, lost
    alone, is written again at the next action (it is also how a station that ran an
    earlier version gets it)."""
    checkpoints.second_path().unlink()
    assert integrity.check(file_check=False) == []
    _one_more_entry()
    assert checkpoints.read(checkpoints.second_path()) == checkpoints.read()
    assert checkpoints.read()["id"] == _last_id()


def test_the_file_deleted_alone_is_named_until_an_admin_acknowledges(station):
    """No entry lost: the deletion is still named (the station's evidence is gone), and
    stays so while the station works on, until an administrator acknowledges it."""
    checkpoints.path().unlink()
    _one_more_entry()
    assert f"desta estação ({checkpoints.path()}) {REMOVED}" in _problems()
    done = acknowledgement.acknowledge(ADMIN)
    assert REMOVED in done["problems"][0]
    assert integrity.check(file_check=False) == []
    assert checkpoints.read()["id"] == _last_id() == done["entry"]


# --- an older copy put in place ------------------------------------------------------------------

@pytest.mark.parametrize("both", [False, True], ids=["arquivo-da-pasta-de-dados", "os-dois"])
def test_an_older_copy_put_in_place_by_hand_is_named(station, db_url, tmp_path, both):
    copy = older_copy(db_url, tmp_path)
    try:
        make_person("Outra Pessoa da Silva")  # work after the copy was taken
        saved = checkpoints.read()
        put_back_by_hand(db_url, copy)
        checkpoints.path().unlink()
        if both:
            checkpoints.second_path().unlink()
        assert audit.verify()["ok"]  # the older chain links
        text = _problems()
        # the copy's own table knows this station: the deleted file is named either way
        assert f"desta estação ({checkpoints.path()}) {REMOVED}" in text
        if not both:  # the second file says how far the chain went
            assert f"registra {saved['count']} registros até o nº {saved['id']}" in text
            assert OLDER in text
    finally:
        drop_copy(db_url, copy)


@pytest.mark.parametrize("db_url", [BACKENDS[0]], indirect=True)
def test_a_restore_through_the_program_is_accepted_audited_and_clean(station, db_url,
                                                                     tmp_path):
    copied_head = _last_id()  # the copy's own table: this station saw it up to here
    made = backups.make_backup(SYSTEM)
    make_person("Outra Pessoa da Silva")
    saved = checkpoints.read()
    backups.restore(ADMIN, Path(db_url), made["path"])
    assert integrity.check(file_check=False) == []
    entry = AuditLog.select().where(AuditLog.action == "backup.restore").get()
    marks = json.loads(entry.before)["marcos"]  # what the station's marks said, audited
    assert marks["arquivos"][str(checkpoints.path())]["id"] == saved["id"]
    assert marks["banco"]["id"] == copied_head < saved["id"]
    assert checkpoints.read()["id"] == station_marks.here().audit_id == _last_id()
    _one_more_entry()
    assert integrity.check(file_check=False) == []


def test_an_older_copy_put_in_place_knowingly_is_acknowledged(station, db_url, tmp_path):
    """PostgreSQL is restored on the server (pg_restore), behind the program: every station
    that worked since names it, until an administrator acknowledges it there."""
    copy = older_copy(db_url, tmp_path)
    try:
        make_person("Outra Pessoa da Silva")
        saved = checkpoints.read()
        put_back_by_hand(db_url, copy)
        assert OLDER in _problems()
        before = row_counts()
        for role in ("atendente", "fiscal", "supervisor"):
            with pytest.raises(PermissionDenied):
                acknowledgement.acknowledge(Actor(None, role, role))
        assert row_counts() == before and OLDER in _problems()

        done = acknowledgement.acknowledge(ADMIN)
        entry = AuditLog.get_by_id(done["entry"])
        assert entry.action == "audit.acknowledge" and entry.id == _last_id()
        said = json.loads(entry.before)
        assert said["arquivos"][str(checkpoints.path())]["id"] == saved["id"]
        assert any(OLDER in p for p in said["problemas"])
        assert integrity.check(file_check=False) == []
        assert checkpoints.read()["id"] == station_marks.here().audit_id == entry.id
        with pytest.raises(DomainError, match="Nada a reconhecer"):
            acknowledgement.acknowledge(ADMIN)
    finally:
        drop_copy(db_url, copy)


# --- other stations -------------------------------------------------------------------------------

def test_a_new_station_is_no_error(station, tmp_path, monkeypatch):
    """Another PC (or another Windows user) on the same database: no file, no row, nothing
    wrong. Its first action writes its file, the next one its row."""
    monkeypatch.setenv("MOTOTAXI_DATA_DIR", str(tmp_path / "outro-balcao"))
    assert checkpoints.read() is None and station_marks.here() is None
    assert integrity.check(file_check=False) == []
    _one_more_entry()
    assert checkpoints.read()["id"] == _last_id() and station_marks.here() is None
    _one_more_entry()
    assert station_marks.here().audit_id == _last_id()
    assert StationMark.select().count() == 2
    assert integrity.check(file_check=False) == []


def test_another_stations_mark_in_the_database_names_entries_it_saw_deleted(
        station, db_url, tmp_path, monkeypatch):
    """Several counters: the entries another station wrote last are deleted, and its
    files with them. This station's own marks still hold; the database's row of the other
    one names the deletion. An acknowledgement here removes that row (audited); the other
    station's own file keeps naming it there until acknowledged there."""
    here_dir = Path(checkpoints.path().parent)
    monkeypatch.setenv("MOTOTAXI_DATA_DIR", str(tmp_path / "outro-balcao"))
    _one_more_entry()
    _one_more_entry()
    theirs = station_marks.here()
    monkeypatch.setenv("MOTOTAXI_DATA_DIR", str(here_dir))
    _delete_entries_from(db_url, theirs.audit_id - 1)
    text = _problems()
    assert (f"Trilha de auditoria truncada: o marco da estação {theirs.machine} (usuário "
            f"{theirs.os_user}) guardado no banco, de ") in text
    assert f"registra {theirs.entries} registros até o nº {theirs.audit_id}" in text
    assert "desta estação" not in text

    done = acknowledgement.acknowledge(ADMIN)
    assert [o["id"] for o in done["others"]] == [theirs.audit_id]
    assert integrity.check(file_check=False) == []
    monkeypatch.setenv("MOTOTAXI_DATA_DIR", str(tmp_path / "outro-balcao"))  # no key: unsigned
    assert "Trilha de auditoria truncada: o marco desta estação, de " in _problems()


# --- check's words (issue 34 item 10) --------------------------------------------------------------

def test_the_words_are_exact_when_work_went_on_after_the_deletion(station, db_url):
    """PostgreSQL's numbers go on after the deleted ones, SQLite gives them again: either
    way the message states what the chain holds, never 'N registros até o nº N, mas o
    banco termina no nº N+1'."""
    saved = checkpoints.read()
    _delete_entries_from(db_url, saved["id"] - 2)
    _one_more_entry()
    last = _last_id()
    up_to = AuditLog.select().where(AuditLog.id <= saved["id"]).count()
    said = f"registra {saved['count']} registros até o nº {saved['id']}, mas "
    if backend_of(db_url) == "postgres":
        assert last > saved["id"]
        words = (f"{said}o nº {saved['id']} não existe mais (há {up_to} registros até esse "
                 f"número; a trilha segue até o nº {last}, com registros gravados depois): "
                 "registros foram apagados fora do programa")
    else:
        assert last == saved["id"] - 2 and up_to == saved["count"] - 2
        words = (f"{said}a trilha termina no nº {last}, com {up_to} registros: os últimos "
                 "registros foram apagados fora do programa")
    assert words in _problems()


def test_a_row_whose_sealing_entry_was_deleted_is_not_said_edited(station, db_url):
    """The last entries deleted took the fee's payment with them: the fee (untouched) no
    longer matches the last seal left, which is said as a consequence of the deletion, not
    as an edit of the fee."""
    paid = AuditLog.select().where(AuditLog.action == "fee.pay").order_by(
        AuditLog.id.desc()).first()
    fee = Fee.get_by_id(int(paid.entity_id))
    _delete_entries_from(db_url, paid.id)
    problems = integrity.check(file_check=False)
    about_fee = [p for p in problems if p.startswith(f"Taxa id {fee.id} ")]
    assert len(about_fee) == 1, problems
    assert "não confere com o último selo que restou na trilha" in about_fee[0]
    assert "registros de auditoria posteriores a esse foram apagados" in about_fee[0]
    assert "não se pode dizer se ele foi alterado" in about_fee[0]
    assert " foi alterado fora do programa:" not in about_fee[0]  # the words of an edit
    assert any(p.startswith("Trilha de auditoria truncada") for p in problems)


def test_an_edit_with_the_chain_whole_is_still_called_an_edit(station, db_url):
    fee = Fee.select().where(Fee.status == "paid").first()
    sql(db_url, "UPDATE fee SET amount_cents = 1 WHERE id = ?", (fee.id,))
    assert f"Taxa id {fee.id} (R$ 0,01, paid) foi alterado fora do programa" in _problems()


# --- the head on paper -----------------------------------------------------------------------------

def test_the_printed_head_is_compared_later(station, db_url):
    line = published_head.line()
    head = published_head.head()
    short = head["hash"][:published_head.HASH_DIGITS]
    assert f"{head['count']} registros, último nº {head['id']}" in line
    assert f"audit verify --marco {head['id']}:{short}" in line
    _one_more_entry()
    assert published_head.compare(head["id"], short) is None
    _delete_entries_from(db_url, head["id"])
    assert "não existe mais" in published_head.compare(head["id"], short)
    with pytest.raises(DomainError, match="NÚMERO:HASH"):
        published_head.compare(head["id"], "xyz")


def test_the_demo_database_keeps_its_marks_in_its_own_folder(tmp_path):
    """Deleting the demo folder starts a new demo: its marks go with it (no alarm about a
    demo that no longer exists), and the real database's marks are elsewhere."""
    import shutil

    from mototaxi_desk import config
    from mototaxi_desk.services import setup
    from mototaxi_desk.demo.data import DEMO_MUNICIPIO
    from mototaxi_desk.store.migrations import close_database, open_database

    def a_new_demo():
        open_database(str(config.demo_db_path()))
        setup.initialise(admin_password="senha-forte-1", demo=True, **DEMO_MUNICIPIO)
        _one_more_entry()
        _one_more_entry()

    folder = config.demo_db_path().parent
    try:
        a_new_demo()
        assert checkpoints.path().parent == folder
        assert checkpoints.second_path().parent == folder / "marcos"
        assert checkpoints.read() == checkpoints.read(checkpoints.second_path())
        assert station_marks.here() is not None
        assert not list(config.data_dir().glob("auditoria-marco-*"))
        assert not list(config.second_marks_dir().glob("auditoria-marco-*"))
        close_database()
        shutil.rmtree(folder)
        a_new_demo()
        assert integrity.check(file_check=False) == []
    finally:
        close_database()
