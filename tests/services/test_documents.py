"""Printed documents through the services: keys created at init (or lazily), every print
logged with its copy number, QR codes verified against the database (superseded copies,
suspended permits, voided stickers), key rotation, bad input. Issue 5; cards carry what
SRM Art. 9 and DOMAIN "What the printed documents carry" list; stickers Lei 3.920 Art. 27."""
import datetime as dt
import os
import stat

import pytest

from mototaxi_desk import config
from mototaxi_desk.domain.errors import DomainError, ValidationError
from mototaxi_desk.printing import qr
from mototaxi_desk.services import documents, setup
from mototaxi_desk.services.trust import keys
from mototaxi_desk.services.context import Actor, PermissionDenied
from mototaxi_desk.store.models import (AuditLog, Inspection, PrintLog, SigningKey, Stand,
                                        Sticker)

from ..printing import pdf_tools
from .licensing_rows import ATENDENTE, FISCAL, auxiliary, holder_with_vehicle

ON = dt.date(2026, 6, 15)
ADMIN = Actor(None, "admin.teste", "admin")


def _issued(function, actor, *args, **kwargs):
    """A print that happened: reserved, drawn, then confirmed (the file written)."""
    result = function(actor, *args, **kwargs)
    documents.confirm(actor, result)
    return result


def _card_text(pdf):
    texts = pdf_tools.qr_texts(pdf, 0, 150)
    assert len(texts) == 1
    return texts[0]


def _permit(**kwargs):
    _, vehicle, permit = holder_with_vehicle(ON, name="Conceição Araújo Sá", **kwargs)
    return vehicle, permit


def _sticker(vehicle, permit, *, serial="2026-000001", valid_until=dt.date(2027, 6, 15),
             kind="annual"):
    inspection = Inspection.create(vehicle=vehicle, permit=permit, kind=kind, inspected_on=ON,
                                   approved=True, valid_until=valid_until,
                                   sticker_serial=serial)
    return Sticker.create(serial=serial, inspection=inspection, status="issued")


def test_init_creates_the_key_pair_private_half_0600_never_in_the_database(db, municipio):
    rows = list(SigningKey.select())
    assert len(rows) == 1 and rows[0].key_id == 1 and rows[0].retired_at is None
    files = list((config.data_dir() / "keys").glob("qr-2111102-*.pem"))
    assert len(files) == 1
    if os.name == "posix":
        assert stat.S_IMODE(files[0].stat().st_mode) == 0o600
        assert stat.S_IMODE(files[0].parent.stat().st_mode) == 0o700
    pem = files[0].read_text()
    assert "PRIVATE KEY" in pem
    body = pem.splitlines()[1]
    logged = " ".join(f"{a.before} {a.after}" for a in AuditLog.select())
    assert body not in logged
    exported = str(keys.export_public())
    assert "PRIVATE" not in exported and body not in exported and "PUBLIC KEY" in exported


def test_key_created_lazily_for_a_database_set_up_before(db, municipio):
    """A station from before signed QR codes: no key in the database, none in the folder —
    its first key is trusted on first use (a folder that trusts keys of this município would
    not pin it: tests/services/test_trust_anchors.py)."""
    SigningKey.delete().execute()
    for path in keys.key_dir().iterdir():
        path.unlink()
    _, permit = _permit()
    printed = _issued(documents.print_cards, ATENDENTE, [permit.order_number], on=ON)
    assert SigningKey.select().count() == 1
    assert documents.verify(_card_text(printed["pdf"]), on=ON)["valid"]


def test_card_print_logs_and_verifies_valid_and_current(db, municipio):
    _, permit = _permit()
    printed = _issued(documents.print_cards, ATENDENTE, [str(permit.order_number)], on=ON)
    assert printed["copies"] == [{"key": str(permit.order_number), "copy": 1,
                                  "order_number": permit.order_number,
                                  "qr_text": _card_text(printed["pdf"])}]
    log = PrintLog.get()
    assert (log.document, log.copy, log.login, log.layout, log.key_id) == \
        ("card", 1, "atendente", "single", 1)
    assert AuditLog.select().where(AuditLog.action == "document.print").count() == 1
    result = documents.verify(_card_text(printed["pdf"]), on=ON)
    assert result["verdict"] == "VÁLIDO" and result["valid"], result["problems"]
    assert result["message"].startswith("VÁLIDO — Cartão de permissão nº")
    assert result["data"]["order_text"] == f"{permit.order_number:04d}"
    assert result["data"]["cpf_masked"] == validators_mask(permit.holder.cpf)
    assert result["status"]["permit_status"] == "active"
    assert "Conceição Araújo Sá" in pdf_tools.text(printed["pdf"])


def validators_mask(cpf):
    return f"***.{cpf[3:6]}.{cpf[6:9]}-**"


def test_reprint_gets_a_new_copy_and_supersedes_the_earlier(db, municipio):
    """A second copy (2ª via) carries copy 2; the first is INVÁLIDO: via substituída."""
    _, permit = _permit()
    first = _card_text(_issued(documents.print_cards, ATENDENTE, [permit.order_number], on=ON)["pdf"])
    second_pdf = _issued(documents.print_cards, ATENDENTE, [permit.order_number], on=ON)["pdf"]
    assert "2ª via" in pdf_tools.text(second_pdf)
    old, new = documents.verify(first, on=ON), documents.verify(_card_text(second_pdf), on=ON)
    assert not old["valid"] and old["reason"] == "superseded" and old["status"]["superseded"]
    assert old["message"] == "INVÁLIDO — via substituída (esta é a 1ª via; a atual é a 2ª)."
    assert new["valid"] and new["data"]["copy"] == 2
    assert [r.copy for r in PrintLog.select().order_by(PrintLog.id)] == [1, 2]


@pytest.mark.parametrize("status, word", [("suspended", "suspensa"), ("revoked", "revogada"),
                                          ("cassated", "cassada"),
                                          ("interrupted", "interrompida")])
def test_card_of_a_permit_not_in_force_is_invalid_first_word(db, municipio, status, word):
    """Issue 17: the inspector reads the first word; a genuine card of a suspended, revoked
    or cassated permit is INVÁLIDO with the reason, never "VÁLIDO, mas"."""
    _, permit = _permit()
    text = _card_text(_issued(documents.print_cards, ATENDENTE, [permit.order_number],
                              on=ON)["pdf"])
    permit.status = status
    permit.save()
    result = documents.verify(text, on=ON)
    assert result["verdict"] == "INVÁLIDO" and not result["valid"] and result["reason"] == status
    assert result["message"] == f"INVÁLIDO — permissão {word}."
    assert result["data"]["order_text"] == f"{permit.order_number:04d}"


def test_expired_card_is_invalid(db, municipio):
    _, permit = _permit()
    text = _card_text(_issued(documents.print_cards, ATENDENTE, [permit.order_number], on=ON)["pdf"])
    later = permit.valid_until + dt.timedelta(days=1)
    result = documents.verify(text, on=later)
    assert result["verdict"] == "INVÁLIDO" and result["reason"] == "permit_expired"
    assert "vencido (validade" in " ".join(result["problems"])


def test_ended_permit_and_unknown_number_refused(db, municipio):
    _, permit = _permit(permit_status="revoked")
    with pytest.raises(DomainError, match="revogada"):
        _issued(documents.print_cards, ATENDENTE, [permit.order_number], on=ON)
    with pytest.raises(ValidationError, match="não existe"):
        _issued(documents.print_cards, ATENDENTE, [9999], on=ON)
    with pytest.raises(ValidationError):
        _issued(documents.print_cards, ATENDENTE, ["abc"], on=ON)
    assert PrintLog.select().count() == 0


def test_altered_forged_and_foreign_codes(db, municipio):
    _, permit = _permit()
    text = _card_text(_issued(documents.print_cards, ATENDENTE, [permit.order_number], on=ON)["pdf"])
    flipped = text[:20] + ("A" if text[20] != "A" else "B") + text[21:]
    assert documents.verify(flipped, on=ON)["reason"] in ("bad_signature", "malformed")
    record = qr.decode(text)[0]
    forged = qr.sign(record, qr.new_private_key())
    assert documents.verify(forged, on=ON)["reason"] == "bad_signature"
    _, private = keys.signing_key()
    unknown = qr.sign(qr.QrRecord(**{**record.__dict__, "key_id": 42}), private)
    assert documents.verify(unknown, on=ON)["reason"] == "unknown_key"
    foreign = qr.sign(qr.QrRecord(**{**record.__dict__, "ibge": "3540606"}),
                      qr.new_private_key())  # Porto Feliz's own key 1
    result = documents.verify(foreign, on=ON)
    assert result["reason"] == "other_municipio" and not result["valid"]
    assert result["message"] == "INVÁLIDO — documento de outro município (IBGE 3540606)."
    assert documents.verify("não é um QR", on=ON)["reason"] == "malformed"


def test_rotation_keeps_old_cards_verifying(db, municipio):
    _, permit = _permit()
    old = _card_text(_issued(documents.print_cards, ATENDENTE, [permit.order_number], on=ON)["pdf"])
    with pytest.raises(PermissionDenied):
        keys.rotate(ATENDENTE)
    rotated = keys.rotate(ADMIN)
    assert rotated == {"retired": 1, "key_id": 2, "key_ref": "2111102-2",
                       "fingerprint": rotated["fingerprint"],
                       "fingerprint_text": keys.fingerprint_text(rotated["fingerprint"]),
                       "signed_by": "2111102-1", "trusted": True}
    new = _card_text(_issued(documents.print_cards, ATENDENTE, [permit.order_number], on=ON)["pdf"])
    assert qr.decode(new)[0].key_id == 2
    assert documents.verify(old, on=ON)["reason"] == "superseded"  # the retired key holds
    assert documents.verify(new, on=ON)["valid"]
    assert [k["current"] for k in keys.list_keys()] == [False, True]
    assert len(keys.export_public()["keys"]) == 2


def test_missing_private_key_file_is_a_clear_error(db, municipio):
    _, permit = _permit()
    for path in keys.key_dir().glob("*.pem"):
        path.unlink()
    with pytest.raises(DomainError, match="não está nesta estação"):
        _issued(documents.print_cards, ATENDENTE, [permit.order_number], on=ON)
    assert PrintLog.select().count() == 0


def test_auxiliary_card(db, municipio):
    """SRM Arts. 21, 23 III: the auxiliary driver's card names the permit it serves."""
    _, permit = _permit()
    aux = auxiliary(permit, valid_until=dt.date(2027, 6, 1), on=ON)
    printed = _issued(documents.print_aux_cards, ATENDENTE, [permit.order_number], on=ON)
    text = pdf_tools.text(printed["pdf"])
    assert "CONDUTOR AUXILIAR" in text and "Antônio Auxiliar" in text
    assert f"CREDENCIAL Nº\r\n{aux.id}" in text  # the driver's own credential number
    assert "Base legal: Projeto de Lei nº 002/2019, Art. 6 XIX; Art. 30 XXVIII" in \
        text.replace("\r\n", " ")
    result = documents.verify(_card_text(printed["pdf"]), on=ON)
    assert result["valid"] and result["data"]["auxiliary_id"] == aux.id
    aux.active = False
    aux.save()
    assert documents.verify(_card_text(printed["pdf"]), on=ON)["reason"] == "auxiliary_ended"
    _, other = _permit()
    with pytest.raises(DomainError, match="Nenhum condutor auxiliar"):
        _issued(documents.print_aux_cards, ATENDENTE, [other.order_number], on=ON)


def test_sticker_print_and_verify_lei_3920_art_27(db, municipio):
    vehicle, permit = _permit()
    sticker = _sticker(vehicle, permit)
    printed = _issued(documents.print_stickers, FISCAL, ["2026-000001"], on=ON)
    assert pdf_tools.page_sizes_mm(printed["pdf"]) == [(100.0, 70.0)]
    text = pdf_tools.text(printed["pdf"])
    for word in ("SELO DE VISTORIA", "2026-000001", f"{permit.order_number:04d}",
                 vehicle.plate_original, "15/06/2026", "15/06/2027", "Vistoria anual"):
        assert word in text, word
    qr_text = _card_text(printed["pdf"])
    result = documents.verify(qr_text, on=ON)
    assert result["valid"] and result["data"]["serial"] == "2026-000001"
    sticker.status = "voided"
    sticker.save()
    voided = documents.verify(qr_text, on=ON)
    assert not voided["valid"] and voided["message"] == "INVÁLIDO — selo cancelado."
    with pytest.raises(DomainError, match="cancelado"):
        _issued(documents.print_stickers, FISCAL, ["2026-000001"], on=ON)
    assert documents.verify(qr_text, on=dt.date(2027, 6, 16))["reason"] == "expired"
    with pytest.raises(ValidationError, match="não existe"):
        _issued(documents.print_stickers, FISCAL, ["2026-999999"], on=ON)


def test_sticker_size_from_settings_and_all_active_sheet(db, municipio):
    for i in range(3):
        vehicle, permit = _permit()
        _sticker(vehicle, permit, serial=f"2026-{i + 1:06d}")
    with pytest.raises(PermissionDenied):
        documents.set_sticker_size(ATENDENTE, 80, 50)
    with pytest.raises(ValidationError):
        documents.set_sticker_size(ADMIN, 10, 5)
    documents.set_sticker_size(ADMIN, "80", "50")
    assert setup.settings().sticker_width_mm == 80
    single = _issued(documents.print_stickers, FISCAL, ["2026-000002"], on=ON)
    assert pdf_tools.page_sizes_mm(single["pdf"]) == [(80.0, 50.0)]
    steps = []
    sheet = _issued(documents.print_stickers, FISCAL, all_active=True, sheet="a4", on=ON,
                                     progress=lambda done, total: steps.append((done, total)))
    assert sheet["count"] == 3 and steps[-1] == (3, 3)
    assert pdf_tools.page_sizes_mm(sheet["pdf"]) == [(210.0, 297.0)]
    assert len(pdf_tools.qr_texts(sheet["pdf"], 0, 150)) == 3


def test_all_active_cards_skip_ended_and_expired(db, municipio):
    _permit()
    _permit()
    _permit(permit_status="suspended")
    _permit(valid_until=ON - dt.timedelta(days=1), permit_status="expired")
    printed = _issued(documents.print_cards, ATENDENTE, all_active=True, sheet="a4", on=ON)
    assert printed["count"] == 2
    assert len(pdf_tools.qr_texts(printed["pdf"], 0, 150)) == 2


def test_termo_and_roster(db, municipio):
    """Termo: SRM Art. 9 § único fields; roster: SRM Art. 22 VI, also for an empty stand."""
    vehicle, permit = _permit()
    stand = Stand.create(number=3, name="Praça da Matriz", location="Centro",
                         min_vehicles=5, max_vehicles=10)
    permit.stand, permit.stand_position, permit.stand_since = stand, 1, ON
    permit.save()
    termo_pdf = _issued(documents.print_termo, ATENDENTE, permit.order_number)["pdf"]
    text = pdf_tools.text(termo_pdf)
    for word in ("TERMO DE PERMISSÃO", "Conceição Araújo Sá", vehicle.plate_original,
                 vehicle.renavam, "Ponto 03 — Praça da Matriz (Centro)", "brasileira"):
        assert word in text, word
    assert "nos termos da legislação municipal (Projeto de Lei nº 002/2019)" in \
        text.replace("\r\n", " ") and "do(a) Projeto" not in text  # issue 17: the law as written
    roster_pdf = _issued(documents.print_roster, ATENDENTE, 3, on=ON)["pdf"]
    text = pdf_tools.text(roster_pdf)
    assert "Conceição Araújo Sá" in text and "vaga livre" in text
    # issue 17: the key's fingerprint, to compare with Configurações and the phone verifier
    assert keys.current_fingerprint_text() in text.replace("\r\n", " ")
    Stand.create(number=4, name="Rodoviária", location="Rodoviária", min_vehicles=5,
                 max_vehicles=10)
    empty = pdf_tools.text(_issued(documents.print_roster, ATENDENTE, "4", on=ON)["pdf"])
    assert "Nenhuma permissão neste ponto" in empty
    with pytest.raises(ValidationError, match="não existe"):
        _issued(documents.print_roster, ATENDENTE, 99, on=ON)
    assert [(r.document, r.copy) for r in PrintLog.select().order_by(PrintLog.id)] == \
        [("termo", 1), ("roster", 1), ("roster", 1)]
    assert documents.print_history(document="roster")[0]["key"] == "4"
