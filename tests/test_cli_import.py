"""`mototaxi-desk import ARQUIVO [--mapping M] [--dry-run] [--report R.xlsx]` (issue 21
item 1) on a database made by `init`: the dry run writes nothing, the import writes the
file, a second import changes nothing, a refused file writes nothing and its report lists
the row, field and reason; the saved mapping is read back."""
import json

from openpyxl import Workbook, load_workbook

from mototaxi_desk.store.migrations import close_database, open_database

from .conftest import row_counts
from .services.import_samples import HOLDER_HEADERS, cpf, example_workbook, holder_row
from .test_cli import INIT


def _counts(url) -> dict:
    open_database(url)
    try:
        return row_counts()
    finally:
        close_database()


def test_import_from_the_command_line(cli, db_url, tmp_path):
    assert cli("--db", db_url, *INIT)[0] == 0
    assert cli("--db", db_url, "tick")[0] == 0  # the day's step, done by any command
    path = example_workbook(tmp_path / "cadastro.xlsx")
    before = _counts(db_url)
    code, out, err = cli("--db", db_url, "import", str(path), "--dry-run",
                         "--report", str(tmp_path / "conferencia.xlsx"))
    assert code == 0, err
    assert "Aba 'Permissionários': Permissionários, 3 linha(s)." in out
    assert "CPF → CPF" in out and "Nada foi gravado" in out.replace("nada", "Nada")
    assert _counts(db_url) == before
    assert load_workbook(tmp_path / "conferencia.xlsx").sheetnames[0] == "Resumo"

    code, out, err = cli("--db", db_url, "--json", "import", str(path))
    assert code == 0, err
    result = json.loads(out)
    assert result["imported"] and result["creates"]["permit"] == 3
    after = _counts(db_url)
    assert after["Permit"] == 3 and after["ImportRun"] == 1

    code, out, err = cli("--db", db_url, "import", str(path))
    assert code == 0 and "Nada a alterar" in out
    assert _counts(db_url) == after


def test_refused_file_writes_nothing_and_reports_the_row(cli, db_url, tmp_path):
    assert cli("--db", db_url, *INIT)[0] == 0
    assert cli("--db", db_url, "tick")[0] == 0  # the day's step, done by any command
    book = Workbook()
    sheet = book.active
    sheet.title = "Permissionários"
    sheet.append(HOLDER_HEADERS)
    sheet.append(holder_row(1, stand=None))
    bad = holder_row(2, stand=None)
    bad[0] = "111.222.333-44"
    sheet.append(bad)
    path = tmp_path / "cadastro.xlsx"
    book.save(path)
    before = _counts(db_url)
    code, out, err = cli("--db", db_url, "import", str(path), "--report",
                         str(tmp_path / "relatorio.xlsx"))
    assert code == 1
    assert "[erro] Permissionários, linha 3: CPF: CPF inválido" in out
    assert err.startswith("Erro: cadastro.xlsx: 1 problema(s) impedem a importação")
    assert _counts(db_url) == before
    rows = [[c.value for c in r] for r in
            load_workbook(tmp_path / "relatorio.xlsx")["Problemas"].iter_rows(min_row=2)]
    assert rows == [["Permissionários", 3, "CPF",
                     "CPF inválido (dígitos verificadores não conferem).", "erro"]]


def test_mapping_saved_edited_and_given_back(cli, db_url, tmp_path):
    assert cli("--db", db_url, *INIT)[0] == 0
    assert cli("--db", db_url, "tick")[0] == 0  # the day's step, done by any command
    book = Workbook()
    sheet = book.active
    sheet.title = "Planilha1"
    sheet.append(["Documento", "Motorista"])
    sheet.append([cpf(5), "Fulano de Tal"])
    path = tmp_path / "pessoas.xlsx"
    book.save(path)
    saved = tmp_path / "mapa.json"
    code, out, err = cli("--db", db_url, "import", str(path), "--dry-run",
                         "--save-mapping", str(saved))
    assert code == 0 and "aba ignorada" in out  # nothing says what the sheet holds
    mapping = json.loads(saved.read_text(encoding="utf-8"))
    assert mapping == {"Planilha1": {"kind": "", "columns": {"Documento": "",
                                                            "Motorista": ""}}}
    mapping["Planilha1"] = {"kind": "titulares",
                            "columns": {"Documento": "cpf", "Motorista": "name"}}
    saved.write_text(json.dumps(mapping), encoding="utf-8")
    code, out, err = cli("--db", db_url, "import", str(path), "--mapping", str(saved))
    assert code == 0, err
    assert _counts(db_url)["Person"] == 1


def test_export_register_reads_back_unchanged(cli, db_url, tmp_path):
    assert cli("--db", db_url, *INIT)[0] == 0
    assert cli("--db", db_url, "import", str(example_workbook(tmp_path / "c.xlsx")))[0] == 0
    code, out, err = cli("--db", db_url, "--json", "export-register", "-o",
                         str(tmp_path / "arquivo.xlsx"))
    assert code == 0, err
    assert json.loads(out)["rows"]["Permissionários"] == 3
    before = _counts(db_url)
    code, out, err = cli("--db", db_url, "import", str(tmp_path / "arquivo.xlsx"))
    assert code == 0 and "Nada a alterar" in out
    assert _counts(db_url) == before


def test_a_csv_row_split_by_a_loose_separator_is_named_by_line(cli, db_url, tmp_path):
    """Issue 34: `Robert'); DROP TABLE...` without quotes made 5 cells of 3 and the extra
    ones were dropped; the command names the line and the counts and imports nothing."""
    assert cli("--db", db_url, *INIT)[0] == 0
    path = tmp_path / "pessoas.csv"
    path.write_text(f"CPF;Nome;Telefone\r\n{cpf(1)};Maria Antônia;(99) 98888-7777\r\n"
                    f"{cpf(2)};Robert'); DROP TABLE pessoas;--;(99) 97777-6666\r\n",
                    encoding="utf-8")
    assert cli("--db", db_url, "tick")[0] == 0  # the day's step, done by any command
    before = _counts(db_url)
    code, out, err = cli("--db", db_url, "import", str(path))
    assert code == 1
    assert "  [erro] pessoas, linha 3: a linha 3 tem 5 células e o cabeçalho tem 3: um ';' " \
           "dentro de um valor sem aspas divide a célula em duas." in out
    assert "Problemas: 1 erro(s), 0 alerta(s)." in out and err.startswith("Erro:")
    assert _counts(db_url) == before


def test_the_imports_made_listed_from_the_command_line(cli, db_url, tmp_path, brasilia,
                                                       monkeypatch):
    """`import --list`: what Configurações → Importar cadastro lists (when, in the
    computer's time; the file, its rows, what it made and changed, its hash), newest first;
    only who may import sees it; no file and no --list, or both, is a clear refusal."""
    from mototaxi_desk.domain import wallclock
    from mototaxi_desk.store.models import ImportRun
    assert cli("--db", db_url, *INIT)[0] == 0
    code, out, err = cli("--db", db_url, "import", "--list")
    assert code == 0 and out.strip() == "Nenhuma planilha importada.", err
    path = example_workbook(tmp_path / "cadastro.xlsx")
    assert cli("--db", db_url, "import", str(path))[0] == 0
    open_database(db_url)
    try:
        run = ImportRun.get()
        when = wallclock.local(run.imported_at)
    finally:
        close_database()
    code, out, err = cli("--db", db_url, "import", "--list")
    assert code == 0, err
    [line] = out.splitlines()
    assert line.startswith(f"Nº 1 · {when:%d/%m/%Y %H:%M} · cadastro.xlsx · ")
    assert "novos: 2 pontos, 6 pessoas, 4 CNHs, 3 veículos, 3 permissões" in line
    assert "alterados: nenhum" in line
    code, out, _ = cli("--db", db_url, "--json", "import", "--list", "--limit", "1")
    [listed] = json.loads(out)
    assert listed["file_name"] == "cadastro.xlsx" and listed["created"]["permit"] == 3
    for wrong in (["import"], ["import", str(path), "--list"],
                  ["import", "--list", "--limit", "0"], ["import", "--list", "--limit", "1_0"],
                  ["import", "--list", "--dry-run"], ["import", str(path), "--limit", "5"]):
        before = _counts(db_url)
        code, _, err = cli("--db", db_url, *wrong)
        assert code != 0 and ("Erro: " in err or "erro de uso" in err), wrong
        assert _counts(db_url) == before
    assert cli("--db", db_url, "users", "add", "ana", "--name", "Ana Reis", "--role",
               "atendente", "--password-stdin", stdin="senha-da-ana-1\n")[0] == 0
    monkeypatch.setenv("MOTOTAXI_USER", "ana")
    monkeypatch.setenv("MOTOTAXI_PASSWORD", "senha-da-ana-1")
    code, out, err = cli("--db", db_url, "import", "--list")
    assert code != 0 and "cadastro.xlsx" not in out and "importar o cadastro" in err
