"""The licensing path from the command line (issue 15 item 5), so that a município made by
`init` runs its service through commands only: file an application and decide it, grant
the permit, register the vehicle, record its inspection, record an infraction notice and
apply the sanction it leads to. The same services as the window, so the same refusals
(with the article) and the same audit.

    application file CPF --type TIPO [--permit N] [--received all|CÓDIGO,...] [--notes]
    application list [--status S] [--cpf CPF] | show PROTOCOLO | types [TIPO]
    application receive PROTOCOLO [CÓDIGO ...] [--all] [--undo]
    application move PROTOCOLO em_analise|pendente|arquivado [--reason]
    application decide PROTOCOLO deferido|indeferido [--reason]
    permit grant PROTOCOLO --vehicle PLACA [--stand N] [--act ATO] [--owner-relation CÓDIGO]
    permit renew PERMISSÃO          (both made from services/acts/grant.py, renew.py)
    vehicle add CPF --plate ... | vehicle show PLACA
    vehicle substitute PERMISSÃO PLACA [--act ATO] [--owner-relation CÓDIGO]
    inspection record PLACA --kind annual|semiannual|on_demand [--fail CÓDIGO] [--na CÓDIGO]
    inspection items [--kind K]
    notice record --permit N|--cpf CPF --infraction CÓDIGO --at "DD/MM/AAAA HH:MM" ...
    notice infractions [TEXTO]
    sanction list PERMISSÃO | sanction apply PERMISSÃO REGRA [--act ATO]
"""
from __future__ import annotations

from .common import (EXIT_OK, actor, command_group, database, emit, json_flag, subcommands)
from ..domain import wallclock

MOVES = ("em_analise", "pendente", "arquivado")
DECISIONS = ("deferido", "indeferido")
KINDS = ("annual", "semiannual", "on_demand")
VEHICLE_OPTIONS = (("--plate", "plate", "placa, ABC-1234 ou ABC1D23", True),
                   ("--renavam", "renavam", "RENAVAM (11 dígitos)", True),
                   ("--chassis", "chassis", "chassi (17 caracteres)", True),
                   ("--make", "make", "marca", True), ("--model", "model", "modelo", True),
                   ("--year", "manufacture_year", "ano de fabricação (CRLV)", True),
                   ("--model-year", "model_year", "ano do modelo (padrão: o de fabricação)",
                    False),
                   ("--cc", "cc", "cilindradas", True), ("--colour", "colour", "cor", False),
                   ("--insurer", "insurer", "seguradora", False),
                   ("--policy", "insurance_policy", "nº da apólice", False),
                   ("--cover", "insurance_cover", "cobertura por pessoa, ex.: 10.000,00",
                    False),
                   ("--insurance-expiry", "insurance_expiry", "seguro válido até dd/mm/aaaa",
                    False))


def register(sub) -> None:
    # the text is the grant's own (services/acts/base.py), shared with `vehicle substitute`
    from ..services.acts.base import OWNER_RELATION_HELP
    app = sub.add_parser("application", help="requerimentos: protocolar, documentos, "
                                             "andamento, decisão")
    app = subcommands(app, "application_command")
    p = app.add_parser("file", help="protocola um requerimento (nº AAAA/NNNNNN)")
    p.add_argument("cpf", metavar="CPF")
    p.add_argument("--type", required=True, dest="app_type", metavar="TIPO",
                   help="new_permit, renewal, transfer, vehicle_substitution, stand_change, "
                        "interruption, withdrawal, auxiliary_driver, card_second_copy "
                        "(veja 'application types')")
    p.add_argument("--permit", metavar="PERMISSÃO", help="a permissão do pedido (exceto nova "
                                                         "permissão)")
    p.add_argument("--received", metavar="all|CÓDIGO,...",
                   help="documentos entregues agora: all ou os códigos separados por vírgula")
    p.add_argument("--notes", default="", help="observações")
    json_flag(p)
    p.set_defaults(handler=cmd_application)
    p = app.add_parser("list", help="requerimentos, do mais novo ao mais antigo")
    p.add_argument("--status", choices=(*MOVES, *DECISIONS, "protocolado"))
    p.add_argument("--cpf", metavar="CPF")
    json_flag(p)
    p.set_defaults(handler=cmd_application)
    p = app.add_parser("show", help="um requerimento: documentos e histórico")
    p.add_argument("protocol", metavar="PROTOCOLO")
    json_flag(p)
    p.set_defaults(handler=cmd_application)
    p = app.add_parser("types", help="os tipos de requerimento que a lei prevê e seus "
                                     "documentos")
    p.add_argument("app_type", nargs="?", metavar="TIPO")
    json_flag(p)
    p.set_defaults(handler=cmd_application)
    p = app.add_parser("receive", help="marca documentos como entregues (ou --undo)")
    p.add_argument("protocol", metavar="PROTOCOLO")
    p.add_argument("codes", nargs="*", metavar="CÓDIGO")
    p.add_argument("--all", action="store_true", help="todos os documentos da lista")
    p.add_argument("--undo", action="store_true", help="desmarca")
    json_flag(p)
    p.set_defaults(handler=cmd_application)
    p = app.add_parser("move", help="andamento: em análise, pendente (com motivo), arquivado "
                                    "(com motivo)")
    p.add_argument("protocol", metavar="PROTOCOLO")
    p.add_argument("status", choices=MOVES)
    p.add_argument("--reason", default="", metavar="MOTIVO")
    json_flag(p)
    p.set_defaults(handler=cmd_application)
    p = app.add_parser("decide", help="decisão do supervisor: deferido (todos os documentos "
                                      "obrigatórios entregues) ou indeferido (com motivo)")
    p.add_argument("protocol", metavar="PROTOCOLO")
    p.add_argument("status", choices=DECISIONS)
    p.add_argument("--reason", default="", metavar="MOTIVO")
    json_flag(p)
    p.set_defaults(handler=cmd_application)

    command_group(sub, "permit", "atos da permissão: outorgar, renovar, transferir, "
                                          "interromper, sanções, restabelecer", "permit_command")
    # `permit grant` and `permit renew` are made from their declarations (services/acts/
    # grant.py, renew.py) with the other acts (cli/permit_acts.py); the group is made here,
    # where `--help` lists it

    vehicle = command_group(sub, "vehicle", "veículos: cadastrar, consultar, substituir",
                            "vehicle_command")
    p = vehicle.add_parser("add", help="cadastra a motocicleta de uma pessoa (diz se ela "
                                       "pode servir hoje: idade, cilindradas, seguro)")
    p.add_argument("cpf", metavar="CPF", help="CPF do proprietário")
    for flag, key, text, required in VEHICLE_OPTIONS:
        p.add_argument(flag, dest=f"v_{key}", required=required, metavar="VALOR", help=text)
    json_flag(p)
    p.set_defaults(handler=cmd_vehicle)
    p = vehicle.add_parser("show", help="um veículo: limite de idade, vistoria, avisos")
    p.add_argument("plate", metavar="PLACA")
    json_flag(p)
    p.set_defaults(handler=cmd_vehicle)
    p = vehicle.add_parser("substitute", help="substitui o veículo da permissão (regras de "
                                              "substituição da lei: mais novo, mesma "
                                              "capacidade, autorização prévia); o antigo é "
                                              "baixado")
    p.add_argument("permit", metavar="PERMISSAO")
    p.add_argument("plate", metavar="PLACA", help="placa do novo veículo (veja 'vehicle add')")
    p.add_argument("--act", default="", metavar="ATO", help="nº do ato que autorizou a "
                                                           "substituição")
    p.add_argument("--owner-relation", metavar="CÓDIGO", help=OWNER_RELATION_HELP)
    p.add_argument("--date", metavar="DD/MM/AAAA", help="data da substituição (padrão: hoje)")
    json_flag(p)
    p.set_defaults(handler=cmd_vehicle)

    inspection = command_group(sub, "inspection", "vistorias: registrar, checklist",
                               "inspection_command")
    p = inspection.add_parser("record", help="registra a vistoria; os itens não citados "
                                             "estão conformes; aprovada, dá o nº do selo")
    p.add_argument("plate", metavar="PLACA")
    p.add_argument("--kind", required=True, choices=KINDS,
                   help="annual (vistoria anual), semiannual (inspeção semestral), "
                        "on_demand (extraordinária)")
    p.add_argument("--fail", action="append", default=[], metavar="CÓDIGO",
                   help="item não conforme (repetível; veja 'inspection items')")
    p.add_argument("--na", action="append", default=[], metavar="CÓDIGO",
                   help="item que não se aplica (repetível)")
    p.add_argument("--date", metavar="DD/MM/AAAA", help="data da vistoria (padrão: hoje)")
    p.add_argument("--notes", default="", help="observações")
    json_flag(p)
    p.set_defaults(handler=cmd_inspection)
    p = inspection.add_parser("items", help="o checklist da lei para cada tipo de vistoria")
    p.add_argument("--kind", choices=KINDS)
    json_flag(p)
    p.set_defaults(handler=cmd_inspection)

    notice = command_group(sub, "notice", "autos de infração: lavrar, catálogo",
                           "notice_command")
    p = notice.add_parser("record", help="lavra um auto de infração (SRM Art. 35): multa e "
                                         "pontos da lei")
    who = p.add_mutually_exclusive_group(required=True)
    who.add_argument("--permit", metavar="PERMISSÃO", help="nº da permissão autuada")
    who.add_argument("--cpf", metavar="CPF", help="sem permissão: a pessoa autuada")
    p.add_argument("--infraction", required=True, metavar="CÓDIGO",
                   help="código do catálogo (veja 'notice infractions')")
    p.add_argument("--at", required=True, metavar="DD/MM/AAAA HH:MM",
                   help="data e hora da infração")
    p.add_argument("--place", required=True, metavar="LOCAL")
    p.add_argument("--agent", required=True, metavar="NOME", help="nome do agente")
    p.add_argument("--registration", required=True, metavar="MATRÍCULA",
                   help="matrícula do agente")
    p.add_argument("--description", default="", metavar="TEXTO")
    p.add_argument("--plate", default="", metavar="PLACA",
                   help="placa (padrão: a do veículo da permissão)")
    p.add_argument("--aux", metavar="Nº", help="credencial do condutor auxiliar infrator "
                                               "(veja 'aux list')")
    p.add_argument("--signed", action="store_true",
                   help="o infrator assinou (vale como notificação pessoal, onde a lei "
                        "admite a notificação pessoal)")
    p.add_argument("--notified-on", metavar="DD/MM/AAAA", help="data da notificação")
    p.add_argument("--channel", choices=("in_person", "post", "gazette"),
                   help="meio da notificação (só os que a lei admite)")
    p.add_argument("--fine-units", metavar="N", help="multa em unidades fiscais, onde a lei "
                                                     "dá uma faixa (L1745 Art. 17 II)")
    p.add_argument("--date", metavar="DD/MM/AAAA", help="data do registro (padrão: hoje)")
    json_flag(p)
    p.set_defaults(handler=cmd_notice)
    p = notice.add_parser("infractions", help="o catálogo de infrações da lei")
    p.add_argument("text", nargs="*", metavar="TEXTO", help="filtra por código ou palavra")
    json_flag(p)
    p.set_defaults(handler=cmd_notice)

    sanction = command_group(sub, "sanction", "sanções propostas pela contagem de autos "
                                              "(PF Art. 37 II, SRM Art. 38): ver, aplicar",
                             "sanction_command")
    p = sanction.add_parser("list", help="as sanções que a lei propõe para a permissão")
    p.add_argument("permit", metavar="PERMISSAO")
    json_flag(p)
    p.set_defaults(handler=cmd_sanction)
    p = sanction.add_parser("apply", help="aplica a sanção proposta (depois do prazo de "
                                          "defesa)")
    p.add_argument("permit", metavar="PERMISSAO")
    p.add_argument("rule", metavar="REGRA", help="a regra da proposta (veja 'sanction list')")
    p.add_argument("--act", default="", metavar="ATO", help="nº da portaria/decreto")
    p.add_argument("--date", metavar="DD/MM/AAAA")
    json_flag(p)
    p.set_defaults(handler=cmd_sanction)


def _date(text, field: str):
    from ..domain import validators
    return validators.parse_date(text, field) if text else None


def _permit(text):
    from ..domain import validators
    from ..services.licensing import permits
    return permits.by_order_number(validators.positive_int(
        str(text).strip(), "Nº da permissão", maximum=2**31 - 1))


# --- applications ----------------------------------------------------------------------------

def _app_lines(a: dict, *, full: bool = False) -> list[str]:
    received = sum(1 for c in a["checklist"] if c["received"])
    lines = [f"Protocolo {a['protocol']} — {a['type_label']} — {a['person_name']}: "
             f"{a['status_label']} (documentos {received} de {len(a['checklist'])})"]
    if full:
        for c in a["checklist"]:
            mark = "x" if c["received"] else " "
            lines.append(f"  [{mark}] {c['code']}: {c['text'][:90]}"
                         + ("" if c["mandatory"] else " (facultativo)"))
        for h in a["history"]:
            lines.append(f"  {h['at']:%d/%m/%Y %H:%M} → {h['to']}"
                         + (f": {h['reason']}" if h["reason"] else ""))
    return lines


def _codes(app: dict, codes: list[str], every: bool) -> list[str]:
    from ..domain.errors import DomainError
    if every:
        return [c["code"] for c in app["checklist"]]
    wanted = [c.strip() for text in codes for c in text.split(",") if c.strip()]
    if not wanted:
        raise DomainError("Informe os códigos dos documentos ou --all (veja "
                          "'application show').")
    return wanted


def cmd_application(args) -> int:
    from ..domain.errors import DomainError
    from ..services.licensing import applications
    from ..services.register import persons
    from ..services import setup
    command = args.application_command
    with database(args):
        if command == "types":
            return _types(args, applications, setup)
        if command == "list":
            person_id = persons.person_by_cpf(args.cpf).id if args.cpf else None
            rows = applications.list_applications(status=args.status, person_id=person_id)
            emit(args, rows, [line for a in rows for line in _app_lines(a)]
                 or ["Nenhum requerimento."])
            return EXIT_OK
        if command == "file":
            person = persons.person_by_cpf(args.cpf)
            permit_id = _permit(args.permit).id if args.permit else None
            if args.app_type not in applications.TYPE_LABELS:
                raise DomainError(f"Tipo de requerimento: '{args.app_type}' não existe; use "
                                  + ", ".join(applications.TYPE_LABELS) + ".")
            profile = setup.profile_today()
            checklist = {item.code for item in profile.application(args.app_type).checklist}
            received = []
            if args.received:  # checked before the protocol is taken: nothing half-written
                received = (sorted(checklist) if args.received.strip() == "all" else
                            [c.strip() for c in args.received.split(",") if c.strip()])
                unknown = [c for c in received if c not in checklist]
                if unknown:
                    raise DomainError(f"Documento: '{unknown[0]}' não faz parte da lista "
                                      f"deste requerimento ({', '.join(sorted(checklist))}).")
            # the protocol and the documents, or nothing (one transaction)
            app = applications.file_application(actor(args), person.id, args.app_type,
                                                permit_id=permit_id, notes=args.notes,
                                                received=received)
            # what the window shows as soon as the person is chosen (CNH, age, bars)
            app["blockers"] = applications.blockers(person.id, args.app_type)
            emit(args, app, ["Requerimento protocolado:", *_app_lines(app),
                             *(f"Atenção: {text}" for text in app["blockers"])])
            return EXIT_OK
        app = applications.as_dict(applications.by_protocol(args.protocol))
        if command == "show":
            emit(args, app, _app_lines(app, full=True))
            return EXIT_OK
        if command == "receive":
            app = applications.set_checklist_items(actor(args), app["id"],
                                                   _codes(app, args.codes, args.all),
                                                   received=not args.undo)
            emit(args, app, _app_lines(app))
            return EXIT_OK
        app = applications.change_status(actor(args), app["id"], args.status,
                                         reason=args.reason)
    lines = _app_lines(app)
    if app["status"] == "deferido" and app["type"] == "new_permit":
        lines.append(f"Outorgue com: permit grant {app['protocol']} --vehicle PLACA "
                     "[--stand Nº] [--act ATO]")
    emit(args, app, lines)
    return EXIT_OK


def _types(args, applications, setup) -> int:
    profile = setup.profile_today()
    codes = [args.app_type] if args.app_type else list(applications.TYPE_LABELS)
    data, lines = [], []
    for code in codes:
        if code not in applications.TYPE_LABELS:
            from ..domain.errors import DomainError
            raise DomainError(f"Tipo de requerimento: '{code}' não existe.")
        kind = profile.application(code)
        if not kind.allowed and not args.app_type:
            continue
        data.append({"type": code, "label": applications.TYPE_LABELS[code],
                     "allowed": kind.allowed, "article": kind.article,
                     "checklist": [{"code": i.code, "text": i.text, "mandatory": i.mandatory,
                                    "article": i.article} for i in kind.checklist]})
        lines.append(f"{code}: {applications.TYPE_LABELS[code]}"
                     + (f" ({kind.article})" if kind.article else "")
                     + ("" if kind.allowed else " — a lei do município não prevê"))
        lines += [f"  {i.code}: {i.text[:90]}" + ("" if i.mandatory else " (facultativo)")
                  for i in kind.checklist]
    emit(args, data, lines)
    return EXIT_OK


# --- vehicles -------------------------------------------------------------------------------

def _vehicle_lines(v: dict) -> list[str]:
    from ..domain.validators import format_date
    lines = [f"Veículo {v['plate_original']} (cadastro nº {v['id']}): {v['make']} {v['model']} "
             f"{v['manufacture_year']}/{v['model_year']}, {v['cc']} cc"
             + (f", {v['colour']}" if v.get("colour") else ""),
             f"  serve até {format_date(v['age_limit'])}" if v.get("age_limit") else ""]
    lines += [f"  Atenção: {w}" for w in v.get("warnings", [])]
    return [line for line in lines if line]


def cmd_vehicle(args) -> int:
    from ..services.register import persons, vehicles
    with database(args):
        if args.vehicle_command == "show":
            vehicle = vehicles.as_dict(vehicles.vehicle_by_plate(args.plate))
            emit(args, vehicle, _vehicle_lines(vehicle))
            return EXIT_OK
        if args.vehicle_command == "substitute":
            return _substitute(args, vehicles)
        data = {key: getattr(args, f"v_{key}") for _f, key, _t, _r in VEHICLE_OPTIONS
                if getattr(args, f"v_{key}") is not None}
        data.setdefault("model_year", data.get("manufacture_year"))
        owner = persons.person_by_cpf(args.cpf)
        vehicle = vehicles.register_vehicle(actor(args), owner.id, data)
    emit(args, vehicle, ["Veículo cadastrado:", *_vehicle_lines(vehicle)])
    return EXIT_OK


def _substitute(args, vehicles) -> int:
    """The SubstituteDialog's act: the service refuses what the window refuses (SRM Art. 19
    §2º, PF Art. 17 §1º, L1745 Art. 11; the owner rule; debts; a vehicle in use)."""
    permit = _permit(args.permit)
    new = vehicles.vehicle_by_plate(args.plate)
    result = vehicles.substitute(actor(args), permit.id, new.id, act_number=args.act,
                                 owner_relation=args.owner_relation,
                                 on=_date(args.date, "Data da substituição"))
    from ..domain.permit_rules import format_order_number
    from ..services import setup
    order = format_order_number(setup.profile_today(), result["order_number"])
    emit(args, result, [f"Veículo da permissão nº {order} substituído: "
                        f"{result['old_plate']} (baixado) → {result['new_plate']}.",
                        *_vehicle_lines(result["vehicle"])])
    return EXIT_OK


# --- inspections ----------------------------------------------------------------------------

def cmd_inspection(args) -> int:
    from ..domain import inspection_rules as rules
    from ..domain.errors import ValidationError
    from ..services.register import inspections, vehicles
    from ..services import setup
    with database(args):
        profile = setup.profile_today()
        if args.inspection_command == "items":
            kinds = [args.kind] if args.kind else [k for k in KINDS
                                                   if k in rules.profile_kinds(profile)]
            data = {k: [{"code": i.code, "text": i.text, "article": i.article}
                        for i in rules.checklist(profile, k)] for k in kinds}
            lines = []
            for kind, items in data.items():
                lines.append(f"{kind}: {rules.KIND_LABELS[kind]}")
                lines += [f"  {i['code']}: {i['text'][:90]} ({i['article']})" for i in items]
            emit(args, data, lines)
            return EXIT_OK
        vehicle = vehicles.vehicle_by_plate(args.plate)
        codes = ([i.code for i in rules.checklist(profile, args.kind)]
                 if args.kind in rules.profile_kinds(profile) else [])
        results = dict.fromkeys(codes, "pass")
        for word, given in (("fail", args.fail), ("na", args.na)):
            for code in given:
                if code not in results:
                    raise ValidationError("Itens da vistoria", f"o item '{code[:60]}' não faz "
                                          "parte deste checklist (veja 'inspection items').")
                results[code] = word
        on = _date(args.date, "Data da vistoria")
        data = {"kind": args.kind, "inspected_on": on or wallclock.today(),
                "results": results, "notes": args.notes}
        result = inspections.record_inspection(actor(args), vehicle.id, data)
    verdict = "APROVADA" if result["approved"] else "REPROVADA (veículo fora de circulação)"
    lines = [f"Vistoria nº {result['id']} do veículo {vehicle.plate_original}: {verdict}."]
    if result.get("sticker_serial"):
        from ..domain.validators import format_date
        lines.append(f"Selo nº {result['sticker_serial']}, válido até "
                     f"{format_date(result['valid_until'])}; imprima com: print sticker "
                     f"{result['sticker_serial']} -o selo.pdf")
    emit(args, result, lines)
    return EXIT_OK


# --- notices, sanctions ---------------------------------------------------------------------

def cmd_notice(args) -> int:
    from ..services import ledger, setup
    from ..services.register import persons
    with database(args):
        profile = setup.profile_today()
        if args.notice_command == "infractions":
            text = " ".join(args.text).lower()
            rows = [{"code": i.code, "article": i.article, "text": i.text,
                     "class": i.class_code, "measure": i.measure}
                    for i in profile.infractions
                    if not text or text in f"{i.code} {i.text}".lower()]
            emit(args, rows, [f"{r['code']:<10} {r['class']:<10} {r['article']}: "
                              f"{r['text'][:80]}" for r in rows] or ["Nenhuma infração."])
            return EXIT_OK
        data = {"infraction_code": args.infraction, "occurred_at": args.at,
                "place": args.place, "description": args.description,
                "agent_name": args.agent, "agent_registration": args.registration,
                "infractor_signed": args.signed, "plate": args.plate,
                "notified_on": args.notified_on, "notification_channel": args.channel or "",
                "fine_units": args.fine_units}
        if args.permit:
            data["permit_id"] = _permit(args.permit).id
        else:
            data["holder_id"] = persons.person_by_cpf(args.cpf).id
        if args.aux:
            from ..domain import validators
            data["auxiliary_id"] = validators.positive_int(args.aux, "Condutor auxiliar",
                                                           maximum=2**31 - 1)
        notice = ledger.record_notice(actor(args), data, on=_date(args.date, "Data"))
    lines = [f"Auto de infração nº {notice['number']} — {notice['infractor_name']}: "
             f"{notice['article']}, {notice['fine_text']}, {notice['points']} ponto(s)."]
    if notice.get("defence_deadline"):
        from ..domain.validators import format_date
        lines.append(f"Defesa até {format_date(notice['defence_deadline'])}.")
    emit(args, notice, lines)
    return EXIT_OK


def cmd_sanction(args) -> int:
    from ..domain.validators import format_date
    from ..services.ledger import sanctions
    with database(args):
        permit = _permit(args.permit)
        if args.sanction_command == "list":
            rows = sanctions.proposals(permit.id)
            lines = []
            for p in rows:
                state = ("aplicada" if p["applied"] else "pronta para aplicar" if p["ready"]
                         else "aguardando o contraditório: " + ", ".join(p["waiting_for"]))
                lines.append(f"{p['rule_key']}: {p['label']} ({p['article']}) — "
                             f"{p['explanation']['text']} [{state}]")
            emit(args, rows, lines or ["Nenhuma sanção proposta para esta permissão."])
            return EXIT_OK
        applied = sanctions.apply_sanction(actor(args), permit.id, args.rule,
                                           act_number=args.act,
                                           on=_date(args.date, "Data"))
    until = f" até {format_date(applied['until'])}" if applied.get("until") else ""
    emit(args, applied, [f"{applied['label']} aplicada à permissão nº {args.permit}{until} "
                         f"({applied['article']})."])
    return EXIT_OK
