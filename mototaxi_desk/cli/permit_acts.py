"""The acts of a permit's life and the auxiliary driver's credential, as the prontuário's
"Mais ▾" menu does them (services/permit_actions: the same law, the same refusals):

    permit transfer|interrupt|extend|resume|desist|suspend|revoke|cassate|reinstate PERMISSÃO
    permit license PERMISSÃO [--card ARQUIVO.pdf]   the card's yearly licensing (SRM Art. 6 XX)
    permit grounds [suspend|revoke|cassate]     the grounds of the sanctions by decision
    permit acts PERMISSÃO                       the printable acts of a permit, with their nº
    permit print-act Nº -o ARQUIVO.pdf          print (again) the document of an act
    aux issue PERMISSÃO CPF | aux renew Nº | aux end Nº --reason ... | aux list PERMISSÃO
    aux cassate Nº --reason ... --act ...       the auxiliary's own credential (SRM Art. 38 IV
                                                and §3º, L1745 Art. 17 IV and §2º)

Every write command takes --preview (runs the act and rolls it back: the rule, the fee and
the consequences, or the refusal, exit 1), --date, and --pdf FILE (the act's document:
termo de transferência, autorização, termo de desistência, notificação...); `aux issue` and
`aux renew` take --card FILE (the auxiliary's card)."""
from __future__ import annotations

import argparse
from pathlib import Path

from .common import (EXIT_OK, EXIT_REFUSED, actor, command_group, database, emit, json_flag,
                     output_path, subcommands)

SANCTIONS = ("suspend", "revoke", "cassate")


def _common(p: argparse.ArgumentParser, *, pdf: bool = True) -> None:
    p.add_argument("--date", metavar="DD/MM/AAAA", help="data do ato (padrão: hoje)")
    p.add_argument("--preview", action="store_true",
                   help="mostra a regra, a taxa e as consequências sem gravar nada")
    if pdf:
        p.add_argument("--pdf", metavar="ARQUIVO.pdf", help="grava o documento do ato")
    json_flag(p)


def register(sub) -> None:
    acts = command_group(sub, "permit", "atos da permissão: outorgar, renovar, transferir, "
                                        "interromper, retomar, desistir, sanções por decisão, "
                                        "restabelecer", "permit_command")

    p = acts.add_parser("transfer", help="transfere a permissão a outra pessoa")
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
                        "onde a lei admite veículo de familiar (vehicle.owner_rule): conjuge, "
                        "pai_mae, filho, avo, neto, irmao, sogro, genro_nora, cunhado")
    p.add_argument("--act", default="", metavar="ATO", help="nº do ato de anuência")
    _common(p)

    p = acts.add_parser("interrupt", help="autoriza a interrupção do serviço")
    p.add_argument("permit", metavar="PERMISSAO")
    p.add_argument("--days", required=True, help="dias de interrupção")
    p.add_argument("--act", default="", metavar="ATO")
    p.add_argument("--reason", default="", metavar="MOTIVO")
    _common(p)

    p = acts.add_parser("extend", help="prorroga a interrupção em curso")
    p.add_argument("permit", metavar="PERMISSAO")
    p.add_argument("--days", required=True, help="dias de prorrogação")
    p.add_argument("--act", default="", metavar="ATO")
    _common(p)

    p = acts.add_parser("resume", help="registra o retorno ao serviço (interrupção ou "
                                       "suspensão)")
    p.add_argument("permit", metavar="PERMISSAO")
    p.add_argument("--reason", default="", metavar="MOTIVO")
    _common(p)

    p = acts.add_parser("desist", help="registra a desistência do permissionário")
    p.add_argument("permit", metavar="PERMISSAO")
    p.add_argument("--reason", default="Desistência do permissionário", metavar="MOTIVO")
    p.add_argument("--act", default="", metavar="ATO")
    _common(p)

    for name, what in (("suspend", "suspende"), ("revoke", "revoga"), ("cassate", "cassa")):
        p = acts.add_parser(name, help=f"{what} a permissão por decisão, num fundamento da lei "
                                       "(veja 'permit grounds')")
        p.add_argument("permit", metavar="PERMISSAO")
        p.add_argument("--ground", required=True, metavar="CÓDIGO", help="fundamento")
        p.add_argument("--reason", required=True, metavar="MOTIVO")
        p.add_argument("--act", required=True, metavar="ATO", help="nº da portaria/decreto")
        p.add_argument("--notice", action="append", default=[], metavar="NNNNN/AAAA",
                       help="auto de infração em que a sanção se apoia (repetível)")
        if name == "suspend":
            period = p.add_mutually_exclusive_group(required=True)
            period.add_argument("--days", help="dias de suspensão")
            period.add_argument("--until", metavar="DD/MM/AAAA", help="último dia suspenso")
        _common(p)

    p = acts.add_parser("license", help="licenciamento anual do cartão de permissão, com o "
                                        "permissionário presente (SRM Art. 6 XX, Art. 30 XXIV "
                                        "d): lança a taxa do cartão (Art. 47 I) e dá a nova "
                                        "validade; --card grava o novo cartão")
    p.add_argument("permit", metavar="PERMISSAO")
    p.add_argument("--act", default="", metavar="ATO", help="nº do protocolo ou ato")
    p.add_argument("--card", metavar="ARQUIVO.pdf", help="grava o novo cartão de permissão")
    p.add_argument("--sheet", choices=["a4"], help="cartão em folha A4")
    _common(p, pdf=False)

    p = acts.add_parser("reinstate", help="restabelece a permissão suspensa, revogada ou "
                                          "cassada (recurso ou defesa acolhidos)")
    p.add_argument("permit", metavar="PERMISSAO")
    p.add_argument("--reason", required=True, metavar="MOTIVO")
    p.add_argument("--act", default="", metavar="ATO")
    _common(p)

    p = acts.add_parser("grounds", help="fundamentos das sanções por decisão na lei do "
                                        "município")
    p.add_argument("sanction", nargs="?", choices=SANCTIONS)
    json_flag(p)

    p = acts.add_parser("acts", help="atos impressos da permissão (nº para print-act)")
    p.add_argument("permit", metavar="PERMISSAO")
    json_flag(p)

    p = acts.add_parser("print-act", help="imprime o documento de um ato da permissão")
    p.add_argument("act_id", metavar="Nº")
    p.add_argument("-o", "--output", required=True, metavar="ARQUIVO.pdf")
    json_flag(p)
    for parser in acts.choices.values():  # `permit grant|renew` are cli/licensing.py's
        if parser.get_default("handler") is None:
            parser.set_defaults(handler=cmd_permit)

    aux = sub.add_parser("aux", help="condutor auxiliar: credenciar, renovar, encerrar")
    aux.set_defaults(handler=cmd_aux)
    aux_acts = subcommands(aux, "aux_command")
    p = aux_acts.add_parser("issue", help="credencia um condutor auxiliar na permissão")
    p.add_argument("permit", metavar="PERMISSAO")
    p.add_argument("cpf", metavar="CPF")
    p.add_argument("--card", metavar="ARQUIVO.pdf", help="grava o cartão do condutor auxiliar")
    p.add_argument("--sheet", choices=["a4"], help="cartão em folha A4")
    _common(p, pdf=False)
    p = aux_acts.add_parser("renew", help="renova a credencial (nº em 'aux list')")
    p.add_argument("credential", metavar="Nº")
    p.add_argument("--card", metavar="ARQUIVO.pdf", help="grava o novo cartão")
    p.add_argument("--sheet", choices=["a4"], help="cartão em folha A4")
    _common(p, pdf=False)
    p = aux_acts.add_parser("end", help="encerra a credencial (nº em 'aux list')")
    p.add_argument("credential", metavar="Nº")
    p.add_argument("--reason", required=True, metavar="MOTIVO")
    _common(p, pdf=False)
    p = aux_acts.add_parser("cassate", help="cassa a credencial do próprio condutor auxiliar "
                                            "e o impede de novo credenciamento (SRM Art. 38 IV "
                                            "e §3º; L1745 Art. 17 IV e §2º)")
    p.add_argument("credential", metavar="Nº")
    p.add_argument("--reason", required=True, metavar="MOTIVO")
    p.add_argument("--act", default="", metavar="ATO", help="nº da portaria/decreto")
    _common(p, pdf=False)
    p = aux_acts.add_parser("list", help="credenciais ativas de uma permissão ou de um CPF")
    p.add_argument("key", metavar="PERMISSAO|CPF")
    json_flag(p)


# --- permit ------------------------------------------------------------------------------------

def _permit(text):
    from ..domain import validators
    from ..services.licensing import permits
    return permits.by_order_number(validators.positive_int(
        str(text).strip(), "Nº da permissão", maximum=2**31 - 1))


def _permit_inputs(args) -> dict:
    """The service inputs of a `permit` command."""
    from ..services.licensing import decisions
    from ..services.register import persons, vehicles
    command = args.permit_command
    inputs = {"on": args.date, "act_number": getattr(args, "act", ""),
              "reason": getattr(args, "reason", "")}
    if command == "transfer":
        inputs.update(new_holder_id=persons.person_by_cpf(args.to).id,
                      new_vehicle_id=vehicles.vehicle_by_plate(args.vehicle).id,
                      on_death=args.on_death, owner_relation=args.owner_relation)
    elif command == "interrupt":
        inputs.update(start=args.date, days=args.days)
    elif command == "extend":
        inputs.update(days=args.days)
    elif command in SANCTIONS:
        inputs.update(ground=args.ground, days=getattr(args, "days", None),
                      until=getattr(args, "until", None),
                      notice_ids=[decisions.notice_by_number(n).id for n in args.notice])
    return inputs


def _preview_lines(shown: dict) -> list[str]:
    lines = [shown["title"]]
    lines += [f"  Regra: {text}" for text in shown["rules"]]
    lines += [f"  Taxa: {text}" for text in shown["fees"]]
    lines += [f"  Consequência: {text}" for text in shown["consequences"]]
    return lines


def _preview(args, act: str, **inputs) -> int:
    import sys

    from ..services import permit_actions
    shown = permit_actions.preview(actor(args), act, **inputs)
    emit(args, shown, _preview_lines(shown))
    if shown["refusal"]:
        print(f"Erro: {shown['refusal']}", file=sys.stderr)
        return EXIT_REFUSED
    return EXIT_OK


def _done_text(command: str, result: dict) -> str:
    from ..domain.validators import format_date
    permit = result.get("permit", result)
    number = permit.get("order_text", permit.get("order_number"))
    status = permit.get("status_label", "")
    if command == "transfer":
        return f"Permissão nº {number} transferida para {permit['holder_name']}."
    if command in ("interrupt", "extend"):
        return (f"Permissão nº {number} interrompida até "
                f"{format_date(permit['status_until'])}.")
    if command == "license":
        return (f"Cartão da permissão nº {result['order_text']} licenciado: válido até "
                f"{format_date(result['card_valid_until'])} ({result['article']}).")
    if command in SANCTIONS:
        until = (f" até {format_date(result['until'])}" if result.get("until") else "")
        return (f"{result['label']} aplicada à permissão nº {number}{until} "
                f"({result['article']}, {result['act_number']}).")
    return f"Permissão nº {number}: {status}."


def cmd_permit(args) -> int:
    from ..services import act_documents, documents, permit_actions
    from ..services.licensing import decisions
    command = args.permit_command
    with database(args):
        if command == "grounds":
            return _grounds(args, decisions)
        if command == "acts":
            rows = act_documents.acts_of(_permit(args.permit).id)
            emit(args, rows, [f"{r['id']:>6}  {r['text']}" for r in rows] or
                 ["Nenhum ato impresso para esta permissão."])
            return EXIT_OK
        if command == "print-act":
            return _write_act(args, act_documents.print_act(actor(args), args.act_id),
                              Path(args.output))
        output_path(getattr(args, "pdf", None))  # refused before the act, not after it
        output_path(getattr(args, "card", None))
        permit = _permit(args.permit)
        inputs = _permit_inputs(args)
        if args.preview:
            return _preview(args, command, permit_id=permit.id, **inputs)
        result = permit_actions.run(actor(args), command, permit_id=permit.id, **inputs)
        lines = [_done_text(command, result)]
        data = {"result": result}
        if getattr(args, "card", None):  # the licensed card, with its new validity
            printed = documents.print_cards(actor(args), [permit.order_number],
                                            sheet=args.sheet)
            documents.write_file(actor(args), printed, Path(args.card))
            lines.append(f"Cartão de permissão: {args.card}.")
            data["card"] = args.card
        if getattr(args, "pdf", None):
            printed = act_documents.print_act(actor(args),
                                              act_documents.latest_act(permit.id))
            documents.write_file(actor(args), printed, Path(args.pdf))
            lines.append(f"{printed['label']}: {args.pdf}.")
            data["pdf"] = args.pdf
    emit(args, data, lines)
    return EXIT_OK


def _grounds(args, decisions) -> int:
    from ..domain.errors import RuleRefusal
    from ..services import setup
    profile = setup.profile()
    kinds = [args.sanction] if args.sanction else list(SANCTIONS)
    data, lines = {}, []
    for act in kinds:
        sanction = decisions.SANCTION_OF_ACT[act]
        try:
            rule = decisions.decision(sanction, profile)
        except RuleRefusal as exc:
            if args.sanction:
                raise
            lines.append(f"{act}: {exc}")
            continue
        data[act] = {"label": rule.label, "article": rule.article,
                     "authority": rule.authority, "max_days": rule.max_days,
                     "grounds": decisions.grounds(sanction)}
        lines.append(f"{act}: {rule.label} ({rule.article}) — {rule.authority}"
                     + (f"; até {rule.max_days} dias" if rule.max_days else ""))
        lines += [f"  {g.code:<10} {g.text} ({g.article})" for g in rule.grounds]
    emit(args, data, lines)
    return EXIT_OK


def _write_act(args, printed: dict, output: Path) -> int:
    from ..services import documents
    documents.write_file(actor(args), printed, output)  # the copy counts from here
    data = {k: v for k, v in printed.items() if k not in ("pdf", "reservation")}
    data.update(output=str(output), bytes=len(printed["pdf"]))
    emit(args, data, [f"{printed['label']}: {printed['copies'][0]['copy']}ª via em {output}."])
    return EXIT_OK


# --- aux ---------------------------------------------------------------------------------------

def cmd_aux(args) -> int:
    from ..domain import validators
    from ..services.licensing import auxiliary
    from ..services import documents, permit_actions
    from ..services.register import persons
    command = args.aux_command
    with database(args):
        if command == "list":
            key = str(args.key).strip()
            if len("".join(c for c in key if c.isdigit())) == 11:
                rows = permit_actions.credentials(
                    c.id for c in permit_actions.credentials_for(persons.person_by_cpf(key).id))
            else:
                rows = permit_actions.credentials(
                    a["id"] for a in auxiliary.active_for_permit(_permit(key).id))
            emit(args, rows, [f"{r['id']:>6}  {r['text']}" for r in rows] or
                 ["Nenhuma credencial de condutor auxiliar ativa."])
            return EXIT_OK
        act = {"issue": "aux_issue", "renew": "aux_renew", "end": "aux_end",
               "cassate": "aux_cassate"}[command]
        inputs = {"on": args.date}
        if command == "issue":
            inputs.update(permit_id=_permit(args.permit).id,
                          person_id=persons.person_by_cpf(args.cpf).id)
        else:
            inputs["auxiliary_id"] = validators.positive_int(
                str(args.credential).strip(), "Nº da credencial", maximum=2**31 - 1)
            if command in ("end", "cassate"):
                inputs["reason"] = args.reason
            if command == "cassate":
                inputs["act_number"] = args.act
        if args.preview:
            return _preview(args, act, **inputs)
        output_path(getattr(args, "card", None))  # refused before the act, not after it
        result = permit_actions.run(actor(args), act, **inputs)
        until = validators.format_date(result["valid_until"]) or "sem prazo"
        lines = [f"Credencial nº {result['id']} de {result['person_name']} "
                 + ("encerrada." if command == "end" else
                    f"cassada ({result['article']})." if command == "cassate" else
                    f"válida até {until}.")]
        if command == "cassate" and result["barred"]:
            lines.append("Impedido(a) de novo credenciamento " +
                         (f"até {validators.format_date(result['barred_until'])}."
                          if result["barred_until"] else "por tempo indeterminado."))
        data = {"result": result}
        if getattr(args, "card", None):
            printed = documents.print_aux_cards(actor(args), [result["order_number"]],
                                                sheet=args.sheet)
            documents.write_file(actor(args), printed, Path(args.card))
            lines.append(f"Cartão do condutor auxiliar: {args.card}.")
            data["card"] = args.card
    emit(args, data, lines)
    return EXIT_OK
