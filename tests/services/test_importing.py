"""Import of the município's register from a spreadsheet (issue 21 item 1): dry run with
every problem named, the import all or nothing, audited with the file's name and hash,
counters continued, the same file twice changes nothing, a later file updates what differs."""
from __future__ import annotations

import datetime as dt
import json

import pytest
from openpyxl import Workbook, load_workbook

from mototaxi_desk.domain.errors import DomainError
from mototaxi_desk.domain.validators import format_cpf
from mototaxi_desk.services.licensing import applications
from mototaxi_desk.services.exchange import importing
from mototaxi_desk.services.trust import integrity
from mototaxi_desk.services import permissions, setup
from mototaxi_desk.services.administration import sequences, users
from mototaxi_desk.services.context import Actor, PermissionDenied
from mototaxi_desk.store.models import (AuditLog, AuxiliaryDriver, ImportRun, Permit,
                                        PermitHistory, Person, Stand, Vehicle,
                                        WaitingListEntry)

from ..conftest import row_counts
from .import_samples import (HOLDER_HEADERS, cnh, cpf, example_workbook, holder_row,
                             holders_workbook, plate, renavam)

TODAY = dt.date(2026, 6, 1)
ADMIN = Actor(None, "admin.teste", "admin")


def _problems(result, severity="erro"):
    return [(p["sheet"], p["row"], p["field"], p["message"]) for p in result["problems"]
            if p["severity"] == severity]


def test_example_is_imported_whole_and_audited(municipio, tmp_path):
    path = example_workbook(tmp_path / "cadastro.xlsx")
    dry = importing.dry_run(ADMIN, path, today=TODAY)
    assert dry["errors"] == 0, _problems(dry)
    assert dry["creates"] == {"stand": 2, "person": 6, "cnh": 4, "vehicle": 3, "permit": 3,
                              "auxiliary": 1, "waiting": 2}
    before = row_counts()
    assert before["Person"] == 0
    result = importing.apply(ADMIN, path, today=TODAY)
    assert result["imported"]
    assert Person.select().count() == 6 and Permit.select().count() == 3
    assert sorted(n for (n,) in Permit.select(Permit.order_number).tuples()) == [13, 16, 19]
    first = Permit.get(Permit.order_number == 13)
    assert first.stand.number == 1 and first.stand_position == 1
    assert first.holder.cpf == cpf(1) and first.vehicle.plate_original == plate(1)
    assert first.issued_on == dt.date(2023, 3, 1) and first.valid_until == dt.date(2028, 3, 1)
    assert [p.stand_position for p in Permit.select().where(Permit.stand ==
            Stand.get(Stand.number == 2).id).order_by(Permit.stand_position)] == [1, 2]
    aux = AuxiliaryDriver.get()
    assert aux.permit_id == first.id and aux.person.cpf == cpf(900)
    waiting = list(WaitingListEntry.select().order_by(WaitingListEntry.enrolled_at))
    assert [w.person.cpf for w in waiting] == [cpf(950), cpf(951)]
    run = ImportRun.get()
    assert run.file_name == "cadastro.xlsx" and run.sha256 == dry["sha256"]
    entry = AuditLog.get(AuditLog.action == "import.apply")
    assert json.loads(entry.after)["sha256"] == dry["sha256"]
    assert json.loads(entry.after)["file"] == "cadastro.xlsx"
    # one audit entry per record created, naming the file and the row
    created = AuditLog.select().where(AuditLog.action == "import.create")
    assert created.count() == 21
    assert integrity.permit_problems() == [] and integrity.number_problems() == []
    from mototaxi_desk.services import audit
    assert audit.verify()["ok"]


def test_counters_continue_after_the_highest_imported_number(municipio, tmp_path):
    """Permit order numbers (SRM Art. 4 §5: ascending order) and protocols go on after the
    highest number imported; the older numbers are not gaps of this program."""
    path = example_workbook(tmp_path / "cadastro.xlsx")
    importing.apply(ADMIN, path, today=TODAY)
    assert sequences.peek("permit_order") == 19
    assert integrity.number_problems() == []
    # a grant now takes number 20
    from mototaxi_desk.store.connection import write_transaction
    with write_transaction():
        assert sequences.next_value("permit_order") == 20


def test_protocols_imported_and_their_counter_continues(municipio, tmp_path):
    book = Workbook()
    sheet = book.active
    sheet.title = "Permissionários"
    sheet.append([*HOLDER_HEADERS, "Protocolo"])
    sheet.append([*holder_row(1, stand=None), "2024/000120"])
    sheet.append([*holder_row(2, stand=None), "75/2024"])
    path = tmp_path / "p.xlsx"
    book.save(path)
    result = importing.apply(ADMIN, path, today=TODAY)
    assert result["creates"]["application"] == 2
    assert sequences.peek("protocol", 2024) == 120
    app = applications.by_protocol("2024/000075")
    assert app.status == "deferido" and app.permit.order_number == 2
    assert integrity.application_problems() == [] and integrity.number_problems() == []


def test_reimporting_the_same_file_changes_nothing(municipio, tmp_path):
    path = example_workbook(tmp_path / "cadastro.xlsx")
    importing.apply(ADMIN, path, today=TODAY)
    counts = row_counts()
    again = importing.dry_run(ADMIN, path, today=TODAY)
    assert again["nothing_to_do"] and again["updates"] == [] and again["creates"] == {}
    result = importing.apply(ADMIN, path, today=TODAY)
    assert not result["imported"]
    assert row_counts() == counts  # not even an audit entry


def test_a_later_file_updates_only_what_differs_and_shows_it_first(municipio, tmp_path):
    path = example_workbook(tmp_path / "cadastro.xlsx")
    importing.apply(ADMIN, path, today=TODAY)
    book = load_workbook(path)
    sheet = book["Permissionários"]
    sheet.cell(row=2, column=2).value = "Permissionário Renomeado"   # name of holder 1
    sheet.cell(row=3, column=19).value = "Cassada"                   # status of permit 16
    book.save(tmp_path / "novo.xlsx")
    dry = importing.dry_run(ADMIN, tmp_path / "novo.xlsx", today=TODAY)
    assert dry["creates"] == {}
    shown = {(u["entity"], u["key"]): [(c["label"], c["before"], c["after"])
                                       for c in u["changes"]] for u in dry["updates"]}
    assert shown == {
        ("person", format_cpf(cpf(1))): [("Nome", "Permissionário Número Um",
                                          "Permissionário Renomeado")],
        ("permit", "nº 16"): [("Situação", "Ativa", "Cassada")]}
    audits = AuditLog.select().count()
    importing.apply(ADMIN, tmp_path / "novo.xlsx", today=TODAY)
    assert Person.get(Person.cpf == cpf(1)).name == "Permissionário Renomeado"
    cassated = Permit.get(Permit.order_number == 16)
    assert cassated.status == "cassated" and cassated.stand_id is None  # the place is freed
    assert PermitHistory.select().where((PermitHistory.permit == cassated.id) &
                                        (PermitHistory.action == "import")).count() == 1
    # two updates and the run, audited; the rows they changed sealed again (issue 34)
    assert AuditLog.select().count() == audits + 4
    assert AuditLog.select().order_by(AuditLog.id.desc()).get().action == "registro.selo"
    assert integrity.permit_problems() == [] and integrity.tamper_problems() == []
    # the same later file again: nothing
    assert importing.dry_run(ADMIN, tmp_path / "novo.xlsx", today=TODAY)["nothing_to_do"]


def test_a_bad_row_near_the_end_writes_nothing(municipio, tmp_path):
    """All or nothing: an invalid CPF on the last-but-one of 300 rows refuses the file."""
    def spoil(n, row):
        if n == 299:
            row[0] = "123.456.789-00"
    path = holders_workbook(tmp_path / "grande.xlsx", 300, stands=3, spoil=spoil)
    counts = row_counts()
    with pytest.raises(importing.ImportRefused) as refused:
        importing.apply(ADMIN, path, today=TODAY)
    assert _problems(refused.value.report) == [
        ("Permissionários", 300, "CPF", "CPF inválido (dígitos verificadores não conferem).")]
    assert row_counts() == counts


def test_a_failure_while_writing_the_last_records_writes_nothing(municipio, tmp_path,
                                                                 monkeypatch):
    path = holders_workbook(tmp_path / "grande.xlsx", 200, stands=2)
    counts = row_counts()

    def broken(w):
        raise RuntimeError("disco cheio")
    monkeypatch.setattr(importing, "_write_waiting", broken)  # after everything else
    with pytest.raises(RuntimeError):
        importing.apply(ADMIN, path, today=TODAY)
    assert row_counts() == counts


def test_cancel_from_progress_writes_nothing(municipio, tmp_path):
    path = holders_workbook(tmp_path / "grande.xlsx", 600, stands=2)
    counts = row_counts()

    class Stop(Exception):
        pass
    seen = []

    def progress(done, total):
        seen.append(done)
        if len(seen) > 6:
            raise Stop()
    with pytest.raises(Stop):
        importing.apply(ADMIN, path, today=TODAY, progress=progress)
    assert row_counts() == counts


def test_only_the_admin_imports(municipio, tmp_path):
    path = example_workbook(tmp_path / "cadastro.xlsx")
    clerk = Actor(None, "atendente", "atendente")
    with pytest.raises(PermissionDenied):
        importing.dry_run(clerk, path, today=TODAY)
    assert Person.select().count() == 0


# --- each refusal reason ------------------------------------------------------------------

def _one_sheet(tmp_path, headers, rows, name="Permissionários"):
    book = Workbook()
    sheet = book.active
    sheet.title = name
    sheet.append(headers)
    for row in rows:
        sheet.append(row)
    path = tmp_path / "planilha.xlsx"
    book.save(path)
    return path


def _cell(row, header, value):
    row = list(row)
    row[HOLDER_HEADERS.index(header)] = value
    return row


REFUSALS = [
    ("CPF", "123.456.789-00", "CPF", "CPF inválido (dígitos verificadores não conferem)."),
    ("CPF", "1234", "CPF", "o CPF deve ter 11 dígitos (tem 4)."),
    ("Nome", "João 2", "Nome", "o nome não pode conter números."),
    ("Placa", "AB-12", "Placa", "placa inválida: use o formato antigo ABC-1234 ou o "
                                "Mercosul ABC1D23."),
    ("RENAVAM", "12345678901", "RENAVAM", "RENAVAM inválido (dígito verificador não "
                                          "confere)."),
    ("Chassi", "9C2JC0000000000I1", "Chassi", "o chassi não pode conter as letras I, O ou Q."),
    ("Nº da CNH", "11111111111", "Nº da CNH", "número de CNH inválido (dígitos verificadores "
                                              "não conferem)."),
    ("Categoria", "Z", "Categoria da CNH", "categoria inválida; use uma de: A, B, C, D, E, AB, "
                                           "AC, AD, AE, ACC."),
    ("Data da outorga", "31/02/2020", "Data da outorga", "data inválida '31/02/2020'; use "
                                                         "dd/mm/aaaa."),
    ("Data de nascimento", "01/01/2020", "Data de nascimento", "data fora do intervalo aceito "
                                                               "(01/01/1900 a 01/06/2010)."),
    ("Situação", "Perdida", "Situação", "situação desconhecida; use Ativa, Suspensa, "
                                        "Interrompida, Vencida, Revogada, Cassada, Desistência "
                                        "ou Caducada."),
    ("Ano de fabricação", "2030", "Ano de fabricação", "informe um ano entre 1970 e 2026."),
    ("Ano de fabricação", "2.019", "Ano de fabricação", "informe o ano com os 4 algarismos, "
                                                        "sem ponto nem espaço (ex.: 2026)."),
    ("Cilindrada", "abc", "Cilindradas (cc)", "informe um número inteiro."),
    ("Validade", dt.date(2020, 1, 1), "Validade da permissão", "a validade é anterior à data "
                                                               "da outorga."),
    ("Ponto", 7, "Ponto", "ponto 7 não existe: inclua-o na aba Pontos."),
    ("Telefone", "123", "Telefone", "telefone inválido; informe DDD e número (ex.: (99) "
                                    "98765-4321)."),
]


@pytest.mark.parametrize("header,value,field,message", REFUSALS,
                         ids=[r[0] + "-" + str(r[1]) for r in REFUSALS])
def test_each_refusal_names_the_field_and_the_reason(municipio, tmp_path, header, value,
                                                    field, message):
    rows = [holder_row(1, stand=None), _cell(holder_row(2, stand=None), header, value)]
    path = _one_sheet(tmp_path, HOLDER_HEADERS, rows)
    result = importing.dry_run(ADMIN, path, today=TODAY)
    assert _problems(result) == [("Permissionários", 3, field, message)]
    assert not result["importable"]


def test_duplicates_in_the_file_are_refused(municipio, tmp_path):
    rows = [holder_row(1, stand=None), holder_row(2, stand=None),
            _cell(holder_row(3, stand=None), "Placa", plate(1)),          # same plate
            _cell(holder_row(4, stand=None), "Nº da permissão", 2),       # same permit number
            _cell(holder_row(5, stand=None), "Nº da CNH", cnh(2)),        # CNH of another
            _cell(holder_row(1, stand=None), "Nome", "Outro Nome")]       # CPF, other name
    rows[5] = _cell(rows[5], "Nº da permissão", 60)
    rows[5] = _cell(rows[5], "Placa", plate(60))
    rows[5] = _cell(rows[5], "RENAVAM", "")
    path = _one_sheet(tmp_path, HOLDER_HEADERS, rows)
    got = _problems(importing.dry_run(ADMIN, path, today=TODAY))
    fields = {(row, field) for _, row, field, _ in got}
    assert (4, "Placa") in fields
    assert (5, "Nº da permissão") in fields
    assert (6, "Nº da CNH") in fields
    assert (7, "Nome") in fields
    messages = " | ".join(m for *_, m in got)
    assert "repetid" in messages


def test_a_key_registered_for_someone_else_is_refused(municipio, tmp_path):
    importing.apply(ADMIN, _one_sheet(tmp_path, HOLDER_HEADERS, [holder_row(1, stand=None)]),
                    today=TODAY)
    other = _cell(holder_row(2, stand=None), "RENAVAM", Vehicle.get().renavam)
    path = _one_sheet(tmp_path, HOLDER_HEADERS, [other])
    got = _problems(importing.dry_run(ADMIN, path, today=TODAY))
    assert got == [("Permissionários", 2, "RENAVAM",
                    f"RENAVAM {Vehicle.get().renavam} já está cadastrado no veículo "
                    f"{plate(1)}.")]


def test_missing_required_fields_for_a_new_record(municipio, tmp_path):
    headers = ["CPF", "Placa", "Nº da permissão"]
    path = _one_sheet(tmp_path, headers, [[cpf(1), plate(1), 5]])
    got = _problems(importing.dry_run(ADMIN, path, today=TODAY))
    assert ("Permissionários", 2, "Nome", f"CPF {format_cpf(cpf(1))} não está cadastrado: "
            "informe o nome.") in got
    assert any(f == "RENAVAM" and "obrigatório" in m for _, _, f, m in got)
    assert any(f == "Data da outorga" and "obrigatório" in m for _, _, f, m in got)


def test_old_vehicle_is_imported_with_an_alert_not_refused(municipio, tmp_path):
    """SRM Art. 19: 6 years of service life. A 2015 motorcycle already on the register is
    imported (the law applies from now on) with an alert naming the article."""
    path = _one_sheet(tmp_path, HOLDER_HEADERS, [holder_row(1, stand=None, year=2015)])
    result = importing.dry_run(ADMIN, path, today=TODAY)
    assert result["errors"] == 0
    alerts = _problems(result, "alerta")
    assert len(alerts) == 1
    sheet, row, field, message = alerts[0]
    assert field == "Ano de fabricação" and "Art. 19" in message and "2015" in message
    importing.apply(ADMIN, path, today=TODAY)
    assert Vehicle.get().manufacture_year == 2015


def test_active_permit_past_its_validity_is_imported_as_expired(municipio, tmp_path):
    row = holder_row(1, stand=None, issued=dt.date(2019, 1, 1), valid=dt.date(2024, 1, 1))
    path = _one_sheet(tmp_path, HOLDER_HEADERS, [row])
    result = importing.apply(ADMIN, path, today=TODAY)
    assert any(p["field"] == "Situação" for p in result["problems"])
    assert Permit.get().status == "expired"
    assert importing.dry_run(ADMIN, path, today=TODAY)["nothing_to_do"]


def test_stand_named_in_the_holder_row_is_created(municipio, tmp_path):
    path = _one_sheet(tmp_path, HOLDER_HEADERS, [holder_row(1, stand="Feira Livre"),
                                                 holder_row(2, stand="feira livre")])
    result = importing.apply(ADMIN, path, today=TODAY)
    assert result["creates"]["stand"] == 1
    stand = Stand.get()
    assert stand.name == "Feira Livre" and stand.number == 1
    assert stand.max_vehicles == setup.profile().stand.max_vehicles
    assert Permit.select().where(Permit.stand == stand.id).count() == 2


# --- CSV -----------------------------------------------------------------------------------

def test_windows_1252_csv_with_semicolons_and_accents(municipio, tmp_path):
    lines = ["CPF;Nome;Endereço;Município;Nº da Permissão;Data da Outorga;Placa;Renavam;"
             "Chassi;Marca;Modelo;Ano;Cilindradas",
             ";".join([cpf(1), "João Conceição D'Ávila", "Rua São José",
                       "São Raimundo das Mangabeiras", "7", "05/03/2021", plate(1), renavam(1),
                       "9C2JC000000000001", "Honda", "Pop 110i", "2022", "125"])]
    path = tmp_path / "cadastro.csv"
    path.write_bytes("\r\n".join(lines).encode("cp1252"))
    result = importing.apply(ADMIN, path, today=TODAY)
    assert result["errors"] == 0, _problems(result)
    person = Person.get()
    assert person.name == "João Conceição D'Ávila" and person.city == \
        "São Raimundo das Mangabeiras" and person.street == "Rua São José"
    assert Permit.get().order_number == 7


def test_utf8_csv_with_commas_and_bom(municipio, tmp_path):
    text = "cpf,nome,telefone\r\n" + f"{cpf(3)},Maria Antônia,(99) 98888-7777\r\n"
    path = tmp_path / "pessoas.csv"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    result = importing.apply(ADMIN, path, today=TODAY)
    assert result["errors"] == 0
    assert Person.get().name == "Maria Antônia" and Person.get().phone == "99988887777"


def _people_csv(tmp_path, *rows: str):
    path = tmp_path / "pessoas.csv"
    path.write_text("\r\n".join(["CPF;Nome;Telefone", *rows]) + "\r\n", encoding="utf-8")
    return path


def test_a_csv_row_with_more_or_fewer_cells_than_its_header_is_reported_by_line(
        municipio, tmp_path):
    """Issue 34: a `;` inside a name without quotes split the cell and the extra one
    ("Robert')") was dropped without a word; a missing `;` shifts every column after it.
    Both rows are errors naming the line and the counts: nothing is imported, nothing
    guessed."""
    path = _people_csv(tmp_path, f"{cpf(1)};Maria Antônia;(99) 98888-7777",
                       f"{cpf(2)};Robert'); DROP TABLE pessoas;--;(99) 97777-6666",
                       f"{cpf(3)};José da Silva",  # the phone left out: 2 cells of 3
                       f'{cpf(4)};"Ana; de Sousa";(99) 96666-5555')  # quoted: one cell
    before = row_counts()
    result = importing.dry_run(ADMIN, path, today=TODAY)
    assert [(p["row"], p["field"], p["message"], p["severity"]) for p in result["problems"]] == [
        (3, "", "a linha 3 tem 5 células e o cabeçalho tem 3: um ';' dentro de um valor sem "
                "aspas divide a célula em duas. Corrija a linha no arquivo (um valor com ';' "
                "vai entre aspas) e leia-o de novo.", "erro"),
        (4, "", "a linha 4 tem 2 células e o cabeçalho tem 3: falta um separador, e as "
                "colunas seguintes se deslocam. Corrija a linha no arquivo (um valor com ';' "
                "vai entre aspas) e leia-o de novo.", "erro")]
    assert result["errors"] == 2 and not result["importable"]
    with pytest.raises(importing.ImportRefused):
        importing.apply(ADMIN, path, today=TODAY)
    assert row_counts() == before


def test_a_csv_whose_rows_all_end_with_the_separator_is_read_as_before(municipio, tmp_path):
    """Trailing separators on every line (header included) are the same count: no problem;
    a row whose cells are all empty is skipped as before."""
    path = tmp_path / "pessoas.csv"
    path.write_text(f"CPF;Nome;\r\n{cpf(1)};Maria Antônia;\r\n;;\r\n", encoding="utf-8")
    result = importing.apply(ADMIN, path, today=TODAY)
    assert result["errors"] == 0, _problems(result)
    assert Person.get().name == "Maria Antônia"


def test_a_csv_with_a_quote_never_closed_is_refused_with_its_line(municipio, tmp_path):
    path = tmp_path / "pessoas.csv"
    path.write_text(f'CPF;Nome\r\n{cpf(1)};"Maria\r\n' + "x" * 200_000, encoding="utf-8")
    with pytest.raises(DomainError) as refused:
        importing.dry_run(ADMIN, path, today=TODAY)
    assert str(refused.value) == ("pessoas.csv: CSV malformado perto da linha 3: uma aspa "
                                  "aberta e não fechada, ou um valor longo demais. Confira as "
                                  "aspas. Nada foi importado.")


# --- the report ----------------------------------------------------------------------------

def test_dry_run_report_lists_problems_and_can_be_fixed_and_reimported(municipio, tmp_path):
    rows = [holder_row(1, stand=None), _cell(holder_row(2, stand=None), "CPF", "111")]
    path = _one_sheet(tmp_path, HOLDER_HEADERS, rows)
    result = importing.dry_run(ADMIN, path, today=TODAY)
    report_path = tmp_path / "relatorio.xlsx"
    importing.write_report(result, report_path, path)
    book = load_workbook(report_path)
    assert book.sheetnames[:3] == ["Resumo", "Problemas", "Alterações"]
    problems = [[c.value for c in r] for r in book["Problemas"].iter_rows(min_row=2)]
    assert problems == [["Permissionários", 3, "CPF", "o CPF deve ter 11 dígitos (tem 3).",
                         "erro"]]
    copy = book["Permissionários"]
    assert copy.cell(row=1, column=len(HOLDER_HEADERS) + 1).value == "Problemas da importação"
    assert "CPF" in copy.cell(row=3, column=len(HOLDER_HEADERS) + 1).value
    # the clerk fixes the CPF in the report and imports the report itself
    copy.cell(row=3, column=1).value = cpf(2)
    book.save(report_path)
    fixed = importing.apply(ADMIN, report_path, today=TODAY)
    assert fixed["errors"] == 0 and Person.select().count() == 2


# --- mappings ------------------------------------------------------------------------------

def test_mapping_given_overrides_the_guess_and_is_learned(municipio, tmp_path):
    path = _one_sheet(tmp_path, ["Documento", "Motorista"], [[cpf(1), "Fulano de Tal"]],
                      name="Planilha1")
    result = importing.dry_run(ADMIN, path, today=TODAY)
    assert result["sheets"][0]["kind"] == ""  # nothing to go by
    mapping = {"Planilha1": {"kind": "titulares",
                             "columns": {"Documento": "cpf", "Motorista": "name"}}}
    importing.apply(ADMIN, path, mapping, today=TODAY)
    assert Person.get().name == "Fulano de Tal"
    # the next file with the same headers is mapped without being told
    path2 = _one_sheet(tmp_path, ["Documento", "Motorista"], [[cpf(2), "Beltrano"]],
                       name="Permissionários")
    guessed = importing.dry_run(ADMIN, path2, today=TODAY)
    assert [c["field"] for c in guessed["sheets"][0]["columns"]] == ["cpf", "name"]


def test_bad_mapping_is_refused_with_its_reason(municipio, tmp_path):
    path = _one_sheet(tmp_path, ["CPF", "Nome"], [[cpf(1), "Fulano"]])
    mapping = {"Permissionários": {"columns": {"CPF": "name", "Nome": "name"}}}
    result = importing.dry_run(ADMIN, path, mapping, today=TODAY)
    messages = [m for *_, m in _problems(result)]
    assert any("duas colunas" in m for m in messages)
    assert any("falta a coluna do campo 'CPF'" in m for m in messages)


def test_importing_in_the_admin_role_only(municipio):
    assert permissions.roles_for("import.register") == ("admin",)
    assert users  # the module is there for the window's login
