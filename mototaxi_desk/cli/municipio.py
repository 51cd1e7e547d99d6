"""Setting up the município: init, demo, users, profiles, settings."""
from __future__ import annotations

from pathlib import Path

from .. import config
from ..domain.errors import ProfileError
from ..store import connection
from .common import (EXIT_OK, KNOWN_ERRORS, actor, database, emit, json_flag,
                     read_password, subcommands, whole_number)
from .profile_upgrade import notice_lines, upgrade_target, write_upgraded


def register(sub) -> None:
    p = sub.add_parser("init", help="configura um banco novo para o município")
    p.add_argument("--profile", required=True,
                   help="perfil de regras: um id de 'profiles list' ou um arquivo .toml")
    p.add_argument("--municipio", required=True)
    p.add_argument("--uf", required=True)
    p.add_argument("--ibge", required=True, help="código IBGE do município (7 dígitos)")
    p.add_argument("--population", required=True, help="população (censo IBGE)")
    p.add_argument("--fiscal-unit-value",
                   help="valor da unidade fiscal (UFM/UFICA) em R$, ex.: 48,26; só onde a "
                        "lei cobra em unidade fiscal (dispensado onde não há, como em PF)")
    p.add_argument("--admin-login", default="admin")
    p.add_argument("--admin-name", default="Administrador do Sistema")
    p.add_argument("--admin-password-stdin", action="store_true",
                   help="lê a senha do administrador da entrada padrão")
    p.add_argument("--demo-database", action="store_true",
                   help="banco de demonstração ou treinamento: o único que aceita o comando "
                        "'demo' (dados fictícios); nunca o banco real")
    p.set_defaults(handler=cmd_init, anonymous=True,  # no user exists yet
                   creates_database=True)

    p = sub.add_parser("demo", help="preenche um banco de demonstração com dados fictícios "
                                    "realistas (só '--demo' ou um banco criado com 'init "
                                    "--demo-database'; nunca o banco real)")
    p.add_argument("--holders", type=whole_number, default=48,
                   help="quantos permissionários (0 a 5.000, pelos serviços, com todas as "
                        "regras; para 100.000 e 1.000.000 de autos use `make benchmark`, que "
                        "preenche em massa)")
    p.add_argument("--seed", type=whole_number, default=2019)
    p.set_defaults(handler=cmd_demo)

    users = sub.add_parser("users", help="usuários do sistema")
    users.set_defaults(handler=cmd_users)
    users = subcommands(users, "users_command")
    p = users.add_parser("add", help="cadastra um usuário")
    p.add_argument("login")
    p.add_argument("--name", required=True)
    p.add_argument("--role", required=True, choices=["atendente", "fiscal", "supervisor", "admin"])
    p.add_argument("--password-stdin", action="store_true", help="lê a senha da entrada padrão")
    users.add_parser("list", help="lista os usuários")
    p = users.add_parser("disable", help="desativa um usuário")
    p.add_argument("login")
    p = users.add_parser("enable", help="reativa um usuário desativado (a senha continua a "
                                        "mesma; as tentativas erradas são zeradas)")
    p.add_argument("login")
    p = users.add_parser("role", help="altera o perfil de acesso de um usuário (nunca o "
                                      "próprio nem o do único administrador ativo)")
    p.add_argument("login")
    p.add_argument("role", metavar="PERFIL", choices=["atendente", "fiscal", "supervisor",
                                                      "admin"],
                   help="atendente, fiscal, supervisor ou admin")
    p = users.add_parser("password", help="troca a senha do próprio usuário (a de --user); "
                                          "encerra a senha provisória")
    p.add_argument("--new-password-stdin", action="store_true",
                   help="lê a nova senha da entrada padrão (depois da senha atual, se esta "
                        "também vier por --password-stdin)")
    for parser in users.choices.values():  # --json after the command too
        json_flag(parser)

    profiles = sub.add_parser("profiles", help="perfis de regras")
    profiles.set_defaults(handler=cmd_profiles)
    profiles = subcommands(profiles, "profiles_command")
    profiles.add_parser("list", help="lista os perfis do programa e da pasta de dados "
                                     "(um arquivo com erro é mostrado com o erro)"
                        ).set_defaults(anonymous=True)
    p = profiles.add_parser("check", help="valida um arquivo de perfil: todos os erros, "
                                          "com o número da linha, e os avisos da atualização "
                                          "de um formato anterior")
    p.add_argument("file", help="arquivo .toml")
    p.add_argument("--upgrade", action="store_true",
                   help="grava o perfil atualizado para o formato atual em outro arquivo "
                        "(-o), com os comentários da lei; o original fica como está")
    p.add_argument("-o", "--output", metavar="NOVO_ARQUIVO",
                   help="onde gravar o perfil atualizado (com --upgrade)")
    p.set_defaults(anonymous=True)
    p = profiles.add_parser("adopt", help="adota um arquivo como nova versão do perfil do "
                                          "banco, em vigor a partir de uma data (admin)")
    p.add_argument("file", help="arquivo .toml do perfil (nova redação da lei)")
    p.add_argument("--from", dest="effective_from", required=True,
                   help="data de vigência (dd/mm/aaaa): atos a partir dela seguem esta versão")
    p.add_argument("--preview", action="store_true",
                   help="só mostra o que mudaria (avisos do formato e cada regra alterada, "
                        "com o artigo) e as recusas; nada é gravado")
    p.add_argument("--replaces-law", metavar="PERFIL_EM_VIGOR",
                   help="adota o arquivo de outra lei (uma lei nova que substitui a "
                        "anterior): confirme nomeando o perfil da lei em vigor")
    profiles.add_parser("versions", help="as versões do perfil guardadas no banco e os "
                                         "arquivos alterados ainda não adotados"
                        ).set_defaults(anonymous=True)

    settings = sub.add_parser("settings", help="dados do município e números do perfil")
    settings.set_defaults(handler=cmd_settings)
    settings = subcommands(settings, "settings_command")
    settings.add_parser("show", help="mostra o município e os números editáveis do perfil")
    settings.add_parser("list", help="lista todas as configurações do programa: onde ficam "
                                     "(janela.ini, gui.json, backup.json, banco), o padrão e "
                                     "quem altera")
    p = settings.add_parser("set", help="altera um número do perfil (ex.: stand.max_vehicles "
                                        "12) ou um dado de cobrança (municipio.cnpj, "
                                        "municipio.febraban_code, municipio.barcode_module, "
                                        "municipio.pix_key)")
    p.add_argument("key")
    p.add_argument("value")
    p = settings.add_parser("population", help="atualiza a população (censo IBGE)")
    p.add_argument("value")
    p = settings.add_parser("fiscal-unit", help="valor da unidade fiscal (UFM/UFICA) num ano")
    p.add_argument("year")
    p.add_argument("value")
    p = settings.add_parser("tariff", help="tarifa inicial do serviço a partir de uma data "
                                           "(as multas de PF Art. 32 usam a tarifa vigente)")
    p.add_argument("date", metavar="DATA", help="início da vigência, dd/mm/aaaa")
    p.add_argument("value", metavar="VALOR", help="em R$, ex.: 5,50")
    p.add_argument("--act", default="", help="ato que fixou a tarifa")
    p = settings.add_parser("holiday-add", help="cadastra um feriado municipal (fora dos dias "
                                                "úteis dos prazos de defesa e recurso)")
    p.add_argument("date", metavar="DATA", help="dd/mm/aaaa")
    p.add_argument("name", metavar="NOME", help="ex.: 'Padroeiro do município'")
    p = settings.add_parser("holiday-remove", help="remove um feriado municipal cadastrado")
    p.add_argument("date", metavar="DATA", help="dd/mm/aaaa")
    for p in settings.choices.values():
        json_flag(p)


def cmd_init(args) -> int:
    from ..services import setup
    password = read_password(args.admin_password_stdin, "Senha do administrador")
    values = dict(profile_id=args.profile, municipio=args.municipio, uf=args.uf,
                  ibge=args.ibge, population=args.population,
                  fiscal_unit_value=args.fiscal_unit_value, admin_login=args.admin_login,
                  admin_name=args.admin_name, admin_password=password)
    checked = setup.validate_init(**values)  # bad input never creates a database file
    notices = list(checked["profile"].notices)
    url = config.database_url(args.db)
    existed = _sqlite_exists(url)
    try:
        with database(args):
            summary = setup.initialise(demo=args.demo_database, **values)
    except KNOWN_ERRORS:
        if existed is False:
            _remove_sqlite(url)  # nothing half-created
        raise
    emit(args, {**summary, "profile_notices": notices}, notice_lines(
        notices, f"Perfil {checked['profile'].location}", "o texto é guardado como está") + [
        f"Município configurado: {summary['municipio']}/{summary['uf']} "
        f"(IBGE {summary['ibge']}), perfil {summary['profile_id']}.",
        f"Limite de permissões: {summary['permit_cap']} "
        f"(população {summary['population']}).",
        f"Usuário administrador '{args.admin_login}' criado; troque a senha no primeiro acesso."]
        + _untrusted_key_warning(summary["signing_key"]))
    return EXIT_OK


def _untrusted_key_warning(key: dict) -> list[str]:
    """A database set up with an IBGE code this station already trusts other keys of: its
    key is not trusted here (services/trust/keys.py)."""
    if key["trusted"]:
        return []
    return [f"Atenção: esta estação já tem chaves confiáveis deste município ({key['path']}); "
            f"a chave de assinatura deste banco ({key['key_ref']}, impressão digital "
            f"{key['fingerprint_text']}) não é confiável aqui e nada assinado com ela é aceito. "
            "Se este é de fato o novo banco do município, um administrador confirma a chave "
            "com 'mototaxi-desk keys trust --from-database'."]


def _sqlite_exists(url: str) -> bool | None:
    if url.startswith("postgres"):
        return None
    return connection.sqlite_file_exists(connection.sqlite_path(url))


def _remove_sqlite(url: str) -> None:
    path = connection.sqlite_path(url)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def cmd_demo(args) -> int:
    from ..demo import data as demo
    from ..services import setup
    with database(args):
        setup.settings()  # refuses on a database without init
        counts = demo.fill_demo(actor(args), args.holders, seed=args.seed)
    emit(args, counts, [f"Dados de demonstração: {counts['holders']} permissionários em "
                        f"{counts['stands']} pontos, {counts['waiting']} na lista de espera."])
    return EXIT_OK


def cmd_users(args) -> int:
    from ..services.administration import users
    with database(args):
        if args.users_command == "add":
            password = read_password(args.password_stdin, f"Senha de {args.login}")
            user = users.add_user(actor(args), args.login, args.name, args.role, password)
            emit(args, user, [f"Usuário '{user['login']}' ({user['role_label']}) cadastrado; "
                              "a senha é provisória: será trocada no primeiro acesso."])
        elif args.users_command == "password":
            acting = actor(args)
            current = _current_password(args)
            new = read_password(args.new_password_stdin, f"Nova senha de {acting.login}")
            user = users.change_password(acting, current, new)
            emit(args, user, [f"Senha de '{user['login']}' alterada."])
        elif args.users_command == "disable":
            user = users.disable_user(actor(args), args.login)
            emit(args, user, [f"Usuário '{user['login']}' desativado."])
        elif args.users_command == "enable":
            user = users.enable_user(actor(args), args.login)
            emit(args, user, [f"Usuário '{user['login']}' reativado."])
        elif args.users_command == "role":
            user = users.set_role(actor(args), args.login, args.role)
            emit(args, user, [f"Usuário '{user['login']}': perfil de acesso "
                              f"{user['role_label']}."])
        else:
            rows = users.list_users()
            emit(args, rows, [f"{u['login']:<16} {u['role_label']:<14} "
                              f"{'ativo' if u['active'] else 'inativo':<8} {u['full_name']}"
                              for u in rows])
    return EXIT_OK


def _current_password(args) -> str:
    """The password the login was checked with (change_password asks for it again)."""
    return getattr(args, "_login_password", "") or ""


def cmd_profiles(args) -> int:
    from .. import profile_files  # not at start-up
    if args.profiles_command == "check":
        return _profiles_check(args, profile_files)
    if args.profiles_command in ("adopt", "versions"):
        return _profiles_versions(args)
    rows = []
    for c in profile_files.candidates():
        p = c.profile
        rows.append({"id": c.id, "origin": c.origin, "location": c.location,
                     "short_name": p.short_name if p else "", "name": p.profile.name if p else "",
                     "infractions": len(p.infractions) if p else 0, "sha256": c.sha256,
                     "ok": c.error is None, "error": c.error, "notices": list(c.notices)})
    lines = []
    for r in rows:
        if r["ok"]:
            lines.append(f"{r['id']:<36} {r['short_name']:<6} {r['name']}"
                         + (f"  [{r['origin']}]" if r["origin"] != profile_files.SHIPPED else "")
                         + ("  [formato anterior, atualizado na leitura: veja 'profiles "
                            "check']" if r["notices"] else ""))
        else:
            lines.append(f"{r['id']:<36} COM ERRO  [{r['origin']}: {r['location']}]")
            lines += [f"    {line.strip()}" for line in r["error"].splitlines()[1:]
                      or r["error"].splitlines()]
    emit(args, rows, lines)
    return EXIT_OK


def _profiles_check(args, profile_files) -> int:
    source = Path(args.file)
    target = upgrade_target(args, source)
    candidate = profile_files.read(source)
    if candidate.text is None and not source.exists():
        raise ProfileError(f"Arquivo de perfil não encontrado: {args.file}")
    if candidate.error:
        raise ProfileError(candidate.error)
    p = candidate.profile
    lines = [f"Perfil {source.name}: nenhum problema encontrado ({p.profile.name}; "
             f"{len(p.infractions)} infrações, SHA-256 {candidate.sha256[:16]}…)."]
    lines += notice_lines(candidate.notices, "Formato anterior",
                           "o arquivo não foi alterado" if target is None else "")
    written = None
    if target is not None:
        lines.append(write_upgraded(candidate, source, target))
        written = str(target) if candidate.notices else None
    emit(args, {"id": p.id, "ok": True, "sha256": candidate.sha256, "name": p.profile.name,
                "notices": list(candidate.notices), "upgraded_file": written}, lines)
    return EXIT_OK


def _profiles_versions(args) -> int:
    from ..services.administration import profile_versions
    with database(args):
        if args.profiles_command == "adopt":
            return _profiles_adopt(args, profile_versions)
        rows = profile_versions.versions()
        state = profile_versions.status()
    lines = [f"versão {r['number']:>3}  {r['profile_id']:<36} vigente desde "
             f"{_since(r['effective_from'])}  adotada por {r['adopted_by']} em "
             f"{r['adopted_at']:%d/%m/%Y}  SHA-256 {r['sha256'][:16]}…"
             + (f"  (escrita no formato {r['format']}: atualizada na leitura, o texto "
                "guardado não muda)" if r["upgraded"] else "") for r in rows]
    lines.append(f"Em vigor hoje: versão {state['in_force']['number']}.")
    for f in state["files"]:
        if f["error"]:
            lines.append(f"Arquivo {f['location']}: com erro (veja 'profiles check').")
        elif not f["same_as_in_force"]:
            lines.append(f"Arquivo {f['location']}: difere da versão em vigor"
                         + (f" (é a versão {f['adopted_as']})" if f["adopted_as"] else
                            "; não adotado: 'profiles adopt ARQUIVO --from DATA' (admin)") + ".")
    emit(args, {"versions": rows, **state}, lines)
    return EXIT_OK


def _profiles_adopt(args, profile_versions) -> int:
    """`profiles adopt FILE --from DATA [--preview]`: the upgrade's notices and what changes
    against the version in force (the window's dialog shows the same), then the version
    adopted; with --preview nothing is written."""
    from ..domain.validators import format_date
    call = profile_versions.preview if args.preview else profile_versions.adopt
    done = call(actor(args), args.file, args.effective_from, replaces_law=args.replaces_law)
    follows = done["follows"] if args.preview else None
    lines = notice_lines(done["notices"], f"Perfil {args.file}", "o texto é guardado como está")
    lines += change_lines(done["changes"], follows)
    if args.preview:
        lines.append(f"Nada foi gravado (--preview): sem --preview, o arquivo é adotado como "
                     f"versão {done['number']}, em vigor a partir de "
                     f"{format_date(done['effective_from'])}.")
    else:
        lines.append(f"Versão {done['number']} do perfil {done['profile_id']} adotada, em "
                     f"vigor a partir de {format_date(done['effective_from'])} "
                     f"(SHA-256 {done['sha256'][:16]}…).")
    emit(args, done, lines)
    return EXIT_OK


def change_lines(changes: list[dict], follows: dict | None) -> list[str]:
    """What a wording changes, a line each (profile_versions.compare's texts)."""
    against = (f"à versão {follows['number']} ({follows['law']}, em vigor desde "
               f"{follows['since']})" if follows else "à versão anterior")
    if not changes:
        return [f"Nenhuma regra muda em relação {against}: o texto difere só em "
                "comentários, na ordem ou no formato."]
    return ([f"{len(changes)} alteraç{'ões' if len(changes) > 1 else 'ão'} em relação "
             f"{against}:"] + [f"  {c['text']}" for c in changes])


def _settings_list(args) -> int:
    from .. import settings_registry
    rows = settings_registry.as_rows()
    lines = []
    for store in settings_registry.STORES:
        lines.append(f"{store}:")
        lines += [f"  {r['name']:<22} {r['type']:<6} padrão {r['default']!s:<6} "
                  f"altera: {r['changed_by']}" + (f" ({r['where']})" if r["where"] else "")
                  + f" — {r['label']}" for r in rows if r["stored_in"] == store]
    emit(args, [{**r, "default": r["default"] if not isinstance(r["default"], bytes) else None}
                for r in rows], lines)
    return EXIT_OK


def _since(day) -> str:
    from ..domain.profiles import EARLIEST
    from ..domain.validators import format_date
    return "a instalação" if day == EARLIEST else format_date(day)


def cmd_settings(args) -> int:
    if args.settings_command == "list":  # the declarations: no database needed
        return _settings_list(args)
    from ..domain import usual_ranges
    from ..domain.money import format_money
    from ..domain.profiles import editable_numbers
    from ..services import setup
    from ..services.payments import collection
    from ..services import ledger
    from ..services.register import stands
    note = ""
    with database(args):
        if args.settings_command == "set" and args.key in collection.KEYS:
            collection.update(actor(args), **{collection.KEYS[args.key]: args.value})
        elif args.settings_command == "set":
            setup.set_profile_number(actor(args), args.key, args.value)
            note = stands.setting_note(args.key)  # a ponto number: what it reaches
        elif args.settings_command == "population":
            setup.set_population(actor(args), args.value)
        elif args.settings_command == "fiscal-unit":
            setup.set_fiscal_unit_value(actor(args), args.year, args.value)
        elif args.settings_command == "tariff":
            setup.set_tariff(actor(args), args.date, args.value, args.act)
        elif args.settings_command == "holiday-add":
            ledger.add_holiday(actor(args), args.date, args.name)
        elif args.settings_command == "holiday-remove":
            ledger.remove_holiday(actor(args), args.date)
        summary = setup.summary()
        numbers = editable_numbers(setup.profile_today())
        units = setup.fiscal_unit_values()
        charging = collection.current()
        tariffs = setup.tariff_values()
        holidays = ledger.list_holidays()
    data = {**summary, "numbers": numbers, "fiscal_unit_values": units, "collection": charging,
            "tariffs": tariffs, "holidays": holidays}
    if note:
        data["note"] = note
    lines = [f"{summary['municipio']}/{summary['uf']} (IBGE {summary['ibge']}), população "
             f"{summary['population']}, limite de permissões {summary['permit_cap']}",
             f"Perfil: {summary['profile_id']} — {summary['profile']}"]
    lines += [f"Unidade fiscal {year}: {format_money(cents)}" for year, cents in units.items()]
    lines += [f"Tarifa inicial a partir de {t['effective_on']:%d/%m/%Y}: "
              f"{format_money(t['value_cents'])}" + (f" ({t['act_number']})"
                                                      if t["act_number"] else "")
              for t in tariffs]
    lines += [f"Feriado municipal {h['day']:%d/%m/%Y}: {h['name']}" for h in holidays]
    lines.append(f"Cobrança: CNPJ {charging['cnpj_text'] or '—'}, código FEBRABAN "
                 f"{charging['febraban_code'] or '—'} (módulo {charging['barcode_module']}), "
                 f"chave PIX {charging['pix_text'] or '—'}")
    lines += [f"{key:<48} {value}{'  (alterado)' if key in summary['edited_numbers'] else ''}"
              for key, value in numbers.items()]
    if note:
        lines.append(f"Nota: {note}")
    # numbers far from the usual: said, not refused (domain/usual_ranges.py)
    data["warnings"] = usual_ranges.warnings(summary["population"], units,
                                             [t["value_cents"] for t in tariffs])
    lines += [f"Aviso: {text}" for text in data["warnings"]]
    emit(args, data, lines)
    return EXIT_OK
