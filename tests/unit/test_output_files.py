"""The one checked writer (issue 34 item 5, domain/output_files.py): regular files only —
a FIFO, a symbolic link, a folder or a device is refused before anything is opened, and
left as it was —, every write and fsync checked, a failed write a Portuguese OutputError
with the previous file intact and no temporary file left behind. A full disk is simulated
by a mocked os.write (a real device node is never used in tests)."""
from __future__ import annotations

import errno
import os
import stat
import sys

import pytest

from mototaxi_desk.domain import output_files
from mototaxi_desk.domain.output_files import OutputError

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs e links simbólicos: POSIX")


def _leftovers(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_writes_a_new_file_and_replaces_an_existing_one_keeping_its_mode(tmp_path):
    target = tmp_path / "cartao.pdf"
    assert output_files.write_atomic(target, b"primeiro") == target
    assert target.read_bytes() == b"primeiro"
    os.chmod(target, 0o640)
    output_files.write_atomic(target, b"segundo")
    assert target.read_bytes() == b"segundo"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    output_files.write_text(tmp_path / "a.json", "{\"x\": \"ç\"}\n", mode=0o600)
    assert (tmp_path / "a.json").read_text(encoding="utf-8") == "{\"x\": \"ç\"}\n"
    assert stat.S_IMODE((tmp_path / "a.json").stat().st_mode) == 0o600
    assert _leftovers(tmp_path) == []


@POSIX
def test_a_fifo_is_refused_before_it_is_opened_and_stays_a_fifo(tmp_path):
    """Opening a FIFO for writing blocks until a reader comes: the test holds a reader open
    (non-blocking), so a writer that opened it would not hang here but would be seen."""
    fifo = tmp_path / "saida.pdf"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        for write in (lambda: output_files.write_atomic(fifo, b"%PDF"),
                      lambda: output_files.write_new(fifo, b"%PDF")):
            with pytest.raises(OutputError) as refused:
                write()
            assert str(fifo) in str(refused.value)
            assert "canal (FIFO)" in str(refused.value)
        assert os.read(reader, 10) == b""  # nothing was written into it
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)  # not replaced by a regular file
    assert _leftovers(tmp_path) == []


@POSIX
def test_a_symbolic_link_is_refused_and_neither_it_nor_its_target_changes(tmp_path):
    outside = tmp_path / "outra-pasta"
    outside.mkdir()
    victim = outside / "importante.txt"
    victim.write_bytes(b"original")
    link = tmp_path / "relatorio.csv"
    link.symlink_to(victim)
    dangling = tmp_path / "solto.csv"
    dangling.symlink_to(tmp_path / "nao-existe.csv")
    for target in (link, dangling):
        with pytest.raises(OutputError) as refused:
            output_files.write_atomic(target, b"novo")
        assert str(target) in str(refused.value) and "atalho" in str(refused.value)
        with pytest.raises(OutputError):
            output_files.write_new(target, b"novo")
    assert link.is_symlink() and os.readlink(link) == str(victim)
    assert victim.read_bytes() == b"original"
    assert dangling.is_symlink() and not (tmp_path / "nao-existe.csv").exists()
    assert _leftovers(tmp_path) == []


def test_a_folder_is_refused(tmp_path):
    folder = tmp_path / "documentos"
    (folder / "dentro").mkdir(parents=True)
    with pytest.raises(OutputError) as refused:
        output_files.write_atomic(folder, b"x")
    assert str(refused.value) == (f"Não foi possível gravar {folder}: é uma pasta, não um "
                                  "arquivo. Nada foi gravado; escolha um arquivo comum.")
    assert (folder / "dentro").is_dir()


def test_the_kinds_of_file_refused_are_named_in_portuguese():
    assert output_files._kind(stat.S_IFCHR | 0o666) == "é um dispositivo, não um arquivo comum"
    assert output_files._kind(stat.S_IFBLK | 0o660) == "é um dispositivo, não um arquivo comum"
    assert output_files._kind(stat.S_IFSOCK | 0o755) == "é um soquete, não um arquivo comum"
    assert output_files._kind(stat.S_IFREG | 0o644) is None


def _full_disk_after(limit: int, monkeypatch):
    """os.write as on a disk with `limit` bytes free: what fits is written, then ENOSPC."""
    real_write, room = os.write, [limit]

    def write(fd, data):
        if room[0] <= 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        taken = real_write(fd, bytes(data[:room[0]]))
        room[0] -= taken
        return taken
    monkeypatch.setattr(os, "write", write)


def test_a_full_disk_is_a_portuguese_error_and_the_previous_file_stays(tmp_path, monkeypatch):
    target = tmp_path / "cadastro.xlsx"
    target.write_bytes(b"a versao anterior")
    _full_disk_after(5, monkeypatch)
    with pytest.raises(OutputError) as failed:
        output_files.write_atomic(target, b"x" * 100_000)
    assert str(failed.value) == (f"Não foi possível gravar {target}: não há espaço livre no "
                                 "disco. O arquivo não foi gravado.")
    assert target.read_bytes() == b"a versao anterior"
    assert _leftovers(tmp_path) == []
    with pytest.raises(OutputError):
        output_files.write_new(tmp_path / "novo.json", b"{}" * 10)
    assert not (tmp_path / "novo.json").exists() and _leftovers(tmp_path) == []


def test_short_writes_are_continued_and_a_write_of_nothing_is_an_error(tmp_path, monkeypatch):
    real_write = os.write
    monkeypatch.setattr(os, "write", lambda fd, data: real_write(fd, bytes(data[:3])))
    output_files.write_atomic(tmp_path / "a.bin", bytes(range(256)) * 4)
    assert (tmp_path / "a.bin").read_bytes() == bytes(range(256)) * 4
    monkeypatch.setattr(os, "write", lambda fd, data: 0)
    with pytest.raises(OutputError) as failed:
        output_files.write_atomic(tmp_path / "a.bin", b"outro")
    assert "erro de leitura ou gravação no dispositivo" in str(failed.value)
    assert (tmp_path / "a.bin").read_bytes() == bytes(range(256)) * 4


def test_an_fsync_error_fails_the_write(tmp_path, monkeypatch):
    """EIO at fsync: the data may never reach the disk, so the file is not put in place."""
    def fsync(fd):
        raise OSError(errno.EIO, "Input/output error")
    monkeypatch.setattr(os, "fsync", fsync)
    with pytest.raises(OutputError) as failed:
        output_files.write_atomic(tmp_path / "x.pdf", b"%PDF")
    assert "erro de leitura ou gravação no dispositivo" in str(failed.value)
    assert not (tmp_path / "x.pdf").exists() and _leftovers(tmp_path) == []


def test_a_missing_folder_names_the_path(tmp_path):
    target = tmp_path / "nao-existe" / "x.pdf"
    with pytest.raises(OutputError) as failed:
        output_files.write_atomic(target, b"%PDF")
    assert str(failed.value) == (f"Não foi possível gravar {target}: arquivo ou pasta não "
                                 "encontrado. O arquivo não foi gravado.")


def test_write_new_never_replaces_a_file(tmp_path):
    target = tmp_path / "chave.pem"
    output_files.write_new(target, b"primeira", mode=0o600)
    assert target.read_bytes() == b"primeira"
    if sys.platform != "win32":
        assert stat.S_IMODE(target.stat().st_mode) == 0o600
    with pytest.raises(OutputError) as refused:
        output_files.write_new(target, b"segunda")
    assert "já existe" in str(refused.value)
    assert target.read_bytes() == b"primeira" and _leftovers(tmp_path) == []


def test_replacing_finishes_a_file_made_by_another_writer_or_leaves_nothing(tmp_path):
    target = tmp_path / "copia.db"
    with output_files.replacing(target) as partial:
        assert partial.parent == tmp_path and partial != target
        partial.write_bytes(b"SQLite format 3\x00")
    assert target.read_bytes() == b"SQLite format 3\x00"
    with pytest.raises(RuntimeError), output_files.replacing(target) as partial:
        partial.write_bytes(b"metade")
        raise RuntimeError("o pg_dump falhou")
    assert target.read_bytes() == b"SQLite format 3\x00" and _leftovers(tmp_path) == []
    with pytest.raises(OutputError), output_files.replacing(tmp_path) as partial:
        raise AssertionError("a folder is refused before the block runs")
