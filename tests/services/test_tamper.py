"""Tamper evidence (issue 18 item 5): edits by SQL that bypass the program — a fine set to
R$ 0,01 or marked paid, a notice date moved back, a role changed atendente→admin, a person
renamed, the last audit entries deleted — are each found by `check`, naming the row. On the
file (SQLite, through sqlite3) and on PostgreSQL (raw SQL on the connection)."""
import json
import sqlite3

import pytest

from mototaxi_desk.services import audit, ledger
from mototaxi_desk.services.trust import checkpoints, integrity, keys
from mototaxi_desk.services.register import persons
from mototaxi_desk.services.administration import users
from mototaxi_desk.services.context import SYSTEM
from mototaxi_desk.store.models import DB, AuditLog, InfractionNotice, PenaltyCharge, User

from ..conftest import backend_of
from .ledger_helpers import ADMIN, FISCAL, TODAY, holder_permit, notice_data


def _sql(db_url: str, statement: str, params=()) -> None:
    """An edit made outside the program: on the SQLite file with sqlite3, on PostgreSQL as
    raw SQL (no model, no audit)."""
    if backend_of(db_url) == "sqlite":
        path = db_url.removeprefix("sqlite:///")
        conn = sqlite3.connect(path)
        try:
            conn.execute(statement, params)
            conn.commit()
        finally:
            conn.close()
    else:
        DB.obj.execute_sql(statement.replace("?", "%s"), params)
        DB.obj.commit() if DB.obj.in_transaction() else None


@pytest.fixture
def register(srm):
    """A holder with a permit, a notice with its fine, an atendente: all through services."""
    keys.ensure_key(SYSTEM)
    person, permit = holder_permit()
    notice = ledger.record_notice(FISCAL, notice_data(permit, "36-IX", "10/06/2026 14:30"),
                                  on=TODAY)
    users.add_user(ADMIN, "maria.atendente", "Maria Atendente", "atendente", "senha-forte-1")
    assert integrity.check(file_check=False) == []  # sound before anyone edits it
    charge = PenaltyCharge.get(PenaltyCharge.notice == notice["id"])
    return {"person": person, "permit": permit, "notice": notice, "charge": charge}


def _found(words: str) -> list[str]:
    problems = integrity.check(file_check=False)
    assert any(words in p for p in problems), problems
    return problems


def test_a_fine_set_to_one_centavo_is_found(register, db_url):
    charge = register["charge"]
    _sql(db_url, "UPDATE penalty_charge SET amount_cents = 1 WHERE id = ?", (charge.id,))
    problems = _found(f"Débito (multa) id {charge.id} (R$ 0,01, open) foi alterado fora do "
                      "programa")
    assert "registro de auditoria nº" in " ".join(problems)


def test_a_fine_marked_paid_is_found(register, db_url):
    charge = register["charge"]
    _sql(db_url, "UPDATE penalty_charge SET status = 'paid', paid_on = ?, paid_cents = "
                 "amount_cents WHERE id = ?", ("2026-06-20", charge.id))
    _found(f"Débito (multa) id {charge.id}")


def test_a_notice_date_moved_back_is_found(register, db_url):
    notice = InfractionNotice.get_by_id(register["notice"]["id"])
    _sql(db_url, "UPDATE infraction_notice SET occurred_at = ?, occurred_on = ? WHERE id = ?",
         ("2024-06-10 14:30:00", "2024-06-10", notice.id))
    _found(f"Auto de infração id {notice.id} (auto nº {notice.number:05d}/{notice.year}) foi "
           "alterado fora do programa")


def test_a_role_raised_to_admin_is_found(register, db_url):
    user = User.get(User.login == "maria.atendente")
    _sql(db_url, 'UPDATE "user" SET role = \'admin\' WHERE id = ?', (user.id,))
    _found(f"Usuário id {user.id} (login maria.atendente) foi alterado fora do programa")


def test_a_person_renamed_is_found(register, db_url):
    person = register["person"]
    _sql(db_url, "UPDATE person SET name = 'Fulano de Tal' WHERE id = ?", (person["id"],))
    _found(f"Pessoa id {person['id']} (Fulano de Tal) foi alterado fora do programa")


def test_the_last_audit_entries_deleted_are_found(register, db_url):
    """The chain still links after its tail is cut; the signed checkpoint outside the
    database does not agree."""
    last = AuditLog.select().order_by(AuditLog.id.desc()).first()
    saved = checkpoints.read()
    assert saved["id"] == last.id and saved["signature"]
    _sql(db_url, "DELETE FROM audit_log WHERE id > ?", (last.id - 3,))
    assert audit.verify()["ok"]  # the shorter chain links
    _found(f"registra {saved['count']} registros até o nº {last.id}")
    # working on does not overwrite the evidence
    persons.update_person(ADMIN, register["person"]["id"], {"phone": "(99) 98765-4321"})
    assert checkpoints.read()["id"] == last.id
    _found("Trilha de auditoria truncada")


def test_a_forged_checkpoint_is_found(register):
    file = checkpoints.path()
    data = json.loads(file.read_text())
    data["id"] -= 5
    file.write_text(json.dumps(data))
    _found("não confere com a assinatura do município")


def test_program_edits_stay_sound(register):
    """What the program itself changes is sealed again: no false alarm."""
    persons.update_person(ADMIN, register["person"]["id"], {"name": "Raimundo Nonato Sá Filho"})
    users.disable_user(ADMIN, "maria.atendente")
    assert integrity.check(file_check=False) == []


def test_the_checkpoint_counts_every_entry_after_each_action(register):
    """The count moves forward by the entries after the previous checkpoint (no COUNT of
    the whole log after every action): it still equals the log's size."""
    for phone in ("(99) 98765-4321", "(99) 98765-4322", "(99) 98765-4323"):
        persons.update_person(ADMIN, register["person"]["id"], {"phone": phone})
        saved = checkpoints.read()
        assert saved["count"] == AuditLog.select().count()
        assert saved["id"] == AuditLog.select().order_by(AuditLog.id.desc()).first().id
