"""Issue 34, item 2 at the command line: a scratch `init` with the município's own IBGE code
leaves the station's trust file byte-identical and says its key is not trusted here;
`keys rotate` signs the new key with the current one; `keys trust` adds an unsigned key only
with its fingerprint confirmed (--confirm, or 'sim' typed at a terminal), by an admin."""
import io
import json
import sys

from mototaxi_desk import config

from .test_cli import INIT

TRUST = "trusted-2111102.json"


def _trust_file():
    return config.data_dir() / "keys" / TRUST


def test_scratch_init_leaves_the_trust_file_byte_identical(cli, sqlite_db, tmp_path):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    before = _trust_file().read_bytes()
    scratch = str(tmp_path / "rascunho.db")
    code, out, err = cli("--db", scratch, *INIT)  # no login needed: init makes the admin
    assert code == 0, err
    assert "Atenção: esta estação já tem chaves confiáveis deste município" in out
    assert "2111102-2" in out and "não é confiável aqui" in out
    assert _trust_file().read_bytes() == before
    code, out, _ = cli("--db", scratch, "keys", "list")
    assert "2111102-2" in out and "NÃO CONFIÁVEL nesta estação" in out
    code, out, _ = cli("--db", scratch, "check", "--quick")
    assert code == 1 and "2111102-2 está no banco de dados mas não é confiável" in out
    code, _, err = cli("--db", scratch, "verifier", "export", "-o", str(tmp_path / "v.html"))
    assert code == 1 and "não é confiável nesta estação" in err
    assert _trust_file().read_bytes() == before
    code, out, _ = cli("--db", sqlite_db, "check", "--quick")
    assert code == 0, out


def test_rotation_is_signed_and_an_unsigned_key_needs_its_fingerprint(
        cli, sqlite_db, monkeypatch):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    code, out, err = cli("--db", sqlite_db, "keys", "rotate")
    assert code == 0 and "assinada pela chave 2111102-1" in out, err
    assert json.loads(_trust_file().read_text())["keys"][1]["succeeds"]["key_id"] == "2111102-1"
    for path in (config.data_dir() / "keys").glob("*.pem"):  # the current key is lost
        path.unlink()
    code, _, err = cli("--db", sqlite_db, "keys", "rotate")
    assert code == 1 and "não pode assinar a chave nova" in err
    code, out, _ = cli("--db", sqlite_db, "--json", "keys", "rotate", "--unsigned")
    rotated = json.loads(out)
    assert code == 0 and rotated["key_ref"] == "2111102-3" and not rotated["trusted"]
    before = _trust_file().read_bytes()
    code, _, err = cli("--db", sqlite_db, "keys", "trust", "--from-database")
    assert code == 1 and f'--confirm "{rotated["fingerprint_text"]}"' in err
    code, _, err = cli("--db", sqlite_db, "keys", "trust", "--from-database", "--confirm",
                       "0000 0000 0000 0000")
    assert code == 1 and "não é de nenhuma chave nova" in err
    code, _, err = cli("--db", sqlite_db, "keys", "trust", "x.json", "--from-database")
    assert code == 2 and "não cabe junto" in err
    assert _trust_file().read_bytes() == before
    code, _, _ = cli("--db", sqlite_db, "users", "add", "joana", "--name", "Joana Sá",
                     "--role", "atendente", "--password-stdin", stdin="senha-da-joana\n")
    assert code == 0
    monkeypatch.setenv("MOTOTAXI_PASSWORD", "senha-da-joana")
    code, _, err = cli("--db", sqlite_db, "--user", "joana", "keys", "trust", "--from-database",
                       "--confirm", rotated["fingerprint_text"])
    assert code == 1 and "não pode" in err
    assert _trust_file().read_bytes() == before
    monkeypatch.setenv("MOTOTAXI_PASSWORD", "senha-forte-1")
    code, out, err = cli("--db", sqlite_db, "keys", "trust", "--from-database", "--confirm",
                         rotated["fingerprint_text"])
    assert code == 0 and "Acrescentada: 2111102-3" in out and "confirmada" in out, err
    code, out, _ = cli("--db", sqlite_db, "--json", "keys", "list")
    assert [k["trusted"] for k in json.loads(out)] == [True, True, True]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_keys_trust_asks_at_a_terminal(cli, sqlite_db, tmp_path, monkeypatch, capsys):
    """At a terminal the new keys' fingerprints are shown and 'sim' confirms them; anything
    else leaves the station as it was."""
    from mototaxi_desk.__main__ import main
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    copied = tmp_path / TRUST
    copied.write_bytes(_trust_file().read_bytes())
    fingerprint = json.loads(copied.read_text())["keys"][0]["fingerprint"]
    _trust_file().unlink()
    for pem in (config.data_dir() / "keys").glob("*.pem"):  # a station that only verifies
        pem.unlink()
    for answer, code in (("não\n", 1), ("sim\n", 0)):
        monkeypatch.setattr(sys, "stdin", _Terminal(answer))
        assert main(["--db", sqlite_db, "keys", "trust", str(copied)]) == code
        out, err = capsys.readouterr()
        assert "2111102-1" in out and fingerprint[:4].upper() in out
        assert _trust_file().exists() is (code == 0)
    assert "impressão digital confirmada" in out
