"""Entry point: parse arguments, set up logging, then run a command or open the window."""
from __future__ import annotations

import logging
import os
import sys

from . import cli, config
from .logs import setup_logging


PRIVATE_UMASK = 0o077  # files 0600, folders 0700: personal data is the user's alone


def main(argv: list[str] | None = None) -> int:
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
            return cli.run(args)
        from .gui.app import run_gui  # Qt is imported only here
        from .gui.shutdown import delete_windows
        url = config.demo_db_path().as_posix() if args.demo else config.database_url(args.db)
        code = run_gui(url, demo=args.demo)
        delete_windows()  # before the interpreter's own teardown (see gui/shutdown.py)
        return code
    except KeyboardInterrupt:
        return cli.EXIT_REFUSED
    except Exception:  # a bug: one line for the user, the traceback in the log
        logging.getLogger("mototaxi_desk").exception("erro inesperado")
        print(f"Erro interno inesperado; detalhes no registro em {config.data_dir() / 'logs'}.",
              file=sys.stderr)
        return cli.EXIT_REFUSED


if __name__ == "__main__":
    sys.exit(main())
