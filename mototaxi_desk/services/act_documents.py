"""The document each act on a permit leaves, from its history line (printing/permit_act.py
lays it out): the termo de transferência with both parties (SRM Art. 4 §9º, L1745 Art. 8 §1º),
the authorisation of an interruption and of its extension (PF Art. 11, SRM Art. 29), the
return to service, the termo de desistência (SRM Art. 12 §2º, PF Art. 12), the notification
of a sanction with its ground, period and appeal term (SRM Art. 49, L1745 Art. 19, PF Art. 38)
and the act of reinstatement. Every print is a numbered copy in the print log, audited, like
the other documents (document 'permit_act', key = the history line)."""
from __future__ import annotations

import datetime as dt
import json


from ..domain import validators
from ..domain.errors import ValidationError
from ..domain.money import format_money
from ..domain.penalty_engine import SANCTION_LABELS
from ..printing import permit_act
from ..store.connection import write_transaction
from ..store.models import Fee, Permit, PermitHistory, Person, Sanction, Vehicle
from . import permissions, setup
from .licensing import permits
from .register import stands
from .context import Actor
from .documents.acts import address_text
from .documents.common import (cnh_text, finish, log_copy, municipio_header, rg_text,
                               stand_text, vehicle_text)
from ..domain import wallclock

DOCUMENT = "permit_act"
PRINTED = {"transfer": "Termo de transferência", "interrupt": "Autorização de interrupção",
           "interrupt_extend": "Prorrogação da interrupção",
           "resume": "Registro de retorno ao serviço", "withdraw": "Termo de desistência",
           "suspend": "Notificação de suspensão", "revoke": "Notificação de revogação",
           "cassate": "Notificação de cassação", "reinstate": "Ato de restabelecimento"}
SANCTION_OF = {"suspend": "suspension", "revoke": "revocation", "cassate": "cassation"}
AUTHORITY = "Autoridade competente"
ENDING = ("withdraw", "revoke", "cassate")


def acts_of(permit_id) -> list[dict]:
    """The printable history lines of a permit, newest first."""
    rows = (PermitHistory.select().where((PermitHistory.permit == permit_id) &
                                         PermitHistory.action.in_(list(PRINTED)))
            .order_by(PermitHistory.id.desc()))
    return [{"id": h.id, "action": h.action, "label": PRINTED[h.action],
             "effective_on": h.effective_on, "act_number": h.act_number,
             "text": f"{PRINTED[h.action]} de {validators.format_date(h.effective_on)}"
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
    if line is None or line.action not in PRINTED:
        raise ValidationError("Ato", f"não há ato de permissão nº {history_id} para imprimir.")
    return line


def _holder_at(line: PermitHistory) -> Person:
    """Who held the permit when the act was done (a later transfer changed the holder)."""
    later = (PermitHistory.select().where((PermitHistory.permit == line.permit_id) &
                                          (PermitHistory.action == "transfer") &
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
        (PermitHistory.permit == permit.id) & (PermitHistory.action == "stand_release") &
        (PermitHistory.id < line.id) & (PermitHistory.effective_on == line.effective_on))
        .order_by(PermitHistory.id.desc()).first())
    if line.action in ENDING and permit.stand_id is None and released is not None:
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


def _sanction(line: PermitHistory) -> Sanction | None:
    return (Sanction.select().where((Sanction.permit == line.permit_id) &
                                    (Sanction.kind == SANCTION_OF[line.action]) &
                                    (Sanction.effective_on == line.effective_on))
            .order_by(Sanction.id.desc()).first())


def _content(line: PermitHistory, order: str) -> dict:
    """Title, opening, sections, clauses and signatures of the act of one history line,
    in the wording of the law in force on the act's date: a reprint after an amendment
    cites what the act was made under, not today's text."""
    profile = setup.profile(line.effective_on)
    permit: Permit = line.permit
    details = json.loads(line.details or "{}")
    holder = _holder_at(line)
    municipio = setup.settings()
    who = f"**{holder.name}**, CPF {validators.format_cpf(holder.cpf)}"
    vehicle = permit.vehicle if permit.vehicle_id else None
    action = line.action
    if action == "transfer":
        old = Person.get_by_id(details["from_holder_id"])
        new = Person.get_by_id(details["to_holder_id"])
        vehicle = Vehicle.get_or_none(Vehicle.id == details.get("to_vehicle_id"))
        t = profile.transfer
        death = bool(line.reason)
        opening = (f"O MUNICÍPIO DE {municipio.name.upper()}/{municipio.uf}, Poder Concedente, "
                   f"com a anuência da Administração ({t.article}), transfere a permissão nº "
                   f"{order} para a prestação do serviço de mototáxi de **{old.name}** "
                   f"(transferente) a **{new.name}** (novo permissionário)"
                   + (", por falecimento ou invalidez do permissionário" if death else "")
                   + ", pelo prazo que resta da permissão, nas condições abaixo.")
        fee = (Fee.select().where((Fee.permit == permit.id) & (Fee.code == t.fee_key) &
                                  (Fee.person == new.id))
               .order_by(Fee.id.desc()).first()) if t.fee_key else None
        clauses = [f"O novo permissionário cumpre os requisitos da permissão "
                   f"({profile.holder.article}) e fica sujeito a todas as exigências da lei."]
        if t.transferor_barred and not death:
            clauses.append(f"Ao transferente fica vedada nova outorga ({t.article}).")
        if fee is not None:
            clauses.append(f"Taxa: {fee.label} — {format_money(fee.amount_cents)}, lançada para "
                           f"o novo permissionário ({fee.article}).")
        clauses.append("O cartão do transferente perde a validade; emite-se cartão em nome "
                       "do novo permissionário.")
        return {"title": f"TERMO DE TRANSFERÊNCIA DA PERMISSÃO Nº {order}", "opening": opening,
                "sections": (("Da permissão", tuple(_permit_rows(line)
                                                    + _act_rows(line))),
                             ("Do transferente", _person_rows(old, full=False)),
                             ("Do novo permissionário", _person_rows(new, full=True)),
                             ("Do veículo", _vehicle_rows(vehicle))),
                "clauses": tuple(clauses),
                "signatures": ((AUTHORITY, f"Pelo Município de {municipio.name}"),
                               (old.name, "Transferente"), (new.name, "Novo permissionário"))}
    if action in ("interrupt", "interrupt_extend"):
        i = profile.interruption
        until = details.get("until")
        until = validators.format_date(dt.date.fromisoformat(until)) if until else ""
        extension = action == "interrupt_extend"
        opening = (f"A Administração Municipal, a pedido do permissionário {who}, e atendendo "
                   f"à conveniência do serviço ({i.article}), "
                   + ("prorroga a interrupção" if extension else "autoriza a interrupção")
                   + f" da prestação do serviço de mototáxi pela permissão nº {order}.")
        period = [("Período", (f"prorrogação de {details.get('days')} dia(s), até {until}"
                               if extension else
                               f"de {validators.format_date(line.effective_on)} a {until} "
                               f"({details.get('days')} dia(s))"))]
        clauses = ["Findo o prazo, o permissionário retoma a prestação do serviço; a vaga no "
                   "ponto é mantida."]
        for rule in profile.decisions:
            for ground in rule.grounds:
                if ("extend" if extension else "interrupt") in ground.warns:
                    clauses.append(f"{ground.text}: {rule.label.lower()} ({ground.article}).")
        return {"title": ("PRORROGAÇÃO DA INTERRUPÇÃO" if extension else
                          "AUTORIZAÇÃO DE INTERRUPÇÃO") + f" — PERMISSÃO Nº {order}",
                "opening": opening,
                "sections": (("Da interrupção", tuple(period + _act_rows(line))),
                             ("Da permissão", tuple(_permit_rows(line))),
                             ("Do permissionário", _person_rows(holder, full=False))),
                "clauses": tuple(clauses),
                "signatures": ((AUTHORITY, f"Pelo Município de {municipio.name}"),
                               (holder.name, "Permissionário(a), ciente"))}
    if action == "resume":
        return {"title": f"REGISTRO DE RETORNO AO SERVIÇO — PERMISSÃO Nº {order}",
                "opening": f"Registra-se o retorno à prestação do serviço de mototáxi do "
                           f"permissionário {who}, pela permissão nº {order}, que volta à "
                           "situação Ativa.",
                "sections": (("Do retorno", tuple(_act_rows(line))),
                             ("Da permissão", tuple(_permit_rows(line)))),
                "clauses": (), "signatures": (("", "Servidor(a) responsável"),
                                              (holder.name, "Permissionário(a)"))}
    if action == "withdraw":
        kind, wl = profile.application("withdrawal"), profile.waiting_list
        clauses = [f"A permissão é revertida ao Poder Público ({kind.article}), sem que a "
                   "desistência constitua direito de qualquer natureza ao desistente ou a "
                   "terceiros; o cartão de permissão deve ser devolvido.",
                   "As credenciais de condutor auxiliar da permissão ficam encerradas e a "
                   "vaga no ponto fica livre."]
        if wl.mode == "automatic":
            clauses.append(f"É convocado o próximo requerente da lista de espera "
                           f"({wl.article}).")
        return {"title": f"TERMO DE DESISTÊNCIA DA PERMISSÃO Nº {order}",
                "opening": f"O(A) permissionário(a) {who}, comunica formalmente à "
                           f"Administração Municipal ({kind.article}) sua desistência da "
                           f"permissão nº {order} para a prestação do serviço de mototáxi.",
                "sections": (("Da desistência", tuple(_act_rows(line))),
                             ("Da permissão", tuple(_permit_rows(line))),
                             ("Do permissionário", _person_rows(holder, full=False)),
                             ("Do veículo", _vehicle_rows(vehicle))),
                "clauses": tuple(clauses),
                "signatures": ((holder.name, "Permissionário(a) desistente"),
                               (AUTHORITY, f"Pelo Município de {municipio.name}"))}
    if action in SANCTION_OF:
        return _sanction_content(line, order, holder, who)
    # reinstate
    return {"title": f"ATO DE RESTABELECIMENTO DA PERMISSÃO Nº {order}",
            "opening": f"Fica restabelecida a permissão nº {order} para a prestação do serviço "
                       f"de mototáxi, de {who}, que volta à situação Ativa"
                       + (f" (estava {permits.STATUS_LABELS[line.from_status].lower()})"
                          if line.from_status in permits.STATUS_LABELS else "") + ".",
            "sections": (("Do restabelecimento", tuple(_act_rows(line))),
                         ("Da permissão", tuple(_permit_rows(line)))),
            "clauses": ("A sanção que mantinha a permissão fica desconstituída; impedimentos "
                        "dela decorrentes são levantados.",
                        "A vaga no ponto não volta automaticamente: a permissão é vinculada a "
                        "um ponto com vaga."),
            "signatures": ((AUTHORITY, f"Pelo Município de {municipio.name}"),
                           (holder.name, "Permissionário(a), ciente"))}


def _sanction_content(line: PermitHistory, order: str, holder: Person, who: str) -> dict:
    profile = setup.profile(line.effective_on)
    municipio = setup.settings()
    sanction = _sanction(line)
    kind = SANCTION_OF[line.action]
    explanation = json.loads(sanction.explanation or "{}") if sanction else {}
    rule = profile.decision(kind)
    label = explanation.get("label") or SANCTION_LABELS[kind]
    article = sanction.article if sanction else ""
    rows = [("Penalidade", label)]
    if explanation.get("ground_text"):
        rows.append(("Fundamento", f"{explanation['ground_text']} ({article})"))
    elif article:
        rows.append(("Fundamento", f"{explanation.get('text', '')} ({article})".strip()))
    rows += [row for row in _act_rows(line) if row[0] != "Motivo"]
    if explanation.get("text"):
        rows.append(("Motivo", explanation["text"]))
    elif line.reason:
        rows.append(("Motivo", line.reason))
    if line.action == "suspend" and line.permit.status_until:
        until = sanction.until if sanction and sanction.until else line.permit.status_until
        rows.append(("Período", f"de {validators.format_date(line.effective_on)} a "
                                f"{validators.format_date(until)}"))
    if explanation.get("authority") or rule is not None:
        rows.append(("Autoridade", explanation.get("authority") or rule.authority))
    clauses = []
    if line.action == "cassate":
        p = profile.permit
        if p.cassation_bar_forever:
            clauses.append(f"Ao permissionário punido com a cassação não será concedida nova "
                           f"permissão ({p.cassation_bar_article}).")
        elif p.cassation_bar_years:
            clauses.append(f"O permissionário só poderá obter outra permissão depois de "
                           f"{p.cassation_bar_years} anos da cassação "
                           f"({p.cassation_bar_article}).")
    if line.action in ("revoke", "cassate"):
        clauses.append("A permissão é revertida ao Poder Público: a vaga no ponto fica livre, "
                       "as credenciais de condutor auxiliar se encerram e o cartão de "
                       "permissão deve ser devolvido.")
    else:
        clauses.append("Durante a suspensão o permissionário não presta o serviço; cumprida "
                       "a suspensão, a permissão volta à situação Ativa.")
    d = profile.defence
    if d.appeal_days:
        clauses.append(f"Da decisão cabe recurso escrito e fundamentado no prazo de "
                       f"{d.appeal_days} dias a contar do recebimento desta notificação "
                       f"({d.appeal_article}).")
    return {"title": f"NOTIFICAÇÃO DE {label.upper()} Nº {order}",
            "opening": f"Fica o(a) permissionário(a) {who}, NOTIFICADO(A) da aplicação da "
                       f"penalidade de {label.lower()} à permissão nº {order}"
                       + (f", pelo ato {line.act_number}" if line.act_number else "")
                       + ", nos termos abaixo.",
            "sections": (("Da penalidade", tuple(rows)),
                         ("Da permissão", tuple(_permit_rows(line)))),
            "clauses": tuple(clauses),
            "signatures": ((AUTHORITY, f"Pelo Município de {municipio.name}"),
                           (holder.name, "Recebi esta notificação em ____/____/______"))}


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
        data = permit_act.ActData(municipio=municipio_header(), copy=copy,
                                  dated=line.effective_on, printed_at=wallclock.now(),
                                  login=actor.login, **content)
    return {**finish(actor, DOCUMENT, copies, "a4", lambda: permit_act.render(data)),
            "label": PRINTED[line.action]}
