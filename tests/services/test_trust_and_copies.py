"""Issue 17, items 1-3 through the services: the verdict's first word, keys trusted from the
data folder (not the database), key ids unique across municípios, and copies spent only when
the document exists (render, write, then confirm)."""
import datetime as dt
import json

import pytest

from mototaxi_desk import config
from mototaxi_desk.domain.errors import DomainError
from mototaxi_desk.printing import qr
from mototaxi_desk.services.views import counter
from mototaxi_desk.services import documents
from mototaxi_desk.services.trust import integrity, keys
from mototaxi_desk.services.context import Actor, PermissionDenied
from mototaxi_desk.store.models import AuditLog, Fee, PrintLog, SigningKey

from ..conftest import row_counts
from ..printing import pdf_tools
from .licensing_rows import ATENDENTE, holder_with_vehicle

ON = dt.date(2026, 6, 15)
ADMIN = Actor(None, "admin.teste", "admin")


def _permit():
    return holder_with_vehicle(ON, name="Conceição Araújo Sá")[2]


def _text(result):
    return result["copies"][0]["qr_text"]


def _printed(order_number):
    result = documents.print_cards(ATENDENTE, [order_number], on=ON)
    documents.confirm(ATENDENTE, result)
    return result


# --- keys pinned outside the database -------------------------------------------------------

def test_trust_file_written_at_init_with_ibge_serial_ids(db, municipio):
    path = keys.trust_path()
    assert path == config.data_dir() / "keys" / "trusted-2111102.json"
    data = json.loads(path.read_text())
    row = SigningKey.get()
    assert [(k["key_id"], k["public_key"]) for k in data["keys"]] == \
        [("2111102-1", row.public_key)]
    assert "PRIVATE" not in path.read_text()
    summary = keys.trust_summary()
    assert summary["untrusted"] == [] and summary["keys"][0]["current"]
    assert len(summary["keys"][0]["fingerprint_text"]) == 19  # 'A1B2 C3D4 E5F6 0718'


def test_a_key_added_only_to_the_database_signs_cards_that_are_refused(db, municipio):
    """The attack of the issue: someone with write access to the database (any counter on
    PostgreSQL) adds a "retired" key of his own and signs a card."""
    permit = _permit()
    genuine = _text(_printed(permit.order_number))
    forger = qr.new_private_key()
    raw = qr.public_raw(forger)
    SigningKey.create(key_id=7, public_key=raw.hex(), fingerprint=keys.fingerprint(raw),
                      retired_at=dt.datetime(2025, 1, 1))
    record = qr.decode(genuine)[0]
    forged = qr.sign(qr.QrRecord(**{**record.__dict__, "key_id": 7}), forger)
    result = documents.verify(forged, on=ON)
    assert result["verdict"] == "INVÁLIDO" and result["reason"] == "untrusted_key"
    assert result["data"] is None  # a forgery's contents are not shown as facts
    assert any("2111102-7" in p and "não é confiável" in p for p in integrity.check())
    assert documents.verify(genuine, on=ON)["valid"]
    # replacing the public half of key 1 in the database forges nothing: the key must be
    # trusted here AND be the database's (issue 34), so every card of key 1 is refused, loudly
    SigningKey.update(public_key=raw.hex()).where(SigningKey.key_id == 1).execute()
    for text in (qr.sign(record, forger), genuine):
        assert documents.verify(text, on=ON)["reason"] == "untrusted_key"
    assert any("2111102-1" in p for p in integrity.check())


def test_a_station_from_before_pins_the_keys_whose_private_half_it_holds(db, municipio):
    """Old key ids keep verifying: cards printed before the trust file existed."""
    permit = _permit()
    text = _text(_printed(permit.order_number))
    keys.trust_path().unlink()
    assert documents.verify(text, on=ON)["valid"]
    assert keys.trust_path().exists()


def test_a_station_without_the_file_is_told_how_to_install_it(db, municipio, tmp_path, cli):
    permit = _permit()
    text = _text(_printed(permit.order_number))
    folder = keys.key_dir()
    copied = tmp_path / "trusted-2111102.json"
    copied.write_bytes(keys.trust_path().read_bytes())
    for path in folder.iterdir():  # a counter that only verifies: no private key, no file
        path.unlink()
    with pytest.raises(DomainError, match="keys trust"):
        documents.verify(text, on=ON)
    with pytest.raises(PermissionDenied):
        keys.install_trusted(ATENDENTE, copied)
    other = tmp_path / "other.json"
    other.write_text(copied.read_text().replace('"ibge": "2111102"', '"ibge": "3540606"')
                     .replace("2111102-1", "3540606-1"))
    with pytest.raises(DomainError, match="IBGE 3540606"):
        keys.install_trusted(ADMIN, other)
    with pytest.raises(keys.NeedsConfirmation, match="2111102-1"):
        keys.install_trusted(ADMIN, copied)  # a first install: its fingerprint is compared
    fingerprint = json.loads(copied.read_text())["keys"][0]["fingerprint"]
    summary = keys.install_trusted(ADMIN, copied, confirm=[keys.fingerprint_text(fingerprint)])
    assert [k["key_id"] for k in summary["keys"]] == ["2111102-1"]
    assert documents.verify(text, on=ON)["valid"]
    assert AuditLog.select().where(AuditLog.action == "key.trust").count() == 1
    tampered = tmp_path / "tampered.json"
    data = json.loads(copied.read_text())
    data["keys"][0]["public_key"] = "00" * 32
    tampered.write_text(json.dumps(data))
    with pytest.raises(DomainError, match="não é um arquivo de chaves"):
        keys.install_trusted(ADMIN, tampered)


def test_rotation_pins_the_new_key_and_keeps_the_retired_one(db, municipio):
    permit = _permit()
    old = _text(_printed(permit.order_number))
    keys.rotate(ADMIN)
    refs = {k["key_id"]: k["retired_at"] for k in json.loads(keys.trust_path().read_text())["keys"]}
    assert set(refs) == {"2111102-1", "2111102-2"} and refs["2111102-1"] is not None
    new = _text(_printed(permit.order_number))
    assert qr.decode(new)[0].key_id == 2 and documents.verify(new, on=ON)["valid"]
    assert documents.verify(old, on=ON)["reason"] == "superseded"


def test_genuine_card_of_another_municipio_is_named_by_ibge(db, municipio):
    """Every município's first key is serial 1: Porto Feliz's card is not "falsificado"."""
    porto_feliz = qr.new_private_key()
    record = qr.QrRecord(kind="permit_card", key_id=1, ibge="3540606", number=12, ref=0,
                         copy=1, plate="ABC1D23", date1=ON, valid_until=dt.date(2027, 6, 14),
                         person="456789")
    result = documents.verify(qr.sign(record, porto_feliz), on=ON)
    assert result["message"] == "INVÁLIDO — documento de outro município (IBGE 3540606)."
    # issue 39 item 4: its signature is not checked, so its number, CPF digits and plate
    # are not given as the card's: only the município and the key it names, and why
    assert result["data"] == {
        "ibge": "3540606", "key_ref": "3540606-1", "unverified": True,
        "note": "os dados deste documento não são mostrados: a assinatura não foi conferida "
                "(só a chave do município de origem a confere)"}


def test_demo_database_keeps_its_keys_apart(tmp_path, monkeypatch):
    """A demo key (same IBGE as the real SRM município) is never trusted for the real one."""
    from mototaxi_desk.services import setup
    from mototaxi_desk.store.migrations import close_database, open_database
    monkeypatch.setenv("MOTOTAXI_DATA_DIR", str(tmp_path))
    open_database(str(config.demo_db_path()))
    try:
        setup.initialise(profile_id="sao-raimundo-das-mangabeiras-2019", municipio="Demo",
                         uf="MA", ibge="2111102", population=9000, fiscal_unit_value="1,00",
                         admin_password="senha-forte-1")
        assert keys.key_dir() == tmp_path / "demo" / "keys"
        assert (tmp_path / "demo" / "keys" / "trusted-2111102.json").exists()
        assert not (tmp_path / "keys").exists()
    finally:
        close_database()


# --- copies spent only when the document exists ----------------------------------------------

def test_failed_write_spends_no_copy(db, municipio, tmp_path):
    """Issue 17: `print card 56 -o /nonexistent/x.pdf` used up a copy number."""
    permit = _permit()
    first = _printed(permit.order_number)
    before = row_counts()
    result = documents.print_cards(ATENDENTE, [permit.order_number], on=ON)
    with pytest.raises(DomainError, match="Nenhuma via foi emitida"):
        documents.write_file(ATENDENTE, result, tmp_path / "nao-existe" / "x.pdf")
    assert row_counts() == before
    assert documents.verify(_text(first), on=ON)["valid"]
    again = documents.print_cards(ATENDENTE, [permit.order_number], on=ON)
    assert again["copies"][0]["copy"] == 2  # the number given back is given again
    documents.write_file(ATENDENTE, again, tmp_path / "cartao.pdf")
    assert (tmp_path / "cartao.pdf").read_bytes() == again["pdf"]
    assert documents.verify(_text(first), on=ON)["reason"] == "superseded"


def test_cancelled_preview_spends_nothing_and_confirm_is_idempotent(db, municipio):
    permit = _permit()
    first = _printed(permit.order_number)
    preview = documents.print_cards(ATENDENTE, [permit.order_number], on=ON)
    assert documents.verify(_text(first), on=ON)["valid"]  # a preview is not a print
    assert documents.verify(_text(preview), on=ON)["reason"] == "not_issued"
    documents.release(preview)
    assert PrintLog.select().where(PrintLog.state == "reserved").count() == 0
    with pytest.raises(DomainError, match="cancelada"):
        documents.confirm(ATENDENTE, preview)
    printed = documents.print_cards(ATENDENTE, [permit.order_number], on=ON)
    documents.confirm(ATENDENTE, printed)
    documents.confirm(ATENDENTE, printed)  # printed again from the same preview
    assert [(r.copy, r.state) for r in PrintLog.select().order_by(PrintLog.copy)] == \
        [(1, "issued"), (2, "issued")]
    assert AuditLog.select().where(AuditLog.action == "document.print").count() == 2


def test_a_drawing_that_fails_releases_its_reservation(db, municipio, monkeypatch):
    from mototaxi_desk.printing import cards
    permit = _permit()

    def broken(*args, **kwargs):
        raise RuntimeError("impressora sem memória")
    monkeypatch.setattr(cards, "render", broken)
    with pytest.raises(RuntimeError):
        documents.print_cards(ATENDENTE, [permit.order_number], on=ON)
    assert PrintLog.select().count() == 0


def test_second_copy_fee_is_charged_with_the_copy_not_with_the_preview(db, srm, tmp_path):
    """SRM Art. 47 I: the 2ª via's fee is owed for a card issued, not for a preview closed."""
    permit = holder_with_vehicle(ON, name="Conceição Araújo Sá")[2]
    documents.confirm(ATENDENTE, counter.second_copy_card(ATENDENTE, permit.id, on=ON))
    cancelled = counter.second_copy_card(ATENDENTE, permit.id, on=ON)
    assert cancelled["fee_due"]["fee_key"] == "card"
    documents.release(cancelled)
    assert Fee.select().count() == 0
    issued = counter.second_copy_card(ATENDENTE, permit.id, on=ON)
    confirmed = documents.write_file(ATENDENTE, issued, tmp_path / "segunda-via.pdf")
    assert confirmed["fee"]["amount_cents"] == 4826 and Fee.select().count() == 1
    assert "2ª via" in pdf_tools.text(issued["pdf"])
