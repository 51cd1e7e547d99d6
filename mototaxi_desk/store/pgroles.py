"""Least privilege on PostgreSQL: an owner role that creates and migrates the schema, and an
application role — the one every counter connects as — that reads and writes the records
but cannot change the schema, nor update, delete or truncate audit entries.

The owner runs `mototaxi-desk --db postgresql://DONO@… db-grants --app-role APP` once after
`init` (and again after each program update that migrated the schema; default privileges
also cover tables a later migration creates). On a default install's `public` schema the
owner is the database's owner (PostgreSQL 15: pg_database_owner); a superuser may run it
too. `db-grants --print` shows the statements for a database administrator to run by hand.
docs/instalacao.md has the whole set-up.
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


def statements(schema: str, app_role: str, tables_owner: str) -> list[str]:
    """The GRANT/REVOKE statements, run by the owner of the schema and of its tables (or a
    member of those roles: on a default install the `public` schema belongs to
    pg_database_owner, whose member is the database's owner). `tables_owner` is the role
    that creates the tables (init and the updates' migrations): the default privileges are
    its, so the tables it creates later are granted too, whoever runs this."""
    s, app = _ident(schema, "esquema"), _ident(app_role, "papel")
    owner = _ident(tables_owner, "papel")
    audit = f'{s}."{AuditLog._meta.table_name}"'
    return [
        f"REVOKE ALL ON SCHEMA {s} FROM PUBLIC",
        f"GRANT USAGE ON SCHEMA {s} TO {app}",  # no CREATE: no table, no index, no trigger
        f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA {s} TO {app}",
        f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA {s} TO {app}",
        # the audit log is append-only for the program's role
        f"REVOKE UPDATE, DELETE, TRUNCATE ON {audit} FROM {app}",
        # tables and sequences a later migration creates (made by the tables' owner)
        f"ALTER DEFAULT PRIVILEGES FOR ROLE {owner} IN SCHEMA {s} GRANT SELECT, INSERT, "
        f"UPDATE, DELETE ON TABLES TO {app}",
        f"ALTER DEFAULT PRIVILEGES FOR ROLE {owner} IN SCHEMA {s} GRANT USAGE, SELECT ON "
        f"SEQUENCES TO {app}",
    ]


def current_schema(db: pw.Database) -> str:
    return db.execute_sql("SELECT current_schema()").fetchone()[0]


def tables_owner(db: pw.Database, schema: str) -> str:
    """The role that owns the program's tables (the audit log's owner): the one that ran
    `init` and runs the migrations."""
    row = db.execute_sql("SELECT tableowner FROM pg_tables WHERE schemaname = %s AND "
                         "tablename = %s", (schema, AuditLog._meta.table_name)).fetchone()
    if row is None:
        raise StoreError(f"O esquema '{schema}' não tem as tabelas do programa: rode "
                         "'mototaxi-desk init' antes.")
    return row[0]


def apply(db: pw.Database, app_role: str) -> dict:
    """Run the statements on the bound PostgreSQL database as the owner of the schema and
    of the tables (or a member of those roles, a superuser included)."""
    if not isinstance(db, pw.PostgresqlDatabase):
        raise StoreError("Papéis e permissões são do PostgreSQL; o arquivo SQLite é protegido "
                         "pelas permissões da pasta de dados.")
    schema = current_schema(db)
    exists = db.execute_sql("SELECT 1 FROM pg_roles WHERE rolname = %s",
                            (app_role,)).fetchone()
    if not exists:
        raise StoreError(f"O papel '{app_role}' não existe no servidor: crie-o antes "
                         f"(CREATE ROLE {app_role} LOGIN PASSWORD '…').")
    owner = tables_owner(db, schema)
    me, schema_owner, database, database_owner, may = db.execute_sql(
        "SELECT current_user, n.nspowner::regrole::text, d.datname, d.datdba::regrole::text, "
        "pg_has_role(current_user, n.nspowner, 'USAGE') AND "
        "pg_has_role(current_user, %s, 'USAGE') "
        "FROM pg_namespace n, pg_database d "
        "WHERE n.nspname = %s AND d.datname = current_database()", (owner, schema)).fetchone()
    if not may:
        raise StoreError(_who_may(schema, schema_owner, database, database_owner, owner, me))
    if app_role in (me, owner):
        raise StoreError("O papel do programa deve ser outro, não o dono do esquema.")
    done = statements(schema, app_role, owner)
    with db.atomic():
        for statement in done:
            db.execute_sql(statement)
    return {"schema": schema, "owner": me, "tables_owner": owner, "app_role": app_role,
            "statements": done}


def _who_may(schema: str, schema_owner: str, database: str, database_owner: str,
             tables_owner: str, me: str) -> str:
    """Whom to connect as, named as one can log in: on PostgreSQL 15 and later `public`
    belongs to the pseudo-role pg_database_owner, i.e. to the database's owner."""
    owner, note = schema_owner.strip('"'), ""
    if owner == "pg_database_owner":
        owner = database_owner.strip('"')
        note = f", o dono do banco de dados '{database}' (o esquema é de pg_database_owner)"
    if owner == tables_owner:
        return (f"Só o dono do esquema '{schema}' dá as permissões: conecte como {owner}{note} "
                f"(você está conectado como {me}).")
    return (f"Só quem é dono do esquema '{schema}' ({owner}{note}) e das tabelas do programa "
            f"({tables_owner}) dá as permissões: conecte como um superusuário do PostgreSQL, "
            f"como postgres (você está conectado como {me}).")
