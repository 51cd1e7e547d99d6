"""The column mapping guessed from the headers (issue 21 item 1), and the cell parsers of
domain/importing.py: accents, case and small words ignored; every field of every kind found
from each of its synonyms; the sheet's kind from its name or its headers."""
from __future__ import annotations

import datetime as dt

import pytest

from mototaxi_desk.domain import importing as imp
from mototaxi_desk.domain.errors import ValidationError

TODAY = dt.date(2026, 6, 1)

EVERY_SYNONYM = [(kind, spec.code, synonym) for kind in imp.KINDS
                 for spec in imp.KIND_FIELDS[kind] for synonym in spec.synonyms]


def _accented(text: str) -> str:
    """How a clerk might write the folded synonym: capitals, accents, 'Nº', 'da'."""
    words = {"numero": "Nº", "situacao": "Situação", "permissao": "Permissão",
             "fabricacao": "Fabricação", "habilitacao": "Habilitação", "posicao": "Posição",
             "inscricao": "Inscrição", "localizacao": "Localização", "endereco": "Endereço",
             "maximo": "Máximo", "minimo": "Mínimo", "observacoes": "Observações"}
    return " da ".join(words.get(w, w.upper()) for w in text.split())


@pytest.mark.parametrize("kind,code,synonym", EVERY_SYNONYM,
                         ids=[f"{k}-{c}-{s}" for k, c, s in EVERY_SYNONYM])
def test_each_synonym_is_guessed_as_written_and_with_accents_and_case(kind, code, synonym):
    assert imp.guess_mapping(kind, [synonym]) == {0: code}
    assert imp.guess_mapping(kind, [_accented(synonym)]) == {0: code}


def test_normalised_headers():
    assert imp.normalise_header("Nº da Permissão") == "numero permissao"
    assert imp.normalise_header("N° do Termo") == "numero termo"
    assert imp.normalise_header("  DATA  de   NASCIMENTO ") == "data nascimento"
    assert imp.normalise_header("1ª Habilitação") == "1a habilitacao"


def test_the_same_header_means_different_fields_in_different_kinds():
    """'Nome' is the person's in Permissionários, the ponto's in Pontos; 'Ordem' is the
    permit number in Permissionários, the position in the Lista de espera."""
    assert imp.guess_mapping("titulares", ["Nome"]) == {0: "name"}
    assert imp.guess_mapping("pontos", ["Nome"]) == {0: "stand_name"}
    assert imp.guess_mapping("titulares", ["Ordem"]) == {0: "order_number"}
    assert imp.guess_mapping("espera", ["Ordem"]) == {0: "position"}


def test_a_field_goes_to_one_column_and_unknown_headers_stay_unmapped():
    assert imp.guess_mapping("titulares", ["CPF", "cpf", "Apelido", ""]) == {
        0: "cpf", 1: None, 2: None, 3: None}


def test_learned_headers_come_first():
    learned = {"zap": "phone", "documento": "cpf"}
    assert imp.guess_mapping("titulares", ["Documento", "Zap", "Nome"], learned) == {
        0: "cpf", 1: "phone", 2: "name"}


def test_the_reports_problems_column_is_never_mapped():
    assert imp.guess_mapping("titulares", ["CPF", imp.REPORT_COLUMN]) == {0: "cpf", 1: None}


@pytest.mark.parametrize("name,kind", [
    ("Permissionários", "titulares"), ("PERMISSIONARIOS", "titulares"),
    ("Cadastro", "titulares"), ("Pontos", "pontos"), ("Pontos de Parada", "pontos"),
    ("Condutores Auxiliares", "auxiliares"), ("Prepostos", "auxiliares"),
    ("Lista de Espera", "espera"), ("fila de espera", "espera")])
def test_kind_from_the_sheet_name(name, kind):
    assert imp.guess_kind(name, []) == kind


@pytest.mark.parametrize("headers,kind", [
    (["CPF", "Nome", "Placa", "Nº da permissão"], "titulares"),
    (["Posição", "CPF", "Nome", "Data de inscrição"], "espera"),
    (["Nº da permissão", "CPF", "Nome", "Data do credenciamento"], "auxiliares"),
    (["Número", "Nome", "Localização", "Máximo"], "pontos"),
    (["Documento", "Motorista"], None)])
def test_kind_from_the_headers_when_the_name_says_nothing(headers, kind):
    assert imp.guess_kind("Planilha1", headers) == kind


def test_mapping_problems_are_named():
    assert imp.check_mapping("titulares", {0: "cpf", 1: "name", 2: "name"}) == [
        "o campo 'Nome' está em duas colunas (2 e 3)."]
    assert imp.check_mapping("titulares", {0: "name"}) == [
        "falta a coluna do campo 'CPF' (Permissionários)."]
    assert imp.check_mapping("pontos", {0: "cpf", 1: "stand_number"}) == [
        "coluna 1: campo desconhecido 'cpf'."]


# --- cells ---------------------------------------------------------------------------------

def test_numbers_that_lost_their_leading_zeros_get_them_back():
    """A CPF typed in a spreadsheet as a number (012.345.678-90 -> 1234567890)."""
    assert imp.parse_value("cpf", 1234567890, TODAY) == "01234567890"
    assert imp.parse_value("cpf", 1234567890.0, TODAY) == "01234567890"
    assert imp.parse_value("cpf", "1234567890", TODAY) == "01234567890"
    with pytest.raises(ValidationError, match="tem 4"):
        imp.parse_value("cpf", "1234", TODAY)


def test_dates_from_cells_and_text():
    assert imp.parse_value("issued_on", dt.datetime(2020, 3, 5, 0, 0), TODAY) == \
        dt.date(2020, 3, 5)
    assert imp.parse_value("issued_on", "5/3/2020", TODAY) == dt.date(2020, 3, 5)
    assert imp.parse_value("issued_on", "05.03.2020", TODAY) == dt.date(2020, 3, 5)
    assert imp.parse_value("issued_on", "2020-03-05 00:00:00", TODAY) == dt.date(2020, 3, 5)
    assert imp.parse_value("valid_until", "sem prazo", TODAY) == dt.date(9999, 12, 31)
    with pytest.raises(ValidationError, match="data inválida"):
        imp.parse_value("issued_on", "32/01/2020", TODAY)


def test_plates_in_both_formats_and_statuses_in_words():
    assert imp.parse_value("plate", "abc-1234", TODAY) == ("ABC1C34", "ABC-1234")
    assert imp.parse_value("plate", "ABC1C34", TODAY) == ("ABC1C34", "ABC1C34")
    assert imp.parse_value("status", "CASSADA", TODAY) == "cassated"
    assert imp.parse_value("status", "Desistência", TODAY) == "withdrawn"
    assert imp.parse_value("cnh_ear", "Sim", TODAY) is True
    assert imp.parse_value("stand", 3.0, TODAY) == 3
    assert imp.parse_value("stand", "Praça da Matriz", TODAY) == "Praça da Matriz"
    assert imp.parse_protocol("2024/000123") == (2024, 123)
    assert imp.parse_protocol("123/2024") == (2024, 123)


def test_row_checks_within_the_row():
    mapping = {0: "cpf", 1: "cnh_number"}
    row = imp.validate_row("P", 2, "titulares", mapping, ["52998224725", "02650306461"],
                           TODAY)
    assert [(p.field, p.message) for p in row.problems] == [
        ("Categoria da CNH", "campo obrigatório quando a CNH é informada.")]
    assert imp.validate_row("P", 3, "titulares", mapping, ["", None], TODAY) is None
