"""Inspections and the sticker stock: PF Arts. 15 X and 19, SRM Art. 17 (§§1-3) and Art. 47
III, L1745 Art. 10, Lei 3.920/2001 Art. 27."""
import datetime as dt
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mototaxi_desk.domain import inspection_rules
from mototaxi_desk.domain.errors import DomainError, RuleRefusal, ValidationError
from mototaxi_desk.services.payments import fees
from mototaxi_desk.services.register import inspections
from mototaxi_desk.services.administration import sequences
from mototaxi_desk.services import setup
from mototaxi_desk.services.context import PermissionDenied
from mototaxi_desk.store.models import AuditLog, Fee, Inspection, Sticker, Vehicle

from ..conftest import SRM, row_counts
from .licensing_rows import ATENDENTE, FISCAL, SUPERVISOR, holder_with_vehicle, person, vehicle

ON = dt.date(2026, 5, 10)
PF = "porto-feliz-2017"
L1745 = "lei-1745-2011"


def answers(kind, *, fail=(), na=()):
    """Every checklist item of the kind answered (pass unless listed)."""
    items = inspection_rules.checklist(setup.profile(), kind)
    return {i.code: "fail" if i.code in fail else "na" if i.code in na else "pass"
            for i in items}


def data(kind="annual", *, inspected_on=ON, **results):
    return {"kind": kind, "inspected_on": inspected_on, "results": answers(kind, **results),
            "notes": "Vistoria no pátio da Secretaria"}



@pytest.fixture
def srm_vehicle(srm):
    _, veh, _ = holder_with_vehicle(ON)
    return veh


def test_annual_approved_gets_validity_sticker_and_fee(srm_vehicle):
    """SRM Art. 17 (annual vistoria), Lei 3.920 Art. 27 (sticker with date and validity),
    SRM Art. 47 III (1 UFM per vistoria)."""
    result = inspections.record_inspection(FISCAL, srm_vehicle.id, data(), on=ON)
    assert result["approved"] and result["kind"] == "annual"
    assert result["valid_until"] == dt.date(2027, 5, 10)  # 12 months
    assert result["sticker_serial"] == "2026-000001"
    sticker = Sticker.get(Sticker.serial == "2026-000001")
    assert sticker.status == "issued" and sticker.inspection_id == result["id"]
    fee = Fee.get()
    assert (fee.code, fee.units, fee.amount_cents, fee.article) == ("inspection", 1, 4826,
                                                                    "Art. 47 III")
    assert fee.person_id == srm_vehicle.owner_id and fee.status == "open"
    actions = [a.action for a in AuditLog.select()
               .where(AuditLog.action.not_in(("municipio.init", "user.add", "profile.adopt")))
               .order_by(AuditLog.id)]
    assert actions == ["sticker.issue", "inspection.record", "fee.charge"]
    stored = Inspection.get_by_id(result["id"])
    assert json.loads(stored.checklist) == answers("annual")
    assert not Vehicle.get_by_id(srm_vehicle.id).out_of_service


def test_semiannual_is_six_months_with_sticker_and_no_fee_pf(make_municipio):
    """PF Art. 15 X: semiannual inspection of the equipment; PF charges no fee."""
    make_municipio(PF, today=ON)
    _, veh, _ = holder_with_vehicle(ON)
    result = inspections.record_inspection(FISCAL, veh.id, data("semiannual"), on=ON)
    assert result["valid_until"] == dt.date(2026, 11, 10)
    assert result["sticker_serial"] == "2026-000001"
    assert Fee.select().count() == 0
    # the semiannual checklist is the PF Art. 15 equipment ("both") items only
    assert set(result["checklist"]) == {i.code for i in setup.profile().inspection.items
                                        if i.kind in ("semiannual", "both")}


def test_failed_inspection_takes_vehicle_out_of_service_until_a_pass(srm_vehicle):
    """SRM Art. 17 §3: a vehicle that fails leaves circulation until regularised."""
    failed = inspections.record_inspection(FISCAL, srm_vehicle.id,
                                           data(fail=("alca-metalica",)), on=ON)
    assert not failed["approved"] and failed["valid_until"] is None
    assert failed["sticker_serial"] is None and failed["failed_items"] == ["alca-metalica"]
    assert Sticker.select().count() == 0
    assert Vehicle.get_by_id(srm_vehicle.id).out_of_service
    fees.pay(SUPERVISOR, Fee.get().id, paid_on=ON, receipt="DAM 1")  # SRM Art. 17 §1
    passed = inspections.record_inspection(FISCAL, srm_vehicle.id,
                                           data(inspected_on=ON + dt.timedelta(days=3)),
                                           on=ON + dt.timedelta(days=3))
    assert passed["approved"] and passed["sticker_serial"] == "2026-000001"
    assert not Vehicle.get_by_id(srm_vehicle.id).out_of_service
    assert AuditLog.select().where(AuditLog.action == "vehicle.out_of_service").count() == 2


def test_a_second_approval_the_same_day_is_refused_and_writes_nothing(srm_vehicle):
    """Lei 3.920 Art. 27 (one sticker per vistoria), SRM Art. 47 III (the fee once): the same
    annual vistoria recorded twice (a second counter, a double click) is refused with the
    first sticker named; a failed vistoria, paid, then passed the same day is not a repeat."""
    fail = inspections.record_inspection(FISCAL, srm_vehicle.id, data(fail=("alca-metalica",)),
                                         on=ON)
    fees.pay(SUPERVISOR, Fee.get().id, paid_on=ON, receipt="DAM 1")
    passed = inspections.record_inspection(FISCAL, srm_vehicle.id, data(), on=ON)
    assert not fail["approved"] and passed["sticker_serial"] == "2026-000001"
    fees.pay(SUPERVISOR, Fee.get(Fee.status == "open").id, paid_on=ON, receipt="DAM 2")
    before = row_counts()
    with pytest.raises(DomainError) as refused:
        inspections.record_inspection(FISCAL, srm_vehicle.id, data(), on=ON)
    message = str(refused.value)
    assert f"O veículo {srm_vehicle.plate} já tem vistoria anual aprovada em 10/05/2026" in message
    assert "(selo 2026-000001)" in message and "Reemitir selo" in message
    assert row_counts() == before
    assert sequences.peek("sticker", ON.year) == 1  # no serial taken by the refusal


@pytest.mark.parametrize("status, valid_until", [
    ("active", ON - dt.timedelta(days=1)),   # expired
    ("suspended", ON + dt.timedelta(days=99)),
    ("interrupted", ON + dt.timedelta(days=99)),
])
def test_srm_refuses_vehicle_without_current_permit(srm, status, valid_until):
    """SRM Art. 17 §1: only the vehicle whose holder shows the permit up to date."""
    _, veh, _ = holder_with_vehicle(ON, permit_status=status, valid_until=valid_until)
    before = row_counts()
    with pytest.raises(RuleRefusal, match="Termo de Permissão em dia") as err:
        inspections.record_inspection(FISCAL, veh.id, data(), on=ON)
    assert err.value.article == "Art. 17 §1º"
    assert row_counts() == before


def test_srm_refuses_vehicle_with_no_permit(srm):
    """SRM Art. 17 §1: a vehicle serving no permit is not inspected."""
    veh = vehicle(person("Sem Permissão"))
    with pytest.raises(RuleRefusal, match="sem permissão"):
        inspections.record_inspection(FISCAL, veh.id, data(), on=ON)


def test_srm_refuses_holder_with_debts_until_paid(srm_vehicle):
    """SRM Art. 17 §1 (no debts with the município): the open vistoria fee of SRM Art. 47 III
    blocks the next inspection until it is paid."""
    inspections.record_inspection(FISCAL, srm_vehicle.id, data(), on=ON)
    before = row_counts()
    with pytest.raises(RuleRefusal, match="débitos") as err:
        inspections.record_inspection(FISCAL, srm_vehicle.id, data("semiannual"), on=ON)
    assert "R$ 48,26" in str(err.value) and err.value.article == "Art. 17 §1º"
    assert row_counts() == before
    fees.pay(SUPERVISOR, Fee.get().id, paid_on=ON, receipt="DAM 77")
    assert inspections.record_inspection(FISCAL, srm_vehicle.id, data("semiannual"),
                                         on=ON)["sticker_serial"] == "2026-000002"


def test_pf_inspects_without_permit_or_debt_checks(make_municipio):
    """PF Art. 19 has no SRM Art. 17 §1 condition: a vehicle is inspected before its grant."""
    make_municipio(PF, today=ON)
    veh = vehicle(person("Candidato"))
    result = inspections.record_inspection(FISCAL, veh.id, data(), on=ON)
    assert result["approved"] and result["permit"] is None


def test_kinds_the_profile_lacks_are_refused(make_municipio):
    """PF Art. 19 has no extraordinary vistoria; L1745 Art. 10 has no semiannual one."""
    make_municipio(PF, today=ON)
    veh = vehicle(person())
    before = row_counts()
    with pytest.raises(RuleRefusal, match="vistoria extraordinária") as err:
        inspections.record_inspection(FISCAL, veh.id, {**data(), "kind": "on_demand"}, on=ON)
    assert err.value.article == "Art. 19"
    assert row_counts() == before


def test_l1745_on_demand_checks_everything_without_sticker(make_municipio):
    """L1745 Art. 10: the Prefeitura may demand an inspection at any time; it checks all of
    Art. 2 §2 and sets no new validity; no semiannual inspection in this law."""
    make_municipio(L1745, today=ON)
    _, veh, _ = holder_with_vehicle(ON)
    with pytest.raises(RuleRefusal, match="inspeção semestral"):
        inspections.record_inspection(FISCAL, veh.id, data("semiannual"), on=ON)
    result = inspections.record_inspection(FISCAL, veh.id, data("on_demand"), on=ON)
    assert result["approved"] and result["valid_until"] is None
    assert result["sticker_serial"] is None and Sticker.select().count() == 0
    assert len(result["checklist"]) == len(setup.profile().inspection.items)
    assert Fee.select().count() == 0  # L1745 has no inspection fee
    status = inspections.vehicle_inspection_status(veh.id, ON)
    assert "semiannual" not in status and status["annual"]["never_inspected"]


def test_srm_extraordinary_failure_also_takes_vehicle_out(srm_vehicle):
    """SRM Art. 17 §2 (extraordinary vistoria at any time) and §3."""
    result = inspections.record_inspection(FISCAL, srm_vehicle.id,
                                           data("on_demand", fail=("mata-cachorro",)), on=ON)
    assert not result["approved"] and Vehicle.get_by_id(srm_vehicle.id).out_of_service
    assert Fee.select().count() == 0  # only the annual vistoria is charged (Art. 47 III)


def _bad():
    ok = data()
    results = ok["results"]
    first = next(iter(results))
    return [
        ({**ok, "results": {**results, "nao-existe": "pass"}}, "Itens da vistoria",
         "desconhecido"),
        ({**ok, "results": {k: v for k, v in results.items() if k != first}},
         f"Item '{first}'", "resposta obrigatória"),
        ({**ok, "results": {**results, first: "talvez"}}, f"Item '{first}'", "inválido"),
        ({**ok, "results": "tudo ok"}, "Itens da vistoria", "resultado"),
        ({**ok, "inspected_on": ON + dt.timedelta(days=1)}, "Data da vistoria", "fora"),
        ({**ok, "inspected_on": ON - dt.timedelta(days=400)}, "Data da vistoria", "fora"),
        ({**ok, "inspected_on": "31/02/2026"}, "Data da vistoria", "impossível"),
        ({**ok, "notes": "x" * 100_000}, "Observações", "longo demais"),
        ({**ok, "kind": "mensal"}, "Tipo de vistoria", "anual"),
        ({**ok, "placa": "ABC1234"}, "placa", "desconhecido"),
    ]


def test_bad_input_names_the_field_and_writes_nothing(srm_vehicle):
    for payload, field, words in _bad():
        before = row_counts()
        with pytest.raises(ValidationError) as err:
            inspections.record_inspection(FISCAL, srm_vehicle.id, payload, on=ON)
        assert err.value.field == field and words in str(err.value), str(err.value)
        assert row_counts() == before


def test_annual_only_item_is_refused_in_the_semiannual_checklist(srm_vehicle):
    """SRM Art. 17: the semiannual inspection checks the equipment only."""
    payload = data("semiannual")
    payload["results"]["cor-numero-permissao"] = "pass"  # Art. 15 I, annual only
    before = row_counts()
    with pytest.raises(ValidationError, match="não faz parte do checklist da inspeção semestral"):
        inspections.record_inspection(FISCAL, srm_vehicle.id, payload, on=ON)
    assert row_counts() == before


@pytest.mark.parametrize("vehicle_id", [999_999, "abc", None, "9" * 500])
def test_unknown_vehicle_is_a_validation_error(srm, vehicle_id):
    before = row_counts()
    with pytest.raises(ValidationError) as err:
        inspections.record_inspection(FISCAL, vehicle_id, data(), on=ON)
    assert err.value.field == "Veículo"
    assert row_counts() == before


def test_only_inspectors_record(srm_vehicle):
    with pytest.raises(PermissionDenied, match="Atendente"):
        inspections.record_inspection(ATENDENTE, srm_vehicle.id, data(), on=ON)


def test_void_and_reissue_keep_every_serial_accounted_for(srm_vehicle):
    """Lei 3.920 Art. 27 sticker: a voided serial is never reused; the reissue replaces it."""
    first = inspections.record_inspection(FISCAL, srm_vehicle.id, data(), on=ON)
    voided = inspections.void_sticker(SUPERVISOR, first["sticker_serial"],
                                      reason="Selo danificado na aplicação", on=ON)
    assert voided["status"] == "voided" and voided["void_reason"] == "Selo danificado na aplicação"
    with pytest.raises(DomainError, match="já está cancelado"):
        inspections.void_sticker(SUPERVISOR, "2026-000001", reason="de novo", on=ON)
    new = inspections.reissue_sticker(SUPERVISOR, "2026-000001", reason="Segunda via", on=ON)
    assert new["serial"] == "2026-000002" and new["replaces_serial"] == "2026-000001"
    assert Inspection.get_by_id(first["id"]).sticker_serial == "2026-000002"
    with pytest.raises(DomainError, match="já foi substituído pelo selo 2026-000002"):
        inspections.reissue_sticker(SUPERVISOR, "2026-000001", reason="outra", on=ON)
    # reissuing an issued sticker voids it in the same action
    third = inspections.reissue_sticker(SUPERVISOR, "2026-000002", reason="Furtado", on=ON)
    assert third["serial"] == "2026-000003"
    assert Sticker.get(Sticker.serial == "2026-000002").status == "voided"
    assert [s.status for s in Sticker.select().order_by(Sticker.serial)] == \
        ["voided", "voided", "issued"]
    assert sequences.peek("sticker", 2026) == 3
    assert AuditLog.select().where(AuditLog.action == "sticker.void").count() == 2
    assert AuditLog.select().where(AuditLog.action == "sticker.reissue").count() == 2


def test_sticker_input_errors_write_nothing(srm_vehicle):
    inspections.record_inspection(FISCAL, srm_vehicle.id, data(), on=ON)
    cases = [("2026-999999", "Nº do selo", "não existe"), ("selo", "Nº do selo", "inválido"),
             ("", "Nº do selo", "obrigatório"), ("2" * 10_000, "Nº do selo", "inválido")]
    for serial, field, words in cases:
        for call in (inspections.void_sticker, inspections.reissue_sticker):
            before = row_counts()
            with pytest.raises(ValidationError) as err:
                call(SUPERVISOR, serial, reason="motivo", on=ON)
            assert err.value.field == field and words in str(err.value)
            assert row_counts() == before
    before = row_counts()
    with pytest.raises(ValidationError, match="Motivo do cancelamento"):
        inspections.void_sticker(SUPERVISOR, "2026-000001", reason="  ", on=ON)
    with pytest.raises(ValidationError, match="Motivo da reemissão"):
        inspections.reissue_sticker(SUPERVISOR, "2026-000001", reason="x" * 201, on=ON)
    with pytest.raises(PermissionDenied):
        inspections.void_sticker(FISCAL, "2026-000001", reason="motivo", on=ON)
    assert row_counts() == before


def test_expired_inspection_sticker_is_not_reissued(srm_vehicle):
    inspections.record_inspection(FISCAL, srm_vehicle.id, data(), on=ON)
    with pytest.raises(DomainError, match="venceu em 10/05/2027"):
        inspections.reissue_sticker(SUPERVISOR, "2026-000001", reason="perdido",
                                    on=dt.date(2027, 6, 1))


def test_serials_are_per_year_and_a_failed_action_gives_its_number_back(make_municipio):
    """Gap-free stock: the serial is taken inside the action's transaction, so an action that
    fails after taking it (here: no fiscal-unit value for the fee) rolls it back."""
    make_municipio(SRM, today=ON)
    _, veh, _ = holder_with_vehicle(dt.date(2025, 6, 1))
    # SRM charges the vistoria fee: there is no fiscal-unit value for 2025 -> refused
    with pytest.raises(DomainError, match="unidade fiscal"):
        inspections.record_inspection(FISCAL, veh.id, data(inspected_on=dt.date(2025, 6, 1)),
                                      on=dt.date(2025, 6, 1))
    assert Sticker.select().count() == 0 and sequences.peek("sticker", 2025) == 0
    assert inspections.record_inspection(FISCAL, veh.id, data(), on=ON)["sticker_serial"] == \
        "2026-000001"
    fees.pay(SUPERVISOR, Fee.get().id, paid_on=ON, receipt="DAM 2")
    next_year = dt.date(2027, 1, 5)
    assert inspections.record_inspection(
        FISCAL, veh.id, data("semiannual", inspected_on=next_year), on=next_year
    )["sticker_serial"] == "2027-000001"


def test_vehicle_inspection_status_due_dates(srm_vehicle):
    """SRM Art. 17: annual every 12 months, semiannual every 6; the annual vistoria checks
    every equipment item too, so it restarts the semiannual period."""
    status = inspections.vehicle_inspection_status(srm_vehicle.id, ON)
    assert status["annual"]["never_inspected"] and status["annual"]["due_on"] == ON
    assert status["semiannual"]["due_on"] == ON and not status["out_of_service"]
    inspections.record_inspection(FISCAL, srm_vehicle.id, data(), on=ON)
    later = dt.date(2026, 12, 1)
    status = inspections.vehicle_inspection_status(srm_vehicle.id, later)
    assert status["annual"]["due_on"] == dt.date(2027, 5, 10)
    assert status["annual"]["sticker_serial"] == "2026-000001"
    assert status["semiannual"]["due_on"] == dt.date(2026, 11, 10)
    assert status["semiannual"]["overdue"] and status["semiannual"]["days_left"] == -21
    assert status["semiannual"]["last_approved_on"] is None
    assert status["last_inspection"]["kind"] == "annual"


# --- property: the stock stays unique and gap-free ---------------------------------------

OPS = st.lists(st.sampled_from(["record", "fail", "void", "reissue", "void_any"]),
               min_size=1, max_size=12)


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=OPS, picks=st.lists(st.integers(0, 50), min_size=12, max_size=12))
def test_sticker_serials_unique_and_gap_free(make_municipio, ops, picks):
    """Any sequence of record / void / reissue leaves serials 1..N of the year, each one a
    Sticker row, each voided one with its audit entry, at most one valid sticker per
    inspection, and every inspection pointing at its newest sticker."""
    from mototaxi_desk.store.models import MunicipioSettings
    if not MunicipioSettings.select().exists():
        make_municipio(PF, today=ON)  # PF: no fee, no debt check, so every record goes through
    veh = Vehicle.select().first() or vehicle(person())
    for op, pick in zip(ops, picks):
        serials = [s.serial for s in Sticker.select().order_by(Sticker.id)]
        try:
            if op in ("record", "fail"):
                inspections.record_inspection(
                    FISCAL, veh.id, data(fail=("dois-capacetes",) if op == "fail" else ()), on=ON)
            elif serials:
                serial = serials[pick % len(serials)]
                if op == "reissue":
                    inspections.reissue_sticker(SUPERVISOR, serial, reason="reemissão", on=ON)
                else:
                    inspections.void_sticker(SUPERVISOR, serial, reason="cancelado", on=ON)
        except DomainError:
            pass  # already voided / already replaced: refused, nothing written
    numbers = sorted(int(s.serial.split("-")[1]) for s in Sticker.select())
    assert numbers == list(range(1, len(numbers) + 1))
    assert sequences.peek("sticker", ON.year) == len(numbers)
    voided = Sticker.select().where(Sticker.status == "voided").count()
    assert AuditLog.select().where(AuditLog.action == "sticker.void").count() == voided
    issued_audits = AuditLog.select().where(AuditLog.action.in_(
        ["sticker.issue", "sticker.reissue"])).count()
    assert issued_audits == len(numbers)
    for insp in Inspection.select().where(Inspection.sticker_serial.is_null(False)):
        mine = list(Sticker.select().where(Sticker.inspection == insp.id).order_by(Sticker.id))
        assert sum(s.status == "issued" for s in mine) <= 1
        assert insp.sticker_serial == mine[-1].serial
