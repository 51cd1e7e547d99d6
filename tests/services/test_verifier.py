"""The offline verifier's data (services/exchange/verifier.py): a status list signed with the
município's current key, saying what the cards cannot say themselves, with no personal data
in clear; the município's setting for its age; the page written whole. The page itself is
tested in Chromium (tests/browser/)."""
import base64
import datetime as dt
import json
import subprocess
import sys
import zlib

import pytest

from mototaxi_desk.domain.errors import DomainError, ValidationError
from mototaxi_desk.printing import qr
from mototaxi_desk.services import documents
from mototaxi_desk.services.trust import keys
from mototaxi_desk.services.exchange import verifier
from mototaxi_desk.services.context import Actor, PermissionDenied
from mototaxi_desk.store.models import AuditLog, Permit, Person, PrintLog, Sticker

from ..conftest import row_counts
from .licensing_rows import ATENDENTE, FISCAL, auxiliary, holder_with_vehicle

ADMIN = Actor(None, "admin.teste", "admin")
NOW = dt.datetime(2026, 6, 15, 8, 0, tzinfo=dt.timezone(dt.timedelta(hours=-3)))


def _issued(function, *args, **kwargs):
    result = function(ATENDENTE, *args, **kwargs)
    documents.confirm(ATENDENTE, result)
    return result


def test_status_list_is_signed_and_says_what_cards_cannot(db, municipio):
    on = NOW.date()
    _, vehicle, current = holder_with_vehicle(on, name="Conceição Sá")
    revoked = holder_with_vehicle(on, name="José Revogado", permit_status="revoked")[2]
    late = holder_with_vehicle(on, name="Ana Vencida", valid_until=on - dt.timedelta(days=1))[2]
    _issued(documents.print_cards, [current.order_number], on=on)
    _issued(documents.print_cards, [current.order_number], on=on)
    aux = auxiliary(current, valid_until=on + dt.timedelta(days=90), on=on)
    _issued(documents.print_aux_cards, [current.order_number], on=on)
    aux.active = False
    aux.save()
    signed = verifier.signed_status(NOW)
    trusted = keys.public_keys()
    assert signed["key_id"] == "2111102-1"
    assert qr.verify_bytes(signed["payload"].encode(), bytes.fromhex(signed["signature"]),
                           trusted["2111102-1"])
    status = json.loads(signed["payload"])
    assert status["format"] == "mototaxi-desk-status/2"
    assert status["as_of"] == "2026-06-15T08:00:00-03:00" and status["max_age_days"] == 7
    assert status["permits"] == {str(revoked.order_number): "revoked",
                                 str(late.order_number): "expired"}
    # in force: its date, so a phone judges it on its own day (issue 39 item 1)
    assert status["valid_until"] == {str(current.order_number):
                                     current.valid_until.isoformat()}
    # SRM Art. 6 XX: the card of the permit granted a year ago is licensed to today (issue 37)
    assert status["card_licensing"] == {str(current.order_number): "2026-06-15"}
    assert status["copies"] == {f"card:{current.order_number}": 2}
    assert status["reserved"] == {}
    assert status["auxiliaries_ended"] == [aux.id] and status["auxiliaries"] == {}
    assert set(status["holders"]) == set(status["plates"]) == {  # not the ended permit's
        str(current.order_number), str(late.order_number)}
    holder = current.holder
    assert status["holders"][str(current.order_number)] == verifier.digest(
        "2111102", current.order_number, holder.cpf[3:9])
    assert status["plates"][str(current.order_number)] == verifier.digest(
        "2111102", current.order_number, vehicle.plate)
    text = signed["payload"]
    for personal in (holder.cpf, holder.cpf[3:9], holder.name, vehicle.plate, "Revogado"):
        assert personal not in text  # nothing in clear beyond what each card shows


ODD = 'São João d\'Aljezur "Çà" \\ \x01\x1f\x7f \u2028\u2029 </script> — 😀'


def test_signed_text_is_json_dumps_sorted_on_odd_data(db, municipio):
    """Issue 40 item 3: the list is written by orjson (services/exchange/status_json.py);
    its text is still json.dumps's with sorted keys, which the phones and the lists already
    signed read — on a município, serials and print keys with odd characters."""
    from mototaxi_desk.services import setup
    from mototaxi_desk.store.models import Inspection
    on = NOW.date()
    settings = setup.settings()
    settings.name = ODD
    settings.save()
    _, vehicle, current = holder_with_vehicle(on, name=ODD)
    holder_with_vehicle(on, name="Revogado", permit_status="revoked")
    holder_with_vehicle(on, name="Vencida", valid_until=on - dt.timedelta(days=1))
    inspection = Inspection.create(vehicle=vehicle, permit=current, kind="annual",
                                   inspected_on=on, approved=True,
                                   valid_until=on + dt.timedelta(days=365))
    old = Sticker.create(serial=ODD[:20], inspection=inspection, status="voided")
    Sticker.create(serial="2026-\u2028\\\"ç", inspection=inspection, status="issued",
                   replaces=old)
    for copy, state in ((1, "issued"), (2, "issued"), (3, "reserved")):
        PrintLog.create(login="atendente", document="sticker", entity_key=ODD[:40],
                        copy=copy, state=state)
    auxiliary(current, valid_until=on + dt.timedelta(days=90), on=on)
    _issued(documents.print_aux_cards, [current.order_number], on=on)
    status = verifier.status_list(NOW)
    assert status["municipio"] == ODD and status["voided_stickers"] and status["reserved"]
    payload = verifier.signed_status(NOW)["payload"]
    assert payload == json.dumps(status, ensure_ascii=False, sort_keys=True,
                                 separators=(",", ":"))
    assert json.loads(payload) == status

    def plain(value):  # what status_json writes as json.dumps does: no float, no odd key
        if isinstance(value, dict):
            return all(isinstance(k, str) and plain(v) for k, v in value.items())
        if isinstance(value, list):
            return all(plain(v) for v in value)
        return value is None or isinstance(value, (str, int))
    assert plain(status)


def test_cpf_middle_read_in_sql_as_the_card_shows_it(db, municipio):
    """The list reads the six CPF digits a card shows in its query (verifier._cpf_middle):
    the same as qr.cpf_middle, whatever the column holds."""
    who, _, _ = holder_with_vehicle(NOW.date())
    for cpf in ("12345678901", "", "123", "1234567890", "1234567890ç", "ab3456789cd"):
        Person.update(cpf=cpf).where(Person.id == who.id).execute()
        assert Person.select(verifier._cpf_middle(Person.cpf)).where(
            Person.id == who.id).scalar() == qr.cpf_middle(cpf), cpf


def test_voided_sticker_listed_with_its_replacement(db, municipio):
    from mototaxi_desk.store.models import Inspection
    on = NOW.date()
    _, vehicle, permit = holder_with_vehicle(on)
    inspection = Inspection.create(vehicle=vehicle, permit=permit, kind="annual",
                                   inspected_on=on, approved=True,
                                   valid_until=on + dt.timedelta(days=365),
                                   sticker_serial="2026-000001")
    old = Sticker.create(serial="2026-000001", inspection=inspection, status="voided")
    Sticker.create(serial="2026-000002", inspection=inspection, status="issued", replaces=old)
    status = json.loads(verifier.signed_status(NOW)["payload"])
    assert status["voided_stickers"] == {"2026-000001": "2026-000002"}


def test_copies_reserved_and_never_issued_are_listed(db, municipio):
    """Issue 39 item 1: a print that died after its QR was drawn leaves its copy reserved;
    the list names it (the desktop says "via não emitida"), until a later copy is issued
    (then it is superseded, as the earlier ones)."""
    on = NOW.date()
    permit = holder_with_vehicle(on)[2]
    key = f"card:{permit.order_number}"
    _issued(documents.print_cards, [permit.order_number], on=on)
    died = documents.print_cards(ATENDENTE, [permit.order_number], on=on)  # never confirmed
    text = died["copies"][0]["qr_text"]
    assert documents.verify(text, on=on)["reason"] == "not_issued"
    status = json.loads(verifier.signed_status(NOW)["payload"])
    assert status["reserved"] == {key: [2]} and key not in status["copies"]
    _issued(documents.print_cards, [permit.order_number], on=on)
    status = json.loads(verifier.signed_status(NOW)["payload"])
    assert status["reserved"] == {} and status["copies"] == {key: 3}
    assert documents.verify(text, on=on)["reason"] == "superseded"


def test_stickers_judged_by_the_permit_their_vehicle_serves(db, municipio):
    """Issue 39 item 1: the desktop judges a sticker by the permit its inspected vehicle
    serves now; the list names it where the sticker's own record cannot tell: a vehicle
    replaced on its permit (none) or serving another permit. A sticker of an ended permit
    is not listed (the phone knows that permit ended)."""
    from mototaxi_desk.store.models import Inspection
    on = NOW.date()

    def sticker(vehicle, permit, serial):
        inspection = Inspection.create(vehicle=vehicle, permit=permit, kind="annual",
                                       inspected_on=on, approved=True,
                                       valid_until=on + dt.timedelta(days=365),
                                       sticker_serial=serial)
        return Sticker.create(serial=serial, inspection=inspection, status="issued")

    _, kept_vehicle, kept = holder_with_vehicle(on, name="Selo Em Dia")
    sticker(kept_vehicle, kept, "2026-000001")
    holder, old_vehicle, replaced = holder_with_vehicle(on, name="Moto Trocada")
    sticker(old_vehicle, replaced, "2026-000002")
    _, ended_vehicle, ended = holder_with_vehicle(on, name="Revogada")
    sticker(ended_vehicle, ended, "2026-000003")
    _, moved_vehicle, first = holder_with_vehicle(on, name="Moto Vendida")
    sticker(moved_vehicle, first, "2026-000004")
    assert json.loads(verifier.signed_status(NOW)["payload"])["sticker_permits"] == {}
    replaced.vehicle = holder_with_vehicle(on, name="Outra")[1]
    replaced.save()
    ended.status = "revoked"
    ended.save()
    first.vehicle = None
    first.save()
    second = holder_with_vehicle(on, name="Comprador")[2]
    second.vehicle = moved_vehicle
    second.save()
    status = json.loads(verifier.signed_status(NOW)["payload"])
    assert status["sticker_permits"] == {"2026-000002": 0,
                                         "2026-000004": second.order_number}
    for serial, reason in (("2026-000002", "no_permit"), ("2026-000003", "no_permit"),
                           ("2026-000001", None), ("2026-000004", None)):
        text = _issued(documents.print_stickers, [serial], on=on)["copies"][0]["qr_text"]
        assert documents.verify(text, on=on)["reason"] == reason, serial


def test_sticker_of_a_vehicle_serving_two_permits(db, municipio):
    """A vehicle serving two permits not ended (the query leaves out the stickers that name
    their vehicle's permit; those of such a vehicle are read apart): a sticker naming the
    earlier one is judged by the later (same grant day: the later made), one naming the later
    says nothing; the later ended, the other way round."""
    from mototaxi_desk.store.models import Inspection
    on = NOW.date()
    _, vehicle, earlier = holder_with_vehicle(on, name="Primeira")
    later = holder_with_vehicle(on, name="Segunda")[2]
    later.vehicle = vehicle
    later.save()
    for permit, serial in ((earlier, "2026-000011"), (later, "2026-000012")):
        inspection = Inspection.create(vehicle=vehicle, permit=permit, kind="annual",
                                       inspected_on=on, approved=True,
                                       valid_until=on + dt.timedelta(days=365),
                                       sticker_serial=serial)
        Sticker.create(serial=serial, inspection=inspection, status="issued")
    status = json.loads(verifier.signed_status(NOW)["payload"])
    assert status["sticker_permits"] == {"2026-000011": later.order_number}
    later.status = "revoked"  # the vehicle serves the earlier one only
    later.save()
    status = json.loads(verifier.signed_status(NOW)["payload"])
    assert status["sticker_permits"] == {"2026-000012": earlier.order_number}


def test_auxiliaries_in_force_carry_their_permit_date_and_cpf_digest(db, municipio):
    on = NOW.date()
    _, _, current = holder_with_vehicle(on, name="Titular")
    aux = auxiliary(current, valid_until=on + dt.timedelta(days=90), on=on)
    _issued(documents.print_aux_cards, [current.order_number], on=on)
    status = json.loads(verifier.signed_status(NOW)["payload"])
    assert status["auxiliaries"] == {str(aux.id): [
        current.order_number, aux.valid_until.isoformat(),
        verifier.digest("2111102", current.order_number, aux.person.cpf[3:9])]}
    assert status["auxiliaries_ended"] == []
    assert aux.person.cpf[3:9] not in json.dumps(status)


def test_max_age_setting_admin_only_and_checked(db, municipio):
    with pytest.raises(PermissionDenied):
        verifier.set_max_age_days(FISCAL, 3)
    before = row_counts()
    for bad in ("0", "-1", "abc", "91", "3,5"):
        with pytest.raises(ValidationError, match="Validade da situação"):
            verifier.set_max_age_days(ADMIN, bad)
    assert row_counts() == before
    assert verifier.set_max_age_days(ADMIN, "3") == {"max_age_days": 3}
    assert verifier.max_age_days() == 3
    assert AuditLog.select().where(AuditLog.action == "municipio.verifier_max_age").count() == 1


def test_export_writes_one_file_and_needs_the_private_key(db, municipio, tmp_path):
    holder_with_vehicle(NOW.date())
    info = verifier.export_file(FISCAL, tmp_path / "verificador.html", as_of=NOW)
    html = (tmp_path / "verificador.html").read_text(encoding="utf-8")
    assert info["keys"] == 1 and info["as_of_text"] == "15/06/2026 08:00"
    assert html.count("<script") == 4 and "jsQR" in html and "Apache License" in html
    assert "ZXing-C++" in html and "stb_image" in html and "zxing-wasm" in html
    # ZXing-C++'s WebAssembly reader inside the one file (issue 39 items 3, 5)
    wasm = html.split('<script id="zxing-wasm" type="application/octet-stream">')[1]
    wasm = zlib.decompress(base64.b64decode(wasm.split("</script>")[0]), wbits=-15)
    assert wasm[:4] == b"\0asm" and len(wasm) > 500_000
    assert "'wasm-unsafe-eval'" in html and "connect-src 'none'" in html
    assert info["bytes"] == len(html.encode()) < 1_000_000  # the page's budget: 1 MB
    assert keys.trust_summary()["keys"][0]["fingerprint_text"] in html
    with pytest.raises(ValidationError):
        verifier.export_file(FISCAL, tmp_path / "x.html", as_of=dt.datetime(2026, 6, 15))
    for path in keys.key_dir().glob("*.pem"):  # a station that only verifies cannot sign
        path.unlink()
    with pytest.raises(DomainError, match="chave privada"):
        verifier.export_file(FISCAL, tmp_path / "y.html")
    assert not (tmp_path / "y.html").exists()
    assert Permit.select().count() == 1


def test_each_documents_module_imports_alone():
    """Issue 14 item 4: services/documents split with no import cycle — each module of the
    package imports first in a fresh interpreter."""
    modules = ["acts", "batch", "common", "inspection_stickers", "issuing", "ledger_documents",
               "permit_cards", "receipts", "verification"]
    for name in modules:
        code = f"import mototaxi_desk.services.documents.{name}"
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=60)
        assert done.returncode == 0, (name, done.stderr[-2000:])
