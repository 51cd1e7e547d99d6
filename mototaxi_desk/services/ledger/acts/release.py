"""Releasing an impounded vehicle: by payment (fines already paid, removal and storage paid
now, the permit shown) or on the other grounds the law provides (SRM Arts. 46-48; L1745
Art. 8 §§2º-3º). It prints the release receipt."""
from __future__ import annotations

from ....domain import validators
from ....domain.errors import ValidationError
from ....domain.profile_vocabulary import RELEASE_REASONS
from .. import impounds
from . import register
from .base import LedgerAct, notice_by_number


def impound_id(text) -> int:
    """An impound by its number, or the impound of a notice (NNNNN/AAAA): the held one, else
    the last."""
    raw = str(text or "").strip()
    if "/" not in raw:
        return impounds.get_impound(validators.positive_int(
            raw, "Nº da apreensão", maximum=2**31 - 1)).id
    notice = notice_by_number(raw)
    rows = [i for i in impounds.for_person(notice.holder_id) if i["notice_id"] == notice.id]
    if not rows:
        raise ValidationError("Apreensão", f"o auto nº {raw} não tem apreensão.")
    held = [i for i in rows if i["status"] == "held"]
    return (held or rows)[-1]["id"]


def release_arguments(p, *, release: bool) -> None:
    """The arguments of `impound release` (and, without the release's own, `impound quote`)."""
    p.add_argument("impound", metavar="Nº|NNNNN/AAAA",
                   help="nº da apreensão ou o auto de infração dela")
    p.add_argument("--at", required=True, metavar="DD/MM/AAAA HH:MM",
                   help="data e hora da liberação")
    p.add_argument("--removal", metavar="VALOR", help="despesas de remoção em R$, ex.: "
                                                      "150,00")
    if release:
        p.add_argument("--reason", default="payment", choices=RELEASE_REASONS,
                       help="payment (pagamento das multas e despesas), fault_corrected "
                            "(falha corrigida), maintenance (liberação para manutenção)")
        p.add_argument("--removal-receipt", default="", metavar="Nº",
                       help="recibo da remoção")
        p.add_argument("--storage-receipt", default="", metavar="Nº",
                       help="recibo da estadia")
        p.add_argument("--permit-shown", action="store_true",
                       help="o permissionário exibiu o alvará de permissão")


@register
class Release(LedgerAct):
    key = button = form = "release"
    label, title, confirm = "Liberar veículo…", "Liberar veículo", "Liberar"
    permission = "impound.release"
    active_only = False
    order = 90
    button_row = 1
    audit = {"impound.release": "Veículo liberado"}
    document = "Recibo de liberação"
    print_button = ("print_release", "Imprimir recibo de liberação")
    cli_group, cli_actor_first = "impound", True
    cli_help = ("libera o veículo: pelo pagamento (multas já pagas, remoção e estadia pagas "
                "agora, alvará exibido) ou pelos outros motivos que a lei prevê")

    def ready(self, state):
        return bool(state.held)

    def run(self, actor, *, notice_id=None, **inputs):
        return impounds.release_vehicle(
            actor, inputs["impound"], released_at=inputs["released_at"],
            reason=inputs["reason"], removal=inputs.get("removal"),
            removal_receipt=inputs.get("removal_receipt", ""),
            storage_receipt=inputs.get("storage_receipt", ""),
            permit_shown=inputs.get("permit_shown", False))

    def done_text(self, result, inputs):
        return (f"Veículo {result['plate']} liberado; total "
                f"{result['receipt'].get('total_text', 'R$ 0,00')}. Imprima o recibo.")

    def can_print(self, state):
        return bool(state.released) and super().can_print(state)

    def print_document(self, actor, state):
        if not state.released:
            return None
        from ...documents import print_release
        return print_release(actor, str(state.released[-1]["id"]))

    def add_arguments(self, p):
        release_arguments(p, release=True)

    def cli_inputs(self, args):
        return {"impound": impound_id(args.impound), "released_at": args.at,
                "reason": args.reason, "removal": args.removal,
                "removal_receipt": args.removal_receipt,
                "storage_receipt": args.storage_receipt, "permit_shown": args.permit_shown}

    def done_lines(self, result, inputs):
        receipt = result["receipt"]
        lines = [f"Veículo {result['plate']} liberado ({receipt.get('reason', '')}); total "
                 f"{receipt.get('total_text', 'R$ 0,00')}."]
        lines += [f"  {x['label']}: {x['amount_text']}"
                  + (f" (recibo {x['receipt']})" if x.get("receipt") else "")
                  for x in receipt.get("lines", [])]
        lines.append(f"Imprima o recibo com: print release {result['id']} -o recibo.pdf")
        return lines
