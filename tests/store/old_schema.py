"""A database as schema version 1 shipped (schema_v1/*.sql, frozen): the starting point of
the migration tests (store) and of restoring an old backup (services)."""
from pathlib import Path

import peewee as pw

from mototaxi_desk.store import connection

SCHEMA_V1 = Path(__file__).parent / "schema_v1"


def create_v1(url: str) -> None:
    """A database exactly as schema version 1 shipped, holding one person."""
    database = connection.make_database(url)
    kind = "sqlite" if isinstance(database, pw.SqliteDatabase) else "postgres"
    database.connect()
    with database.atomic():
        for statement in (SCHEMA_V1 / f"{kind}.sql").read_text(encoding="utf-8").split(";\n"):
            lines = [ln for ln in statement.splitlines() if not ln.startswith("--")]
            if "".join(lines).strip():
                database.execute_sql("\n".join(lines))
        database.execute_sql(
            'INSERT INTO "person" ("cpf", "name", "name_folded", "rg", "rg_issuer", '
            '"nationality", "profession", "blood_type", "rh_factor", "street", "number", '
            '"complement", "district", "city", "uf", "cep", "phone", "email", "created_at", '
            '"updated_at") VALUES (\'52998224725\', \'Conceição Araújo Sá\', '
            '\'conceicao araujo sa\', \'\', \'\', \'brasileira\', \'\', \'\', \'\', \'\', \'\', '
            '\'\', \'\', \'\', \'\', \'\', \'\', \'\', \'2026-01-01\', \'2026-01-01\')')
    database.close()
