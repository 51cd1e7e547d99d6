"""Upgrades never break a município (issue 35 item 4): for every earlier release, what it made
— its database, on SQLite and on PostgreSQL, its key files, the card and the sticker it
printed, its profile files (tests/releases/<version>/, made by that release's own code with
tools/release_corpus.py) — is taken up by this program: the database migrates to the current
schema keeping every row, `check` finds nothing, the profiles load, and the documents it
printed verify VÁLIDO. (The offline verifier reads the same documents in
tests/browser/test_release_documents.py.)"""
from __future__ import annotations


import pytest

import mototaxi_desk
from mototaxi_desk import config
from mototaxi_desk.services import documents, setup
from mototaxi_desk.services.trust import integrity
from mototaxi_desk.store import connection
from mototaxi_desk.store.migrations import (LATEST, current_version, open_database,
                                            schema_mismatches)
from mototaxi_desk.store.models import SchemaVersion

from ..printing.pdf_tools import qr_texts
from . import corpus

VERSIONS = corpus.versions()
# what the counter's work leaves, counted before and after the upgrade
KEPT = ("person", "cnh", "vehicle", "stand", "permit", "application", "inspection", "sticker",
        "infraction_notice", "waiting_list_entry", "user", "print_log", "signing_key",
        "municipio_settings")


def _counts(url: str) -> dict:
    """Rows per table of KEPT, the audit trail's entries (id and hash: a step may add
    entries of its own after them, never change one), and the schema version, read without
    the program."""
    raw = connection.make_database(url)
    raw.connect()
    try:
        counts = {table: raw.execute_sql(f'SELECT COUNT(*) FROM "{table}"').fetchone()[0]
                  for table in KEPT}
        counts["audit_log"] = raw.execute_sql(
            'SELECT "id", "entry_hash" FROM "audit_log" ORDER BY "id"').fetchall()
        counts["schema_version"] = raw.execute_sql(
            'SELECT MAX("version") FROM "schema_version"').fetchone()[0]
        return counts
    finally:
        raw.close()


def _schema_rows() -> list[tuple[int, str | None]]:
    return [(row.version, row.program_version)
            for row in SchemaVersion.select().order_by(SchemaVersion.version)]


def test_each_release_is_listed_with_its_corpus_and_this_program_is_newer():
    """installer/releases.toml, oldest first, names each release's commit (the reference:
    tags may be absent) and schema; each has its corpus, made from that commit at that
    schema; this program is newer than all of them and its schema later; the installer
    check's previous release is one of them."""
    def numbers(version):
        return tuple(int(n) for n in version.split("."))
    listed = corpus.releases()
    assert [numbers(r["version"]) for r in listed] == sorted({numbers(v) for v in VERSIONS})
    assert numbers(mototaxi_desk.__version__) > numbers(VERSIONS[-1])
    assert [r["schema"] for r in listed] == sorted(r["schema"] for r in listed)
    assert listed[-1]["schema"] < LATEST
    for entry in listed:
        made = corpus.manifest(entry["version"])
        assert (made["version"], made["commit"], made["schema"]) == \
            (entry["version"], entry["commit"], entry["schema"])
        assert len(entry["commit"]) == 40 and entry["tag"] == f"v{entry['version']}"
        assert set(made["backends"]) == {"sqlite", "postgres"}


@pytest.mark.parametrize("version", VERSIONS)
def test_the_release_database_upgrades_checks_clean_and_its_documents_verify(
        version, db_url, tmp_path, clock_at):
    """The database the release made, opened by this program the next day: migrated step by
    step (on SQLite after a copy of the file), every row kept, the schema whole; each step
    this program ran records its version (the release's own rows say nothing); `check`
    finds nothing; the rules in force are the município's; the card and the sticker the
    release printed are VÁLIDO."""
    made = corpus.made(version, db_url)
    corpus.restore(version, db_url)
    corpus.install_keys(version, db_url, config.data_dir())
    clock_at(corpus.upgrade_day(version))
    release_schema = corpus.manifest(version)["schema"]
    before = _counts(db_url)
    assert before["schema_version"] == release_schema  # as the release left it

    database = open_database(db_url, backup_dir=tmp_path / "backups")
    assert current_version(database) == LATEST and schema_mismatches(database) == []
    after = _counts(db_url)
    kept = len(before["audit_log"])
    assert after["audit_log"][:kept] == before["audit_log"] and kept > 0
    assert {**after, "audit_log": None} == {**before, "audit_log": None,
                                            "schema_version": LATEST}
    rows = _schema_rows()
    assert [v for v, _ in rows if v > release_schema] == list(range(release_schema + 1,
                                                                    LATEST + 1))
    assert {p for v, p in rows if v > release_schema} == {mototaxi_desk.__version__}
    assert {p for v, p in rows if v <= release_schema} == {None}
    if corpus.backend(db_url) == "sqlite":
        assert list((tmp_path / "backups").glob(f"*antes-migracao-v{release_schema}-*.db"))

    assert integrity.check() == []
    assert setup.profile().id == made["profile_id"]
    assert setup.settings().ibge_code == made["ibge"]
    card = documents.verify(made["card_qr"])
    assert (card["verdict"], card["data"]["number"]) == ("VÁLIDO", made["permit"]), card
    sticker = documents.verify(made["sticker_qr"])
    assert (sticker["verdict"], sticker["data"]["serial"]) == ("VÁLIDO", made["sticker"]), \
        sticker


@pytest.mark.parametrize("version", VERSIONS)
def test_the_release_database_through_the_command_line(version, cli, sqlite_db, clock_at,
                                                       monkeypatch):
    """What the município's IT runs after installing: `check` on the SQLite file the release
    wrote (it migrates it first), then `verify` of the QR codes the release printed — the
    texts read back from its PDFs — with the release's own admin login."""
    made = corpus.manifest(version)["backends"]["sqlite"]
    login, password = corpus.manifest(version)["admin"]
    monkeypatch.setenv("MOTOTAXI_USER", login)
    monkeypatch.setenv("MOTOTAXI_PASSWORD", password)
    corpus.restore(version, sqlite_db)
    corpus.install_keys(version, sqlite_db, config.data_dir())
    clock_at(corpus.upgrade_day(version))
    code, out, err = cli("--db", sqlite_db, "check")
    assert (code, out.strip(), err) == (0, "Banco de dados íntegro.", "")
    for name, key in (("card.pdf", "card_qr"), ("sticker.pdf", "sticker_qr")):
        (printed,) = qr_texts(corpus.pdf(version, name))
        assert printed == made[key]
        code, out, err = cli("--db", sqlite_db, "verify", printed)
        assert code == 0 and out.startswith("VÁLIDO — "), (name, out, err)


def _profile_cases():
    """Every profile file each release shipped (0.1.0's lack keys added since: the
    profile-format upgrades, domain/profile_upgrades.py, give them their earlier meaning)."""
    for version in VERSIONS:
        for name in corpus.manifest(version)["profiles"]:
            yield pytest.param(version, name, id=f"{version}-{name}")


@pytest.mark.parametrize("version, name", list(_profile_cases()))
def test_the_release_profile_files_load(version, name, cli):
    """A município keeps the profile file its release shipped (customised or not) in its
    data folder: `profiles check` takes it (notices allowed, never errors)."""
    path = corpus.HERE / version / "profiles" / name
    code, out, err = cli("profiles", "check", str(path))
    assert code == 0, err
