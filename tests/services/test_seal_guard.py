"""Seals are checked before they are renewed (issue 34 item 3): a row changed by SQL is
refused by the next action that would save it — the login of a user whose role was raised
(right or wrong password), `person edit` on a person renamed, a permit act on a cassated
permit set back to active — with a Portuguese message naming the row and the change; the
refusal is audited apart from the rolled-back action, and `check` still names the row. The
password hash and the vehicle's plate are sealed too. The administrator's way out: accept the
row as it is, or put back the sealed values, both audited. On SQLite and PostgreSQL."""
import json

import pytest

from mototaxi_desk.services.trust import integrity, keys, seal_review
from mototaxi_desk.services.licensing import permits
from mototaxi_desk.services.register import persons, vehicles
from mototaxi_desk.services.administration import users
from mototaxi_desk.services.context import SYSTEM, Actor, PermissionDenied
from mototaxi_desk.store.models import AuditLog, Permit, Person, RowSeal, User, Vehicle
from mototaxi_desk.store.seals import SealBroken

from ..conftest import row_counts
from .ledger_helpers import ADMIN, SUPERVISOR, holder_permit
from .test_tamper import _sql

PASSWORD = "senha-forte-1"


@pytest.fixture
def register(srm):
    """A holder with a permit and vehicle, an atendente who changed her password: all
    through services, `check` clean."""
    keys.ensure_key(SYSTEM)
    person, permit = holder_permit()
    users.add_user(ADMIN, "maria.atendente", "Maria Atendente", "atendente", "provisoria-1")
    maria = users.authenticate("maria.atendente", "provisoria-1")
    users.change_password(maria, "provisoria-1", PASSWORD)
    assert integrity.check(file_check=False) == []
    return {"person": person, "permit": permit, "maria": User.get(User.login == "maria.atendente")}


def _problems() -> list[str]:
    return integrity.check(file_check=False)


def _found(words: str) -> None:
    problems = _problems()
    assert any(words in p for p in problems), problems


def _entries(action: str) -> list[dict]:
    return [{"entity": e.entity, "entity_id": e.entity_id, "user": e.user_id,
             **json.loads(e.after or "{}")}
            for e in AuditLog.select().where(AuditLog.action == action).order_by(AuditLog.id)]


def _raise_role(db_url, user_id: int) -> None:
    _sql(db_url, 'UPDATE "user" SET role = \'admin\' WHERE id = ?', (user_id,))


@pytest.mark.parametrize("password", [PASSWORD, "senha-errada-9"], ids=["right", "wrong"])
def test_a_role_raised_by_sql_cannot_log_in_nor_be_sealed_over(register, db_url, password):
    maria = register["maria"]
    _raise_role(db_url, maria.id)
    told = "Procure o administrador" if password == PASSWORD else "incorretos"  # issue 34 7
    for _attempt in range(2):
        with pytest.raises(users.LoginFailed, match=told):
            users.authenticate("maria.atendente", password)
    row = User.get_by_id(maria.id)
    assert row.failed_logins == 0 and row.locked_until is None  # no counter saved
    refusal = _entries("refused:user.login")[-1]
    assert refusal["reason"] == "selo" and refusal["campos"] == ["role"]
    assert "perfil de acesso: 'atendente' → 'admin'" in refusal["mensagem"]
    # not sealed over: `check` still names the row, however many attempts
    _found(f"Usuário id {maria.id} (login maria.atendente) foi alterado fora do programa")


def test_a_person_renamed_by_sql_is_refused_by_person_edit(register, db_url):
    person = register["person"]
    _sql(db_url, "UPDATE person SET name = 'Fulano de Tal' WHERE id = ?", (person["id"],))
    before = row_counts()
    with pytest.raises(SealBroken) as refused:
        persons.update_person(ADMIN, person["id"], {"phone": "(99) 98765-4321"})
    message = str(refused.value)
    assert message.startswith(f"Ação recusada: Pessoa id {person['id']} (Fulano de Tal) foi "
                              "alterado(a) fora do programa e não confere com o selo do "
                              "registro de auditoria nº")
    assert "nome: 'Raimundo Nonato Sá' → 'Fulano de Tal'" in message
    assert "check accept|restore pessoa" in message
    # nothing of the action; its refusal audited apart, naming the row and the field
    assert row_counts() == before
    assert Person.get_by_id(person["id"]).phone == ""
    [refusal] = _entries("refused:registro.selo")
    assert (refusal["entity"], refusal["entity_id"]) == ("person", str(person["id"]))
    assert refusal["campos"] == ["name"] and refusal["login"] == "admin.teste"
    _found(f"Pessoa id {person['id']} (Fulano de Tal) foi alterado fora do programa")


def test_a_cassated_permit_set_back_to_active_is_refused_by_a_permit_act(register, db_url):
    permit = register["permit"]
    permits.cassate(SUPERVISOR, permit["id"], reason="Infrações graves")
    _sql(db_url, "UPDATE permit SET status = 'active' WHERE id = ?", (permit["id"],))
    with pytest.raises(SealBroken, match=r"situação: 'cassated' → 'active'"):
        permits.interrupt_permit(SUPERVISOR, permit["id"], days=10, act_number="Portaria 9")
    assert Permit.get_by_id(permit["id"]).status == "active"  # as the SQL left it
    assert Permit.get_by_id(permit["id"]).status_until is None
    _found(f"Permissão id {permit['id']} (nº de ordem {permit['order_number']}) foi alterado "
           "fora do programa")


def test_a_password_hash_copied_is_found_and_cannot_log_in(register, db_url):
    """The hash is sealed (its digest, never the hash, is in the audit): a copy of the
    administrator's hash onto the atendente is named by `check` and refused at login and at
    any save of the row."""
    maria = register["maria"]
    users.add_user(ADMIN, "chefe.admin", "Chefe Admin", "admin", "senha-do-admin-1")
    admin = User.get(User.login == "chefe.admin")
    _sql(db_url, 'UPDATE "user" SET password_hash = ? WHERE id = ?',
         (admin.password_hash, maria.id))
    assert admin.password_hash not in "".join(e.seals or "" for e in AuditLog.select())
    _found(f"Usuário id {maria.id} (login maria.atendente) foi alterado fora do programa")
    with pytest.raises(users.LoginFailed, match="Procure o administrador"):
        users.authenticate("maria.atendente", "senha-do-admin-1")
    with pytest.raises(SealBroken, match=r"mudou um campo que a auditoria não guarda \(senha\)"):
        users.disable_user(ADMIN, "maria.atendente")
    assert User.get_by_id(maria.id).active


def test_a_plate_changed_by_sql_is_found_and_refused(register, db_url):
    vehicle = Vehicle.get_by_id(register["permit"]["vehicle"])
    _sql(db_url, "UPDATE vehicle SET plate = 'ZZZ9Z99', plate_original = 'ZZZ9Z99' "
                 "WHERE id = ?", (vehicle.id,))
    _found(f"Veículo id {vehicle.id} (placa ZZZ9Z99) foi alterado fora do programa")
    with pytest.raises(SealBroken, match=f"placa: '{vehicle.plate}' → 'ZZZ9Z99'"):
        vehicles.update_insurance(ADMIN, vehicle.id, {"insurer": "Outra Seguradora"})


def test_an_index_line_removed_or_forged_is_refused_and_found(register, db_url):
    """row_seal is itself checked: a line deleted (the row would look never sealed) or made
    to agree with an edit (a digest no entry carries) refuses the save; `check` compares the
    index with the chain."""
    person = register["person"]
    _sql(db_url, "DELETE FROM row_seal WHERE table_name = 'person' AND row_id = ?",
         (person["id"],))
    with pytest.raises(SealBroken, match="não tem selo de auditoria"):
        persons.update_person(ADMIN, person["id"], {"phone": "(99) 98765-4321"})
    _found(f"Pessoa id {person['id']} (Raimundo Nonato Sá): o índice de selos foi alterado")
    line = RowSeal.get((RowSeal.table_name == "permit") &
                       (RowSeal.row_id == register["permit"]["id"]))
    _sql(db_url, "UPDATE permit SET valid_until = '2099-12-31' WHERE id = ?", (line.row_id,))
    from mototaxi_desk.store import seals
    forged = seals.seal_of("permit", line.row_id, 2, seals.row_canonical("permit",
                                                                        line.row_id))
    _sql(db_url, "UPDATE row_seal SET seal = ? WHERE id = ?", (forged, line.id))
    with pytest.raises(SealBroken, match="o índice de selos não confere"):
        permits.interrupt_permit(SUPERVISOR, line.row_id, days=10, act_number="Portaria 9")
    _found(f"Permissão id {line.row_id} (nº de ordem {register['permit']['order_number']}) "
           "foi alterado fora do programa")


def test_program_edits_stay_sound(register):
    """Saving a row several times in one action, and in one action after another, is not
    mistaken for an edit outside the program."""
    person = register["person"]
    for phone, name in (("(99) 98765-4321", "Raimundo Nonato"),
                        ("(99) 98765-4322", "Raimundo Sá Filho")):
        persons.update_person(ADMIN, person["id"], {"phone": phone, "name": name})
    users.disable_user(ADMIN, "maria.atendente")
    permits.interrupt_permit(SUPERVISOR, register["permit"]["id"], days=10,
                             act_number="Portaria 9")
    assert _problems() == []


def test_the_administrator_accepts_a_row_as_it_is(register, db_url):
    maria = register["maria"]
    _raise_role(db_url, maria.id)
    atendente = Actor(maria.id, "maria.atendente", "atendente")
    with pytest.raises(PermissionDenied):
        seal_review.accept(atendente, "usuario", maria.id, "quero")
    with pytest.raises(seal_review.ValidationError, match="Motivo"):
        seal_review.accept(ADMIN, "usuario", maria.id, "  ")
    done = seal_review.accept(ADMIN, "usuário", maria.id, "Promovida pela portaria 12/2026")
    assert done["changes"] == "perfil de acesso: 'atendente' → 'admin'"
    [entry] = AuditLog.select().where(AuditLog.action == "registro.selo_aceito")
    assert json.loads(entry.before)["alteracao"] == done["changes"]
    assert json.loads(entry.after)["motivo"] == "Promovida pela portaria 12/2026"
    assert json.loads(entry.after)["role"] == "admin"
    assert _problems() == []
    assert users.authenticate("maria.atendente", PASSWORD).role == "admin"
    with pytest.raises(seal_review.DomainError, match="nada a aceitar"):
        seal_review.accept(ADMIN, "usuario", maria.id, "de novo")


def test_the_administrator_puts_the_sealed_values_back(register, db_url):
    person = register["person"]
    born = Person.get_by_id(person["id"]).birth_date
    _sql(db_url, "UPDATE person SET name = 'Fulano de Tal', birth_date = '1999-01-01' "
                 "WHERE id = ?", (person["id"],))
    [row] = seal_review.review()
    assert (row["table"], row["row_id"], row["restorable"]) == ("person", person["id"], True)
    assert "nome: 'Raimundo Nonato Sá' → 'Fulano de Tal'" in row["changes"]
    done = seal_review.restore(ADMIN, "pessoa", person["id"], "Alteração indevida por SQL")
    assert done["action"] == "restored"
    restored = Person.get_by_id(person["id"])
    assert (restored.name, restored.birth_date) == ("Raimundo Nonato Sá", born)
    assert _problems() == [] and seal_review.review() == []
    from mototaxi_desk.services.views import search
    assert [h["person_id"] for h in search.search("raimundo")] == [person["id"]]
    persons.update_person(ADMIN, person["id"], {"phone": "(99) 98765-4321"})  # no refusal


def test_a_value_the_audit_never_kept_can_only_be_accepted(register, db_url):
    maria, admin = register["maria"], User.get(User.role == "admin")
    _sql(db_url, 'UPDATE "user" SET password_hash = ? WHERE id = ?',
         (admin.password_hash, maria.id))
    with pytest.raises(seal_review.DomainError, match="só é possível aceitar"):
        seal_review.restore(ADMIN, "usuario", maria.id, "voltar")
    seal_review.accept(ADMIN, "usuario", maria.id, "Senha redefinida pelo suporte")
    assert _problems() == []


def test_a_user_inserted_by_sql_cannot_log_in_and_is_found(register, db_url):
    """Since schema step 22 every row is sealed: a row with no seal was slipped in."""
    admin = User.get(User.login == "admin")
    _sql(db_url, 'INSERT INTO "user" (login, full_name, role, password_hash, active, '
                 'must_change_password, failed_logins, created_at) VALUES '
                 "('intruso', 'Intruso', 'admin', ?, ?, ?, 0, '2026-01-05 10:00:00')",
         (admin.password_hash, True, False))
    intruder = User.get(User.login == "intruso")
    with pytest.raises(users.LoginFailed, match="Procure o administrador"):
        users.authenticate("intruso", "senha-forte-1")
    _found(f"Usuário id {intruder.id} (login intruso) não tem selo de auditoria: foi "
           "incluído fora do programa")
    [row] = seal_review.review()
    assert row["changes"] == "não tem selo de auditoria: foi incluída fora do programa"
    seal_review.accept(ADMIN, "usuario", intruder.id, "Conta criada pelo suporte")
    assert _problems() == []
