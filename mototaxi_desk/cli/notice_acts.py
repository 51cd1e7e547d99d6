"""The acts of the auto de infração's dialog (gui/dialogs/notice_detail.py) and the impound
of a vehicle, from the command line — the same services, so the same refusals (with the
article) and the same audit:

    notice show NNNNN/AAAA                      the notice, its deadlines, defences, impounds
    notice notify NNNNN/AAAA --on DD/MM/AAAA --channel in_person|post|gazette
    notice defence|appeal NNNNN/AAAA --text ... [--filed-on] [--attachment ...]
                                                (SRM Arts. 35 §1º, 49; PF Art. 38; L1745 Art. 19)
    notice judge NNNNN/AAAA --accept|--reject --reason ...   (SRM Art. 35 §2º)
    notice revelia NNNNN/AAAA                   no defence by the deadline (SRM Art. 35 §3º)
    notice void NNNNN/AAAA --reason ...         notice reissue NNNNN/AAAA --reason ... [...]
    impound record NNNNN/AAAA --place ... --at "DD/MM/AAAA HH:MM" [--boletim]
    impound quote|release Nº --at "DD/MM/AAAA HH:MM" [--removal VALOR] ...
                                                (SRM Arts. 46-48; L1745 Art. 8 §§2º-3º)
    impound list CPF|PERMISSÃO

The fine itself is paid with `guia pay CPF --charge N`; the release receipt is printed with
`print release Nº`. The acts' commands are built from their declarations
(services/ledger/acts); `notice show`, `impound list` and `impound quote` only read."""
from __future__ import annotations

from .common import EXIT_OK, actor, command_group, database, emit, json_flag, subcommands
from ..domain.notice_stage import ProceedingEvent

# the reading commands of the `impound` group, placed among the acts by their order
IMPOUND_READS = {"list": 85, "quote": 86}


def _acts():
    from ..services.ledger import acts
    return acts


def _act_parser(group, act) -> None:
    p = group.add_parser(act.cli_name or act.key, help=act.cli_help)
    act.add_arguments(p)
    json_flag(p)
    p.set_defaults(handler=cmd_ledger_act, ledger_act=act.key)


def register(sub) -> None:
    acts = _acts()
    from ..services.ledger.acts.base import notice_argument
    from ..services.ledger.acts.release import release_arguments
    notice = command_group(sub, "notice", "autos de infração: lavrar, notificar, defesa e "
                                          "recurso, julgar, anular", "notice_command")
    p = notice.add_parser("show", help="o auto: prazos, fase, multa, defesas e recursos, "
                                       "apreensões")
    notice_argument(p)
    json_flag(p)
    p.set_defaults(handler=cmd_notice_show)
    for act in acts.commands("notice"):
        _act_parser(notice, act)

    impound = sub.add_parser("impound", help="apreensão de veículo: registrar, calcular a "
                                             "liberação, liberar (SRM Arts. 46-48)")
    impound.set_defaults(handler=cmd_impound)
    impound = subcommands(impound, "impound_command")
    entries = [(act.order, act) for act in acts.commands("impound")]
    entries += [(order, name) for name, order in IMPOUND_READS.items()]
    for _order, entry in sorted(entries, key=lambda e: e[0]):
        if not isinstance(entry, str):
            _act_parser(impound, entry)
        elif entry == "list":
            p = impound.add_parser("list", help="apreensões de um CPF ou de uma permissão")
            p.add_argument("key", metavar="CPF|PERMISSÃO")
            json_flag(p)
        else:
            p = impound.add_parser("quote", help="o que falta pagar para liberar: multas em "
                                                 "aberto, remoção e diárias de estadia (SRM "
                                                 "Art. 48), sem gravar nada")
            release_arguments(p, release=False)
            json_flag(p)


# --- an act of the ledger ----------------------------------------------------------------------

def cmd_ledger_act(args) -> int:
    act = _acts().get(args.ledger_act)
    with database(args):
        acting = actor(args) if act.cli_actor_first else None
        inputs = act.cli_inputs(args)
        data = act.run(acting or actor(args), **inputs)
        lines = act.done_lines(data, inputs)
    emit(args, data, lines)
    return EXIT_OK


# --- notice show -------------------------------------------------------------------------------

def _notice_lines(n: dict) -> list[str]:
    from ..domain.validators import format_date
    from ..services.ledger.acts.base import PROCEEDING_STAGES
    lines = [f"Auto de infração nº {n['number']} — {n['infractor_name']}: {n['article']}, "
             f"{n['fine_text']}, {n['points']} ponto(s). Fase: {n['stage_label']}."]
    if n.get("defence_deadline"):
        lines.append(f"  Prazo de defesa: {format_date(n['defence_deadline'])}")
    if n.get("appeal_deadline"):
        lines.append(f"  Prazo de recurso: {format_date(n['appeal_deadline'])}")
    for p in n.get("proceedings", []):
        what = PROCEEDING_STAGES.get(p["stage"], p["stage"])
        decided = ({"accepted": "acolhida", "rejected": "rejeitada"}.get(p["decision"])
                   if p["decision"] else "pendente")
        lines.append(f"  {what}" + (" (revelia)" if p["event"] == ProceedingEvent.REVELIA else
                                    f" protocolada em {format_date(p['filed_on'])}: "
                                    f"{decided}"))
    return lines


def cmd_notice_show(args) -> int:
    from ..services.licensing import decisions
    from ..services.ledger import impounds
    from ..services import ledger
    with database(args, read_only=True):
        notice_id = decisions.notice_by_number(args.notice).id
        data = ledger.notice(notice_id)
        data["impounds"] = [i for i in impounds.for_person(data["holder_id"])
                            if i["notice_id"] == notice_id]
    emit(args, data, _notice_lines(data))
    return EXIT_OK


# --- impound list and quote ---------------------------------------------------------------------

def _quote_lines(q: dict) -> list[str]:
    from ..domain.money import format_money
    fines = "; ".join(f"{f['label']}: {f['amount_text']}" for f in q["fines"])
    return [f"Para liberar o veículo {q['plate']} ({q['article']}):",
            f"  Estadia: {q['storage_text'] or 'sem taxa'} = {format_money(q['storage_cents'])}",
            f"  Remoção: {format_money(q['removal_cents'])}",
            f"  Multas em aberto: {fines or 'nenhuma'}",
            f"  Total: {format_money(q['total_cents'])}"]


def cmd_impound(args) -> int:
    from ..services.ledger import impounds
    from ..services.ledger.acts.impound import impound_line
    from ..services.ledger.acts.release import impound_id
    from ..services.register import persons
    command = args.impound_command
    with database(args, read_only=True):
        if command == "list":
            key = str(args.key).strip()
            if len("".join(c for c in key if c.isdigit())) == 11:
                data = impounds.for_person(persons.person_by_cpf(key).id)
            else:
                from ..domain import validators
                from ..services.licensing import permits
                permit = permits.by_order_number(validators.positive_int(
                    key, "Nº da permissão", maximum=2**31 - 1))
                data = [i for i in impounds.for_person(permit.holder_id)
                        if i["permit_id"] == permit.id]
            lines = [impound_line(i) for i in data] or ["Nenhuma apreensão."]
        else:
            data = impounds.release_quote(impound_id(args.impound), released_at=args.at,
                                          removal=args.removal)
            lines = _quote_lines(data)
    emit(args, data, lines)
    return EXIT_OK
