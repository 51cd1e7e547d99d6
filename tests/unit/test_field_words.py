"""domain/field_words: a stored value as a person reads it (the LGPD export's PDF, the
Histórico's "O que mudou"), and a Portuguese name for every detail a permit's act keeps."""
from __future__ import annotations

import ast
import datetime as dt
from pathlib import Path

import pytest

from mototaxi_desk.domain import field_words, wallclock

SERVICES = Path(__file__).resolve().parents[2] / "mototaxi_desk" / "services"


@pytest.mark.parametrize("key, value, shown", [
    ("valid_until", dt.date(2027, 2, 26), "26/02/2027"),
    ("valid_until", "2027-02-26", "26/02/2027"),  # as an audit entry's JSON keeps it
    ("approved", True, "Sim"), ("notes", "", "—"), ("notes", None, "—"),
    ("amount_cents", 123456, "R$ 1.234,56"), ("cpf", "52998224725", "529.982.247-25"),
    ("details", {"holder_id": 5, "vehicle_id": 7}, "Titular nº: 5; Veículo nº: 7"),
    ("details", {"card_valid_until_before": "2023-02-27"},
     "Cartão válido até (antes): 27/02/2023"),
    ("notice_ids", [3, 4], "3, 4"), ("details", {}, "—"),
    ("name", "2027-02-26 é a data", "2027-02-26 é a data"),  # a text, not a date
    ("notes", "2026-02-26", "2026-02-26"),  # typed in a free text: as typed
    ("valid_until", "2026-02-30", "2026-02-30"),  # not a day after all: as stored
    ("created_at", "2026-02-26 25:00", "2026-02-26 25:00"),
])
def test_a_stored_value_as_a_person_reads_it(key, value, shown):
    assert field_words.value_text(key, value) == shown


def test_a_stored_time_in_the_computers_zone_but_one_typed_as_local(brasilia):
    stored = dt.datetime(2026, 12, 7, 17, 5)  # UTC
    assert field_words.value_text("created_at", stored) == "07/12/2026 14:05"
    assert field_words.value_text("created_at", "2026-12-07 17:05:00.123456") == \
        "07/12/2026 14:05"
    assert wallclock.SHOWN_AS_STORED >= {"occurred_at"}
    assert field_words.value_text("occurred_at", "2026-12-07T17:05:00") == "07/12/2026 17:05"
    # a reason typed as a date and time is a text, never a UTC time moved 3 hours
    assert field_words.value_text("reason", "2026-02-26 10:00") == "2026-02-26 10:00"


def _detail_keys() -> set[str]:
    """The keys of every details={...} a service writes (a permit act's, an import's)."""
    keys = set()
    for path in SERVICES.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "details" and \
                    isinstance(node.value, ast.Dict):
                keys |= {k.value for k in node.value.keys if isinstance(k, ast.Constant)}
            targets = node.targets if isinstance(node, ast.Assign) else []
            for target in targets:
                if isinstance(target, ast.Name) and target.id == "details" and \
                        isinstance(node.value, ast.Dict):
                    keys |= {k.value for k in node.value.keys if isinstance(k, ast.Constant)}
                if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) \
                        and target.value.id == "details" and \
                        isinstance(target.slice, ast.Constant):
                    keys.add(target.slice.value)
    return keys


def test_every_detail_a_service_keeps_has_a_portuguese_name():
    """A permit act's details read "Titular anterior nº: 3", never "from_holder_id: 3"
    (the seal refusal's own details are written in Portuguese already)."""
    in_portuguese = {"campos", "problema", "registro_do_selo", "selo", "tabela"}
    keys = _detail_keys()
    assert {"holder_id", "from_holder_id", "card_valid_until_before"} <= keys  # found
    assert sorted(keys - field_words.FIELD_LABELS.keys() - in_portuguese) == []
