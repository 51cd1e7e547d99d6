"""Issue 37 item 4: what a law grants names its card. A law that grants an *autorização*
(Acari Lei 912/2009 Art. 1º, tests/profiles/acari-rn-2021.toml) gets cards titled
AUTORIZAÇÃO … Autorizatário from its own wording key (`instrument.kind`) even when its
profile leaves the names out — never PERMISSÃO … PERMISSIONÁRIO; and `init` of a law that
counts in no fiscal unit asks for no fiscal-unit value (PF, Acari), while a law that does
(SRM Art. 47: UFM) must be given one."""
from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from mototaxi_desk.domain.profiles import Instrument
from mototaxi_desk.store.migrations import close_database, open_database

from .printing.pdf_tools import text as pdf_text

ACARI = Path(__file__).resolve().parent / "profiles" / "acari-rn-2021.toml"
BASE = ["--municipio", "Acari", "--uf", "RN", "--ibge", "2400109", "--population", "11000",
        "--admin-password-stdin"]


@pytest.mark.parametrize("kind, title, holder, card", [
    ("permissao", "Permissão", "Permissionário", "PERMISSÃO DE MOTOTAXISTA"),
    ("autorizacao", "Autorização", "Autorizatário", "AUTORIZAÇÃO DE MOTOTAXISTA"),
    ("licenca", "Licença", "Licenciado", "LICENÇA DE MOTOTAXISTA"),
])
def test_the_names_default_to_the_kind_of_act(kind, title, holder, card):
    """Acari Art. 1º ("em regime de autorização"): the kind names the act and its holder."""
    words = Instrument(kind=kind)
    assert (words.title, words.holder_title, words.card_title) == (title, holder, card)


def test_names_the_profile_gives_are_kept():
    words = Instrument(kind="autorizacao", title="Autorização especial",
                       holder_title="Mototaxista autorizado")
    assert words.title == "Autorização especial"
    assert words.holder_title == "Mototaxista autorizado"


def _acari_without_names(tmp_path: Path) -> Path:
    """Acari's profile with only the law's wording key: `kind`, no title, no holder title."""
    lines = [line for line in ACARI.read_text(encoding="utf-8").splitlines()
             if not line.startswith(("title =", "holder_title ="))]
    assert 'kind = "autorizacao"                        # "será delegado em regime de ' \
           'autorização"' in lines
    path = tmp_path / "acari-rn-2021.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_init_without_fiscal_unit_and_the_card_of_an_autorizacao(cli, sqlite_db, tmp_path):
    """Acari Art. 1º: the card of an autorização printed after `init` (no fiscal-unit value
    asked: the law has none) says AUTORIZAÇÃO and Autorizatário, never PERMISSÃO."""
    profile = _acari_without_names(tmp_path)
    code, out, err = cli("--db", sqlite_db, "--json", "init", "--profile", str(profile), *BASE)
    assert code == 0, err
    assert json.loads(out)["profile_id"] == "acari-rn-2021"
    from .services.licensing_rows import holder_with_vehicle
    open_database(sqlite_db)
    try:
        order = holder_with_vehicle(dt.date.today(), name="Maria das Graças Azevedo")[2] \
            .order_number
    finally:
        close_database()
    card = tmp_path / "cartao.pdf"
    code, _, err = cli("--db", sqlite_db, "print", "card", str(order), "-o", str(card))
    assert code == 0, err
    text = pdf_text(card.read_bytes())
    assert "AUTORIZAÇÃO DE MOTOTAXISTA" in text and "AUTORIZATÁRIO" in text
    assert "PERMISS" not in text.upper()


def test_init_of_a_law_with_a_fiscal_unit_needs_its_value(cli, sqlite_db, tmp_path):
    """SRM Art. 47: fees in UFM — `init` without the UFM's value is refused naming the field,
    and no database file is left behind."""
    code, _, err = cli("--db", sqlite_db, "init", "--profile",
                       "sao-raimundo-das-mangabeiras-2019", "--municipio",
                       "São Raimundo das Mangabeiras", "--uf", "MA", "--ibge", "2111102",
                       "--population", "18540", "--admin-password-stdin")
    assert code != 0 and "Valor da unidade fiscal" in err and "UFM" in err, err
    assert not Path(sqlite_db).exists()


def test_init_of_porto_feliz_asks_no_fiscal_unit(cli, sqlite_db):
    """PF (Lei 2017) prices its fines by the tariff (Art. 32), not by a fiscal unit."""
    code, _, err = cli("--db", sqlite_db, "init", "--profile", "porto-feliz-2017",
                       "--municipio", "Porto Feliz", "--uf", "SP", "--ibge", "3540606",
                       "--population", "52000", "--admin-password-stdin")
    assert code == 0, err
