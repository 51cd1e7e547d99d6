"""The status list's JSON text, which the município signs and the phones parse: the text of
json.dumps(status, ensure_ascii=False, sort_keys=True, separators=(",", ":")), the format
since the first list, written by orjson (issue 40 item 3: at 100,000 holders the standard
library took 350–500 ms of CPU for its 10 MB; orjson about 60, two thirds of it sorting).

The same text for what a status list holds — dicts with text keys, text, integers, lists,
booleans, None: both write UTF-8 unescaped but for '"', '\\' and the control characters
(\\b \\t \\n \\f \\r, the others as \\u00xx in lower case), leave U+2028/U+2029 and DEL as
they are, and sort keys by code point (orjson by UTF-8 bytes: the same order).
tests/services/test_status_json.py compares them on such values, and test_verifier.py the
signed list with json.dumps's. A key not text, an integer beyond 64 bits or a lone
surrogate raises (TypeError) instead of being written some other way; a float could be
written otherwise (1e+16 / 1e16), and a status list holds none."""
from __future__ import annotations

import orjson


def sorted_compact(value) -> str:
    """json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode("utf-8")

