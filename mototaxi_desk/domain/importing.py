"""Importing the município's existing register from a spreadsheet: the sheet layout, the
column mapping guessed from the headers, and the validation of one row. Pure Python: no
file, no database (services/exchange/importing.py reads the file, looks the keys up and writes).

The layout (docs/importing.md): a workbook with one sheet per kind of row, or one CSV file
per kind.

- ``titulares`` (Permissionários): one row per permit holder — the person, the CNH, the
  vehicle, the permit with its original order number, dates and status, and the ponto.
  A sheet of only people (or only vehicles with their owner's CPF) is this kind too: every
  group of columns is optional but the CPF.
- ``pontos`` (Pontos): one row per ponto.
- ``auxiliares`` (Condutores auxiliares): the permit's order number and the auxiliary
  driver's person and CNH columns.
- ``espera`` (Lista de espera): the position, the person, the date of enrolment.

Headers are matched with accents, case and small words ignored ("Nº da Permissão" and
"numero permissao" are one header). A mapping is {column index: field code or None}.
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from decimal import Decimal

from . import dates, permit_status, validators, vehicle_rules
from .errors import ValidationError
from .money import format_money, parse_money
from .search_terms import fold

KINDS = ("titulares", "pontos", "auxiliares", "espera")
KIND_LABELS = {"titulares": "Permissionários", "pontos": "Pontos",
               "auxiliares": "Condutores auxiliares", "espera": "Lista de espera"}
# sheet (or CSV file) names, folded, that name a kind
_KIND_NAMES = {
    "titulares": ("permissionarios", "permissionario", "titulares", "titular", "cadastro",
                  "mototaxistas", "permissoes", "permissao", "cadastro geral", "geral"),
    "pontos": ("pontos", "ponto", "pontos parada", "pontos mototaxi"),
    "auxiliares": ("auxiliares", "condutores auxiliares", "auxiliar", "prepostos",
                   "condutor auxiliar"),
    "espera": ("lista espera", "espera", "fila", "fila espera", "inscritos"),
}

ERROR, ALERT = "erro", "alerta"
REPORT_COLUMN = "Problemas da importação"  # the report's added column, ignored on re-import
STATUS_WORDS = {"ativa": "active", "ativo": "active", "em vigor": "active", "regular": "active",
                "suspensa": "suspended", "suspenso": "suspended",
                "interrompida": "interrupted", "interrompido": "interrupted",
                "vencida": "expired", "vencido": "expired", "expirada": "expired",
                "revogada": "revoked", "revogado": "revoked", "cassada": "cassated",
                "cassado": "cassated", "desistencia": "withdrawn", "desistente": "withdrawn",
                "renuncia": "withdrawn", "caducada": "lapsed", "caducado": "lapsed",
                "extinta": "lapsed"}
STATUS_NAMES = permit_status.STATUS_LABELS
ENDED = ("revoked", "cassated", "withdrawn", "lapsed")  # Permit.ENDED: no stand place


@dataclass(frozen=True)
class Field:
    code: str
    label: str
    group: str  # person, cnh, vehicle, permit, stand, auxiliary, waiting
    synonyms: tuple[str, ...]


def _f(code, label, group, *synonyms) -> Field:
    return Field(code, label, group, synonyms)


_PERSON = (
    _f("cpf", "CPF", "person", "cpf", "cpf titular", "cpf permissionario", "cpf condutor",
       "cpf auxiliar", "cpf requerente", "cpf mototaxista", "cpf inscrito"),
    _f("name", "Nome", "person", "nome", "nome completo", "permissionario", "titular",
       "nome permissionario", "nome titular", "nome condutor", "mototaxista",
       "nome mototaxista", "condutor auxiliar", "auxiliar", "nome auxiliar", "requerente",
       "nome requerente", "inscrito", "nome inscrito"),
    _f("birth_date", "Data de nascimento", "person", "nascimento", "data nascimento",
       "dt nascimento", "data nasc", "dt nasc", "nasc"),
    _f("rg", "RG", "person", "rg", "identidade", "numero rg", "rg numero"),
    _f("rg_issuer", "Órgão emissor do RG", "person", "orgao emissor", "orgao expedidor",
       "emissor rg", "orgao emissor rg", "rg orgao"),
    _f("phone", "Telefone", "person", "telefone", "celular", "fone", "contato", "whatsapp",
       "telefone celular", "tel"),
    _f("email", "E-mail", "person", "email", "e mail", "correio eletronico"),
    _f("street", "Logradouro", "person", "endereco", "logradouro", "rua"),
    _f("house_number", "Número (endereço)", "person", "numero endereco", "numero casa",
       "numero residencia"),
    _f("district", "Bairro", "person", "bairro"),
    _f("city", "Cidade", "person", "cidade", "municipio", "municipio residencia"),
    _f("uf", "UF", "person", "uf", "estado"),
    _f("cep", "CEP", "person", "cep"),
    _f("nationality", "Nacionalidade", "person", "nacionalidade"),
    _f("profession", "Profissão", "person", "profissao"),
    _f("blood", "Tipo sanguíneo", "person", "tipo sanguineo", "tipo sangue", "sangue",
       "grupo sanguineo"),
)
_CNH = (
    _f("cnh_number", "Nº da CNH", "cnh", "cnh", "numero cnh", "registro cnh", "cnh numero",
       "habilitacao", "numero habilitacao", "cnh registro"),
    _f("cnh_category", "Categoria da CNH", "cnh", "categoria", "categoria cnh", "cat cnh",
       "cnh categoria"),
    _f("cnh_first_licence", "Data da 1ª habilitação", "cnh", "primeira habilitacao",
       "data primeira habilitacao", "1a habilitacao", "data 1a habilitacao",
       "1 habilitacao"),
    _f("cnh_expiry", "Validade da CNH", "cnh", "validade cnh", "vencimento cnh",
       "cnh validade", "cnh vencimento"),
    _f("cnh_ear", "EAR", "cnh", "ear", "exerce atividade remunerada", "cnh ear"),
)
_VEHICLE = (
    _f("plate", "Placa", "vehicle", "placa", "placa veiculo", "placa moto",
       "placa motocicleta"),
    _f("renavam", "RENAVAM", "vehicle", "renavam", "codigo renavam"),
    _f("chassis", "Chassi", "vehicle", "chassi", "chassis", "numero chassi", "vin"),
    _f("make", "Marca", "vehicle", "marca", "fabricante"),
    _f("model", "Modelo", "vehicle", "modelo", "modelo veiculo"),
    _f("manufacture_year", "Ano de fabricação", "vehicle", "ano fabricacao", "ano fab",
       "ano", "ano veiculo", "fabricacao"),
    _f("model_year", "Ano do modelo", "vehicle", "ano modelo", "modelo ano"),
    _f("cc", "Cilindradas (cc)", "vehicle", "cilindrada", "cilindradas", "cc",
       "cilindrada cc", "potencia", "motor"),
    _f("colour", "Cor", "vehicle", "cor"),
    # the insurance the laws require and the vehicle form records (labels as on the form)
    _f("insurer", "Seguradora", "vehicle", "seguradora", "companhia seguro",
       "seguradora nome", "nome seguradora", "seguradora veiculo"),
    _f("insurance_policy", "Nº da apólice", "vehicle", "apolice", "numero apolice",
       "apolice seguro", "apolice numero", "numero apolice seguro"),
    _f("insurance_cover", "Cobertura do seguro por pessoa", "vehicle", "cobertura",
       "cobertura seguro", "cobertura por pessoa", "cobertura seguro por pessoa",
       "cobertura pessoa", "valor cobertura", "importancia segurada", "valor segurado",
       "cobertura app", "app por pessoa"),
    _f("insurance_expiry", "Vencimento do seguro", "vehicle", "vencimento seguro",
       "validade seguro", "seguro validade", "seguro vencimento", "vencimento apolice",
       "validade apolice", "seguro valido ate", "vigencia seguro", "fim vigencia seguro"),
)
_PERMIT = (
    _f("order_number", "Nº da permissão", "permit", "numero permissao", "permissao",
       "numero ordem", "ordem", "numero termo", "termo", "alvara", "numero alvara",
       "numero permissao ordem"),
    _f("issued_on", "Data da outorga", "permit", "data outorga", "outorga", "concessao",
       "data concessao", "emissao", "data emissao", "data permissao", "outorgada em"),
    _f("valid_until", "Validade da permissão", "permit", "validade", "validade permissao",
       "vencimento", "vencimento permissao", "data validade", "valida ate"),
    _f("status", "Situação", "permit", "situacao", "status", "situacao permissao"),
    _f("stand", "Ponto", "permit", "ponto", "numero ponto", "ponto parada", "ponto mototaxi",
       "ponto numero"),
    _f("protocol", "Protocolo", "permit", "protocolo", "numero protocolo", "processo",
       "numero processo"),
)
_STAND = (
    _f("stand_number", "Nº do ponto", "stand", "numero", "numero ponto", "ponto", "codigo",
       "ponto numero"),
    _f("stand_name", "Nome do ponto", "stand", "nome", "nome ponto", "denominacao",
       "ponto nome"),
    _f("location", "Localização", "stand", "local", "localizacao", "endereco", "logradouro"),
    _f("min_vehicles", "Mínimo de motocicletas", "stand", "minimo", "min motos",
       "minimo motocicletas", "minimo motos"),
    _f("max_vehicles", "Máximo de motocicletas", "stand", "maximo", "vagas", "capacidade",
       "max motos", "maximo motocicletas", "maximo motos"),
    _f("extension_point", "Ponto de extensão", "stand", "ponto extensao", "extensao"),
)
_AUXILIARY = (
    _f("permit_order", "Nº da permissão", "auxiliary", "numero permissao", "permissao",
       "numero ordem", "ordem", "permissao titular", "numero termo"),
    _f("credentialed_on", "Data do credenciamento", "auxiliary", "credenciamento",
       "data credenciamento", "credenciado em", "inicio"),
    _f("aux_valid_until", "Validade do credenciamento", "auxiliary", "validade",
       "validade credenciamento", "vencimento", "credenciado ate"),
)
_WAITING = (
    _f("position", "Posição", "waiting", "posicao", "ordem", "classificacao", "numero ordem",
       "colocacao"),
    _f("enrolled_on", "Data de inscrição", "waiting", "data inscricao", "inscricao",
       "data", "data cadastro"),
    _f("seniority_years", "Tempo de atividade (anos)", "waiting", "tempo atividade",
       "anos atividade", "tempo servico", "anos servico"),
    _f("dependents", "Dependentes", "waiting", "dependentes", "numero dependentes"),
    _f("vehicle_condition", "Estado de conservação do veículo", "waiting",
       "estado conservacao", "conservacao veiculo", "conservacao"),
    _f("notes", "Observações", "waiting", "observacoes", "observacao", "obs"),
)

KIND_FIELDS: dict[str, tuple[Field, ...]] = {
    "titulares": _PERSON + _CNH + _VEHICLE + _PERMIT,
    "pontos": _STAND,
    "auxiliares": _AUXILIARY + _PERSON + _CNH,
    "espera": _WAITING + _PERSON + _CNH,
}
# the key a row of each kind cannot do without
KEY_FIELDS = {"titulares": "cpf", "pontos": "stand_number", "auxiliares": "cpf",
              "espera": "cpf"}


def fields_of(kind: str) -> dict[str, Field]:
    return {f.code: f for f in KIND_FIELDS[kind]}


_SMALL_WORDS = {"de", "da", "do", "das", "dos", "e", "o", "a", "em"}
_NUMBER_WORDS = {"n", "no", "nr", "num", "nro", "numero"}


def normalise_header(text) -> str:
    """'Nº da Permissão' -> 'numero permissao': folded, small words out, number words as one."""
    words = []
    for word in fold(str(text or "")).split():
        if word in _NUMBER_WORDS:
            word = "numero"
        if word in _SMALL_WORDS:
            continue
        words.append(word)
    return " ".join(words)


def guess_kind(name: str, headers) -> str | None:
    """The kind of a sheet: by its name, else by the headers it has (the kind whose fields
    match most of them, its key among them). None when nothing fits."""
    folded = normalise_header(name)
    for kind, names in _KIND_NAMES.items():
        if folded in names:
            return kind
    normal = [normalise_header(h) for h in headers]
    best, best_score = None, 0
    for kind in KINDS:
        mapping = guess_mapping(kind, headers)
        found = {code for code in mapping.values() if code}
        if KEY_FIELDS[kind] not in found:
            continue
        score = len(found)
        if kind == "espera" and "position" in found and "order_number" not in found:
            score += 2
        if kind == "auxiliares" and {"credentialed_on", "aux_valid_until"} & found:
            score += 2
        if kind == "titulares" and {"plate", "issued_on"} & found:
            score += 1
        if score > best_score:
            best, best_score = kind, score
    if best is None and any(h in ("numero ponto", "nome ponto") for h in normal):
        return "pontos"
    return best


_NORMAL_SYNONYMS: dict[str, frozenset[str]] = {}


def _synonyms(spec: Field) -> frozenset[str]:
    """The field's synonyms normalised as headers are ('e mail' -> 'mail')."""
    key = f"{spec.group}:{spec.code}"
    if key not in _NORMAL_SYNONYMS:
        _NORMAL_SYNONYMS[key] = frozenset(normalise_header(s) for s in spec.synonyms)
    return _NORMAL_SYNONYMS[key]


def guess_mapping(kind: str, headers, learned: dict[str, str] | None = None
                  ) -> dict[int, str | None]:
    """{column: field code or None} from the headers: a header mapped before (learned,
    normalised header -> code) first, then the synonyms. A field is given to one column
    only (the first that names it); the report's own problems column is never mapped."""
    learned = learned or {}
    known = fields_of(kind)
    taken: set[str] = set()
    result: dict[int, str | None] = {}
    for index, header in enumerate(headers):
        normal = normalise_header(header)
        code = None
        if normal and normal != normalise_header(REPORT_COLUMN):
            candidate = learned.get(normal)
            if candidate in known and candidate not in taken:
                code = candidate
            else:
                for spec in KIND_FIELDS[kind]:
                    if spec.code not in taken and normal in _synonyms(spec):
                        code = spec.code
                        break
        if code:
            taken.add(code)
        result[index] = code
    return result


def check_mapping(kind: str, mapping: dict[int, str | None]) -> list[str]:
    """What is wrong with a mapping (Portuguese): an unknown field, one field on two
    columns, the key missing."""
    known = fields_of(kind)
    problems, seen = [], {}
    for column, code in sorted(mapping.items()):
        if not code:
            continue
        if code not in known:
            problems.append(f"coluna {column + 1}: campo desconhecido '{code}'.")
        elif code in seen:
            problems.append(f"o campo '{known[code].label}' está em duas colunas "
                            f"({seen[code] + 1} e {column + 1}).")
        else:
            seen[code] = column
    key = KEY_FIELDS[kind]
    if key not in seen:
        problems.append(f"falta a coluna do campo '{known[key].label}' "
                        f"({KIND_LABELS[kind]}).")
    return problems


# --- cell values ------------------------------------------------------------------------

@dataclass
class Problem:
    sheet: str
    row: int        # the spreadsheet's row number (the header is row 1 in most files)
    field: str      # the field's label ('' for the row as a whole)
    message: str    # Portuguese
    severity: str = ERROR

    def as_dict(self) -> dict:
        return {"sheet": self.sheet, "row": self.row, "field": self.field,
                "message": self.message, "severity": self.severity}


def empty(value) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _digits_text(value, length: int) -> str:
    """A number typed in a spreadsheet loses its leading zeros (CPF 012... -> 12...):
    give them back for a whole number shorter than the field."""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int):
        text = str(value)
        return text.zfill(length) if len(text) < length else text
    text = str(value).strip()
    if text.isdigit() and length - 3 <= len(text) < length:  # a few zeros lost on the way
        return text.zfill(length)
    return text


def _int(value, label: str, *, low: int = 0, high: int = 10**9) -> int:
    if isinstance(value, bool):
        raise ValidationError(label, "informe um número inteiro.")
    if isinstance(value, float):
        if not value.is_integer():
            raise ValidationError(label, "informe um número inteiro.")
        value = int(value)
    text = str(value).strip().replace(".", "") if not isinstance(value, int) else str(value)
    if not text.isascii() or not text.isdigit():
        raise ValidationError(label, "informe um número inteiro.")
    number = int(text[:12])
    if not low <= number <= high:
        raise ValidationError(label, f"informe um número entre {low} e {high}.")
    return number


def _money(value, label: str) -> int:
    """Centavos of an amount typed ('20.000,00', 'R$ 20.000') or kept as a number cell
    (20000, 20000.5 — a cell's float read by its shortest decimal text)."""
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise ValidationError(label, "valor inválido; use o formato 1.234,56.")
        value = Decimal(repr(value))
    return parse_money(value, label)


def _date(value, label: str, **limits) -> dt.date:
    if isinstance(value, str):
        text = value.strip()
        match = re.match(r"^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$", text)
        if match:  # 5/3/1990, 05.03.1990, 05-03-1990
            day, month, year = (int(g) for g in match.groups())
            try:
                value = dt.date(year, month, day)
            except ValueError:
                raise ValidationError(label, f"data inválida '{text[:20]}'; use "
                                             "dd/mm/aaaa.") from None
        else:
            value = text[:10] if re.match(r"^\d{4}-\d{2}-\d{2}[ T]", text) else text
    return validators.parse_date(value, label, **limits)


def _yes(value, label: str) -> bool:
    if isinstance(value, bool):
        return value
    text = fold(str(value))
    if text in ("sim", "s", "x", "1", "yes", "true", "verdadeiro"):
        return True
    if text in ("nao", "n", "0", "no", "false", "falso", ""):
        return False
    raise ValidationError(label, "use Sim ou Não.")


def _status(value, label: str) -> str:
    text = fold(str(value))
    if text in STATUS_WORDS:
        return STATUS_WORDS[text]
    if str(value).strip() in STATUS_NAMES:
        return str(value).strip()
    raise ValidationError(label, "situação desconhecida; use Ativa, Suspensa, Interrompida, "
                                 "Vencida, Revogada, Cassada, Desistência ou Caducada.")


def parse_protocol(value, label: str = "Protocolo") -> tuple[int, int]:
    """'2024/000123', '2024/123' or '123/2024' -> (year, sequence)."""
    text = str(value).strip()
    match = re.match(r"^(\d{4})\s*/\s*(\d{1,6})$", text) or None
    if match:
        year, seq = int(match.group(1)), int(match.group(2))
    else:
        match = re.match(r"^(\d{1,6})\s*/\s*(\d{4})$", text)
        if not match:
            raise ValidationError(label, "use o formato AAAA/NNNNNN (ex.: 2024/000123).")
        seq, year = int(match.group(1)), int(match.group(2))
    if not 1990 <= year <= 2200 or seq < 1:
        raise ValidationError(label, "ano ou número do protocolo fora do intervalo.")
    return year, seq


def parse_value(code: str, value, today: dt.date):
    """One cell, validated and normalised for the field `code` (ValidationError with the
    field's label otherwise). Empty cells never reach here."""
    spec = _ALL[code]
    label = spec.label
    if code == "cpf":
        return validators.cpf(_digits_text(value, 11), label)
    if code == "name":
        return validators.person_name(value, label)
    if code == "birth_date":
        return _date(value, label, earliest=dt.date(1900, 1, 1),
                     latest=dates.latest_birth(today, 16))
    if code in ("rg", "rg_issuer", "house_number", "district", "city", "nationality",
                "profession", "street", "colour", "make", "model", "stand_name", "location",
                "extension_point", "notes", "insurer", "insurance_policy"):
        sizes = {"rg": 20, "rg_issuer": 20, "house_number": 20, "district": 60, "city": 80,
                 "nationality": 40, "profession": 60, "street": 120, "colour": 30, "make": 40,
                 "model": 60, "stand_name": 120, "location": 200, "extension_point": 200,
                 "notes": 500, "insurer": 80, "insurance_policy": 40}
        text = value
        if isinstance(text, float) and text.is_integer():
            text = int(text)
        return validators.text(text, label, max_length=sizes[code])
    if code == "phone":
        return validators.phone(_digits_text(value, 0), label)
    if code == "email":
        return validators.email(value, label)
    if code == "uf":
        return validators.uf(value, label)
    if code == "cep":
        cep = "".join(c for c in _digits_text(value, 8) if c not in ".- ")
        if not (cep.isascii() and cep.isdigit() and len(cep) == 8):
            raise ValidationError(label, "informe os 8 dígitos do CEP (ex.: 65840-000).")
        return cep
    if code == "blood":
        return "".join(validators.blood_type(value, label))
    if code == "cnh_number":
        return validators.cnh_number(_digits_text(value, 11), label)
    if code == "cnh_category":
        return validators.cnh_category(value, label)
    if code == "cnh_first_licence":
        return _date(value, label, earliest=dt.date(1940, 1, 1), latest=today)
    if code == "cnh_expiry":
        return _date(value, label, earliest=dt.date(1950, 1, 1),
                     latest=dates.add_years(today, 15))
    if code == "cnh_ear":
        return _yes(value, label)
    if code == "plate":
        return validators.plate(value, label)  # (canonical, as registered)
    if code == "renavam":
        return validators.renavam(_digits_text(value, 11), label)
    if code == "chassis":
        return validators.chassis(value, label)
    if code == "manufacture_year":
        return validators.year(value, label, earliest=1970, latest=today.year)
    if code == "model_year":
        return validators.year(value, label, earliest=1970, latest=today.year + 1)
    if code == "cc":
        return _int(value, label, low=1, high=3000)
    if code == "insurance_cover":
        return _money(value, label)
    if code == "insurance_expiry":  # the vehicle form's range (services/register/vehicles.py)
        return _date(value, label, earliest=dt.date(2000, 1, 1),
                     latest=dates.add_years(today, 10))
    if code in ("order_number", "permit_order"):
        return _int(value, label, low=1, high=999_999)
    if code in ("issued_on", "credentialed_on", "enrolled_on"):
        return _date(value, label, earliest=dt.date(1970, 1, 1), latest=today)
    if code in ("valid_until", "aux_valid_until"):
        if fold(str(value)) in ("sem prazo", "indeterminado", "indeterminada"):
            return validators.NO_TERM_DATE
        return _date(value, label, earliest=dt.date(1970, 1, 1), latest=dt.date(9999, 12, 31))
    if code == "status":
        return _status(value, label)
    if code == "stand":
        if isinstance(value, (int, float)) or str(value).strip().isdigit():
            return _int(value, label, low=1, high=9999)
        return validators.text(value, label, max_length=120)
    if code == "protocol":
        return parse_protocol(value, label)
    if code == "stand_number":
        return _int(value, label, low=1, high=9999)
    if code in ("min_vehicles", "max_vehicles"):
        return _int(value, label, low=0, high=500)
    if code == "position":
        return _int(value, label, low=1, high=999_999)
    if code == "seniority_years":
        return _int(value, label, low=0, high=80)
    if code == "dependents":
        return _int(value, label, low=0, high=30)
    if code == "vehicle_condition":
        return _int(value, label, low=0, high=10)
    raise ValidationError(label, "campo desconhecido.")


_ALL: dict[str, Field] = {}
for _kind_fields in KIND_FIELDS.values():
    for _spec in _kind_fields:
        _ALL.setdefault(_spec.code, _spec)


def label_of(code: str) -> str:
    return _ALL[code].label


@dataclass
class Row:
    """One row validated: its values by group (only the columns mapped and filled), the
    problems found in it, where it came from."""
    sheet: str
    number: int
    kind: str
    values: dict[str, dict] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(p.severity == ERROR for p in self.problems)

    def add(self, field_label: str, message: str, severity: str = ERROR) -> None:
        self.problems.append(Problem(self.sheet, self.number, field_label, message, severity))


_CNH_REQUIRED = ("cnh_number", "cnh_category", "cnh_first_licence", "cnh_expiry")


def validate_row(sheet: str, number: int, kind: str, mapping: dict[int, str | None], cells,
                 today: dt.date) -> Row | None:
    """The row's values by group, each cell checked by its field's validator; None for an
    empty row. Checks within the row: the key present, a CNH whole, the expiry after the
    first licence, model year = manufacture year or the next, validity after the grant."""
    raw = {}
    for column, code in mapping.items():
        if code and column < len(cells) and not empty(cells[column]):
            raw[code] = cells[column]
    if not raw:
        return None
    row = Row(sheet, number, kind)
    for code, value in raw.items():
        spec = _ALL[code]
        try:
            parsed = parse_value(code, value, today)
        except ValidationError as exc:
            row.add(exc.field, exc.message)
            continue
        row.values.setdefault(spec.group, {})[code] = parsed
    key = KEY_FIELDS[kind]
    if key not in raw:
        row.add(label_of(key), "campo obrigatório.")
    _check_cnh(row)
    _check_vehicle(row)
    _check_dates(row)
    return row


def _check_cnh(row: Row) -> None:
    cnh = row.values.get("cnh")
    if not cnh:
        return
    missing = [c for c in _CNH_REQUIRED if c not in cnh and not _had_error(row, c)]
    if missing:
        row.add(label_of(missing[0]), "campo obrigatório quando a CNH é informada.")
    first, expiry = cnh.get("cnh_first_licence"), cnh.get("cnh_expiry")
    if first and expiry and expiry < first:
        row.add(label_of("cnh_expiry"), "a validade é anterior à 1ª habilitação.")


def _had_error(row: Row, code: str) -> bool:
    return any(p.field == label_of(code) for p in row.problems)


def _check_vehicle(row: Row) -> None:
    vehicle = row.values.get("vehicle")
    if not vehicle:
        return
    year, model_year = vehicle.get("manufacture_year"), vehicle.get("model_year")
    if year and model_year and model_year not in (year, year + 1):
        row.add(label_of("model_year"), "deve ser igual ao ano de fabricação ou o ano "
                                        "seguinte.")


def _check_dates(row: Row) -> None:
    permit = row.values.get("permit") or {}
    issued, until = permit.get("issued_on"), permit.get("valid_until")
    if issued and until and until < issued:
        row.add(label_of("valid_until"), "a validade é anterior à data da outorga.")
    aux = row.values.get("auxiliary") or {}
    start, end = aux.get("credentialed_on"), aux.get("aux_valid_until")
    if start and end and end < start:
        row.add(label_of("aux_valid_until"), "a validade é anterior ao credenciamento.")


# vehicle fields a new vehicle cannot do without (the counter's form asks the same)
VEHICLE_REQUIRED = ("renavam", "chassis", "make", "model", "manufacture_year", "cc")


def vehicle_alerts(profile, manufacture_year: int | None, cc: int | None,
                   today: dt.date, *, cover_cents: int | None = None,
                   insurance_expiry: dt.date | None = None) -> list[tuple[str, str]]:
    """(field label, message) of the profile's vehicle rules the vehicle breaks today. The
    vehicle is imported all the same: the law applies from now on (the alert says so). The
    insurance is judged where it is known (a grant asks for it: vehicle_rules)."""
    alerts = []
    rules = profile.vehicle
    minimum = int(rules.insurance_min_cover_per_person * 100)
    if minimum and cover_cents is not None and cover_cents < minimum:
        alerts.append((label_of("insurance_cover"),
                       f"cobertura por pessoa abaixo do mínimo de {format_money(minimum)} "
                       f"({rules.insurance_article}); importado com alerta."))
    if insurance_expiry is not None and insurance_expiry < today:
        alerts.append((label_of("insurance_expiry"),
                       f"seguro vencido em {validators.format_date(insurance_expiry)}; "
                       "importado com alerta."))
    if manufacture_year:
        limit = vehicle_rules.age_limit_date(profile, manufacture_year)
        if limit is not None and today > limit:
            alerts.append((label_of("manufacture_year"),
                           f"veículo fabricado em {manufacture_year} passou do limite de "
                           f"{rules.max_age_years} anos de vida útil (até "
                           f"{validators.format_date(limit)}, {rules.age_article}); "
                           "importado com alerta: a substituição segue a lei."))
    if cc and (rules.cc_min and cc < rules.cc_min or rules.cc_max and cc > rules.cc_max):
        low, high = rules.cc_min or 0, rules.cc_max or "sem limite"
        alerts.append((label_of("cc"), f"motor de {cc} cc fora da faixa permitida ({low} a "
                                       f"{high} cc, {rules.cc_article}); importado com "
                                       "alerta."))
    return alerts


def default_status(valid_until: dt.date, today: dt.date) -> str:
    """A permit imported without its status: in force until its validity, then expired."""
    return "active" if valid_until >= today else "expired"


def waiting_stamp(enrolled_on: dt.date | None, position: int, fallback: dt.date) -> dt.datetime:
    """The enrolment time that keeps the list's order: the day of enrolment (or `fallback`)
    plus the position in seconds, so two people enrolled the same day keep their order."""
    day = enrolled_on or fallback
    return dt.datetime.combine(day, dt.time(0, 0)) + dt.timedelta(seconds=position)
