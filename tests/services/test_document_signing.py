"""Documents leave the counter signed (issue 41 items 1 and 2): the município's A1, made by a
test ICP-Brasil chain (tests/signing_pki.py), installed with its password, checked (wrong
password, expired, another CNPJ refused, nothing kept), kept encrypted (the password and the
key never in clear in the data folder or the database), and every official document then
signed PAdES, valid for pyHanko's validator, PDF/A-2b; removed, documents are as before."""
from __future__ import annotations

import datetime as dt
import json

import pytest

from mototaxi_desk import config
from mototaxi_desk.domain.errors import DomainError, ValidationError
from mototaxi_desk.services.administration import certificate, certificate_vault
from mototaxi_desk.services.payments import collection
from mototaxi_desk.services import documents, ledger
from mototaxi_desk.services.ledger import impounds
from mototaxi_desk.services.views import reports
from mototaxi_desk.services.context import PermissionDenied
from mototaxi_desk.store.models import AuditLog

from ..conftest import row_counts
from ..factories import CLERK
from ..signing_pki import (CNPJ, HOLDER, PASSWORD, make_pki, pdfa_parts, tsa_server,
                           validate)
from .ledger_helpers import ADMIN, FISCAL, TODAY, holder_permit, notice_data
from .test_ledger_impound import NOW


@pytest.fixture
def station(srm, tmp_path, monkeypatch):
    """The município with its CNPJ and this station's configuration folder (the key's)."""
    monkeypatch.setenv("MOTOTAXI_CONFIG_DIR", str(tmp_path / "config"))
    collection.update(ADMIN, cnpj="12.345.678/0001-95")
    certificate._forget()
    yield tmp_path
    certificate._forget()


@pytest.fixture
def pki():
    return make_pki()


@pytest.fixture
def installed(station, pki, tmp_path):
    pfx = tmp_path / "prefeitura.pfx"
    pfx.write_bytes(pki.pfx())
    certificate.install(ADMIN, pfx, PASSWORD)
    return pki


def _signed_ok(pdf: bytes, pki) -> None:
    status = validate(pdf, pki)
    assert status.intact and status.valid and status.trusted, status.summary()
    assert status.signing_cert.subject.native["common_name"] == HOLDER
    parts = pdfa_parts(pdf)
    assert 'pdfaid:part="2"' in parts["xmp"] and 'pdfaid:conformance="B"' in parts["xmp"]
    assert parts["intent_s"] == "/GTS_PDFA1" and parts["intent_profile"]
    assert parts["fonts"] and all(parts["fonts"])
    info, xmp = parts["info"], parts["xmp"]  # each Info entry equal to its XMP twin
    from xml.sax.saxutils import escape
    assert f'pdf:Producer="{escape(info["/Producer"])}"' in xmp
    assert f'xmp:CreatorTool="{escape(info["/Creator"])}"' in xmp
    assert f'<rdf:li xml:lang="x-default">{escape(info["/Title"])}</rdf:li>' in xmp
    assert f"<rdf:li>{escape(info['/Author'])}</rdf:li>" in xmp
    assert "/Keywords" not in info or info["/Keywords"] and "pdf:Keywords" in xmp


def _codes_still_read(pdf: bytes, barcode: str) -> None:
    """The block, drawn as a viewer draws it, hides neither the barcode nor the QR codes."""
    import zxingcpp

    from ..printing import pdf_tools
    document = pdf_tools.document(pdf)
    document.init_forms()
    image = document[0].render(scale=300 / 72, grayscale=True, may_draw_forms=True).to_pil()
    bars = [r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.ITF)]
    assert bars == [barcode] * 2
    assert len(zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)) == 1


def test_install_shows_holder_cnpj_validity_and_is_audited(installed):
    shown = certificate.show()
    assert shown["installed"] and shown["holder"] == HOLDER and shown["cnpj"] == CNPJ
    assert shown["cnpj_text"] == "12.345.678/0001-95"
    assert shown["not_after"] == installed.leaf.not_valid_after_utc.date().isoformat()
    assert shown["warning"] == "" and "PAdES-B-B" in shown["signing"]
    entry = AuditLog.select().where(AuditLog.action == "certificate.install").get()
    assert CNPJ in entry.after and PASSWORD not in entry.after


def test_nothing_kept_in_clear(installed, station):
    """The password never stored; the private key only encrypted, its AES key apart from
    the data folder (Windows: DPAPI; here: the configuration folder)."""
    from cryptography.hazmat.primitives import serialization
    key_der = installed.leaf_key.private_bytes(serialization.Encoding.DER,
                                               serialization.PrivateFormat.PKCS8,
                                               serialization.NoEncryption())
    secret_parts = (PASSWORD.encode(), PASSWORD.encode("utf-16-le"), key_der[-64:],
                    key_der[40:104])
    data_folder = config.data_dir()
    files = [p for p in data_folder.rglob("*") if p.is_file()]
    assert any(p.name == certificate_vault.SECRET_FILE for p in files)
    for path in files:  # the database file included
        content = path.read_bytes()
        for part in secret_parts:
            assert part not in content, path
    assert certificate_vault.key_path().is_file()
    assert data_folder not in certificate_vault.key_path().parents
    assert certificate_vault.key_path().stat().st_mode & 0o077 == 0


def test_wrong_password_expired_and_other_cnpj_refused_nothing_kept(station, tmp_path):
    pfx = tmp_path / "a1.pfx"
    pfx.write_bytes(make_pki().pfx())
    before = row_counts()
    with pytest.raises(ValidationError, match="Senha do certificado: senha incorreta"):
        certificate.install(ADMIN, pfx, "senha-errada")
    now = dt.datetime.now(dt.timezone.utc)
    pfx.write_bytes(make_pki(not_before=now - dt.timedelta(days=400),
                             not_after=now - dt.timedelta(days=2)).pfx())
    with pytest.raises(ValidationError, match="Certificado: vencido em"):
        certificate.install(ADMIN, pfx, PASSWORD)
    pfx.write_bytes(make_pki(cnpj="11222333000181").pfx())
    with pytest.raises(ValidationError, match=r"CNPJ 11\.222\.333/0001-81, não do município"):
        certificate.install(ADMIN, pfx, PASSWORD)
    with pytest.raises(PermissionDenied):
        certificate.install(CLERK, pfx, PASSWORD)
    assert not certificate.show()["installed"]
    assert not (config.data_dir() / "certificado" / certificate_vault.SECRET_FILE).exists()
    after = row_counts()
    assert {k: v for k, v in after.items() if k != "audit_log"} == \
        {k: v for k, v in before.items() if k != "audit_log"}


def test_without_the_municipio_cnpj_install_is_refused(srm, tmp_path, monkeypatch):
    monkeypatch.setenv("MOTOTAXI_CONFIG_DIR", str(tmp_path / "config"))
    pfx = tmp_path / "a1.pfx"
    pfx.write_bytes(make_pki().pfx())
    with pytest.raises(ValidationError, match="CNPJ da prefeitura: cadastre"):
        certificate.install(ADMIN, pfx, PASSWORD)


def test_warns_as_the_end_nears(station, tmp_path):
    now = dt.datetime.now(dt.timezone.utc)
    pfx = tmp_path / "a1.pfx"
    pfx.write_bytes(make_pki(not_after=now + dt.timedelta(days=10, hours=12)).pfx())
    shown = certificate.install(ADMIN, pfx, PASSWORD)
    assert shown["days_left"] in (10, 11) and "O certificado vence em" in shown["warning"]
    later = dt.date.fromisoformat(shown["not_after"]) + dt.timedelta(days=1)
    assert "venceu em" in certificate.show(today=later)["warning"]


def test_termo_roster_notice_release_report_signed_and_valid(installed):
    """Each kind through the one exit (documents/signing.py): termo (SRM Art. 9), roster,
    auto de infração (SRM Art. 35), release receipt (SRM Arts. 46, 48), a report."""
    person, permit = holder_permit("Conceição Araújo Sá")
    termo = documents.print_termo(CLERK, permit["order_number"])
    _signed_ok(termo["pdf"], installed)
    n = ledger.record_notice(FISCAL, notice_data(permit, "36-I", "10/06/2026 23:30"), on=TODAY)
    _signed_ok(documents.print_notice(FISCAL, n["number"])["pdf"], installed)
    row = impounds.impound_vehicle(FISCAL, notice_id=n["id"], place="Garagem municipal",
                                   deposited_at="10/06/2026 23:50", boletim="BO 77/2026",
                                   now=NOW)
    ledger.pay_charge(CLERK, n["charges"][0]["id"], paid_on=TODAY, receipt="DAM 5",
                      amount=n["charges"][0]["amount_text"].replace("R$ ", ""), on=TODAY)
    impounds.release_vehicle(CLERK, row["id"], released_at="11/06/2026 00:10",
                             removal="80,00", removal_receipt="R1", storage_receipt="E1",
                             now=NOW)
    _signed_ok(documents.print_release(CLERK, n["number"])["pdf"], installed)
    report = reports.run("fines", start="01/01/2026", end="31/12/2026", today=TODAY)
    _signed_ok(reports.print_report(CLERK, report)["pdf"], installed)


def test_a_flipped_byte_breaks_the_signature(installed):
    _, permit = holder_permit()
    pdf = bytearray(documents.print_termo(CLERK, permit["order_number"])["pdf"])
    at = pdf.index(b"stream") + 40  # inside the first page's content
    pdf[at] ^= 0x01
    status = validate(bytes(pdf), installed)
    assert not status.intact and not status.bottom_line


def test_visible_block_names_the_signer_and_the_date(installed, clock_at):
    import io

    import pypdfium2.raw as pdfium_raw
    from pyhanko.pdf_utils.reader import PdfFileReader

    from ..printing import pdf_tools
    clock_at(dt.datetime(2026, 12, 7, 9, 41))
    _, permit = holder_permit()
    pdf = documents.print_termo(CLERK, permit["order_number"])["pdf"]
    signature = PdfFileReader(io.BytesIO(pdf)).embedded_signatures[0]
    assert signature.sig_object["/Name"] == HOLDER
    document = pdf_tools.document(pdf)
    last = document[len(document) - 1]
    # the block is the signature widget's appearance: flattened as a printer prints it
    assert pdfium_raw.FPDFPage_Flatten(last.raw, pdfium_raw.FLAT_PRINT) == \
        pdfium_raw.FLATTEN_SUCCESS
    flat = io.BytesIO()
    document.save(flat)
    printed = pdf_tools.document(flat.getvalue())
    text = printed[len(printed) - 1].get_textpage().get_text_range()
    assert f"Assinado digitalmente por {HOLDER}" in text
    assert "CNPJ 12.345.678/0001-95" in text and "em 07/12/2026 às 09:41" in text
    rendered = printed[len(printed) - 1].render(scale=2).to_pil()
    band = rendered.crop((0, int(rendered.height * 0.93), rendered.width,
                          int(rendered.height * 0.96)))
    assert band.convert("L").getextrema()[0] < 100  # drawn in the band above the footer


def test_removed_documents_go_out_unsigned_as_before(installed):
    _, permit = holder_permit()
    certificate.remove(ADMIN)
    pdf = documents.print_termo(CLERK, permit["order_number"])["pdf"]
    assert b"/ByteRange" not in pdf and b"pdfaid" not in pdf
    assert AuditLog.select().where(AuditLog.action == "certificate.remove").count() == 1
    with pytest.raises(DomainError, match="Nenhum certificado"):
        certificate.remove(ADMIN)


def test_no_certificate_no_signature(station):
    _, permit = holder_permit()
    pdf = documents.print_termo(CLERK, permit["order_number"])["pdf"]
    assert b"/ByteRange" not in pdf


def test_a_changed_municipio_cnpj_stops_signing(installed):
    collection.update(ADMIN, cnpj="11.222.333/0001-81")
    _, permit = holder_permit()
    assert b"/ByteRange" not in documents.print_termo(CLERK, permit["order_number"])["pdf"]
    assert "não é o do município" in certificate.show()["warning"]


def test_key_file_gone_is_a_clear_error(installed):
    certificate._forget()
    certificate_vault.key_path().unlink()
    _, permit = holder_permit()
    with pytest.raises(DomainError, match="chave do certificado desta estação"):
        documents.print_termo(CLERK, permit["order_number"])


def test_timestamp_server_address_checked(station):
    with pytest.raises(ValidationError, match="Servidor de carimbo do tempo"):
        certificate.set_timestamp_url(ADMIN, "ftp://carimbo")
    assert certificate.set_timestamp_url(ADMIN, "http://127.0.0.1:9/tsa")["timestamp_url"]


def test_the_station_file_holds_the_declared_setting(station):
    """settings_registry: certificado/certificado.json holds the timestamp server."""
    from mototaxi_desk import settings_registry as R
    certificate.set_timestamp_url(ADMIN, "https://carimbo.example/tsa")
    path = config.data_dir() / R.CERTIFICADO_JSON
    assert path == certificate_vault.folder() / certificate_vault.FACTS_FILE
    assert json.loads(path.read_text(encoding="utf-8")) == {
        s.name: "https://carimbo.example/tsa" for s in R.stored_in(R.CERTIFICADO_JSON)}
    assert certificate.timestamp_url() == "https://carimbo.example/tsa"


def test_installed_with_a_timestamp_server_says_pades_b_t(installed):
    certificate.set_timestamp_url(ADMIN, "https://carimbo.example/tsa")
    assert "PAdES-B-T" in certificate.show()["signing"]
    assert certificate.signing_material().timestamp_url == "https://carimbo.example/tsa"


def test_with_a_timestamp_server_the_signature_is_pades_b_t(installed):
    """The signature carries the server's timestamp token (PAdES-B-T), valid."""
    with tsa_server(installed) as (url, served):
        certificate.set_timestamp_url(ADMIN, url)
        _, permit = holder_permit()
        pdf = documents.print_termo(CLERK, permit["order_number"])["pdf"]
    assert served
    status = validate(pdf, installed)
    assert status.bottom_line and status.timestamp_validity is not None
    assert status.timestamp_validity.valid and status.timestamp_validity.trusted
    _signed_ok(pdf, installed)


def test_a_timestamp_server_down_signs_without_the_timestamp(installed):
    certificate.set_timestamp_url(ADMIN, "http://127.0.0.1:9/tsa")  # nothing listens there
    _, permit = holder_permit()
    pdf = documents.print_termo(CLERK, permit["order_number"])["pdf"]
    status = validate(pdf, installed)
    assert status.bottom_line and status.timestamp_validity is None


def test_roster_receipt_guia_permit_act_and_campaign_letters_signed(installed):
    """The other kinds: roster (SRM Art. 22 VI), protocol receipt, guia, the transfer's
    termo (a permit act, SRM Art. 4 § 9) and the campaign's call letters."""
    import datetime as dt_

    from mototaxi_desk.services import act_documents, permit_actions
    from mototaxi_desk.services.licensing import applications
    from mototaxi_desk.services.messaging import campaigns
    from mototaxi_desk.services.payments import fees, guias
    from mototaxi_desk.store.models import Permit, Stand

    from ..factories import SUPERVISOR, make_person
    from .test_permit_actions import DAY, _newcomer, _pay_all
    Stand.create(number=4, name="Rodoviária", location="Rodoviária", min_vehicles=5,
                 max_vehicles=10)
    _signed_ok(documents.print_roster(CLERK, 4, on=TODAY)["pdf"], installed)
    person = make_person("Conceição Araújo Sá", today=TODAY)
    application = applications.file_application(CLERK, person["id"], "new_permit",
                                                on=dt_.datetime(2026, 5, 1))
    receipt = documents.print_application_receipt(CLERK, application["id"])
    _signed_ok(receipt["pdf"], installed)
    collection.update(ADMIN, pix_key="12345678000195", febraban_code="1234")
    fee = fees.charge(CLERK, person["id"], "stand_change", on=TODAY)
    guia = guias.issue(CLERK, "fee", fee.id, on=TODAY)
    _signed_ok(guia["pdf"], installed)
    _codes_still_read(guia["pdf"], guia["guia"]["barcode"])
    _signed_ok(guias.print_guia(CLERK, guia["guia"]["number_text"])["pdf"], installed)
    holder, permit = holder_permit()
    _pay_all(holder["id"])
    Permit.update(held_since=dt_.date(2022, 1, 10)).where(Permit.id == permit["id"]).execute()
    new, vehicle = _newcomer()
    permit_actions.run(SUPERVISOR, "transfer", permit_id=permit["id"], new_holder_id=new["id"],
                       new_vehicle_id=vehicle["id"], act_number="Portaria 7/2026", on=DAY)
    line = act_documents.latest_act(permit["id"], ("transfer",))
    _signed_ok(act_documents.print_act(CLERK, line)["pdf"], installed)
    made = campaigns.create(SUPERVISOR, name="Recadastramento 2026", year=2026,
                            act_number="Decreto 10/2026")
    months = [r["month"] for r in campaigns.status(made["id"], on=TODAY)["rows"]]
    pdf, count = documents.print_campaign_letters(CLERK, made["id"], month=months[0],
                                                  on=TODAY)
    assert count >= 1
    _signed_ok(pdf, installed)


def test_an_edited_facts_file_does_not_make_an_expired_certificate_sign(station, tmp_path,
                                                                       clock_at):
    """The dates checked before signing are the encrypted certificate's own."""
    now = dt.datetime.now(dt.timezone.utc)
    pfx = tmp_path / "a1.pfx"
    pfx.write_bytes(make_pki(not_after=now + dt.timedelta(days=3)).pfx())
    certificate.install(ADMIN, pfx, PASSWORD)
    facts = certificate_vault.facts()
    certificate_vault.save_facts({**facts, "not_after": "2099-12-31"})
    assert certificate.signing_material() is not None
    clock_at(dt.date.today() + dt.timedelta(days=10))
    assert certificate.signing_material() is None
