"""What every command shares: the Portuguese parser, output, passwords, the open database,
and the actor a command acts as."""
from __future__ import annotations

import argparse
import functools
import json
import os
import re
import shutil
import sys
from contextlib import contextmanager
from pathlib import Path

from .. import config
from ..domain import output_files
from ..domain.errors import DomainError, ProfileError, ValidationError
from ..store import connection
from ..store.connection import StoreError
from ..store.migrations import close_database, open_database
from ..exit_codes import EXIT_OK, EXIT_REFUSED, EXIT_USAGE  # noqa: F401 (cli's names)

KNOWN_ERRORS = (DomainError, StoreError, ProfileError)

# argparse looks up the translation of its own words ("usage", "show this help message...")
# through gettext on every parser and argument it makes; gettext searches the disk for a
# catalogue each time. With some 100 parsers and 500 arguments that was ~0.3 s of every
# command (most of a command's time). The same answer, looked up once per message.
# argparse's own error messages are given in Portuguese (its help words stay as they are).
_PORTUGUESE = {
    "argument %(argument_name)s: %(message)s": "argumento %(argument_name)s: %(message)s",
    "invalid %(type)s value: %(value)r": "valor inválido: %(value)r",
    "invalid choice: %(value)r (choose from %(choices)s)":
        "opção inválida: %(value)r (escolha entre %(choices)s)",
    "unrecognized arguments: %s": "argumentos não reconhecidos: %s",
    "the following arguments are required: %s": "faltam os argumentos obrigatórios: %s",
    "one of the arguments %s is required": "informe um dos argumentos %s",
    "not allowed with argument %s": "não cabe junto com o argumento %s",
    "expected one argument": "falta o valor",
    "expected at least one argument": "falta ao menos um valor",
    "expected at most one argument": "no máximo um valor",
    "ignored explicit argument %r": "valor não cabe nesta opção: %r",
    "ambiguous option: %(option)s could match %(matches)s":
        "opção ambígua: %(option)s pode ser %(matches)s",
}
_gettext = argparse._
argparse._ = functools.lru_cache(maxsize=None)(
    lambda message: _PORTUGUESE.get(message) or _gettext(message))


def whole_number(text: str) -> int:
    """An argument's whole number, in the digits 0 to 9 only (a minus sign before them: the
    command says what range it takes): int() also takes '١٢', ' 12 ' and '1_000', which a
    mistyped or pasted value should not pass as."""
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()):
        raise argparse.ArgumentTypeError(
            f"{text!r} não é um número inteiro (algarismos de 0 a 9)")
    return int(text)


def database_option(text: str) -> str:
    """--db: refused when empty (config.database_url says why), before any command runs."""
    try:
        return config.check_database_value(text, "--db", "omita --db")
    except ValidationError as exc:
        raise argparse.ArgumentTypeError(exc.message) from None


# argparse makes a help formatter for every argument it adds (to check its metavar), and each
# formatter asks the terminal for its size: once is enough.
_HELP_WIDTH = max(shutil.get_terminal_size().columns - 2, 40)
_Formatter = functools.partial(argparse.HelpFormatter, width=_HELP_WIDTH)


class Parser(argparse.ArgumentParser):
    """Every parser of the command line (subcommands are made with this class too)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", _Formatter)
        # No abbreviations: `--password X` was taken for `--password-stdin`, and a new
        # option could silently change what an abbreviation in a script means.
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)
        self._words: list[str] = []

    def parse_known_args(self, args=None, namespace=None):
        self._words = list(sys.argv[1:] if args is None else args)  # for error()
        return super().parse_known_args(self._words, namespace)

    def error(self, message):  # argparse's own usage errors, in Portuguese, exit 2
        self.print_usage(sys.stderr)
        message = redacted(message, secret_values(self._words))
        print(f"{self.prog}: erro de uso: {message}", file=sys.stderr)
        sys.exit(EXIT_USAGE)


# An option whose value may be a secret: its value (`--senha X`, `--password=X`) is never
# echoed, even when the option does not exist (then argparse calls X an unknown argument,
# or a command that does not exist), nor the word after a flag such as --password-stdin
# (`--password-stdin X`: X is most likely a password written where it does not go).
_SECRET_OPTION = re.compile(r"^-.*(pass|senha|secret|segredo|token)", re.IGNORECASE)
_URL_PASSWORD = re.compile(r"(\w+://[^/@\s:]*:)[^@\s]*@")


def secret_values(words: list[str]) -> set[str]:
    """The words of a command line that may be secrets: what follows a password-like option
    (`--password=X`, or the next word)."""
    found = set()
    for index, word in enumerate(words):
        name, equals, value = word.partition("=")
        if not _SECRET_OPTION.match(name):
            continue
        if equals:
            found.add(value)
        elif index + 1 < len(words):
            found.add(words[index + 1])
    return {value for value in found if value}


def redacted(message: str, secrets: set[str]) -> str:
    """`message` with each secret, as a whole word (or quoted, as argparse quotes it), and
    the password of a database URL replaced by ***."""
    message = _URL_PASSWORD.sub(r"\1***@", message)
    for secret in sorted(secrets, key=len, reverse=True):
        for form in {secret, repr(secret)[1:-1]}:
            message = re.sub(rf"(?<![^\s'\"=,(\[]){re.escape(form)}(?![^\s'\",)\]])", "***",
                             message)
    return message


def subcommands(parser: argparse.ArgumentParser, dest: str) -> argparse._SubParsersAction:
    """A required second word (`users add`, `keys list`...)."""
    return parser.add_subparsers(dest=dest, required=True, parser_class=Parser)


def command_group(sub, name: str, help_text: str, dest: str) -> argparse._SubParsersAction:
    """The second words of command `name` (`person export`, `person edit`...), shared by
    the modules that add to it: the first to register it makes it."""
    parser = sub.choices.get(name)
    if parser is None:
        parser = sub.add_parser(name, help=help_text)
        parser.second_words = subcommands(parser, dest)
    return parser.second_words


def json_flag(parser: argparse.ArgumentParser) -> None:
    """Accept --json after the command too (it is a global option)."""
    parser.add_argument("--json", action="store_true", default=argparse.SUPPRESS)


def emit(args, data, text_lines) -> None:
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=2, default=str))
    else:
        for line in text_lines:
            print(line)


# a password is at most 200 characters (services/users.check_password): a line read from
# standard input stops a little past that, so `--password-stdin < /dev/zero` ends at once
PASSWORD_LINE_LIMIT = 1024


def _password_line() -> str:
    line = sys.stdin.readline(PASSWORD_LINE_LIMIT + 1)
    if len(line) > PASSWORD_LINE_LIMIT:
        raise ValidationError("Senha", "linha da entrada padrão longa demais (máximo 200 "
                                       "caracteres).")
    return line.rstrip("\r\n")


def read_password(flag: bool, prompt: str) -> str:
    if flag:
        return _password_line()
    if not sys.stdin.isatty():
        raise DomainError("Informe a senha pela entrada padrão com --admin-password-stdin "
                          "ou --password-stdin.")
    import getpass
    first = getpass.getpass(f"{prompt}: ")
    if getpass.getpass("Repita a senha: ") != first:
        raise DomainError("As senhas não conferem.")
    return first


def write_file(path: Path, content: bytes | str) -> None:
    """Write a command's output file through the program's one checked writer
    (domain/output_files.py): a regular file, whole or not at all; a refusal or an OS
    error is an OutputError naming the file."""
    output_files.write_atomic(path, content.encode("utf-8") if isinstance(content, str)
                              else content)


def output_path(value: str | None) -> Path | None:
    """An output file named on the command line, refused up front when it cannot be one (a
    device, a FIFO, a folder, a link): before an act is done or a copy reserved for it."""
    if value is None:
        return None
    path = Path(value)
    output_files.check_target(path)
    return path


def database_url(args) -> str:
    return config.demo_db_path().as_posix() if args.demo else config.database_url(args.db)


@contextmanager
def database(args, automatic_backup: bool = True, pass_time: bool = True,
             read_only: bool = False):
    """The open database for a command. Unless `pass_time` is False (the commands that
    inspect or copy the database as it is), the register is first brought to today
    (services/clock.py), as when the program opens. A `read_only` command (it shows, it does
    not change the register) skips the full integrity check of the SQLite file, which reads
    every page (seconds on a large register); a migration, if due, still checks first."""
    url = database_url(args)
    _refuse_missing_file(args, url)
    db = open_database(url, check=not read_only)
    if not read_only:  # the command's actions keep the Painel's due-dates table current
        from ..services.views import due_dates
        due_dates.listen()
    try:
        if not getattr(args, "anonymous", False) and not args.demo:
            actor(args)  # a named, checked user before anything else runs (see actor)
        if args.demo:  # --demo works with every command: the demo database is made on first use
            from ..demo import data as demo
            demo.ensure_demo_database()
        _assess_clock()
        if not args.demo:
            _startup_checks(url, automatic_backup)
        if pass_time:
            _pass_time()
        yield db
    finally:
        close_database()
        from ..domain import wallclock
        wallclock.hold(None)  # the hold was this database's


def _refuse_missing_file(args, url: str) -> None:
    """Only `init` (and the demo database, made on first use) creates an SQLite file: any
    other command at a mistyped path is refused, leaving no empty database behind."""
    url = url.strip()
    if args.demo or getattr(args, "creates_database", False) or \
            ("://" in url and not url.lower().startswith("sqlite:///")):
        return  # PostgreSQL, or a URL the connection refuses with its own message
    path = connection.sqlite_path(url.strip())
    if not connection.sqlite_file_exists(path):
        raise StoreError(f"Banco de dados não encontrado: '{connection.shown_path(path)}'. "
                         "Confira --db ou MOTOTAXI_DB; um banco novo é criado com "
                         "'mototaxi-desk init'.")


def _assess_clock() -> None:
    """Whether the computer's date can be trusted (services/trust/clock_trust.py); when not, the
    command runs held at the register's last day, read-only, and says why."""
    from ..services.trust import clock_trust
    try:
        state = clock_trust.assess()
    except KNOWN_ERRORS as exc:
        print(f"Aviso: a data do computador não pôde ser conferida: {exc}", file=sys.stderr)
        return
    if not state["trusted"]:
        print(f"Aviso: {state['message']}", file=sys.stderr)


def _pass_time() -> None:
    """The daily passage of time on a set-up database; a failure is reported and does not
    stop the command (the next opening tries again)."""
    from ..services import clock
    from ..services.administration import first_run
    if not first_run.is_initialised():
        return
    try:
        clock.tick()
    except KNOWN_ERRORS as exc:
        print(f"Aviso: a atualização diária das situações falhou: {exc}", file=sys.stderr)


def _startup_checks(url: str, automatic_backup: bool) -> None:
    """The network-share warning, and the automatic copy when the last is 24 h old (a
    failed copy is reported and does not stop the command)."""
    from ..services.administration import backups
    warning = connection.location_warning(url)
    if warning:
        print(f"Aviso: {warning}", file=sys.stderr)
    try:
        if automatic_backup:
            backups.automatic_backup()
    except KNOWN_ERRORS as exc:
        print(f"Aviso: a cópia de segurança automática falhou: {exc}", file=sys.stderr)


USER_ENV, PASSWORD_ENV = "MOTOTAXI_USER", "MOTOTAXI_PASSWORD"
CLI_VIA = "linha de comando"


def login_options(parser: argparse.ArgumentParser, *, top: bool = False) -> None:
    """--user and --password-stdin, before the command (`top`) or after it: every command
    parser gets them (cli/__init__.py), unless it already has an option of that name
    (`users add --password-stdin` is the new user's password)."""
    default = None if top else argparse.SUPPRESS
    if "--user" not in parser._option_string_actions:
        parser.add_argument("--user", metavar="LOGIN", default=default,
                            help=f"usuário que executa o comando (ou {USER_ENV})")
    if "--password-stdin" not in parser._option_string_actions:
        parser.add_argument("--password-stdin", dest="login_password_stdin",
                            action="store_true", default=False if top else argparse.SUPPRESS,
                            help="lê a senha do usuário da primeira linha da entrada padrão "
                                 f"(ou {PASSWORD_ENV}; sem nenhum dos dois, ela é perguntada)")


def command_name(args) -> str:
    """`users add`, `person export`...: the words of the command given."""
    words = [args.command or ""]
    words += [str(value) for key, value in sorted(vars(args).items())
              if key.endswith("_command") and isinstance(value, str)]
    return " ".join(w for w in words if w)


def actor(args):
    """Who a command acts as — the one place that decides it. The user named by --user (or
    MOTOTAXI_USER), with the password from --password-stdin, MOTOTAXI_PASSWORD or asked at
    the terminal, checked as the window's login checks it (services/users.authenticate: the
    same lockout and messages, audited with this machine's name); the audit entries of the
    command then name that user. Without a user the command is refused (exit 1) and the
    refusal audited. The commands that need no login (init, self-test, verify, profiles
    list|check|versions) set `anonymous`: database() does not log them in (should one call
    actor, it asks for a login like any other); `tick` acts as the system's service actor
    `sistema` (set `service_actor`), and so does every command on the demo database
    (`--demo`). Needs the open database."""
    cached = getattr(args, "_actor", None)
    if cached is not None:
        return cached
    from ..services.administration import users
    from ..services.context import SYSTEM
    if getattr(args, "service_actor", False) or getattr(args, "demo", False):
        acting = SYSTEM  # `anonymous` commands are not logged in up front; if one acts, it asks
    else:
        from ..services import setup
        setup.settings()  # a database without init has no users: say so, not "incorrect"
        login = (getattr(args, "user", None) or os.environ.get(USER_ENV, "")).strip()
        if not login:
            _refuse_anonymous(args)
        password = _login_password(args, login)
        acting = users.authenticate(login, password, via=f"{CLI_VIA}: {command_name(args)}")
        args._login_password = password  # `users password` confirms the change with it
    args._actor = acting
    return acting


def _login_password(args, login: str) -> str:
    if getattr(args, "login_password_stdin", False):
        return _password_line()
    if os.environ.get(PASSWORD_ENV):
        return os.environ[PASSWORD_ENV]
    if not sys.stdin.isatty():
        raise DomainError(f"Informe a senha de '{login}': --password-stdin (primeira linha da "
                          f"entrada padrão) ou a variável de ambiente {PASSWORD_ENV}.")
    import getpass
    return getpass.getpass(f"Senha de {login}: ")


def _refuse_anonymous(args) -> None:
    """No user named: refused, and the refusal audited (when the database is set up)."""
    from ..services import audit
    from ..services.administration import first_run
    from ..services.context import Actor
    message = ("Este comando exige um usuário: informe --user LOGIN (ou a variável "
               f"{USER_ENV}) e a senha (perguntada, --password-stdin ou {PASSWORD_ENV}).")
    if first_run.is_initialised():
        from ..store.connection import write_transaction
        with write_transaction():
            audit.record(Actor(None, "", "nenhum"), "refused:cli.login", "user", "",
                         after={"command": command_name(args), "via": CLI_VIA,
                                "message": message})
    raise DomainError(message)
