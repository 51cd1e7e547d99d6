"""Guias de recolhimento (DAM) and the bank's collection return file: `guia issue|list`,
`bank-return import|list` (another copy of a guia: `print guia AAAA/NNNNNN`)."""
from __future__ import annotations


from .common import EXIT_OK, actor, database, emit, json_flag, output_path, subcommands
from ..domain import wallclock


def register(sub) -> None:
    guia = sub.add_parser("guia", help="guias de recolhimento (DAM) com código de barras e PIX")
    guia.set_defaults(handler=cmd_guia)
    guia = subcommands(guia, "guia_command")
    p = guia.add_parser("issue", help="emite a guia de um débito em aberto e gera o PDF")
    p.add_argument("cpf", metavar="CPF")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--fee", metavar="N", help="nº da taxa (veja 'guia list CPF')")
    which.add_argument("--charge", metavar="N", help="nº da multa ou despesa (veja 'guia list "
                                                     "CPF')")
    p.add_argument("--due", metavar="DD/MM/AAAA",
                   help="vencimento (padrão: 5 dias úteis; dia não útil passa ao próximo)")
    p.add_argument("-o", "--output", required=True, metavar="ARQUIVO.pdf")
    json_flag(p)
    p = guia.add_parser("list", help="débitos em aberto e guias de uma pessoa (ou as últimas "
                                     "guias)")
    p.add_argument("cpf", nargs="?", metavar="CPF")
    json_flag(p)
    p = guia.add_parser("pay", help="registra o pagamento, no balcão, de um débito em aberto "
                                    "(inteiro) ou de todos")
    p.add_argument("cpf", metavar="CPF")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--fee", metavar="N", help="nº da taxa (veja 'guia list CPF')")
    which.add_argument("--charge", metavar="N", help="nº da multa ou despesa")
    which.add_argument("--all", action="store_true", help="todos os débitos em aberto")
    p.add_argument("--receipt", required=True, metavar="Nº", help="nº do recibo / DAM")
    p.add_argument("--amount", metavar="VALOR",
                   help="valor recebido em R$ (ex.: 120,50), conferido com o débito (com "
                        "--all, com o total); sem ele, paga-se o valor inteiro do débito")
    p.add_argument("--date", metavar="DD/MM/AAAA", help="data do pagamento (padrão: hoje)")
    json_flag(p)

    ret = sub.add_parser("bank-return", help="retorno bancário de arrecadação (FEBRABAN, "
                                             "150 posições)")
    ret.set_defaults(handler=cmd_bank_return)
    ret = subcommands(ret, "bank_return_command")
    p = ret.add_parser("import", help="registra os pagamentos do arquivo contra as guias")
    p.add_argument("file", metavar="ARQUIVO")
    json_flag(p)
    p = ret.add_parser("list", help="arquivos de retorno já importados")
    json_flag(p)


def cmd_guia(args) -> int:
    from ..services import documents
    from ..services.payments import fees, guias
    from ..services.register import persons
    if args.guia_command == "pay":
        return _pay(args)
    with database(args):
        if args.guia_command == "issue":
            output = output_path(args.output)  # refused before the guia is issued
            person = persons.person_by_cpf(args.cpf)
            debt = guias.resolve_debt(person.id, fee_id=args.fee, charge_id=args.charge)
            result = guias.issue(actor(args), debt["source"], debt["id"], due=args.due)
            documents.write_file(actor(args), result, output)  # the copy counts from here
        else:
            person = persons.person_by_cpf(args.cpf) if args.cpf else None
            debts = fees.open_debts(person.id) if person else []
            rows = guias.list_guias(person.id if person else None, limit=200)
    if args.guia_command == "issue":
        guia = result["guia"]
        data = {**guia, "output": str(output), "copy": result["copies"][0]["copy"]}
        lines = [f"Guia {guia['number_text']}: {guia['label']} — {guia['amount_text']}, "
                 f"vencimento {guia['due_on']:%d/%m/%Y}, em {output}."]
        if guia["typeable_line"]:
            lines.append(f"  Linha digitável: {guia['typeable_line']}")
        if guia["pix_txid"]:
            lines.append(f"  PIX: identificador {guia['pix_txid']}")
        emit(args, data, lines)
        return EXIT_OK
    lines = [f"Débitos em aberto de {person.name}:"] if person else []
    lines += [f"  {guias.debt_option(d):<12} {d['label']} — {d['amount_text']} ({d['year']})"
              for d in debts]
    if person and not debts:
        lines.append("  nenhum")
    lines.append("Guias:" if rows else "Nenhuma guia emitida.")
    lines += [f"  {g['number_text']}  {g['amount_text']:>12}  venc. {g['due_on']:%d/%m/%Y}  "
              f"{g['state_label']:<32} {g['label']}" for g in rows]
    emit(args, {"debts": debts, "guias": rows}, lines)
    return EXIT_OK


def _pay(args) -> int:
    """Debts paid at the counter (the record's "Pagar"): whole amounts only, all in one
    transaction (one refused, none recorded)."""
    from ..services.views import counter
    from ..services.payments import fees, guias
    from ..services.register import persons
    with database(args):
        person = persons.person_by_cpf(args.cpf)
        debts = (fees.open_debts(person.id) if args.all else
                 [guias.resolve_debt(person.id, fee_id=args.fee, charge_id=args.charge)])
        if not debts:
            from ..domain.errors import DomainError
            raise DomainError(f"{person.name} não tem débitos em aberto.")
        counter.pay_debts(actor(args), debts, paid_on=args.date or wallclock.today(),
                          receipt=args.receipt, amount=args.amount)
    emit(args, debts, [f"Pago: {counter.debt_text(d)}" for d in debts])
    return EXIT_OK


def cmd_bank_return(args) -> int:
    from ..services.payments import bank_returns
    if args.bank_return_command == "import":
        content, name = bank_returns.read_file(args.file)
        with database(args):
            report = bank_returns.import_file(actor(args), content, file_name=name)
        lines = [report["summary"]]
        if report["warning"]:
            lines.append(f"Aviso: {report['warning']}")
        lines += [f"  linha {i['line']:>4}  {i['outcome_label']:<17} {i['guia'] or '—':<12} "
                  f"{i['amount_text']:>12}  pago em {i['paid_on']:%d/%m/%Y}  {i['note']}"
                  for i in report["items"]]
        emit(args, report, lines)
        return EXIT_OK
    with database(args):
        rows = bank_returns.list_files()
    emit(args, rows, [f"{r['imported_at']:%d/%m/%Y %H:%M}  banco {r['bank_code']} nº "
                      f"{r['sequence']:<6} {r['total_text']:>14}  baixados "
                      f"{r['counts']['matched']}, já pagos {r['counts']['already_paid']}, "
                      f"não identificados {r['counts']['unknown']}, não aplicados "
                      f"{r['counts']['not_applied']}  {r['file_name']}" for r in rows]
         or ["Nenhum retorno importado."])
    return EXIT_OK
