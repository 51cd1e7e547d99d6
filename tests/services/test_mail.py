"""E-mail to holders (issue 41 items 3 and 4), from a município made by make_municipio: a
local SMTP server (aiosmtpd) receives each kind of document with its attachment
byte-identical to the one the printing path draws and the delivery kept (who, what, its
SHA-256, to which address, the server's answer); a notice e-mailed stays "aguardando
notificação" (SRM Art. 34 §2º); a failure recorded and retried; consent and unsubscribe
honoured (LGPD); no CPF in a subject; the password never in clear; bad settings refused
naming the field, nothing written."""
from __future__ import annotations

import datetime as dt
import hashlib

import pytest

from mototaxi_desk import config
from mototaxi_desk.domain.profiles import PROFILES_DIR
from mototaxi_desk.domain.errors import DomainError, ValidationError
from mototaxi_desk.services.licensing import applications
from mototaxi_desk.services.payments import collection, fees, guias
from mototaxi_desk.services import documents, ledger
from mototaxi_desk.services.messaging import mail, mail_settings
from mototaxi_desk.services.register import persons
from mototaxi_desk.services.administration import profile_versions
from mototaxi_desk.store.models import AuditLog, EmailDelivery, InfractionNotice

from ..conftest import SRM, row_counts
from ..printing.pdf_tools import text as pdf_text
from ..factories import CLERK, make_person
from ..smtp_sink import PASSWORD, USER, attachment, smtp_server
from .ledger_helpers import ADMIN, FISCAL, TODAY, holder_permit, notice_data

ADDRESS = "raimundo.nonato@example.com"


@pytest.fixture
def sink(srm, tmp_path, monkeypatch, clock_at):
    clock_at(TODAY)
    monkeypatch.setenv("MOTOTAXI_CONFIG_DIR", str(tmp_path / "config"))
    with smtp_server() as server:
        mail.configure(ADMIN, host="127.0.0.1", port=str(server.port), security="none",
                       user=USER, sender="mototaxi@prefeitura.example", password=PASSWORD)
        yield server


def _holder(**consent):
    person, permit = holder_permit()
    persons.update_person(CLERK, person["id"], {"email": ADDRESS}, today=TODAY)
    if consent:
        mail.set_consent(CLERK, person["id"], consent["consent"], on=TODAY)
    return person, permit


def test_the_settings_are_kept_and_the_password_never_in_clear(sink):
    shown = mail.show()
    assert shown["configured"] and shown["port"] == sink.port and shown["has_password"]
    assert "password" not in shown
    for path in config.data_dir().rglob("*"):
        if path.is_file():
            assert PASSWORD.encode() not in path.read_bytes(), path
    assert config.data_dir() not in mail_settings.key_path().parents
    assert mail_settings.key_path().stat().st_mode & 0o077 == 0
    entry = AuditLog.select().where(AuditLog.action == "mail.setup").get()
    assert PASSWORD not in entry.after and "127.0.0.1" in entry.after
    assert mail.send_test(ADMIN, "ti@prefeitura.example")["status"] == "sent"
    assert sink.messages[-1]["To"] == "ti@prefeitura.example"


@pytest.mark.parametrize("field,kwargs", [
    ("Porta", {"port": "cinco"}), ("Porta", {"port": "70000"}),
    ("Remetente", {"sender": "prefeitura.example"}), ("Servidor SMTP", {"host": ""}),
    ("Segurança", {"security": "tls13"})])
def test_bad_settings_refused_naming_the_field_nothing_kept(srm, tmp_path, monkeypatch,
                                                            field, kwargs):
    monkeypatch.setenv("MOTOTAXI_CONFIG_DIR", str(tmp_path / "config"))
    before = row_counts()
    values = dict(host="smtp.example", port="587", security="starttls", user="",
                  sender="mototaxi@prefeitura.example", password="x")
    with pytest.raises(ValidationError, match=f"^{field}: "):
        mail.configure(ADMIN, **{**values, **kwargs})
    assert row_counts() == before and not mail.show()["configured"]


def test_each_document_arrives_byte_identical_and_its_delivery_is_kept(sink):
    """Termo (SRM Art. 9), a notice's copy (SRM Art. 35), a guia and a protocol receipt: the
    attachment is the PDF the printing path draws, the delivery row and audit entry carry
    its SHA-256, the address and the server's answer."""
    person, permit = _holder()
    app = applications.file_application(CLERK, person["id"], "new_permit",
                                        on=dt.datetime(2026, 6, 1))
    n = ledger.record_notice(FISCAL, notice_data(permit, "36-I", "10/06/2026 23:30"), on=TODAY)
    collection.update(ADMIN, cnpj="12.345.678/0001-95", pix_key="12345678000195",
                      febraban_code="1234")
    fee = fees.charge(CLERK, person["id"], "stand_change", on=TODAY)
    guia = guias.issue(CLERK, "fee", fee.id, on=TODAY)["guia"]["number_text"]
    keys = {"termo": permit["order_number"], "notice": n["number"], "guia": guia,
            "receipt": app["protocol"]}
    for document, key in keys.items():
        row = mail.send_document(CLERK, person["cpf"], document, key)
        assert row["status"] == "sent" and row["server_reply"].startswith("250"), row["server_reply"]
        message = sink.messages[-1]
        name, data = attachment(message)
        assert name.startswith(document) and data[:5] == b"%PDF-"
        assert hashlib.sha256(data).hexdigest() == row["sha256"]
        stored = EmailDelivery.get_by_id(row["id"])
        assert bytes(stored.attachment) == data and stored.address == ADDRESS
        assert stored.login == CLERK.login and stored.person_id == person["id"]
        assert message["To"] == ADDRESS and person["cpf"] not in message["Subject"]
        entry = AuditLog.select().where((AuditLog.action == "mail.send") &
                                        (AuditLog.entity_id == str(row["id"]))).get()
        assert row["sha256"] in entry.after and ADDRESS in entry.after
    assert len(sink.messages) == 4 and EmailDelivery.select().count() == 4


def test_a_notice_emailed_stays_awaiting_notification(sink):
    """SRM Art. 34 §2º: notification in person, by post with receipt or in the Diário
    Oficial — an e-mail starts no defence term; the message says so."""
    person, permit = _holder()
    n = ledger.record_notice(FISCAL, notice_data(permit, "36-I", "10/06/2026 23:30"), on=TODAY)
    before = ledger.notice_dict(InfractionNotice.get_by_id(n["id"]))
    mail.send_document(CLERK, person["cpf"], "notice", n["number"])
    notice = InfractionNotice.get_by_id(n["id"])
    assert notice.notified_on is None
    assert ledger.notice_dict(notice) == before
    body = sink.messages[-1].get_body(("plain",)).get_content()
    assert "não é notificação oficial" in body and "Art. 34 §2º" in body
    # the means are the profile's (defence.notification_means), e-mail not among them
    assert ("(Art. 34 §2º) — pessoalmente, via postal com recibo ou Diário Oficial do "
            "Município —") in body
    _, pdf = attachment(sink.messages[-1])
    assert "aguardando notificação" in " ".join(pdf_text(pdf).split())
    assert "aguardando notificação" in " ".join(pdf_text(
        documents.print_notice(FISCAL, n["number"])["pdf"]).split())


def test_another_persons_document_is_refused(sink):
    person, permit = _holder()
    other = make_person("Outra Pessoa Qualquer", today=TODAY)
    persons.update_person(CLERK, other["id"], {"email": "outra@example.com"}, today=TODAY)
    before = row_counts()
    with pytest.raises(ValidationError, match="^Chave do documento: .* não é de Outra"):
        mail.send_document(CLERK, other["cpf"], "termo", permit["order_number"])
    assert row_counts() == before and not sink.messages


def test_without_email_or_with_a_no_nothing_is_sent(sink):
    person, permit = holder_permit()
    before = row_counts()
    with pytest.raises(ValidationError, match="^E-mail: .*não tem e-mail cadastrado"):
        mail.send_document(CLERK, person["cpf"], "termo", permit["order_number"])
    assert row_counts() == before
    persons.update_person(CLERK, person["id"], {"email": ADDRESS}, today=TODAY)
    mail.set_consent(CLERK, person["id"], False, on=TODAY)
    before = row_counts()
    with pytest.raises(DomainError, match="não consentiu"):
        mail.send_document(CLERK, person["cpf"], "termo", permit["order_number"])
    assert row_counts() == before and not sink.messages


def test_a_failure_is_recorded_listed_and_retried_with_the_same_bytes(sink):
    person, permit = _holder()
    sink.refuse = "451 4.3.0 Caixa temporariamente indisponível"
    row = mail.send_document(CLERK, person["cpf"], "termo", permit["order_number"])
    assert row["status"] == "failed" and row["server_reply"].startswith("451")
    listed = mail.failures()
    assert [f["id"] for f in listed] == [row["id"]] and listed[0]["name"] == person["name"]
    sink.refuse = ""
    assert mail.retry(CLERK) == {"sent": 1, "failed": 0, "skipped": []}
    _, data = attachment(sink.messages[-1])
    assert hashlib.sha256(data).hexdigest() == row["sha256"]
    again = EmailDelivery.get_by_id(row["id"])
    assert again.status == "sent" and again.attempts == 2 and mail.failures() == []
    assert AuditLog.select().where(AuditLog.action == "mail.retry").count() == 1


def test_the_server_down_is_a_failure_not_a_crash(sink, monkeypatch):
    person, permit = _holder()
    mail.configure(ADMIN, host="127.0.0.1", port="1", security="none", user="",
                   sender="mototaxi@prefeitura.example")
    row = mail.send_document(CLERK, person["cpf"], "termo", permit["order_number"])
    assert row["status"] == "failed" and "recusou a conexão" in row["server_reply"]


def _cnh_due_soon():
    """A holder whose CNH ends within the reminder window."""
    person, permit = holder_permit("Zé Lembrado da Silva")
    from mototaxi_desk.store.models import Cnh
    Cnh.update(expiry_date=TODAY + dt.timedelta(days=10)).where(
        Cnh.person == person["id"]).execute()
    return person


def test_reminders_need_consent_skip_the_unsubscribed_and_say_how_to_unsubscribe(sink):
    """LGPD Art. 7º I and Art. 18: reminders only with consent; an unsubscribe stops them
    (documents still go); every reminder says how to unsubscribe."""
    person = _cnh_due_soon()
    persons.update_person(CLERK, person["id"], {"email": "ze@example.com"}, today=TODAY)
    planned = mail.reminders(CLERK, "cnh", dry_run=True)
    assert planned["planned"] == [] and "consentimento" in planned["skipped"][0]["reason"]
    mail.set_consent(CLERK, person["id"], True, on=TODAY)
    before = row_counts()
    planned = mail.reminders(CLERK, "cnh", dry_run=True)
    assert [p["name"] for p in planned["planned"]] == [person["name"]]
    assert row_counts() == before and not sink.messages  # a dry run writes nothing
    done = mail.reminders(CLERK, "cnh")
    assert done["sent"] == 1
    message = sink.messages[-1]
    body = message.get_body(("plain",)).get_content()
    assert "Validade da CNH" in body and "responda a esta mensagem" in body
    assert "balcão" in body and person["cpf"] not in message["Subject"]
    assert mail.unsubscribe(CLERK, person["cpf"])["unsubscribed_on"] == TODAY
    again = mail.reminders(CLERK, "cnh")
    assert again["sent"] == 0 and "não receber lembretes" in again["skipped"][0]["reason"]
    assert len(sink.messages) == 1


def test_a_campaign_can_be_cancelled_between_messages(sink):
    people = []
    for name in ("Ana Primeira", "Bia Segunda"):
        person, _ = holder_permit(name)
        from mototaxi_desk.store.models import Cnh
        Cnh.update(expiry_date=TODAY + dt.timedelta(days=5)).where(
            Cnh.person == person["id"]).execute()
        persons.update_person(CLERK, person["id"], {"email": f"{name.split()[0]}@ex.com"},
                              today=TODAY)
        mail.set_consent(CLERK, person["id"], True, on=TODAY)
        people.append(person)
    seen = []
    result = mail.reminders(CLERK, "cnh", progress=lambda done, total: seen.append(done),
                            cancelled=lambda: len(seen) >= 1)
    assert result["cancelled"] and result["sent"] == 1 and seen == [1]
    assert len(sink.messages) == 1


def test_bad_input_names_the_field(sink):
    person, permit = _holder()
    before = row_counts()
    with pytest.raises(ValidationError, match="^Documento: "):
        mail.send_document(CLERK, person["cpf"], "carta", "1")
    with pytest.raises(ValidationError, match="^Tipo de lembrete: "):
        mail.reminders(CLERK, "aniversario")
    with pytest.raises(ValidationError, match="^E-mail de teste: "):
        mail.send_test(ADMIN, "sem-arroba")
    assert row_counts() == before


@pytest.mark.parametrize("security", ["starttls", "ssl"])
def test_starttls_and_ssl_with_login_over_tls(srm, tmp_path, monkeypatch, clock_at, security):
    """The password goes only over TLS (the server refuses a login before it), checked
    against a certificate the client trusts; a server whose certificate is not trusted is
    a failure recorded, not a message sent in clear."""
    clock_at(TODAY)
    monkeypatch.setenv("MOTOTAXI_CONFIG_DIR", str(tmp_path / "config"))
    with smtp_server(security, tmp_path) as server:
        mail.configure(ADMIN, host="localhost", port=str(server.port), security=security,
                       user=USER, sender="mototaxi@prefeitura.example", password=PASSWORD)
        untrusted = mail.send_test(ADMIN, "ti@prefeitura.example")
        assert untrusted["status"] == "failed"
        assert "certificado do servidor não confiável" in untrusted["server_reply"]
        monkeypatch.setenv("SSL_CERT_FILE", server.ca_file)
        row = mail.send_test(ADMIN, "ti@prefeitura.example")
        assert row["status"] == "sent", row["server_reply"]
        assert server.messages[-1]["To"] == "ti@prefeitura.example"


def test_a_retry_goes_to_the_address_corrected_since(sink):
    person, permit = _holder()
    persons.update_person(CLERK, person["id"], {"email": "errado@example.com"}, today=TODAY)
    sink.refuse = "550 5.1.1 Caixa inexistente"
    row = mail.send_document(CLERK, person["cpf"], "termo", permit["order_number"])
    assert row["status"] == "failed" and row["address"] == "errado@example.com"
    sink.refuse = ""
    persons.update_person(CLERK, person["id"], {"email": ADDRESS}, today=TODAY)
    assert mail.retry(CLERK, str(row["id"]))["sent"] == 1
    assert sink.messages[-1]["To"] == ADDRESS
    assert EmailDelivery.get_by_id(row["id"]).address == ADDRESS
    sent = AuditLog.select().where(AuditLog.action == "mail.send").get()
    assert "errado@example.com" in sent.after  # the first address stays in the audit
    with pytest.raises(ValidationError, match="^Envio: "):
        mail.retry(CLERK, str(row["id"]))  # sent now: nothing to retry


def test_an_address_with_accents_is_refused_before_anything_is_drawn(sink):
    person, permit = _holder()
    persons.update_person(CLERK, person["id"], {"email": "joão@example.com"}, today=TODAY)
    before = row_counts()
    with pytest.raises(ValidationError, match="^E-mail: use um endereço sem acentos"):
        mail.send_document(CLERK, person["cpf"], "termo", permit["order_number"])
    assert row_counts() == before and not sink.messages


def test_the_email_names_only_the_means_the_law_admits(sink, tmp_path):
    """A wording of SRM Art. 34 §2º that notifies by post only: the notice's e-mail says so,
    and the notice e-mailed still awaits its notification."""
    text = PROFILES_DIR.joinpath(f"{SRM}.toml").read_text(encoding="utf-8")
    path = tmp_path / f"{SRM}.toml"
    path.write_text(text.replace('notification_means = ["in_person", "post", "gazette"]',
                                 'notification_means = ["post"]', 1), encoding="utf-8")
    profile_versions.adopt(ADMIN, path, "01/06/2026", on=TODAY)
    person, permit = _holder()
    n = ledger.record_notice(FISCAL, notice_data(permit, "36-I", "10/06/2026 23:30"), on=TODAY)
    mail.send_document(CLERK, person["cpf"], "notice", n["number"])
    body = sink.messages[-1].get_body(("plain",)).get_content()
    assert "(Art. 34 §2º) — via postal com recibo —" in body
    assert "pessoalmente" not in body
    assert InfractionNotice.get_by_id(n["id"]).notified_on is None
