"""`import ARQUIVO [--mapping M] [--dry-run] [--report R.xlsx] [--save-mapping M]`: the
município's register from a spreadsheet (services/exchange/importing.py, docs/importing.md);
`import --list`: the imports made, as Configurações → Importar cadastro lists them;
`export-register -o ARQUIVO.xlsx`: the whole register in the same layout (the archive)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from .common import (EXIT_OK, EXIT_REFUSED, actor, database, emit, json_flag, whole_number,
                     write_file)


def register(sub) -> None:
    p = sub.add_parser("import", help="importa o cadastro de uma planilha (XLSX ou CSV): "
                                      "pessoas, CNH, veículos, permissões, pontos, auxiliares, "
                                      "lista de espera")
    p.add_argument("file", metavar="ARQUIVO", nargs="?",
                   help="planilha .xlsx ou .csv (docs/importing.md)")
    p.add_argument("--list", action="store_true",
                   help="lista as planilhas já importadas (a mais nova primeiro), sem ARQUIVO")
    p.add_argument("--limit", type=whole_number, metavar="N",
                   help="com --list: quantas importações mostrar (padrão 50)")
    p.add_argument("--mapping", metavar="M.json",
                   help="mapeamento das colunas (o de --save-mapping, editado); sem ele, as "
                        "colunas são reconhecidas pelos cabeçalhos")
    p.add_argument("--dry-run", action="store_true",
                   help="só confere: lista os problemas e as alterações, nada é gravado")
    p.add_argument("--report", metavar="R.xlsx",
                   help="grava o relatório (problemas, alterações e a planilha com a coluna "
                        "de problemas, para corrigir e importar de novo)")
    p.add_argument("--save-mapping", metavar="M.json",
                   help="grava o mapeamento usado, para editar e passar em --mapping")
    json_flag(p)
    p.set_defaults(handler=cmd_import)
    p = sub.add_parser("export-register", help="exporta o cadastro completo em XLSX (arquivo "
                                               "do município; reimportável com 'import')")
    p.add_argument("-o", "--output", required=True, metavar="ARQUIVO.xlsx")
    json_flag(p)
    p.set_defaults(handler=cmd_export_register)


def _lines(result: dict) -> list[str]:
    lines = [f"Arquivo {result['file']} (SHA-256 {result['sha256'][:16]}…): "
             f"{result['rows']} linha(s) lidas."]
    for sheet in result["sheets"]:
        mapped = [f"{c['header']} → {c['label']}" for c in sheet["columns"] if c["field"]]
        ignored = [c["header"] for c in sheet["columns"] if not c["field"] and c["header"]]
        lines.append(f"Aba '{sheet['name']}': {sheet['kind_label']}, {sheet['rows']} linha(s).")
        if mapped:
            lines.append("  Colunas: " + "; ".join(mapped))
        if ignored:
            lines.append("  Ignoradas: " + "; ".join(ignored))
    if result["problems"]:
        lines.append(f"Problemas: {result['errors']} erro(s), {result['alerts']} alerta(s).")
        for p in result["problems"]:
            field = f"{p['field']}: " if p["field"] else ""
            lines.append(f"  [{p['severity']}] {p['sheet']}, linha {p['row']}: {field}"
                         f"{p['message']}")
    lines.append(f"Novos registros: {result['creates_summary'] or 'nenhum'}.")
    if result["updates"]:
        lines.append(f"Registros que mudam: {len(result['updates'])}.")
        for u in result["updates"]:
            changes = "; ".join(f"{c['label']}: '{c['before']}' → '{c['after']}'"
                                for c in u["changes"])
            lines.append(f"  {u['entity_label']} {u['key']} ({u['sheet']}, linha {u['row']}): "
                         f"{changes}")
    return lines


def cmd_import(args) -> int:
    from ..services.exchange import importing
    if args.list or args.file is None:
        return _list_runs(args)
    if args.limit is not None:
        print("Erro: --limit vale só com --list.", file=sys.stderr)
        return EXIT_REFUSED
    mapping = importing.read_mapping_file(args.mapping) if args.mapping else None
    refused = None
    with database(args):
        source = importing.read(actor(args), args.file)
        if args.dry_run:
            result = importing.dry_run(actor(args), source, mapping)
        else:
            try:
                result = importing.apply(actor(args), source, mapping)
            except importing.ImportRefused as exc:
                result, refused = exc.report, exc
    if args.report:
        importing.write_report(result, Path(args.report), args.file)
    if args.save_mapping:
        write_file(Path(args.save_mapping),
                   json.dumps(result["mapping"], ensure_ascii=False, indent=2))
    lines = _lines(result)
    if args.dry_run:
        lines.append("Conferência apenas: nada foi gravado. " + (
            "A planilha pode ser importada." if result["importable"] else
            "Corrija os erros antes de importar."))
    elif refused is None:
        lines.append("Nada a alterar: o cadastro já está como a planilha." if
                     not result["imported"] else
                     f"Importação nº {result['run_id']} concluída e registrada na auditoria.")
    if args.report:
        lines.append(f"Relatório gravado em {args.report}.")
    emit(args, result, lines)
    if refused is not None:
        print(f"Erro: {refused}", file=sys.stderr)
        return EXIT_REFUSED
    if args.dry_run and not result["importable"]:
        return EXIT_REFUSED
    return EXIT_OK


def _list_runs(args) -> int:
    from ..services.exchange import importing
    if args.file is not None or not args.list:
        print("Erro: informe a planilha a importar, ou --list (sem planilha) para ver as já "
              "importadas.", file=sys.stderr)
        return EXIT_REFUSED
    mixed = [option for option, given in (("--mapping", args.mapping), ("--dry-run", args.dry_run),
                                          ("--report", args.report),
                                          ("--save-mapping", args.save_mapping)) if given]
    if mixed:
        print(f"Erro: --list só lista as importações feitas: sem {', '.join(mixed)}.",
              file=sys.stderr)
        return EXIT_REFUSED
    limit = 50 if args.limit is None else args.limit
    if limit < 1:
        print("Erro: --limit: informe um número a partir de 1.", file=sys.stderr)
        return EXIT_REFUSED
    with database(args, read_only=True):
        runs = importing.runs(actor(args), limit)
    lines = [f"Nº {r['id']} · {r['imported_at']:%d/%m/%Y %H:%M} · {r['file_name']} · "
             f"{r['rows']} linha(s) · novos: {importing.count_text(r['created']) or 'nenhum'}"
             f" · alterados: {importing.count_text(r['updated']) or 'nenhum'} · "
             f"{r['alerts']} alerta(s) · SHA-256 {r['sha256'][:16]}…" for r in runs]
    emit(args, runs, lines or ["Nenhuma planilha importada."])
    return EXIT_OK


def cmd_export_register(args) -> int:
    from ..services.exchange import register_export
    output = Path(args.output)
    with database(args):  # the file written before the export's audit entry commits
        result = register_export.export(actor(args), path=output)
    counts = "; ".join(f"{sheet}: {n}" for sheet, n in result["rows"].items())
    emit(args, {"output": str(output), "rows": result["rows"], "sha256": result["sha256"]},
         [f"Cadastro exportado em {output} ({counts}).", f"SHA-256 {result['sha256']}"])
    return EXIT_OK
