"""A damaged or mixed installation (issue #7, bad input): a missing font, a missing rule
profile, a database from a newer version. Each gives one clear Portuguese message and exit 1,
and writes nothing."""
from __future__ import annotations

import functools

import pytest

from mototaxi_desk.domain import profiles
from mototaxi_desk.printing import fonts
from mototaxi_desk.store.migrations import LATEST, close_database, current_version, open_database

from .conftest import row_counts
from .test_cli import INIT
from .test_cli_printing import _seed


def _counts(db_path: str) -> dict[str, int]:
    database = open_database(db_path)
    try:
        return {**row_counts(), "schema": current_version(database)}
    finally:
        close_database()


@pytest.fixture
def fonts_gone(tmp_path, monkeypatch):
    """resources/fonts as an installation that lost its files would have it."""
    monkeypatch.setattr(fonts, "FONT_DIR", tmp_path / "fonts-apagadas")
    fonts.register.cache_clear()
    yield
    fonts.register.cache_clear()  # the next test registers the real files again


def test_missing_font_refuses_to_print(cli, sqlite_db, tmp_path, fonts_gone):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    first, _second = _seed(sqlite_db)
    assert cli("--db", sqlite_db, "backup")[0] == 0  # the first start's automatic copy, done
    assert cli("--db", sqlite_db, "tick")[0] == 0  # and the day's passage of time
    before = _counts(sqlite_db)
    out_pdf = tmp_path / "cartao.pdf"
    code, _out, err = cli("--db", sqlite_db, "print", "card", str(first), "-o", str(out_pdf))
    assert code == 1
    assert err.startswith("Erro: Fonte ausente:") and "DejaVuSans" in err
    assert "reinstale o Mototáxi Desk" in err and "Erro interno" not in err
    assert not out_pdf.exists()
    assert _counts(sqlite_db) == before  # no copy number taken for a card never drawn


def test_missing_profile_file_is_named_and_nothing_changes(cli, sqlite_db, tmp_path,
                                                           monkeypatch):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    assert cli("--db", sqlite_db, "backup")[0] == 0  # the first start's automatic copy, done
    before = _counts(sqlite_db)
    empty = tmp_path / "perfis"
    empty.mkdir()
    monkeypatch.setattr(profiles, "load_profile",  # services look it up at call time
                        functools.partial(profiles.load_profile, directory=empty))
    code, _out, err = cli("--db", sqlite_db, "alerts")
    assert code == 1 and "Erro interno" not in err
    assert "Perfil desconhecido: 'sao-raimundo-das-mangabeiras-2019'" in err
    assert "sao-raimundo-das-mangabeiras-2019.toml não encontrado" in err and "reinstale" in err
    monkeypatch.undo()
    assert _counts(sqlite_db) == before


def test_database_of_a_newer_version_is_refused_not_downgraded(cli, sqlite_db):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    from mototaxi_desk.store.models import SchemaVersion
    open_database(sqlite_db)
    SchemaVersion.create(version=LATEST + 1)
    close_database()
    code, _out, err = cli("--db", sqlite_db, "alerts")
    assert code == 1
    assert "versão mais nova do programa" in err and f"esquema {LATEST + 1}" in err
    import sqlite3
    with sqlite3.connect(sqlite_db) as raw:
        assert raw.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] == LATEST + 1
