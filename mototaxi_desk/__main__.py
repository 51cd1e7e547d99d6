"""Entry point: parse arguments, set up logging, then run a command or open the window."""
from __future__ import annotations

import logging
import sys

from . import cli, config
from .logs import setup_logging


def main(argv: list[str] | None = None) -> int:
    args = cli.build_parser().parse_args(argv)
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
