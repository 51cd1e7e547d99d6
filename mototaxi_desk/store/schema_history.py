"""Which release of the program wrote each schema step, so that a downgrade is refused with
the release it needs.

Every row of schema_version written since schema step "program versions" carries the
version of the program that wrote it (program_version: the creation of a new database, and
each migration step). A program that meets a schema newer than it knows reads the release
that wrote the newest step — the oldest release that can open the database — and says so,
changing nothing: "instale o Mototáxi Desk 0.4.0 ou mais novo". Rows written before that
step (releases up to 0.2.0) have none; their schema is never newer than a program that
reads this column.
"""
from __future__ import annotations

import re

import peewee as pw

COLUMN = "program_version"


def program_version() -> str:
    """This program's version (read when asked: the package's __version__)."""
    from .. import __version__
    return __version__


def _numbers(version: str) -> tuple[int, ...] | None:
    """'0.10.1' -> (0, 10, 1); a suffix ('0.4.0rc1') is left out; None for no number."""
    match = re.match(r"\d+(?:\.\d+)*", version.strip())
    return tuple(int(n) for n in match.group(0).split(".")) if match else None


def _is_newer(version: str, than: str) -> bool:
    mine, other = _numbers(version), _numbers(than)
    return mine is not None and other is not None and mine > other


def written_by(db: pw.Database, version: int) -> str | None:
    """The program version recorded on the schema step `version` (None when the database
    does not say: no such column, or a row written before it existed)."""
    table = "schema_version"
    if COLUMN not in {c.name for c in db.get_columns(table)}:
        return None
    rows = pw.Table(table, ("id", "version", COLUMN)).bind(db)
    value = (rows.select(getattr(rows, COLUMN)).where(rows.version == version)
             .order_by(rows.id.desc()).limit(1).scalar())
    return value.strip() if isinstance(value, str) and value.strip() else None


def written_by_file(path, version: int) -> str | None:
    """written_by() of an SQLite file (a copy being checked for a restore)."""
    db = pw.SqliteDatabase(str(path))
    db.connect()
    try:
        return written_by(db, version)
    finally:
        db.close()


def newer_schema_message(subject: str, version: int, latest: int, release: str | None,
                         *, then: str = "") -> str:
    """The refusal of a database (or copy) whose schema `version` is newer than this
    program's `latest`: which release wrote it and which to install. `subject` starts the
    sentence ("Este banco de dados", "'copia.db'"); `then` names what to do after
    installing ("antes de restaurar")."""
    this = program_version()
    after = f" {then}" if then else ""
    if release and _is_newer(release, this):
        return (f"{subject} foi gravado por uma versão mais nova do programa, o Mototáxi Desk "
                f"{release} (esquema {version}; este programa é o {this} e conhece até o "
                f"esquema {latest}). Instale o Mototáxi Desk {release} ou mais novo{after}. "
                "Nada foi alterado.")
    made = f", o Mototáxi Desk {release}" if release else ""
    return (f"{subject} foi gravado por uma versão mais nova do programa{made} (esquema "
            f"{version}; este programa é o {this} e conhece até o esquema {latest}). "
            f"Instale a versão mais recente do Mototáxi Desk{after}. Nada foi alterado.")
