"""Printed documents: gather the data, sign the QR codes, log every print, render the PDF
(printing/ draws; it never queries the database).

- Every print is a new copy: its number (1, 2, ...) is written in the print log with who
  and when, and — for cards and stickers — inside the signed QR payload. Verifying an
  earlier copy still shows a valid signature, but reports it superseded.
- The print log and the copy numbers are one transaction (the user action); the PDF is
  rendered after it commits, so a batch of 500 stickers never holds the write lock while
  drawing. A print is "issued" when its copy number is taken: the GUI calls a print
  function once per print, not for every preview refresh.
- `verify` is all a verification dialog needs: text in, a dict out (VALID / INVALID, why,
  the decoded data and the current status of the permit or sticker in the database).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import peewee as pw

from ..domain import permit_rules, validators
from ..domain.errors import DomainError, ValidationError
from ..domain.profiles import Service
from ..printing import cards, fonts, notices, qr, receipt, roster, stickers, termo
from ..printing.common import Municipio
from ..store.connection import serialise, write_transaction
from ..store.models import (AuxiliaryDriver, Inspection, Permit, Person, PrintLog, Stand,
                            Sticker, Vehicle)
from . import audit, keys, permissions, persons, setup, stands
from .context import Actor

PRINT_ROLES = permissions.EVERYONE  # the GUI asks; services check services/permissions.py
CARD_STATUSES = ("active", "suspended", "interrupted")  # a card for these; not for ended ones
DOCUMENTS = {"card": "cartão de permissão", "aux_card": "cartão de condutor auxiliar",
             "sticker": "selo de vistoria", "termo": "termo de permissão",
             "roster": "relação do ponto", "notice": "auto de infração",
             "release": "recibo de liberação", "receipt": "comprovante de protocolo"}
STATUS_LABELS = {"active": "Ativa", "suspended": "Suspensa", "interrupted": "Interrompida",
                 "expired": "Vencida", "revoked": "Revogada", "cassated": "Cassada",
                 "withdrawn": "Desistência", "lapsed": "Caducada"}
_STICKER_KINDS = {"annual": ("sticker_annual", "Vistoria anual"),
                  "semiannual": ("sticker_semiannual", "Inspeção semestral")}
Progress = Callable[[int, int], None] | None


# --- shared -------------------------------------------------------------------------------

def municipio_header() -> Municipio:
    row = setup.settings()
    return Municipio(name=row.name, uf=row.uf, ibge=row.ibge_code,
                     brasao=bytes(row.brasao) if row.brasao else None,
                     law=setup.profile().profile.law)


def _order_text(number: int) -> str:
    return permit_rules.format_order_number(setup.profile(), number)


def _log(actor: Actor, document: str, key: str, layout: str, key_id: int | None = None) -> int:
    """Take the next copy number of a document and log the print; inside the transaction.
    Two counters printing the same document at once take turns here (on PostgreSQL the
    first copy has no row to lock yet, hence the named lock), so each gets its own number;
    the unique index (document, key, copy) stays the last guard."""
    serialise(f"print_log:{document}:{key}")
    last = PrintLog.select(pw.fn.MAX(PrintLog.copy)).where(
        (PrintLog.document == document) & (PrintLog.entity_key == key)).scalar() or 0
    copy = last + 1
    if copy > 255:
        raise DomainError(f"Limite de vias atingido para {DOCUMENTS[document]} {key}.")
    PrintLog.create(user=actor.user_id, login=actor.login[:40], document=document,
                    entity_key=key, copy=copy, key_id=key_id, layout=layout)
    return copy


def latest_copy(document: str, key: str) -> int:
    return PrintLog.select(pw.fn.MAX(PrintLog.copy)).where(
        (PrintLog.document == document) & (PrintLog.entity_key == key)).scalar() or 0


def _result(document: str, pdf: bytes, copies: list[dict]) -> dict:
    return {"document": document, "pdf": pdf, "count": len(copies), "copies": copies}


def _audit(actor: Actor, document: str, copies: list[dict], layout: str) -> None:
    audit.record(actor, "document.print", document,
                 copies[0]["key"] if len(copies) == 1 else f"{len(copies)} documentos",
                 after={"document": document, "layout": layout,
                        "copies": [[c["key"], c["copy"]] for c in copies][:1000]})


def _layout(sheet: str | None) -> str:
    if sheet not in (None, "a4"):
        raise ValidationError("Folha", "use a4 ou nenhuma (impressora de cartões).")
    return sheet or "single"


def _step(progress: Progress, done: int, total: int) -> None:
    if progress is not None:
        progress(done, total)


def _number(value, label: str) -> int:
    return validators.positive_int(str(value).strip(), label, maximum=2**31 - 1)


def _permit_by_order(value) -> Permit:
    number = _number(value, "Nº da permissão")
    permit = Permit.get_or_none(Permit.order_number == number)
    if permit is None:
        raise ValidationError("Permissão", f"permissão nº {value} não existe.")
    return permit


def _current_permits(on: dt.date) -> list[Permit]:
    return list(Permit.select().where((Permit.status == "active") & (Permit.valid_until >= on))
                .order_by(Permit.order_number))


def _cnh_text(person_id: int, *, long: bool = False) -> str:
    cnh = persons.current_cnh(person_id)
    if cnh is None:
        return "—"
    if long:
        return (f"nº {cnh.number}, categoria {cnh.category}, válida até "
                f"{validators.format_date(cnh.expiry_date)}")
    return f"{cnh.number} — cat. {cnh.category}"


def _stand_text(permit: Permit, *, with_location: bool = False) -> str:
    if permit.stand_id is None:
        return ""
    stand = permit.stand
    text = f"{stands.label(stand.number)} — {stand.name}"
    if with_location and stand.location and stand.location != stand.name:
        text += f" ({stand.location})"
    return text


def _vehicle_text(vehicle: Vehicle | None, *, long: bool = False) -> str:
    if vehicle is None:
        return ""
    text = f"{vehicle.make} {vehicle.model} {vehicle.manufacture_year}/{vehicle.model_year}"
    if long:
        text = (f"{vehicle.make} {vehicle.model}, ano {vehicle.manufacture_year}/"
                f"{vehicle.model_year}" + (f", cor {vehicle.colour.lower()}" if vehicle.colour
                                           else "") + f", {vehicle.cc} cc")
    return text


def _rg(person: Person) -> str:
    return f"{person.rg} {person.rg_issuer}".strip()


# --- permit cards -------------------------------------------------------------------------

def _check_card_permit(permit: Permit) -> None:
    if permit.status not in CARD_STATUSES:
        raise DomainError(f"Permissão nº {_order_text(permit.order_number)} está "
                          f"{STATUS_LABELS[permit.status].lower()}: não é possível imprimir "
                          "o cartão.")


def _instrument_words(permit: Permit) -> dict:
    """What the law in force at the grant calls the act and its holder, and the service's
    scope ([instrument], [service] of the profile; a permissão's words by default)."""
    profile = setup.profile(on=permit.issued_on)
    service = termo.SERVICE if profile.service == Service() else profile.service.text
    return {"instrument": profile.instrument.title,
            "holder_title": profile.instrument.holder_title, "service": service}


def _plural(word: str) -> str:
    """Permissionário → Permissionários, Autorização → Autorizações."""
    return word[:-2] + "ões" if word.endswith("ão") else word + "s"


def _qr_validity(valid_until: dt.date | None) -> dt.date | None:
    """A permit without term carries no validity in its QR code (as an auxiliary card)."""
    return None if permit_rules.no_term(valid_until) else valid_until


def _card_data(permit: Permit, copy: int, key_id: int, private, header: Municipio) -> cards.CardData:
    holder: Person = permit.holder
    vehicle = permit.vehicle if permit.vehicle_id else None
    record = qr.QrRecord(kind="permit_card", key_id=key_id, ibge=header.ibge,
                         number=permit.order_number,
                         ref=permit.stand.number if permit.stand_id else 0, copy=copy,
                         plate=vehicle.plate if vehicle else "", date1=permit.issued_on,
                         valid_until=_qr_validity(permit.valid_until),
                         person=qr.cpf_middle(holder.cpf))
    return cards.CardData(
        municipio=header, auxiliary=False, name=holder.name,
        cpf_masked=validators.mask_cpf(holder.cpf), rg=_rg(holder),
        cnh=_cnh_text(holder.id), order_text=_order_text(permit.order_number),
        plate=vehicle.plate_original if vehicle else "—", stand=_stand_text(permit),
        issued_on=permit.issued_on, valid_until=permit.valid_until,
        renavam=vehicle.renavam if vehicle else "", chassis=vehicle.chassis if vehicle else "",
        vehicle=_vehicle_text(vehicle), blood=f"{holder.blood_type}{holder.rh_factor}",
        copy=copy, qr_text=qr.sign(record, private),
        photo=bytes(holder.photo) if holder.photo else None,
        **_card_words(setup.profile(on=permit.issued_on).instrument))


def _card_words(instrument) -> dict:
    return {"title": instrument.card_title, "instrument": instrument.title,
            "holder_title": instrument.holder_title}


def _may_print(actor: Actor, action: str) -> None:
    """The role check, and the fonts loaded before any copy number is taken: a damaged
    installation (a font file missing) refuses to print without logging a copy it never drew."""
    permissions.require(actor, action)
    fonts.register()


def print_cards(actor: Actor, order_numbers=(), *, all_active: bool = False,
                sheet: str | None = None, per_sheet: int = 10, on: dt.date | None = None,
                progress: Progress = None) -> dict:
    """Permit cards of the given order numbers (or every current permit): PDF and copies."""
    _may_print(actor, "print.card")
    on = on or dt.date.today()
    layout = _layout(sheet)
    with write_transaction():
        if all_active:
            permits = _current_permits(on)
            if not permits:
                raise DomainError("Nenhuma permissão ativa e válida para imprimir.")
        else:
            permits = [_permit_by_order(n) for n in order_numbers]
            if not permits:
                raise ValidationError("Permissão", "informe o número da permissão.")
            for permit in permits:
                _check_card_permit(permit)
        key_id, private = keys.signing_key(actor)
        header = municipio_header()
        data, copies = [], []
        for i, permit in enumerate(permits, 1):
            key = str(permit.order_number)
            copy = _log(actor, "card", key, layout, key_id)
            data.append(_card_data(permit, copy, key_id, private, header))
            copies.append({"key": key, "copy": copy, "order_number": permit.order_number,
                           "qr_text": data[-1].qr_text})
            _step(progress, i, len(permits))
        _audit(actor, "card", copies, layout)
    return _result("card", cards.render(data, sheet=sheet, per_sheet=per_sheet), copies)


def _aux_card_data(aux: AuxiliaryDriver, copy: int, key_id: int, private,
                   header: Municipio) -> cards.CardData:
    permit: Permit = aux.permit
    person: Person = aux.person
    vehicle = permit.vehicle if permit.vehicle_id else None
    valid_until = aux.valid_until or permit.valid_until
    if aux.valid_until and permit.valid_until:
        valid_until = min(aux.valid_until, permit.valid_until)
    record = qr.QrRecord(kind="aux_card", key_id=key_id, ibge=header.ibge,
                         number=permit.order_number, ref=aux.id, copy=copy,
                         plate=vehicle.plate if vehicle else "", date1=aux.credentialed_on,
                         valid_until=_qr_validity(valid_until), person=qr.cpf_middle(person.cpf))
    return cards.CardData(
        municipio=header, auxiliary=True, name=person.name,
        cpf_masked=validators.mask_cpf(person.cpf), rg=_rg(person), cnh=_cnh_text(person.id),
        order_text=_order_text(permit.order_number),
        plate=vehicle.plate_original if vehicle else "—", stand=_stand_text(permit),
        issued_on=aux.credentialed_on, valid_until=valid_until,
        renavam=vehicle.renavam if vehicle else "", chassis=vehicle.chassis if vehicle else "",
        vehicle=_vehicle_text(vehicle), blood=f"{person.blood_type}{person.rh_factor}",
        copy=copy, qr_text=qr.sign(record, private),
        photo=bytes(person.photo) if person.photo else None, holder_name=permit.holder.name,
        **_card_words(setup.profile(on=permit.issued_on).instrument))


def print_aux_cards(actor: Actor, order_numbers=(), *, all_active: bool = False,
                    sheet: str | None = None, per_sheet: int = 10, on: dt.date | None = None,
                    progress: Progress = None) -> dict:
    """Cards of the active auxiliary drivers of the given permits (or of every current one)."""
    _may_print(actor, "print.aux_card")
    on = on or dt.date.today()
    layout = _layout(sheet)
    with write_transaction():
        if all_active:
            permits = _current_permits(on)
        else:
            permits = [_permit_by_order(n) for n in order_numbers]
            for permit in permits:
                _check_card_permit(permit)
        auxiliaries = list(AuxiliaryDriver.select().where(
            AuxiliaryDriver.permit.in_([p.id for p in permits]) &
            (AuxiliaryDriver.active == True) &  # noqa: E712 (peewee expression)
            (AuxiliaryDriver.valid_until.is_null() | (AuxiliaryDriver.valid_until >= on)))
            .order_by(AuxiliaryDriver.permit, AuxiliaryDriver.id)) if permits else []
        if not auxiliaries:
            which = ("nas permissões ativas" if all_active or len(permits) != 1 else
                     f"na permissão nº {_order_text(permits[0].order_number)}")
            raise DomainError(f"Nenhum condutor auxiliar com credencial válida {which}.")
        key_id, private = keys.signing_key(actor)
        header = municipio_header()
        data, copies = [], []
        for i, aux in enumerate(auxiliaries, 1):
            copy = _log(actor, "aux_card", str(aux.id), layout, key_id)
            data.append(_aux_card_data(aux, copy, key_id, private, header))
            copies.append({"key": str(aux.id), "copy": copy,
                           "order_number": aux.permit.order_number, "qr_text": data[-1].qr_text})
            _step(progress, i, len(auxiliaries))
        _audit(actor, "aux_card", copies, layout)
    return _result("aux_card", cards.render(data, sheet=sheet, per_sheet=per_sheet), copies)


# --- inspection stickers ------------------------------------------------------------------

def sticker_size() -> tuple[int, int]:
    row = setup.settings()
    return row.sticker_width_mm, row.sticker_height_mm


def set_sticker_size(actor: Actor, width_mm, height_mm) -> dict:
    """The município's sticker size in millimetres (admin), audited."""
    permissions.require(actor, "settings.sticker_size")
    w = validators.positive_int(width_mm, "Largura do selo (mm)", maximum=1000)
    h = validators.positive_int(height_mm, "Altura do selo (mm)", maximum=1000)
    try:
        stickers.check_size((w, h))
    except ValueError as exc:
        raise ValidationError("Tamanho do selo", str(exc)) from None
    with write_transaction():
        row = setup.settings()
        before = audit.snapshot(row)
        row.sticker_width_mm, row.sticker_height_mm = w, h
        row.save()
        audit.record(actor, "municipio.sticker_size", "municipio_settings", row.id,
                     before=before, after=audit.snapshot(row))
    return {"width_mm": w, "height_mm": h}


def _sticker(serial) -> Sticker:
    text = str(serial or "").strip()[:40]
    sticker = Sticker.get_or_none(Sticker.serial == text)
    if sticker is None:
        raise ValidationError("Nº do selo", f"o selo {text or '(vazio)'} não existe; use o "
                                            "formato AAAA-NNNNNN (ex.: 2026-000123).")
    if sticker.status != "issued":
        newer = Sticker.get_or_none(Sticker.replaces == sticker.id)
        extra = f"; use o selo {newer.serial}, que o substituiu" if newer else ""
        raise DomainError(f"O selo {sticker.serial} está cancelado{extra}.")
    return sticker


def _sticker_data(sticker: Sticker, copy: int, key_id: int, private, header: Municipio
                  ) -> stickers.StickerData:
    inspection: Inspection = sticker.inspection
    vehicle: Vehicle = inspection.vehicle
    permit = inspection.permit if inspection.permit_id else None
    kind, label = _STICKER_KINDS.get(inspection.kind, ("sticker_annual", "Vistoria"))
    record = qr.QrRecord(kind=kind, key_id=key_id, ibge=header.ibge,
                         number=qr.sticker_number(sticker.serial),
                         ref=permit.order_number if permit else 0, copy=copy,
                         plate=vehicle.plate, date1=inspection.inspected_on,
                         valid_until=inspection.valid_until, person="")
    return stickers.StickerData(
        municipio=header, serial=sticker.serial,
        order_text=_order_text(permit.order_number) if permit else "",
        plate=vehicle.plate_original, inspected_on=inspection.inspected_on,
        valid_until=inspection.valid_until, kind_label=label, copy=copy,
        qr_text=qr.sign(record, private))


def _current_stickers(on: dt.date) -> list[Sticker]:
    current = Permit.select(Permit.vehicle).where(
        (Permit.status == "active") & (Permit.valid_until >= on) & Permit.vehicle.is_null(False))
    return list(Sticker.select(Sticker).join(Inspection, on=(Sticker.inspection == Inspection.id))
                .where((Sticker.status == "issued") & (Inspection.valid_until >= on) &
                       Inspection.vehicle.in_(current))
                .order_by(Sticker.serial))


def print_stickers(actor: Actor, serials=(), *, all_active: bool = False,
                   sheet: str | None = None, on: dt.date | None = None,
                   progress: Progress = None) -> dict:
    """Inspection stickers by serial (or every valid sticker of the current permits)."""
    _may_print(actor, "print.sticker")
    on = on or dt.date.today()
    layout = _layout(sheet)
    with write_transaction():
        if all_active:
            rows = _current_stickers(on)
            if not rows:
                raise DomainError("Nenhum selo válido de permissão ativa para imprimir.")
        else:
            rows = [_sticker(s) for s in serials]
            if not rows:
                raise ValidationError("Nº do selo", "informe o número do selo.")
        key_id, private = keys.signing_key(actor)
        header = municipio_header()
        data, copies = [], []
        for i, sticker in enumerate(rows, 1):
            copy = _log(actor, "sticker", sticker.serial, layout, key_id)
            data.append(_sticker_data(sticker, copy, key_id, private, header))
            copies.append({"key": sticker.serial, "copy": copy, "qr_text": data[-1].qr_text})
            _step(progress, i, len(rows))
        _audit(actor, "sticker", copies, layout)
        size = sticker_size()
    return _result("sticker", stickers.render(data, size_mm=size, sheet=sheet), copies)


# --- termo de permissão and stand roster --------------------------------------------------

def _address(person: Person) -> str:
    parts = [f"{person.street}, {person.number}".strip(", ") if person.street else "",
             person.complement, person.district,
             f"{person.city}/{person.uf}" if person.city else "",
             f"CEP {person.cep[:5]}-{person.cep[5:]}" if len(person.cep or "") == 8 else ""]
    return ", ".join(p for p in parts if p)


def _grant_act(permit: Permit) -> str:
    from ..store.models import PermitHistory
    row = (PermitHistory.select(PermitHistory.act_number)
           .where((PermitHistory.permit == permit.id) & (PermitHistory.action == "grant"))
           .first())
    return row.act_number if row else ""


def print_termo(actor: Actor, order_number) -> dict:
    """The termo de permissão of a permit (A4), for the holder and the authority to sign."""
    _may_print(actor, "print.termo")
    with write_transaction():
        permit = _permit_by_order(order_number)
        if permit.status in Permit.ENDED:
            raise DomainError(f"Permissão nº {_order_text(permit.order_number)} está "
                              f"{STATUS_LABELS[permit.status].lower()}: não é possível emitir "
                              "o termo.")
        holder: Person = permit.holder
        vehicle = permit.vehicle if permit.vehicle_id else None
        copy = _log(actor, "termo", str(permit.order_number), "a4")
        data = termo.TermoData(
            municipio=municipio_header(), order_text=_order_text(permit.order_number),
            issued_on=permit.issued_on, valid_until=permit.valid_until,
            act_number=_grant_act(permit), name=holder.name, nationality=holder.nationality,
            profession=holder.profession, cpf=validators.format_cpf(holder.cpf),
            rg=_rg(holder), cnh=_cnh_text(holder.id, long=True),
            blood=f"{holder.blood_type}{holder.rh_factor}", address=_address(holder),
            plate=vehicle.plate_original if vehicle else "", renavam=vehicle.renavam if vehicle
            else "", chassis=vehicle.chassis if vehicle else "",
            vehicle=_vehicle_text(vehicle, long=True),
            stand=_stand_text(permit, with_location=True), copy=copy,
            printed_at=dt.datetime.now(), login=actor.login, **_instrument_words(permit))
        copies = [{"key": str(permit.order_number), "copy": copy}]
        _audit(actor, "termo", copies, "a4")
    return _result("termo", termo.render(data), copies)


def print_roster(actor: Actor, stand_number, *, on: dt.date | None = None) -> dict:
    """The roster of a stand (A4): its places with permit, holder, plate, auxiliary driver."""
    _may_print(actor, "print.roster")
    on = on or dt.date.today()
    number = _number(stand_number, "Nº do ponto")
    with write_transaction():
        stand = Stand.get_or_none(Stand.number == number)
        if stand is None:
            raise ValidationError("Ponto", f"ponto nº {stand_number} não existe.")
        info = stands.roster(stand.id, on=on)
        places = [roster.RosterPlace(
            position=str(p["position"]) if p["position"] is not None else "—",
            order_text=_order_text(p["order_number"]) if p["order_number"] else "",
            holder=p["holder_name"], plate=p["plate"], auxiliary=p["auxiliary_name"],
            since=p["since"],
            status=STATUS_LABELS.get(p["status"], p["status"]) if p["permit_id"]
            else "vaga livre") for p in info["places"]]
        capacity = (f"mínimo {stand.min_vehicles}, máximo {stand.max_vehicles} motocicletas"
                    if stand.max_vehicles else "não definida")
        if stand.max_raised_by_act:
            capacity += f" (máximo ampliado por {stand.max_raised_by_act})"
        copy = _log(actor, "roster", str(stand.number), "a4")
        data = roster.RosterData(
            holders_title=_plural(setup.profile(on=on).instrument.holder_title),
            municipio=municipio_header(), stand_label=stands.label(stand.number),
            stand_name=stand.name, location=stand.location, responsible=info["responsible_name"],
            capacity=capacity, extension_point=stand.extension_point, on=on, copy=copy,
            printed_at=dt.datetime.now(), login=actor.login, places=places)
        copies = [{"key": str(stand.number), "copy": copy}]
        _audit(actor, "roster", copies, "a4")
    return _result("roster", roster.render(data), copies)


# --- protocol receipt of an application ----------------------------------------------------

def print_application_receipt(actor: Actor, application_id) -> dict:
    """The protocol receipt of an application (A5): protocol, type, applicant with the masked
    CPF, when and by whom it was filed, the checklist (received / pending)."""
    from ..store.models import User
    from . import applications
    _may_print(actor, "print.receipt")
    with write_transaction():
        app = applications.get_application(application_id)
        info = applications.as_dict(app)
        person: Person = app.person
        filer = User.get_or_none(User.id == app.filed_by_id) if app.filed_by_id else None
        key = info["protocol"]
        copy = _log(actor, "receipt", key, "a5")
        data = receipt.ReceiptData(
            municipio=municipio_header(), protocol=key, type_label=info["type_label"],
            status_label=info["status_label"], applicant=person.name,
            cpf_masked=validators.mask_cpf(person.cpf), filed_at=app.filed_at,
            attendant=filer.login if filer else "—", copy=copy,
            printed_at=dt.datetime.now(), login=actor.login,
            permit=_order_text(app.permit.order_number) if app.permit_id else "",
            items=[receipt.ReceiptItem(c["text"], c["mandatory"], c["received"])
                   for c in info["checklist"]])
        copies = [{"key": key, "copy": copy}]
        _audit(actor, "receipt", copies, "a5")
    return _result("receipt", receipt.render(data), copies)


# --- auto de infração and impound release receipt (penalty ledger, issue 4) -------------

def _notice_by_number(value):
    """'12/2026', '00012/2026' or '12' (this year)."""
    from ..store.models import InfractionNotice
    text = str(value or "").strip()
    number_text, _, year_text = text.partition("/")
    number = _number(number_text, "Nº do auto de infração")
    year = _number(year_text, "Ano do auto de infração") if year_text else dt.date.today().year
    notice = InfractionNotice.get_or_none((InfractionNotice.number == number) &
                                          (InfractionNotice.year == year))
    if notice is None:
        raise ValidationError("Auto de infração", f"auto nº {text} não existe.")
    return notice


_ROLE_LABELS = {"holder": "Permissionário", "auxiliary": "Condutor auxiliar",
                "unlicensed": "Sem permissão"}


def print_notice(actor: Actor, number) -> dict:
    """The auto de infração / notification (A4) with every field of SRM Art. 35, the fine,
    the defence deadline and where to file it."""
    from ..domain.money import format_units
    from . import ledger
    _may_print(actor, "print.notice")
    with write_transaction():
        notice = _notice_by_number(number)
        info = ledger.notice_dict(notice)
        profile = setup.profile(on=notice.occurred_at.date())  # the version it was judged by
        rule = profile.defence
        klass = profile.penalty_class(notice.class_code)
        infractor = notice.infractor
        registration = f"CPF {validators.format_cpf(infractor.cpf)}"
        if notice.auxiliary_id:
            registration += f" — credencial de condutor auxiliar nº {notice.auxiliary_id}"
        units = (f" ({format_units(notice.fine_units, profile.fiscal_unit)})"
                 if notice.fine_units and notice.unit_value_cents else "")
        appeal = (f"{rule.appeal_days} dias da decisão sobre a defesa ({rule.appeal_article})"
                  if rule.appeal_days else "")
        key = info["number"]
        copy = _log(actor, "notice", key, "a4")
        data = notices.NoticeData(
            municipio=municipio_header(), number=key, voided=notice.status == "voided",
            void_text=notice.void_reason, holder=notice.holder.name,
            order_text=_order_text(notice.permit.order_number) if notice.permit_id else "",
            plate=notice.plate, infractor=infractor.name,
            infractor_role=_ROLE_LABELS.get(notice.infractor_role, notice.infractor_role),
            infractor_registration=registration, article=notice.infraction_article,
            infraction=notice.infraction_text, class_label=klass.label,
            measure=notice.measure, place=notice.place, occurred_at=notice.occurred_at,
            description=notice.description, agent=notice.agent_name,
            agent_registration=notice.agent_registration,
            infractor_signed=notice.infractor_signed,
            fine=(info["fine_text"] + units) if notice.fine_cents else "sem multa",
            points=f"{info['points']}" if profile.penalties.classes and klass.points else "",
            warning="advertência por escrito" if notice.warning else "",
            notified_on=notice.notified_on,
            notification=ledger.CHANNEL_LABELS.get(notice.notification_channel, ""),
            defence_deadline=info["defence_deadline"],
            defence_article=(f"{rule.defence_days} "
                             f"{'dias úteis' if rule.business_days else 'dias'}, "
                             f"{rule.defence_article}") if rule.defence_days else
            rule.appeal_article,
            appeal=appeal,
            where_to_file=f"Protocolo da {municipio_header().title}, por requerimento "
                          f"escrito, citando o auto nº {key}",
            copy=copy, printed_at=dt.datetime.now(), login=actor.login)
        copies = [{"key": key, "copy": copy}]
        _audit(actor, "notice", copies, "a4")
    return _result("notice", notices.render_notice(data), copies)


def print_release(actor: Actor, key) -> dict:
    """The impound release receipt with each amount; KEY: the notice number (NNNNN/AAAA)
    of the impound, or the impound number."""
    import json

    from ..store.models import Impound
    _may_print(actor, "print.release")
    text = str(key or "").strip()
    with write_transaction():
        if "/" in text:
            notice = _notice_by_number(text)
            row = (Impound.select().where(Impound.notice == notice.id)
                   .order_by(Impound.id.desc()).first())
            if row is None:
                raise ValidationError("Apreensão", f"o auto nº {text} não tem apreensão.")
        else:
            number = _number(text, "Nº da apreensão")
            row = Impound.get_or_none(Impound.id == number)
            if row is None:
                raise ValidationError("Apreensão", f"apreensão nº {text} não existe.")
        if row.status != "released":
            raise DomainError(f"O veículo {row.plate} ainda não foi liberado: não há recibo.")
        receipt = json.loads(row.receipt or "{}")
        from . import ledger
        lines = [notices.ReleaseLine(x.get("label", ""), x.get("receipt", ""),
                                     x.get("amount_text", "")) for x in receipt.get("lines", [])]
        copy = _log(actor, "release", str(row.id), "a4")
        data = notices.ReleaseData(
            municipio=municipio_header(), impound_number=str(row.id),
            notice_number=ledger.number_text(row.notice) if row.notice_id else "",
            person=row.person.name,
            order_text=_order_text(row.permit.order_number) if row.permit_id else "",
            plate=row.plate, reason=row.reason, place=row.place,
            deposited_at=row.deposited_at, boletim=row.boletim, released_at=row.released_at,
            release_reason=receipt.get("reason", row.release_reason),
            storage_days=row.storage_days, article=row.release_article,
            total=receipt.get("total_text", "R$ 0,00"), copy=copy,
            printed_at=dt.datetime.now(), login=actor.login, lines=lines)
        copies = [{"key": str(row.id), "copy": copy}]
        _audit(actor, "release", copies, "a4")
    return _result("release", notices.render_release(data), copies)


def print_document(actor: Actor, document: str, key=None, *, all_active: bool = False,
                   sheet: str | None = None, per_sheet: int = 10, on: dt.date | None = None,
                   progress: Progress = None) -> dict:
    """One entry point for the command line: document and KEY as typed."""
    keys_ = [] if key in (None, "") else [key]
    if all_active and document not in ("card", "aux_card", "sticker"):
        raise ValidationError("--all-active", "só para cartões e selos.")
    if not all_active and not keys_:
        raise ValidationError("Chave", "informe o número (permissão, selo ou ponto) ou "
                                       "--all-active.")
    if document == "card":
        return print_cards(actor, keys_, all_active=all_active, sheet=sheet,
                           per_sheet=per_sheet, on=on, progress=progress)
    if document == "aux_card":
        return print_aux_cards(actor, keys_, all_active=all_active, sheet=sheet,
                               per_sheet=per_sheet, on=on, progress=progress)
    if document == "sticker":
        return print_stickers(actor, keys_, all_active=all_active, sheet=sheet, on=on,
                              progress=progress)
    if sheet is not None:
        raise ValidationError("--sheet", "termo e relação já são impressos em A4.")
    if document == "termo":
        return print_termo(actor, key)
    if document == "roster":
        return print_roster(actor, key, on=on)
    if document == "notice":
        return print_notice(actor, key)
    if document == "release":
        return print_release(actor, key)
    raise ValidationError("Documento", f"documento desconhecido: {document}.")


def print_history(document: str | None = None, key: str | None = None,
                  limit: int = 200) -> list[dict]:
    """The print log, newest first."""
    query = PrintLog.select().order_by(PrintLog.id.desc()).limit(limit)
    if document:
        query = query.where(PrintLog.document == document)
    if key:
        query = query.where(PrintLog.entity_key == str(key))
    return [{"at": r.at, "login": r.login, "document": r.document, "key": r.entity_key,
             "copy": r.copy, "key_id": r.key_id, "layout": r.layout} for r in query]


# --- verification -------------------------------------------------------------------------

def _decoded(record: qr.QrRecord) -> dict:
    data = record.as_dict()
    data["copy_text"] = f"{record.copy}ª via"
    if record.kind in ("permit_card", "aux_card"):
        data["order_text"] = _order_text(record.number)
        data["cpf_masked"] = f"***.{record.person[:3]}.{record.person[3:]}-**" \
            if record.person else ""
        if record.kind == "permit_card":
            data["stand_number"] = record.ref or None
        else:
            data["auxiliary_id"] = record.ref
    else:
        data["serial"] = qr.sticker_serial(record.number)
        data["order_text"] = _order_text(record.ref) if record.ref else ""
    return data


def _permit_status(permit: Permit | None, on: dt.date) -> dict:
    if permit is None:
        return {"permit_found": False}
    return {"permit_found": True, "order_number": permit.order_number,
            "permit_status": permit.status, "permit_status_label": STATUS_LABELS[permit.status],
            "permit_valid_until": permit.valid_until,
            "permit_current": permit.status == "active" and permit.valid_until >= on}


def _card_status(record: qr.QrRecord, on: dt.date, problems: list[str]) -> dict:
    permit = Permit.get_or_none(Permit.order_number == record.number)
    status = _permit_status(permit, on)
    if permit is None:
        problems.append(f"Permissão nº {_order_text(record.number)} não existe neste banco.")
        return status
    if not status["permit_current"]:
        word = STATUS_LABELS[permit.status].lower() if permit.status != "active" else "vencida"
        problems.append(f"Permissão nº {_order_text(permit.order_number)} está {word}.")
    vehicle = permit.vehicle if permit.vehicle_id else None
    if record.kind == "permit_card":
        document, key = "card", str(record.number)
        if qr.cpf_middle(permit.holder.cpf) != record.person:
            problems.append("O permissionário atual não é o do cartão (permissão transferida).")
    else:
        document, key = "aux_card", str(record.ref)
        aux = AuxiliaryDriver.get_or_none(AuxiliaryDriver.id == record.ref)
        aux_ok = (aux is not None and aux.permit_id == permit.id and aux.active and
                  (aux.valid_until is None or aux.valid_until >= on))
        status["auxiliary_current"] = aux_ok
        if aux is not None:
            status["auxiliary_name"] = aux.person.name
        if not aux_ok:
            problems.append("A credencial do condutor auxiliar não está em vigor.")
        elif qr.cpf_middle(aux.person.cpf) != record.person:
            problems.append("O CPF do cartão não confere com o do condutor auxiliar.")
    if vehicle is None or vehicle.plate != record.plate:
        current = vehicle.plate_original if vehicle else "nenhum"
        problems.append(f"O veículo da permissão mudou (placa atual: {current}).")
    status["plate_now"] = vehicle.plate_original if vehicle else ""
    latest = latest_copy(document, key)
    status.update(latest_copy=latest, superseded=record.copy < latest)
    if record.copy < latest:
        problems.append(f"Via substituída: esta é a {record.copy}ª via; a última emitida é a "
                        f"{latest}ª.")
    return status


def _sticker_status(record: qr.QrRecord, on: dt.date, problems: list[str]) -> dict:
    serial = qr.sticker_serial(record.number)
    sticker = Sticker.get_or_none(Sticker.serial == serial)
    if sticker is None:
        problems.append(f"O selo {serial} não existe neste banco.")
        return {"sticker_found": False}
    status = {"sticker_found": True, "serial": serial, "sticker_status": sticker.status}
    if sticker.status != "issued":
        newer = Sticker.get_or_none(Sticker.replaces == sticker.id)
        status["replaced_by"] = newer.serial if newer else None
        problems.append(f"O selo {serial} foi cancelado" +
                        (f" e substituído pelo selo {newer.serial}." if newer else "."))
    inspection = sticker.inspection if sticker.inspection_id else None
    if inspection is not None:
        status["inspection_valid_until"] = inspection.valid_until
        permit = (Permit.select().where((Permit.vehicle == inspection.vehicle_id) &
                                        Permit.status.not_in(Permit.ENDED))
                  .order_by(Permit.issued_on.desc(), Permit.id.desc()).first())
        status.update(_permit_status(permit, on))
        if permit is None:
            problems.append("O veículo não serve nenhuma permissão em vigor.")
        elif not status["permit_current"]:
            word = STATUS_LABELS[permit.status].lower() if permit.status != "active" \
                else "vencida"
            problems.append(f"Permissão nº {_order_text(permit.order_number)} está {word}.")
    latest = latest_copy("sticker", serial)
    status.update(latest_copy=latest, superseded=record.copy < latest)
    if record.copy < latest:
        problems.append(f"Via substituída: esta é a {record.copy}ª via; a última emitida é a "
                        f"{latest}ª.")
    return status


def verify(text: str, *, on: dt.date | None = None) -> dict:
    """Check a QR text (as a USB reader types it). VALID: signature good, this município,
    not expired — with the decoded data and the current status in the database; `current`
    tells whether the database still backs it (permit active, latest copy, same vehicle...).
    INVALID: `reason` (malformed, unknown_key, bad_signature, other_municipio, expired) and
    a message in Portuguese."""
    on = on or dt.date.today()
    result = {"result": "INVALID", "valid": False, "current": False, "reason": None,
              "message": "", "data": None, "status": None, "problems": []}
    try:
        record = qr.verify(text, keys.public_keys())
    except qr.QrError as exc:
        result.update(reason=exc.reason, message=f"INVÁLIDO: {exc}.")
        return result
    data = _decoded(record)
    result["data"] = data
    if record.ibge != setup.settings().ibge_code:
        result.update(reason="other_municipio",
                      message=f"INVÁLIDO: {qr.QrError.REASONS['other_municipio']} "
                              f"(IBGE {record.ibge}).")
        return result
    problems: list[str] = []
    if record.kind in ("permit_card", "aux_card"):
        result["status"] = _card_status(record, on, problems)
    else:
        result["status"] = _sticker_status(record, on, problems)
    result["problems"] = problems
    if record.valid_until is not None and record.valid_until < on:
        result.update(reason="expired",
                      message=f"INVÁLIDO: {qr.QrError.REASONS['expired']} (validade "
                              f"{validators.format_date(record.valid_until)}).")
        return result
    result.update(result="VALID", valid=True, current=not problems)
    label = qr.KIND_LABELS[record.kind]
    what = data.get("serial") or data.get("order_text")
    result["message"] = (f"VÁLIDO: {label} nº {what}, {record.copy}ª via, assinatura "
                         "conferida" + (" e em dia no cadastro." if not problems else
                                        "; mas: " + " ".join(problems)))
    return result
