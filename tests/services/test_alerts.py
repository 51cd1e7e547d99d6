"""Deadlines (alerts.due): permits, renewal (L1745 Art. 9), vehicle age (SRM Art. 19, PF Art.
17 §4), inspections (SRM Art. 17, PF Arts. 15 X and 19), CNH, insurance, auxiliary drivers
(SRM Art. 23 III), interruptions, waiting-list calls."""
import datetime as dt

import pytest

from mototaxi_desk.domain.errors import ValidationError
from mototaxi_desk.services.views import alerts
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services.licensing import waiting_list
from mototaxi_desk.store.models import DB, Inspection

from .licensing_rows import ATENDENTE, auxiliary, holder_with_vehicle, permit, person, vehicle

ON = dt.date(2026, 5, 10)
PF, SRM, L1745 = "porto-feliz-2017", "sao-raimundo-das-mangabeiras-2019", "lei-1745-2011"


def of(items, kind, **match):
    return [i for i in items if i["kind"] == kind and all(i[k] == v for k, v in match.items())]


def inspected(veh, kind, on, approved=True):
    from mototaxi_desk.domain import inspection_rules
    return Inspection.create(vehicle=veh, kind=kind, inspected_on=on, approved=approved,
                             valid_until=inspection_rules.valid_until(kind, on) if approved
                             else None)


def fully_inspected(veh):
    inspected(veh, "annual", ON - dt.timedelta(days=30))
    inspected(veh, "semiannual", ON - dt.timedelta(days=10))


def test_permit_cnh_insurance_interruption_auxiliary_and_call(make_municipio):
    """SRM Art. 51 (validity), Art. 20 (CNH), Art. 20 XVI (insurance), Art. 29
    (interruption), Art. 21 / 23 III (auxiliary re-credential); the waiting-list call."""
    make_municipio(SRM, today=ON)
    a, va, pa = holder_with_vehicle(ON, name="Ana Validade", valid_until=ON + dt.timedelta(days=10))
    b, vb, pb = holder_with_vehicle(ON, name="Bruno Vencido", valid_until=ON - dt.timedelta(days=5))
    c, vc, pc = holder_with_vehicle(ON, name="Caio Revogado", valid_until=ON,
                                    permit_status="revoked", cnh_expiry=ON - dt.timedelta(days=1))
    d, vd, pd = holder_with_vehicle(ON, name="Dora CNH", cnh_expiry=ON + dt.timedelta(days=20),
                                    insurance_expiry=ON + dt.timedelta(days=3))
    e, ve, pe = holder_with_vehicle(ON, name="Edu Parado", permit_status="interrupted")
    pe.status_until = ON + dt.timedelta(days=7)
    pe.save()
    aux = auxiliary(pd, valid_until=ON + dt.timedelta(days=15), on=ON,
                    cnh_expiry=ON - dt.timedelta(days=100))
    auxiliary(pa, valid_until=ON + dt.timedelta(days=1), on=ON, active=False)
    for veh in (va, vb, vc, vd, ve):
        fully_inspected(veh)
    waiting = person("Wagner Espera", cnh_expiry=ON - dt.timedelta(days=3))
    waiting_list.enrol(ATENDENTE, waiting.id, on=ON - dt.timedelta(days=40))
    call = waiting_list.call_next(ATENDENTE, on=ON - dt.timedelta(days=28))

    items = alerts.due(on=ON, days=30)

    assert of(items, "permit_validity") == [
        {"kind": "permit_validity", "label": "Validade da permissão",
         "due_date": ON - dt.timedelta(days=5), "days_left": -5, "urgency": "overdue",
         "person_id": b.id, "person_name": "Bruno Vencido", "permit_id": pb.id,
         "permit_order_number": pb.order_number,
         "permit_order_text": f"{pb.order_number:04d}", "plate": vb.plate_original,
         "entity": "permit", "entity_id": pb.id, "article": "Art. 51"},
        {"kind": "permit_validity", "label": "Validade da permissão",
         "due_date": ON + dt.timedelta(days=10), "days_left": 10, "urgency": "soon",
         "person_id": a.id, "person_name": "Ana Validade", "permit_id": pa.id,
         "permit_order_number": pa.order_number,
         "permit_order_text": f"{pa.order_number:04d}", "plate": va.plate_original,
         "entity": "permit", "entity_id": pa.id, "article": "Art. 51"}]
    assert not [i for i in items if i["person_id"] == c.id]  # an ended permit has no deadlines
    cnh = of(items, "cnh")
    assert [(i["person_id"], i["days_left"], i["article"]) for i in cnh] == [
        (aux.person_id, -100, "Art. 21"), (d.id, 20, "Art. 20")]
    assert "condutor auxiliar" in cnh[0]["label"] and cnh[0]["permit_id"] == pd.id
    assert [(i["entity_id"], i["days_left"], i["article"]) for i in of(items, "insurance")] == \
        [(vd.id, 3, "Art. 20 XVI")]
    assert [(i["entity_id"], i["due_date"]) for i in of(items, "interruption_end")] == \
        [(pe.id, ON + dt.timedelta(days=7))]
    assert [(i["entity_id"], i["days_left"]) for i in of(items, "auxiliary_recredential")] == \
        [(aux.id, 15)]
    assert [(i["entity_id"], i["person_name"], i["days_left"], i["article"])
            for i in of(items, "waiting_call")] == [(call["id"], "Wagner Espera", 2, "Art. 3")]
    assert not of(items, "renewal")  # SRM has no yearly renewal deadline
    assert not of(items, "annual_inspection") and not of(items, "semiannual_inspection")
    dates = [i["due_date"] for i in items]
    assert dates == sorted(dates) and items[0]["urgency"] == "overdue"
    assert all(i["urgency"] == ("overdue" if i["days_left"] < 0 else "soon") for i in items)


def test_days_limits_only_the_future(make_municipio):
    make_municipio(SRM, today=ON)
    _, veh, _ = holder_with_vehicle(ON, valid_until=ON + dt.timedelta(days=45),
                                    insurance_expiry=ON - dt.timedelta(days=400))
    fully_inspected(veh)
    # the permit was granted a year ago: its card's yearly licensing (SRM Art. 6 XX) is due today
    assert [i["kind"] for i in alerts.due(on=ON, days=0)] == ["insurance", "card_licensing"]
    assert [i["kind"] for i in alerts.due(on=ON, days=45)] == ["insurance", "card_licensing",
                                                               "permit_validity"]


@pytest.mark.parametrize("days", [-1, 4000, "30", 2.5, True])
def test_bad_days(make_municipio, days):
    make_municipio(SRM, today=ON)
    with pytest.raises(ValidationError, match="Dias"):
        alerts.due(on=ON, days=days)


def test_inspections_due_from_the_last_approved(make_municipio):
    """SRM Art. 17: annual every 12 months, semiannual every 6 (the annual vistoria checks
    the equipment too); a vehicle never inspected is due now; a failed one does not count."""
    make_municipio(SRM, today=ON)
    _, never, _ = holder_with_vehicle(ON, name="Nunca Vistoriado")
    _, failed, _ = holder_with_vehicle(ON, name="Só Reprovado")
    inspected(failed, "annual", ON - dt.timedelta(days=3), approved=False)
    _, old, _ = holder_with_vehicle(ON, name="Vistoria Antiga")
    inspected(old, "annual", dt.date(2025, 6, 1))
    _, ok, _ = holder_with_vehicle(ON, name="Em Dia")
    inspected(ok, "annual", dt.date(2025, 12, 1))
    inspected(ok, "semiannual", dt.date(2026, 4, 1))
    items = alerts.due(on=ON, days=30)
    annual = {i["entity_id"]: (i["due_date"], i["label"]) for i in of(items, "annual_inspection")}
    semi = {i["entity_id"]: i["due_date"] for i in of(items, "semiannual_inspection")}
    assert annual == {never.id: (ON, "Vistoria anual — nenhuma registrada"),
                      failed.id: (ON, "Vistoria anual — nenhuma registrada"),
                      old.id: (dt.date(2026, 6, 1), "Vistoria anual")}
    assert semi == {never.id: ON, failed.id: ON, old.id: dt.date(2025, 12, 1)}
    assert of(items, "annual_inspection", entity_id=old.id)[0]["days_left"] == 22
    assert all(i["article"] == "Art. 17" for i in items if i["kind"].endswith("inspection"))


def test_l1745_has_no_semiannual_inspection_nor_age_limit_in_service(make_municipio):
    """L1745 Art. 10 (no periodic semiannual inspection) and Art. 2 §2 III (the age limit
    applies at the grant only)."""
    make_municipio(L1745, today=ON)
    _, veh, _ = holder_with_vehicle(ON, manufacture_year=2015)
    kinds = {i["kind"] for i in alerts.due(on=ON, days=3650)}
    assert "semiannual_inspection" not in kinds and "vehicle_age" not in kinds
    assert "annual_inspection" in kinds


def test_srm_vehicle_age_limit_with_replacement_deadline(make_municipio):
    """SRM Art. 19: 6 years from the manufacture year; §2: 30 days to present the new one."""
    on = dt.date(2026, 12, 15)
    make_municipio(SRM, today=on)
    _, veh, _ = holder_with_vehicle(on, manufacture_year=2020)
    _, newer, _ = holder_with_vehicle(on, manufacture_year=2021)
    items = of(alerts.due(on=on, days=30), "vehicle_age")
    assert [(i["entity_id"], i["due_date"], i["article"]) for i in items] == \
        [(veh.id, dt.date(2026, 12, 31), "Art. 19")]
    assert "fabricação 2020" in items[0]["label"] and "30/01/2027" in items[0]["label"]
    assert not of(alerts.due(on=on, days=30), "replacement_declaration")  # PF only


def test_pf_180_day_replacement_declaration(make_municipio):
    """PF Art. 17 §4: declare the replacement 180 days before the 5-year limit (Art. 17),
    unless it was already declared."""
    on = dt.date(2026, 6, 20)
    make_municipio(PF, today=on)
    _, due_veh, _ = holder_with_vehicle(on, manufacture_year=2021)
    _, declared, _ = holder_with_vehicle(on, manufacture_year=2021)
    declared.replacement_declared_on = dt.date(2026, 6, 1)
    declared.save()
    items = alerts.due(on=on, days=30)
    decl = of(items, "replacement_declaration")
    assert [(i["entity_id"], i["due_date"], i["days_left"]) for i in decl] == \
        [(due_veh.id, dt.date(2026, 7, 4), 14)]
    assert decl[0]["article"] == "Art. 17 §§1º, 4º e 5º"
    assert not of(items, "vehicle_age")  # 31/12/2026 is beyond 30 days
    assert len(of(alerts.due(on=on, days=200), "vehicle_age")) == 2


@pytest.mark.parametrize("on, due, days_left, grace", [
    (dt.date(2026, 3, 15), dt.date(2026, 3, 31), 16, False),   # Art. 9: by 31 March
    (dt.date(2026, 4, 10), dt.date(2026, 4, 30), 20, True),    # §2: 30 more days, with fine
    (dt.date(2026, 5, 5), dt.date(2026, 4, 30), -5, True),     # lapsed: overdue
])
def test_l1745_renewal_deadline(make_municipio, on, due, days_left, grace):
    """L1745 Art. 9: renewal requested by 31 March; §2: 30 more days with a 5 UFICA fine,
    then the alvará lapses. Only permits whose validity ends this year."""
    make_municipio(L1745, today=on)
    who, veh, this_year = holder_with_vehicle(on, valid_until=dt.date(2026, 12, 31))
    other = permit(person("Ano Que Vem"), vehicle(person("Dono")), issued_on=dt.date(2026, 2, 1),
                   valid_until=dt.date(2027, 2, 1))
    items = of(alerts.due(on=on, days=30), "renewal")
    assert [(i["entity_id"], i["due_date"], i["days_left"], i["article"]) for i in items] == \
        [(this_year.id, due, days_left, "Art. 9")]
    assert ("com multa" in items[0]["label"]) is grace
    assert other.id not in [i["entity_id"] for i in items]


def test_a_fixed_number_of_queries_whatever_the_size(make_municipio):
    """It runs on 10,000+ permits: no query per permit."""
    make_municipio(SRM, today=ON)
    database = DB.obj
    original = database.execute_sql
    counted = []

    def counting(sql, *args, **kwargs):
        counted.append(sql)
        return original(sql, *args, **kwargs)

    def queries():
        counted.clear()
        database.execute_sql = counting
        try:
            items = alerts.due(on=ON, days=60)
        finally:
            del database.execute_sql
        return len(counted), items

    demo.fill(8, seed=1, today=ON, with_users=False)
    small, small_items = queries()
    demo.fill(50, seed=2, today=ON, with_users=False)
    large, large_items = queries()
    # 11: the recadastramento campaigns of the last two years are one more (issue 21)
    assert small == large and large <= 11, counted
    assert len(large_items) > len(small_items)


def test_the_string_sort_key_orders_as_date_kind_name_id():
    """alerts._sort_key (fast in a big sort) gives the same order as the plain tuple."""
    import itertools
    import random
    days = [dt.date(2026, 1, 31), dt.date(2026, 2, 1), dt.date(2027, 1, 1)]
    kinds = ["cnh", "cnh_aux", "insurance", "permit_validity"]
    names = {1: "ana", 2: "ana maria", 3: "anabela", 4: "bruno", 5: ""}
    items = [{"due_date": d, "kind": k, "person_id": p, "entity_id": e}
             for d, k, p, e in itertools.product(days, kinds, names, [7, 10, 123456])]
    random.Random(3).shuffle(items)
    expected = sorted(items, key=lambda i: (i["due_date"], i["kind"], names[i["person_id"]],
                                            i["entity_id"]))
    assert sorted(items, key=lambda i: alerts._sort_key(i, names)) == expected
