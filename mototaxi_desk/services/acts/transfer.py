"""Transfer of the permit to another person (SRM Art. 4 §§8-9, L1745 Art. 8 §1º): the new
holder and his vehicle; the termo names both parties."""
from __future__ import annotations

from ...domain.errors import RuleRefusal, ValidationError
from ...domain.money import format_money
from ...domain.permit_status import PermitAction, PermitStatus
from ...store.models import Fee, Person, Vehicle
from ..licensing import permits
from . import register
from .base import Act, day, fee_lines, debts_lines


@register
class Transfer(Act):
    key = "transfer"
    label, menu_text = "Transferir permissão…", "&Transferir permissão…"
    title = "Transferência de permissão"
    permission = "permit.transfer"
    statuses = (PermitStatus.ACTIVE,)
    order, menu_group = 10, 0
    none_why = "Nenhuma permissão ativa para transferir."
    audit = {"permit.transfer": "Permissão transferida"}
    printed = {PermitAction.TRANSFER: "Termo de transferência"}
    print_note = ("Depois de confirmar, imprima o termo de transferência (assinam o "
                  "transferente, o novo permissionário e a autoridade) e o cartão do novo "
                  "permissionário.")
    confirm, date_label, form = "Transferir", "Data da transferência", "permit_transfer"
    cli_help = "transfere a permissão a outra pessoa"

    def law_refusal(self, profile):
        if not profile.transfer.allowed:
            return RuleRefusal("A lei do município não prevê transferência de permissão",
                               profile.transfer.article)
        return None

    def run(self, actor, *, permit_id=None, auxiliary_id=None, **inputs):
        get = inputs.get
        if not get("new_holder_id"):
            raise ValidationError("Novo permissionário", "informe o CPF do novo permissionário.")
        if not get("new_vehicle_id"):
            raise ValidationError("Veículo", "escolha o veículo do novo permissionário.")
        return permits.transfer_permit(actor, permit_id, new_holder_id=get("new_holder_id"),
                                       new_vehicle_id=get("new_vehicle_id"),
                                       on=day(get("on"), "Data da transferência"),
                                       on_death=bool(get("on_death")),
                                       act_number=get("act_number") or "",
                                       owner_relation=get("owner_relation"))

    def fees(self, profile):
        return fee_lines(profile.transfer.fee_key, "novo permissionário")

    def rules(self, profile, inputs):
        t = profile.transfer
        lines = [f"Transferência com a anuência da Administração ({t.article})."]
        if t.min_years_held:
            lines.append(f"A terceiros, só depois de {t.min_years_held} anos da expedição; por "
                         "falecimento ou invalidez do permissionário, ao cônjuge ou aos filhos "
                         f"a qualquer tempo ({t.article}).")
        if t.transferor_barred:
            lines.append(f"Ao transferente fica vedada nova outorga ({t.article}).")
        return lines + [f"O novo permissionário cumpre os requisitos da permissão "
                        f"({profile.holder.article}) e é o proprietário do veículo."] \
            + debts_lines(profile)

    def content(self, line, order, doc):
        import json
        profile = doc.profile_at(line)
        permit = line.permit
        details = json.loads(line.details or "{}")
        municipio = doc.settings()
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
                "sections": (("Da permissão", tuple(doc.permit_rows(line)
                                                    + doc.act_rows(line))),
                             ("Do transferente", doc.person_rows(old, full=False)),
                             ("Do novo permissionário", doc.person_rows(new, full=True)),
                             ("Do veículo", doc.vehicle_rows(vehicle))),
                "clauses": tuple(clauses),
                "signatures": ((doc.AUTHORITY, f"Pelo Município de {municipio.name}"),
                               (old.name, "Transferente"), (new.name, "Novo permissionário"))}

    def add_arguments(self, p):
        p.add_argument("permit", metavar="PERMISSAO")
        p.add_argument("--to", required=True, metavar="CPF", help="CPF do novo permissionário")
        p.add_argument("--vehicle", required=True, metavar="PLACA",
                       help="placa do veículo do novo permissionário")
        p.add_argument("--on-death", action="store_true",
                       help="por falecimento ou invalidez do permissionário")
        # the codes are domain.vehicle_rules.FAMILY_RELATIONS' (checked by the service; not
        # imported here, so parsing a command loads no rule module)
        p.add_argument("--owner-relation", metavar="PARENTESCO",
                       help="parentesco do proprietário do veículo com o novo permissionário, "
                            "onde a lei admite veículo de familiar (vehicle.owner_rule): "
                            "conjuge, pai_mae, filho, avo, neto, irmao, sogro, genro_nora, "
                            "cunhado")
        p.add_argument("--act", default="", metavar="ATO", help="nº do ato de anuência")

    def cli_inputs(self, args):
        from ..register import persons, vehicles
        return {**super().cli_inputs(args),
                "new_holder_id": persons.person_by_cpf(args.to).id,
                "new_vehicle_id": vehicles.vehicle_by_plate(args.vehicle).id,
                "on_death": args.on_death, "owner_relation": args.owner_relation}

    def done_lines(self, result, inputs):
        permit = result.get("permit", result)
        number = permit.get("order_text", permit.get("order_number"))
        return [f"Permissão nº {number} transferida para {permit['holder_name']}."]
