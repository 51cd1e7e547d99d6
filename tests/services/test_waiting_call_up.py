"""PF Art. 12 §ú — "Será automaticamente convocado o próximo requerente na lista de espera":
every ending of a call that leaves its place free (refusal, withdrawal, death, removal,
expiry, the called person's permit with another place still free) calls the next by itself,
audited; SRM (Art. 3, licitação) and L1745 (Art. 13, edital) leave the next call to the clerk.

Each município is made by `setup.initialise` with a population whose cap is reached by the
permits granted through the services, the applicants past it put on the list by the grant
itself; once per session and backend (a template), copied into each test's database."""
import datetime as dt
import json

import pytest

from mototaxi_desk.domain.profiles import load_profile
from mototaxi_desk.services.licensing import permits, waiting_list
from mototaxi_desk.services import setup
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.models import AuditLog, WaitingListEntry

from ..conftest import from_template, municipio_values, row_counts
from ..factories import CLERK, SUPERVISOR, make_person, make_vehicle

TODAY = dt.date(2026, 6, 15)
DESIST_ON = dt.date(2026, 7, 1)
PF, SRM, L1745 = "porto-feliz-2017", "sao-raimundo-das-mangabeiras-2019", "lei-1745-2011"
ADMIN = Actor(None, "admin.teste", "admin")


def applicant(name):
    person = make_person(name, today=TODAY)
    vehicle = make_vehicle(person["id"], year=2025, today=TODAY,
                           insured_until=dt.date(2030, 12, 31))
    return person, vehicle


def grant(person, vehicle, on=TODAY):
    return permits.grant_permit(SUPERVISOR, holder_id=person["id"], vehicle_id=vehicle["id"],
                                on=on)


@pytest.fixture
def prepared(db, db_url, templates):
    """prepared(make, profile_id): what `make(profile_id)` builds, built once per session and
    backend (a template) and copied into this test's database."""
    def get(make, profile_id=PF):
        return from_template(db_url, templates, f"waiting-{make.__name__}-{profile_id}",
                             lambda: make(profile_id))
    return get


def full_municipio(profile_id=PF):
    """Cap 2 (twice the inhabitants per permit) held by two permits; Ana, Bruno and Célia
    found it full and wait, in that order."""
    setup.initialise(**municipio_values(profile_id, population=2 * per_permit(profile_id)),
                     today=TODAY)
    held = [grant(*applicant(name))["id"] for name in ("Primeiro Titular", "Segunda Titular")]
    waiting = {}
    for name, years in (("Ana Primeira", 12), ("Bruno Segundo", 8), ("Célia Terceira", 4)):
        person, vehicle = applicant(name)
        assert grant(person, vehicle)["granted"] is False
        entry = WaitingListEntry.get(WaitingListEntry.person == person["id"]).id
        # the years in the service rank them in the same order where the list is ranked
        # (L1745 Art. 12 §2º I); the other lists go by enrolment
        waiting_list.update_entry(CLERK, entry, {"seniority_years": years})
        waiting[name.split()[0]] = {"person": person, "vehicle": vehicle, "entry": entry}
    return held, waiting


def per_permit(profile_id) -> int:
    return load_profile(profile_id).cap.inhabitants_per_permit


def status(who) -> str:
    return WaitingListEntry.get_by_id(who["entry"]).status


def pf_with_ana_called(profile_id=PF):
    """PF: the first permit is given up; its place calls Ana (PF Art. 12)."""
    held, waiting = full_municipio(profile_id)
    permits.desist(SUPERVISOR, held[0], on=DESIST_ON)
    assert status(waiting["Ana"]) == "called"
    return held, waiting


@pytest.mark.parametrize("reason", ["Recusou a convocação", "Desistência do inscrito",
                                    "Falecimento", "Deixou de atender aos requisitos",
                                    "Não compareceu à convocação",
                                    "Outro motivo: mudou-se do município"])
def test_pf_art_12_par_unico_a_call_ended_by_leaving_calls_the_next(prepared, reason):
    """PF Art. 12 §ú: the called person refuses, gives up, dies or is removed — the place is
    still free, so the next on the list is called at once, with the deadline, audited under
    the clerk who recorded the ending."""
    _, waiting = prepared(pf_with_ana_called)
    ended = waiting_list.leave(CLERK, waiting["Ana"]["entry"], reason=reason, on=DESIST_ON)
    assert ended["status"] == "left"
    called = ended["next_called"]
    assert called["id"] == waiting["Bruno"]["entry"] and called["status"] == "called"
    assert called["call_deadline"] == DESIST_ON + dt.timedelta(
        days=waiting_list.DEFAULT_CALL_DAYS)
    assert ended["next_call_text"] == (
        "Bruno Segundo convocado(a) em seguida (Art. 12 §ú); prazo para comparecer até "
        f"{called['call_deadline']:%d/%m/%Y}.")
    assert status(waiting["Célia"]) == "waiting"
    log = AuditLog.select().where(AuditLog.action == "waiting_list.call") \
        .order_by(AuditLog.id.desc()).first()
    assert log.entity_id == str(waiting["Bruno"]["entry"])
    assert json.loads(log.after)["reason"] == (
        f"convocação da inscrição nº {waiting['Ana']['entry']} encerrada: {reason}")


def test_pf_art_12_par_unico_an_expired_call_calls_the_next(prepared):
    """PF Art. 12 §ú: the called person did not come by the deadline — the next is called."""
    _, waiting = prepared(pf_with_ana_called)
    deadline = WaitingListEntry.get_by_id(waiting["Ana"]["entry"]).call_deadline
    result = waiting_list.expire_calls(CLERK, on=deadline + dt.timedelta(days=1))
    assert [e["id"] for e in result["expired"]] == [waiting["Ana"]["entry"]]
    assert [e["id"] for e in result["called"]] == [waiting["Bruno"]["entry"]]


def test_pf_art_12_par_unico_the_called_person_granted_fills_the_place(prepared):
    """PF Art. 12 §ú: Ana takes the reverted permit — her call ends and, the cap full again,
    nobody else is called."""
    _, waiting = prepared(pf_with_ana_called)
    ana = waiting["Ana"]
    granted = grant(ana["person"], ana["vehicle"], on=DESIST_ON)
    assert granted["granted"] and granted["next_called"] is None
    assert status(ana) == "granted" and status(waiting["Bruno"]) == "waiting"


def test_pf_art_12_par_unico_the_called_person_granted_with_a_place_left_calls_the_next(
        prepared):
    """PF Art. 12 §ú: while Ana was called the population grew (cap 3): her permit ends her
    call and the place still free calls Bruno."""
    _, waiting = prepared(pf_with_ana_called)
    setup.set_population(ADMIN, 3 * per_permit(PF))
    ana = waiting["Ana"]
    granted = grant(ana["person"], ana["vehicle"], on=DESIST_ON)
    assert granted["next_called"]["id"] == waiting["Bruno"]["entry"]
    assert status(ana) == "granted" and status(waiting["Bruno"]) == "called"
    assert status(waiting["Célia"]) == "waiting"


def test_pf_art_12_par_unico_no_free_place_no_call(prepared):
    """PF Art. 12 §ú calls the next for a place that is free: a call made by hand while the
    cap is full, refused, leaves no place to offer — nobody is called and the text says why;
    nothing else is written."""
    _, waiting = prepared(full_municipio)
    assert waiting_list.call_next(CLERK, on=TODAY)["id"] == waiting["Ana"]["entry"]
    before = row_counts()
    ended = waiting_list.leave(CLERK, waiting["Ana"]["entry"], reason="Recusou a convocação",
                               on=TODAY)
    assert ended["next_called"] is None and "não há vaga livre" in ended["next_call_text"]
    assert status(waiting["Bruno"]) == "waiting"
    after = row_counts()
    # the refusal's own writes only: the entry ended and its audit line
    assert {k: v - before[k] for k, v in after.items() if v != before[k]} == {"AuditLog": 1}


def test_pf_art_12_par_unico_leaving_while_waiting_calls_nobody(prepared):
    """PF Art. 12 §ú passes a call on: someone who was only waiting leaves no call behind."""
    _, waiting = prepared(pf_with_ana_called)
    ended = waiting_list.leave(CLERK, waiting["Bruno"]["entry"], reason="Desistência",
                               on=DESIST_ON)
    assert "next_called" not in ended and status(waiting["Célia"]) == "waiting"
    assert WaitingListEntry.select().where(WaitingListEntry.status == "called").count() == 1


@pytest.mark.parametrize("profile_id, article", [(SRM, "Art. 3"), (L1745, "Art. 13")])
def test_srm_art_3_and_l1745_art_13_the_clerk_calls_the_next(prepared, profile_id,
                                                              article):
    """SRM Art. 3 (permits by licitação) and L1745 Art. 13 (every vacancy by edital) have no
    automatic call-up: a refused call frees the place and the clerk calls the next."""
    held, waiting = prepared(full_municipio, profile_id)
    permits.cassate(SUPERVISOR, held[0], on=DESIST_ON, reason="Decisão no processo 9/2026")
    assert waiting_list.free_places() == 1 and status(waiting["Ana"]) == "waiting"
    assert waiting_list.call_next(CLERK, on=DESIST_ON)["id"] == waiting["Ana"]["entry"]
    ended = waiting_list.leave(CLERK, waiting["Ana"]["entry"], reason="Recusou a convocação",
                               on=DESIST_ON)
    assert ended["next_called"] is None
    assert ended["next_call_text"] == (
        f"A lei do município não convoca o próximo automaticamente ({article}): a próxima "
        "convocação é feita pelo atendente.")
    assert status(waiting["Bruno"]) == "waiting"
    assert waiting_list.call_next(CLERK, on=DESIST_ON)["id"] == waiting["Bruno"]["entry"]
