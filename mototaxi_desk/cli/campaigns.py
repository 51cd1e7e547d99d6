"""Recadastramento campaigns (issue 21 item 2): `campaign create|list|status|attend|letter`."""
from __future__ import annotations

from pathlib import Path

from .common import (EXIT_OK, actor, command_group, database, emit, json_flag, whole_number,
                     write_file)
from ..domain import wallclock


def register(sub) -> None:
    group = command_group(sub, "campaign", "campanhas de recadastramento: criar, acompanhar, "
                                           "registrar o comparecimento", "campaign_command")
    p = group.add_parser("create", help="cria uma campanha (supervisor ou administrador)")
    p.add_argument("name", metavar="NOME")
    p.add_argument("--year", required=True, metavar="AAAA", help="ano da campanha")
    p.add_argument("--by", choices=("plate", "permit"), default="plate",
                   help="chama pelo final da placa (padrão) ou por faixas de nº de alvará")
    p.add_argument("--schedule", default="", metavar="CALENDARIO",
                   help="final:mês separados por vírgula (\"1:2, 2:3, ..., 0:11\"; vazio: "
                        "final 1 em fevereiro ... 0 em novembro) ou início-fim:mês "
                        "(\"1-50:3, 51-100:4\")")
    p.add_argument("--act", default="", help="nº do ato que convoca (decreto, portaria)")
    json_flag(p)
    p.set_defaults(handler=cmd_create)

    p = group.add_parser("list", help="lista as campanhas")
    json_flag(p)
    p.set_defaults(handler=cmd_list)

    p = group.add_parser("status", help="quem está chamado, compareceu ou faltou numa data")
    p.add_argument("campaign", metavar="CAMPANHA", help="nº da campanha (veja campaign list)")
    p.add_argument("--date", metavar="DD/MM/AAAA", help="data da situação (padrão: hoje)")
    p.add_argument("--only", choices=("due", "came", "missed", "later", "unscheduled"),
                   help="só uma situação")
    json_flag(p)
    p.set_defaults(handler=cmd_status)

    p = group.add_parser("attend", help="registra que o permissionário compareceu e teve os "
                                        "dados conferidos")
    p.add_argument("campaign", metavar="CAMPANHA")
    p.add_argument("permit", metavar="PERMISSAO", help="nº de ordem da permissão")
    p.add_argument("--date", metavar="DD/MM/AAAA", help="dia do comparecimento (padrão: hoje)")
    p.add_argument("--note", default="", help="observação")
    json_flag(p)
    p.set_defaults(handler=cmd_attend)

    p = group.add_parser("letter", help="grava em PDF as cartas de convocação dos chamados "
                                        "num mês")
    p.add_argument("campaign", metavar="CAMPANHA")
    p.add_argument("--month", type=whole_number, metavar="MES",
                   help="mês (padrão: o da data de hoje)")
    p.add_argument("-o", "--output", required=True, metavar="ARQUIVO.pdf")
    json_flag(p)
    p.set_defaults(handler=cmd_letter)


def _date(text):
    from ..domain import validators
    return validators.parse_date(text, "Data") if text else wallclock.today()


def cmd_create(args) -> int:
    from ..services.messaging import campaigns
    with database(args):
        made = campaigns.create(actor(args), name=args.name, year=args.year,
                                kind="plate_digit" if args.by == "plate" else "permit_range",
                                schedule=args.schedule, act_number=args.act)
    emit(args, made, [f"Campanha {made['id']} criada: {made['name']} ({made['year']}), "
                      f"por {made['kind_label']}.", *[f"  {x}" for x in made["schedule_lines"]]])
    return EXIT_OK


def cmd_list(args) -> int:
    from ..services.messaging import campaigns
    with database(args):
        rows = campaigns.list_campaigns()
    emit(args, rows, [f"{r['id']:>4}  {r['year']}  {r['name']} — por {r['kind_label']}: "
                      f"{r['schedule']}" for r in rows] or ["Nenhuma campanha."])
    return EXIT_OK


def cmd_status(args) -> int:
    from ..domain import validators
    from ..services.messaging import campaigns
    number = validators.positive_int(args.campaign, "Campanha", maximum=999_999_999)
    on = _date(args.date)
    with database(args):
        result = campaigns.status(number, on=on, only=args.only)
    c, counts = result["campaign"], result["counts"]
    lines = [f"{c['name']} ({c['year']}) em {on:%d/%m/%Y}: {counts['due']} chamado(s) no mês, "
             f"{counts['came']} compareceram, {counts['missed']} faltaram, "
             f"{counts['later']} ainda não chamados.",
             f"Falta: {result['missed_rule']['label']}"
             + (f" ({result['missed_rule']['article']})" if result["missed_rule"]["article"]
                else "") + "."]
    lines += [f"  {r['order_text']:>6}  {r['plate']:<8} {r['person_name']:<40} "
              f"{r['month_label']:<10} {r['status_label']}"
              + (f" em {r['came_on']:%d/%m/%Y}" if r["came_on"] else "")
              for r in result["rows"]]
    emit(args, result, lines)
    return EXIT_OK


def cmd_attend(args) -> int:
    from ..domain import validators
    from ..services.messaging import campaigns
    from ..services.licensing import permits
    number = validators.positive_int(args.campaign, "Campanha", maximum=999_999_999)
    order = validators.positive_int(args.permit, "Permissão", maximum=999_999_999)
    on = _date(args.date)
    with database(args):
        permit = permits.by_order_number(order)
        result = campaigns.attend(actor(args), number, permit.id, on=on, note=args.note)
    emit(args, result, [f"Comparecimento da permissão nº {order} registrado em "
                        f"{on:%d/%m/%Y}."])
    return EXIT_OK


def cmd_letter(args) -> int:
    from ..domain import validators
    from ..services import documents
    number = validators.positive_int(args.campaign, "Campanha", maximum=999_999_999)
    month = validators.positive_int(args.month, "Mês", maximum=12) \
        if args.month is not None else None
    with database(args):
        pdf, count = documents.print_campaign_letters(actor(args), number, month=month)
    write_file(Path(args.output), pdf)
    emit(args, {"file": args.output, "letters": count},
         [f"{count} carta(s) de convocação gravada(s) em {args.output}."])
    return EXIT_OK
