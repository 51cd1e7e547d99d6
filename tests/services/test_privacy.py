"""LGPD (Lei 13.709/2018), issue 8 part 5: a fiscal sees masked CPFs; viewing a full record
is logged; the data-subject export (Art. 18 II) holds everything about the person and nothing
about anyone else; printed QR codes carry no more than the card shows; the log file never
holds a CPF, a password or a key in clear."""
from __future__ import annotations

import datetime as dt
import json
import logging
import re
from pathlib import Path

import pytest

from mototaxi_desk import config, logs
from mototaxi_desk.domain import validators, wallclock
from mototaxi_desk.domain.errors import ValidationError
from mototaxi_desk.printing import qr
from mototaxi_desk.services.licensing import applications, permits, waiting_list
from mototaxi_desk.services.views import counter, records, search
from mototaxi_desk.services import documents, ledger
from mototaxi_desk.services.administration import privacy, users
from mototaxi_desk.services.context import Actor, PermissionDenied
from mototaxi_desk.store.models import AuditLog, Person

from ..conftest import row_counts
from ..factories import CLERK, make_person
from ..printing import pdf_tools
from .ledger_helpers import FISCAL, TODAY, holder_permit, notice_data

SUPERVISOR = Actor(None, "supervisor.lgpd", "supervisor")


@pytest.fixture
def holder(srm):
    """A holder with CNH, vehicle, permit, paid card fee, a notice, an application, a printed
    card; and a second person whose data must not leak into the first one's export."""
    person, permit = holder_permit("Conceição Araújo Sá")
    app = applications.file_application(CLERK, person["id"], "renewal",
                                        permit_id=permit["id"])
    notice = ledger.record_notice(FISCAL, notice_data(permit, "36-IX", "10/06/2026 14:30"),
                                  on=TODAY)
    documents.print_cards(CLERK, [permit["order_number"]], on=TODAY)
    other = make_person("Outro Fulano de Tal")
    return {"person": person, "permit": permit, "notice": notice, "application": app,
            "other": other}


def test_a_fiscal_sees_the_cpf_masked_in_search_and_record(holder):
    person = holder["person"]
    cpf, shown = person["cpf"], validators.mask_cpf(person["cpf"])
    fiscal_hits = search.search(cpf, actor=FISCAL)
    assert [h["cpf"] for h in fiscal_hits] == [shown]
    assert cpf not in json.dumps(fiscal_hits) and person["cpf_text"] not in json.dumps(
        fiscal_hits)
    assert [h["cpf"] for h in search.search(cpf, actor=CLERK)] == [person["cpf_text"]]
    record = records.person_record(FISCAL, person["id"], on=TODAY)
    dumped = json.dumps(record, default=str)
    assert record["person"]["cpf_text"] == shown and record["history"]  # history still shown
    assert cpf not in dumped and person["cpf_text"] not in dumped
    assert records.person_record(CLERK, person["id"], on=TODAY)["person"]["cpf"] == cpf


def test_a_fiscal_sees_the_cpf_masked_in_the_lists(holder):
    """LGPD: the Permissionários list and the waiting list (people waiting and people called)
    mask the CPF for a fiscal as the search does; the counter roles see it whole."""
    person = holder["person"]
    waiting = make_person("Espera Pela Vaga")
    waiting_list.enrol(CLERK, waiting["id"], on=TODAY)
    waiting_list.call_next(SUPERVISOR, on=TODAY)
    second = make_person("Segunda Na Fila")
    waiting_list.enrol(CLERK, second["id"], on=TODAY)
    lists = {"permits": lambda actor: permits.list_permits(actor=actor),
             "waiting": lambda actor: waiting_list.ordered(TODAY, actor=actor),
             "called": lambda actor: counter.waiting_calls(actor)}
    expected = {"permits": person, "waiting": second, "called": waiting}
    for name, rows_for in lists.items():
        cpf = expected[name]["cpf"]
        fiscal_rows, clerk_rows = rows_for(FISCAL), rows_for(CLERK)
        assert [r["cpf_text"] for r in fiscal_rows] == [validators.mask_cpf(cpf)], name
        assert cpf not in json.dumps(fiscal_rows, default=str), name
        assert [r["cpf_text"] for r in clerk_rows] == [validators.format_cpf(cpf)], name


def test_viewing_the_full_record_is_logged(holder):
    person_id = holder["person"]["id"]
    records.person_record(FISCAL, person_id, on=TODAY)
    records.person_record(CLERK, person_id, on=TODAY)
    views = list(AuditLog.select().where((AuditLog.action == "person.view") &
                                         (AuditLog.entity_id == str(person_id))))
    assert len(views) == 2


def test_the_export_holds_everything_about_the_person_and_is_audited(holder):
    person, permit = holder["person"], holder["permit"]
    records.person_record(CLERK, person["id"], on=TODAY)  # a view, to appear in the export
    export = privacy.export_person(SUPERVISOR, person["cpf_text"])
    assert export["person"]["cpf"] == person["cpf"] and export["exported_by"] == "supervisor.lgpd"
    assert [c["number"] for c in export["cnh"]] and \
        [p["order_number"] for p in export["permits"]] == [permit["order_number"]]
    assert export["permits"][0]["history"]  # the grant
    assert [v["plate_original"] for v in export["vehicles"]] == [permit["plate"]]
    assert [n["number_text"] for n in export["notices"]] == [holder["notice"]["number"]]
    assert export["penalty_charges"]  # the notice's fine
    [app] = export["applications"]
    assert app["protocol"] == holder["application"]["protocol"] and app["checklist"]
    assert export["fees"] and all(f["person"] == person["id"] for f in export["fees"])
    assert {(e["document"], e["entity_key"]) for e in export["print_log"]} == \
        {("card", str(permit["order_number"]))}
    actions = {e["action"] for e in export["audit"]}
    assert {"person.register", "permit.grant", "notice.record", "person.view"} <= actions
    text = privacy.to_json(export)
    other = holder["other"]
    assert other["cpf"] not in text and other["name"] not in text  # nobody else's data
    entry = AuditLog.select().where(AuditLog.action == "person.export").get()
    assert entry.entity_id == str(person["id"])
    assert json.loads(entry.after)["counts"]["notices"] == 1


def test_the_exports_pdf_says_in_words_what_its_json_keeps_as_codes(holder, tmp_path,
                                                                    brasilia):
    """LGPD Art. 18 II: the PDF handed to the person reads "Renovação", "Reservada",
    "Permissão outorgada", never a stored code ("renewal", "reserved", "permit.grant"); the
    JSON beside it, the machine-readable copy, keeps the codes. Both files are named by the
    computer's time, as the PDF's footer says it (the JSON inside keeps UTC)."""
    person = holder["person"]
    records.person_record(CLERK, person["id"], on=TODAY)  # a view, in the trail
    result = privacy.write_export(SUPERVISOR, person["cpf"], tmp_path)
    data = json.loads(Path(result["json"]).read_text("utf-8"))
    assert data["applications"][0]["type"] == "renewal"
    assert data["print_log"][0]["state"] == "reserved"  # drawn, its printing not confirmed
    assert data["permits"][0]["status"] == "active"
    text = " ".join(pdf_tools.text(Path(result["pdf"]).read_bytes()).split())
    for words in ("Renovação", "Protocolado", "Cartão de permissão", "Reservada",
                  "Permissão outorgada", "Auto de infração", "Em vigor", "Em aberto",
                  "Permissionário", "Prontuário consultado", "Permissão, registro nº"):
        assert words in text, words
    assert "Memória de cálculo" in text and "ponto(s)" in text  # the notice's, in words
    assert '"basis"' not in text and "unit_value_cents" not in text
    codes = ("renewal", "reserved", "single", "active", "open", "holder",
             "card", "permit.grant", "notice.record", "person.view", "infraction_notice",
             "penalty_charge", "holder_id", "vehicle_id")
    assert not [code for code in codes if re.search(rf"(?<![\w.]){re.escape(code)}(?![\w.])",
                                                   text)]
    exported_at = dt.datetime.fromisoformat(data["exported_at"])  # UTC, as stored
    local = wallclock.local(exported_at)
    assert local != exported_at
    assert Path(result["pdf"]).name.startswith(
        f"dados-pessoa-{person['id']}-{local:%Y%m%d-%H%M%S}")


@pytest.mark.parametrize("cpf, message", [
    ("", "CPF: informe o CPF"),
    ("123.456.789-00", "CPF: CPF inválido"),
    ("12345", "CPF"),
    ("529.982.247-25", "não está cadastrado"),
])
def test_export_of_a_malformed_or_unknown_cpf_is_refused_clearly(srm, cpf, message):
    before = row_counts()
    with pytest.raises(ValidationError, match=message):
        privacy.export_person(SUPERVISOR, cpf)
    assert row_counts() == before


def test_only_supervisors_and_admins_export(holder):
    for role in ("atendente", "fiscal", "chefe"):
        with pytest.raises(PermissionDenied):
            privacy.export_person(Actor(None, role, role), holder["person"]["cpf"])
    assert not AuditLog.select().where(AuditLog.action == "person.export").exists()


def test_the_qr_code_carries_no_more_than_the_card_shows(holder):
    """DOMAIN / ARCHITECTURE: the QR holds the six CPF digits the card prints
    (***.456.789-**), never the name or the full CPF; every other field is printed too."""
    permit, person = holder["permit"], holder["person"]
    printed = documents.print_cards(CLERK, [permit["order_number"]], on=TODAY)
    [text] = pdf_tools.qr_texts(printed["pdf"], 0, 150)
    record, _, _ = qr.decode(text)
    card = pdf_tools.text(printed["pdf"])
    assert record.person == person["cpf"][3:9]
    assert validators.mask_cpf(person["cpf"]) in card  # the same six digits, printed
    assert person["cpf_text"] not in card and person["cpf"] not in text
    assert set(vars(record)) == {"kind", "key_id", "ibge", "number", "ref", "copy", "plate",
                                 "date1", "valid_until", "person", "version"}  # no name field
    order_text = documents.common.order_text(permit["order_number"])
    for shown in (order_text, validators.format_date(record.valid_until),
                  validators.format_date(record.date1)):
        assert shown in card, shown
    plate = Person.get_by_id(person["id"]).vehicles.get().plate_original
    assert record.plate == validators.plate_search_key(plate) and plate in card


def test_the_log_file_holds_no_cpf_and_no_password(holder, monkeypatch):
    """Services and a failing login with logging at DEBUG (peewee then logs every SQL
    statement with its parameters): the file has no CPF, password or password hash."""
    root = logging.getLogger()
    saved = (list(root.handlers), root.level)
    for handler in saved[0]:
        root.removeHandler(handler)
    try:
        logs.setup_logging(logging.DEBUG)
        person = make_person("Sigilosa da Silva")
        search.search(person["cpf"])
        records.person_record(CLERK, person["id"])
        users.add_user(Actor(None, "admin", "admin"), "novo.usuario", "Novo Usuário",
                       "atendente", "segredo-de-teste")
        with pytest.raises(users.LoginFailed):
            users.authenticate("novo.usuario", "senha-errada-secreta")
        log = logging.getLogger("mototaxi_desk.test")
        log.info("pedido do CPF %s (%s), senha=%s", person["cpf_text"], person["cpf"],
                 "segredo-de-teste")
        log.info("banco postgresql://mototaxi:segredo-de-teste@servidor/mototaxi")
        try:
            raise ValueError(f"CPF {person['cpf']} recusado")
        except ValueError:
            log.exception("falhou")
    finally:
        for handler in list(root.handlers):
            if getattr(handler, "_mototaxi", False):
                handler.close()
                root.removeHandler(handler)
        for handler in saved[0]:
            root.addHandler(handler)
        root.setLevel(saved[1])
    text = (config.data_dir() / "logs" / "mototaxi-desk.log").read_text("utf-8")
    assert "SELECT" in text and "INSERT" in text  # peewee's DEBUG lines are there
    assert "Traceback" in text and "recusado" in text
    for secret in (person["cpf"], person["cpf_text"], holder["person"]["cpf"],
                   "segredo-de-teste", "senha-errada-secreta", "$argon2"):
        assert secret not in text, secret
    assert "***.***.***-**" in text and "senha=***" in text


def test_redact_masks_cpfs_keys_and_url_passwords():
    line = ("cpf 529.982.247-25 e 52998224725; 1529982247250 fica; senha: abc123 "
            "postgresql://u:p4ss@host/db -----BEGIN PRIVATE KEY-----\nMC4C\n"
            "-----END PRIVATE KEY-----")
    out = logs.redact(line)
    assert "529.982.247-25" not in out and "52998224725" not in out.replace("1529982247250", "")
    assert "1529982247250" in out  # 13 digits: not a CPF
    assert "abc123" not in out and "p4ss" not in out and "MC4C" not in out


def test_every_worded_field_of_the_export_is_a_field_of_its_records():
    """services/record_words.EXPORT_FIELDS names real columns: a renamed one would leave
    its codes in the PDF without a failing test."""
    from mototaxi_desk.services import record_words
    from mototaxi_desk.store import models as m
    sections = {"permits": m.Permit, "permits.history": m.PermitHistory,
                "inspections": m.Inspection, "applications": m.Application,
                "applications.status_changes": m.ApplicationStatusChange,
                "applications.checklist": m.ApplicationChecklistItem,
                "waiting_list": m.WaitingListEntry, "fees": m.Fee,
                "notices": m.InfractionNotice, "proceedings": m.NoticeProceeding,
                "penalty_charges": m.PenaltyCharge, "sanctions": m.Sanction,
                "impounds": m.Impound, "bars": m.PersonBar, "print_log": m.PrintLog}
    named = record_words.EXPORT_FIELDS.keys() | record_words.EXPORT_CODES_WORDED_BESIDE
    assert not [(section, field) for section, field in named
                if field not in sections[section]._meta.fields]


def test_every_field_of_the_exported_records_has_a_portuguese_label():
    """The PDF names each field in Portuguese ("Agente autuador", not "agent_name"), and so
    does the Histórico's "O que mudou": every column of the records the export lists has a
    label (domain/field_words.py), or is one the PDF leaves out."""
    from mototaxi_desk.domain import field_words
    from mototaxi_desk.printing import person_export
    from mototaxi_desk.store import models as m
    exported = (m.Person, m.Cnh, m.Permit, m.PermitHistory, m.Vehicle, m.Inspection,
                m.Application, m.ApplicationStatusChange, m.ApplicationChecklistItem,
                m.WaitingListEntry, m.AuxiliaryDriver, m.Fee, m.InfractionNotice,
                m.NoticeProceeding, m.PenaltyCharge, m.Sanction, m.Impound, m.PersonBar,
                m.CampaignAttendance, m.PrintLog)
    left_out = person_export._SKIP | {"password_hash", "photo", "brasao"}
    assert not sorted({f"{model.__name__}.{name}" for model in exported
                       for name in model._meta.fields
                       if name not in field_words.FIELD_LABELS and name not in left_out})
