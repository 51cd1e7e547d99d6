"""Upgrading a profile written for an earlier format to the current one, step by step
(the steps: domain/profile_formats.py). An upgrade never fails a profile: every change it
makes is a notice (Portuguese, naming the key and what was assumed). Only a format newer than
the program's is refused, saying that a newer Mototáxi Desk is needed.

The steps work on the TOML document as a mapping, so the same code upgrades tomllib's dicts
(to load) and tomlkit's document (to write the upgraded file with the law's comments kept).
"""
from __future__ import annotations

import json
import tomllib
from collections.abc import Callable, Iterator

from .errors import ProfileError
from . import profile_formats
from .profile_formats import CURRENT, FORMAT_KEY, STEPS, Added, Moved, Removed, plain
from .profile_reader import Collector, Problem, ProfileProblems, shown


class Notice(Problem):
    """One change an upgrade made (shown like a problem: line, key, message), never an
    error."""


# How an added value is put in its table: plain assignment to load; the writer also leaves a
# comment on the line.
Put = Callable[[dict, str, object, int], None]


def _assign(table: dict, key: str, value, step: int) -> None:
    table[key] = value


def declared_format(data, name: str, text: str = "") -> int:
    """The format a profile says it was written for (1 when it says none); a format this
    program does not know is refused."""
    if FORMAT_KEY not in data:
        return 1
    value = plain(data[FORMAT_KEY])
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        line = Collector(name, text).line(FORMAT_KEY)
        raise ProfileProblems(name, [Problem(
            FORMAT_KEY, f"deveria ser um número inteiro de 1 a {CURRENT}: o formato para o "
                        "qual o perfil foi escrito (docs/profiles.md)", line)])
    if value > CURRENT:
        raise ProfileError(f"Perfil {name}: este perfil usa o formato {value}; este programa "
                           f"conhece até o formato {CURRENT}: atualize o Mototáxi Desk.")
    return value


def text_format(text: str) -> int | None:
    """The format a profile text declares (1 when none); None for a text that is not TOML
    or declares no whole number."""
    try:
        value = plain(tomllib.loads(text).get(FORMAT_KEY, 1))
    except tomllib.TOMLDecodeError:
        return None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def upgrade(data, written_for: int, *, name: str = "", text: str = "",
            put: Put = _assign) -> list[Notice]:
    """Apply to `data` (the profile as a mapping, changed in place) every step after the
    format it was written for; the notices of what changed, oldest step first."""
    if written_for >= CURRENT:
        return []
    lines = Collector(name, text)
    if FORMAT_KEY in data:
        how = f"o perfil foi escrito para o formato {written_for}:"
    else:
        keys = profile_formats.written_for(data)
        how = (f"o perfil não declara o formato ({FORMAT_KEY} = N no início do arquivo)"
               + (f"; as chaves dele são as do formato {keys}" if keys else "")
               + ": lido como formato 1, o mais antigo,")
    notices = [Notice(FORMAT_KEY, f"{how} e atualizado na leitura até o formato {CURRENT}; "
                                  "para gravar o arquivo atualizado: 'mototaxi-desk profiles "
                                  "check ARQUIVO --upgrade -o NOVO'", lines.line(FORMAT_KEY))]
    for step in STEPS:
        if step.to <= written_for:
            continue
        for change in step.changes:
            notices += _apply(change, step.to, data, lines, put)
    return notices


def _apply(change, step: int, data, lines: Collector, put: Put) -> list[Notice]:
    found = []

    def note(path: str, message: str, line_of: str) -> None:
        found.append(Notice(shown(path), message, lines.line(line_of)))

    if isinstance(change, Added):
        if change.value is None:  # optional: absent, the loader's default applies
            return []
        parent, key = _split(change.path)
        for table, where in _tables(data, parent):
            if key not in table:
                value = change.value(data, table)
                put(table, key, value, step)
                note(f"{where}.{key}", f"acrescentada (formato {step}) com o valor "
                                       f"{_toml(value)}: {change.why}", where)
    elif isinstance(change, Moved):
        parent, key = _split(change.old)
        for table, where in _tables(data, parent):
            if key not in table:
                continue
            value = plain(table[key])
            note(f"{where}.{key}", f"movida (formato {step}) para '{change.new}'",
                 f"{where}.{key}")
            del table[key]
            new_parent, new_key = _split(change.new)
            for target, target_where in _tables(data, new_parent):
                if new_key not in target:
                    put(target, new_key, value, step)
                    note(f"{target_where}.{new_key}",
                         f"acrescentada (formato {step}) com o valor {_toml(value)}, o de "
                         f"'{change.old}': {change.why}", target_where)
    elif isinstance(change, Removed):
        parent, key = _split(change.path)
        for table, where in _tables(data, parent):
            if key in table:
                note(f"{where}.{key}", f"removida (formato {step}; valia "
                                       f"{_toml(plain(table[key]))}): {change.why}",
                     f"{where}.{key}")
                del table[key]
    else:
        raise TypeError(change)
    return found


def _split(path: str) -> tuple[list[str], str]:
    *parent, key = path.split(".")
    return parent, key


def _tables(node, parts: list[str], where: str = "") -> Iterator[tuple[dict, str]]:
    """Every table at a path ('penalties', 'penalties.classes[]', 'fees.*') that exists in
    the profile, with its place ('penalties.classes[2]', counted from 0 as the reader
    does)."""
    if not parts:
        yield node, where
        return
    head, rest = parts[0], parts[1:]
    if head == "*":
        for key, child in node.items():
            if isinstance(child, dict):
                yield from _tables(child, rest, f"{where}.{key}")
        return
    name = head.removesuffix("[]")
    child = node.get(name)
    path = f"{where}.{name}" if where else name
    if head.endswith("[]"):
        if isinstance(child, list):
            for i, item in enumerate(child):
                if isinstance(item, dict):
                    yield from _tables(item, rest, f"{path}[{i}]")
    elif isinstance(child, dict):
        yield from _tables(child, rest, path)


def _toml(value) -> str:
    """A value as it is written in TOML (true, 0, "texto", ["a", "b"])."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml(plain(v)) for v in value) + "]"
    return str(value)


def rewrite(text: str, name: str) -> tuple[str, list[Notice]]:
    """The text upgraded to the current format, declaring it, with the law's comments and
    layout kept (tomlkit); each added key carries a comment saying so. Check the result with
    profiles.upgrade_text, which also proves it reads as the original does."""
    import tomlkit  # only to write a file: loading needs the standard library alone

    document = tomlkit.parse(text)
    written_for = declared_format(document, name, text)

    def put(table, key: str, value, step: int) -> None:
        item = tomlkit.item(value)
        item.comment(f"acrescentada na atualização para o formato {step}: confira")
        table[key] = item

    notices = upgrade(document, written_for, name=name, text=text, put=put)
    if FORMAT_KEY in document:
        document[FORMAT_KEY] = CURRENT
    else:
        declaration = tomlkit.item(CURRENT)
        declaration.comment("o formato do perfil (docs/profiles.md, \"Formats\")")
        document[FORMAT_KEY] = declaration
    return tomlkit.dumps(document), notices
