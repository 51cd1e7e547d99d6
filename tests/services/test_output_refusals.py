"""Issue 34 item 5 through the services, on both backends: a document, an export or a
setting whose file is refused (a FIFO, a symbolic link) or cannot be written (a full disk,
a mocked os.write) issues no copy and leaves no audit entry of the act as done — the rows
of every table as they were —, and the target as it was."""
from __future__ import annotations

import errno
import os
import stat
import sys

import pytest

from mototaxi_desk.domain.errors import ValidationError
from mototaxi_desk.domain.output_files import OutputError
from mototaxi_desk.services.administration import backups, privacy
from mototaxi_desk.services import documents
from mototaxi_desk.services.exchange import register_export
from mototaxi_desk.services.views import reports
from mototaxi_desk.services.context import SYSTEM, Actor
from mototaxi_desk.store.models import PrintLog

from ..conftest import row_counts
from ..factories import SUPERVISOR, make_person
from .licensing_rows import ATENDENTE, holder_with_vehicle
from .test_trust_and_copies import ON, _printed, _text

ADMIN = Actor(None, "admin.teste", "admin")
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs e links simbólicos: POSIX")


@pytest.fixture
def full_disk(monkeypatch):
    def write(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")
    return lambda: monkeypatch.setattr(os, "write", write)


@pytest.fixture
def odd_targets(tmp_path):
    """A FIFO and a link to a file outside the folder."""
    if sys.platform == "win32":
        pytest.skip("FIFOs e links simbólicos: POSIX")
    os.mkfifo(tmp_path / "canal")
    (tmp_path / "fora.txt").write_bytes(b"nao mexa")
    (tmp_path / "atalho").symlink_to(tmp_path / "fora.txt")
    yield [tmp_path / "canal", tmp_path / "atalho"]
    assert stat.S_ISFIFO(os.lstat(tmp_path / "canal").st_mode)
    assert os.readlink(tmp_path / "atalho") == str(tmp_path / "fora.txt")
    assert (tmp_path / "fora.txt").read_bytes() == b"nao mexa"


def test_a_card_refused_by_its_file_issues_no_copy(db, municipio, tmp_path, odd_targets,
                                                    full_disk):
    permit = holder_with_vehicle(ON, name="Conceição Araújo Sá")[2]
    first = _printed(permit.order_number)
    before = row_counts()
    for target in odd_targets:
        result = documents.print_cards(ATENDENTE, [permit.order_number], on=ON)
        with pytest.raises(OutputError, match="Nenhuma via foi emitida"):
            documents.write_file(ATENDENTE, result, target)
        assert row_counts() == before  # the reservation given back, no document.print
    full_disk()
    result = documents.print_cards(ATENDENTE, [permit.order_number], on=ON)
    with pytest.raises(OutputError) as failed:
        documents.write_file(ATENDENTE, result, tmp_path / "cartao.pdf")
    assert str(failed.value) == (f"Não foi possível gravar {tmp_path / 'cartao.pdf'}: não há "
                                 "espaço livre no disco. O arquivo não foi gravado. Nenhuma "
                                 "via foi emitida.")
    assert row_counts() == before and not (tmp_path / "cartao.pdf").exists()
    assert PrintLog.select().where(PrintLog.state == "reserved").count() == 0
    assert documents.verify(_text(first), on=ON)["valid"]  # the card in the pocket is current


def test_exports_refused_by_their_file_leave_no_audit_entry(db, municipio, tmp_path,
                                                             odd_targets, full_disk):
    holder_with_vehicle(ON, name="Conceição Araújo Sá")
    report = reports.run("waiting_list")
    before = row_counts()
    for target in odd_targets:
        with pytest.raises(OutputError, match=str(target)):
            register_export.export(ADMIN, path=target)
        with pytest.raises(OutputError, match=str(target)):
            reports.export(SUPERVISOR, report, "csv", path=target)
        with pytest.raises(OutputError, match=str(target)):
            reports.print_report(SUPERVISOR, report, path=target)
        assert row_counts() == before
    archive = tmp_path / "cadastro.xlsx"
    archive.write_bytes(b"anterior")
    full_disk()
    with pytest.raises(OutputError, match="não há espaço livre no disco"):
        register_export.export(ADMIN, path=archive)
    with pytest.raises(OutputError, match="não há espaço livre no disco"):
        reports.export(SUPERVISOR, report, "xlsx", path=archive)
    assert row_counts() == before and archive.read_bytes() == b"anterior"


def test_exports_written_are_audited_once(db, municipio, tmp_path):
    holder_with_vehicle(ON, name="Conceição Araújo Sá")
    from mototaxi_desk.store.models import AuditLog
    result = register_export.export(ADMIN, path=tmp_path / "cadastro.xlsx")
    assert (tmp_path / "cadastro.xlsx").read_bytes() == result["xlsx"]
    report = reports.run("waiting_list")
    data = reports.export(SUPERVISOR, report, "csv", path=tmp_path / "espera.csv")
    assert (tmp_path / "espera.csv").read_bytes() == data
    assert [a.action for a in AuditLog.select().where(AuditLog.action.in_(
        ["register.export", "report.export"])).order_by(AuditLog.id)] == \
        ["register.export", "report.export"]


def test_a_person_export_that_cannot_be_written_leaves_no_file_and_no_entry(
        db, municipio, tmp_path, full_disk):
    person = make_person()
    before = row_counts()
    full_disk()
    with pytest.raises(ValidationError) as failed:
        privacy.write_export(ADMIN, person["cpf"], tmp_path / "lgpd")
    assert "não há espaço livre no disco" in str(failed.value)
    assert row_counts() == before and list((tmp_path / "lgpd").iterdir()) == []


@POSIX
def test_backup_settings_and_copies_refuse_links_and_full_disks(db, municipio, tmp_path,
                                                                  full_disk, monkeypatch):
    from mototaxi_desk import config
    from mototaxi_desk.store import backup
    settings = config.data_dir() / backup.SETTINGS_FILE
    settings.parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / "fora.json").write_text("{}")
    settings.unlink(missing_ok=True)
    settings.symlink_to(tmp_path / "fora.json")
    before = row_counts()
    with pytest.raises(OutputError, match="atalho"):
        backups.set_retention(SYSTEM, 5, 1, True)
    assert row_counts() == before  # the backup.settings entry rolled back
    assert settings.is_symlink() and (tmp_path / "fora.json").read_text() == "{}"
    if backups.status()["engine"] == "sqlite":
        (tmp_path / "destino.db").symlink_to(tmp_path / "copia-fora.db")  # dangling
        with pytest.raises(OutputError, match="atalho"):
            backups.make_backup(ADMIN, tmp_path / "destino.db")
        assert not (tmp_path / "copia-fora.db").exists() and row_counts() == before
    settings.unlink()
    full_disk()
    with pytest.raises(OutputError, match="não há espaço livre no disco"):
        backups.set_retention(SYSTEM, 5, 1, True)
    assert row_counts() == before and not settings.exists()
