"""The auto de infração and the impound release receipt (penalty ledger, issue 4)."""
from __future__ import annotations

import json

from ...domain import validators
from ...domain.errors import DomainError, ValidationError
from ...domain.money import format_units
from ...printing import notices
from ...store.connection import write_transaction
from ...store.models import Impound, InfractionNotice
from .. import ledger, setup
from ..context import Actor
from .common import (
    finish,
    log_copy,
    may_print,
    municipio_header,
    number_field,
    order_text,
)
from ...domain import wallclock


def _notice_by_number(value):
    """'12/2026', '00012/2026' or '12' (this year)."""
    text = str(value or "").strip()
    number_text, _, year_text = text.partition("/")
    number = number_field(number_text, "Nº do auto de infração")
    year = (validators.year(year_text, "Ano do auto de infração") if year_text
            else wallclock.today().year)
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
    may_print(actor, "print.notice")
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
        copy = log_copy(actor, "notice", key, "a4")
        data = notices.NoticeData(
            municipio=municipio_header(profile=profile), number=key, voided=notice.status == "voided",
            void_text=notice.void_reason, holder=notice.holder.name,
            order_text=order_text(notice.permit.order_number, profile) if notice.permit_id else "",
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
            where_to_file=f"Protocolo da {municipio_header(profile=profile).title}, por requerimento "
                          f"escrito, citando o auto nº {key}",
            copy=copy, printed_at=wallclock.now(), login=actor.login)
        copies = [{"key": key, "copy": copy}]
    return finish(actor, "notice", copies, "a4", lambda: notices.render_notice(data))


def print_release(actor: Actor, key) -> dict:
    """The impound release receipt with each amount; KEY: the notice number (NNNNN/AAAA)
    of the impound, or the impound number."""

    may_print(actor, "print.release")
    text = str(key or "").strip()
    with write_transaction():
        if "/" in text:
            notice = _notice_by_number(text)
            row = (Impound.select().where(Impound.notice == notice.id)
                   .order_by(Impound.id.desc()).first())
            if row is None:
                raise ValidationError("Apreensão", f"o auto nº {text} não tem apreensão.")
        else:
            number = number_field(text, "Nº da apreensão")
            row = Impound.get_or_none(Impound.id == number)
            if row is None:
                raise ValidationError("Apreensão", f"apreensão nº {text} não existe.")
        if row.status != "released":
            raise DomainError(f"O veículo {row.plate} ainda não foi liberado: não há recibo.")
        receipt = json.loads(row.receipt or "{}")
        lines = [notices.ReleaseLine(x.get("label", ""), x.get("receipt", ""),
                                     x.get("amount_text", "")) for x in receipt.get("lines", [])]
        copy = log_copy(actor, "release", str(row.id), "a4")
        profile = setup.profile(on=row.released_at.date())  # the receipt's own date
        data = notices.ReleaseData(
            municipio=municipio_header(profile=profile), impound_number=str(row.id),
            notice_number=ledger.number_text(row.notice) if row.notice_id else "",
            person=row.person.name,
            order_text=order_text(row.permit.order_number, profile) if row.permit_id else "",
            plate=row.plate, reason=row.reason, place=row.place,
            deposited_at=row.deposited_at, boletim=row.boletim, released_at=row.released_at,
            release_reason=receipt.get("reason", row.release_reason),
            storage_days=row.storage_days, article=row.release_article,
            total=receipt.get("total_text", "R$ 0,00"), copy=copy,
            printed_at=wallclock.now(), login=actor.login, lines=lines)
        copies = [{"key": str(row.id), "copy": copy}]
    return finish(actor, "release", copies, "a4", lambda: notices.render_release(data))
