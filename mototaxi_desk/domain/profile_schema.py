"""The JSON Schema of the profile format, made from the same dataclasses the loader reads,
for editors that check TOML against a schema (Taplo / "Even Better TOML": put
`#:schema ../docs/profile.schema.json` on a profile's first line). The loader stays the
judge: it also checks what a schema cannot say (references between sections, real dates).

    python -m mototaxi_desk.domain.profile_schema > docs/profile.schema.json
"""
from __future__ import annotations

import dataclasses
import json
import typing
from decimal import Decimal

from . import profiles as P
from .profile_formats import CURRENT, FORMAT_KEY
from .profile_reader import MAX_INT, TOML_NAME, element_type, has_default

# Keys whose value is one of a fixed list (the loader checks the same lists).
CHOICES = {
    (P.WaitingList, "mode"): P.WAITING_LIST_MODES,
    (P.InspectionItem, "kind"): P.INSPECTION_KINDS,
    (P.CountThreshold, "sanction"): P.SANCTIONS,
    (P.Penalties, "month_rule"): P.MONTH_RULES,
    (P.ApplicationType, "type"): P.APPLICATION_TYPES,
    (P.Instrument, "kind"): P.INSTRUMENT_KINDS,
    (P.Recadastramento, "missed"): P.RECADASTRAMENTO_MISSES,
}
LIST_CHOICES = {
    (P.Impound, "release_reasons"): P.RELEASE_REASONS,
    (P.Impound, "release_requires"): P.RELEASE_REQUIREMENTS,
    (P.Service, "vehicle_kinds"): P.VEHICLE_KINDS,
    (P.Defence, "notification_means"): P.NOTIFICATION_MEANS,
}


def _value(cls, name: str, hint) -> dict:
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        return {"type": "integer", "minimum": 0, "maximum": MAX_INT}
    if hint is Decimal:
        return {"type": ["string", "integer"], "pattern": r"^\s*\d+(\.\d+)?\s*$",
                "minimum": 0, "description": "decimal entre aspas (ex.: \"0.20\")"}
    if hint is str:
        choices = CHOICES.get((cls, name))
        return {"type": "string", "enum": list(choices)} if choices else {"type": "string"}
    nested = element_type(hint)
    if nested:
        return {"type": "array", "items": _table(nested)}
    if typing.get_origin(hint) is tuple:
        choices = LIST_CHOICES.get((cls, name))
        items = {"type": "string", "enum": list(choices)} if choices else {"type": "string"}
        return {"type": "array", "items": items}
    if dataclasses.is_dataclass(hint):
        return _table(hint)
    raise TypeError(hint)


def _table(cls, skip=()) -> dict:
    hints = typing.get_type_hints(cls)
    properties, required = {}, []
    for f in dataclasses.fields(cls):
        if f.name in skip:
            continue
        key = TOML_NAME.get(f.name, f.name)
        properties[key] = _value(cls, f.name, hints[f.name])
        if not has_default(f):
            required.append(key)
    schema = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        schema["required"] = required
    if cls.__doc__ and not cls.__doc__.startswith(cls.__name__ + "("):
        schema["description"] = " ".join(cls.__doc__.split())
    return schema


def schema() -> dict:
    hints = typing.get_type_hints(P.RuleProfile)
    properties = {FORMAT_KEY: {
        "type": "integer", "minimum": 1, "maximum": CURRENT,
        "description": "O formato para o qual o perfil foi escrito (docs/profiles.md, "
                       "\"Formats\"); sem ele, o formato 1. Um formato anterior é atualizado "
                       "na leitura, com avisos."}}
    required = []
    for f in dataclasses.fields(P.RuleProfile):
        if f.name == "fees":
            properties["fees"] = {"type": "object",
                                  "additionalProperties": _table(P.Fee, skip=("code",))}
            continue
        properties[f.name] = _value(P.RuleProfile, f.name, hints[f.name])
        if not has_default(f) or f.name in ("infractions", "applications"):
            required.append(f.name)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "Perfil de regras do Mototáxi Desk (uma lei municipal)",
            "description": "Formato descrito em docs/profiles.md; gerado por "
                           "mototaxi_desk/domain/profile_schema.py.",
            "type": "object", "properties": properties, "required": required,
            "additionalProperties": False}


def loader_keys() -> frozenset[str]:
    """Every key the loader reads, as paths ('vehicle.owner_rule', 'penalties.classes[].code',
    'fees.*.units'): what domain/profile_formats.py's steps must account for."""
    keys: set[str] = set()

    def walk(cls, prefix: str, skip=()) -> None:
        hints = typing.get_type_hints(cls)
        for f in dataclasses.fields(cls):
            if f.name in skip:
                continue
            path = f"{prefix}.{TOML_NAME.get(f.name, f.name)}" if prefix else f.name
            hint, nested = hints[f.name], element_type(hints[f.name])
            if nested:
                walk(nested, f"{path}[]")
            elif typing.get_origin(hint) is dict:
                walk(typing.get_args(hint)[1], f"{path}.*", skip=("code",))  # the table's name
            elif dataclasses.is_dataclass(hint):
                walk(hint, path)
            else:
                keys.add(path)
    walk(P.RuleProfile, "")
    return frozenset(keys)


def text() -> str:
    return json.dumps(schema(), ensure_ascii=False, indent=2) + "\n"


if __name__ == "__main__":
    print(text(), end="")
