"""The recadastramento call letters (issue 21 item 2): one A4 page per holder called in a
month of a campaign (services/messaging/campaigns.py) who has not come yet."""
from __future__ import annotations

import datetime as dt

from ...domain import campaigns as C
from ...domain.errors import DomainError, ValidationError
from ...store.connection import write_transaction
from .. import audit, permissions
from ..messaging.campaigns import get, missed_rule, schedule_of, status
from ..context import Actor
from .common import municipio_header
from .signing import signed
from ...domain import wallclock


def print_campaign_letters(actor: Actor, campaign_id, *, month: int | None = None,
                 on: dt.date | None = None) -> tuple[bytes, int]:
    """The call letters (one A4 page each) of the holders called in `month` (the month of
    `on`, today) who have not come yet: (PDF, number of letters). Audited."""
    permissions.require(actor, "print.campaign_letter")
    on = on or wallclock.today()
    month = month or on.month
    if not 1 <= int(month) <= 12:
        raise ValidationError("Mês", f"{month} inválido (de 1 a 12).")
    from ...printing import campaign_letter
    row = get(campaign_id)
    rows = [r for r in status(row.id, on=on)["rows"]
            if r["month"] == month and r["status"] != C.CAME]
    if not rows:
        raise DomainError(f"Nenhum permissionário a convocar em {C.MONTHS_PT[month - 1]} "
                          f"na campanha '{row.name}'.")
    rule = missed_rule(on)  # the letters are dated `on`
    missed_text = {"nothing": "nenhuma; o cadastro fica pendente de atualização",
                   "alert": "o cadastro fica pendente de atualização (alerta no prontuário)",
                   "sanction": "sujeito a sanção"}[rule["missed"]]
    if rule["article"]:
        missed_text += f" ({rule['article']})"
    data = campaign_letter.LettersData(
        municipio=municipio_header(on), campaign=row.name, year=row.year,
        act_number=row.act_number, schedule_lines=tuple(schedule_of(row).lines()),
        missed_text=missed_text,
        letters=tuple(campaign_letter.Letter(
            holder=r["person_name"], order_text=r["order_text"], plate=r["plate"] or "—",
            month_label=f"{r['month_label']} de {row.year}", deadline=r["deadline"])
            for r in rows),
        issued_on=on, printed_at=wallclock.now(), login=actor.login)
    pdf = signed("campaign_letter", campaign_letter.render(data))
    with write_transaction():
        audit.record(actor, "campaign.letters", "campaign", row.id,
                     after={"month": month, "letters": len(rows),
                            "permits": [r["permit_id"] for r in rows]})
    return pdf, len(rows)
