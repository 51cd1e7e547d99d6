"""Time and the register: `tick` (the daily passage of time, for scripts and tests) and the
facts whose deadlines it acts on — `stoppage` (a service found interrupted without
authorisation) and `summon` (a summons to present the vehicle for inspection). The two are
acts of services/permit_actions, as the prontuário's "Mais ▾" does them: offered only where
the município's law has them, with --preview (the rule and what it changes, nothing
written)."""
from __future__ import annotations


from .common import EXIT_OK, actor, database, emit, json_flag
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

    p = sub.add_parser("stoppage", help="registra que o serviço da permissão está interrompido "
                                        "sem autorização (PF Art. 12; SRM Art. 29 §ú)")
    p.add_argument("permit", metavar="PERMISSAO", help="nº de ordem da permissão")
    p.add_argument("--since", required=True, metavar="DD/MM/AAAA",
                   help="primeiro dia sem serviço")
    p.add_argument("--reason", default="", help="o que foi constatado")
    p.add_argument("--act", default="", help="nº do ato ou do relatório de fiscalização")
    p.add_argument("--preview", action="store_true",
                   help="mostra a regra e o que muda, sem gravar nada")
    json_flag(p)
    p.set_defaults(handler=cmd_stoppage)

    p = sub.add_parser("summon", help="intima o permissionário a apresentar o veículo à "
                                      "vistoria até uma data (L1745 Art. 10)")
    p.add_argument("permit", metavar="PERMISSAO", help="nº de ordem da permissão")
    p.add_argument("--deadline", required=True, metavar="DD/MM/AAAA",
                   help="último dia para apresentar o veículo")
    p.add_argument("--act", default="", help="nº da intimação")
    p.add_argument("--preview", action="store_true",
                   help="mostra a regra e o que muda, sem gravar nada")
    json_flag(p)
    p.set_defaults(handler=cmd_summon)


def cmd_tick(args) -> int:
    from ..domain import validators
    from ..services import clock
    today = wallclock.today()
    # a date after today would end permits before their time: refused (the services take
    # any date, for tests)
    day = validators.parse_date(args.date, "Data", latest=today) if args.date else today
    with database(args, pass_time=False):  # this command is the passage of time
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


def cmd_stoppage(args) -> int:
    from ..domain import validators
    from ..services import permit_actions, permits
    number = validators.positive_int(args.permit, "Permissão", maximum=999_999_999)
    with database(args):
        permit = permits.by_order_number(number)
        inputs = {"permit_id": permit.id, "since": args.since, "reason": args.reason,
                  "act_number": args.act}
        if args.preview:
            from .permit_acts import _preview
            return _preview(args, "stoppage", **inputs)
        result = permit_actions.run(actor(args), "stoppage", **inputs)
    revert = (f"; sem retorno ao serviço, será revertida ao município em "
              f"{result['reverts_on']:%d/%m/%Y} ({result['article']})" if result["reverts_on"]
              else f"; cabe à autoridade decidir ({result['article']})" if result["article"]
              else "")
    emit(args, result, [f"Permissão nº {result['order_text']}: serviço interrompido sem "
                        f"autorização desde {result['stoppage_since']:%d/%m/%Y}{revert}."])
    return EXIT_OK


def cmd_summon(args) -> int:
    from ..domain import validators
    from ..services import permit_actions, permits
    number = validators.positive_int(args.permit, "Permissão", maximum=999_999_999)
    with database(args):
        permit = permits.by_order_number(number)
        inputs = {"permit_id": permit.id, "deadline": args.deadline, "act_number": args.act}
        if args.preview:
            from .permit_acts import _preview
            return _preview(args, "summon", **inputs)
        result = permit_actions.run(actor(args), "summon", **inputs)
        text = permits.as_dict(permits.get_permit(permit.id))["order_text"]
    emit(args, result, [f"Permissão nº {text}: intimada a apresentar o veículo à vistoria até "
                        f"{result['deadline']:%d/%m/%Y} ({result['article']})."])
    return EXIT_OK
