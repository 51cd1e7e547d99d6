"""Printed documents and their signed QR codes: print, verify, keys, the offline verifier."""
from __future__ import annotations

import sys
from pathlib import Path

from .common import (EXIT_OK, EXIT_REFUSED, actor, database, emit, json_flag, output_path,
                     subcommands, write_file, whole_number)

PRINTABLE = {"card": "card", "aux-card": "aux_card", "sticker": "sticker", "termo": "termo",
             "roster": "roster", "notice": "notice", "release": "release", "guia": "guia"}


def register(sub) -> None:
    p = sub.add_parser("print", help="gera o PDF de cartões, selos, termo ou relação do ponto")
    p.add_argument("document", choices=sorted(PRINTABLE), metavar="DOCUMENTO",
                   help="card, aux-card, sticker, termo, notice, release, roster ou guia")
    p.add_argument("key", nargs="?", metavar="CHAVE",
                   help="nº da permissão (card, aux-card, termo), do selo (sticker), do auto "
                        "NNNNN/AAAA (notice, release) ou da apreensão (release), do ponto "
                        "(roster), da guia AAAA/NNNNNN (guia)")
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
    keys.add_parser("rotate", help="cria uma chave nova; a anterior continua a conferir "
                                   "os documentos já impressos")
    p = keys.add_parser("trust", help="instala nesta estação as chaves confiáveis copiadas "
                                      "da estação que assina (keys/trusted-IBGE.json)")
    p.add_argument("file", metavar="ARQUIVO")

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
    for key, label in (("kind_label", "Documento"), ("order_text", "Permissão nº"),
                       ("serial", "Selo nº"), ("plate", "Placa"), ("cpf_masked", "CPF"),
                       ("date1", "Emissão / vistoria"), ("valid_until", "Validade"),
                       ("copy_text", "Via"), ("key_ref", "Chave")):
        value = data.get(key)
        if value not in (None, ""):
            lines.append(f"  {label}: {format_date(value) if hasattr(value, 'day') else value}")
    if status.get("permit_status_label"):
        lines.append(f"  Situação atual da permissão: {status['permit_status_label']}")
    lines += [f"  ! também: {problem}" for problem in result["problems"][1:]]
    emit(args, result, lines)
    return EXIT_OK if result["valid"] else EXIT_REFUSED


def cmd_keys(args) -> int:
    from ..services import keys
    with database(args):
        if args.keys_command == "rotate":
            data = keys.rotate(actor(args))
            lines = [f"Nova chave nº {data['key_id']} ({data['fingerprint'][:16]}...)"
                     + (f"; a chave nº {data['retired']} foi aposentada e continua a conferir "
                        "os documentos já impressos." if data["retired"] else ".")]
        elif args.keys_command == "list":
            data = keys.list_keys()
            lines = [f"chave {k['key_ref']:<12} {k['fingerprint_text']}  "
                     f"{'atual' if k['current'] else 'aposentada':<10} "
                     f"{'confiável' if k['trusted'] else 'NÃO CONFIÁVEL nesta estação':<27}"
                     f"{'chave privada nesta estação' if k['private_key_here'] else ''}"
                     .rstrip() for k in data]
        elif args.keys_command == "trust":
            data = keys.install_trusted(actor(args), Path(args.file))
            lines = [f"Chaves confiáveis instaladas em {data['path']}:"] + [
                f"  {k['key_id']}  {k['fingerprint_text']}  "
                f"{'atual' if k['current'] else 'aposentada'}" for k in data["keys"]]
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


def cmd_verifier(args) -> int:
    from ..services import verifier
    with database(args):
        info = verifier.export_file(actor(args), Path(args.output))
    emit(args, info, [f"Verificador gravado em {info['output']} ({info['bytes'] // 1024 + 1} KB): "
                      f"{info['keys']} chave(s), situação de {info['as_of_text']} "
                      f"({info['listed']} item(ns) na lista), válida por "
                      f"{info['max_age_days']} dia(s).",
                      "Envie o arquivo aos fiscais (WhatsApp, e-mail, USB) e abra-o no "
                      "navegador do celular; funciona sem internet."])
    return EXIT_OK
