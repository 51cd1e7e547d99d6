"""The seal-index step (issue 34 item 3): a register sealed by the program before it (seals of
version 1: the issue 18 fields, bare digests; no row_seal) is upgraded without a false alarm
and without laundering — every row that agrees with its old seal, and every row of a table
sealed only now (vehicles, stands...), is sealed with the current fields by system entries
of the chain; a row edited by SQL before the upgrade on a field its old seal covers keeps
that seal, so `check` still names it and its next save is refused. An edit made before the
upgrade to a field no old seal covered (a plate) cannot be seen. SQLite and PostgreSQL."""
import contextlib
import datetime as dt
import json

import pytest

from mototaxi_desk.domain.audit_chain import seal_version
from mototaxi_desk.services.trust import audit_walk, integrity, keys
from mototaxi_desk.services.register import persons, vehicles
from mototaxi_desk.services import setup
from mototaxi_desk.services.administration import users
from mototaxi_desk.services.context import SYSTEM
from mototaxi_desk.store import models, seals
from mototaxi_desk.store.migrations import LATEST, close_database, current_version, open_database
from mototaxi_desk.store.models import AuditLog, Person, RowSeal, Stand, User, Vehicle
from mototaxi_desk.store.seals import SealBroken

from ..conftest import MUNICIPIOS, SRM
from ..services.ledger_helpers import ADMIN, holder_permit
from ..services.test_tamper import _sql
from .schema_steps import before_step, step_named

STEP = step_named("_step_seal_index")


@contextlib.contextmanager
def old_program():
    """The program as it sealed before the step: version 1 of the field lists, bare
    digests; vehicles, stands, password hashes not sealed."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(models, "SEALED_FIELDS", models.SEALED_FIELDS_V1)
        patch.setattr(seals, "SEALED_FIELDS", models.SEALED_FIELDS_V1)
        patch.setattr(seals, "SEAL_VERSION", 1)
        patch.setattr(audit_walk, "SEALED_FIELDS", models.SEALED_FIELDS_V1)
        yield


def _seal_problems() -> list[str]:
    return [p for p in integrity.check(file_check=False) if "selo" in p]


@pytest.fixture
def upgraded(db, db_url, tmp_path):
    """A register made by the old program, with two edits by SQL before the upgrade (a
    sealed person renamed, a never-sealed plate changed), then opened by this one."""
    with old_program():
        name, uf, ibge, population = MUNICIPIOS[SRM]
        setup.initialise(profile_id=SRM, municipio=name, uf=uf, ibge=ibge,
                         population=population, fiscal_unit_value="48,26",
                         admin_password="senha-forte-1", today=dt.date(2026, 1, 2))
        keys.ensure_key(SYSTEM)
        renamed, permit = holder_permit("Raimundo Nonato Sá")
        other, _ = holder_permit("Francisca Chagas Lima")
        users.add_user(ADMIN, "maria.atendente", "Maria Atendente", "atendente", "provisoria-1")
        sealed = [e.seals for e in AuditLog.select().where(AuditLog.seals.is_null(False))]
        assert sealed and all('"v2:' not in s and '"vehicle:' not in s for s in sealed)
        assert integrity.check(file_check=False) == []
        vehicle = Vehicle.get_by_id(permit["vehicle"])
        _sql(db_url, "UPDATE person SET name = 'Fulano de Tal' WHERE id = ?",
             (renamed["id"],))
        _sql(db_url, "UPDATE vehicle SET plate_original = 'ZZZ9Z99' WHERE id = ?",
             (vehicle.id,))
        entries = AuditLog.select().count()
    close_database()
    before_step(db_url, STEP, 'DROP TABLE "row_seal"')
    database = open_database(db_url, backup_dir=tmp_path / "backups")
    assert current_version(database) == LATEST
    return {"renamed": renamed, "other": other, "vehicle": vehicle, "entries": entries}


def test_check_stays_clean_but_for_the_row_edited_on_a_sealed_field(upgraded):
    renamed = upgraded["renamed"]
    assert _seal_problems() == [
        f"Pessoa id {renamed['id']} (Fulano de Tal) foi alterado fora do programa: não confere "
        f"com o selo do registro de auditoria nº {_last_seal_entry('person', renamed['id'])}."]
    # the plate changed before the upgrade was never sealed: it is sealed as it is now
    assert Vehicle.get_by_id(upgraded["vehicle"].id).plate_original == "ZZZ9Z99"


def _last_seal_entry(table: str, row_id: int) -> int:
    return RowSeal.get((RowSeal.table_name == table) & (RowSeal.row_id == row_id)).entry_id


def test_every_row_is_sealed_with_the_current_fields_but_the_edited_one(upgraded):
    lines = {(r.table_name, r.row_id): r.seal for r in RowSeal.select()}
    for model in (User, Person, Vehicle, Stand):
        for (row_id,) in model.select(model.id).tuples():
            assert (model._meta.table_name, row_id) in lines, (model, row_id)
    renamed = upgraded["renamed"]["id"]
    assert seal_version(lines[("person", renamed)]) == 1  # kept: never sealed over
    assert {seal_version(s) for key, s in lines.items() if key != ("person", renamed)} == {2}
    # by system entries appended to the chain, each with a reason
    added = list(AuditLog.select().where(AuditLog.id > upgraded["entries"]))
    assert added and {(e.action, e.user_id) for e in added} == {("registro.selo", None)}
    assert "esquema 22" in json.loads(added[0].after)["motivo"]


def test_after_the_upgrade_the_edits_are_refused_and_found(upgraded, db_url):
    renamed = upgraded["renamed"]
    with pytest.raises(SealBroken, match="Fulano de Tal"):
        persons.update_person(ADMIN, renamed["id"], {"phone": "(99) 98765-4321"})
    persons.update_person(ADMIN, upgraded["other"]["id"], {"phone": "(99) 98765-4321"})
    vehicle = upgraded["vehicle"]
    _sql(db_url, "UPDATE vehicle SET renavam = '12345678900' WHERE id = ?", (vehicle.id,))
    assert any(f"Veículo id {vehicle.id} (placa ZZZ9Z99) foi alterado" in p
               for p in _seal_problems())
    with pytest.raises(SealBroken, match="RENAVAM"):
        vehicles.update_insurance(ADMIN, vehicle.id, {"insurer": "Outra Seguradora"})
    maria = User.get(User.login == "maria.atendente")
    admin = User.get(User.login == "admin")
    assert users.authenticate("admin", "senha-forte-1").role == "admin"
    _sql(db_url, 'UPDATE "user" SET password_hash = ? WHERE id = ?',
         (admin.password_hash, maria.id))
    with pytest.raises(users.LoginFailed, match="Procure o administrador"):
        users.authenticate("maria.atendente", "senha-forte-1")
