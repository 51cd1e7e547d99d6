"""What a new wording of a law changes against the one in force, as the admin reads it before
adopting it (Configurações → Nova versão da lei; `profiles adopt --preview`): every key whose
value changes, every item of a list (an infraction, a penalty class, a fee...) added or
removed, each in the law's words with the article it cites —
"Classe A (Grupo A), multa (em tarifas): 50 → 80 (Art. 32)".

Both wordings are compared as the loader reads them (upgraded to the current format), so a
file written for an earlier format shows only what its rules change; what the upgrade
assumed is in the upgrade's notices. Comments and layout are not rules: a text that differs
only in them changes nothing here."""
from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from decimal import Decimal

from . import profiles as P
from .money import format_money, format_units
from .profile_reader import TOML_NAME, element_type
from .profile_words import (CHOICE_KEYS, CHOICE_WORDS, ITEM_KEYS, PROFILE_SECTIONS,
                            profile_number)

CHANGED, ADDED, REMOVED = "changed", "added", "removed"
KIND_WORDS = {CHANGED: "Alteração", ADDED: "Inclusão", REMOVED: "Exclusão"}

# The lists whose items are told apart by a key: (owner, field) → (key field, noun). An
# item without a key field (a points window, a count threshold) is told apart by its whole
# value: changing one shows the old one excluded and the new one included.
_LISTS = {
    (P.Inspection, "items"): ("code", "Item de vistoria"),
    (P.Penalties, "classes"): ("code", "Classe"),
    (P.Penalties, "points_windows"): (None, "Limite de pontos"),
    (P.Penalties, "count_thresholds"): (None, "Limite de infrações"),
    (P.RuleProfile, "infractions"): ("code", "Infração"),
    (P.RuleProfile, "applications"): ("type", "Requerimento"),
    (P.ApplicationType, "checklist"): ("code", "documento"),
    (P.RuleProfile, "decisions"): ("sanction", "Decisão"),
    (P.Decision, "grounds"): ("code", "motivo"),
}
_FEES = ("code", "Taxa")
# keys holding a program word, not the law's: the item is named by its label instead
_WORD_KEYS = ("type", "sanction")
# a section key whose article is not found by its name (see _article_field)
_ARTICLE_OF = {"permit.fleet_owner_exception": "max_per_person_article",
               "permit.no_term": "validity_article",
               "defence.business_days": "defence_article"}
MAX_NAMED = 8  # infractions named in a penalty class's note; the rest are counted


@dataclass(frozen=True)
class Change:
    kind: str        # CHANGED, ADDED or REMOVED
    key: str         # where in the profile file: 'penalties.classes[A].fine_tariff_multiple'
    where: str       # the part of the law: 'Renovação', 'Infração 24-I', 'Classe A (Grupo A)'
    what: str        # the key in the law's words ('' for a whole item included or excluded)
    before: str      # the value as shown ('' for an item added)
    after: str       # ('' for an item removed)
    article: str     # the article the rule cites (the removed item's own for a removal)
    note: str = ""   # what else it reaches (the infractions of a penalty class)

    @property
    def kind_text(self) -> str:
        return KIND_WORDS[self.kind]

    def __str__(self) -> str:
        # an article that itself changed is not cited again beside its new value
        cited = f" ({self.article})" if self.article and self.article != self.after else ""
        if self.kind == CHANGED:
            text = f"{self.where}, {self.what}: {self.before} → {self.after}{cited}"
        else:
            shown = self.after if self.kind == ADDED else self.before
            text = f"{self.kind_text}: {self.where}{cited}" + (f": {shown}" if shown else "")
        return text + (f" [{self.note}]" if self.note else "")


def compare(old: P.RuleProfile, new: P.RuleProfile) -> list[Change]:
    """Every change from `old` to `new`, in the order of the profile's sections."""
    found: list[Change] = []
    unit = new.fiscal_unit
    hints = typing.get_type_hints(P.RuleProfile)
    for f in dataclasses.fields(P.RuleProfile):
        before, after = getattr(old, f.name), getattr(new, f.name)
        if before == after:
            continue
        if f.name == "fees":
            _compare_items(found, list(before.values()), list(after.values()), _FEES, "fees",
                           "", unit, new)
        elif element_type(hints[f.name]):
            _compare_items(found, before, after, _LISTS[(P.RuleProfile, f.name)], f.name, "",
                           unit, new)
        else:
            _compare_section(found, f.name, before, after, unit, new)
    return found


def _compare_section(found, section: str, old, new, unit: str, profile) -> None:
    hints = typing.get_type_hints(type(new))
    for f in dataclasses.fields(new):
        before, after = getattr(old, f.name), getattr(new, f.name)
        if before == after:
            continue
        if element_type(hints[f.name]):
            _compare_items(found, before, after, _LISTS[(type(new), f.name)],
                           f"{section}.{f.name}", "", unit, profile)
            continue
        key = f"{section}.{f.name}"
        found.append(Change(CHANGED, key, _section_name(section),
                            _lower_first(profile_number(key, unit)),
                            value_text(before, key, unit), value_text(after, key, unit),
                            _article(section, new, f.name)))


def _section_name(section: str) -> str:
    return PROFILE_SECTIONS.get(section, section)


def _lower_first(text: str) -> str:
    """'Idade mínima (anos)' → 'idade mínima (anos)'; 'CNH com...' stays."""
    return text[0].lower() + text[1:] if text[1:2].islower() else text


def _article_field(section_name: str, section, name: str) -> str | None:
    """The field holding the article a section key cites: the `<x>_article` whose words
    appear in the key's name ('validity_months' → 'validity_article', 'max_age_years' →
    'age_article'; the longest such), else the section's `article`."""
    explicit = _ARTICLE_OF.get(f"{section_name}.{name}")
    if explicit:
        return explicit
    words = name.split("_")
    best, size = None, 0
    for f in dataclasses.fields(section):
        if not f.name.endswith("_article"):
            continue
        prefix = f.name[:-len("_article")].split("_")
        if len(prefix) > size and any(words[i:i + len(prefix)] == prefix
                                      for i in range(len(words))):
            best, size = f.name, len(prefix)
    if best is None and any(f.name == "article" for f in dataclasses.fields(section)):
        best = "article"
    return best


def _article(section_name: str, section, name: str) -> str:
    if name == "article" or name.endswith("_article"):
        return getattr(section, name)  # the article itself changed: the new one
    field = _article_field(section_name, section, name)
    return getattr(section, field) if field else ""


def _compare_items(found, old: tuple, new: tuple, spec, path: str, parent: str, unit: str,
                   profile) -> None:
    key_field, noun = spec
    # an item without a key field is told apart by its whole value (frozen: hashable)
    old_keys = {i if key_field is None else getattr(i, key_field): i for i in old}
    new_keys = {i if key_field is None else getattr(i, key_field): i for i in new}
    for code, item in old_keys.items():
        if code not in new_keys:
            found.append(Change(REMOVED, _item_key(path, key_field, code, old, item),
                                _item_name(item, key_field, noun, parent), "",
                                _item_summary(item, unit, key_field), "",
                                getattr(item, "article", "")))
    for code, item in new_keys.items():
        if code not in old_keys:
            found.append(Change(ADDED, _item_key(path, key_field, code, new, item),
                                _item_name(item, key_field, noun, parent), "", "",
                                _item_summary(item, unit, key_field),
                                getattr(item, "article", "")))
            continue
        before = old_keys[code]
        if before == item:
            continue
        where = _item_name(item, key_field, noun, parent)
        item_path = _item_key(path, key_field, code, new, item)
        hints = typing.get_type_hints(type(item))
        for f in dataclasses.fields(item):
            was, now = getattr(before, f.name), getattr(item, f.name)
            if was == now:
                continue
            nested = element_type(hints[f.name])
            if nested:
                _compare_items(found, was, now, _LISTS[(type(item), f.name)],
                               f"{item_path}.{f.name}", where, unit, profile)
                continue
            name = TOML_NAME.get(f.name, f.name)
            note = _class_note(profile, code) if type(item) is P.PenaltyClass else ""
            found.append(Change(CHANGED, f"{item_path}.{name}", where,
                                ITEM_KEYS.get(name, name.replace("_", " ")),
                                _item_value(was, name, unit), _item_value(now, name, unit),
                                getattr(item, "article", ""), note))


def _item_key(path: str, key_field, code, items, item) -> str:
    if path == "fees":
        return f"fees.{code}"
    if key_field is None:
        return f"{path}[{items.index(item) + 1}]"  # counted from 1, as people count
    return f"{path}[{code}]"


def _item_name(item, key_field, noun: str, parent: str) -> str:
    label = getattr(item, "label", "")
    if key_field in _WORD_KEYS:
        name = f"{noun} «{label}»"
    elif key_field is None:
        name = noun
    else:
        code = getattr(item, key_field)
        name = f"{noun} {code}" + (f" ({label})" if label else "")
    return f"{parent}, {name}" if parent else name


def _item_summary(item, unit: str, key_field: str | None = None) -> str:
    """An item in a line: its text or label first, then its other values that say something
    (the key and the article are shown beside it)."""
    hints = typing.get_type_hints(type(item))
    parts = []
    for f in dataclasses.fields(item):
        value = getattr(item, f.name)
        # the key, the label and the article are in the item's name beside it
        if f.name in (key_field, "label", "article") or value in ("", (), False) or value == 0:
            continue
        name = TOML_NAME.get(f.name, f.name)
        nested = element_type(hints[f.name])
        if nested:
            parts.append(f"{ITEM_KEYS.get(name, name)}: {len(value)}")
        elif name == "text":
            parts.insert(0, f"«{value}»")
        else:
            parts.append(f"{ITEM_KEYS.get(name, name.replace('_', ' '))}: "
                         f"{_item_value(value, name, unit)}")
    return "; ".join(parts)


def _item_value(value, name: str, unit: str) -> str:
    if isinstance(value, Decimal) and name in ("units", "fine_units", "fine_units_max"):
        return format_units(value, unit)
    return _plain(value, name in CHOICE_KEYS)


def value_text(value, key: str, unit: str) -> str:
    """A section key's value as the comparison shows it ('4 UFM', 'R$ 10.000,00', 'sim')."""
    if isinstance(value, (int, Decimal)) and not isinstance(value, bool):
        if "(R$)" in profile_number(key, unit):
            return format_money(int(Decimal(value) * 100))
        if "_units" in key:
            return format_units(Decimal(value), unit)
    return _plain(value, key in CHOICE_KEYS)


def _plain(value, choice: bool = False) -> str:
    if isinstance(value, bool):
        return "sim" if value else "não"
    if isinstance(value, Decimal):
        return f"{value.normalize():f}".replace(".", ",")
    if isinstance(value, tuple):
        return ", ".join(_plain(v, choice) for v in value) or "nenhum"
    if isinstance(value, str):
        return (CHOICE_WORDS.get(value, value) if choice else value) or "(vazio)"
    return str(value)


def _class_note(profile: P.RuleProfile, code: str) -> str:
    """The infractions a penalty class's change reaches (in the new wording)."""
    codes = [i.code for i in profile.infractions if i.class_code == code]
    if not codes:
        return ""
    shown = ", ".join(codes[:MAX_NAMED])
    more = f" e mais {len(codes) - MAX_NAMED}" if len(codes) > MAX_NAMED else ""
    return f"vale para as infrações {shown}{more}" if len(codes) > 1 else \
        f"vale para a infração {shown}"
