"""Entry point: parse arguments, set up logging, then run a command or open the window."""
from __future__ import annotations

import argparse
import logging
import os
import sys

from . import config
from .domain.errors import DomainError
from .exit_codes import EXIT_REFUSED
from .logs import setup_logging


PRIVATE_UMASK = 0o077  # files 0600, folders 0700: personal data is the user's alone


def _window_args(argv: list[str]) -> argparse.Namespace | None:
    """What opening the window takes (--db PATH, --demo), read without the command line's
    parser: that one imports every command's module and builds some 400 arguments, ~11 ms
    of the start before the login shows. None for anything else (a command, --help, a
    typo, an abbreviation): the full parser reads it, and says what is wrong."""
    db, demo, tokens = None, False, list(argv)
    while tokens:
        token = tokens.pop(0)
        if token == "--demo":
            demo = True
        elif token == "--db" and tokens and tokens[0].strip() and not tokens[0].startswith("-"):
            db = tokens.pop(0)
        elif token.startswith("--db=") and len(token) > len("--db="):
            db = token[len("--db="):]
        else:
            return None
    return argparse.Namespace(command=None, db=db, demo=demo)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = _window_args(argv)
    if args is None:
        from . import cli
        args = cli.parser().parse_args(argv)
    # On POSIX everything the program creates — the data folder, the database, backups,
    # logs, exports, PDFs — is readable by its user only (Windows: the folder's ACL).
    previous_umask = os.umask(PRIVATE_UMASK) if os.name == "posix" else None
    try:
        return _main(args)
    finally:
        if previous_umask is not None:
            os.umask(previous_umask)  # in-process callers (tests) get theirs back


def _main(args) -> int:
    setup_logging()
    try:
        if args.command:
            from . import cli
            return cli.run(args)
        from .gui.app import run_gui  # Qt is imported only here
        from .gui.shutdown import delete_windows
        url = config.demo_db_path().as_posix() if args.demo else config.database_url(args.db)
        code = run_gui(url, demo=args.demo)
        delete_windows()  # before the interpreter's own teardown (see gui/shutdown.py)
        return code
    except KeyboardInterrupt:
        return EXIT_REFUSED
    except DomainError as exc:  # e.g. an empty MOTOTAXI_DB (config.database_url)
        print(f"Erro: {exc}", file=sys.stderr)
        return EXIT_REFUSED
    except Exception:  # a bug: one line for the user, the traceback in the log
        logging.getLogger("mototaxi_desk").exception("erro inesperado")
        print(f"Erro interno inesperado; detalhes no registro em {config.data_dir() / 'logs'}.",
              file=sys.stderr)
        return EXIT_REFUSED


if __name__ == "__main__":
    sys.exit(main())
