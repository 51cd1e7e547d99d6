"""The corpus of the earlier releases: for each version in installer/releases.toml, a folder
<version>/ that tools/release_corpus.py made by running that version's own code (its
manifest.json says how): its database on SQLite (the file, gzipped) and PostgreSQL (a
pg_dump), its shipped profile files, the station's key files, and a card and a sticker it
printed."""
from __future__ import annotations

import datetime as dt
import gzip
import json
import re
import shutil
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
RELEASES_FILE = ROOT / "installer" / "releases.toml"


def releases() -> list[dict]:
    return tomllib.loads(RELEASES_FILE.read_text(encoding="utf-8"))["release"]


def versions() -> list[str]:
    return [entry["version"] for entry in releases()]


def manifest(version: str) -> dict:
    return json.loads((HERE / version / "manifest.json").read_text(encoding="utf-8"))


def backend(url: str) -> str:
    return "postgres" if url.startswith("postgres") else "sqlite"


def made(version: str, url: str) -> dict:
    """What the release made on the backend of `url`: the município, the permit and sticker
    numbers, the QR texts it printed, its key files."""
    return manifest(version)["backends"][backend(url)]


def upgrade_day(version: str) -> dt.date:
    """The day the tests install the new program: the day after the release made its data
    (its cards and stickers are then as current as the day they were printed)."""
    return dt.date.fromisoformat(manifest(version)["made_on"]) + dt.timedelta(days=1)


def restore(version: str, url: str) -> None:
    """The release's database into the empty database at `url`: on SQLite the file as the
    release wrote it; on PostgreSQL its dump, loaded into the schema of `url` (the schema the
    dump names is renamed; psql's own commands, which pg_dump writes, are left out)."""
    if backend(url) == "sqlite":
        packed = HERE / version / "sqlite" / "mototaxi.db.gz"
        Path(url).write_bytes(gzip.decompress(packed.read_bytes()))
        return
    import psycopg2

    from ..prepared import PostgresBackend
    schema = PostgresBackend.schema_of(url)
    sql = gzip.decompress((HERE / version / "postgres" / "dump.sql.gz").read_bytes()).decode()
    sql = "\n".join(line for line in sql.splitlines() if not line.startswith("\\"))
    sql = re.sub(rf"\b{re.escape(made(version, url)['schema_name'])}\b", schema, sql)
    connection = psycopg2.connect(url)
    connection.autocommit = True
    try:
        with connection.cursor() as cursor:
            cursor.execute(f'DROP SCHEMA "{schema}"')  # empty: the dump creates it
            cursor.execute(sql)
    finally:
        connection.close()


def install_keys(version: str, url: str, data_dir: Path) -> None:
    """The key files of the station that made the release's database, into `data_dir`."""
    shutil.copytree(HERE / version / backend(url) / "keys", data_dir / "keys",
                    dirs_exist_ok=True)


def pdf(version: str, name: str) -> bytes:
    """A document the release printed (SQLite's station): card.pdf or sticker.pdf."""
    return (HERE / version / "sqlite" / name).read_bytes()
