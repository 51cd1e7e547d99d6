"""Every file the program reads has a limit checked before it is read (issue 34 item 6,
domain/input_limits.py): `/dev/zero` given as a profile took 13 GB, `/dev/urandom` never
ended. Here each reader is given a 200 MB sparse file of zeros (no disk used) and a FIFO: both
refused with a Portuguese message naming the path, the file never read whole (tracemalloc's
peak stays far under 500 MB), the FIFO never waited on. A FIFO opened for reading blocks until
a writer comes, so each FIFO case runs under an alarm that fails it instead of hanging."""
from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import tracemalloc
from pathlib import Path

import pytest

from mototaxi_desk.domain import input_limits
from mototaxi_desk.domain.errors import DomainError, ProfileError
from mototaxi_desk.domain.input_limits import InputRefused
from mototaxi_desk.store.backup import BackupError

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs: POSIX")
BIG = 200 * 1024 * 1024
MEMORY_CEILING = 500 * 1024 * 1024


@pytest.fixture
def zeros(tmp_path) -> Path:
    path = tmp_path / "zeros.bin"
    with open(path, "wb") as handle:
        handle.truncate(BIG)  # sparse: 200 MB long, no block written
    return path


@pytest.fixture
def fifo(tmp_path) -> Path:
    if sys.platform == "win32":
        pytest.skip("FIFOs: POSIX")
    path = tmp_path / "canal.toml"
    os.mkfifo(path)
    return path


@contextlib.contextmanager
def _never_blocks(seconds: int = 60):
    """A reader that opened the FIFO would wait for a writer forever: fail it instead."""
    def blocked(signum, frame):
        raise AssertionError("o leitor ficou esperando no FIFO")
    previous = signal.signal(signal.SIGALRM, blocked)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _peak_while(call):
    tracemalloc.start()
    try:
        outcome = call()
        return outcome, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_regular_file_within_its_limit_is_read_whole(tmp_path):
    path = tmp_path / "perfil.toml"
    path.write_bytes(b"a = 1\r\nb = 2\r")
    assert input_limits.read_bytes(path, input_limits.PROFILE) == b"a = 1\r\nb = 2\r"
    assert input_limits.read_text(path, input_limits.PROFILE) == "a = 1\nb = 2\n"  # as read_text
    small = input_limits.Limit(10, "um teste")
    (tmp_path / "dez.txt").write_bytes(b"x" * 10)
    assert input_limits.read_bytes(tmp_path / "dez.txt", small) == b"x" * 10
    (tmp_path / "onze.txt").write_bytes(b"x" * 11)
    with pytest.raises(InputRefused) as refused:
        input_limits.read_bytes(tmp_path / "onze.txt", small)
    assert str(refused.value) == (f"{tmp_path / 'onze.txt'} tem 11 bytes, mais que o máximo "
                                  "de 10 bytes para um teste. Nada foi lido.")
    with pytest.raises(FileNotFoundError):
        input_limits.read_bytes(tmp_path / "nao-existe.toml", small)


def test_a_file_that_grows_while_read_is_still_bounded(tmp_path, monkeypatch):
    """The size is taken before reading; reading stops one byte past the limit whatever the
    file has by then (a log being written, a special file that reports no size)."""
    path = tmp_path / "cresce.csv"
    path.write_bytes(b"x" * 10)
    real_stat, real_fstat = os.stat, os.fstat

    class Smaller:  # stat says 4 bytes: the file "grew" to 10 since
        def __init__(self, info):
            self.st_mode, self.st_size = info.st_mode, 4
    monkeypatch.setattr(os, "stat", lambda path: Smaller(real_stat(path)))
    monkeypatch.setattr(os, "fstat", lambda fd: Smaller(real_fstat(fd)))
    assert input_limits.read_bytes(path, input_limits.Limit(10, "um teste")) == b"x" * 10
    with pytest.raises(InputRefused) as refused:
        input_limits.read_bytes(path, input_limits.Limit(8, "um teste"))
    assert "passou de 8 bytes enquanto era lido" in str(refused.value)


def test_the_200_mb_file_and_a_device_are_refused_by_type_and_size(zeros):
    with pytest.raises(InputRefused) as refused:
        input_limits.read_bytes(zeros, input_limits.IMPORT)
    assert str(refused.value) == (f"{zeros} tem 210 MB, mais que o máximo de 100 MB para "
                                  "uma planilha de importação. Nada foi lido.")
    if os.path.exists("/dev/zero"):  # only stat()ed, never opened
        with pytest.raises(InputRefused) as refused:
            input_limits.check("/dev/zero", input_limits.PROFILE)
        assert str(refused.value) == ("/dev/zero não é um arquivo comum (é um dispositivo); "
                                      "informe um arquivo comum. Nada foi lido.")
    with pytest.raises(InputRefused) as refused:
        input_limits.check(zeros.parent, input_limits.PROFILE)
    assert "(é uma pasta)" in str(refused.value)


# --- each reader of the program --------------------------------------------------------------

def _profile_candidate(path):
    from mototaxi_desk import profile_files
    error = profile_files.read(path).error
    raise ProfileError(error)


def _parse_profile(path):
    from mototaxi_desk.domain import profiles
    profiles.parse_profile(path)


def _import(path):
    from mototaxi_desk.services.exchange import import_files
    import_files.read(path)


def _mapping(path):
    from mototaxi_desk.services.exchange import importing
    importing.read_mapping_file(path)


def _bank_return(path):
    from mototaxi_desk.services.payments import bank_returns
    bank_returns.read_file(path)


def _trust_file(path):
    from mototaxi_desk.services.trust import key_files
    key_files._read_trust(path)


def _checkpoint(path):
    from mototaxi_desk.services.trust import checkpoints
    assert checkpoints.read(path) == {"unreadable": True}
    raise InputRefused("ilegível")


def _backup_settings(path):
    from mototaxi_desk.store import backup
    assert backup.load_retention(path) == backup.Retention()  # the defaults, logged
    raise InputRefused("padrão")


def _restore(path):
    from mototaxi_desk.store import backup
    backup.check_candidate(path, path.parent / "trabalho.db", latest=99)


# reader: (call, what it raises, what its message says of 200 MB, of a FIFO; None: the
# reader swallows the problem — an unreadable checkpoint is reported by `check`, a settings
# file falls back to the defaults — and only its memory shows it did not read the file)
SIZE, FIFO = "tem 210 MB, mais que o máximo de", "não é um arquivo comum (é um canal FIFO)"
READERS = {"perfil (profiles check)": (_profile_candidate, ProfileError, SIZE, FIFO),
           "perfil (adotado)": (_parse_profile, ProfileError, SIZE, FIFO),
           "importação": (_import, DomainError, SIZE, FIFO),
           "mapeamento": (_mapping, DomainError, SIZE, FIFO),
           "retorno bancário": (_bank_return, DomainError, SIZE, FIFO),
           "chaves confiáveis": (_trust_file, DomainError, SIZE, FIFO),
           "marco da auditoria": (_checkpoint, InputRefused, None, None),
           "configuração das cópias": (_backup_settings, InputRefused, None, None),
           # its own limit is 8 GB: 200 MB of zeros fails the SQLite header (100 bytes read)
           "cópia a restaurar": (_restore, BackupError, "não é um banco de dados",
                                 "não é um arquivo")}


@pytest.mark.parametrize("reader", READERS)
def test_each_reader_refuses_200_mb_of_zeros_without_reading_it(reader, zeros):
    call, refusal, says, _ = READERS[reader]
    with pytest.raises(refusal) as refused:
        call(zeros)
    if says:
        assert says in str(refused.value) and str(zeros) in str(refused.value)


@pytest.mark.parametrize("reader", READERS)
def test_each_reader_stays_far_under_500_mb_on_200_mb_of_zeros(reader, zeros):
    """The issue's ceiling is 500 MB; a reader that reads nothing allocates a few MB (the
    modules it loads), one that reads the file at least its 200 MB twice (bytes and text)."""
    call, refusal, _, _ = READERS[reader]

    def attempt():
        with contextlib.suppress(refusal):
            call(zeros)
    _, peak = _peak_while(attempt)
    assert peak < MEMORY_CEILING // 8


@POSIX
@pytest.mark.parametrize("reader", READERS)
def test_each_reader_refuses_a_fifo_without_waiting_on_it(reader, fifo):
    call, refusal, _, says = READERS[reader]
    with _never_blocks(), pytest.raises(refusal) as refused:
        call(fifo)
    if says:
        assert says in str(refused.value) and str(fifo) in str(refused.value)


def test_the_restore_refuses_a_wal_beside_the_copy_that_is_not_a_file(tmp_path):
    """A copy's -wal is copied with it: a FIFO or a device under that name is refused."""
    import sqlite3

    from mototaxi_desk.store import backup
    copy = tmp_path / "copia.db"
    conn = sqlite3.connect(copy)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    if sys.platform == "win32":
        pytest.skip("FIFOs: POSIX")
    os.mkfifo(f"{copy}-wal")
    with _never_blocks(), pytest.raises(backup.BackupError) as refused:
        backup.check_candidate(copy, tmp_path / "trabalho.db", latest=99)
    assert str(refused.value) == (f"{copy}-wal não é um arquivo comum (é um canal FIFO); "
                                  "informe um arquivo comum. Nada foi lido. Nada foi alterado.")


def test_the_import_counts_cells_against_its_limit(monkeypatch):
    """An XLSX is compressed: its size says little of its cells, so they are counted."""
    from mototaxi_desk.services.exchange import import_files
    monkeypatch.setattr(input_limits, "IMPORT_CELLS", 7)
    text = "CPF;Nome\n1;a\n2;b\n3;c\n".encode()
    with pytest.raises(DomainError) as refused:
        import_files.parse(text, "grande.csv")
    assert str(refused.value) == ("grande.csv: mais de 7 células preenchidas, mais que o "
                                  "máximo de uma importação; divida o arquivo. Nada foi "
                                  "importado.")
    monkeypatch.setattr(input_limits, "IMPORT_CELLS", 8)
    assert len(import_files.parse(text, "grande.csv").sheets[0].rows) == 3


def test_a_mapping_file_reads_back(tmp_path):
    from mototaxi_desk.services.exchange import importing
    path = tmp_path / "mapa.json"
    path.write_text(json.dumps({"Aba": {"kind": "titulares", "columns": {}}}), encoding="utf-8")
    assert importing.read_mapping_file(path) == {"Aba": {"kind": "titulares", "columns": {}}}
