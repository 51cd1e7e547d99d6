"""Voiding an auto de infração, and its correction (a reissue: voided and issued again with
the fields changed). The open fine, the sanctions and the impound resting on it are undone."""
from __future__ import annotations

from .. import notices
from . import register
from .base import LedgerAct, notice_argument

# notice reissue: option -> the field of the notice it changes
REISSUE_OPTIONS = (("--infraction", "infraction_code", "código do catálogo"),
                   ("--at", "occurred_at", "data e hora da infração, DD/MM/AAAA HH:MM"),
                   ("--place", "place", "local"), ("--description", "description", "ocorrência"),
                   ("--agent", "agent_name", "nome do agente"),
                   ("--registration", "agent_registration", "matrícula do agente"),
                   ("--plate", "plate", "placa"),
                   ("--fine-units", "fine_units", "multa em unidades fiscais, onde a lei dá "
                                                  "uma faixa"))


@register
class Void(LedgerAct):
    key = button = form = "void"
    label, title, confirm = "Anular…", "Anular auto de infração", "Anular"
    permission = "notice.void"
    order = 50
    audit = {"notice.void": "Auto de infração anulado", "charge.void": "Multa anulada",
             "sanction.undo": "Sanção desconstituída"}
    cli_group = "notice"
    cli_help = ("anula o auto; a multa em aberto, as sanções e a apreensão decorrentes são "
                "desfeitas")

    def run(self, actor, *, notice_id=None, **inputs):
        return notices.void_notice(actor, notice_id, reason=inputs["reason"])

    def done_text(self, result, inputs):
        refunds = result.get("refunds_due") or []
        return "Auto anulado." + (f" Restituição devida: "
                                  f"{', '.join(r['amount_text'] for r in refunds)}."
                                  if refunds else "")

    def add_arguments(self, p):
        notice_argument(p)
        p.add_argument("--reason", required=True, metavar="MOTIVO", help="motivo da anulação")

    def cli_inputs(self, args):
        return {**super().cli_inputs(args), "reason": args.reason}

    def done_lines(self, result, inputs):
        refunds = result.get("refunds_due") or []
        return ([f"Auto nº {result['number']} anulado."]
                + [f"Restituição devida: {r['amount_text']}." for r in refunds])


@register
class Reissue(LedgerAct):
    """Its form is the notice's entry form, filled with the notice (gui/dialogs/notice_entry)."""
    key = button = form = "reissue"
    label, title = "Corrigir (reemitir)…", "Corrigir auto de infração"
    permission = "notice.reissue"
    order = 60
    cli_group = "notice"
    cli_help = "corrige o auto: anula-o e emite outro com os campos alterados (só os informados)"

    def run(self, actor, *, notice_id=None, **inputs):
        return notices.reissue_notice(actor, notice_id, inputs["changes"],
                                      reason=inputs["reason"])

    def done_text(self, result, inputs):
        return f"Auto corrigido: emitido o auto nº {result['number']} em substituição."

    def add_arguments(self, p):
        notice_argument(p)
        p.add_argument("--reason", required=True, metavar="MOTIVO", help="motivo da correção")
        for flag, key, text in REISSUE_OPTIONS:
            p.add_argument(flag, dest=f"re_{key}", metavar="VALOR", help=text)

    def cli_inputs(self, args):
        changes = {key: getattr(args, f"re_{key}") for _f, key, _t in REISSUE_OPTIONS
                   if getattr(args, f"re_{key}") is not None}
        return {**super().cli_inputs(args), "changes": changes, "reason": args.reason}

    def done_lines(self, result, inputs):
        return [f"Auto nº {result['voided']} anulado e corrigido: emitido o auto nº "
                f"{result['number']} em substituição."]
