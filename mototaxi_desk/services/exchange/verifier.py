"""The offline verifier for the inspector's phone: ONE self-contained HTML file (no network,
no server) holding the município's trusted public keys and a status list signed with its
current key. The page (mototaxi_desk/verifier/) reads a QR with the camera or from a photo,
checks the Ed25519 signature and the status list, and shows the same verdict words as the
desktop (domain/verdicts.py, embedded here).

The status list says, as of a date-time, what a card cannot say by itself — what the desktop
`verify` (services/documents/verification.py) reads in the database, so that the phone's
verdict on a document the list knows equals the desktop's on the list's date:
- `permits`: order number -> status code of every permit not in force (suspended, revoked,
  cassated, interrupted, lapsed, withdrawn, expired — an active one past its date too);
- `valid_until`: order number -> validity (yyyy-mm-dd) of the permits in force: one that
  ends after the list was made is "vencida" on the phone's date, as on the desktop's;
- `card_licensing`: order number -> the last day the permit card is licensed (yyyy-mm-dd),
  where the law licenses the card yearly (SRM Art. 6 XX) and that day comes before the
  permit's end: a card past it is "licenciamento anual do cartão vencido" on the phone's
  date, as on the desktop's (a list made before this key has none: nothing is said);
- `copies`: "card:12" / "aux_card:5" / "sticker:2026-000001" -> the latest issued copy,
  when it is not the first (earlier copies are superseded);
- `reserved`: the same keys -> the copies above it that were reserved and never issued (a
  print that died after its QR was drawn: "via não emitida");
- `voided_stickers`: serial -> the serial that replaced it ("" if none);
- `sticker_permits`: serial -> the order number of the permit its inspected vehicle serves
  now (0: none), only where that is not the permit the sticker names (its vehicle replaced
  or moved); a sticker naming an ended permit serves none;
- `auxiliaries_ended`: credential ids with a printed card no longer in force;
- `auxiliaries`: credential id -> [order number, validity or "", CPF digest] of those in
  force;
- `holders` / `plates`: order number -> 16 hex digits of SHA-256("IBGE|order|value") of the
  current holder's six CPF digits and of the current plate ("" without a vehicle), for the
  permits not ended: a card of a transferred permit or of a replaced motorcycle no longer
  matches, and the file carries no personal data beyond what each card already shows (not
  even that, in clear).
Documents printed after the list was made are judged by their signature and dates.
"""
from __future__ import annotations

import base64
import datetime as dt
import hashlib
import json
import re
from importlib import resources
from pathlib import Path

import orjson
import peewee as pw

from ...domain import permit_rules, validators
from ...domain.errors import ValidationError
from ...domain.verdicts import INVALID, REASONS, UNVERIFIED_DATA, VALID
from ...printing import qr
from ...store.connection import write_transaction
from ...store.models import (DB, AuxiliaryDriver, Inspection, Permit, Person, PrintLog,
                              Sticker, Vehicle)
from .. import audit, permissions, setup
from . import status_json
from ..licensing import card_licensing
from ..trust import keys
from ...domain.output_files import write_atomic
from ..context import Actor
from ...domain import wallclock

STATUS_FORMAT = "mototaxi-desk-status/2"
ASSETS = "mototaxi_desk.verifier"
MAX_AGE_RANGE = (1, 90)
LICENCES = ("LICENSE-zxing-cpp.txt", "LICENSE-zxing-wasm.txt", "LICENSE-stb_image.txt",
            "LICENSE-fflate.txt", "LICENSE-jsQR.txt", "LICENSE-noble-ed25519.txt",
            "LICENSE-noble-hashes.txt")
# ZXing-C++'s WebAssembly reader, raw deflate (tools/verifier-vendor/build.sh); in the page
# as base64 so it stays one file
ZXING_WASM = "vendor/zxing_reader.wasm.deflate"


def digest(ibge: str, order_number: int, value: str) -> str:
    # the first 8 bytes in hex: hexdigest()[:16], a third cheaper (100,000 holders: 200,000)
    return hashlib.sha256(f"{ibge}|{order_number}|{value}".encode()).digest()[:8].hex()


def max_age_days() -> int:
    return setup.settings().status_max_age_days


def set_max_age_days(actor: Actor, days) -> dict:
    """How many days a status list stays current on the phones (admin), audited."""
    permissions.require(actor, "settings.verifier")
    value = validators.positive_int(days, "Validade da situação (dias)",
                                    maximum=MAX_AGE_RANGE[1])
    with write_transaction():
        row = setup.settings()
        before = audit.snapshot(row)
        row.status_max_age_days = value
        row.save()
        audit.record(actor, "municipio.verifier_max_age", "municipio_settings", row.id,
                     before=before, after=audit.snapshot(row))
    return {"max_age_days": value}


def status_list(as_of: dt.datetime) -> dict:
    """The status payload as of a local date-time (see the module docstring). A few
    set-based queries read straight from the cursor, whatever the register's size (issue
    40: ≤ 1 s of CPU at 100,000 holders)."""
    settings = setup.settings()
    ibge, on = settings.ibge_code, as_of.date()
    permits, valid_until, holders, plates, cards = {}, {}, {}, {}, {}
    profile = setup.profile(on=on)
    licenses = permit_rules.licenses_cards(profile)
    latest = card_licensing.latest_licensings() if licenses else {}
    # (grant, latest licensing) -> the card's anniversary (text): a register has a few
    # thousand pairs (100,000 permits: under 2,000)
    anniversaries: dict[tuple, str] = {}
    # for the stickers: vehicle id -> (issued, id, order number) of the latest permit not
    # ended that it serves; the vehicles serving more than one
    serving: dict[int, tuple] = {}
    shared: set[int] = set()
    ended, today = frozenset(Permit.ENDED), on.isoformat()
    sha256 = hashlib.sha256
    # straight from the cursor; the dates as text (yyyy-mm-dd: SQLite's own, the str of
    # PostgreSQL's dates), compared as text: no conversion per row. The order of the rows
    # is the JSON's (sorted keys), not the query's
    query = (Permit.select(Permit.id, Permit.order_number, Permit.status, Permit.issued_on,
                           Permit.valid_until, Permit.vehicle, _cpf_middle(Person.cpf),
                           Vehicle.plate)
             .join(Person, on=(Permit.holder == Person.id))
             .join_from(Permit, Vehicle, pw.JOIN.LEFT_OUTER, on=(Permit.vehicle == Vehicle.id)))
    for (permit_id, number, status, issued_on, until, vehicle_id, cpf_middle,
         plate) in DB.obj.execute(query):
        order, until = str(number), str(until)[:10]
        if status in ended:
            permits[order] = status
            continue
        if status == "active" and until >= today:
            valid_until[order] = until
        else:
            permits[order] = status if status != "active" else "expired"
        if vehicle_id is not None:
            # (issued, id, number) < (issued, id): decided before the number (ids differ)
            serves = serving.get(vehicle_id)
            if serves is None:
                serving[vehicle_id] = (issued_on, permit_id, number)
            else:
                shared.add(vehicle_id)
                if serves < (issued_on, permit_id):
                    serving[vehicle_id] = (issued_on, permit_id, number)
        if licenses:
            # card_valid_until is the anniversary capped by the permit's end: the card is
            # listed where the anniversary comes first, with that day
            key = (issued_on, latest.get(permit_id))
            card = anniversaries.get(key)
            if card is None:
                card = anniversaries[key] = permit_rules.card_anniversary(
                    profile, _date(issued_on), key[1] and _date(key[1])).isoformat()
            if card < until:
                cards[order] = card
        # digest() inline (two per permit: 200,000 calls at 100,000 holders)
        salt = f"{ibge}|{order}|"
        holders[order] = sha256(f"{salt}{cpf_middle}".encode()).digest()[:8].hex()
        plates[order] = (sha256(f"{salt}{plate}".encode()).digest()[:8].hex()
                         if vehicle_id else "")
    copies, reserved = _copies()
    auxiliaries, ended_auxiliaries = _auxiliaries(ibge, on)
    return {"format": STATUS_FORMAT, "ibge": ibge, "municipio": settings.name,
            "uf": settings.uf, "as_of": as_of.isoformat(timespec="seconds"),
            "max_age_days": settings.status_max_age_days, "permits": permits,
            "valid_until": valid_until, "copies": copies, "reserved": reserved,
            "voided_stickers": _voided_stickers(),
            "sticker_permits": _sticker_permits(serving, shared),
            "auxiliaries_ended": ended_auxiliaries, "auxiliaries": auxiliaries,
            "holders": holders, "plates": plates, "card_licensing": cards}


def _date(value) -> dt.date:
    """A date read straight from the cursor (text on SQLite, a date on PostgreSQL)."""
    return value if isinstance(value, dt.date) else dt.date.fromisoformat(str(value)[:10])


def _voided_stickers() -> dict:
    """serial -> the serial of the sticker that replaced it ("" if none), for every sticker
    not issued; where several name the same one, the first made."""
    replaced_by = {}
    for replaces, serial in DB.obj.execute(  # straight from the cursor, as the permits
            Sticker.select(Sticker.replaces, Sticker.serial)
            .where(Sticker.replaces.is_null(False)).order_by(Sticker.id)):
        replaced_by.setdefault(replaces, serial)
    return {serial: replaced_by.get(sticker_id, "") for sticker_id, serial in DB.obj.execute(
        Sticker.select(Sticker.id, Sticker.serial).where(Sticker.status != "issued")
        .order_by(Sticker.id))}


def _copies() -> tuple[dict, dict]:
    """The latest issued copy of each card and sticker (when not the first), and the copies
    above it still reserved — the desktop's `_copy_reasons` reads the same rows: those of
    copies after the first and those not issued (the first copy issued, the commonest row,
    says nothing here: copies are numbered from 1), each group read through an index."""
    documents = ("card", "aux_card", "sticker")
    columns = (PrintLog.document, PrintLog.entity_key, PrintLog.copy, PrintLog.state)
    later = PrintLog.select(*columns).where(PrintLog.document.in_(documents) &
                                            (PrintLog.copy > 1))
    pending = PrintLog.select(*columns).where(
        PrintLog.document.in_(documents) &
        PrintLog.state.in_([s for s in PrintLog.STATES if s != "issued"]))
    latest, reserved = {}, {}
    for document, key, copy, state in sorted({*DB.obj.execute(later),
                                              *DB.obj.execute(pending)}):
        name = f"{document}:{key}"
        if state == "issued":
            latest[name] = copy
            reserved.pop(name, None)  # below the latest issued copy: superseded, not listed
        else:
            reserved.setdefault(name, []).append(copy)
    return latest, reserved


def _sticker_permits(serving: dict[int, tuple], shared: set[int]) -> dict:
    """serial -> the permit the desktop judges a sticker by (the latest permit not ended
    that its inspected vehicle serves; 0: none), where the phone could not tell it from the
    sticker's own record (the permit it names, or none if that permit ended). `serving`
    (vehicle id -> (issued, id, order number) of that latest permit) and `shared` (the
    vehicles serving more than one): status_list's, read with the permits.

    A sticker naming a permit not ended that its vehicle still serves, that vehicle serving
    no other, is judged by that permit: nothing to say. The query leaves those out (nearly
    every sticker: 100,000 holders, 78,000 stickers, none listed); those of the vehicles
    serving several are read apart, by their vehicle."""
    named = pw.Case(None, [(Permit.status.in_(Permit.ENDED), 0)], Permit.order_number)
    rows = (Sticker.select(Sticker.serial, Inspection.vehicle, pw.fn.COALESCE(named, 0))
            .join(Inspection, on=(Sticker.inspection == Inspection.id))
            .join_from(Inspection, Permit, pw.JOIN.LEFT_OUTER,
                       on=(Inspection.permit == Permit.id)))
    maybe = rows.where(Permit.id.is_null() | Permit.vehicle.is_null() |
                       (Permit.vehicle != Inspection.vehicle) |
                       Permit.status.in_(Permit.ENDED))
    queries = [maybe] + [rows.where(Inspection.vehicle.in_(part))
                         for part in _parts(sorted(shared), 500)]
    return {serial: now for query in queries
            for serial, vehicle_id, names in DB.obj.execute(query)
            if (now := serving[vehicle_id][2] if vehicle_id in serving else 0) != names}


def _parts(values: list, size: int) -> list[list]:
    return [values[i:i + size] for i in range(0, len(values), size)]


def _cpf_middle(cpf: pw.Field) -> pw.Node:
    """qr.cpf_middle in SQL (the six digits a card shows; "" for a CPF not of 11): read with
    the row instead of a call per permit."""
    return pw.Case(None, [(pw.fn.LENGTH(cpf) == 11, pw.fn.SUBSTR(cpf, 4, 6))], "")


def _auxiliaries(ibge: str, on: dt.date) -> tuple[dict, list[int]]:
    """Credentials with a printed card: those in force (their permit's order number,
    validity and a digest of the CPF digits the card shows) and the ids of those not."""
    printed = {int(k) for (k,) in DB.obj.execute(PrintLog.select(PrintLog.entity_key).where(
        PrintLog.document == "aux_card").distinct()) if k.isdigit()}
    in_force, ended = {}, []
    if not printed:
        return in_force, ended
    today = on.isoformat()
    for aux_id, active, until, order, cpf in DB.obj.execute(  # dates as text, as above
            AuxiliaryDriver.select(AuxiliaryDriver.id, AuxiliaryDriver.active,
                                   AuxiliaryDriver.valid_until, Permit.order_number,
                                   Person.cpf)
            .join(Permit, on=(AuxiliaryDriver.permit == Permit.id))
            .join_from(AuxiliaryDriver, Person, on=(AuxiliaryDriver.person == Person.id))
            .order_by(AuxiliaryDriver.id)):
        if aux_id not in printed:
            continue
        until = "" if until is None else str(until)[:10]
        if not active or (until and until < today):
            ended.append(aux_id)
            continue
        in_force[str(aux_id)] = [order, until, digest(ibge, order, qr.cpf_middle(cpf))]
    return in_force, ended


def signed_status(as_of: dt.datetime) -> dict:
    return _signed(status_list(as_of))


def _signed(status: dict) -> dict:
    payload = status_json.sorted_compact(status)
    return {"payload": payload, **keys.sign_status(payload.encode("utf-8"))}


def _asset(name: str) -> str:
    return resources.files(ASSETS).joinpath(name).read_text(encoding="utf-8")


def _script_json(value) -> str:
    """JSON safe inside a <script> element (no '</' can close it). Written by orjson: the
    signed status list rides in it as one 10 MB string at 100,000 holders, whose every quote
    json.dumps escaped in 40 ms of Python (orjson: a few)."""
    return orjson.dumps(value).decode("utf-8").replace("</", "<\\/")


def _icon_svg() -> str:
    return ("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'>"
            "<rect width='64' height='64' rx='12' fill='#0f4585'/>"
            "<path d='M18 33l9 9 19-21' stroke='#fff' stroke-width='7' fill='none' "
            "stroke-linecap='round' stroke-linejoin='round'/></svg>")


def render_html(as_of: dt.datetime | None = None) -> tuple[str, dict]:
    """The page and what it holds (keys, status counts)."""
    as_of = as_of or wallclock.now_aware()
    if as_of.tzinfo is None:
        raise ValidationError("Data da situação", "informe a data com o fuso horário.")
    settings = setup.settings()
    profile = setup.profile(as_of.date())  # the wording in force on the page's "as of"
    exported = keys.export_public()
    payload = status_list(as_of)
    status = _signed(payload)
    config = {
        "ibge": settings.ibge_code, "municipio": settings.name, "uf": settings.uf,
        "order_digits": profile.permit.order_number_digits,
        "law": profile.profile.law, "prefix": qr.PREFIX,
        "keys": [{"key_id": k["key_id"], "public_key": k["public_key"],
                  "fingerprint_text": k["fingerprint_text"], "current": k["current"]}
                 for k in exported["keys"]],
        "status": status, "reasons": REASONS, "words": {"valid": VALID, "invalid": INVALID},
        "kind_labels": qr.KIND_LABELS, "ended": list(Permit.ENDED),
        "unverified_note": UNVERIFIED_DATA,
    }
    icon = "data:image/svg+xml;base64," + base64.b64encode(_icon_svg().encode()).decode()
    manifest = {"name": f"Verificador de mototáxi — {settings.name}/{settings.uf}",
                "short_name": "Verificador", "start_url": ".", "display": "standalone",
                "background_color": "#ffffff", "theme_color": "#0f4585", "lang": "pt-BR",
                "icons": [{"src": icon, "sizes": "any", "type": "image/svg+xml"}]}
    manifest_url = "data:application/manifest+json;base64," + base64.b64encode(
        json.dumps(manifest, ensure_ascii=False).encode()).decode()
    licences = "\n\n".join(_asset(f"vendor/{name}") for name in LICENCES)
    values = {"TITLE": _html_escape(f"Verificador de mototáxi — {settings.name}/{settings.uf}"),
              "MANIFEST": manifest_url, "ICON": icon, "CSS": _asset("verifier.css"),
              "LICENSES": _html_escape(licences),
              "VENDOR": _asset("vendor/mt-vendor.min.js").replace("</script", "<\\/script"),
              "CONFIG": _script_json(config), "SCRIPT": _asset("verifier.js"),
              "ZXING": base64.b64encode(resources.files(ASSETS).joinpath(ZXING_WASM)
                                        .read_bytes()).decode("ascii")}
    # one pass: a value (a município's name...) is never read as another placeholder
    html = re.sub(r"/\*\{\{([A-Z]+)\}\}\*/|\{\{([A-Z]+)\}\}",
                  lambda m: values[m.group(1) or m.group(2)], _asset("template.html"))
    listed = (len(payload["permits"]) + len(payload["copies"]) + len(payload["reserved"]) +
              len(payload["voided_stickers"]) + len(payload["auxiliaries_ended"]))
    return html, {"keys": len(config["keys"]), "as_of": payload["as_of"],
                  "as_of_text": as_of.strftime("%d/%m/%Y %H:%M"), "listed": listed,
                  "max_age_days": payload["max_age_days"],
                  "fingerprints": [k["fingerprint_text"] for k in config["keys"]]}


def _html_escape(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def export_file(actor: Actor, path: Path, *, as_of: dt.datetime | None = None) -> dict:
    """Write the verifier page (whole or not at all), audited. Needs the private key on this
    station (the status list is signed)."""
    permissions.require(actor, "verifier.export")
    html, info = render_html(as_of)
    path = Path(path)
    data = html.encode("utf-8")
    write_atomic(path, data)  # OutputError names the file; nothing audited then
    with write_transaction():
        audit.record(actor, "verifier.export", "municipio_settings", None,
                     after={"as_of": info["as_of"], "listed": info["listed"],
                            "keys": info["fingerprints"]})
    return {**info, "output": str(path), "bytes": len(data)}
