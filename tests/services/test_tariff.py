"""PF Art. 32: fines are "calculado[s] em função da tarifa vigente" — group A 50 and group B
150 times the initial tariff. The tariff has a history with effective dates (each value set
by an act of the Executive, Arts. 8, 22) and each notice is priced by the tariff in force on
the day of the infraction."""
import datetime as dt
import json

import pytest

from mototaxi_desk.domain.errors import DomainError, ValidationError
from mototaxi_desk.services import ledger, setup
from mototaxi_desk.services.context import SYSTEM, Actor, PermissionDenied
from mototaxi_desk.store.models import AuditLog, TariffValue

from ..conftest import row_counts
from .ledger_helpers import FISCAL, holder_permit, notice_data

D = dt.date
ON = D(2026, 9, 1)


def test_pf_fine_uses_the_tariff_in_force_on_the_infraction_day_art_32(pf):
    """Set up on 02/01/2026 with the profile's R$ 5,00 (from 01/01/2026); a decree raises it
    to R$ 6,00 from 01/07/2026. An infraction of June recorded in September is priced at
    R$ 5,00 × 50; one of July at R$ 6,00 × 50 (group A) and × 150 (group B)."""
    assert setup.tariff_values() == [{"effective_on": D(2026, 1, 1), "value_cents": 500,
                                      "act_number": "valor do perfil na configuração inicial"}]
    setup.set_tariff(SYSTEM, "01/07/2026", "6,00", "Decreto 40/2026")
    _, permit = holder_permit("Tarifa Vigente", on=D(2026, 1, 10))
    june = ledger.record_notice(FISCAL, notice_data(permit, "24-I", "30/06/2026 23:50"), on=ON)
    july = ledger.record_notice(FISCAL, notice_data(permit, "24-III", "01/07/2026 00:10"), on=ON)
    group_b = ledger.record_notice(FISCAL, notice_data(permit, "24-II", "02/07/2026 10:00"),
                                   on=ON)
    assert (june["fine_cents"], july["fine_cents"], group_b["fine_cents"]) == \
        (50 * 500, 50 * 600, 150 * 600)
    assert july["explanation"]["fine"]["unit_value_cents"] == 600
    assert setup.tariff_cents_on(D(2026, 6, 30)) == 500
    assert setup.tariff_cents_on(D(2026, 7, 1)) == 600


def test_a_tariff_correction_and_an_earlier_date(pf):
    """The same date again corrects its value; a notice before the first tariff is refused
    until the tariff of that time is entered."""
    _, permit = holder_permit("Tarifa Antiga", on=D(2025, 3, 1))
    with pytest.raises(DomainError, match="Tarifa inicial do serviço não cadastrada para "
                                          "10/06/2025"):
        ledger.record_notice(FISCAL, notice_data(permit, "24-I", "10/06/2025 10:00"), on=ON)
    setup.set_tariff(SYSTEM, "01/01/2025", "4,00")
    setup.set_tariff(SYSTEM, "01/01/2025", "4,50", "Decreto 3/2025")
    notice = ledger.record_notice(FISCAL, notice_data(permit, "24-I", "10/06/2025 10:00"),
                                  on=ON)
    assert notice["fine_cents"] == 50 * 450
    entries = AuditLog.select().where(AuditLog.action == "municipio.tariff").order_by(
        AuditLog.id)
    assert [json.loads(e.after)["value_cents"] for e in entries] == [400, 450]


def test_bad_tariff_input_and_roles_write_nothing(pf):
    before = row_counts()
    for date, value, field in (("31/02/2026", "6,00", "Vigência da tarifa"),
                               ("01/07/1999", "6,00", "Vigência da tarifa"),
                               ("01/07/2026", "seis", "Tarifa inicial"),
                               ("01/07/2026", "0,00", "Tarifa inicial")):
        with pytest.raises(ValidationError, match=field):
            setup.set_tariff(SYSTEM, date, value)
    with pytest.raises(PermissionDenied):
        setup.set_tariff(Actor(None, "s", "supervisor"), "01/07/2026", "6,00")
    assert row_counts() == before


def test_the_tariff_is_no_longer_an_editable_profile_number(pf):
    """`settings set defaults.initial_tariff` was accepted and ignored: now refused, naming
    the tariff's own command; the same for the fiscal unit's value."""
    before = row_counts()
    for key, words in (("defaults.initial_tariff", "settings tariff"),
                       ("defaults.fiscal_unit_value", "settings fiscal-unit")):
        with pytest.raises(ValidationError, match=words):
            setup.set_profile_number(SYSTEM, key, "6")
    assert row_counts() == before


def test_cli_settings_tariff(cli, sqlite_db):
    code, _, _ = cli("--db", sqlite_db, "init", "--profile", "porto-feliz-2017", "--municipio",
                     "Porto Feliz", "--uf", "SP", "--ibge", "3540606", "--population", "52000",
                     "--fiscal-unit-value", "1,00", "--admin-password-stdin")
    assert code == 0
    code, out, _ = cli("--db", sqlite_db, "settings", "tariff", "01/07/2026", "6,50",
                       "--act", "Decreto 40/2026")
    assert code == 0
    assert f"Tarifa inicial a partir de 01/01/{dt.date.today().year}: R$ 5,00" in out
    assert "Tarifa inicial a partir de 01/07/2026: R$ 6,50 (Decreto 40/2026)" in out
    code, _, err = cli("--db", sqlite_db, "settings", "set", "defaults.initial_tariff", "7")
    assert code == 1 and "settings tariff" in err


def test_migration_moves_the_setup_tariff_and_a_typed_one_into_the_history(tmp_path):
    """Schema v7 on a v6 database: the set-up tariff counts from 1 January of its first
    year; the `defaults.initial_tariff` typed before (accepted and ignored) from the day of
    the migration; the `defaults.*` keys leave the edited numbers."""
    from mototaxi_desk.store import migrations
    from mototaxi_desk.store.migrations import close_database, open_database
    from mototaxi_desk.store.models import DB, MunicipioSettings
    open_database(str(tmp_path / "v6.db"))
    setup.initialise(profile_id="porto-feliz-2017", municipio="Porto Feliz", uf="SP",
                     ibge="3540606", population=52000, fiscal_unit_value="1,00",
                     admin_password="senha-forte-1", today=D(2025, 3, 1))
    MunicipioSettings.update(overrides=json.dumps({"defaults.initial_tariff": "6.00",
                                                   "stand.max_vehicles": 12})).execute()
    for table in ("tariff_value", "clock_tick", "inspection_summons"):  # as before the step
        DB.obj.execute_sql(f"DROP TABLE {table}")
    step = next(f for f in migrations.STEPS.values() if f.__name__.endswith("_time_and_law"))
    with DB.obj.atomic():
        step(DB.obj)
    try:
        rows = [(r.effective_on, r.value_cents) for r in
                TariffValue.select().order_by(TariffValue.effective_on)]
        assert rows == [(D(2025, 1, 1), 500), (dt.date.today(), 600)]
        assert json.loads(MunicipioSettings.get().overrides) == {"stand.max_vehicles": 12}
        assert setup.profile().stand.max_vehicles == 12
    finally:
        close_database()
