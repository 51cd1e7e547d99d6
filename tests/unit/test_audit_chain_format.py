"""Issue 23: the audit chain's hashes are made through the C JSON encoder set up once (not
json.dumps per call): the text, and so every hash already in a database, stays exactly what
json.dumps(..., ensure_ascii=False, separators=(",", ":")) wrote — on every kind of value."""
from __future__ import annotations

import datetime as dt
import hashlib
import json
from decimal import Decimal

import pytest

from mototaxi_desk.domain import audit_chain
from mototaxi_desk.domain.audit_chain import canonical_time, canonical_value


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def reference_entry_hash(*, at, user_id, action, entity, entity_id, before, after, prev_hash,
                         seals=None, machine=None) -> str:
    """entry_hash as it was written before issue 23 (json.dumps on every call)."""
    fields = ["mototaxi-audit-v1", canonical_time(at), user_id, action, entity, entity_id,
              before, after, prev_hash]
    if seals is not None:
        fields = ["mototaxi-audit-v2"] + fields[1:] + [seals]
    if machine:
        fields.append(machine)
    return _sha(_dumps(fields))


def reference_row_digest(table, row_id, values) -> str:
    return _sha(_dumps(["mototaxi-audit-v2", table, int(row_id),
                        [canonical_value(v) for v in values]]))


TEXTS = ["", "ação à São João Ñandú", 'aspas "duplas" e \\ barra', "linha\nnova\ttab\r\x00\x1f\x7f",
         "\u2028\u2029 separadores", "emoji 🛵 fora do plano básico", "€ ü 中文",
         '{"a": [1, 2.5, null, true], "b": {"c": "d\\"e"}}',
         json.dumps({"nome": "Conceição", "valor": "12,50", "itens": [{"x": None}]},
                    ensure_ascii=False, sort_keys=True)]
TIMES = [dt.datetime(2026, 1, 5, 12, 0), dt.datetime(2026, 1, 5, 12, 0, 0, 1),
         dt.datetime(2026, 1, 5, 12, 0, tzinfo=dt.timezone(dt.timedelta(hours=-3))),
         "2026-01-05 12:00:00", "lixo", None]
ENTRIES = [dict(at=at, user_id=user, action=action, entity="person", entity_id=entity_id,
                before=before, after=after, prev_hash="0" * 64, seals=seals, machine=machine)
           for at in TIMES
           for user, action, entity_id, before, after, seals, machine in [
               (None, "person.add", "", None, TEXTS[7], None, None),
               (1, "ação.é", "42", TEXTS[1], TEXTS[2], '{"person:1":"ab"}', "PC-Prefeitura"),
               (2**70, TEXTS[3], TEXTS[4], TEXTS[5], TEXTS[6], "", ""),
               (7, "x", "1", TEXTS[8], TEXTS[0], '{"fee:3":""}', "máquina ç")]]


@pytest.mark.parametrize("entry", ENTRIES)
def test_entry_hash_is_the_json_dumps_hash(entry):
    assert audit_chain.entry_hash(**entry) == reference_entry_hash(**entry)
    assert audit_chain.timed_entry_hash(
        canonical_time(entry["at"]), *(entry[k] for k in (
            "user_id", "action", "entity", "entity_id", "before", "after", "prev_hash",
            "seals", "machine"))) == reference_entry_hash(**entry)


ROWS = [[None, True, False, 0, -5, 2**70, 12.5, 0.1, float("nan"), float("inf")],
        [Decimal("2.50"), Decimal("-0"), Decimal("1E+3"), Decimal("NaN"), Decimal("0.0001")],
        [dt.date(2026, 2, 28), dt.datetime(2026, 2, 28, 23, 59, 59, 999999),
         dt.datetime(2026, 2, 28, 10, tzinfo=dt.timezone.utc)],
        TEXTS, [b"bytes", ["lista", 1], {"k": "v"}]]


@pytest.mark.parametrize("values", ROWS)
def test_row_digest_is_the_json_dumps_digest(values):
    assert audit_chain.row_digest("infraction_notice", 17, values) == \
        reference_row_digest("infraction_notice", 17, values)


@pytest.mark.parametrize("value", [
    [], [None, True, False, 1, -1, 2**100, 1.5, -0.0, float("nan"), float("-inf")],
    TEXTS, [[1, [2, [3, "quatro"]]], {"b": 1, "a": [None, "é"]}], [{"x": {"y": TEXTS[2]}}]])
def test_the_encoder_writes_what_json_dumps_writes(value):
    assert audit_chain._json_array(value) == _dumps(value)


def test_what_json_dumps_refuses_is_refused():
    with pytest.raises(TypeError):
        audit_chain._json_array([b"bytes"])
    with pytest.raises(TypeError):
        _dumps([b"bytes"])
