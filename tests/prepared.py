"""Prepared databases: built once per test session and backend, copied for each test.

Building a database through the services costs seconds (the demo: 40 holders through every
counter action), and even an empty schema costs a quarter of a second of PostgreSQL's time
(its DDL); copying rows costs milliseconds. A *template* is a database plus the data-folder
files that belong to it (the QR private keys), kept under a name:

- SQLite: a closed file (no WAL left over); a copy is a file copy.
- PostgreSQL: a schema in the MOTOTAXI_TEST_PG database. A test's database is a schema of its
  own on the search_path of its URL, as a município sharing a server would have it; the
  schemas of finished tests are kept in a pool and refilled from a template by DELETE and
  INSERT ... SELECT (about 25 ms for the demo), their sequences set as the template's. A
  schema whose tables a test changed is dropped instead. Names start with `mtx_<pid>_`, so
  parallel workers (pytest-xdist) never meet; the schemas of a run that was killed are
  dropped by the next run on this machine.
"""
from __future__ import annotations

import itertools
import os
import re
import shutil
from pathlib import Path
from urllib.parse import quote, unquote, urlparse

import peewee as pw
import pytest

from mototaxi_desk import config
from mototaxi_desk.store.migrations import close_database, open_database
from mototaxi_desk.store.models import DB, MODELS

from . import affinity, pg_reuse

_KEYS = "keys"  # the part of the data folder a template carries
# The tests' sessions do not wait for the server to flush each commit to its disk (2-3 ms a
# commit on this machine, an idle core meanwhile): a commit is still atomic and visible to
# every other session at once; only a crash of the server itself could lose the last ones,
# and no test crashes the server (the program's own crash tests kill the program).
NO_FLUSH_WAIT = "-c synchronous_commit=off"
TABLES = [model._meta.table_name for model in pw.sort_models(MODELS)]  # parents first


def fingerprint() -> tuple[int, ...]:
    """Row counts of every table of the open database, in one query: tells whether a
    database is still as a template left it (nothing added or removed)."""
    parts = " UNION ALL ".join(f'SELECT {i}, COUNT(*) FROM "{table}"'
                               for i, table in enumerate(TABLES))
    rows = dict(DB.obj.execute_sql(parts).fetchall())
    return tuple(rows[i] for i in range(len(TABLES)))


# The system catalogue tables every schema's DDL writes to (and DROP SCHEMA leaves dead rows
# in). This machine's server runs without autovacuum: a full run left pg_attribute at 218 MB
# for 25,000 live rows, and every scan of the catalogue (the pg_tables view, the schema
# checks here, DROP SCHEMA) read it all: 50 ms instead of 2.
CATALOGUE = ("pg_class", "pg_attribute", "pg_attrdef", "pg_constraint", "pg_depend",
             "pg_index", "pg_trigger", "pg_type", "pg_sequence", "pg_namespace")
TIDY_EVERY = 40  # schemas dropped by a worker between two plain VACUUMs of the catalogue


def tidy_catalogue(cursor, *, full: bool) -> None:
    """VACUUM the catalogue when its dead rows outnumber the live ones (a superuser's
    right; another role's VACUUM skips these tables with a warning). `full` rewrites them
    (before the workers start: it locks the catalogue for a second or two, and gives up
    after 3 s of waiting for a session that holds it); otherwise their space is only
    made reusable, beside the tests."""
    cursor.execute("SELECT coalesce(sum(n_dead_tup), 0), coalesce(sum(n_live_tup), 0) "
                   "FROM pg_stat_sys_tables WHERE relname = ANY(%s)", (list(CATALOGUE),))
    dead, live = cursor.fetchone()
    if dead < max(20_000, live):
        return
    import psycopg2
    tables = ", ".join(f"pg_catalog.{table}" for table in CATALOGUE)
    if full:
        try:
            cursor.execute("SET lock_timeout = '3s'")
            cursor.execute(f"VACUUM FULL {tables}")
            return
        except psycopg2.Error as exc:  # a session held it: the plain one instead
            print(f"VACUUM FULL do catálogo não feito: {exc}")
        finally:
            cursor.execute("RESET lock_timeout")
    cursor.execute(f"VACUUM {tables}")


class Templates:
    """The templates of one backend. `build(name, make)` runs `make()` once on a fresh,
    migrated database (or a copy of template `base`) and keeps the result; `database(name)`
    is a new database holding a copy; `restore(name, url)` copies it over a test's open one."""

    def __init__(self, backend: SqliteBackend | PostgresBackend, root: Path):
        self.backend = backend
        self.root = root
        self.built: dict[str, tuple[object, tuple[int, ...]]] = {}

    def build(self, name: str, make=lambda: None, *, base: str | None = None):
        """Template `name`: make() run on a copy of `base` (default: an empty migrated
        database). Returns what make() returned, the first time and every time after."""
        if name in self.built:
            return self.built[name][0]
        folder = self.root / name
        folder.mkdir(parents=True)
        previous = DB.obj
        url = self.backend.scratch(name)
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("MOTOTAXI_DATA_DIR", str(folder / "data"))
            open_database(url, backup_dir=folder / "backups")
            try:
                if base:
                    self._load(base, url)
                result = make()
                state = fingerprint()
            finally:
                close_database()
        DB.initialize(previous)
        self.backend.keep(name, url)
        self.built[name] = (result, state)
        return result

    def state(self, name: str) -> tuple[int, ...]:
        self.build(name)  # a test file whose own db_url skips the template asks first
        return self.built[name][1]

    def database(self, name: str, tmp_path: Path) -> str:
        """The URL of a new (closed) database holding a copy of template `name`."""
        self.build(name)
        url = self.backend.copy_of(name, tmp_path)
        self._copy_data(self.root / name / "data", config.data_dir())
        return url

    def restore(self, name: str, url: str) -> None:
        """Replace the contents of the database open at `url` by a copy of template `name`;
        the same Database object (the test's `db`) stays bound and is connected again."""
        self._load(name, url)

    def _load(self, name: str, url: str) -> None:
        database = DB.obj
        database.close()
        self.backend.load(name, url)
        self._copy_data(self.root / name / "data", config.data_dir())
        database.connect()

    @staticmethod
    def _copy_data(source: Path, target: Path) -> None:
        # the database was replaced outside the program: the audit checkpoints this station
        # wrote for the one before (services/trust/checkpoints.py) no longer apply
        for folder in (target, config.second_marks_dir()):
            for checkpoint in folder.glob("auditoria-marco-*.json"):
                checkpoint.unlink()
        shutil.rmtree(target / _KEYS, ignore_errors=True)
        if (source / _KEYS).is_dir():
            shutil.copytree(source / _KEYS, target / _KEYS)


class SqliteBackend:
    def __init__(self, root: Path):
        self.root = root

    def empty(self, tmp_path: Path) -> str:
        return str(tmp_path / "test.db")

    def scratch(self, name: str) -> str:
        return str(self.root / name / "template.db")

    def keep(self, name: str, url: str) -> None:
        assert not Path(url + "-wal").exists(), "a template must be closed cleanly"

    def copy_of(self, name: str, tmp_path: Path) -> str:
        url = self.empty(tmp_path)
        self.load(name, url)
        return url

    def load(self, name: str, url: str) -> None:
        for suffix in ("-wal", "-shm", ""):
            Path(url + suffix).unlink(missing_ok=True)
        shutil.copyfile(self.scratch(name), url)

    def release(self, url: str) -> None:
        pass

    def close(self) -> None:
        pass


class PostgresBackend:
    """Schemas in the database of MOTOTAXI_TEST_PG."""

    def __init__(self, server_url: str):
        import psycopg2
        self.server_url = server_url
        self.prefix = f"mtx_{os.getpid()}_"
        self._numbers = itertools.count(1)
        self._conn = psycopg2.connect(server_url, connect_timeout=5)
        affinity.follow(self._conn)
        self._conn.autocommit = True
        self._execute("SET lock_timeout = '20s'")  # a connection a test left holding a lock
        self._execute("SET synchronous_commit = off")  # as the tests' sessions (NO_FLUSH_WAIT)
        self._pool: list[str] = []    # schemas of finished tests, tables as created
        self._pooled: set[str] = set()  # schemas that return to the pool when released
        self._load_sql: dict[str, str] = {}
        self._dropped = 0
        self._catalogue: str | None = None
        self._drop_leftovers()

    # --- names and URLs ---------------------------------------------------------------
    def _template(self, name: str) -> str:
        return self.prefix + "tpl_" + re.sub(r"[^a-z0-9_]", "_", name.lower())

    def url_of(self, schema: str) -> str:
        sep = "&" if "?" in self.server_url else "?"
        return f"{self.server_url}{sep}options={quote(f'{NO_FLUSH_WAIT} -c search_path={schema}')}"

    @staticmethod
    def schema_of(url: str) -> str:
        options = dict(p.split("=", 1) for p in urlparse(url).query.split("&") if "=" in p)
        return unquote(options["options"]).split("search_path=", 1)[1]

    def _execute(self, sql: str, params=None):
        with self._conn.cursor() as cur:
            cur.execute(sql, params)
            return cur.fetchall() if cur.description else None

    # --- databases ----------------------------------------------------------------------
    def empty(self, tmp_path: Path | None = None) -> str:
        """A new empty schema (no tables)."""
        schema = f"{self.prefix}s{next(self._numbers)}"
        self._execute(f'CREATE SCHEMA "{schema}"')
        return self.url_of(schema)

    def scratch(self, name: str) -> str:
        schema = self._template(name)
        self._execute(f'CREATE SCHEMA "{schema}"')
        return self.url_of(schema)

    def keep(self, name: str, url: str) -> None:
        self._load_sql[name] = self._copy_statements(self._template(name))
        if self._catalogue is None:
            self._catalogue = self._catalogue_of(self._template(name))

    def copy_of(self, name: str, tmp_path: Path | None = None) -> str:
        """A schema from the pool (or a new one, its tables created once) filled from the
        template."""
        if self._pool:
            schema = self._pool.pop()
        else:
            url = self.empty()
            open_database(url)  # the tables, as the program creates them
            close_database()
            schema = self.schema_of(url)
        self._pooled.add(schema)
        self._fill(name, schema)
        return self.url_of(schema)

    def load(self, name: str, url: str) -> None:
        """Template `name` into the (migrated) schema of `url`."""
        self._fill(name, self.schema_of(url))

    def release(self, url: str) -> None:
        schema = self.schema_of(url)
        if schema in self._pooled and self._same_tables(schema):
            self._pooled.discard(schema)
            self._pool.append(schema)
        else:
            self._pooled.discard(schema)
            pg_reuse.forget(schema)
            self._execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
            self._dropped += 1
            if self._dropped % TIDY_EVERY == 0:
                with self._conn.cursor() as cursor:
                    tidy_catalogue(cursor, full=False)

    def close(self) -> None:
        self._drop_matching(re.escape(self.prefix))
        self._conn.close()

    # --- copying rows -----------------------------------------------------------------
    def _copy_statements(self, template: str) -> str:
        """SQL that empties a schema named {target} and copies the template's rows and
        sequence positions into it (parents first)."""
        counts = dict(self._execute(" UNION ALL ".join(
            f"SELECT '{t}', COUNT(*) FROM \"{template}\".\"{t}\"" for t in TABLES)))
        sequences = self._execute(
            "SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = %s",
            (template,))
        sql = [f'DELETE FROM "{{target}}"."{t}";' for t in reversed(TABLES)]
        sql += [f'INSERT INTO "{{target}}"."{t}" SELECT * FROM "{template}"."{t}";'
                for t in TABLES if counts[t]]
        sql += [f"SELECT setval('\"{{target}}\".\"{seq}\"', {value or 1}, "
                f"{'true' if value else 'false'});" for seq, value in sequences]
        return "\n".join(sql)

    def _fill(self, name: str, schema: str) -> None:
        try:
            self._execute("BEGIN;\n" + self._load_sql[name].replace("{target}", schema)
                          + "\nCOMMIT;")
        except Exception:
            self._execute("ROLLBACK")
            raise

    def _catalogue_of(self, schema: str) -> str:
        """Tables, columns, indexes, constraints and triggers of a schema, as one digest."""
        return self._execute(
            "SELECT md5(coalesce(string_agg(x, ',' ORDER BY x), '')) FROM ("
            " SELECT c.relname || ':' || c.relkind::text || ':' || coalesce(a.attname, '') || ':'"
            "        || coalesce(a.atttypid::text, '') AS x"
            " FROM pg_class c LEFT JOIN pg_attribute a"
            "   ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped"
            " WHERE c.relnamespace = %(s)s::regnamespace"
            " UNION ALL SELECT 'con:' || conname FROM pg_constraint"
            "   WHERE connamespace = %(s)s::regnamespace"
            " UNION ALL SELECT 'trg:' || t.tgname FROM pg_trigger t"
            "   JOIN pg_class c ON c.oid = t.tgrelid"
            "   WHERE c.relnamespace = %(s)s::regnamespace AND NOT t.tgisinternal"
            ") parts", {"s": f'"{schema}"'})[0][0]

    def _same_tables(self, schema: str) -> bool:
        return self._catalogue_of(schema) == self._catalogue

    # --- leftovers ----------------------------------------------------------------------
    def _drop_leftovers(self) -> None:
        """Schemas of runs on this machine that ended without cleaning up (killed)."""
        rows = self._execute("SELECT nspname FROM pg_namespace WHERE nspname ~ '^mtx_[0-9]+_'")
        for pid in {int(name.split("_")[1]) for (name,) in rows}:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                self._drop_matching(f"mtx_{pid}_")
            except PermissionError:
                pass  # alive, someone else's

    def _drop_matching(self, pattern: str) -> None:
        rows = self._execute("SELECT nspname FROM pg_namespace WHERE nspname ~ %s",
                             (f"^{pattern}",))
        for (name,) in rows:
            self._execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')
