"""Renewal of a permit (SRM Art. 51: 5 years; PF Art. 2 §3: yearly; L1745 Art. 9: by 31
March, then 30 days with a late fine, then the permit lapses): the new validity, the fee and
any late fine (`terms`: the window's preview). Offered by the record's own "Renovar…" button (the supervisor, with the act;
the clerk files a renewal application instead: services/views/counter.py), not in the
"Mais ▾" menu."""
from __future__ import annotations

from ...domain.permit_status import PermitStatus
from . import register
from .base import Act, optional_day, permit_by_number


@register
class Renew(Act):
    key = "renew"
    label, menu_text = "Renovar…", "&Renovar…"
    title = "Renovar permissão"
    permission = "permit.renew"
    # the widest list; the wording of the law says which apply (statuses_on)
    statuses = (PermitStatus.ACTIVE, PermitStatus.EXPIRED, PermitStatus.SUSPENDED)
    order = 2             # after grant in `permit --help`
    offered_in = "record_button"
    audit = {"permit.renew": "Permissão renovada"}
    confirm, date_label = "Renovar", "Data da renovação"
    cli_help = "renova a permissão (prazo, taxa e multa de atraso da lei)"
    cli_date_help = "data da renovação (padrão: hoje)"
    cli_preview = cli_pdf = cli_wrapped = False

    def statuses_on(self, profile):
        from ...domain import permit_rules
        return permit_rules.renewable_statuses(profile)

    def terms(self, permit_id, *, on=None) -> dict:
        """The renewal's preview in the window (its form, the record's button state): the
        new validity, the fee and any late fine, the debts that would refuse it; raises the
        rule's refusal (too early, lapsed, ended permit) as the renewal itself would."""
        from ...domain import permit_rules, wallclock
        from ...domain.errors import DebtRefusal, DomainError
        from ...domain.money import format_money, units_to_cents
        from .. import setup
        from ..licensing import permits
        from ..payments import fees
        from ..views import lookup
        on = on or wallclock.today()
        profile = setup.profile(on)
        permit = lookup.get_permit(permit_id)
        if permit.status not in self.statuses_on(profile):
            raise DomainError(f"Permissão nº {lookup.permit_number(permit)} está "
                              f"{permits.STATUS_LABELS[permit.status].lower()}: não é possível "
                              "renovar.")
        terms = permit_rules.renewal_terms(profile, permit.valid_until, on)
        charges = []
        fee_key = profile.application("renewal").fee_key
        rule = profile.fees.get(fee_key) if fee_key else None
        unit_cents = setup.fiscal_unit_value_cents(on.year)
        if rule is not None:
            charges.append({"label": rule.label, "article": rule.article,
                            "amount_text": format_money(units_to_cents(rule.units,
                                                                       unit_cents))})
        if terms.late_fine_units:
            charges.append({"label": "Multa por renovação fora do prazo",
                            "article": profile.renewal.article, "amount_text": format_money(
                                units_to_cents(terms.late_fine_units, unit_cents))})
        try:  # the debts that would refuse it, shown before the clerk confirms (issue 36)
            fees.check_no_debts(permit.holder_id, "a renovação", renewal=True, on=on)
            blocking = None
        except DebtRefusal as exc:
            blocking = {"person_id": exc.person_id, "debts": exc.debts, "message": str(exc)}
        return {"permit_id": permit.id, "order_number": permit.order_number,
                "valid_until": permit.valid_until, "new_valid_until": terms.new_valid_until,
                "charges": charges, "article": profile.renewal.article, "blocking": blocking}

    def run(self, actor, *, permit_id=None, auxiliary_id=None, **inputs):
        from ..licensing import permits
        get = inputs.get
        return permits.renew_permit(actor, permit_id, act_number=get("act_number") or "",
                                    on=optional_day(get("on"), self.date_label),
                                    application_id=get("application_id"))

    def add_arguments(self, p):
        p.add_argument("permit", metavar="PERMISSAO")
        p.add_argument("--act", default="", metavar="ATO")

    def cli_inputs(self, args):
        permit = permit_by_number(args.permit)
        return {"permit_id": permit.id, "act_number": args.act,
                "on": optional_day(args.date, self.date_label)}

    def describe(self, result):
        from ...domain.validators import format_date
        return (f"Permissão nº {result['order_text']} renovada até "
                f"{format_date(result['valid_until'])}.")

    def done_lines(self, result, inputs):
        return [self.describe(result)]
