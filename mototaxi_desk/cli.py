"""The `mototaxi-desk` command line: parse, call a service, print (or --json).

Exit codes: 0 ok, 1 refused by a rule or bad input (message on stderr), 2 usage error.
"""
from __future__ import annotations

import argparse
import json
import sys
from contextlib import contextmanager
from pathlib import Path

from . import __version__, config
from .domain.errors import DomainError, ProfileError
from .store import connection
from .store.connection import StoreError
from .store.migrations import close_database, open_database

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2
KNOWN_ERRORS = (DomainError, StoreError, ProfileError)


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse's own usage errors, in Portuguese, exit 2
        self.print_usage(sys.stderr)
        print(f"{self.prog}: erro de uso: {message}", file=sys.stderr)
        sys.exit(EXIT_USAGE)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="mototaxi-desk",
                     description="Mototáxi Desk — serviço municipal de mototáxi. "
                                 "Sem comando, abre o programa.")
    parser.add_argument("--db", help="banco de dados: caminho de arquivo, sqlite:///... ou "
                                     "postgresql://... (padrão: MOTOTAXI_DB ou a pasta de dados)")
    parser.add_argument("--demo", action="store_true",
                        help="abre o banco de demonstração (separado do real), criando-o se preciso")
    parser.add_argument("--json", action="store_true", help="saída em JSON")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    p = sub.add_parser("init", help="configura um banco novo para o município")
    p.add_argument("--profile", required=True, help="perfil de regras (veja 'profiles list')")
    p.add_argument("--municipio", required=True)
    p.add_argument("--uf", required=True)
    p.add_argument("--ibge", required=True, help="código IBGE do município (7 dígitos)")
    p.add_argument("--population", required=True, help="população (censo IBGE)")
    p.add_argument("--fiscal-unit-value", required=True,
                   help="valor da unidade fiscal (UFM/UFICA) em R$, ex.: 48,26")
    p.add_argument("--admin-login", default="admin")
    p.add_argument("--admin-name", default="Administrador do Sistema")
    p.add_argument("--admin-password-stdin", action="store_true",
                   help="lê a senha do administrador da entrada padrão")

    p = sub.add_parser("demo", help="preenche o banco com dados fictícios realistas")
    p.add_argument("--holders", type=int, default=48)
    p.add_argument("--seed", type=int, default=2019)

    p = sub.add_parser("search", help="busca por CPF, nome, placa, permissão ou protocolo")
    p.add_argument("text", nargs="+")
    p.add_argument("--limit", type=int, default=20)

    users = sub.add_parser("users", help="usuários do sistema").add_subparsers(
        dest="users_command", required=True, parser_class=_Parser)
    p = users.add_parser("add", help="cadastra um usuário")
    p.add_argument("login")
    p.add_argument("--name", required=True)
    p.add_argument("--role", required=True, choices=["atendente", "fiscal", "supervisor", "admin"])
    p.add_argument("--password-stdin", action="store_true", help="lê a senha da entrada padrão")
    users.add_parser("list", help="lista os usuários")
    p = users.add_parser("disable", help="desativa um usuário")
    p.add_argument("login")

    profiles = sub.add_parser("profiles", help="perfis de regras").add_subparsers(
        dest="profiles_command", required=True, parser_class=_Parser)
    profiles.add_parser("list", help="lista os perfis disponíveis")

    settings = sub.add_parser("settings", help="dados do município e números do perfil").add_subparsers(
        dest="settings_command", required=True, parser_class=_Parser)
    settings.add_parser("show", help="mostra o município e os números editáveis do perfil")
    p = settings.add_parser("set", help="altera um número do perfil (ex.: stand.max_vehicles 12)")
    p.add_argument("key")
    p.add_argument("value")
    p = settings.add_parser("population", help="atualiza a população (censo IBGE)")
    p.add_argument("value")
    p = settings.add_parser("fiscal-unit", help="valor da unidade fiscal (UFM/UFICA) num ano")
    p.add_argument("year")
    p.add_argument("value")

    p = sub.add_parser("alerts", help="prazos vencidos e a vencer (permissões, vistorias, CNH, "
                                      "seguro, lista de espera...)")
    p.add_argument("--days", type=int, default=30,
                   help="quantos dias à frente olhar (padrão: 30); os vencidos sempre aparecem")

    p = sub.add_parser("ledger", help="autos de infração, pontos, multas em aberto, prazos e "
                                      "sanções propostas de um CPF ou permissão")
    p.add_argument("query", metavar="CPF|PERMISSAO")

    p = sub.add_parser("print", help="gera o PDF de cartões, selos, termo ou relação do ponto")
    p.add_argument("document", choices=sorted(PRINTABLE), metavar="DOCUMENTO",
                   help="card, aux-card, sticker, termo, notice, release ou roster")
    p.add_argument("key", nargs="?", metavar="CHAVE",
                   help="nº da permissão (card, aux-card, termo), do selo (sticker), do auto "
                        "NNNNN/AAAA (notice, release) ou da apreensão (release), do ponto "
                        "(roster)")
    p.add_argument("--all-active", action="store_true",
                   help="cartões ou selos de todas as permissões ativas")
    p.add_argument("--sheet", choices=["a4"], help="folha A4 com marcas de corte (padrão: "
                                                   "um cartão/selo por página)")
    p.add_argument("--per-sheet", type=int, choices=[8, 10], default=10,
                   help="cartões por folha A4 (padrão: 10)")
    p.add_argument("-o", "--output", required=True, metavar="ARQUIVO.pdf")
    p.add_argument("--json", action="store_true", default=argparse.SUPPRESS)

    p = sub.add_parser("verify", help="confere o texto de um QR code de cartão ou selo")
    p.add_argument("text", metavar="TEXTO_DO_QR")
    p.add_argument("--json", action="store_true", default=argparse.SUPPRESS)

    keys = sub.add_parser("keys", help="chaves de assinatura dos QR codes").add_subparsers(
        dest="keys_command", required=True, parser_class=_Parser)
    p = keys.add_parser("export-public", help="mostra as chaves públicas (PEM) para conferência")
    p.add_argument("-o", "--output", metavar="ARQUIVO")
    keys.add_parser("list", help="lista as chaves (atual e aposentadas)")
    keys.add_parser("rotate", help="cria uma chave nova; a anterior continua a conferir "
                                   "os documentos já impressos")

    p = sub.add_parser("backup", help="cópia de segurança do banco (SQLite: na pasta de dados; "
                                      "PostgreSQL: pg_dump)")
    p.add_argument("--to", metavar="CAMINHO", help="pasta ou arquivo novo onde gravar a cópia")
    p.add_argument("--list", action="store_true", help="lista as cópias da pasta de dados")
    p = sub.add_parser("restore", help="restaura uma cópia (confere o arquivo antes; o banco "
                                       "substituído é guardado)")
    p.add_argument("path", metavar="ARQUIVO")

    person = sub.add_parser("person", help="dados de uma pessoa (LGPD)").add_subparsers(
        dest="person_command", required=True, parser_class=_Parser)
    p = person.add_parser("export", help="grava tudo o que o programa guarda sobre a pessoa "
                                         "(JSON + PDF), para um pedido do titular (LGPD Art. 18)")
    p.add_argument("cpf", metavar="CPF")
    p.add_argument("-o", "--output", default=".", metavar="PASTA",
                   help="pasta onde gravar (padrão: a atual)")
    p.add_argument("--json", action="store_true", default=argparse.SUPPRESS)

    sub.add_parser("self-test", help="verificação completa num banco temporário (sem Qt)")

    audit_cmd = sub.add_parser("audit", help="trilha de auditoria (encadeada por hash)") \
        .add_subparsers(dest="audit_command", required=True, parser_class=_Parser)
    audit_cmd.add_parser("verify", help="confere a cadeia e aponta o primeiro elo quebrado")
    p = audit_cmd.add_parser("list", help="últimos registros de auditoria")
    p.add_argument("--entity", help="ex.: permit, application, infraction_notice")
    p.add_argument("--id", dest="entity_id", help="id do registro da entidade")
    p.add_argument("--since", help="desde a data dd/mm/aaaa")
    p.add_argument("--limit", type=int, default=50)
    p = sub.add_parser("check", help="confere se o banco está íntegro: arquivo, registros "
                                     "completos, numeração sem falhas, trilha de auditoria")
    p.add_argument("--quick", action="store_true", help="pula a verificação página a página "
                                                       "do arquivo SQLite")
    return parser


def _emit(args, data, text_lines) -> None:
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=2, default=str))
    else:
        for line in text_lines:
            print(line)


def _read_password(args, flag: bool, prompt: str) -> str:
    if flag:
        return sys.stdin.readline().rstrip("\r\n")
    if not sys.stdin.isatty():
        raise DomainError("Informe a senha pela entrada padrão com --admin-password-stdin "
                          "ou --password-stdin.")
    import getpass
    first = getpass.getpass(f"{prompt}: ")
    if getpass.getpass("Repita a senha: ") != first:
        raise DomainError("As senhas não conferem.")
    return first


@contextmanager
def _database(args, automatic_backup: bool = True):
    url = config.demo_db_path().as_posix() if args.demo else config.database_url(args.db)
    db = open_database(url)
    try:
        if args.demo:  # --demo works with every command: the demo database is made on first use
            from .services import demo
            demo.ensure_demo_database()
        else:
            _startup_checks(url, automatic_backup)
        yield db
    finally:
        close_database()


def _startup_checks(url: str, automatic_backup: bool) -> None:
    """The network-share warning, and the automatic copy when the last is 24 h old (a
    failed copy is reported and does not stop the command)."""
    from .services import backups
    warning = connection.location_warning(url)
    if warning:
        print(f"Aviso: {warning}", file=sys.stderr)
    try:
        if automatic_backup:
            backups.automatic_backup()
    except KNOWN_ERRORS as exc:
        print(f"Aviso: a cópia de segurança automática falhou: {exc}", file=sys.stderr)


def cmd_init(args) -> int:
    from .services import setup
    password = _read_password(args, args.admin_password_stdin, "Senha do administrador")
    values = dict(profile_id=args.profile, municipio=args.municipio, uf=args.uf,
                  ibge=args.ibge, population=args.population,
                  fiscal_unit_value=args.fiscal_unit_value, admin_login=args.admin_login,
                  admin_name=args.admin_name, admin_password=password)
    setup.validate_init(**values)  # bad input never creates a database file
    url = config.database_url(args.db)
    existed = _sqlite_exists(url)
    try:
        with _database(args):
            summary = setup.initialise(**values)
    except KNOWN_ERRORS:
        if existed is False:
            _remove_sqlite(url)  # nothing half-created
        raise
    _emit(args, summary, [
        f"Município configurado: {summary['municipio']}/{summary['uf']} "
        f"(IBGE {summary['ibge']}), perfil {summary['profile_id']}.",
        f"Limite de permissões: {summary['permit_cap']} "
        f"(população {summary['population']}).",
        f"Usuário administrador '{args.admin_login}' criado; troque a senha no primeiro acesso."])
    return EXIT_OK


def _sqlite_exists(url: str) -> bool | None:
    if url.startswith("postgres"):
        return None
    return connection.sqlite_path(url).exists()


def _remove_sqlite(url: str) -> None:
    path = connection.sqlite_path(url)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def cmd_demo(args) -> int:
    from .services import demo, setup
    with _database(args):
        setup.settings()  # refuses on a database without init
        counts = demo.fill(args.holders, seed=args.seed)
    _emit(args, counts, [f"Dados de demonstração: {counts['holders']} permissionários em "
                         f"{counts['stands']} pontos, {counts['waiting']} na lista de espera."])
    return EXIT_OK


def cmd_search(args) -> int:
    from .services import search
    with _database(args):
        hits = search.search(" ".join(args.text), limit=max(1, min(args.limit, 200)))
    lines = [f"{h['matched']:<28} {h['name']} (CPF {h['cpf']})" for h in hits] or \
        ["Nada encontrado."]
    _emit(args, hits, lines)
    return EXIT_OK


def cmd_users(args) -> int:
    from .services import users
    from .services.context import SYSTEM
    with _database(args):
        if args.users_command == "add":
            password = _read_password(args, args.password_stdin, f"Senha de {args.login}")
            user = users.add_user(SYSTEM, args.login, args.name, args.role, password)
            _emit(args, user, [f"Usuário '{user['login']}' ({user['role_label']}) cadastrado; "
                               "a senha é provisória: será trocada no primeiro acesso."])
        elif args.users_command == "disable":
            user = users.disable_user(SYSTEM, args.login)
            _emit(args, user, [f"Usuário '{user['login']}' desativado."])
        else:
            rows = users.list_users()
            _emit(args, rows, [f"{u['login']:<16} {u['role_label']:<14} "
                               f"{'ativo' if u['active'] else 'inativo':<8} {u['full_name']}"
                               for u in rows])
    return EXIT_OK


def cmd_profiles(args) -> int:
    from .domain.profiles import available_profiles, load_profile  # not at start-up
    rows = []
    for profile_id in available_profiles():
        p = load_profile(profile_id)
        rows.append({"id": p.id, "short_name": p.short_name, "name": p.profile.name,
                     "infractions": len(p.infractions)})
    _emit(args, rows, [f"{r['id']:<36} {r['short_name']:<6} {r['name']}" for r in rows])
    return EXIT_OK


def cmd_settings(args) -> int:
    from .domain.money import format_money
    from .domain.profiles import editable_numbers
    from .services import setup
    from .services.context import SYSTEM
    with _database(args):
        if args.settings_command == "set":
            setup.set_profile_number(SYSTEM, args.key, args.value)
        elif args.settings_command == "population":
            setup.set_population(SYSTEM, args.value)
        elif args.settings_command == "fiscal-unit":
            setup.set_fiscal_unit_value(SYSTEM, args.year, args.value)
        summary = setup.summary()
        numbers = editable_numbers(setup.profile())
        units = setup.fiscal_unit_values()
    data = {**summary, "numbers": numbers, "fiscal_unit_values": units}
    lines = [f"{summary['municipio']}/{summary['uf']} (IBGE {summary['ibge']}), população "
             f"{summary['population']}, limite de permissões {summary['permit_cap']}",
             f"Perfil: {summary['profile_id']} — {summary['profile']}"]
    lines += [f"Unidade fiscal {year}: {format_money(cents)}" for year, cents in units.items()]
    lines += [f"{key:<48} {value}{'  (alterado)' if key in summary['edited_numbers'] else ''}"
              for key, value in numbers.items()]
    _emit(args, data, lines)
    return EXIT_OK


def cmd_alerts(args) -> int:
    from .services import alerts
    with _database(args):
        items = alerts.due(days=args.days)
    overdue = sum(1 for item in items if item["urgency"] == "overdue")
    lines = [alerts.describe(item) for item in items]
    lines.append(f"{len(items)} prazo(s) até {args.days} dia(s), {overdue} vencido(s)." if items
                 else f"Nenhum prazo vencido ou a vencer nos próximos {args.days} dias.")
    _emit(args, items, lines)
    return EXIT_OK


def cmd_ledger(args) -> int:
    from .domain.validators import format_date
    from .services import ledger
    with _database(args):
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
            lines.append(f"Permissão nº {permit['order_number']}: {window['points']} ponto(s) "
                         f"em {window['months']} meses (limite {window['threshold']}, "
                         f"{window['article']})")
        for proposal in permit["proposals"]:
            state = "aplicada" if proposal["applied"] else (
                "pronta para aplicar" if proposal["ready"] else "aguardando o contraditório")
            lines.append(f"Proposta: {proposal['label']} — {proposal['explanation']['text']} "
                         f"[{state}]")
    lines.append(f"Em aberto: {data['open_total_text']} ({len(data['open_charges'])} "
                 "lançamento(s))" if data["open_charges"] else "Nada em aberto.")
    _emit(args, data, lines)
    return EXIT_OK


PRINTABLE = {"card": "card", "aux-card": "aux_card", "sticker": "sticker", "termo": "termo",
             "roster": "roster", "notice": "notice", "release": "release"}


def cmd_print(args) -> int:
    from .services import documents
    from .services.context import SYSTEM

    def progress(done: int, total: int) -> None:
        if args.all_active and (done == total or done % 10 == 0):
            print(f"\rPreparando {done}/{total}...", end="" if done < total else "\n",
                  file=sys.stderr, flush=True)

    with _database(args):
        printed = documents.print_document(
            SYSTEM, PRINTABLE[args.document], args.key, all_active=args.all_active,
            sheet=args.sheet, per_sheet=args.per_sheet, progress=progress)
    output = Path(args.output)
    try:
        output.write_bytes(printed["pdf"])
    except OSError as exc:
        raise DomainError(f"Não foi possível gravar {output}: {exc.strerror}.") from None
    data = {key: value for key, value in printed.items() if key != "pdf"}
    data.update(output=str(output), bytes=len(printed["pdf"]))
    copies = printed["copies"]
    what = documents.DOCUMENTS[printed["document"]].capitalize()
    count = f"{copies[0]['copy']}ª via" if len(copies) == 1 else f"{len(copies)} documentos"
    _emit(args, data, [f"{what}: {count} em {output} ({len(printed['pdf']) // 1024 + 1} KB)."])
    return EXIT_OK


def cmd_verify(args) -> int:
    from .services import documents
    with _database(args):
        result = documents.verify(args.text)
    from .domain.validators import format_date
    lines = [result["message"]]
    data, status = result["data"] or {}, result["status"] or {}
    for key, label in (("kind_label", "Documento"), ("order_text", "Permissão nº"),
                       ("serial", "Selo nº"), ("plate", "Placa"), ("cpf_masked", "CPF"),
                       ("date1", "Emissão / vistoria"), ("valid_until", "Validade"),
                       ("copy_text", "Via"), ("key_id", "Chave")):
        value = data.get(key)
        if value not in (None, ""):
            lines.append(f"  {label}: {format_date(value) if hasattr(value, 'day') else value}")
    if status.get("permit_status_label"):
        lines.append(f"  Situação atual da permissão: {status['permit_status_label']}")
    lines += [f"  ! {problem}" for problem in result["problems"]
              if problem not in result["message"]]
    _emit(args, result, lines)
    return EXIT_OK if result["valid"] and result["current"] else EXIT_REFUSED


def cmd_keys(args) -> int:
    from .services import keys
    from .services.context import SYSTEM
    with _database(args):
        if args.keys_command == "rotate":
            data = keys.rotate(SYSTEM)
            lines = [f"Nova chave nº {data['key_id']} ({data['fingerprint'][:16]}...)"
                     + (f"; a chave nº {data['retired']} foi aposentada e continua a conferir "
                        "os documentos já impressos." if data["retired"] else ".")]
        elif args.keys_command == "list":
            data = keys.list_keys()
            lines = [f"chave {k['key_id']:>3}  {k['fingerprint'][:16]}  "
                     f"{'atual' if k['current'] else 'aposentada':<10} "
                     f"{'chave privada nesta estação' if k['private_key_here'] else ''}"
                     for k in data]
        else:
            data = keys.export_public()
            pem = "".join(f"# {data['municipio']}/{data['uf']} IBGE {data['ibge']} — chave "
                          f"{k['key_id']} ({'atual' if k['current'] else 'aposentada'}), "
                          f"Ed25519, prefixo {data['qr_prefix']}\n{k['pem']}"
                          for k in data["keys"])
            if args.output:
                try:
                    Path(args.output).write_text(pem, encoding="utf-8")
                except OSError as exc:
                    raise DomainError(f"Não foi possível gravar {args.output}: "
                                      f"{exc.strerror}.") from None
                lines = [f"{len(data['keys'])} chave(s) pública(s) em {args.output}."]
            else:
                lines = pem.rstrip("\n").splitlines()
    _emit(args, data, lines)
    return EXIT_OK


def cmd_backup(args) -> int:
    from .services import backups
    from .services.context import SYSTEM
    with _database(args, automatic_backup=False):
        if args.list:
            info = backups.status()
            rows = info["copies"]
            _emit(args, {**info, "retention": vars(info["retention"])}, [f"{c['taken_at']:%d/%m/%Y %H:%M}  {c['kind_label']:<36} "
                               f"{c['bytes'] / 1e6:8.1f} MB  {c['path']}" for c in rows] +
                  [f"{len(rows)} cópia(s) em {info['folder']}."])
            return EXIT_OK
        done = backups.make_backup(SYSTEM, Path(args.to) if args.to else None)
    _emit(args, done, [f"Cópia de segurança gravada em {done['path']} "
                       f"({done['bytes'] / 1e6:.1f} MB, {done['seconds']:.1f} s)."] +
          ([f"Rotação: {len(done['removed'])} cópia(s) antiga(s) removida(s)."]
           if done["removed"] else []))
    return EXIT_OK


def cmd_restore(args) -> int:
    from .services import backups
    from .services.context import SYSTEM
    from .store import pgdump
    url = config.demo_db_path().as_posix() if args.demo else config.database_url(args.db)
    if url.strip().lower().startswith("postgres"):
        raise StoreError(pgdump.how_to_restore(connection.make_database(url)))
    done = backups.restore(SYSTEM, connection.sqlite_path(url.strip()), Path(args.path))
    kept = (f" O banco anterior foi guardado em {done['kept']}." if done["kept"]
            else " Não havia banco anterior.")
    migrated = (f" Esquema atualizado da versão {done['schema_version']} para a "
                f"{done['schema_version_now']}." if done["schema_version"] <
                done["schema_version_now"] else "")
    _emit(args, done, [f"Cópia restaurada de {done['source']}: {done['municipio']}/"
                       f"{done['uf']} (IBGE {done['ibge']}).{migrated}{kept}"])
    return EXIT_OK



def cmd_person(args) -> int:
    from .services import privacy
    from .services.context import SYSTEM
    with _database(args):
        result = privacy.write_export(SYSTEM, args.cpf, args.output)
    total = sum(result["counts"].values())
    _emit(args, result, [f"Dados de {result['name']}: {total} registros.",
                         f"JSON: {result['json']}", f"PDF:  {result['pdf']}"])
    return EXIT_OK


def cmd_self_test(args) -> int:
    from .services import selftest
    report = selftest.run()
    _emit(args, report, [f"{'ok ' if c['ok'] else 'FALHOU'} {c['name']}: {c['detail']}"
                         for c in report["checks"]] +
          [f"Autoteste: {'tudo certo' if report['ok'] else 'com falhas'}."])
    return EXIT_OK if report["ok"] else EXIT_REFUSED


def cmd_audit(args) -> int:
    from .services import audit
    with _database(args):
        if args.audit_command == "verify":
            data = audit.verify()
        else:
            data = audit.entries(entity=args.entity, entity_id=args.entity_id,
                                 since=args.since, limit=args.limit)
    if args.audit_command == "list":
        _emit(args, data, [f"{e['id']:>7}  {e['at']:%d/%m/%Y %H:%M:%S}  {e['action']:<28} "
                           f"{e['entity']} {e['entity_id']}" for e in data]
              or ["Nenhum registro."])
        return EXIT_OK
    broken = data["broken"]
    _emit(args, data, [f"Trilha de auditoria íntegra: {data['count']} registro(s); hash do "
                       f"último: {data['head']}"] if data["ok"] else [
        f"Trilha de auditoria QUEBRADA no registro nº {broken['id']} ({broken['at_text']}, "
        f"{broken['action']}): {broken['problem']}.",
        f"Os {data['count']} registro(s) anteriores conferem."])
    return EXIT_OK if data["ok"] else EXIT_REFUSED


def cmd_check(args) -> int:
    from .services import integrity
    with _database(args):
        problems = integrity.check(file_check=not args.quick)
    _emit(args, {"ok": not problems, "problems": problems},
          [f"! {p}" for p in problems] or ["Banco de dados íntegro."])
    return EXIT_OK if not problems else EXIT_REFUSED


COMMANDS = {"init": cmd_init, "demo": cmd_demo, "search": cmd_search, "users": cmd_users,
            "profiles": cmd_profiles, "settings": cmd_settings, "alerts": cmd_alerts,
            "ledger": cmd_ledger, "print": cmd_print, "verify": cmd_verify, "keys": cmd_keys,
            "backup": cmd_backup, "restore": cmd_restore, "person": cmd_person,
            "self-test": cmd_self_test, "audit": cmd_audit, "check": cmd_check}


def run(args) -> int:
    try:
        return COMMANDS[args.command](args)
    except KNOWN_ERRORS as exc:
        print(f"Erro: {exc}", file=sys.stderr)
        return EXIT_REFUSED
