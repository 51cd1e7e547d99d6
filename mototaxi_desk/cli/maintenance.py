"""Keeping the database safe: backup, restore, self-test, audit, check."""
from __future__ import annotations

from pathlib import Path

from ..store import connection
from ..store.connection import StoreError
from ..store.migrations import open_database
from .common import (EXIT_OK, EXIT_REFUSED, actor, database, database_url, emit,
                     subcommands, whole_number)
from ..domain import wallclock


def register(sub) -> None:
    p = sub.add_parser("backup", help="cópia de segurança do banco (SQLite: na pasta de dados; "
                                      "PostgreSQL: pg_dump)")
    p.add_argument("--to", metavar="CAMINHO", help="pasta ou arquivo novo onde gravar a cópia")
    p.add_argument("--list", action="store_true", help="lista as cópias da pasta de dados")
    p.set_defaults(handler=cmd_backup)
    p = sub.add_parser("restore", help="restaura uma cópia (confere o arquivo antes; o banco "
                                       "substituído é guardado)")
    p.add_argument("path", metavar="ARQUIVO")
    p.set_defaults(handler=cmd_restore)

    p = sub.add_parser("self-test", help="verificação completa num banco temporário (sem Qt), "
                                         "com o perfil do banco do município ou, sem banco, "
                                         "com cada perfil do programa")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--profile", help="só este perfil (id ou arquivo .toml)")
    which.add_argument("--all-profiles", action="store_true",
                       help="cada perfil do programa, mesmo havendo banco configurado")
    p.set_defaults(handler=cmd_self_test, anonymous=True)  # a temporary database

    p = sub.add_parser("db-grants", help="PostgreSQL: dá ao papel do programa só o que ele usa "
                                         "(sem alterar o esquema nem apagar auditoria); rode "
                                         "conectado como o dono do esquema")
    p.add_argument("--app-role", required=True, metavar="PAPEL",
                   help="o papel (usuário do PostgreSQL) com que os balcões se conectam")
    p.add_argument("--print", dest="print_only", action="store_true",
                   help="só mostra os comandos SQL, para o administrador do banco rodar")
    # run by the schema's owner, whom PostgreSQL itself authenticates (the URL's user); it
    # changes privileges, never the register, and may run before the município exists
    p.set_defaults(handler=cmd_db_grants, anonymous=True)

    audit_cmd = sub.add_parser("audit", help="trilha de auditoria (encadeada por hash)")
    audit_cmd.set_defaults(handler=cmd_audit)
    audit_cmd = subcommands(audit_cmd, "audit_command")
    p = audit_cmd.add_parser("verify", help="confere a cadeia e aponta o primeiro elo quebrado")
    p.add_argument("--marco", metavar="NÚMERO:HASH",
                   help="confere também o marco impresso num relatório (o registro NÚMERO "
                        "ainda tem esse hash)")
    audit_cmd.add_parser("acknowledge", help="administrador: aceita nesta estação a trilha "
                                             "como está (depois de uma restauração no "
                                             "servidor ou de reinstalar a estação); auditado")
    p = audit_cmd.add_parser("list", help="últimos registros de auditoria")
    p.add_argument("--entity", help="ex.: permit, application, infraction_notice")
    p.add_argument("--id", dest="entity_id", help="id do registro da entidade")
    p.add_argument("--since", help="desde a data dd/mm/aaaa")
    p.add_argument("--limit", type=whole_number, default=50)

    p = sub.add_parser("check", help="confere se o banco está íntegro: arquivo, registros "
                                     "completos, numeração sem falhas, trilha de auditoria, "
                                     "alterações feitas fora do programa")
    p.add_argument("--quick", action="store_true", help="pula a verificação página a página "
                                                       "do arquivo SQLite")
    p.set_defaults(handler=cmd_check)
    # the administrator's way out of a row changed outside the program (issue 34)
    acts = p.add_subparsers(dest="check_command", parser_class=type(p))
    for name, text in (("accept", "aceita como está uma linha alterada fora do programa "
                                  "(administrador; auditado, com o motivo)"),
                       ("restore", "devolve a uma linha alterada fora do programa os valores "
                                   "selados, quando a auditoria os guarda (administrador)")):
        q = acts.add_parser(name, help=text)
        q.add_argument("table", metavar="TABELA",
                       help="usuario, pessoa, permissao, veiculo, ponto, cnh, auxiliar, "
                            "vistoria, selo, auto, debito, taxa, apreensao, guia, municipio")
        q.add_argument("row_id", metavar="ID", help="o id que o check mostra")
        q.add_argument("--reason", required=True, metavar="MOTIVO",
                       help="por que a linha é aceita ou restaurada (fica na auditoria)")
        q.set_defaults(handler=cmd_check_act)


def cmd_backup(args) -> int:
    from ..services.administration import backups
    with database(args, automatic_backup=False, pass_time=False):
        if args.list:
            info = backups.status()
            rows = info["copies"]
            emit(args, {**info, "retention": vars(info["retention"])},
                 [f"{c['taken_at']:%d/%m/%Y %H:%M}  {c['kind_label']:<36} "
                  f"{c['bytes'] / 1e6:8.1f} MB  {c['path']}" for c in rows] +
                 [f"{len(rows)} cópia(s) em {info['folder']}."])
            return EXIT_OK
        done = backups.make_backup(actor(args), Path(args.to) if args.to else None)
    emit(args, done, [f"Cópia de segurança gravada em {done['path']} "
                      f"({done['bytes'] / 1e6:.1f} MB, {done['seconds']:.1f} s)."] +
         ([f"Rotação: {len(done['removed'])} cópia(s) antiga(s) removida(s)."]
          if done["removed"] else []))
    return EXIT_OK


def cmd_restore(args) -> int:
    from ..services.administration import backups
    from ..store import pgdump
    url = database_url(args)
    if url.strip().lower().startswith("postgres"):
        raise StoreError(pgdump.how_to_restore(connection.make_database(url)))
    target = connection.sqlite_path(url.strip())
    done = backups.restore(_restore_actor(args, target), target, Path(args.path))
    kept = (f" O banco anterior foi guardado em {done['kept']}." if done["kept"]
            else " Não havia banco anterior.")
    migrated = (f" Esquema atualizado da versão {done['schema_version']} para a "
                f"{done['schema_version_now']}." if done["schema_version"] <
                done["schema_version_now"] else "")
    emit(args, done, [f"Cópia restaurada de {done['source']}: {done['municipio']}/"
                      f"{done['uf']} (IBGE {done['ibge']}).{migrated}{kept}"]
         + [f"Aviso (a cópia já tinha): {w}" for w in done.get("warnings", [])])
    return EXIT_OK


def _restore_actor(args, target: Path):
    """Who restores: a user of the database being replaced, logged in as for any command.
    When there is no usable database there (missing, damaged, not set up) there are no
    users to check: the copy is restored by the system's actor, audited with this machine's
    name (whoever may write the data folder could replace the file anyway)."""
    from ..services.administration import first_run
    from ..services.context import SYSTEM
    if not target.exists():
        return SYSTEM
    try:
        db = open_database(str(target))
    except StoreError:
        return SYSTEM  # damaged or not ours: the restore's own checks speak
    try:
        if not first_run.is_initialised():
            return SYSTEM
        return actor(args)
    finally:
        db.close()


def cmd_self_test(args) -> int:
    from ..demo import selftest
    report = selftest.run(_self_test_profiles(args))
    emit(args, report, [f"{'ok ' if c['ok'] else 'FALHOU'} {c['name']}: {c['detail']}"
                        for c in report["checks"]] +
         [f"Autoteste: {'tudo certo' if report['ok'] else 'com falhas'}."])
    return EXIT_OK if report["ok"] else EXIT_REFUSED


def _self_test_profiles(args) -> list[tuple[str, str]] | None:
    """The profile(s) the self-test runs on: --profile; the version in force in the
    município's database when there is one (nothing is written to it); else every shipped
    profile (None)."""
    if args.all_profiles:
        return None
    if args.profile:
        from .. import profile_files
        candidate = profile_files.find(args.profile)
        return [(candidate.id, candidate.text)]
    url = database_url(args)
    if not url.startswith("postgres") and not connection.sqlite_path(url).exists():
        return None  # no database here (a new machine, the installer's check)
    from ..services.administration import profile_versions
    from ..services import setup
    with database(args, automatic_backup=False):
        if not setup.is_initialised():
            return None
        head = profile_versions.version_on(wallclock.today())
        text = profile_versions.text_of(head["number"])
    return [(f"{head['profile_id']} (versão {head['number']} do banco)", text)]


def cmd_audit(args) -> int:
    from ..services import audit
    from ..services.trust import published_head
    if args.audit_command == "acknowledge":
        return _acknowledge(args)
    with database(args, pass_time=False):  # the chain as it is: its head hash is kept
        if args.audit_command == "verify":
            data = audit.verify()
            if args.marco is not None:
                number, hash_prefix = _printed_mark(args.marco)
                data["marco"] = published_head.compare(number, hash_prefix)
        else:
            data = audit.entries(entity=args.entity, entity_id=args.entity_id,
                                 since=args.since, limit=args.limit)
    if args.audit_command == "list":
        emit(args, data, [f"{e['id']:>7}  {wallclock.local(e['at']):%d/%m/%Y %H:%M:%S}  "
                          f"{e['action']:<28} "
                          f"{e['entity']} {e['entity_id']}  ({e['login']}"
                          + (f" em {e['machine']}" if e["machine"] else "") + ")"
                          for e in data]
             or ["Nenhum registro."])
        return EXIT_OK
    broken = data["broken"]
    lines = [f"Trilha de auditoria íntegra: {data['count']} registro(s); hash do "
             f"último: {data['head']}"] if data["ok"] else [
        f"Trilha de auditoria QUEBRADA no registro nº {broken['id']} ({broken['at_text']}, "
        f"{broken['action']}): {broken['problem']}.",
        f"Os {data['count']} registro(s) anteriores conferem."]
    if "marco" in data:
        lines.append(f"Marco impresso: {data['marco']}" if data["marco"] else
                     f"Marco impresso {args.marco}: confere com a trilha.")
    emit(args, data, lines)
    return EXIT_OK if data["ok"] and not data.get("marco") else EXIT_REFUSED


def _printed_mark(text: str) -> tuple[int, str]:
    from ..domain.errors import ValidationError
    number, _, hash_prefix = text.strip().partition(":")
    if not number.isdigit() or not hash_prefix:
        raise ValidationError("--marco", "use NÚMERO:HASH, como impresso no relatório "
                                         "(ex.: 1240:1a2b3c4d5e6f7a8b).")
    return int(number), hash_prefix


def _acknowledge(args) -> int:
    from ..services.trust import acknowledgement
    with database(args, pass_time=False):
        done = acknowledgement.acknowledge(actor(args))
    head = done["head"]
    emit(args, done, [f"Reconhecido: {p}" for p in done["problems"]] + [
        f"A trilha de auditoria como está ({head['count']} registros até o nº {head['id']}) "
        f"passa a ser a referência desta estação; o reconhecimento é o registro de "
        f"auditoria nº {done['entry']}." if head else
        f"Reconhecimento gravado no registro de auditoria nº {done['entry']}."])
    return EXIT_OK


def cmd_db_grants(args) -> int:
    from ..store import pgroles
    with database(args, automatic_backup=False, pass_time=False) as db:
        if not connection.is_postgres(db):
            raise StoreError("db-grants é para PostgreSQL; o arquivo SQLite é protegido pelas "
                             "permissões da pasta de dados.")
        if args.print_only:
            schema = pgroles.current_schema(db)
            sql = pgroles.statements(schema, args.app_role, pgroles.tables_owner(db, schema))
            done = {"statements": sql, "applied": False}
        else:
            done = {**pgroles.apply(db, args.app_role), "applied": True}
    emit(args, done, [f"{s};" for s in done["statements"]]
         + ([f"Permissões aplicadas ao papel {args.app_role}."] if done["applied"] else []))
    return EXIT_OK


def cmd_check_act(args) -> int:
    from ..services.trust import seal_review
    act = seal_review.accept if args.check_command == "accept" else seal_review.restore
    with database(args, pass_time=False):
        done = act(actor(args), args.table, args.row_id, args.reason)
    verb = "aceita como está" if done["action"] == "accepted" else \
        "restaurada aos valores selados"
    emit(args, done, [f"{done['label']}: linha {verb} ({done['changes']}); selada de novo e "
                      "registrada na auditoria."])
    return EXIT_OK


def cmd_check(args) -> int:
    from ..services.trust import integrity
    # writes nothing; the full check reads every page itself (integrity_check), so the
    # quick_check on opening would read them all once more (a minute at a million notices)
    with database(args, pass_time=False, read_only=not args.quick):
        problems = integrity.check(file_check=not args.quick)
    hint = ["Para uma linha alterada fora do programa, o administrador a confere e roda "
            "'mototaxi-desk check accept TABELA ID --reason \"...\"' (aceita como está) ou "
            "'check restore ...' (volta aos valores selados)."] \
        if any("fora do programa" in p for p in problems) else []
    emit(args, {"ok": not problems, "problems": problems},
         [f"! {p}" for p in problems] + hint or ["Banco de dados íntegro."])
    return EXIT_OK if not problems else EXIT_REFUSED
