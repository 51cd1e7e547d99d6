"""The `mototaxi-desk` command line: parse, call a service, print (or --json).

Each module of this package registers its own commands (`register(sub)`), each parser
naming its handler; a new command is a new module listed in COMMAND_MODULES.
Exit codes: 0 ok, 1 refused by a rule or bad input (message on stderr), 2 usage error.
"""
from __future__ import annotations

import argparse
import functools
import sys

from .. import __version__
from . import (campaigns, certificate, clock, counter, documents, importing, licensing,
               mail, maintenance, municipio, notice_acts, payments, permit_acts, record_acts, records)
from .common import (EXIT_OK, EXIT_REFUSED, EXIT_USAGE, KNOWN_ERRORS, Parser, database_option,
                     login_options)

__all__ = ["EXIT_OK", "EXIT_REFUSED", "EXIT_USAGE", "build_parser", "parser", "run"]

# In the order `--help` lists them.
COMMAND_MODULES = (municipio, records, counter, licensing, record_acts, permit_acts, notice_acts,
                   documents, payments, maintenance, certificate, mail, clock, importing,
                   campaigns)


@functools.lru_cache(maxsize=1)
def parser() -> argparse.ArgumentParser:
    """The parser, built once per process: parsing keeps nothing in it, and building it
    (some 400 arguments) costs more than most commands (20 ms) when a script or the tests
    call main() again and again in one process."""
    return build_parser()


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="mototaxi-desk",
                    description="Mototáxi Desk — serviço municipal de mototáxi. "
                                "Sem comando, abre o programa.")
    parser.add_argument("--db", type=database_option, help="banco de dados: caminho de arquivo, sqlite:///... ou "
                                     "postgresql://... (padrão: MOTOTAXI_DB ou a pasta de dados)")
    parser.add_argument("--demo", action="store_true",
                        help="abre o banco de demonstração (separado do real), criando-o se preciso")
    parser.add_argument("--json", action="store_true", help="saída em JSON")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    login_options(parser, top=True)
    sub = parser.add_subparsers(dest="command", parser_class=Parser)
    for module in COMMAND_MODULES:
        module.register(sub)
    _login_options_everywhere(parser)
    return parser


def _login_options_everywhere(parser: argparse.ArgumentParser) -> None:
    """--user and --password-stdin after any command too (`search X --user joana`)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in set(action.choices.values()):
                login_options(child)
                _login_options_everywhere(child)


def run(args) -> int:
    try:
        return args.handler(args)
    except KNOWN_ERRORS as exc:
        print(f"Erro: {exc}", file=sys.stderr)
        return EXIT_REFUSED
    except OSError as exc:  # a file the system refused, not caught nearer: said in Portuguese
        from ..domain.os_errors import os_error_text
        from ..store.connection import shown_path
        where = f" '{shown_path(exc.filename)}'" if exc.filename else ""
        print(f"Erro: não foi possível usar o arquivo ou a pasta{where}: "
              f"{os_error_text(exc)}.", file=sys.stderr)
        return EXIT_REFUSED
    except OverflowError:  # a number beyond what the database stores, not caught nearer
        print("Erro: número grande demais.", file=sys.stderr)
        return EXIT_REFUSED
