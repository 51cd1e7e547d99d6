"""Issue 34, item 2: trust anchors only grow by an admin's signed act. A scratch `init` with
the município's own IBGE code leaves the station's trust file byte-identical and its key
trusted nowhere; a rotation signed by the current key spreads to the stations that receive
the file; any other new key needs an admin who confirms its fingerprint, audited; a key must
also be in the município's database to verify; the phone verifier carries only the keys that
verify."""
import datetime as dt
import json

import pytest

from mototaxi_desk.domain.errors import DomainError
from mototaxi_desk.printing import qr
from mototaxi_desk.services import documents, setup
from mototaxi_desk.services.trust import integrity, keys
from mototaxi_desk.services.exchange import verifier
from mototaxi_desk.services.context import PermissionDenied
from mototaxi_desk.store.migrations import close_database, open_database
from mototaxi_desk.store.models import AuditLog, SigningKey

from .licensing_rows import ATENDENTE, holder_with_vehicle
from .test_trust_and_copies import ADMIN, ON

SCRATCH_VALUES = dict(profile_id="sao-raimundo-das-mangabeiras-2019", municipio="Rascunho",
                      uf="MA", ibge="2111102", population=9000, fiscal_unit_value="1,00",
                      admin_password="senha-forte-1")


def _card():
    """A genuine card of the município: (permit, QR text)."""
    permit = holder_with_vehicle(ON, name="Conceição Araújo Sá")[2]
    result = documents.print_cards(ATENDENTE, [permit.order_number], on=ON)
    documents.confirm(ATENDENTE, result)
    return permit, result["copies"][0]["qr_text"]


def _resigned(text: str, key_id: int, private) -> str:
    record = qr.decode(text)[0]
    return qr.sign(qr.QrRecord(**{**record.__dict__, "key_id": key_id}), private)


def _private(row: SigningKey):
    return qr.load_private_pem(keys._key_path("2111102", row.fingerprint).read_bytes())


def _audits(action: str) -> list[dict]:
    return [json.loads(a.after or "null") for a in
            AuditLog.select().where(AuditLog.action == action).order_by(AuditLog.id)]


# --- init never writes into a trust file that holds keys --------------------------------------

def test_scratch_init_with_the_same_ibge_leaves_the_trust_file_byte_identical(
        db, db_url, municipio, tmp_path):
    """The attack of the issue: `init --db rascunho.db` with the município's own IBGE code,
    no login needed, then cards printed from the scratch database. Its key is trusted
    nowhere: the scratch database cannot print with it here, a card signed with it is refused
    in the scratch database (untrusted_key) and in the município's (a key it does not have),
    and `check` names it."""
    _, genuine = _card()
    trust = keys.trust_path()
    before = trust.read_bytes()
    close_database()
    open_database(str(tmp_path / "rascunho.db"))
    summary = setup.initialise(**SCRATCH_VALUES)
    assert trust.read_bytes() == before
    assert summary["signing_key"]["trusted"] is False
    scratch = SigningKey.get()
    assert summary["signing_key"]["key_ref"] == f"2111102-{scratch.key_id}" != "2111102-1"
    with pytest.raises(DomainError, match="não é confiável nesta estação"):
        keys.signing_key()
    forged = _resigned(genuine, scratch.key_id, _private(scratch))
    assert documents.verify(forged, on=ON)["reason"] == "untrusted_key"
    problems = integrity.key_problems()
    assert any(f"2111102-{scratch.key_id} está no banco" in p for p in problems)
    assert any("2111102-1 é confiável nesta estação mas não está no banco" in p for p in problems)
    with pytest.raises(DomainError, match="não é confiável"):
        verifier.render_html()  # no phone verifier made from the scratch database either
    assert trust.read_bytes() == before  # every path above read it, none wrote it
    close_database()
    open_database(db_url, backup_dir=tmp_path / "backups")
    result = documents.verify(forged, on=ON)
    assert result["verdict"] == "INVÁLIDO" and result["reason"] == "unknown_key"
    assert documents.verify(genuine, on=ON)["valid"]
    assert trust.read_bytes() == before


def test_a_new_municipio_is_trusted_on_first_use(db, tmp_path):
    """No trust file for this IBGE at this station: `init` pins the first key (the one moment
    of trust on first use), and only that key."""
    summary = setup.initialise(**SCRATCH_VALUES)
    assert summary["signing_key"] == {**summary["signing_key"], "key_ref": "2111102-1",
                                      "trusted": True}
    data = json.loads(keys.trust_path().read_text())
    assert data["format"] == "mototaxi-desk-trusted-keys/2"
    assert [k["key_id"] for k in data["keys"]] == ["2111102-1"]


def test_a_held_private_key_is_not_pinned_into_an_existing_trust_file(db, municipio):
    """signing_key() and trusted() pinned a key whose private half the station holds; anyone
    at the station can make one, so they no longer do once the file holds keys."""
    private = qr.new_private_key()
    raw = qr.public_raw(private)
    row = SigningKey.create(key_id=2, public_key=raw.hex(), fingerprint=keys.fingerprint(raw))
    keys._write_private(keys._key_path("2111102", row.fingerprint), qr.private_pem(private))
    SigningKey.update(retired_at=dt.datetime(2026, 1, 1)).where(SigningKey.key_id == 1).execute()
    before = keys.trust_path().read_bytes()
    with pytest.raises(DomainError, match="2111102-2 deste banco de dados não é confiável"):
        documents.print_cards(ATENDENTE, [holder_with_vehicle(ON)[2].order_number], on=ON)
    assert keys.untrusted_refs() == ["2111102-2"]
    assert keys.trust_path().read_bytes() == before


# --- rotation: the current key signs its successor --------------------------------------------

def test_rotation_signed_by_the_current_key_is_accepted_by_a_station_that_receives_it(
        db, municipio, tmp_path):
    """A station that trusts key 1 (it only verifies: its file is the one from before the
    rotation) installs the signing station's file: key 2 comes signed by key 1 and is added
    without a fingerprint check — still by an admin, audited."""
    permit, old_card = _card()
    station_b = keys.trust_path().read_bytes()  # what the verifying station holds
    rotated = keys.rotate(ADMIN)
    assert rotated["signed_by"] == "2111102-1" and rotated["trusted"]
    signed = json.loads(keys.trust_path().read_text())["keys"][1]
    assert signed["key_id"] == "2111102-2" and signed["succeeds"]["key_id"] == "2111102-1"
    new_card = documents.print_cards(ATENDENTE, [permit.order_number], on=ON)  # at A
    copied = tmp_path / "trusted-2111102.json"
    copied.write_bytes(keys.trust_path().read_bytes())
    keys.trust_path().write_bytes(station_b)
    assert documents.verify(new_card["copies"][0]["qr_text"], on=ON)["reason"] == \
        "untrusted_key"  # station B before it received the rotation
    with pytest.raises(PermissionDenied):
        keys.install_trusted(ATENDENTE, copied)
    assert keys.trust_path().read_bytes() == station_b
    assert keys.trust_plan(ADMIN, copied)["signed"][0]["signed_by"] == "2111102-1"
    result = keys.install_trusted(ADMIN, copied)
    assert [(k["key_id"], k["signed_by"]) for k in result["added"]] == [("2111102-2",
                                                                          "2111102-1")]
    assert documents.verify(new_card["copies"][0]["qr_text"], on=ON)["reason"] == "not_issued"
    assert documents.verify(old_card, on=ON)["valid"]  # the retired key still verifies
    assert _audits("key.trust")[-1]["signed"] == [
        ["2111102-2", signed["fingerprint"], "2111102-1"]]
    assert _audits("key.trust")[-1]["confirmed"] == []


def test_a_statement_that_does_not_verify_refuses_the_whole_file(db, municipio, tmp_path):
    """Someone swaps key 2 for his own and keeps the statement (or edits the signature):
    the signature of key 1 no longer checks, nothing is installed."""
    station_b = keys.trust_path().read_bytes()
    keys.rotate(ADMIN)
    data = json.loads(keys.trust_path().read_text())
    keys.trust_path().write_bytes(station_b)
    raw = qr.public_raw(qr.new_private_key())
    swapped = json.loads(json.dumps(data))
    swapped["keys"][1].update(public_key=raw.hex(), fingerprint=keys.fingerprint(raw))
    edited = json.loads(json.dumps(data))
    signature = edited["keys"][1]["succeeds"]["signature"]
    edited["keys"][1]["succeeds"]["signature"] = ("0" if signature[0] != "0" else "1") + \
        signature[1:]
    for name, content in (("swapped.json", swapped), ("edited.json", edited)):
        path = tmp_path / name
        path.write_text(json.dumps(content))
        with pytest.raises(DomainError, match="assinatura da chave 2111102-2 pela chave "
                                              "2111102-1 não confere"):
            keys.install_trusted(ADMIN, path, confirm=[raw.hex()[:16]])
        assert keys.trust_path().read_bytes() == station_b


def test_rotation_without_the_current_key_is_refused_unless_unsigned_then_confirmed(
        db, municipio):
    """The current key's private half is not here (lost): no signed rotation. With
    --unsigned the new key exists but is trusted nowhere until an admin confirms its
    fingerprint from the database's keys."""
    permit, _ = _card()
    for path in keys.key_dir().glob("*.pem"):
        path.unlink()
    before = keys.trust_path().read_bytes()
    with pytest.raises(DomainError, match="não pode assinar a chave nova"):
        keys.rotate(ADMIN)
    assert SigningKey.select().count() == 1 and keys.trust_path().read_bytes() == before
    rotated = keys.rotate(ADMIN, unsigned=True)
    assert rotated["signed_by"] is None and not rotated["trusted"]
    assert json.loads(keys.trust_path().read_text())["keys"][0]["retired_at"]  # noted
    with pytest.raises(DomainError, match="2111102-2 deste banco de dados não é confiável"):
        documents.print_cards(ATENDENTE, [permit.order_number], on=ON)
    plan = keys.trust_plan(ADMIN, None)
    assert [k["key_id"] for k in plan["unsigned"]] == ["2111102-2"] and not plan["signed"]
    with pytest.raises(keys.NeedsConfirmation):
        keys.install_trusted(ADMIN, None)
    keys.install_trusted(ADMIN, None, confirm=[rotated["fingerprint_text"]])
    card = documents.print_cards(ATENDENTE, [permit.order_number], on=ON)
    assert qr.decode(card["copies"][0]["qr_text"])[0].key_id == 2
    assert _audits("key.trust")[-1]["confirmed"] == [["2111102-2", rotated["fingerprint"]]]
    with pytest.raises(DomainError, match="já são confiáveis"):
        keys.install_trusted(ADMIN, None)


# --- any other new key: an admin confirms its fingerprint --------------------------------------

def _file_with_an_unsigned_key(tmp_path):
    """The station's trust file plus key 2, with no statement (a file from before
    statements, or one made by hand): (path, key 2's row, its private key)."""
    private = qr.new_private_key()
    raw = qr.public_raw(private)
    row = SigningKey.create(key_id=2, public_key=raw.hex(), fingerprint=keys.fingerprint(raw))
    data = json.loads(keys.trust_path().read_text())
    data["keys"].append(keys._entry(row, "2111102"))
    path = tmp_path / "trusted-2111102.json"
    path.write_text(json.dumps(data))
    return path, row, private


def test_an_unsigned_new_key_needs_its_fingerprint_confirmed_by_an_admin(
        db, municipio, tmp_path):
    _, genuine = _card()
    path, row, private = _file_with_an_unsigned_key(tmp_path)
    card = _resigned(genuine, 2, private)
    before = keys.trust_path().read_bytes()
    with pytest.raises(PermissionDenied):
        keys.install_trusted(ATENDENTE, path, confirm=[row.fingerprint])
    with pytest.raises(PermissionDenied):
        keys.trust_plan(ATENDENTE, path)
    with pytest.raises(keys.NeedsConfirmation) as refused:
        keys.install_trusted(ADMIN, path)
    assert refused.value.keys == [{"key_id": "2111102-2", "fingerprint": row.fingerprint,
                                   "fingerprint_text": keys.fingerprint_text(row.fingerprint),
                                   "signed_by": None}]
    assert keys.fingerprint_text(row.fingerprint) in str(refused.value)
    with pytest.raises(DomainError, match="não é de nenhuma chave nova"):
        keys.install_trusted(ADMIN, path, confirm=["0000 0000 0000 0000"])
    with pytest.raises(DomainError, match="não é de nenhuma chave nova"):
        keys.install_trusted(ADMIN, path, confirm=[row.fingerprint[:8]])  # too short to compare
    assert keys.trust_path().read_bytes() == before
    assert documents.verify(card, on=ON)["reason"] == "untrusted_key"
    refusals = _audits("refused:keys.trust")
    assert any("2111102-2" in r["message"] for r in refusals)
    assert not _audits("key.trust")
    result = keys.install_trusted(ADMIN, path,
                                  confirm=[keys.fingerprint_text(row.fingerprint).lower()])
    assert [k["key_id"] for k in result["added"]] == ["2111102-2"]
    assert documents.verify(card, on=ON)["valid"]  # its signature is accepted now
    assert _audits("key.trust")[-1]["confirmed"] == [["2111102-2", row.fingerprint]]
    assert _audits("key.trust")[-1]["signed"] == []


def test_a_format_1_file_keeps_loading_and_its_new_keys_are_confirmed(db, municipio, tmp_path):
    """Format 1 (before statements): a station's own file keeps its keys and is not
    rewritten by reading it; a received one has no statement, so each new key is confirmed."""
    _, genuine = _card()
    data = json.loads(keys.trust_path().read_text())
    data["format"] = "mototaxi-desk-trusted-keys/1"
    keys.trust_path().write_text(json.dumps(data))
    before = keys.trust_path().read_bytes()
    assert documents.verify(genuine, on=ON)["valid"]
    assert keys.trust_summary()["untrusted"] == [] and keys.trust_path().read_bytes() == before
    path, row, _ = _file_with_an_unsigned_key(tmp_path)
    old_style = json.loads(path.read_text())
    assert old_style["format"] == "mototaxi-desk-trusted-keys/1"
    with pytest.raises(keys.NeedsConfirmation):
        keys.install_trusted(ADMIN, path)
    keys.install_trusted(ADMIN, path, confirm=[row.fingerprint])
    assert json.loads(keys.trust_path().read_text())["format"] == \
        "mototaxi-desk-trusted-keys/2"
    assert documents.verify(genuine, on=ON)["valid"]


# --- the key must be the município's database's too ------------------------------------------

def test_a_key_pinned_here_but_absent_from_the_database_verifies_nothing(
        db, municipio, tmp_path):
    """A key in the trust file that this database does not have (pinned from a scratch
    database before this was closed, or installed from a file) signs cards that are refused
    here; deleting key 1 from the database makes the genuine cards refused, and `check`
    names both."""
    _, genuine = _card()
    path, row, private = _file_with_an_unsigned_key(tmp_path)
    keys.install_trusted(ADMIN, path, confirm=[row.fingerprint])
    SigningKey.delete().where(SigningKey.key_id == 2).execute()
    forged = _resigned(genuine, 2, private)
    result = documents.verify(forged, on=ON)
    assert result["verdict"] == "INVÁLIDO" and result["reason"] == "unknown_key"
    assert result["data"] is None
    assert [k["key_id"] for k in keys.export_public()["keys"]] == ["2111102-1"]
    assert any("2111102-2 é confiável nesta estação mas não está no banco" in p
               for p in integrity.check())
    SigningKey.delete().where(SigningKey.key_id == 1).execute()
    assert documents.verify(genuine, on=ON)["reason"] == "unknown_key"
    assert any("2111102-1 é confiável nesta estação mas não está no banco" in p
               for p in integrity.check())


def test_the_offline_verifier_embeds_only_the_keys_that_verify_here(db, municipio, tmp_path):
    """Only pinned keys (and of those, the database's): not a key added to the database
    alone, not a key pinned here that the database lacks."""
    _card()
    raw = qr.public_raw(qr.new_private_key())
    SigningKey.create(key_id=9, public_key=raw.hex(), fingerprint=keys.fingerprint(raw),
                      retired_at=dt.datetime(2025, 1, 1))
    path, row, _ = _file_with_an_unsigned_key(tmp_path)
    keys.install_trusted(ADMIN, path, confirm=[row.fingerprint])
    SigningKey.delete().where(SigningKey.key_id == 2).execute()
    key_1 = SigningKey.get(SigningKey.key_id == 1)
    html, info = verifier.render_html()
    assert info["keys"] == 1
    assert info["fingerprints"] == [keys.fingerprint_text(key_1.fingerprint)]
    assert key_1.public_key in html
    assert raw.hex() not in html and row.public_key not in html
    exported = verifier.export_file(ADMIN, tmp_path / "verificador.html")
    assert exported["keys"] == 1


def test_a_trust_file_that_cannot_be_written_is_not_audited_as_installed(
        db, municipio, tmp_path, monkeypatch):
    import errno

    from mototaxi_desk.services.trust import key_files
    path, row, _ = _file_with_an_unsigned_key(tmp_path)
    before = keys.trust_path().read_bytes()

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(key_files, "write_atomic", full)
    with pytest.raises(DomainError, match="Não foi possível gravar .*Nada foi alterado"):
        keys.install_trusted(ADMIN, path, confirm=[row.fingerprint])
    assert keys.trust_path().read_bytes() == before and not _audits("key.trust")


def test_a_key_inserted_into_the_database_by_sql_is_named_by_check(db, municipio):
    """Issue 34 items 2 and 3: a scratch database's key copied into the município's
    database by SQL (so that its cards would find their key there) has no seal: `check`
    names it as included outside the program."""
    assert integrity.check() == []
    first = SigningKey.get()
    raw = "ab" * 32
    SigningKey.insert(key_id=first.key_id + 1, public_key=raw, fingerprint="cd" * 32,
                      created_at=first.created_at).execute()
    problems = "\n".join(integrity.check())
    assert f"Chave de assinatura id {first.id + 1}" in problems
    assert "não tem selo de auditoria" in problems
