"""Looking things up: search, alerts, ledger, a person's data (LGPD)."""
from __future__ import annotations

import sys

from .common import (EXIT_OK, EXIT_REFUSED, actor, command_group, database, emit, json_flag,
                     whole_number)
from ..domain import wallclock


def register(sub) -> None:
    p = sub.add_parser("search", help="busca por CPF, nome, placa, permissão ou protocolo")
    p.add_argument("text", nargs="+")
    p.add_argument("--limit", type=whole_number, default=20)
    p.set_defaults(handler=cmd_search)

    p = sub.add_parser("alerts", help="prazos vencidos e a vencer (permissões, vistorias, CNH, "
                                      "seguro, lista de espera...)")
    p.add_argument("--days", type=whole_number, default=30,
                   help="quantos dias à frente olhar (padrão: 30); os vencidos sempre aparecem")
    p.set_defaults(handler=cmd_alerts)

    p = sub.add_parser("ledger", help="autos de infração, pontos, multas em aberto, prazos e "
                                      "sanções propostas de um CPF ou permissão")
    p.add_argument("query", metavar="CPF|PERMISSAO")
    json_flag(p)
    p.set_defaults(handler=cmd_ledger)

    person = command_group(sub, "person", "uma pessoa: cadastro, CNH, dados (LGPD)",
                           "person_command")
    p = person.add_parser("export", help="grava tudo o que o programa guarda sobre a pessoa "
                                         "(JSON + PDF), para um pedido do titular (LGPD Art. 18)")
    p.set_defaults(handler=cmd_person)
    p.add_argument("cpf", metavar="CPF")
    p.add_argument("-o", "--output", default=".", metavar="PASTA",
                   help="pasta onde gravar (padrão: a atual)")
    json_flag(p)
    p = person.add_parser("history", help="o histórico do prontuário: o que foi feito no "
                                          "cadastro, nas permissões, veículos e requerimentos "
                                          "da pessoa, quando e por quem (o mais novo primeiro)")
    p.set_defaults(handler=cmd_person_history)
    p.add_argument("cpf", metavar="CPF")
    p.add_argument("--limit", type=whole_number, default=50,
                   help="quantos registros mostrar (1 a 200; padrão 50)")
    p.add_argument("--before", type=whole_number, metavar="Nº",
                   help="os registros mais antigos que o de número Nº (a página seguinte)")
    json_flag(p)
    p = person.add_parser("next", help="o que a pessoa precisa fazer agora: taxa a pagar, "
                                       "cartão a imprimir, vistoria, documento, prazo")
    p.set_defaults(handler=cmd_next_steps)
    p.add_argument("cpf", metavar="CPF")
    json_flag(p)


def cmd_search(args) -> int:
    from ..services.views import search
    with database(args, read_only=True):
        hits = search.search(" ".join(args.text), limit=max(1, min(args.limit, 200)))
    lines = [f"{h['matched']:<28} {h['name']} (CPF {h['cpf']})" for h in hits] or \
        ["Nada encontrado."]
    emit(args, hits, lines)
    return EXIT_OK


def cmd_alerts(args) -> int:
    from ..services.views import alerts, due_dates
    with database(args, read_only=True):
        today = wallclock.today()  # the table's items are read, else computed (same list)
        items = due_dates.if_fresh(today, args.days)
        if items is None:
            items = alerts.due(on=today, days=args.days)
    overdue = sum(1 for item in items if item["urgency"] == "overdue")
    lines = [alerts.describe(item) for item in items]
    lines.append(f"{len(items)} prazo(s) até {args.days} dia(s), {overdue} vencido(s)." if items
                 else f"Nenhum prazo vencido ou a vencer nos próximos {args.days} dias.")
    emit(args, items, lines)
    return EXIT_OK


def cmd_ledger(args) -> int:
    from ..domain.validators import format_date
    from ..services import ledger
    with database(args, read_only=True):
        data = ledger.ledger(args.query)
    lines = [f"{data['person']['name']} (CPF {data['person']['cpf']})"]
    for n in data["notices"]:
        lines.append(f"Auto {n['number']}  {n['occurred_at']:%d/%m/%Y %H:%M}  {n['article']}  "
                     f"{n['points']} pt  {n['fine_text']}  {n['stage_label']}"
                     + (f" — defesa até {format_date(n['defence_deadline'])}"
                        if n["stage"] == "defence_open" else "")
                     + (f" — recurso até {format_date(n['appeal_deadline'])}"
                        if n["stage"] == "appeal_open" else ""))
    for permit in data["permits"]:
        for window in permit["points_windows"]:
            lines.append(f"Permissão nº {permit['order_text']}: {window['points']} ponto(s) "
                         f"em {window['months']} meses (limite {window['threshold']}, "
                         f"{window['article']})")
        for proposal in permit["proposals"]:
            state = "aplicada" if proposal["applied"] else (
                "pronta para aplicar" if proposal["ready"] else "aguardando o contraditório")
            lines.append(f"Proposta: {proposal['label']} — {proposal['explanation']['text']} "
                         f"[{state}]")
    lines.append(f"Em aberto: {data['open_total_text']} ({len(data['open_charges'])} "
                 "lançamento(s))" if data["open_charges"] else "Nada em aberto.")
    emit(args, data, lines)
    return EXIT_OK


def cmd_person(args) -> int:
    from ..services.administration import privacy
    with database(args):
        result = privacy.write_export(actor(args), args.cpf, args.output)
    total = sum(result["counts"].values())
    emit(args, result, [f"Dados de {result['name']}: {total} registros.",
                        f"JSON: {result['json']}", f"PDF:  {result['pdf']}"])
    return EXIT_OK


def cmd_person_history(args) -> int:
    """The prontuário's Histórico: each entry's number, local time, who, what (in words), on
    which record, and its detail (services/audit_words)."""
    from ..services import audit_words
    from ..services.views import records
    from ..services.register import persons
    if not 1 <= args.limit <= records.HISTORY_LIMIT:
        print(f"Erro: --limit: informe um número de 1 a {records.HISTORY_LIMIT}.",
              file=sys.stderr)
        return EXIT_REFUSED
    if args.before is not None and args.before < 1:
        print("Erro: --before: informe o número de um registro do histórico (a partir de 1).",
              file=sys.stderr)
        return EXIT_REFUSED
    with database(args):  # the view is recorded (LGPD)
        person = persons.person_by_cpf(args.cpf)
        entries = records.person_history(actor(args), person.id, limit=args.limit,
                                         before_id=args.before)
    lines = [f"{e['id']:>7}  {e['at']:%d/%m/%Y %H:%M}  {e['login']}  "
             f"{audit_words.audit_action(e['action'])} — {audit_words.entity(e['entity'])} "
             f"nº {e['entity_id']}" + (f": {detail}" if (detail := audit_words.history_detail(e))
                                      else "") for e in entries]
    if entries and len(entries) == args.limit:
        lines.append(f"Mais antigos: person history {args.cpf} --before {entries[-1]['id']}")
    emit(args, entries, lines or [f"Nada no histórico de {person.name}."])
    return EXIT_OK


URGENCY_WORDS = {"overdue": "VENCIDO", "soon": "em breve", "todo": "a fazer"}


def cmd_next_steps(args) -> int:
    """The record's "Próximos passos" (services/views/next_steps.py), each with what does it."""
    from ..services.views import next_steps
    from ..services.register import persons
    with database(args, read_only=True):
        person = persons.person_by_cpf(args.cpf)
        steps = next_steps.for_person(actor(args), person.id)
    lines = [f"[{URGENCY_WORDS[s['urgency']]}] {s['text']}"
             + (f" — {s['detail']}" if s["detail"] else "")
             + (f" ({s['why']})" if s["why"] else "") for s in steps] or \
        [f"Nada pendente para {person.name}."]
    emit(args, steps, lines)
    return EXIT_OK
