"""`mail setup|show|test|send|reminders|failures|retry|unsubscribe|consent`: e-mail to holders
(issue 41 items 3 and 4; services/messaging/mail.py). The SMTP password comes from the first line of
standard input (`--smtp-password-stdin`) or is asked at the terminal; never on the command
line. An e-mail is never a legal notification: a notice sent stays awaiting notification."""
from __future__ import annotations

import sys

from ..domain.errors import DomainError
from .common import (EXIT_OK, EXIT_REFUSED, _password_line, actor, database, emit, json_flag,
                     subcommands)


def register(sub) -> None:
    cmd = sub.add_parser("mail", help="e-mail aos permissionários: servidor SMTP, envio de "
                                      "documentos e lembretes, falhas, descadastramento")
    cmd.set_defaults(handler=cmd_mail)
    words = subcommands(cmd, "mail_command")
    p = words.add_parser("setup", help="configura o servidor SMTP desta estação (a senha "
                                       "guardada cifrada); auditado")
    p.add_argument("--host", required=True, help="servidor SMTP, ex.: smtp.prefeitura.gov.br")
    p.add_argument("--port", default="", help="porta (padrão: 587 starttls, 465 ssl, 25 none)")
    p.add_argument("--security", default="starttls", help="starttls, ssl ou none")
    p.add_argument("--smtp-user", dest="smtp_user", default="", help="usuário do servidor (vazio: "
                                                                "sem login)")
    p.add_argument("--sender", required=True, help="remetente, ex.: mototaxi@prefeitura.gov.br")
    p.add_argument("--smtp-password-stdin", action="store_true",
                   help="lê a senha do servidor da primeira linha da entrada padrão")
    p.add_argument("--keep-password", action="store_true",
                   help="mantém a senha já guardada")
    json_flag(p)
    p = words.add_parser("show", help="o servidor configurado (sem a senha)")
    json_flag(p)
    p = words.add_parser("test", help="envia uma mensagem de teste")
    p.add_argument("address", metavar="ENDERECO")
    json_flag(p)
    p = words.add_parser("send", help="envia um documento da pessoa ao e-mail cadastrado "
                                      "(não é notificação oficial)")
    p.add_argument("cpf", metavar="CPF")
    p.add_argument("--document", required=True, help="termo, notice, guia ou receipt")
    p.add_argument("key", metavar="CHAVE", help="nº da permissão, do auto, da guia ou o "
                                                "protocolo")
    json_flag(p)
    p = words.add_parser("reminders", help="lembretes de prazo a quem consentiu: renovacao, "
                                           "vistoria, cnh, seguro, recadastramento")
    p.add_argument("--kind", required=True, help="renovacao, vistoria, cnh, seguro ou "
                                                 "recadastramento")
    p.add_argument("--days", default="30", help="prazos até N dias à frente (padrão 30)")
    p.add_argument("--cpf", default=None, help="só para esta pessoa")
    p.add_argument("--dry-run", action="store_true", help="só lista quem receberia")
    json_flag(p)
    p = words.add_parser("failures", help="envios que falharam")
    json_flag(p)
    p = words.add_parser("retry", help="tenta de novo os envios que falharam (ou um, pelo nº)")
    p.add_argument("delivery", nargs="?", metavar="ENVIO")
    json_flag(p)
    p = words.add_parser("unsubscribe", help="a pessoa não quer mais lembretes (documentos "
                                             "oficiais continuam)")
    p.add_argument("cpf", metavar="CPF")
    json_flag(p)


def _smtp_password(args) -> str | None:
    if args.keep_password:
        return None
    if args.smtp_password_stdin:
        return _password_line()
    if not sys.stdin.isatty():
        return ""
    import getpass
    return getpass.getpass("Senha do servidor de e-mail (vazio: nenhuma): ")


def _show_lines(data: dict) -> list[str]:
    if not data["configured"]:
        return ["Servidor de e-mail não configurado nesta estação."]
    return [f"Servidor: {data['host']}:{data['port']} ({data['security']})",
            f"Usuário: {data['user'] or '(sem login)'}",
            f"Senha: {'guardada cifrada' if data['has_password'] else 'nenhuma'}",
            f"Remetente: {data['sender']}"]


def _delivery_line(d: dict) -> str:
    what = d["document"] + (f" {d['key']}" if d["key"] else "")
    state = "enviado" if d["status"] == "sent" else "FALHOU"
    return f"Envio nº {d['id']}: {what or d['kind']} para {d['address']} — {state}: " \
           f"{d['server_reply']}"


def cmd_mail(args) -> int:
    from ..services.messaging import mail
    word = args.mail_command
    password = _smtp_password(args) if word == "setup" else None
    code = EXIT_OK
    with database(args, read_only=word in ("show", "failures")):
        if word == "show":
            data = mail.show()
            lines = _show_lines(data)
        elif word == "setup":
            data = mail.configure(actor(args), host=args.host, port=args.port,
                                  security=args.security, user=args.smtp_user,
                                  sender=args.sender, password=password)
            lines = ["Servidor de e-mail configurado nesta estação.", *_show_lines(data)]
        elif word == "test":
            data = mail.send_test(actor(args), args.address)
            lines = [_delivery_line(data)]
            code = EXIT_OK if data["status"] == "sent" else EXIT_REFUSED
        elif word == "send":
            data = mail.send_document(actor(args), args.cpf, args.document, args.key)
            lines = [_delivery_line(data), f"SHA-256 do anexo: {data['sha256']}"]
            if data["document"] == "notice":
                lines.append("O e-mail não é notificação: o auto continua aguardando "
                             "notificação.")
            code = EXIT_OK if data["status"] == "sent" else EXIT_REFUSED
        elif word == "reminders":
            data = mail.reminders(actor(args), args.kind, days=args.days, cpf=args.cpf,
                                  dry_run=args.dry_run)
            lines = _reminder_lines(data)
            code = EXIT_REFUSED if data["failed"] else EXIT_OK
        elif word == "failures":
            data = mail.failures()
            lines = [f"{_delivery_line(d)} ({d['name'] or 'teste'}, {d['attempts']} "
                     "tentativa(s))" for d in data] or ["Nenhum envio com falha."]
        elif word == "retry":
            data = mail.retry(actor(args), args.delivery)
            lines = [f"Reenviados: {data['sent']}; ainda com falha: {data['failed']}.",
                     *(f"Envio nº {s['id']} não tentado: {s['reason']}."
                       for s in data["skipped"])]
            code = EXIT_REFUSED if data["failed"] else EXIT_OK
        elif word == "unsubscribe":
            data = mail.unsubscribe(actor(args), args.cpf)
            lines = [f"{data['name']} não receberá mais lembretes por e-mail (documentos "
                     "oficiais continuam a ser enviados)."]
        else:  # pragma: no cover - argparse refuses other words
            raise DomainError(f"Comando desconhecido: {word}")
    emit(args, data, lines)
    return code


def _reminder_lines(data: dict) -> list[str]:
    head = "Receberiam" if data["dry_run"] else "Destinatários"
    lines = [f"{head}: {len(data['planned'])}"]
    lines += [f"  {p['name']} <{p['address']}> — {p['items']} prazo(s)" for p in data["planned"]]
    if data["skipped"]:
        lines.append(f"Sem envio: {len(data['skipped'])}")
        lines += [f"  {s['name']}: {s['reason']}" for s in data["skipped"]]
    if not data["dry_run"]:
        lines.append(f"Enviados: {data['sent']}; com falha: {data['failed']}"
                     + ("; cancelado" if data["cancelled"] else "") + ".")
    return lines
