"""Closed SQLite databases of a município, made once per test module and copied per test, and
the ways to look at a file without opening it through the program."""
from __future__ import annotations

import hashlib
import shutil
import sqlite3
from pathlib import Path

from mototaxi_desk.demo import data as demo
from mototaxi_desk.services import setup
from mototaxi_desk.store.migrations import close_database, open_database

from ..conftest import MUNICIPIOS, SRM


def make_municipio_file(path: Path, profile: str = SRM, holders: int = 30) -> Path:
    """An initialised database of the profile's município with `holders` holders, closed."""
    open_database(str(path), backup_dir=path.parent / "migracao")
    try:
        name, uf, ibge, population = MUNICIPIOS[profile]
        setup.initialise(profile_id=profile, municipio=name, uf=uf, ibge=ibge,
                         population=population, fiscal_unit_value="48,26",
                         admin_password="senha-forte-1")
        if holders:
            demo.fill_bulk(holders, seed=3, with_users=False, waiting=0)
    finally:
        close_database()
    return path


def copy_of(template: Path, target: Path) -> Path:
    shutil.copyfile(template, target)
    return target


WHOLE_FILE_BYTES = 64 * 1024**2


def digest(path: Path) -> str:
    """The file's SHA-256; past WHOLE_FILE_BYTES (the sparse 8 GiB "enorme" copy, where hashing
    every zero took ~45 s) its size, modification time and the SHA-256 of its first and last
    MiB: a write anywhere changes the time, a write in the header the hash."""
    size = path.stat().st_size
    if size <= WHOLE_FILE_BYTES:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    sha = hashlib.sha256()
    with open(path, "rb") as handle:
        sha.update(handle.read(1024**2))
        handle.seek(-1024**2, 2)
        sha.update(handle.read())
    return f"{size}:{path.stat().st_mtime_ns}:{sha.hexdigest()}"


def count(path: Path, table: str = "person") -> int:
    conn = sqlite3.connect(str(path))
    try:
        return conn.execute(f'SELECT COUNT(*) FROM "{table}"').fetchone()[0]
    finally:
        conn.close()


def execute(path: Path, *statements: str) -> None:
    conn = sqlite3.connect(str(path))
    try:
        for statement in statements:
            conn.execute(statement)
        conn.commit()
    finally:
        conn.close()


def corrupt_pages(path: Path, pages: range, page_size: int = 4096) -> None:
    """Overwrite whole pages in the middle of the file with garbage (page 1 left whole)."""
    data = bytearray(path.read_bytes())
    for page in pages:
        start = page * page_size
        data[start:start + page_size] = bytes((i * 37 + 11) % 251 for i in range(page_size))
    path.write_bytes(bytes(data))
