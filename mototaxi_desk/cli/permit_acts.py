"""The acts of a permit's life and the auxiliary driver's credential, as the prontuário's
"Mais ▾" menu does them (services/permit_actions: the same law, the same refusals):

    permit grant PROTOCOLO --vehicle PLACA ... | permit renew PERMISSÃO  (no --preview, --pdf)
    permit transfer|interrupt|extend|resume|desist|suspend|revoke|cassate|reinstate PERMISSÃO
    permit license PERMISSÃO [--card ARQUIVO.pdf]   the card's yearly licensing (SRM Art. 6 XX)
    permit grounds [suspend|revoke|cassate]     the grounds of the sanctions by decision
    permit acts PERMISSÃO                       the printable acts of a permit, with their nº
    permit print-act Nº -o ARQUIVO.pdf          print (again) the document of an act
    aux issue PERMISSÃO CPF | aux renew Nº | aux end Nº --reason ... | aux list PERMISSÃO
    aux cassate Nº --reason ... --act ...       the auxiliary's own credential (SRM Art. 38 IV
                                                and §3º, L1745 Art. 17 IV and §2º)

Each act's command is made from its declaration (services/acts: `cli_group`, `cli_name`,
`add_arguments`, `cli_inputs`, `done_lines`); `stoppage` and `summon` are commands of their
own. Every write command takes --preview (runs the act and rolls it back: the rule, the fee and
the consequences, or the refusal, exit 1), --date, and --pdf FILE (the act's document:
termo de transferência, autorização, termo de desistência, notificação...); `aux issue` and
`aux renew` take --card FILE (the auxiliary's card)."""
from __future__ import annotations

from pathlib import Path

from .common import (EXIT_OK, EXIT_REFUSED, actor, command_group, database, emit, json_flag,
                     output_path, subcommands)

def _act_parsers(groups: dict) -> None:
    """A command per act (services/acts): `permit <act>`, `aux <act>` or one of its own, with
    the arguments the act declares and the common options."""
    from ..services import acts
    for act in acts.registry().values():
        p = groups[act.cli_group].add_parser(act.cli_name or act.key, help=act.cli_help)
        act.add_arguments(p)
        if act.cli_date:
            p.add_argument("--date", metavar="DD/MM/AAAA", help=act.cli_date_help)
        if act.cli_preview:
            p.add_argument("--preview", action="store_true",
                           help="mostra a regra, a taxa e as consequências sem gravar nada")
        if act.cli_pdf:
            p.add_argument("--pdf", metavar="ARQUIVO.pdf", help="grava o documento do ato")
        json_flag(p)
        p.set_defaults(handler=cmd_act, act_key=act.key)


def register(sub) -> None:
    acts = command_group(sub, "permit", "atos da permissão: outorgar, renovar, transferir, "
                                        "interromper, retomar, desistir, sanções por decisão, "
                                        "restabelecer", "permit_command")
    aux = sub.add_parser("aux", help="condutor auxiliar: credenciar, renovar, encerrar")
    aux_acts = subcommands(aux, "aux_command")
    _act_parsers({"permit": acts, "aux": aux_acts, "": sub})

    p = acts.add_parser("grounds", help="fundamentos das sanções por decisão na lei do "
                                        "município")
    from ..services.licensing.decisions import ACTS as SANCTION_ACTS  # sanction -> its act
    p.add_argument("sanction", nargs="?", choices=tuple(SANCTION_ACTS.values()))
    json_flag(p)

    p = acts.add_parser("acts", help="atos impressos da permissão (nº para print-act)")
    p.add_argument("permit", metavar="PERMISSAO")
    json_flag(p)

    p = acts.add_parser("print-act", help="imprime o documento de um ato da permissão")
    p.add_argument("act_id", metavar="Nº")
    p.add_argument("-o", "--output", required=True, metavar="ARQUIVO.pdf")
    json_flag(p)
    for parser in acts.choices.values():  # the commands above, not the acts'
        if parser.get_default("handler") is None:
            parser.set_defaults(handler=cmd_permit)

    p = aux_acts.add_parser("list", help="credenciais ativas de uma permissão ou de um CPF")
    p.add_argument("key", metavar="PERMISSAO|CPF")
    json_flag(p)
    p.set_defaults(handler=cmd_aux_list)


# --- permit ------------------------------------------------------------------------------------

def _permit(text):
    from ..domain import validators
    from ..services.licensing import permits
    return permits.by_order_number(validators.positive_int(
        str(text).strip(), "Nº da permissão", maximum=2**31 - 1))


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


def cmd_permit(args) -> int:
    """`permit grounds|acts|print-act`."""
    from ..services import act_documents
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
        return _write_act(args, act_documents.print_act(actor(args), args.act_id),
                          Path(args.output))


def cmd_act(args) -> int:
    """An act of services/acts: --preview, or run it, then its card (--card) and its
    document (--pdf)."""
    from ..services import act_documents, acts, documents, permit_actions
    act = acts.get(args.act_key)
    with database(args):
        output_path(getattr(args, "pdf", None))  # refused before the act, not after it
        output_path(getattr(args, "card", None))
        inputs = act.cli_inputs(args)
        if getattr(args, "preview", False):
            return _preview(args, act.key, **inputs)
        result = permit_actions.run(actor(args), act.key, **inputs)
        lines = act.done_lines(result, inputs)
        data = {"result": result} if act.cli_wrapped else result
        if getattr(args, "card", None):
            if act.cli_card == "aux":
                printed = documents.print_aux_cards(actor(args), [result["order_number"]],
                                                    sheet=args.sheet)
                lines.append(f"Cartão do condutor auxiliar: {args.card}.")
            else:  # the permit's card, with its new validity
                printed = documents.print_cards(actor(args), [result["order_number"]],
                                                sheet=args.sheet)
                lines.append(f"Cartão de permissão: {args.card}.")
            documents.write_file(actor(args), printed, Path(args.card))
            data["card"] = args.card
        if getattr(args, "pdf", None):
            printed = act_documents.print_act(actor(args),
                                              act_documents.latest_act(inputs["permit_id"]))
            documents.write_file(actor(args), printed, Path(args.pdf))
            lines.append(f"{printed['label']}: {args.pdf}.")
            data["pdf"] = args.pdf
    emit(args, data, lines)
    return EXIT_OK


def _grounds(args, decisions) -> int:
    from ..domain.errors import RuleRefusal
    from ..services import setup
    profile = setup.profile_today()  # the grounds the law in force today lists
    kinds = [args.sanction] if args.sanction else list(decisions.ACTS.values())
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

def cmd_aux_list(args) -> int:
    from ..services.licensing import auxiliary
    from ..services import permit_actions
    from ..services.register import persons
    with database(args):
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
