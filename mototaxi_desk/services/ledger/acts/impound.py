"""Impounding the vehicle of a notice (a measure of the catalogue; SRM Arts. 46-47,
L1745 Art. 8 §2º): place of deposit, date and time, police report."""
from __future__ import annotations

from .. import impounds
from . import register
from .base import LedgerAct, notice_argument


def impound_line(row: dict) -> str:
    state = ("apreendido" if row["status"] == "held" else
             f"liberado em {row['released_at']:%d/%m/%Y %H:%M}")
    return (f"Apreensão nº {row['id']}: veículo {row['plate']} em {row['place']} desde "
            f"{row['deposited_at']:%d/%m/%Y %H:%M} ({row['article']}), {state}")


@register
class Impound(LedgerAct):
    key = button = form = "impound"
    label, title = "Apreender veículo…", "Apreender veículo"
    permission = "impound.record"
    order = 80
    button_row = 1
    audit = {"impound.record": "Veículo apreendido"}
    cli_group, cli_name = "impound", "record"
    cli_help = ("apreende o veículo do auto (medida do catálogo): local de depósito, data e "
                "hora, boletim")

    def ready(self, state):
        return not state.held and bool(state.notice["plate"])

    def run(self, actor, *, notice_id=None, **inputs):
        return impounds.impound_vehicle(actor, notice_id=notice_id, place=inputs["place"],
                                        deposited_at=inputs["deposited_at"],
                                        boletim=inputs.get("boletim", ""))

    def done_text(self, result, inputs):
        return f"Veículo {result['plate']} apreendido ({result['article']})."

    def add_arguments(self, p):
        notice_argument(p)
        p.add_argument("--place", required=True, metavar="LOCAL", help="local de depósito")
        p.add_argument("--at", required=True, metavar="DD/MM/AAAA HH:MM",
                       help="data e hora do depósito")
        p.add_argument("--boletim", default="", metavar="Nº", help="boletim de ocorrência")

    def cli_inputs(self, args):
        return {**super().cli_inputs(args), "place": args.place, "deposited_at": args.at,
                "boletim": args.boletim}

    def done_lines(self, result, inputs):
        return [f"Veículo {result['plate']} apreendido ({result['article']}): apreensão "
                f"nº {result['id']}.", impound_line(result)]
