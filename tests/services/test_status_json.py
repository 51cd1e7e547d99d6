"""The status list's JSON (services/exchange/status_json.py): orjson's text is the text
json.dumps wrote before it (the phones and every list already signed read that), for what a
status list holds — odd characters included; what it cannot write the same way raises."""
import json
import random

import pytest

from mototaxi_desk.services.exchange import status_json

# control characters, DEL, U+2028/U+2029 (JSON allows them raw, JavaScript once did not),
# quotes, backslashes, '</', non-ASCII letters, a byte-order mark, a non-BMP character
ODD = ["\x00", "\x01", "\x08", "\t", "\n", "\x0b", "\x0c", "\r", "\x1b", "\x1f", "\x7f",
       "\x80", "\x9f", "\xa0", "\u2028", "\u2029", '"', "\\", "/", "</script>", "ã", "ç",
       "É", "º", "—", "\ufeff", "\uffff", "😀", "\U0010ffff", "Município", ""]


def _reference(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _text(rng: random.Random) -> str:
    pool = ODD + [chr(rng.randrange(0x20, 0x3000)) for _ in range(4)]
    return "".join(rng.choice(pool) for _ in range(rng.randrange(0, 6)))


def _value(rng: random.Random, depth: int = 0):
    kinds = ["text", "int", "list", "dict", "const"] if depth < 3 else ["text", "int", "const"]
    kind = rng.choice(kinds)
    if kind == "text":
        return _text(rng)
    if kind == "int":
        return rng.choice([0, -1, 7, 2026, 10**9, -(2**63), 2**63 - 1, rng.randrange(-10**12,
                                                                                    10**12)])
    if kind == "list":
        return [_value(rng, depth + 1) for _ in range(rng.randrange(0, 4))]
    if kind == "dict":
        return {_text(rng): _value(rng, depth + 1) for _ in range(rng.randrange(0, 5))}
    return rng.choice([True, False, None])


def test_same_text_as_json_dumps_on_odd_values():
    rng = random.Random(40)
    for _ in range(3000):
        value = {_text(rng): _value(rng) for _ in range(rng.randrange(0, 6))}
        assert status_json.sorted_compact(value) == _reference(value)


def test_keys_sorted_as_python_sorts_them():
    """By code point: numbers as text ('10' < '9'), U+FFFF before the astral planes (in
    UTF-16 units it would come after '😀'), capitals before small letters and accents."""
    keys = ["10", "9", "100000", "card:12", "card:9", "sticker:2026-000001", "\uffff", "😀",
            "Z", "a", "á", "\u2028", "", " ", "\x00"]
    value = {key: index for index, key in enumerate(keys)}
    assert status_json.sorted_compact(value) == _reference(value)
    assert status_json.sorted_compact({"b": {"z": 1, "a": [{"y": 2, "x": 3}]}, "a": {}}) == \
        _reference({"b": {"z": 1, "a": [{"y": 2, "x": 3}]}, "a": {}})


@pytest.mark.parametrize("value", [{1: "key not text"}, {"n": 2**64}, {"s": "\ud800"}])
def test_what_it_cannot_write_the_same_way_raises(value):
    with pytest.raises(TypeError):  # orjson.JSONEncodeError is a TypeError
        status_json.sorted_compact(value)
