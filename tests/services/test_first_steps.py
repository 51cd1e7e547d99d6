"""The Painel's first steps (issue 36 item 4), read from the database on both backends: a
new município has all five; each goes once done, by whichever road (here the services, as
the command line does); the copy the program makes by itself as it opens is not the backup
step; the wizard's admin password is not provisional, `init`'s is."""
import datetime as dt

from mototaxi_desk.services.administration import backups, first_steps, users
from mototaxi_desk.services.payments import collection
from mototaxi_desk.services.register import persons, stands
from mototaxi_desk.services import setup
from mototaxi_desk.services.context import SYSTEM

PNG = (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00"
       b"\x00\x90wS\xde\x00\x00\x00\x0cIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N"
       b"\x00\x00\x00\x00IEND\xaeB`\x82")
INIT = dict(profile_id="porto-feliz-2017", municipio="Porto Feliz", uf="SP", ibge="3540606",
            population=52_000, fiscal_unit_value="10,00", admin_password="senha-forte-1")


def _keys(actor=None):
    return [s["key"] for s in first_steps.pending(actor)]


def test_each_first_step_goes_once_done(db, tmp_path):
    setup.initialise(provisional_password=False, **INIT)
    admin = users.authenticate("admin", "senha-forte-1")
    assert not users.must_change_password(admin)  # the wizard's: the admin's own
    assert _keys() == ["stands", "holders", "users", "municipio", "backups"]
    stands.create_stand(admin, {"number": 1, "name": "Praça da Matriz", "location": "Centro",
                                 "max_vehicles": 10})
    persons.register_person(admin, {"cpf": "52998224725", "name": "Primeiro Mototaxista"})
    assert _keys() == ["users", "municipio", "backups"]
    users.add_user(admin, "joana", "Joana Atendente", "atendente", "provisoria-1")
    joana = users.authenticate("joana", "provisoria-1")
    assert [s["allowed"] for s in first_steps.pending(joana)] == [False, False]
    setup.set_brasao(admin, PNG)
    assert _keys() == ["municipio", "backups"]  # the brasão alone is half of it
    assert first_steps.pending()[0]["place"] == "collection"
    collection.update(admin, cnpj="06.554.869/0001-64")
    backups.make_backup(SYSTEM, tmp_path / "automatica.db", kind="automatica")
    assert _keys() == ["backups"]  # the program's own copy is not the administrator's
    backups.set_retention(admin, 30, 12, True)
    assert _keys() == []


def test_init_s_password_stays_provisional(db):
    setup.initialise(today=dt.date(2026, 11, 30), **INIT)
    assert users.must_change_password(users.authenticate("admin", "senha-forte-1"))
