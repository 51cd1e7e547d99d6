"""Issue 37 item 6: the vehicle's insurance in the register import and export, through the
command line on a database made by `init` (SRM, whose Art. 20 XVI asks for insurance with a
minimum cover per person). A spreadsheet made with openpyxl, with the insurer, policy,
cover per person and validity columns as a município types them, imports them onto the
vehicles; bad values are refused naming the row and the field, nothing written; the
archive of `export-register` carries them and reads back unchanged, and rebuilds them in an
empty database; a newer sheet shows the change of insurance field by field."""
import datetime as dt
import json
from decimal import Decimal

from openpyxl import Workbook, load_workbook

from mototaxi_desk.domain import validators
from mototaxi_desk.store.migrations import close_database, open_database
from mototaxi_desk.store.models import Vehicle

from .conftest import row_counts
from .services.import_samples import HOLDER_HEADERS, holder_row, plate
from .test_cli import INIT

INSURANCE_HEADERS = ["Seguradora", "Apólice nº", "Cobertura por pessoa", "Validade do seguro"]


def _expiry(days: int = 200) -> dt.date:
    return dt.date.today() + dt.timedelta(days=days)


def _sheet(path, insurance_rows) -> str:
    """Permissionários with one holder per insurance row (no ponto)."""
    book = Workbook()
    sheet = book.active
    sheet.title = "Permissionários"
    sheet.append(HOLDER_HEADERS + INSURANCE_HEADERS)
    for n, insurance in enumerate(insurance_rows, start=1):
        sheet.append(holder_row(n, stand=None) + list(insurance))
    book.save(path)
    return str(path)


def _insurance(url) -> dict:
    open_database(url)
    try:
        return {v.plate: (v.insurer, v.insurance_policy, v.insurance_cover_cents,
                          v.insurance_expiry) for v in Vehicle.select()}
    finally:
        close_database()


def _counts(url) -> dict:
    open_database(url)
    try:
        return row_counts()
    finally:
        close_database()


def _canonical(n: int) -> str:
    return validators.plate(plate(n), "Placa")[0]


def _ready(cli, url) -> None:
    assert cli("--db", url, *INIT)[0] == 0
    assert cli("--db", url, "tick")[0] == 0  # the day's step, done by any command


def test_insurance_columns_are_mapped_and_imported(cli, db_url, tmp_path):
    _ready(cli, db_url)
    path = _sheet(tmp_path / "cadastro.xlsx", [
        ("Porto Seguro", "AP-2026-001", "R$ 20.000,00", _expiry().strftime("%d/%m/%Y")),
        ("Mapfre", 778899, 15000, _expiry(300)),            # number and date cells
        ("Bradesco Seguros", "B-1", "12.500,50", _expiry(100))])
    code, out, err = cli("--db", db_url, "import", str(path), "--dry-run")
    assert code == 0, err
    assert ("Seguradora → Seguradora; Apólice nº → Nº da apólice; Cobertura por pessoa → "
            "Cobertura do seguro por pessoa; Validade do seguro → Vencimento do seguro") in out
    assert "Ignoradas" not in out
    code, out, err = cli("--db", db_url, "--json", "import", str(path))
    assert code == 0, err
    assert json.loads(out)["creates"]["vehicle"] == 3
    assert _insurance(db_url) == {
        _canonical(1): ("Porto Seguro", "AP-2026-001", 2_000_000, _expiry()),
        _canonical(2): ("Mapfre", "778899", 1_500_000, _expiry(300)),
        _canonical(3): ("Bradesco Seguros", "B-1", 1_250_050, _expiry(100))}


def test_bad_cover_or_impossible_date_is_refused_naming_row_and_field(cli, db_url, tmp_path):
    _ready(cli, db_url)
    path = _sheet(tmp_path / "cadastro.xlsx", [
        ("Porto Seguro", "AP-1", "vinte mil", _expiry()),
        ("Porto Seguro", "AP-2", "20.000,00", "31/02/2027"),
        ("Porto Seguro", "AP-3", "20.000,005", _expiry())])
    before = _counts(db_url)
    code, out, err = cli("--db", db_url, "import", str(path))
    assert code == 1
    assert ("[erro] Permissionários, linha 2: Cobertura do seguro por pessoa: valor "
            "inválido") in out
    assert ("[erro] Permissionários, linha 3: Vencimento do seguro: data inválida "
            "'31/02/2027'; use dd/mm/aaaa.") in out
    assert ("[erro] Permissionários, linha 4: Cobertura do seguro por pessoa: use no máximo "
            "2 casas decimais.") in out
    assert err.startswith("Erro: cadastro.xlsx: 3 problema(s) impedem a importação")
    assert _counts(db_url) == before


def test_srm_art_20_xvi_cover_below_the_minimum_or_expired_imports_with_an_alert(
        cli, db_url, tmp_path):
    """SRM Art. 20 XVI: insurance with a minimum cover per person (R$ 10.000,00 in the
    profile). The register is what it is: imported, with an alert on the row and field."""
    _ready(cli, db_url)
    path = _sheet(tmp_path / "cadastro.xlsx", [
        ("Porto Seguro", "AP-1", "5.000,00", _expiry()),
        ("Porto Seguro", "AP-2", "20.000,00", dt.date.today() - dt.timedelta(days=3))])
    code, out, err = cli("--db", db_url, "import", str(path))
    assert code == 0, err
    assert ("[alerta] Permissionários, linha 2: Cobertura do seguro por pessoa: cobertura por "
            "pessoa abaixo do mínimo de R$ 10.000,00 (Art. 20 XVI); importado com alerta.") in out
    gone = dt.date.today() - dt.timedelta(days=3)
    assert (f"[alerta] Permissionários, linha 3: Vencimento do seguro: seguro vencido em "
            f"{gone:%d/%m/%Y}; importado com alerta.") in out
    assert _insurance(db_url)[_canonical(1)][2] == 500_000


def test_export_register_carries_the_insurance_and_reads_back(cli, db_url, tmp_path):
    _ready(cli, db_url)
    path = _sheet(tmp_path / "cadastro.xlsx", [
        ("Porto Seguro", "AP-2026-001", "20.000,00", _expiry()),
        ("Mapfre", "M-2", "12.345,67", _expiry(300))])
    assert cli("--db", db_url, "import", str(path))[0] == 0
    archive = tmp_path / "arquivo.xlsx"
    code, out, err = cli("--db", db_url, "export-register", "-o", str(archive))
    assert code == 0, err
    sheet = load_workbook(archive)["Permissionários"]
    headers = [c.value for c in sheet[1]]
    columns = [headers.index(h) for h in ("Placa", "Seguradora", "Nº da apólice",
                                          "Cobertura por pessoa", "Vencimento do seguro")]
    rows = {r[columns[0]].value: r for r in sheet.iter_rows(min_row=2)}
    first = rows[plate(1)]
    assert [first[i].value for i in columns[1:3]] == ["Porto Seguro", "AP-2026-001"]
    assert Decimal(str(first[columns[3]].value)) == Decimal("20000")
    assert first[columns[3]].number_format == '"R$" #,##0.00'
    assert first[columns[4]].value.date() == _expiry()
    assert Decimal(str(rows[plate(2)][columns[3]].value)) == Decimal("12345.67")

    before = _counts(db_url)
    code, out, err = cli("--db", db_url, "import", str(archive))
    assert code == 0 and "Nada a alterar" in out, out
    assert _counts(db_url) == before

    expected = _insurance(db_url)
    empty = str(tmp_path / "vazio.db")  # another município's new database, made by `init`
    _ready(cli, empty)
    code, out, err = cli("--db", empty, "import", str(archive))
    assert code == 0, err
    assert _insurance(empty) == expected


def test_a_newer_sheet_changes_the_insurance_field_by_field(cli, db_url, tmp_path):
    _ready(cli, db_url)
    assert cli("--db", db_url, "import", _sheet(tmp_path / "v1.xlsx", [
        ("Porto Seguro", "AP-1", "20.000,00", _expiry())]))[0] == 0
    newer = _sheet(tmp_path / "v2.xlsx", [("Mapfre", "AP-1", "25.000,00", _expiry(365))])
    code, out, err = cli("--db", db_url, "import", newer, "--dry-run")
    assert code == 0, err
    assert "Seguradora: 'Porto Seguro' → 'Mapfre'" in out
    assert "Cobertura do seguro por pessoa: 'R$ 20.000,00' → 'R$ 25.000,00'" in out
    assert (f"Vencimento do seguro: '{_expiry():%d/%m/%Y}' → "
            f"'{_expiry(365):%d/%m/%Y}'") in out
    assert "Nº da apólice" not in out.split("Registros que mudam")[1]
    assert cli("--db", db_url, "import", newer)[0] == 0
    assert _insurance(db_url)[_canonical(1)] == ("Mapfre", "AP-1", 2_500_000, _expiry(365))
