"""Grant of a permit from a deferred new-permit application (SRM Art. 8, PF Art. 7 §4, L1745
Art. 6): the applicant's vehicle, a stand with free places, the act number; with the cap full
the applicant goes to the waiting list instead. Offered from the application (its "Outorgar
permissão…", the fixed form ui/grant.ui, gui/dialogs/grant.py), not in the record's "Mais ▾"
menu; after it the clerk prints the card and the termo."""
from __future__ import annotations

from . import register
from .base import OWNER_RELATION_HELP, Act, optional_day, print_hint


@register
class Grant(Act):
    key = "grant"
    label, menu_text = "Outorgar permissão…", "&Outorgar permissão…"
    title = "Outorgar permissão"
    permission = "permit.grant"
    statuses = ()         # a new permit, from a deferred application
    order = 1             # first in `permit --help`
    offered_in = "application"
    audit = {"permit.grant": "Permissão outorgada"}
    prints = ("card", "termo")  # services/documents: print_cards, print_termo
    confirm, date_label, form = "Outorgar", "Data da outorga", "grant"
    cli_help = ("outorga a permissão de um requerimento deferido (sem vaga no limite, o "
                "requerente vai para a lista de espera)")
    cli_date_help = "data da outorga (padrão: hoje)"
    cli_preview = cli_pdf = cli_wrapped = False

    def run(self, actor, *, permit_id=None, auxiliary_id=None, **inputs):
        from ..licensing import permits
        get = inputs.get
        return permits.grant_permit(actor, holder_id=get("holder_id"),
                                    vehicle_id=get("vehicle_id"), stand_id=get("stand_id"),
                                    application_id=get("application_id"),
                                    fleet_owner=bool(get("fleet_owner")),
                                    act_number=get("act_number") or "",
                                    owner_relation=get("owner_relation"),
                                    on=optional_day(get("on"), self.date_label))

    def add_arguments(self, p):
        p.add_argument("protocol", metavar="PROTOCOLO")
        p.add_argument("--vehicle", required=True, metavar="PLACA",
                       help="placa do veículo do requerente (veja 'vehicle add')")
        p.add_argument("--stand", metavar="Nº", help="ponto com vaga (padrão: sem ponto por "
                                                     "enquanto)")
        p.add_argument("--act", default="", metavar="ATO", help="nº do ato de outorga")
        p.add_argument("--owner-relation", metavar="CÓDIGO", help=OWNER_RELATION_HELP)

    def cli_inputs(self, args):
        from ..licensing import applications
        from ..register import stands, vehicles
        app = applications.by_protocol(args.protocol)
        vehicle = vehicles.vehicle_by_plate(args.vehicle)
        stand_id = stands.get_by_number(args.stand).id if args.stand else None
        return {"holder_id": app.person_id, "vehicle_id": vehicle.id, "stand_id": stand_id,
                "application_id": app.id, "act_number": args.act,
                "owner_relation": args.owner_relation,
                "on": optional_day(args.date, self.date_label)}

    def done_lines(self, result, inputs):
        from ...domain import validators
        from ..register import stands
        if not result["granted"]:
            entry = result.get("waiting_list") or {}
            where = f" (posição {entry['position']})" if entry.get("position") else ""
            already = "já estava" if entry.get("already") else "foi inscrito(a)"
            return [f"{result['message']}.", f"Não há vaga: o requerente {already} na lista "
                                             f"de espera{where}."]
        stand = (f", {stands.label(result['stand_number'])}" if result.get("stand_number")
                 else "")
        lines = [f"Permissão nº {result['order_text']} outorgada a {result['holder_name']}"
                 f"{stand}, válida até {validators.format_date(result['valid_until'])}.",
                 print_hint(self.prints, result["order_number"])]
        if result.get("next_called"):  # a place still free passes to the next (PF Art. 12 §ú)
            called = result["next_called"]
            lines.append(f"Convocado(a) em seguida da lista de espera: {called['person_name']}, "
                         f"até {validators.format_date(called['call_deadline'])}.")
        return lines
