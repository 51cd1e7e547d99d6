"""Printed documents and their signed QR codes: print, verify, keys, the offline verifier."""
from __future__ import annotations

import sys
from pathlib import Path

from .common import (EXIT_OK, EXIT_REFUSED, actor, database, emit, json_flag, output_path,
                     subcommands, write_file, whole_number)

PRINTABLE = {"card": "card", "aux-card": "aux_card", "sticker": "sticker", "termo": "termo",
             "roster": "roster", "notice": "notice", "release": "release", "guia": "guia",
             "receipt": "receipt"}


def register(sub) -> None:
    p = sub.add_parser("print", help="gera o PDF de cartões, selos, termo ou relação do ponto")
    p.add_argument("document", choices=sorted(PRINTABLE), metavar="DOCUMENTO",
                   help="card, aux-card, sticker, termo, notice, release, roster, guia ou "
                        "receipt (comprovante de protocolo)")
    p.add_argument("key", nargs="?", metavar="CHAVE",
                   help="nº da permissão (card, aux-card, termo), do selo (sticker), do auto "
                        "NNNNN/AAAA (notice, release) ou da apreensão (release), do ponto "
                        "(roster), da guia AAAA/NNNNNN (guia), o protocolo AAAA/NNNNNN do "
                        "requerimento (receipt)")
    p.add_argument("--all-active", action="store_true",
                   help="cartões ou selos de todas as permissões ativas")
    p.add_argument("--sheet", choices=["a4"], help="folha A4 com marcas de corte (padrão: "
                                                   "um cartão/selo por página)")
    p.add_argument("--per-sheet", type=whole_number, choices=[8, 10], default=10,
                   help="cartões por folha A4 (padrão: 10)")
    p.add_argument("-o", "--output", required=True, metavar="ARQUIVO.pdf")
    json_flag(p)
    p.set_defaults(handler=cmd_print)

    p = sub.add_parser("verify", help="confere o texto de um QR code de cartão ou selo")
    p.add_argument("text", metavar="TEXTO_DO_QR")
    json_flag(p)
    p.set_defaults(handler=cmd_verify, anonymous=True)  # the inspector on the street

    keys = sub.add_parser("keys", help="chaves de assinatura dos QR codes")
    keys.set_defaults(handler=cmd_keys)
    keys = subcommands(keys, "keys_command")
    p = keys.add_parser("export-public", help="mostra as chaves públicas (PEM) para conferência")
    p.add_argument("-o", "--output", metavar="ARQUIVO")
    keys.add_parser("list", help="lista as chaves (atual e aposentadas) e as confiáveis "
                                 "desta estação")
    p = keys.add_parser("rotate", help="cria uma chave nova, assinada pela atual; a anterior "
                                       "continua a conferir os documentos já impressos")
    p.add_argument("--unsigned", action="store_true",
                   help="a chave atual foi perdida: cria a nova sem a assinatura dela (só passa "
                        "a ser confiável com 'keys trust --from-database --confirm')")
    p = keys.add_parser("trust", help="acrescenta às chaves confiáveis desta estação as de um "
                                      "arquivo copiado da estação que assina "
                                      "(keys/trusted-IBGE.json) ou as deste banco")
    source = p.add_mutually_exclusive_group(required=True)
    source.add_argument("file", nargs="?", metavar="ARQUIVO")
    source.add_argument("--from-database", action="store_true",
                        help="as chaves deste banco que esta estação ainda não aceita")
    p.add_argument("--confirm", action="append", default=[], metavar="IMPRESSÃO_DIGITAL",
                   help="confirma a impressão digital de uma chave nova sem assinatura de "
                        "chave já confiável (os 16 primeiros dígitos bastam; repita para "
                        "cada chave)")

    verifier = sub.add_parser("verifier", help="verificador offline para o celular do fiscal")
    verifier.set_defaults(handler=cmd_verifier)
    verifier = subcommands(verifier, "verifier_command")
    p = verifier.add_parser("export", help="grava o verificador (um arquivo HTML, sem "
                                           "internet) com as chaves e a situação de hoje")
    p.add_argument("-o", "--output", required=True, metavar="ARQUIVO.html")
    json_flag(p)


def cmd_print(args) -> int:
    from ..services import documents

    def progress(done: int, total: int) -> None:
        if args.all_active and (done == total or done % 10 == 0):
            print(f"\rPreparando {done}/{total}...", end="" if done < total else "\n",
                  file=sys.stderr, flush=True)

    output = output_path(args.output)  # before a copy is reserved
    with database(args):
        printed = documents.print_document(
            actor(args), PRINTABLE[args.document], args.key, all_active=args.all_active,
            sheet=args.sheet, per_sheet=args.per_sheet, progress=progress)
        documents.write_file(actor(args), printed, output)  # the copies count from here
    data = {key: value for key, value in printed.items() if key not in ("pdf", "reservation")}
    data.update(output=str(output), bytes=len(printed["pdf"]))
    copies = printed["copies"]
    what = documents.DOCUMENTS[printed["document"]].capitalize()
    count = f"{copies[0]['copy']}ª via" if len(copies) == 1 else f"{len(copies)} documentos"
    emit(args, data, [f"{what}: {count} em {output} ({len(printed['pdf']) // 1024 + 1} KB)."])
    return EXIT_OK


def cmd_verify(args) -> int:
    from ..domain.validators import format_date
    from ..services import documents
    with database(args, read_only=True):
        result = documents.verify(args.text)
    lines = [result["message"]]
    data, status = result["data"] or {}, result["status"] or {}
    fields = ((("ibge", "Município (IBGE)"), ("key_ref", "Chave indicada"))
              if data.get("unverified") else
              (("kind_label", "Documento"), ("order_text", "Permissão nº"),
               ("serial", "Selo nº"), ("plate", "Placa"), ("cpf_masked", "CPF"),
               ("date1", "Emissão / vistoria"), ("valid_until", "Validade"),
               ("copy_text", "Via"), ("key_ref", "Chave")))
    for key, label in fields:
        value = data.get(key)
        if value not in (None, ""):
            lines.append(f"  {label}: {format_date(value) if hasattr(value, 'day') else value}")
    if data.get("unverified"):
        lines.append(f"  {data['note'][:1].upper()}{data['note'][1:]}.")
    if status.get("permit_status_label"):
        lines.append(f"  Situação atual da permissão: {status['permit_status_label']}")
    lines += [f"  ! também: {problem}" for problem in result["problems"][1:]]
    emit(args, result, lines)
    return EXIT_OK if result["valid"] else EXIT_REFUSED


def cmd_keys(args) -> int:
    from ..services.trust import keys
    with database(args):
        if args.keys_command == "rotate":
            data = keys.rotate(actor(args), unsigned=args.unsigned)
            lines = [f"Nova chave nº {data['key_id']} ({data['fingerprint_text']})"
                     + (f"; a chave nº {data['retired']} foi aposentada e continua a conferir "
                        "os documentos já impressos." if data["retired"] else ".")]
            if data["signed_by"]:
                lines.append(f"A chave nova foi assinada pela chave {data['signed_by']}: as "
                             "estações que só conferem a aceitam ao instalar o arquivo "
                             "trusted-IBGE.json desta estação (keys trust).")
            elif not data["trusted"]:
                lines.append("A chave nova ainda não é confiável nesta estação: confira a "
                             "impressão digital e confirme com 'mototaxi-desk keys trust "
                             f"--from-database --confirm \"{data['fingerprint_text']}\"'.")
        elif args.keys_command == "list":
            data = keys.list_keys()
            lines = [f"chave {k['key_ref']:<12} {k['fingerprint_text']}  "
                     f"{'atual' if k['current'] else 'aposentada':<10} "
                     f"{'confiável' if k['trusted'] else 'NÃO CONFIÁVEL nesta estação':<27}"
                     f"{'chave privada nesta estação' if k['private_key_here'] else ''}"
                     .rstrip() for k in data]
        elif args.keys_command == "trust":
            data = _trust(args, keys)
            lines = [f"Chaves confiáveis em {data['path']}:"] + [
                f"  {k['key_id']}  {k['fingerprint_text']}  "
                f"{'atual' if k['current'] else 'aposentada'}" for k in data["keys"]] + [
                f"Acrescentada: {k['key_id']} ({k['fingerprint_text']}), " +
                (f"assinada pela chave {k['signed_by']}." if k["signed_by"] else
                 "impressão digital confirmada.") for k in data["added"]]
        else:
            data = keys.export_public()
            pem = "".join(f"# {data['municipio']}/{data['uf']} IBGE {data['ibge']} — chave "
                          f"{k['key_id']} ({'atual' if k['current'] else 'aposentada'}), "
                          f"impressão digital {k['fingerprint_text']}, "
                          f"Ed25519, prefixo {data['qr_prefix']}\n{k['pem']}"
                          for k in data["keys"])
            if args.output:
                write_file(Path(args.output), pem)
                lines = [f"{len(data['keys'])} chave(s) pública(s) em {args.output}."]
            else:
                lines = pem.rstrip("\n").splitlines()
    emit(args, data, lines)
    return EXIT_OK


def _trust(args, keys) -> dict:
    """`keys trust`: new keys signed by a trusted one are added; the others need their
    fingerprints confirmed (--confirm, or 'sim' typed at the terminal after seeing them)."""
    source = None if args.from_database else Path(args.file)
    confirm = list(args.confirm)
    if not confirm and sys.stdin.isatty():
        plan = keys.trust_plan(actor(args), source)
        if plan["unsigned"]:
            print("Chave(s) nova(s) sem a assinatura de uma chave já confiável nesta estação:")
            for k in plan["unsigned"]:
                print(f"  {k['key_id']}  impressão digital {k['fingerprint_text']}")
            print("Compare com Configurações → Verificação dos documentos da estação que assina "
                  "(ou com o rodapé da relação do ponto).")
            try:
                answer = input("Confiar nesta(s) chave(s)? Digite 'sim': ")
            except EOFError:
                answer = ""
            if answer.strip().lower() == "sim":
                confirm = [k["fingerprint"] for k in plan["unsigned"]]
    try:
        return keys.install_trusted(actor(args), source, confirm=confirm)
    except keys.NeedsConfirmation as exc:
        shown = " ".join(f"--confirm \"{k['fingerprint_text']}\"" for k in exc.keys)
        raise keys.NeedsConfirmation(f"{exc} Na linha de comando: {shown} (depois de "
                                     "comparar).", exc.keys) from None


def cmd_verifier(args) -> int:
    from ..services.exchange import verifier
    with database(args):
        info = verifier.export_file(actor(args), Path(args.output))
    emit(args, info, [f"Verificador gravado em {info['output']} ({info['bytes'] // 1024 + 1} KB): "
                      f"{info['keys']} chave(s), situação de {info['as_of_text']} "
                      f"({info['listed']} item(ns) na lista), válida por "
                      f"{info['max_age_days']} dia(s).",
                      "Envie o arquivo aos fiscais (WhatsApp, e-mail, USB) e abra-o no "
                      "navegador do celular; funciona sem internet."])
    return EXIT_OK
