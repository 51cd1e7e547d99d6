"""Least privilege on PostgreSQL: an owner role that creates and migrates the schema, and an
application role — the one every counter connects as — that reads and writes the records
but cannot change the schema, nor update, delete or truncate audit entries.

The owner runs `mototaxi-desk --db postgresql://DONO@… db-grants --app-role APP` once after
`init` (and again after each program update that migrated the schema; default privileges
also cover tables a later migration creates). `db-grants --print` shows the statements for
a database administrator to run by hand. docs/instalacao.md has the whole set-up.
"""
from __future__ import annotations

import re

import peewee as pw

from .connection import StoreError
from .models import AuditLog

_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


def _ident(name: str, what: str) -> str:
    if not _NAME.match(name or ""):
        raise StoreError(f"Nome de {what} inválido: '{name}' (use letras minúsculas, números "
                         "e _, começando por letra).")
    return f'"{name}"'


def statements(schema: str, app_role: str) -> list[str]:
    """The GRANT/REVOKE statements, run by the schema's owner."""
    s, app = _ident(schema, "esquema"), _ident(app_role, "papel")
    audit = f'{s}."{AuditLog._meta.table_name}"'
    return [
        f"REVOKE ALL ON SCHEMA {s} FROM PUBLIC",
        f"GRANT USAGE ON SCHEMA {s} TO {app}",  # no CREATE: no table, no index, no trigger
        f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA {s} TO {app}",
        f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA {s} TO {app}",
        # the audit log is append-only for the program's role
        f"REVOKE UPDATE, DELETE, TRUNCATE ON {audit} FROM {app}",
        # tables and sequences a later migration creates (made by the owner)
        f"ALTER DEFAULT PRIVILEGES IN SCHEMA {s} GRANT SELECT, INSERT, UPDATE, DELETE "
        f"ON TABLES TO {app}",
        f"ALTER DEFAULT PRIVILEGES IN SCHEMA {s} GRANT USAGE, SELECT ON SEQUENCES TO {app}",
    ]


def current_schema(db: pw.Database) -> str:
    return db.execute_sql("SELECT current_schema()").fetchone()[0]


def apply(db: pw.Database, app_role: str) -> dict:
    """Run the statements on the bound PostgreSQL database as its owner."""
    if not isinstance(db, pw.PostgresqlDatabase):
        raise StoreError("Papéis e permissões são do PostgreSQL; o arquivo SQLite é protegido "
                         "pelas permissões da pasta de dados.")
    schema = current_schema(db)
    exists = db.execute_sql("SELECT 1 FROM pg_roles WHERE rolname = %s",
                            (app_role,)).fetchone()
    if not exists:
        raise StoreError(f"O papel '{app_role}' não existe no servidor: crie-o antes "
                         f"(CREATE ROLE {app_role} LOGIN PASSWORD '…').")
    owner = db.execute_sql("SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = "
                           "%s", (schema,)).fetchone()[0]
    me = db.execute_sql("SELECT current_user").fetchone()[0]
    if owner.strip('"') != me:
        raise StoreError(f"Conecte como o dono do esquema '{schema}' ({owner}) para dar as "
                         f"permissões; você está conectado como {me}.")
    if app_role == me:
        raise StoreError("O papel do programa deve ser outro, não o dono do esquema.")
    done = statements(schema, app_role)
    with db.atomic():
        for statement in done:
            db.execute_sql(statement)
    return {"schema": schema, "owner": me, "app_role": app_role, "statements": done}
