"""More acts the window offers, by command (issue 37 item 3): a vehicle's insurance and the
declared replacement, a sticker voided or reissued, and the município's settings of the
Configurações page that had no command — the same services as the window:

    vehicle insurance PLACA [--insurer --policy --cover --insurance-expiry]
    vehicle declare PLACA                       (PF Art. 17 §4º)
    inspection void-sticker|reissue-sticker SELO --reason ...
    settings brasao ARQUIVO|--remove | sticker-size LARGURA ALTURA | verifier-age DIAS
    settings backups --keep-daily N --keep-monthly N --automatic sim|nao
    person photo CPF ARQUIVO                    the 3×4 photo, already framed (JPEG or PNG)
    report list | report KEY [--from --to] [--stand N] -o ARQUIVO.csv|.xlsx|.pdf
"""
from __future__ import annotations

from .common import EXIT_OK, actor, command_group, database, emit, json_flag

INSURANCE = (("--insurer", "insurer", "seguradora"), ("--policy", "insurance_policy",
                                                     "nº da apólice"),
             ("--cover", "insurance_cover", "cobertura por pessoa, ex.: 10.000,00"),
             ("--insurance-expiry", "insurance_expiry", "seguro válido até dd/mm/aaaa"))


def register(sub) -> None:
    vehicle = command_group(sub, "vehicle", "veículos: cadastrar, consultar, substituir",
                            "vehicle_command")
    p = vehicle.add_parser("insurance", help="corrige ou renova o seguro do veículo (só os "
                                             "campos informados)")
    p.add_argument("plate", metavar="PLACA")
    for flag, key, text in INSURANCE:
        p.add_argument(flag, dest=f"ins_{key}", metavar="VALOR", help=text)
    json_flag(p)
    p.set_defaults(handler=cmd_vehicle_act)
    p = vehicle.add_parser("declare", help="registra a declaração de substituição do veículo "
                                           "que se aproxima do limite de idade, onde a lei a "
                                           "pede (PF Art. 17 §4º)")
    p.add_argument("plate", metavar="PLACA")
    json_flag(p)
    p.set_defaults(handler=cmd_vehicle_act)

    inspection = command_group(sub, "inspection", "vistorias: registrar, checklist",
                               "inspection_command")
    for name, what in (("void-sticker", "cancela um selo (perdido, danificado, mal "
                                        "impresso); o nº nunca volta a ser usado"),
                       ("reissue-sticker", "emite um novo selo para a mesma vistoria, "
                                           "cancelando o anterior")):
        p = inspection.add_parser(name, help=what)
        p.add_argument("serial", metavar="SELO", help="nº do selo")
        p.add_argument("--reason", required=True, metavar="MOTIVO")
        json_flag(p)
        p.set_defaults(handler=cmd_sticker)

    settings = _second_words(sub, "settings")  # cli/municipio.py's group
    p = settings.add_parser("brasao", help="o brasão do município nos cartões, selos e "
                                           "documentos (PNG ou JPEG)")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("image", nargs="?", metavar="ARQUIVO")
    which.add_argument("--remove", action="store_true", help="remove o brasão")
    json_flag(p)
    p.set_defaults(handler=cmd_municipio_setting)
    p = settings.add_parser("sticker-size", help="tamanho do selo de vistoria, em mm")
    p.add_argument("width", metavar="LARGURA")
    p.add_argument("height", metavar="ALTURA")
    json_flag(p)
    p.set_defaults(handler=cmd_municipio_setting)
    p = settings.add_parser("verifier-age", help="por quantos dias a lista do verificador "
                                                 "offline vale nos celulares")
    p.add_argument("days", metavar="DIAS")
    json_flag(p)
    p.set_defaults(handler=cmd_municipio_setting)
    p = settings.add_parser("backups", help="quantas cópias de segurança guardar e a cópia "
                                            "automática ao abrir o programa")
    p.add_argument("--keep-daily", required=True, metavar="N", help="cópias diárias (1 a 366)")
    p.add_argument("--keep-monthly", required=True, metavar="N",
                   help="cópias mensais (0 a 120)")
    p.add_argument("--automatic", required=True, choices=("sim", "nao"),
                   help="uma cópia ao abrir o programa quando a última tiver mais de 24 horas")
    json_flag(p)
    p.set_defaults(handler=cmd_municipio_setting)
    _register_more(sub)


def _register_more(sub) -> None:
    person = command_group(sub, "person", "uma pessoa: cadastro, CNH, dados (LGPD)",
                           "person_command")
    p = person.add_parser("photo", help="grava a foto 3×4 da pessoa (JPEG ou PNG já "
                                        "enquadrado, até 2 MB)")
    p.add_argument("cpf", metavar="CPF")
    p.add_argument("image", metavar="ARQUIVO")
    json_flag(p)
    p.set_defaults(handler=cmd_photo)

    p = sub.add_parser("report", help="os relatórios da página Relatórios: 'report list', ou "
                                      "um relatório gravado em CSV, XLSX ou PDF")
    p.add_argument("key", metavar="RELATÓRIO", help="o relatório (veja 'report list')")
    p.add_argument("--from", dest="start", metavar="DD/MM/AAAA", help="início do período")
    p.add_argument("--to", dest="end", metavar="DD/MM/AAAA", help="fim do período")
    p.add_argument("--stand", metavar="Nº", help="só um ponto (onde o relatório permite)")
    p.add_argument("-o", "--output", metavar="ARQUIVO.csv|.xlsx|.pdf",
                   help="grava o relatório; o formato vem da extensão")
    json_flag(p)
    p.set_defaults(handler=cmd_report)


def cmd_photo(args) -> int:
    from pathlib import Path

    from ..domain import input_limits
    from ..services.register import persons
    with database(args):
        person = persons.person_by_cpf(args.cpf)
        image = input_limits.read_bytes(Path(args.image), input_limits.PHOTO_SOURCE)
        result = persons.update_person(actor(args), person.id, {"photo": image})
    emit(args, result, [f"Foto de {result['name']} gravada."])
    return EXIT_OK


def cmd_report(args) -> int:
    from pathlib import Path

    from ..domain.errors import ValidationError
    from ..services.views import reports
    from .common import output_path
    if args.key == "list":
        emit(args, [{"key": k.key, "title": k.title, "period": k.uses_period,
                     "stand": k.uses_stand} for k in reports.KINDS],
             [f"{k.key:<20} {k.title}" + (" (--from/--to)" if k.uses_period else "")
              for k in reports.KINDS])
        return EXIT_OK
    output = output_path(args.output)
    fmt = output.suffix.lower().lstrip(".") if output else None
    if output is not None and fmt not in (*reports.FORMATS, "pdf"):
        raise ValidationError("-o", "use um arquivo .csv, .xlsx ou .pdf.")
    with database(args, read_only=output is None):
        acting = actor(args)
        report = reports.run(args.key, start=args.start, end=args.end,
                             stand_number=args.stand, actor=acting)
        if output is not None:
            report = reports.complete(report, actor=acting)
            if fmt == "pdf":
                reports.print_report(acting, report, path=Path(output))
            else:
                reports.export(acting, report, fmt, path=Path(output))
    lines = [f"{report['title']} — {report['period']}: {report['total']} linha(s)."]
    lines += [f"  {line}" for line in _summary_lines(report["summary"])]
    if output is not None:
        lines.append(f"Gravado em {output}.")
    emit(args, {k: v for k, v in report.items() if output is None or k != "rows"}, lines)
    return EXIT_OK


def _summary_lines(summary) -> list[str]:
    return [str(line) for line in summary or []]


def _second_words(sub, name: str):
    """The second words of a command another module made with its own subparsers."""
    import argparse
    return next(a for a in sub.choices[name]._actions
                if isinstance(a, argparse._SubParsersAction))


def cmd_vehicle_act(args) -> int:
    from ..domain.errors import DomainError
    from ..domain.validators import format_date
    from ..services.register import vehicles
    with database(args):
        vehicle = vehicles.vehicle_by_plate(args.plate)
        if args.vehicle_command == "insurance":
            data = {key: getattr(args, f"ins_{key}") for _f, key, _t in INSURANCE
                    if getattr(args, f"ins_{key}") is not None}
            if not data:
                raise DomainError("Informe ao menos um dado do seguro (ex.: --insurer, "
                                  "--insurance-expiry).")
            result = vehicles.update_insurance(actor(args), vehicle.id, data)
            lines = [f"Seguro do veículo {result['plate_original']}: {result['insurer']}, "
                     f"apólice {result['insurance_policy']}, válido até "
                     f"{format_date(result['insurance_expiry'])}."]
        else:
            result = vehicles.declare_replacement(actor(args), vehicle.id)
            lines = [f"Substituição do veículo {result['plate']} declarada em "
                     f"{format_date(result['declared_on'])} ({result['article']})"
                     + (" — fora do prazo." if result["late"] else ".")]
    emit(args, result, lines)
    return EXIT_OK


def cmd_sticker(args) -> int:
    from ..services.register import inspections
    with database(args):
        if args.inspection_command == "void-sticker":
            result = inspections.void_sticker(actor(args), args.serial, reason=args.reason)
            lines = [f"Selo nº {args.serial} cancelado."]
        else:
            result = inspections.reissue_sticker(actor(args), args.serial, reason=args.reason)
            lines = [f"Selo nº {args.serial} substituído pelo selo nº {result['serial']}; "
                     f"imprima com: print sticker {result['serial']} -o selo.pdf"]
    emit(args, result, lines)
    return EXIT_OK


def cmd_municipio_setting(args) -> int:
    from pathlib import Path

    from ..domain import input_limits
    from ..services.administration import backups
    from ..services import documents, setup
    from ..services.exchange import verifier
    command = args.settings_command
    with database(args):
        if command == "brasao":
            image = None if args.remove else input_limits.read_bytes(Path(args.image),
                                                                      input_limits.BRASAO)
            result = setup.set_brasao(actor(args), image)
            lines = ["Brasão gravado." if result["brasao"] else "Brasão removido."]
        elif command == "sticker-size":
            result = documents.set_sticker_size(actor(args), args.width, args.height)
            lines = [f"Selo de vistoria: {result['width_mm']} × {result['height_mm']} mm."]
        elif command == "verifier-age":
            result = verifier.set_max_age_days(actor(args), args.days)
            lines = [f"A lista do verificador vale {result['max_age_days']} dia(s)."]
        else:
            from ..domain.numbers import parse_int
            result = backups.set_retention(  # the ranges are the service's (store/backup.py)
                actor(args), parse_int(args.keep_daily, "Cópias diárias a manter"),
                parse_int(args.keep_monthly, "Cópias mensais a manter"),
                args.automatic == "sim")
            lines = [f"Cópias: {result['keep_daily']} diária(s), {result['keep_monthly']} "
                     "mensal(is), cópia automática "
                     + ("ligada." if result["automatic"] else "desligada.")]
    emit(args, result, lines)
    return EXIT_OK
