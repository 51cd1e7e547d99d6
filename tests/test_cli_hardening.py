"""Input that lies and files that fail (issue 18 item 7): a clear Portuguese line, never
"Erro interno inesperado"; no empty database at a mistyped path; private files on POSIX."""
import argparse
import errno
import os
import stat
import sys

import pytest

from mototaxi_desk import cli as cli_package
from mototaxi_desk.domain.os_errors import os_error_text

from .test_cli import INIT

HUGE = str(10 ** 30)


def _clear(code, err):
    assert code == 1, err
    assert "interno" not in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and err.startswith("Erro: ")


def test_backup_to_a_place_that_takes_no_file(cli, sqlite_db, tmp_path):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    code, _, err = cli("--db", sqlite_db, "backup", "--to", "/proc/")
    _clear(code, err)
    assert "Não foi possível gravar /proc/" in err  # the checked writer names the file
    (tmp_path / "arquivo").write_text("x")
    code, _, err = cli("--db", sqlite_db, "backup", "--to", str(tmp_path / "arquivo" / "c.db"))
    _clear(code, err)
    assert "No such" not in err and "Not a directory" not in err


def test_a_database_path_of_5000_characters(cli, tmp_path):
    long_path = str(tmp_path / ("a" * 5000))
    for args in (["search", "silva"], INIT):
        code, _, err = cli("--db", long_path, *args)
        _clear(code, err)
        assert "longo demais" in err and len(err) < 400


def test_an_id_of_10_to_the_30(cli, sqlite_db, tmp_path):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    out = str(tmp_path / "x.pdf")
    for args in (["permit", "acts", HUGE], ["stand", "close", HUGE, "--reason", "x"],
                 ["print", "card", HUGE, "-o", out], ["aux", "end", HUGE, "--reason", "x"],
                 ["waiting", "remove", HUGE, "--reason", "x"],
                 ["print", "notice", f"{HUGE}/2026", "-o", out]):
        code, _, err = cli("--db", sqlite_db, *args)
        _clear(code, err)


def test_a_number_the_database_cannot_hold_is_said_plainly(capsys):
    """The last net under every command (cli.run): an OverflowError no parser caught."""
    def handler(args):
        raise OverflowError("Python int too large to convert to SQLite INTEGER")
    assert cli_package.run(argparse.Namespace(handler=handler)) == 1
    assert capsys.readouterr().err == "Erro: número grande demais.\n"

    def failing(args):
        raise PermissionError(errno.EACCES, "Permission denied", "/algum/lugar")
    assert cli_package.run(argparse.Namespace(handler=failing)) == 1
    assert "permissão negada" in capsys.readouterr().err


def test_read_only_commands_create_no_database_at_a_mistyped_path(cli, tmp_path):
    for args in (["search", "silva"], ["alerts"], ["audit", "verify"], ["check"],
                 ["users", "list"], ["verify", "x"], ["profiles", "versions"]):
        typo = tmp_path / "pasta-errada" / "mototaxi.bd"
        code, _, err = cli("--db", str(typo), *args)
        _clear(code, err)
        assert "não encontrado" in err and "init" in err
        assert not typo.exists() and not typo.parent.exists(), args


def test_os_errors_in_portuguese():
    assert os_error_text(FileNotFoundError(errno.ENOENT, "No such file")) == \
        "arquivo ou pasta não encontrado"
    assert os_error_text(OSError(errno.ENOSPC, "No space left")) == \
        "não há espaço livre no disco"
    assert os_error_text(OSError(errno.ENAMETOOLONG, "File name too long")) == \
        "nome ou caminho longo demais"
    assert os_error_text(OSError(9999, "Weird")) == "erro do sistema nº 9999"
    assert os_error_text(OSError("sem errno")) == "erro do sistema"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_data_folder_backups_logs_and_exports_are_private(cli, tmp_path, monkeypatch):
    """0700 folders and 0600 files: the database, its copies, the log and the exports hold
    personal data (LGPD); other accounts on the PC read none of it."""
    import datetime as dt
    import logging

    from mototaxi_desk.store.migrations import close_database, open_database
    data = tmp_path / "dados"  # made by the program
    monkeypatch.setenv("MOTOTAXI_DATA_DIR", str(data))
    umask = os.umask(0o022)
    os.umask(umask)
    root = logging.getLogger()  # the log of this data folder, not an earlier test's
    earlier = [h for h in root.handlers if getattr(h, "_mototaxi", False)]
    for handler in earlier:
        root.removeHandler(handler)
    try:
        _private_files(cli, data, tmp_path, dt, open_database, close_database)
    finally:
        for handler in [h for h in root.handlers if getattr(h, "_mototaxi", False)]:
            root.removeHandler(handler)
            handler.close()
        for handler in earlier:
            root.addHandler(handler)
    assert os.umask(umask) == umask  # the caller's umask is given back


def _private_files(cli, data, tmp_path, dt, open_database, close_database):
    assert cli(*INIT)[0] == 0
    database = data / "mototaxi.db"
    open_database(str(database))
    try:
        from .services.ledger_helpers import holder_permit
        person, _ = holder_permit("Conceição Araújo Sá", on=dt.date.today())
    finally:
        close_database()
    assert cli("search", "silva")[0] == 0  # the day's automatic copy
    exports = tmp_path / "lgpd"
    code, _, err = cli("person", "export", person["cpf"], "-o", str(exports))
    assert code == 0, err
    card = tmp_path / "cartao.pdf"
    assert cli("print", "card", "1", "-o", str(card))[0] == 0
    folders = [data, data / "backups", data / "logs", exports]
    files = [database, *(data / "backups").iterdir(), *(data / "logs").iterdir(),
             *exports.iterdir(), card]
    assert len(files) >= 6
    for folder in folders:
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
    for path in files:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path


def test_a_holiday_with_a_bad_date_or_name_is_refused_and_nothing_written(cli, sqlite_db):
    """settings holiday-add/-remove: the field named, nothing written (the holidays count
    the business days of the defence and appeal terms: Lei 9.784/1999 Art. 66 §1º)."""
    import json
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    for date, name in (("31/02/2027", "Padroeiro"), ("20/13/2027", "Padroeiro"),
                       (HUGE, "Padroeiro"), ("20/01/2027", ""), ("20/01/2027", "x" * 500)):
        code, _, err = cli("--db", sqlite_db, "settings", "holiday-add", date, name)
        _clear(code, err)
        assert ("Data do feriado" if name == "Padroeiro" else "Nome do feriado") in err
    code, _, err = cli("--db", sqlite_db, "settings", "holiday-remove", "20/01/2027")
    _clear(code, err)
    assert "não é feriado municipal cadastrado" in err
    code, out, _ = cli("--db", sqlite_db, "settings", "show", "--json")
    assert code == 0 and json.loads(out)["holidays"] == []
    code, out, _ = cli("--db", sqlite_db, "settings", "holiday-add", "20/01/2027",
                       "São Sebastião", "--json")
    assert code == 0 and json.loads(out)["holidays"] == [{"day": "2027-01-20",
                                                          "name": "São Sebastião"}]
