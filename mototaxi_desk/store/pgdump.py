"""Backups of a PostgreSQL database with the server's own tool, pg_dump (custom format, read by
pg_restore). The connection settings go to pg_dump through libpq's environment variables, so
the password never appears on a command line. Restoring is the server administrator's job,
with the database out of use; the program only explains how."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import peewee as pw

from ..domain import output_files
from .backup import BackupError

DUMP_TIMEOUT_S = 3 * 3600


def find_pg_dump() -> str | None:
    return shutil.which("pg_dump")


def _target_text(database: pw.PostgresqlDatabase) -> tuple[str, str]:
    params = database.connect_params
    host = f"-h {params.get('host', 'localhost')} -p {params.get('port', 5432)}"
    user = f" -U {params['user']}" if params.get("user") else ""
    return host + user, database.database


def how_to_dump(database: pw.PostgresqlDatabase) -> str:
    options, name = _target_text(database)
    return ("O programa pg_dump (cliente do PostgreSQL) não foi encontrado neste computador. "
            "Instale o cliente do PostgreSQL da mesma versão do servidor (no Windows, ponha a "
            "pasta bin dele no PATH) ou faça a cópia no próprio servidor: "
            f"pg_dump --format=custom --file=mototaxi.dump {options} {name}")


def how_to_restore(database: pw.PostgresqlDatabase | None) -> str:
    options, name = _target_text(database) if database is not None else (
        "-h SERVIDOR -U USUARIO", "BANCO")
    return ("No PostgreSQL a restauração é feita pelo administrador do servidor, com o programa "
            "fechado em todos os balcões: pg_restore --clean --if-exists --no-owner "
            f"{options} -d {name} ARQUIVO.dump (para uma cópia em texto .sql: psql {options} "
            f"-d {name} -f ARQUIVO.sql). Nada foi alterado.")


def search_path_schema(options: str | None) -> str | None:
    """The schema named by '-c search_path=X' in libpq options: only that one is dumped."""
    match = re.search(r"search_path\s*=\s*\"?([A-Za-z_][A-Za-z0-9_$]*)", options or "")
    return match.group(1) if match else None


def dump(database: pw.PostgresqlDatabase, target: Path) -> Path:
    """Run pg_dump into `target` (written under a temporary name, renamed when complete)."""
    executable = find_pg_dump()
    if executable is None:
        raise BackupError(how_to_dump(database))
    params = database.connect_params
    env = dict(os.environ, PGDATABASE=database.database, PGHOST=str(params.get("host", "")),
               PGPORT=str(params.get("port", 5432)), PGUSER=str(params.get("user", "")),
               PGCONNECT_TIMEOUT=str(params.get("connect_timeout", 10)))
    for key, variable in (("password", "PGPASSWORD"), ("sslmode", "PGSSLMODE")):
        if params.get(key):
            env[variable] = str(params[key])
    with output_files.replacing(target) as partial:  # a regular file, whole or not at all
        command = [executable, "--format=custom", "--no-owner", f"--file={partial}"]
        schema = search_path_schema(params.get("options"))
        if schema:
            command.append(f"--schema={schema}")
        try:
            result = subprocess.run(command, env=env, capture_output=True, text=True,
                                    timeout=DUMP_TIMEOUT_S, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise BackupError(f"O pg_dump não pôde ser executado: {exc}.") from None
        if result.returncode != 0:
            lines = [ln for ln in result.stderr.strip().splitlines() if ln.strip()]
            raise BackupError("O pg_dump falhou: " + (lines[0] if lines else
                                                      f"código {result.returncode}") + ".")
    return target
