"""Issue #13: a fourth real law — Acari (RN), Lei nº 912/2009 in the wording of Lei
nº 1.193/2021 (tests/profiles/acari-rn-2021.toml, the text's source in its header) — with
what the first three could not say: a fixed number of autorizações (Art. 2º), an autorização
and its autorizatário on the card, the termo and the screens (Art. 1º), passengers and cargo
in motorcycle or tricycle (Art. 1º §1º), a psychological exam valid 2 years (Art. 1º §2º,
2017 wording), no term and no waiting list."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from mototaxi_desk.domain.errors import RuleRefusal
from mototaxi_desk.domain.permit_rules import NO_TERM
from mototaxi_desk.domain.validators import format_date
from mototaxi_desk.services.views import alerts
from mototaxi_desk.services.licensing import applications, permits, waiting_list
from mototaxi_desk.services import documents, setup
from mototaxi_desk.services.context import SYSTEM
from mototaxi_desk.store.models import Permit

from ..conftest import row_counts
from ..factories import CLERK, SUPERVISOR, make_person, make_vehicle
from ..printing.pdf_tools import text as pdf_text

ACARI = Path(__file__).resolve().parents[1] / "profiles" / "acari-rn-2021.toml"
ON = dt.date(2026, 3, 2)


@pytest.fixture
def acari(db):
    return setup.initialise(profile_id=str(ACARI), municipio="Acari", uf="RN", ibge="2400109",
                            population=11_000, fiscal_unit_value="1,00",
                            admin_password="senha-forte-1", today=ON)


def _holder(name: str):
    person = make_person(name, today=ON)
    vehicle = make_vehicle(person["id"], year=2024, today=ON)
    return person, vehicle


def test_fixed_number_of_autorizacoes_whatever_the_population_art_2(acari):
    """Acari Art. 2º: 75 vagas, not one per N inhabitants."""
    assert acari["permit_cap"] == 75 and acari["profile_id"] == "acari-rn-2021"
    setup.set_population(SYSTEM, 500_000)
    assert setup.summary()["permit_cap"] == 75


def test_no_waiting_list_a_full_cap_is_refused_art_2(acari):
    person, vehicle = _holder("Josué Medeiros")
    Permit.insert_many([{"order_number": 100 + i, "holder": person["id"], "status": "active",
                         "issued_on": ON, "valid_until": NO_TERM, "held_since": ON}
                        for i in range(75)]).execute()
    other, other_vehicle = _holder("Severino Dantas")
    counts = row_counts()
    with pytest.raises(RuleRefusal, match="Limite de 75 autorizações atingido"):
        permits.grant_permit(SUPERVISOR, holder_id=other["id"], vehicle_id=other_vehicle["id"],
                             on=ON)
    with pytest.raises(RuleRefusal, match="não prevê lista de espera"):
        waiting_list.enrol(CLERK, other["id"], on=ON)
    assert row_counts() == counts


def test_autorizacao_without_term_its_card_and_termo(acari):
    """Acari Art. 1º: an autorização (no term) to an autorizatário, for passengers and
    cargo in motorcycle or tricycle."""
    person, vehicle = _holder("Maria das Graças Azevedo")
    granted = permits.grant_permit(SUPERVISOR, holder_id=person["id"],
                                   vehicle_id=vehicle["id"], on=ON)
    permit = Permit.get(Permit.order_number == granted["order_number"])
    assert permit.valid_until == NO_TERM and format_date(permit.valid_until) == "sem prazo"
    assert not [a for a in alerts.due(on=ON, days=3650) if a["kind"] == "permit_validity"]
    card = documents.print_cards(SYSTEM, [permit.order_number], on=ON)
    documents.confirm(SYSTEM, card)  # printed: the copy is in circulation
    text = pdf_text(card["pdf"])
    assert "AUTORIZAÇÃO DE MOTOTAXISTA" in text and "sem prazo" in text
    verified = documents.verify(card["copies"][0]["qr_text"], on=ON + dt.timedelta(days=4000))
    assert verified["verdict"] == "VÁLIDO", verified["problems"]  # no validity in the QR
    termo = pdf_text(documents.print_termo(SYSTEM, permit.order_number)["pdf"])
    for words in ("TERMO DE AUTORIZAÇÃO Nº", "Da autorização", "Do autorizatário",
                  "Transporte de passageiros e cargas em motocicleta ou triciclo",
                  "sem prazo determinado", "Autorizatário(a)"):
        assert words in " ".join(termo.split()), words


def test_psychological_exam_valid_two_years_is_an_alert_art_1_par_2(acari):
    """Acari Art. 1º §2º (2017 wording): the psychological exam is valid 2 years; the
    holder's latest one expires 2 years after it was received."""
    person, vehicle = _holder("Francisco Bezerra")
    app = applications.file_application(CLERK, person["id"], "new_permit",
                                        on=dt.datetime(2025, 5, 10, 9))
    applications.set_checklist_item(CLERK, app["id"], "exame-psicologico", received=True,
                                    received_on=dt.date(2025, 5, 12))
    permits.grant_permit(SUPERVISOR, holder_id=person["id"], vehicle_id=vehicle["id"], on=ON)
    due = [a for a in alerts.due(on=dt.date(2027, 4, 20), days=30) if a["kind"] == "document"]
    assert len(due) == 1
    assert due[0]["due_date"] == dt.date(2027, 5, 11) and due[0]["person_id"] == person["id"]
    assert "Laudo de exame psicológico" in due[0]["label"]
    assert due[0]["article"] == "Art. 1º §2º (redação de 2017)"
