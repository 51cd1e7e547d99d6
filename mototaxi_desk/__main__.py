"""Entry point: parse arguments, set up logging, then run a command or open the window."""
from __future__ import annotations

import logging
import os
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
        url = config.demo_db_path().as_posix() if args.demo else config.database_url(args.db)
        code = run_gui(url, demo=args.demo)
        # everything is saved and closed: leave without the interpreter tearing down Qt
        # objects one by one, an order PySide does not always survive
        logging.shutdown()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    except KeyboardInterrupt:
        return cli.EXIT_REFUSED
    except Exception:  # a bug: one line for the user, the traceback in the log
        logging.getLogger("mototaxi_desk").exception("erro inesperado")
        print(f"Erro interno inesperado; detalhes no registro em {config.data_dir() / 'logs'}.",
              file=sys.stderr)
        return cli.EXIT_REFUSED


if __name__ == "__main__":
    sys.exit(main())
