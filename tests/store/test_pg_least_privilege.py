"""PostgreSQL least privilege (issue 18 item 6): the schema's owner migrates and sets up; the
application role every counter connects as works the register but cannot change the schema
nor update, delete or truncate audit entries. Roles with unique names, dropped after.
Issue 34 item 10: on a default install (a database of its own, the `public` schema, which
PostgreSQL 15 gives to the pseudo-role pg_database_owner) `db-grants` works for the
database's owner, and says whom to connect as by a name one can log in with."""
import uuid
from urllib.parse import quote

import peewee as pw
import pytest

from mototaxi_desk.services import audit, setup
from mototaxi_desk.services.trust import integrity
from mototaxi_desk.store import pgroles
from mototaxi_desk.store.connection import StoreError, make_database
from mototaxi_desk.store.migrations import close_database, open_database
from mototaxi_desk.store.models import DB, AuditLog, Person

from ..conftest import MUNICIPIOS, PG_URL, SRM
from ..factories import make_person
from ..test_cli import INIT

pytestmark = pytest.mark.skipif(not PG_URL, reason="MOTOTAXI_TEST_PG não definido")


def _url(role: str, schema: str) -> str:
    base = PG_URL.split("://", 1)[1].split("@", 1)[-1]  # host:port/db
    return f"postgresql://{role}@{base}?options={quote(f'-c search_path={schema}')}"


@pytest.fixture
def roles():
    tag = uuid.uuid4().hex[:10]
    owner, app, schema = f"mtx_dono_{tag}", f"mtx_app_{tag}", f"mtx_priv_{tag}"
    admin = make_database(PG_URL)
    admin.connect()
    database = admin.database
    for statement in (f'CREATE ROLE "{owner}" LOGIN', f'CREATE ROLE "{app}" LOGIN',
                      f'GRANT CONNECT ON DATABASE "{database}" TO "{owner}", "{app}"',
                      f'CREATE SCHEMA "{schema}" AUTHORIZATION "{owner}"'):
        admin.execute_sql(statement)
    try:
        yield owner, app, schema
    finally:
        close_database()
        for statement in (f'DROP SCHEMA IF EXISTS "{schema}" CASCADE',
                          f'DROP OWNED BY "{owner}", "{app}"',
                          f'DROP ROLE IF EXISTS "{app}"', f'DROP ROLE IF EXISTS "{owner}"'):
            admin.execute_sql(statement)
        admin.close()


def _refused(db: pw.Database, statement: str) -> None:
    with pytest.raises(pw.ProgrammingError, match="permission denied|must be owner"):
        with db.atomic():
            db.execute_sql(statement)


def test_the_application_role_works_but_cannot_alter_schema_or_audit(roles):
    owner, app, schema = roles
    # the owner creates the schema (migrations), sets up the município, grants
    open_database(_url(owner, schema))
    name, uf, ibge, population = MUNICIPIOS[SRM]
    setup.initialise(profile_id=SRM, municipio=name, uf=uf, ibge=ibge, population=population,
                     fiscal_unit_value="48,26", admin_password="senha-forte-1")
    done = pgroles.apply(DB.obj, app)
    assert done["schema"] == schema and done["owner"] == owner
    close_database()

    # a counter connects as the application role: the register works, audited
    db = open_database(_url(app, schema))
    person = make_person("Josefa Lima")
    assert Person.get_by_id(person["id"]).name == "Josefa Lima"
    entries = AuditLog.select().count()
    assert entries >= 4 and audit.verify()["ok"]
    assert integrity.check(file_check=False) == []

    # ... but not the schema, nor the audit entries already written
    _refused(db, "ALTER TABLE person ADD COLUMN apelido text")
    _refused(db, "CREATE TABLE extra (x integer)")
    _refused(db, "DROP TABLE audit_log")
    _refused(db, "UPDATE audit_log SET action = 'user.login'")
    _refused(db, "DELETE FROM audit_log WHERE id = (SELECT MAX(id) FROM audit_log)")
    _refused(db, "TRUNCATE audit_log")
    _refused(db, "CREATE OR REPLACE FUNCTION f() RETURNS int AS 'SELECT 1' LANGUAGE sql")
    assert AuditLog.select().count() == entries


def test_grants_need_the_owner_and_an_existing_role(roles):
    owner, app, schema = roles
    open_database(_url(owner, schema))
    with pytest.raises(StoreError, match="não existe"):
        pgroles.apply(DB.obj, "mtx_ninguem_" + uuid.uuid4().hex[:6])
    with pytest.raises(StoreError, match="inválido"):
        pgroles.statements(schema, 'x"; DROP TABLE person; --', owner)
    with pytest.raises(StoreError, match="outro"):
        pgroles.apply(DB.obj, owner)
    close_database()


def test_the_command_prints_and_applies_the_grants(roles, cli):
    owner, app, schema = roles
    code, out, err = cli("--db", _url(owner, schema), "db-grants", "--app-role", app, "--print")
    assert code == 0, err
    assert f'REVOKE UPDATE, DELETE, TRUNCATE ON "{schema}"."audit_log" FROM "{app}";' in out
    code, out, err = cli("--db", _url(owner, schema), "db-grants", "--app-role", app)
    assert code == 0 and f"Permissões aplicadas ao papel {app}." in out, err
    code, out, err = cli("--db", _url(app, schema), "db-grants", "--app-role", app)
    assert code == 1 and "dono do esquema" in err


def _db_url(role: str, database: str) -> str:
    host = PG_URL.split("://", 1)[1].split("@", 1)[-1].split("/", 1)[0]  # host:port
    return f"postgresql://{role}@{host}/{database}"


@pytest.fixture
def default_install():
    """A database of its own, made as a município's IT would on a fresh server: `CREATE
    DATABASE mototaxi OWNER dono`, nothing else (its `public` schema is pg_database_owner's);
    plus the program's role. Dropped after, with the roles."""
    tag = uuid.uuid4().hex[:10]
    owner, app, database = f"mtx_dono_{tag}", f"mtx_app_{tag}", f"mtx_padrao_{tag}"
    admin = make_database(PG_URL)
    admin.connect()
    admin.execute_sql(f'CREATE ROLE "{owner}" LOGIN')
    admin.execute_sql(f'CREATE ROLE "{app}" LOGIN')
    admin.execute_sql(f'CREATE DATABASE "{database}" OWNER "{owner}"')
    try:
        yield owner, app, database
    finally:
        close_database()
        admin.execute_sql(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        admin.execute_sql(f'DROP ROLE IF EXISTS "{app}"')
        admin.execute_sql(f'DROP ROLE IF EXISTS "{owner}"')
        admin.close()


def test_db_grants_on_the_public_schema_of_a_default_install(default_install, cli):
    owner, app, database = default_install
    code, _, err = cli("--db", _db_url(owner, database), *INIT, stdin="senha-forte-1\n")
    assert code == 0, err
    code, out, err = cli("--db", _db_url(owner, database), "db-grants", "--app-role", app)
    assert code == 0 and f"Permissões aplicadas ao papel {app}." in out, err
    assert 'REVOKE UPDATE, DELETE, TRUNCATE ON "public"."audit_log"' in out
    # another role is told whom to connect as: the database's owner, not the pseudo-role
    # pg_database_owner nobody can log in as
    code, _, err = cli("--db", _db_url(app, database), "db-grants", "--app-role", app)
    assert code == 1 and f"conecte como {owner}, o dono do banco de dados" in err, err
    assert "conecte como pg_database_owner" not in err

    db = open_database(_db_url(app, database))
    make_person("Josefa Lima")  # a counter works the register...
    assert audit.verify()["ok"]
    _refused(db, "UPDATE audit_log SET action = 'user.login'")  # ...not the audit log
    _refused(db, "CREATE TABLE extra (x integer)")
    close_database()


def test_a_superuser_grants_for_the_role_that_owns_the_tables(default_install, cli):
    """The default privileges are the tables' owner's (FOR ROLE), so a table a later update
    creates as that owner is the program's role's too, whoever ran db-grants."""
    owner, app, database = default_install
    assert cli("--db", _db_url(owner, database), *INIT, stdin="senha-forte-1\n")[0] == 0
    superuser = PG_URL.split("://", 1)[1].split("@", 1)[0]
    code, out, err = cli("--db", _db_url(superuser, database), "db-grants", "--app-role", app)
    assert code == 0, err
    assert f'ALTER DEFAULT PRIVILEGES FOR ROLE "{owner}" IN SCHEMA "public"' in out
    db = open_database(_db_url(owner, database))  # an update's migration, as the owner
    db.execute_sql("CREATE TABLE nova_tabela (x integer)")
    close_database()
    db = open_database(_db_url(app, database))
    db.execute_sql("INSERT INTO nova_tabela VALUES (1)")
    assert db.execute_sql("SELECT count(*) FROM nova_tabela").fetchone()[0] == 1
    close_database()
