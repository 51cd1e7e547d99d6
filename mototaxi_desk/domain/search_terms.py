"""How typed text is folded for search: accents and case removed, words split."""
from __future__ import annotations

import re
import unicodedata

_WORD = re.compile(r"[a-z0-9]+")


def fold(text: str) -> str:
    """'João  D'Ávila' -> 'joao d avila': no accents, lower case, single spaces."""
    decomposed = unicodedata.normalize("NFKD", text or "")
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).lower()
    return " ".join(_WORD.findall(plain))


def name_tokens(name: str) -> list[str]:
    """Distinct folded words of a name, for the token index (prefix search per word).
    "D'Ávila" gives both "d", "avila" and "davila": people type it either way."""
    joined = re.sub(r"['’`´]", "", name or "")
    return sorted(set(fold(name).split()) | set(fold(joined).split()))


def prefix_upper_bound(prefix: str) -> str:
    """The smallest string greater than every string starting with prefix (for range scans,
    which both SQLite and PostgreSQL serve from an index, unlike LIKE)."""
    return prefix[:-1] + chr(ord(prefix[-1]) + 1)
