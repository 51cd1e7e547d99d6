"""`certificate install|show|remove|timestamp`: the município's A1 on this station (issue 41
item 1; services/administration/certificate.py). The certificate's password comes from the first line of
standard input (`--password-stdin`) or is asked at the terminal; never on the command line.
The user's own login password then comes from MOTOTAXI_PASSWORD or the terminal."""
from __future__ import annotations

import sys
from pathlib import Path

from ..domain.errors import DomainError
from .common import EXIT_OK, _password_line, actor, database, emit, json_flag, subcommands


def register(sub) -> None:
    cmd = sub.add_parser("certificate", help="certificado digital A1 (ICP-Brasil) da prefeitura "
                                             "nesta estação: assina os documentos emitidos")
    cmd.set_defaults(handler=cmd_certificate)
    words = subcommands(cmd, "certificate_command")
    p = words.add_parser("install", help="instala o A1 (.pfx/.p12) com a senha; confere senha, "
                                         "validade e CNPJ do município; auditado")
    p.add_argument("file", metavar="ARQUIVO.pfx")
    p.add_argument("--password-stdin", dest="pfx_password_stdin", action="store_true",
                   help="lê a senha do certificado da primeira linha da entrada padrão "
                        "(sem ela, a senha é perguntada)")
    json_flag(p)
    p = words.add_parser("show", help="titular, CNPJ, validade e aviso de vencimento")
    json_flag(p)
    p = words.add_parser("remove", help="remove o A1 desta estação (documentos sem "
                                        "assinatura digital); auditado")
    json_flag(p)
    p = words.add_parser("timestamp", help="servidor de carimbo do tempo (PAdES-B-T); "
                                           "--none para nenhum (PAdES-B-B)")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("url", nargs="?", metavar="URL")
    which.add_argument("--none", action="store_true", help="sem carimbo do tempo")
    json_flag(p)


def _certificate_password(args) -> str:
    if args.pfx_password_stdin:
        return _password_line()
    if not sys.stdin.isatty():
        raise DomainError("Informe a senha do certificado pela entrada padrão com "
                          "--password-stdin.")
    import getpass
    return getpass.getpass("Senha do certificado: ")


def lines(data: dict) -> list[str]:
    if not data["installed"]:
        out = ["Nenhum certificado instalado nesta estação.", data["signing"]]
    else:
        out = [f"Titular: {data['holder']}", f"CNPJ: {data['cnpj_text']}",
               f"Emitido por: {data['issuer']}",
               f"Validade: {_date(data['not_before'])} a {_date(data['not_after'])} "
               f"({data['days_left']} dias restantes)",
               f"Impressão digital (SHA-256): {data['fingerprint']}",
               data["signing"]]
        if data["warning"]:
            out.append(f"Aviso: {data['warning']}")
    out.append("Carimbo do tempo: " + (data["timestamp_url"] or "nenhum (PAdES-B-B)"))
    return out


def _date(iso: str) -> str:
    year, month, day = iso.split("-")
    return f"{day}/{month}/{year}"


def cmd_certificate(args) -> int:
    from ..services.administration import certificate
    word = args.certificate_command
    password = _certificate_password(args) if word == "install" else ""
    with database(args):
        if word == "show":
            data = certificate.show()
        elif word == "install":
            data = certificate.install(actor(args), Path(args.file), password)
        elif word == "remove":
            data = certificate.remove(actor(args))
        else:
            data = certificate.set_timestamp_url(actor(args), "" if args.none else args.url)
    emit(args, data, lines(data))
    return EXIT_OK
