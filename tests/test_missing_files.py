"""A damaged or mixed installation (issue #7, bad input): a missing font, a missing rule
profile, a database from a newer version. Each gives one clear Portuguese message and exit 1,
and writes nothing."""
from __future__ import annotations

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


def test_missing_profile_file_changes_nothing_the_rules_are_in_the_database(
        cli, sqlite_db, tmp_path, monkeypatch):
    """Issue #13: the database keeps the text of its profile version, so a program folder
    without the profile file (an upgrade, a damaged install) still runs on the same rules."""
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    empty = tmp_path / "perfis"
    empty.mkdir()
    monkeypatch.setattr(profiles, "PROFILES_DIR", empty)
    monkeypatch.setattr(profiles, "_cache", {})
    code, out, err = cli("--db", sqlite_db, "settings", "show")
    assert code == 0, err
    assert "sao-raimundo-das-mangabeiras-2019" in out and "limite de permissões 61" in out


def test_tampered_profile_text_is_named_and_nothing_changes(cli, sqlite_db):
    """A version text edited in the database by hand no longer matches its SHA-256: every
    command refuses with one clear message (never an internal error), writing nothing."""
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    assert cli("--db", sqlite_db, "backup")[0] == 0  # the first start's automatic copy, done
    import sqlite3
    with sqlite3.connect(sqlite_db) as raw:
        raw.execute("UPDATE profile_version SET text = replace(text, "
                    "'max_age_years = 6', 'max_age_years = 60')")
    from mototaxi_desk.services.administration import profile_versions
    profile_versions._parsed.clear()
    before = _counts(sqlite_db)
    code, _out, err = cli("--db", sqlite_db, "alerts")
    assert code == 1 and "Erro interno" not in err
    assert "versão 1 do perfil de regras" in err and "SHA-256" in err and "restore" in err
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
