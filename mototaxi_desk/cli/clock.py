"""Time and the register: `tick` (the daily passage of time, for scripts and tests) and the
facts whose deadlines it acts on — `stoppage` (a service found interrupted without
authorisation) and `summon` (a summons to present the vehicle for inspection). The two are
acts of services/acts, their commands made by cli/permit_acts.py as every act's: offered only
where the município's law has them, with --preview (the rule and what it changes, nothing
written)."""
from __future__ import annotations


from .common import EXIT_OK, actor, command_group, database, emit, json_flag
from ..domain import wallclock


def register(sub) -> None:
    p = sub.add_parser("tick", help="atualiza as situações pela passagem do tempo (vencimentos, "
                                    "caducidade, fim de suspensão e interrupção, convocações) "
                                    "e lista o que mudou no dia, como o Painel")
    p.add_argument("--date", metavar="DD/MM/AAAA",
                   help="leva o cadastro até esta data (padrão: hoje; nunca depois de hoje)")
    json_flag(p)
    # the service actor `sistema` (no login): what every opening already does, for
    # scheduled jobs (cron, Task Scheduler); audited with this machine's name
    p.set_defaults(handler=cmd_tick, service_actor=True)

    group = command_group(sub, "clock", "a data do computador e o cadastro: conferir, "
                                         "confirmar um salto de data, desfazer atualizações "
                                         "feitas com data errada", "clock_command")
    p = group.add_parser("status", help="a data do computador, a do cadastro (e a do "
                                        "servidor PostgreSQL) e se o programa a aceita")
    json_flag(p)
    p.set_defaults(handler=cmd_clock_status)
    p = group.add_parser("confirm", help="confirma (administrador) que a data do computador "
                                         "está certa, depois de um salto de mais de um dia "
                                         "útil, e atualiza o cadastro até ela")
    p.add_argument("date", metavar="DD/MM/AAAA", help="a data de hoje, como o relógio marca")
    json_flag(p)
    p.set_defaults(handler=cmd_clock_confirm)
    p = group.add_parser("undo", help="desfaz (administrador) as atualizações diárias feitas "
                                      "com data errada, depois da data do computador")
    p.add_argument("--to", metavar="DD/MM/AAAA",
                   help="desfaz as atualizações depois desta data (padrão: a do computador)")
    json_flag(p)
    p.set_defaults(handler=cmd_clock_undo)


def cmd_tick(args) -> int:
    from ..domain import validators
    from ..services import clock
    with database(args, pass_time=False):  # this command is the passage of time
        # today as the program has it once the computer's date is assessed (held at the
        # register's day when not trusted); a date after it would end permits before their
        # time: refused (the services take any date, for tests)
        today = wallclock.today()
        day = validators.parse_date(args.date, "Data", latest=today) if args.date else today
        result = clock.tick(actor(args), on=day)
        # what the step changed that day, as the Painel lists it (also when it had run
        # already: the command then shows the day's list instead of nothing)
        result["day_changes"] = clock.changes_on(day)
    if not result["ran"]:
        lines = [f"Cadastro já atualizado até {result['last']:%d/%m/%Y}; nada a fazer."]
        if result["day_changes"]:
            lines.append(f"Alterações da atualização de {day:%d/%m/%Y}:")
            lines += [f"  {c['label']}: {c['person_name']} — {c['detail']}"
                      for c in result["day_changes"]]
    else:
        lines = [f"{clock.KIND_LABELS[c['kind']]}: "
                 f"{c['person_name']} — {c['detail']} (a partir de {c['effective_on']:%d/%m/%Y})"
                 for c in result["changes"]]
        lines.append(f"Cadastro atualizado até {day:%d/%m/%Y}: {len(result['changes'])} "
                     "alteração(ões).")
    emit(args, result, lines)
    return EXIT_OK


def _state_lines(state: dict) -> list[str]:
    def shown(day):
        return f"{day:%d/%m/%Y}" if day else "—"
    lines = [f"Data do computador: {shown(state['computer_day'])}",
             f"Cadastro atualizado até: {shown(state['register_day'])}"]
    if state["server_day"] is not None:
        lines.append(f"Data do servidor PostgreSQL: {shown(state['server_day'])}")
    lines.append("Situação: data aceita." if state["trusted"] else
                 f"Situação: somente consulta. {state['message']}")
    return lines


def cmd_clock_status(args) -> int:
    from ..services.trust import clock_trust
    with database(args, automatic_backup=False, pass_time=False, read_only=True):
        state = clock_trust.state() or clock_trust.assess()
    emit(args, state, _state_lines(state))
    return EXIT_OK


def cmd_clock_confirm(args) -> int:
    from ..services.trust import clock_trust
    with database(args, automatic_backup=False, pass_time=False):
        result = clock_trust.confirm(actor(args), args.date)
    tick = result["tick"]
    emit(args, result, [f"Data de {result['confirmed']:%d/%m/%Y} confirmada (o cadastro estava "
                        f"em {result['previous_day']:%d/%m/%Y}).",
                        f"Cadastro atualizado até {tick['day']:%d/%m/%Y}: "
                        f"{len(tick['changes'])} alteração(ões)."])
    return EXIT_OK


def cmd_clock_undo(args) -> int:
    from ..services.trust import clock_trust
    with database(args, automatic_backup=False, pass_time=False):
        result = clock_trust.undo(actor(args), args.to)
    days = ", ".join(f"{d:%d/%m/%Y}" for d in result["undone"])
    lines = [f"Atualizações desfeitas: {days} ({result['rows']} registro(s) de volta ao "
             "que eram)."]
    if result["tick"] and result["tick"]["ran"]:
        lines.append(f"Cadastro atualizado de novo até {result['tick']['day']:%d/%m/%Y}: "
                     f"{len(result['tick']['changes'])} alteração(ões).")
    emit(args, result, lines + _state_lines(result["state"])[2 if result["state"]["trusted"]
                                                              else 0:])
    return EXIT_OK
