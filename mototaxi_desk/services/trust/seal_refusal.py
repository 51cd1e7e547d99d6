"""Refusals of rows changed outside the program (issue 34 item 3): what the refusal says.

Before the program saves a sealed row it checks the row against its last seal
(store/seals.py: guard). A row that differs is refused here: the message names the row (its
kind in Portuguese, id and what names it) and the tampering (which sealed fields changed and
how, when the audit's snapshots of the row tell them; else that the row differs from its
seal); the refusal is audited apart from the rolled-back action (services/refusals.py) and
the administrator's window is told (`listen`). services/trust/seal_review.py has the
administrator's way out. Registered with the store by services/context.py, which every
action loads."""
from __future__ import annotations

import datetime as dt
import itertools
import json
import threading
import time
from decimal import Decimal

import peewee as pw

from ...domain.audit_chain import canonical_value, seal_version
from ...store import seals as row_seals
from ...store.models import SEALED_FIELD_VERSIONS, AuditLog
from . import audit_walk

# the words of `check accept|restore TABELA ID` (and of the window): a sealed table by the
# name a clerk uses for it
TABLE_WORDS = {"usuario": "user", "pessoa": "person", "permissao": "permit",
               "veiculo": "vehicle", "ponto": "stand", "cnh": "cnh",
               "auxiliar": "auxiliary_driver", "vistoria": "inspection", "selo": "sticker",
               "auto": "infraction_notice", "debito": "penalty_charge", "taxa": "fee",
               "apreensao": "impound", "guia": "guia", "municipio": "municipio_settings",
               "chave": "signing_key"}
WORD_OF = {table: word for word, table in TABLE_WORDS.items()}

FIELD_LABELS = {
    "key_id": "nº da chave", "public_key": "chave pública", "fingerprint": "impressão digital",
    "retired_at": "aposentada em",
    "login": "login", "full_name": "nome completo", "role": "perfil de acesso",
    "active": "ativo", "password_hash": "senha", "cpf": "CPF", "name": "nome",
    "birth_date": "data de nascimento", "rg": "RG", "rg_issuer": "órgão emissor do RG",
    "nationality": "nacionalidade", "profession": "profissão", "blood_type": "tipo sanguíneo",
    "rh_factor": "fator Rh", "street": "logradouro", "number": "número",
    "complement": "complemento", "district": "bairro", "city": "cidade", "uf": "UF",
    "cep": "CEP", "photo": "foto", "order_number": "nº de ordem", "holder": "titular",
    "status": "situação", "issued_on": "emissão", "valid_until": "validade",
    "status_until": "situação até", "vehicle": "veículo", "stand": "ponto",
    "stand_position": "vaga no ponto", "stand_since": "no ponto desde", "plate": "placa",
    "plate_original": "placa como registrada", "renavam": "RENAVAM", "chassis": "chassi",
    "make": "marca", "model": "modelo", "manufacture_year": "ano de fabricação",
    "model_year": "ano do modelo", "cc": "cilindrada", "colour": "cor",
    "owner": "proprietário", "location": "local", "min_vehicles": "mínimo de motocicletas",
    "max_vehicles": "máximo de motocicletas", "responsible": "responsável",
    "extension_point": "ponto de extensão", "max_raised_by_act": "ato do máximo",
    "max_act_date": "data do ato do máximo", "closed_on": "fechado em",
    "category": "categoria", "first_licence_date": "primeira habilitação",
    "expiry_date": "validade", "ear": "observação EAR", "permit": "permissão",
    "person": "pessoa", "credentialed_on": "credenciado em", "ended_on": "encerrado em",
    "kind": "tipo", "inspected_on": "data da vistoria", "approved": "aprovada",
    "sticker_serial": "selo", "serial": "nº do selo", "inspection": "vistoria",
    "replaces": "substitui", "year": "ano", "infraction_code": "infração",
    "class_code": "classe", "occurred_at": "data e hora da infração",
    "occurred_on": "data da infração", "notified_on": "notificado em", "points": "pontos",
    "fine_units": "multa (unidades)", "unit_value_cents": "valor da unidade",
    "fine_cents": "valor da multa", "voided_on": "anulado em", "infractor": "infrator",
    "infraction_article": "artigo", "place": "local da infração", "notice": "auto",
    "units": "unidades", "amount_cents": "valor", "paid_on": "pago em",
    "paid_cents": "valor pago", "receipt": "recibo", "code": "código",
    "deposited_at": "depositado em", "released_at": "liberado em",
    "storage_days": "dias de depósito", "fee": "taxa", "charge": "débito",
    "due_on": "vencimento", "barcode": "código de barras", "pix_txid": "identificador PIX",
    "ibge_code": "código IBGE", "population": "população", "profile_id": "perfil de regras",
    "overrides": "números alterados do perfil", "cnpj": "CNPJ",
    "febraban_code": "código FEBRABAN", "barcode_module": "módulo do código de barras",
    "pix_key": "chave PIX", "brasao": "brasão",
}
_SECRET = {"password_hash", "photo", "brasao"}  # named as changed, never shown
_SNAPSHOT_DEPTH = 200  # the row's entries read back for the sealed values
_MAX_GUESSES = 8  # fields whose snapshot differs from the row: 2^8 digests at most
_FEW_UNKNOWN = 3  # "one of these changed" only when that names few fields
_QUIET_S = 60.0  # the same refused row audited once a minute (a preview runs acts often)

_listeners: list = []
_recent: dict[tuple, float] = {}
_lock = threading.Lock()


def listen(callback) -> None:
    """`callback(text)` when an action is refused on a row changed outside the program (the
    administrator's window shows it in its integrity banner). Called in the thread of the
    action."""
    if callback not in _listeners:
        _listeners.append(callback)


def unlisten(callback) -> None:
    if callback in _listeners:
        _listeners.remove(callback)


def _alert(text: str) -> None:
    for callback in list(_listeners):
        try:
            callback(text)
        except Exception:  # noqa: BLE001 - a closed window never stops the refusal
            pass


# --- what a refused row is -------------------------------------------------------------------

def diagnose(table: str, row_id: int, seal: str, entry_id: int | None) -> dict:
    """What differs between the row and its seal: {"gone", "changed": [(field, sealed
    value, value now)] or None (cannot tell), "unknown_only" (only fields the snapshots
    never hold can differ), "restorable", "values": {field: sealed value}}. The sealed
    values come from the audit's snapshots of the row up to the sealing entry, and count
    only when they make exactly the seal."""
    spec = row_seals.layout(table)
    model = spec.model
    row = model.get_or_none(model._meta.primary_key == row_id)
    result = {"gone": row is None, "changed": None, "unknown_only": False,
              "restorable": False, "values": {}}
    version = seal_version(seal or "")
    fields = SEALED_FIELD_VERSIONS.get(version, {}).get(table)
    if row is None or not seal or fields is None or entry_id is None:
        return result
    now = {name: getattr(row, model._meta.fields[name].column_name
                         if isinstance(model._meta.fields[name], pw.ForeignKeyField)
                         else name) for name in fields}
    known = _snapshot_values(table, row_id, entry_id, fields)
    # the fields whose snapshot differs from the row now: each either changed outside the
    # program, or (a snapshot older than the seal) sealed as it is now. The one combination
    # whose values make exactly the seal tells which (a digest matches nothing else).
    differ = [n for n in fields if n in known and
              canonical_value(known[n]) != canonical_value(now[n])]
    if len(differ) <= _MAX_GUESSES:
        for kept in itertools.chain.from_iterable(
                itertools.combinations(differ, size) for size in range(len(differ) + 1)):
            candidate = {n: now[n] if n in kept or n not in known else known[n]
                         for n in fields}
            canonical = [canonical_value(v) for v in spec_order(table, candidate, now)]
            if row_seals.agrees(table, row_id, seal, canonical):
                changed = [(n, candidate[n], now[n]) for n in differ if n not in kept]
                result.update(changed=changed, restorable=bool(changed),
                              values={n: candidate[n] for n, _, _ in changed})
                return result
    unknown = [n for n in fields if n not in known]
    if not differ and 0 < len(unknown) <= _FEW_UNKNOWN:  # e.g. the password hash alone
        result.update(changed=[(n, None, now[n]) for n in unknown], unknown_only=True)
    return result


def spec_order(table: str, values: dict, fallback: dict) -> list:
    """Values in the table's layout order (a field of another version from `fallback`)."""
    out = []
    for field in row_seals.layout(table).columns:
        out.append(values[field.name] if field.name in values else fallback.get(field.name))
    return out


def _snapshot_values(table: str, row_id: int, entry_id: int, fields) -> dict:
    """Each sealed field's value in the newest snapshot of the row (an entry's `after`) at
    or before the sealing entry; fields no snapshot holds are left out."""
    model = row_seals.sealed_model(table)
    known: dict = {}
    query = (AuditLog.select(AuditLog.action, AuditLog.after)
             .where((AuditLog.entity == table) & (AuditLog.entity_id == str(row_id)) &
                    (AuditLog.id <= entry_id))
             .order_by(AuditLog.id.desc()).limit(_SNAPSHOT_DEPTH))
    for action, after in query.tuples():
        if action.startswith("refused:") or not after:
            continue
        try:
            data = json.loads(after)
        except ValueError:
            continue
        if not isinstance(data, dict):
            continue
        for name in fields:
            if name in known or name not in data or name in _SECRET:
                continue
            try:
                known[name] = _from_snapshot(model._meta.fields[name], data[name])
            except (TypeError, ValueError, ArithmeticError):
                pass
        if len(known) == len(fields):
            break
    return known


def _from_snapshot(field, value):
    """A snapshot's JSON value (services/audit.py _default) as the field's Python value."""
    if value is None:
        return None
    if isinstance(field, pw.ForeignKeyField):
        return int(value)
    if isinstance(field, pw.DateTimeField):
        return dt.datetime.fromisoformat(value)
    if isinstance(field, pw.DateField):
        return dt.date.fromisoformat(value)
    if isinstance(field, pw.DecimalField):
        return Decimal(str(value))
    if isinstance(field, pw.BooleanField):
        if not isinstance(value, bool):
            raise ValueError(value)
        return value
    if isinstance(field, pw.IntegerField):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(value)
        return value
    if not isinstance(value, str):
        raise ValueError(value)
    return value


def _shown(name: str, value) -> str:
    if value is None or value == "":
        return "(vazio)"
    if isinstance(value, bool):
        return "sim" if value else "não"
    if isinstance(value, dt.datetime):
        return f"{value:%d/%m/%Y %H:%M}"
    if isinstance(value, dt.date):
        return f"{value:%d/%m/%Y}"
    if name.endswith("_cents") and isinstance(value, int):
        return audit_walk.format_cents(value)
    return f"'{value}'"


def changes_text(found: dict) -> str:
    """The tampering in words: 'perfil de acesso: 'atendente' → 'admin''..."""
    if found["gone"]:
        return "a linha foi apagada fora do programa"
    changed = found["changed"]
    if changed is None:
        return "a linha difere do seu selo (a auditoria não guarda o bastante para dizer " \
               "qual campo mudou)"
    if not changed:
        return "a linha confere com o seu selo, mas o índice de selos não confere com a trilha " \
               "de auditoria"
    if found["unknown_only"]:
        names = ", ".join(FIELD_LABELS.get(n, n) for n, _, _ in changed)
        return f"mudou um campo que a auditoria não guarda ({names})"
    parts = []
    for name, sealed, now in changed:
        label = FIELD_LABELS.get(name, name)
        parts.append(f"{label} alterado(a)" if name in _SECRET else
                     f"{label}: {_shown(name, sealed)} → {_shown(name, now)}")
    return "; ".join(parts)


def problem_text(broken: row_seals.Broken) -> tuple[str, dict]:
    """The row and what happened to it, in Portuguese, and the details for the audit."""
    who = audit_walk.describe(broken.table, broken.row_id)
    details = {"tabela": broken.table, "id": broken.row_id, "selo": broken.seal,
               "registro_do_selo": broken.entry_id, "problema": broken.problem}
    if broken.problem == "unsealed":
        return (f"{who} não tem selo de auditoria (foi incluído fora do programa, ou o seu "
                "selo foi apagado)"), details
    if broken.problem == "index":
        return (f"{who}: o índice de selos não confere com o registro de auditoria nº "
                f"{broken.entry_id} (alterado fora do programa)"), details
    found = diagnose(broken.table, broken.row_id, broken.seal, broken.entry_id)
    details["campos"] = [n for n, _, _ in found["changed"] or []]
    return (f"{who} foi alterado(a) fora do programa e não confere com o selo do registro "
            f"de auditoria nº {broken.entry_id} — {changes_text(found)}"), details


def refused(broken: list[row_seals.Broken], actor) -> str:
    """store.seals.guard's message: the refusal audited apart (as `actor`, who was acting)
    and the administrator told."""
    from .. import refusals
    first = broken[0]
    what, details = problem_text(first)
    word = WORD_OF[first.table]
    message = (f"Ação recusada: {what}. Nada foi gravado. O administrador foi avisado: ele "
               f"confere a linha e a aceita como está ou restaura os valores selados "
               f"(mototaxi-desk check accept|restore {word} {first.row_id}, ou o aviso da "
               "janela).")
    if _first_in_a_while((first.table, first.row_id, first.now)):
        refusals.note(actor, "registro.selo", message, entity=first.table,
                      entity_id=first.row_id, details=details)
    _alert(what)
    return message


def _first_in_a_while(key: tuple) -> bool:
    moment = time.monotonic()
    with _lock:
        last = _recent.get(key)
        if last is not None and moment - last < _QUIET_S:
            return False
        _recent[key] = moment
        if len(_recent) > 1000:
            _recent.clear()
    return True



# --- login -----------------------------------------------------------------------------------

LOGIN_TAMPERED = ("Acesso recusado: o cadastro deste usuário foi alterado fora do programa e "
                  "não confere com o selo de auditoria. Procure o administrador do sistema.")


def login_problem(user_id: int) -> dict | None:
    """The audit details of a user row that no longer agrees with its seal (None when it
    agrees); the administrator's window is told. Reads only: the caller refuses and
    audits, and must not save the row."""
    broken = row_seals.check_rows("user", [user_id])
    if not broken:
        return None
    what, details = problem_text(broken[0])
    _alert(what)
    return {**details, "mensagem": what}
