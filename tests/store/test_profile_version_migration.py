"""The profile-versions schema step (issue #13): a database set up before profile versions existed keeps running on
the profile file it named — that file's text becomes version 1, in force for every date —
on SQLite and PostgreSQL; without the file the upgrade is refused and nothing changes."""
import pytest

from mototaxi_desk.domain.profiles import EARLIEST, PROFILES_DIR, text_hash
from mototaxi_desk.services import setup
from mototaxi_desk.store import connection
from mototaxi_desk.store.connection import StoreError
from mototaxi_desk.store.migrations import (LATEST, STEPS, close_database, current_version,
                                            open_database)
from mototaxi_desk.store.models import ProfileVersion

from ..conftest import PF
from .schema_steps import before_step


# the step that adds profile_version (found by name: steps are numbered as they land)
STEP = next(n for n, step in STEPS.items() if step.__name__.endswith("_profile_versions"))
BEFORE = STEP - 1


def _as_schema_6(url: str) -> None:
    """What a database from before the step looks like: no profile_version table, nor the
    tables of the steps after it (opening runs them all)."""
    before_step(url, STEP, 'DROP TABLE "profile_version"', 'DROP TABLE "alert_due"',
                'DROP TABLE "alert_due_state"')


def test_v6_database_gets_its_profile_file_as_version_1(db_url, make_municipio, tmp_path):
    make_municipio(PF)
    close_database()
    _as_schema_6(db_url)
    database = open_database(db_url, backup_dir=tmp_path / "backups")
    assert current_version(database) == LATEST
    (row,) = ProfileVersion.select()
    text = PROFILES_DIR.joinpath(f"{PF}.toml").read_text(encoding="utf-8")
    assert (row.number, row.profile_id, row.effective_from) == (1, PF, EARLIEST)
    assert row.sha256 == text_hash(text) and row.text == text
    assert setup.profile().id == PF


def test_v6_srm_database_keeps_its_cards_valid_srm_art_6_xx(db_url, make_municipio, tmp_path):
    """SRM Art. 6 XX's yearly card licensing (profile format 14) came after this step: a
    database of 0.1.0 gets the SRM file without it as version 1, so the cards its holders
    carry (printed with the permit's validity) do not turn "licenciamento vencido" on the
    day of the upgrade; every other key of the file is kept (the installer check saw a 2022
    card of a 0.1.0 database refused before this)."""
    from ..conftest import SRM
    make_municipio(SRM)
    close_database()
    _as_schema_6(db_url)
    open_database(db_url, backup_dir=tmp_path / "backups")
    (row,) = ProfileVersion.select()
    shipped = PROFILES_DIR.joinpath(f"{SRM}.toml").read_text(encoding="utf-8")
    assert "[licensing]" in shipped and "[licensing]" not in row.text
    assert row.sha256 == text_hash(row.text)
    profile = setup.profile()
    assert profile.id == SRM and not profile.licensing.card_months
    assert profile.defence.notification_article == "Art. 34 §2º"  # the rest as shipped


def test_v6_database_with_its_own_profile_in_the_data_folder(db_url, make_municipio, tmp_path):
    from mototaxi_desk import profile_files
    make_municipio(PF)
    close_database()
    _as_schema_6(db_url)
    own = profile_files.data_folder()
    own.mkdir(parents=True)
    text = PROFILES_DIR.joinpath(f"{PF}.toml").read_text(encoding="utf-8") + "\n# ajuste local\n"
    (own / f"{PF}.toml").write_text(text, encoding="utf-8")
    open_database(db_url, backup_dir=tmp_path / "backups")
    assert ProfileVersion.get().text == text  # the município's own file wins


def test_v6_database_without_its_profile_file_is_not_upgraded(db_url, make_municipio, tmp_path,
                                                              monkeypatch):
    from mototaxi_desk.domain import profiles
    make_municipio(PF)
    close_database()
    _as_schema_6(db_url)
    empty = tmp_path / "sem-perfis"
    empty.mkdir()
    monkeypatch.setattr(profiles, "PROFILES_DIR", empty)
    with pytest.raises(StoreError, match="Coloque o arquivo do perfil em"):
        open_database(db_url, backup_dir=tmp_path / "backups")
    monkeypatch.undo()
    raw = connection.make_database(db_url)
    raw.connect()
    try:
        assert current_version(raw) == BEFORE and "profile_version" not in raw.get_tables()
    finally:
        raw.close()
