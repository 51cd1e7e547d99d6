"""Reading a profile's TOML text into the dataclasses of domain/profiles.py, collecting every
problem at once (with the line it is on) instead of stopping at the first.

The shape comes from the dataclasses themselves: a field is a key, its type says how the
value is read, a field with a default is optional (absent → the default). A text written for
an earlier format reaches the reader already upgraded (domain/profile_upgrades.py), so texts
written before a key — the ones databases keep — still load (docs/profiles.md, "Formats",
"Adding a key").
"""
from __future__ import annotations

import dataclasses
import difflib
import re
import typing
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from .errors import ProfileError

# The TOML key of a field whose Python name differs (`class` is a Python keyword).
TOML_NAME = {"class_code": "class"}
# Largest whole number any key accepts: a typo like 1000000 days is an error, not a rule.
MAX_INT = 100_000


@dataclass(frozen=True)
class Problem:
    key: str        # as shown: 'infractions[3].class' (items counted from 1)
    message: str
    line: int | None = None

    def __str__(self) -> str:
        where = f"linha {self.line}: " if self.line else ""
        if not self.key:
            return f"{where}{self.message}"
        return f"{where}chave '{self.key}': {self.message}"


class ProfileProblems(ProfileError):
    """Every problem found in one profile text; str() lists them all, one per line."""

    def __init__(self, name: str, problems: list[Problem]):
        self.name = name
        self.problems = sorted(problems, key=lambda p: (p.line or 0, p.key))
        count = len(self.problems)
        head = (f"Perfil {name}: {count} problema{'s' if count > 1 else ''} "
                f"encontrado{'s' if count > 1 else ''}")
        super().__init__(head + ":\n" + "\n".join(f"  {p}" for p in self.problems))


def shown(path: str) -> str:
    """An internal path ('infractions[0].class') as people count ('infractions[1].class')."""
    return re.sub(r"\[(\d+)\]", lambda m: f"[{int(m.group(1)) + 1}]", path)


class Collector:
    """Problems of one text, each placed on its line; a key with a problem gets no second
    (semantic) complaint built on the fallback value it was given."""

    def __init__(self, name: str, text: str = ""):
        self.name = name
        self.lines = line_index(text)
        self.problems: list[Problem] = []
        self.bad_keys: set[str] = set()

    def add(self, path: str, message: str, *, line_of: str | None = None) -> None:
        if path in self.bad_keys:
            return
        self.bad_keys.add(path)
        self.problems.append(Problem(shown(path), message, self.line(line_of or path)))

    def line(self, path: str) -> int | None:
        while path:
            if path in self.lines:
                return self.lines[path]
            if path.endswith("]"):
                path = re.sub(r"\[\d+\]$", "", path)
            elif "." in path:
                path = path.rsplit(".", 1)[0]
            else:
                path = ""
        return None

    def raise_if_any(self) -> None:
        if self.problems:
            raise ProfileProblems(self.name, self.problems)


# --- building dataclasses from tables ----------------------------------------------------------

def fallback(hint):
    """A value of the right type for a key that had a problem (checking goes on)."""
    if hint is Decimal:
        return Decimal(0)
    if hint is bool:
        return False
    if hint is int:
        return 0
    if hint is str:
        return ""
    return ()


def convert(out: Collector, hint, raw, path: str):
    if hint is Decimal:
        if isinstance(raw, bool) or not isinstance(raw, (str, int)):
            out.add(path, "deveria ser um número decimal entre aspas (ex.: \"0.20\")")
            return Decimal(0)
        try:
            value = Decimal(str(raw).strip())
        except InvalidOperation:
            out.add(path, f"'{raw}' não é um número decimal")
            return Decimal(0)
        if not value.is_finite() or value < 0 or value > MAX_INT:
            out.add(path, f"deveria ser um número decimal entre 0 e {MAX_INT}")
            return Decimal(0)
        return value
    if hint is bool:
        if not isinstance(raw, bool):
            out.add(path, "deveria ser true ou false")
            return False
        return raw
    if hint is int:
        if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= MAX_INT:
            out.add(path, f"deveria ser um número inteiro entre 0 e {MAX_INT}")
            return 0
        return raw
    if hint is str:
        if not isinstance(raw, str):
            out.add(path, "deveria ser um texto (entre aspas)")
            return ""
        return raw
    if typing.get_origin(hint) is tuple:
        if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
            out.add(path, "deveria ser uma lista de textos (ex.: [\"a\", \"b\"])")
            return ()
        return tuple(raw)
    raise TypeError(hint)  # a dataclass field of a type the reader does not know


def _is_dataclass_type(hint) -> bool:
    return isinstance(hint, type) and dataclasses.is_dataclass(hint)


def element_type(hint):
    """tuple[X, ...] of a dataclass X → X (an array of tables); otherwise None."""
    if typing.get_origin(hint) is tuple:
        args = typing.get_args(hint)
        if args and _is_dataclass_type(args[0]):
            return args[0]
    return None


def has_default(f: dataclasses.Field) -> bool:
    return f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING


def default_of(f: dataclasses.Field):
    return f.default if f.default is not dataclasses.MISSING else f.default_factory()


def suggestion(key: str, known) -> str:
    close = difflib.get_close_matches(key, sorted(known), n=1, cutoff=0.6)
    return f"; quis dizer '{close[0]}'?" if close else ""


def build(out: Collector, cls, data, where: str, extra: dict | None = None, *, skip=()):
    """An instance of dataclass `cls` from TOML table `data`; problems go to `out` and the
    instance is still made (with fallbacks), so every problem of the text is found."""
    values = dict(extra or {})
    if not isinstance(data, dict):
        out.add(where, "deveria ser uma tabela")
        data = {}
    hints = typing.get_type_hints(cls)
    known: dict[str, str] = {}
    for f in dataclasses.fields(cls):
        if f.name in values or f.name in skip:
            continue
        key = TOML_NAME.get(f.name, f.name)
        known[key] = f.name
    unknown = [k for k in data if k not in known and k not in skip]
    missing = [k for k, name in known.items()
               if k not in data and not has_default(_field(cls, name))]
    for key in unknown:  # a typo names itself and the key it should have been
        hint = suggestion(key, known)
        close = hint.split("'")[1] if hint else None
        extra_note = " (obrigatória e ausente)" if close in missing else ""
        out.add(f"{where}.{key}", f"chave desconhecida{hint}{extra_note}")
        if close in missing:
            out.bad_keys.add(f"{where}.{close}")
    for key, name in known.items():
        f = _field(cls, name)
        path = f"{where}.{key}"
        nested = element_type(hints[name])
        if key not in data:
            if has_default(f):
                values[name] = default_of(f)
            else:
                out.add(path, "obrigatória e ausente", line_of=where)
                values[name] = fallback(hints[name]) if not _is_dataclass_type(hints[name]) \
                    else build(out, hints[name], {}, path)
            continue
        raw = data[key]
        if nested:
            if not isinstance(raw, list) or not all(isinstance(x, dict) for x in raw):
                out.add(path, "deveria ser uma lista de tabelas ([[...]])")
                values[name] = ()
            else:
                values[name] = tuple(build(out, nested, item, f"{path}[{i}]")
                                     for i, item in enumerate(raw))
        elif _is_dataclass_type(hints[name]):
            values[name] = build(out, hints[name], raw, path)
        else:
            values[name] = convert(out, hints[name], raw, path)
    return cls(**values)


def _field(cls, name: str) -> dataclasses.Field:
    return next(f for f in dataclasses.fields(cls) if f.name == name)


# --- where each key is in the text -------------------------------------------------------------

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*(\]\]?)\s*(#.*)?$")
_KEY = re.compile(r"^\s*(\"[^\"]+\"|'[^']+'|[A-Za-z0-9_-]+)\s*=")


def _parts(dotted: str) -> list[str]:
    return [p.strip().strip("\"'") for p in re.findall(r"\"[^\"]*\"|'[^']*'|[^.]+", dotted)]


def line_index(text: str) -> dict[str, int]:
    """Path → line number (1-based) of every table header and key in a profile text, with
    arrays of tables numbered as the reader numbers them ('applications[2].checklist[0]').
    A light scan, enough for the profile format (no inline tables spanning lines)."""
    index: dict[str, int] = {}
    counts: dict[str, int] = {}
    table = ""
    in_multiline = None
    for number, line in enumerate(text.splitlines(), start=1):
        if in_multiline:
            if line.count(in_multiline) % 2 == 1:
                in_multiline = None
            continue
        header = _HEADER.match(line)
        if header and not _KEY.match(line):
            parts = _parts(header.group(2))
            is_array = header.group(1) == "[["
            resolved = ""
            for i, part in enumerate(parts):
                resolved = f"{resolved}.{part}" if resolved else part
                last = i == len(parts) - 1
                if last and is_array:
                    counts[resolved] = counts.get(resolved, 0) + 1
                    resolved = f"{resolved}[{counts[resolved] - 1}]"
                elif resolved in counts:
                    resolved = f"{resolved}[{counts[resolved] - 1}]"
            table = resolved
            index.setdefault(table, number)
            continue
        key = _KEY.match(line)
        if key:
            name = key.group(1).strip("\"'")
            index.setdefault(f"{table}.{name}" if table else name, number)
            for quote in ('"""', "'''"):
                if line.count(quote) % 2 == 1:
                    in_multiline = quote
    return index
