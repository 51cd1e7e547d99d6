"""Issue 34 item 5 from the command line: `print card 5 -o /dev/full` exited 0, said "2ª via
em /dev/full", issued the copy and replaced the device node with a regular file; the same
for `export-register -o`. Now a FIFO, a symbolic link, a folder or a full disk (a mocked
os.write: a real device node is never used in tests) is refused: exit 1, a Portuguese
message naming the file, no copy issued, no audit entry of the print or the export, the
target as it was. On both backends (the database is only where the copies are counted)."""
from __future__ import annotations

import errno
import os
import stat
import sys

import pytest

from mototaxi_desk.domain import wallclock
from mototaxi_desk.store.migrations import close_database, open_database

from .test_cli import INIT

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs e links simbólicos: POSIX")


def _seed(url) -> int:
    from .services.licensing_rows import holder_with_vehicle
    open_database(url)
    try:
        return holder_with_vehicle(wallclock.today(), name="Conceição Araújo Sá")[2].order_number
    finally:
        close_database()


def _ledger(url) -> dict:
    """The copies of the card (issued and reserved) and the audit entries of prints and
    exports: what a refused write must leave as it was."""
    from mototaxi_desk.store.models import AuditLog, PrintLog
    open_database(url)
    try:
        return {"copies": sorted(PrintLog.select(PrintLog.document, PrintLog.entity_key,
                                                 PrintLog.copy, PrintLog.state).tuples()),
                "audited": AuditLog.select().where(AuditLog.action.in_(
                    ["document.print", "register.export"])).count()}
    finally:
        close_database()


def _full_disk(monkeypatch):
    def write(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "write", write)


def _targets(tmp_path) -> dict:
    """A FIFO, a link to a file outside, a folder: each refused and left as it was."""
    outside = tmp_path / "fora"
    outside.mkdir()
    victim = outside / "importante.pdf"
    victim.write_bytes(b"nao mexa")
    os.mkfifo(tmp_path / "canal.pdf")
    (tmp_path / "atalho.pdf").symlink_to(victim)
    (tmp_path / "pasta.pdf").mkdir()
    return {"canal.pdf": "é um canal (FIFO), não um arquivo comum",
            "atalho.pdf": "é um atalho (link simbólico); o programa não grava através de "
                          "atalhos",
            "pasta.pdf": "é uma pasta, não um arquivo"}


def _unchanged(tmp_path) -> None:
    assert stat.S_ISFIFO(os.lstat(tmp_path / "canal.pdf").st_mode)
    assert (tmp_path / "atalho.pdf").is_symlink()
    assert os.readlink(tmp_path / "atalho.pdf") == str(tmp_path / "fora" / "importante.pdf")
    assert (tmp_path / "fora" / "importante.pdf").read_bytes() == b"nao mexa"
    assert (tmp_path / "pasta.pdf").is_dir() and list((tmp_path / "pasta.pdf").iterdir()) == []
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


@POSIX
def test_print_card_to_a_fifo_a_link_a_folder_or_a_full_disk_issues_nothing(
        cli, db_url, tmp_path, monkeypatch):
    assert cli("--db", db_url, *INIT)[0] == 0
    order = _seed(db_url)
    first = tmp_path / "cartao.pdf"
    code, out, err = cli("--db", db_url, "print", "card", str(order), "-o", str(first))
    assert code == 0 and "1ª via" in out, err
    printed = first.read_bytes()
    before = _ledger(db_url)
    assert before["audited"] == 1 and [c[2:] for c in before["copies"]] == [(1, "issued")]

    for name, why in _targets(tmp_path).items():
        target = tmp_path / name
        code, out, err = cli("--db", db_url, "print", "card", str(order), "-o", str(target))
        assert (code, out) == (1, ""), (name, out, err)
        assert err == f"Erro: Não foi possível gravar {target}: {why}. Nada foi gravado; " \
                      "escolha um arquivo comum.\n"
        assert _ledger(db_url) == before
    _unchanged(tmp_path)

    with monkeypatch.context() as full:  # the copy reserved, drawn, its file not written
        _full_disk(full)
        code, out, err = cli("--db", db_url, "print", "card", str(order), "-o", str(first))
    assert (code, out) == (1, "")
    assert err == f"Erro: Não foi possível gravar {first}: não há espaço livre no disco. O " \
                  "arquivo não foi gravado. Nenhuma via foi emitida.\n"
    assert _ledger(db_url) == before  # the reserved 2ª via given back, nothing audited
    assert first.read_bytes() == printed
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []

    code, out, err = cli("--db", db_url, "print", "card", str(order), "-o", str(first))
    assert code == 0 and "2ª via" in out, err  # the number given back is the next one


@POSIX
def test_export_register_to_a_fifo_a_link_a_folder_or_a_full_disk_audits_nothing(
        cli, db_url, tmp_path, monkeypatch):
    assert cli("--db", db_url, *INIT)[0] == 0
    _seed(db_url)
    before = _ledger(db_url)
    for name, why in _targets(tmp_path).items():
        target = tmp_path / name
        code, out, err = cli("--db", db_url, "export-register", "-o", str(target))
        assert (code, out) == (1, ""), (name, out, err)
        assert err == f"Erro: Não foi possível gravar {target}: {why}. Nada foi gravado; " \
                      "escolha um arquivo comum.\n"
    _unchanged(tmp_path)
    archive = tmp_path / "cadastro.xlsx"
    archive.write_bytes(b"o arquivo do mes passado")
    with monkeypatch.context() as full:
        _full_disk(full)
        code, out, err = cli("--db", db_url, "export-register", "-o", str(archive))
    assert (code, out) == (1, "")
    assert err == f"Erro: Não foi possível gravar {archive}: não há espaço livre no disco. " \
                  "O arquivo não foi gravado.\n"
    assert archive.read_bytes() == b"o arquivo do mes passado"
    assert _ledger(db_url) == before  # no register.export entry for a file never written

    code, out, err = cli("--db", db_url, "export-register", "-o", str(archive))
    assert code == 0 and "Cadastro exportado em" in out, err
    assert _ledger(db_url)["audited"] == before["audited"] + 1
