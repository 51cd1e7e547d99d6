"""The document each act on a permit leaves, from its history line (printing/permit_act.py
lays it out): the termo de transferência with both parties (SRM Art. 4 §9º, L1745 Art. 8 §1º),
the authorisation of an interruption and of its extension (PF Art. 11, SRM Art. 29), the
return to service, the termo de desistência (SRM Art. 12 §2º, PF Art. 12), the notification
of a sanction with its ground, period and appeal term (SRM Art. 49, L1745 Art. 19, PF Art. 38)
and the act of reinstatement. Every print is a numbered copy in the print log, audited, like
the other documents (document 'permit_act', key = the history line). What each act prints
is its own declaration (services/acts: `printed`, `content`); the helpers here lay out the
shared rows."""
from __future__ import annotations

import json


from ..domain import validators
from ..domain.errors import ValidationError
from ..domain.permit_status import PermitAction
from ..printing import permit_act
from ..store.connection import write_transaction
from ..store.models import Permit, PermitHistory, Person, Vehicle
from . import acts, permissions, setup
from .licensing import permits
from .register import stands
from .context import Actor
from .documents.acts import address_text
from .documents.common import (cnh_text, finish, log_copy, municipio_header, rg_text,
                               stand_text, vehicle_text)
from ..domain import wallclock

DOCUMENT = "permit_act"
AUTHORITY = "Autoridade competente"


def printed_names() -> dict[str, str]:
    """Permit history action -> the name of the document its act prints (services/acts)."""
    return {action: name for act in acts.registry().values()
            for action, name in act.printed.items()}


def __getattr__(name: str):
    if name == "PRINTED":  # read now: an act registered later prints too
        return printed_names()
    raise AttributeError(name)


def acts_of(permit_id) -> list[dict]:
    """The printable history lines of a permit, newest first."""
    names = printed_names()
    rows = (PermitHistory.select().where((PermitHistory.permit == permit_id) &
                                         PermitHistory.action.in_(list(names)))
            .order_by(PermitHistory.id.desc()))
    return [{"id": h.id, "action": h.action, "label": names[h.action],
             "effective_on": h.effective_on, "act_number": h.act_number,
             "text": f"{names[h.action]} de {validators.format_date(h.effective_on)}"
                     + (f" ({h.act_number})" if h.act_number else "")} for h in rows]


def latest_act(permit_id, actions=None) -> int | None:
    """The id of the newest printable line of the permit (of these actions)."""
    for row in acts_of(permit_id):
        if actions is None or row["action"] in actions:
            return row["id"]
    return None


def _line(history_id) -> PermitHistory:
    number = validators.positive_int(str(history_id).strip(), "Nº do ato", maximum=2**31 - 1)
    line = PermitHistory.get_or_none(PermitHistory.id == number)
    if line is None or line.action not in printed_names():
        raise ValidationError("Ato", f"não há ato de permissão nº {history_id} para imprimir.")
    return line


def _holder_at(line: PermitHistory) -> Person:
    """Who held the permit when the act was done (a later transfer changed the holder)."""
    later = (PermitHistory.select().where((PermitHistory.permit == line.permit_id) &
                                          (PermitHistory.action == PermitAction.TRANSFER) &
                                          (PermitHistory.id > line.id))
             .order_by(PermitHistory.id).first())
    if later is not None:
        return Person.get_by_id(json.loads(later.details)["from_holder_id"])
    return Person.get_by_id(line.permit.holder_id)


def _person_rows(person: Person, *, full: bool) -> tuple[tuple[str, str], ...]:
    rows = [("Nome", person.name), ("CPF", validators.format_cpf(person.cpf)),
            ("RG (cédula de identidade)", rg_text(person))]
    if full:
        rows += [("Nacionalidade", person.nationality), ("Profissão", person.profession),
                 ("CNH", cnh_text(person.id, long=True)),
                 ("Tipo sanguíneo e fator Rh", f"{person.blood_type}{person.rh_factor}"),
                 ("Endereço", address_text(person))]
    return tuple(rows)


def _vehicle_rows(vehicle: Vehicle | None) -> tuple[tuple[str, str], ...]:
    if vehicle is None:
        return (("Veículo", "—"),)
    return (("Placa", vehicle.plate_original),
            ("RENAVAM e chassi", f"{vehicle.renavam} · {vehicle.chassis}"),
            ("Identificação", vehicle_text(vehicle, long=True)))


def _stand_at(line: PermitHistory) -> str:
    """The permit's stand when the act was done: an ending act frees the place just before
    its own line (stands.release_place), so that line names it."""
    permit: Permit = line.permit
    released = (PermitHistory.select().where(
        (PermitHistory.permit == permit.id) & (PermitHistory.action == PermitAction.STAND_RELEASE) &
        (PermitHistory.id < line.id) & (PermitHistory.effective_on == line.effective_on))
        .order_by(PermitHistory.id.desc()).first())
    ending = acts.printed()[line.action].ends_permit
    if ending and permit.stand_id is None and released is not None:
        from ..store.models import Stand
        stand = Stand.get_or_none(Stand.id == json.loads(released.details)["stand_id"])
        if stand is not None:
            return f"{stands.label(stand.number)} — {stand.name} (vaga liberada)"
    return stand_text(permit, with_location=True) or "sem ponto"


def _permit_rows(line: PermitHistory) -> list[tuple[str, str]]:
    permit: Permit = line.permit  # its number is in the title
    return [("Expedida em", validators.format_date(permit.issued_on)),
            ("Validade", validators.format_date(permit.valid_until)),
            ("Ponto", _stand_at(line))]


def _act_rows(line: PermitHistory) -> list[tuple[str, str]]:
    day = validators.format_date(line.effective_on)
    rows = [("Ato e data", f"{line.act_number}, de {day}") if line.act_number else
            ("Data", day)]
    if line.reason:
        rows.append(("Motivo", line.reason))
    return rows


def profile_at(line: PermitHistory):
    """The law in force on the act's date: a reprint after an amendment cites what the act
    was made under, not today's text."""
    return setup.profile(line.effective_on)


def settings():
    return setup.settings()


def who(holder: Person) -> str:
    return f"**{holder.name}**, CPF {validators.format_cpf(holder.cpf)}"


# the helpers an act's content uses (services/acts/*.py: `doc.permit_rows(line)`...)
holder_at, person_rows, vehicle_rows = _holder_at, _person_rows, _vehicle_rows
permit_rows, act_rows = _permit_rows, _act_rows


def _content(line: PermitHistory, order: str) -> dict:
    """Title, opening, sections, clauses and signatures of the act of one history line,
    as the act that printed it says (services/acts/<act>.py `content`)."""
    import sys
    return acts.printed()[line.action].content(line, order, sys.modules[__name__])


def print_act(actor: Actor, history_id) -> dict:
    """The A4 document of one act on a permit; a numbered copy reserved here and issued
    (audited) when the file is written or the page printed (documents.confirm)."""
    permissions.require(actor, "print.termo")
    line = _line(history_id)
    with write_transaction():
        order = permits.as_dict(line.permit)["order_text"]
        content = _content(line, order)
        copy = log_copy(actor, DOCUMENT, str(line.id), "a4")
        copies = [{"key": str(line.id), "copy": copy, "order_number": line.permit.order_number}]
        data = permit_act.ActData(municipio=municipio_header(line.effective_on), copy=copy,
                                  dated=line.effective_on, printed_at=wallclock.now(),
                                  login=actor.login, **content)
    return {**finish(actor, DOCUMENT, copies, "a4", lambda: permit_act.render(data)),
            "label": printed_names()[line.action]}
