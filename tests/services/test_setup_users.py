"""Set-up of a município, staff accounts, audit."""
import datetime as dt
import json

import pytest

from mototaxi_desk.domain.errors import DomainError, ValidationError
from mototaxi_desk.domain.profiles import ProfileError
from mototaxi_desk.services import setup
from mototaxi_desk.services.administration import users
from mototaxi_desk.services.context import SYSTEM, Actor, PermissionDenied
from mototaxi_desk.store.models import AuditLog, FiscalUnitValue, MunicipioSettings, User

from ..conftest import row_counts

INIT = dict(profile_id="porto-feliz-2017", municipio="Porto Feliz", uf="SP", ibge="3540606",
            population=52_000, fiscal_unit_value="10,00", admin_password="senha-forte-1")


def test_initialise_writes_settings_unit_value_admin_and_audit(db):
    summary = setup.initialise(today=dt.date(2026, 11, 30), **INIT)
    assert summary["permit_cap"] == 52_000 // 300  # PF Art. 7 §4: 1 per 300 inhabitants
    row = MunicipioSettings.get()
    assert (row.name, row.uf, row.profile_id) == ("Porto Feliz", "SP", "porto-feliz-2017")
    assert FiscalUnitValue.get(FiscalUnitValue.year == 2026).value_cents == 1000
    admin = User.get(User.login == "admin")
    assert admin.role == "admin" and admin.must_change_password
    assert not admin.password_hash.startswith("senha") and admin.password_hash.startswith("$argon2")
    actions = [a.action for a in AuditLog.select().order_by(AuditLog.id)]
    assert actions == ["municipio.init", "profile.adopt", "user.add"]  # version 1 of the rules
    assert "password_hash" not in AuditLog.select().where(AuditLog.action == "user.add").get().after


def test_initialise_twice_is_refused_and_writes_nothing(municipio):
    before = row_counts()
    with pytest.raises(setup.AlreadyInitialised, match="já foi configurado"):
        setup.initialise(**INIT)
    assert row_counts() == before


@pytest.mark.parametrize("field, value, words", [
    ("uf", "XX", "UF"), ("ibge", "12345", "Código IBGE"), ("population", "-3", "População"),
    ("fiscal_unit_value", "abc", "unidade fiscal"), ("municipio", "x" * 500, "Município"),
    ("admin_password", "curta", "Senha do administrador"),
])
def test_bad_init_input_writes_nothing(db, field, value, words):
    before = row_counts()
    with pytest.raises(ValidationError) as err:
        setup.initialise(**{**INIT, field: value})
    assert words in str(err.value)
    assert row_counts() == before


def test_unknown_profile_writes_nothing(db):
    before = row_counts()
    with pytest.raises(ProfileError):
        setup.initialise(**{**INIT, "profile_id": "nenhum"})
    assert row_counts() == before


@pytest.mark.parametrize("profile_id, population, cap", [
    ("sao-raimundo-das-mangabeiras-2019", 18_540, 61),  # SRM Art. 8: 1 per 300
    ("porto-feliz-2017", 52_000, 173),                 # PF Art. 7 §4: 1 per 300
    ("lei-1745-2011", 59_000, 100),                    # L1745 Art. 6: 1 per 590
])
def test_permit_cap_is_population_over_profile_ratio(profile_id, population, cap):
    from mototaxi_desk.domain.profiles import load_profile
    assert setup.permit_cap(population, load_profile(profile_id)) == cap


def test_fiscal_unit_value_falls_back_to_latest_year(municipio):
    year = dt.date.today().year
    assert setup.fiscal_unit_value_cents(year + 1) == 4826
    with pytest.raises(DomainError):
        setup.fiscal_unit_value_cents(1990)


def test_users_add_list_disable_audited(municipio):
    admin = Actor(User.get(User.login == "admin").id, "admin", "admin")
    added = users.add_user(admin, "Joana.C", "Joana Conceição", "atendente", "outra-senha-1")
    assert added["login"] == "joana.c" and added["role_label"] == "Atendente"
    assert [u["login"] for u in users.list_users()] == ["admin", "joana.c"]
    users.disable_user(admin, "joana.c")
    assert not User.get(User.login == "joana.c").active
    entry = AuditLog.select().where(AuditLog.action == "user.disable").get()
    assert json.loads(entry.before)["active"] is True and json.loads(entry.after)["active"] is False
    assert entry.user_id == admin.user_id


def test_users_bad_input_and_duplicates_write_nothing(municipio):
    before = row_counts()
    for args in [("admin", "Outro", "atendente", "senha-forte-2"),
                 ("com espaço", "Nome", "atendente", "senha-forte-2"),
                 ("novo", "Nome", "gerente", "senha-forte-2"),
                 ("novo", "Nome 123", "atendente", "senha-forte-2"),
                 ("novo", "Nome", "atendente", "curta")]:
        with pytest.raises(ValidationError):
            users.add_user(SYSTEM, *args)
    assert row_counts() == before


def test_only_admin_manages_users(municipio):
    clerk = Actor(None, "joana", "atendente")
    with pytest.raises(PermissionDenied, match="Atendente"):
        users.add_user(clerk, "novo", "Novo Usuário", "fiscal", "senha-forte-2")


def test_last_admin_cannot_be_disabled(municipio):
    with pytest.raises(DomainError, match="único administrador"):
        users.disable_user(SYSTEM, "admin")


def test_login_locks_after_five_wrong_passwords(municipio):
    now = dt.datetime(2026, 11, 30, 12, 0)
    for _ in range(5):
        with pytest.raises(users.LoginFailed, match="incorretos"):
            users.authenticate("admin", "errada", now=now)
    with pytest.raises(users.LoginFailed) as locked:
        users.authenticate("admin", "senha-forte-1", now=now + dt.timedelta(minutes=1))
    assert str(locked.value) == users.LOGIN_REFUSED  # a lock looks like a wrong password
    assert AuditLog.select().where(AuditLog.action == "refused:user.login").count() == 1
    actor = users.authenticate("admin", "senha-forte-1", now=now + dt.timedelta(minutes=6))
    assert actor.role == "admin"
    assert AuditLog.select().where(AuditLog.action == "user.login_failed").count() == 5


def test_unknown_user_and_wrong_password_look_the_same(municipio):
    with pytest.raises(users.LoginFailed) as a:
        users.authenticate("ninguem", "x")
    with pytest.raises(users.LoginFailed) as b:
        users.authenticate("admin", "x")
    assert str(a.value) == str(b.value)


def test_municipio_edits_a_profile_number(municipio):
    """SRM Art. 22 §1: the stand maximum of 10 'may be raised' — the município edits it."""
    assert setup.profile().stand.max_vehicles == 10
    setup.set_profile_number(SYSTEM, "stand.max_vehicles", "12")
    assert setup.profile().stand.max_vehicles == 12
    setup.set_profile_number(SYSTEM, "impound.storage_fee_units_per_day", "0,25")
    from decimal import Decimal
    assert setup.profile().impound.storage_fee_units_per_day == Decimal("0.25")
    assert setup.summary()["edited_numbers"] == {"stand.max_vehicles": 12,
                                                 "impound.storage_fee_units_per_day": "0.25"}
    assert AuditLog.select().where(AuditLog.action == "municipio.profile_number").count() == 2


@pytest.mark.parametrize("key, value", [("stand.nome", "3"), ("profile.id", "x"),
                                        ("stand.max_vehicles", "muitos"),
                                        ("stand.min_vehicles", "50"),  # above the maximum
                                        ("cap.inhabitants_per_permit", "0")])
def test_bad_profile_edits_write_nothing(municipio, key, value):
    before = row_counts()
    with pytest.raises((ValidationError, ProfileError)):
        setup.set_profile_number(SYSTEM, key, value)
    assert row_counts() == before
    assert setup.summary()["edited_numbers"] == {}


def test_population_and_fiscal_unit_value_edits(municipio):
    """SRM Art. 8: the cap follows the census figure."""
    assert setup.set_population(SYSTEM, "30000")["permit_cap"] == 100
    setup.set_fiscal_unit_value(SYSTEM, 2027, "50,10")
    assert setup.fiscal_unit_value_cents(2027) == 5010
    with pytest.raises(PermissionDenied):
        setup.set_population(Actor(None, "f", "fiscal"), "1")


def test_a_disabled_users_open_session_stops_at_its_next_action(municipio):
    """Issue 18: the window keeps the Actor of the login; disabling the user ends what that
    session may do at once (audited), whatever its role."""
    admin = users.authenticate("admin", "senha-forte-1")
    users.add_user(admin, "joana", "Joana Sá", "admin", "senha-da-joana")
    joana = users.authenticate("joana", "senha-da-joana")
    users.add_user(joana, "pedro", "Pedro Sá", "fiscal", "senha-do-pedro")  # works now
    users.disable_user(admin, "joana")
    before = row_counts()
    with pytest.raises(PermissionDenied, match="desativado"):
        users.add_user(joana, "paulo", "Paulo Sá", "fiscal", "senha-do-paulo")
    assert row_counts() == before
    refused = AuditLog.select().where(AuditLog.action == "refused:user.add").get()
    assert refused.user_id == joana.user_id
