"""The one search box: CPF (with or without mask, or its first digits), name words without
accents, plate in either format, permit order number, protocol AAAA/NNNNNN, RENAVAM.

Every lookup is an index range scan (never LIKE '%...%'), so it stays fast on 100,000
holders in SQLite and PostgreSQL alike.
"""
from __future__ import annotations

import re

from peewee import SQL

from ...domain import validators
from ...domain.errors import ValidationError
from ...domain.search_terms import fold, name_tokens, prefix_upper_bound
from ...store.models import Application, Permit, Person, PersonNameToken, Vehicle
from . import lookup
from .. import permissions
from ..context import Actor

MAX_QUERY = 100
_PROTOCOL = re.compile(r"^(\d{4})\s*/\s*(\d{1,6})$")
_NUMBER_MASK = re.compile(r"[.\-/\s]")


def _person_hit(person: Person, kind: str, matched: str) -> dict:
    return {"kind": kind, "person_id": person.id, "name": person.name,
            "cpf": validators.format_cpf(person.cpf), "matched": matched}


# what a hit shows: the person's other columns (address, documents...) are not read
_HIT = (Person.id, Person.name, Person.cpf)


def _by_cpf_prefix(digits: str, limit: int) -> list[dict]:
    query = (Person.select(*_HIT).where((Person.cpf >= digits) &
                                   (Person.cpf < prefix_upper_bound(digits)))
             .order_by(Person.cpf).limit(limit))
    return [_person_hit(p, "person", f"CPF {validators.format_cpf(p.cpf)}") for p in query]


def _by_name(words: list[str], limit: int) -> list[dict]:
    """The first `limit` people, by folded name then id, with a word starting with each
    word typed. The tokens carry the person's folded name (index on token, name_folded,
    person), so the matches of each word come out of one index range without reading a
    person row each, several words intersected as sets of (name_folded, person) that come
    out in the list's order; only the `limit` people shown are read (issue 23: 'ma' matches
    a fifth of a big register)."""
    def matching(word):
        return (PersonNameToken.select(PersonNameToken.name_folded, PersonNameToken.person)
                .where((PersonNameToken.token >= word) &
                       (PersonNameToken.token < prefix_upper_bound(word))))
    if len(words) == 1:
        first = _first_distinct(matching(words[0]).order_by(PersonNameToken.name_folded,
                                                            PersonNameToken.person), limit)
    else:
        query = matching(words[0])
        for word in words[1:]:
            query = query & matching(word)  # INTERSECT: distinct, both backends
        first = list(query.order_by(SQL("1"), SQL("2")).limit(limit).tuples())
    if not first:
        return []
    people = {p.id: p for p in Person.select(*_HIT).where(
        Person.id.in_([person_id for _, person_id in first]))}
    return [_person_hit(people[person_id], "person", "Nome") for _, person_id in first]


def _first_distinct(query, limit: int) -> list[tuple]:
    """The first `limit` distinct rows of an ordered query. Not DISTINCT in SQL: that makes
    PostgreSQL hash every match of a short prefix before it sorts (20,000 index entries for
    'ma' at 100,000 holders); a plain ORDER BY ... LIMIT keeps only the top rows as it reads.
    A person whose name has two words with the prefix comes twice, side by side: read more
    until `limit` distinct ones are in, or the matches end."""
    size = 2 * limit
    while True:
        rows = list(query.limit(size).tuples())
        distinct = list(dict.fromkeys(rows))
        if len(distinct) >= limit or len(rows) < size:
            return distinct[:limit]
        size *= 4


def _by_plate(key: str, limit: int) -> list[dict]:
    query = (Vehicle.select(Vehicle.id, Vehicle.plate, Vehicle.plate_original, *_HIT)
             .join(Person)
             .where((Vehicle.plate >= key) & (Vehicle.plate < prefix_upper_bound(key)))
             .order_by(Vehicle.plate).limit(limit))
    hits = []
    for vehicle in query:
        hit = _person_hit(vehicle.owner, "vehicle", f"Placa {vehicle.plate_original}")
        hit.update(vehicle_id=vehicle.id, plate=vehicle.plate_original)
        hits.append(hit)
    return hits


def _by_renavam(digits: str) -> list[dict]:
    vehicle = Vehicle.get_or_none(Vehicle.renavam == digits)
    if vehicle is None:
        return []
    hit = _person_hit(vehicle.owner, "vehicle", f"RENAVAM {digits}")
    hit.update(vehicle_id=vehicle.id, plate=vehicle.plate_original)
    return [hit]


def _by_permit(number: int) -> list[dict]:
    permit = Permit.select(Permit.id, Permit.order_number, Permit.status, *_HIT).join(
        Person).where(
        Permit.order_number == number).first()
    if permit is None:
        return []
    hit = _person_hit(permit.holder, "permit", f"Permissão nº {lookup.permit_number(permit)}")
    hit.update(permit_id=permit.id, status=permit.status)
    return [hit]


def _by_protocol(year: int, seq: int) -> list[dict]:
    app = Application.select(Application.id, Application.status, *_HIT).join(Person).where(
        (Application.protocol_year == year) & (Application.protocol_seq == seq)).first()
    if app is None:
        return []
    hit = _person_hit(app.person, "application", f"Protocolo {year}/{seq:06d}")
    hit.update(application_id=app.id, status=app.status)
    return [hit]


def search(text: str, limit: int = 20, *, actor: Actor | None = None) -> list[dict]:
    """Matches for what was typed, most specific first; [] for nothing usable. A role that
    does not need the full CPF (LGPD: a fiscal) gets it masked like the card shows it."""
    query = " ".join(str(text or "").split())[:MAX_QUERY]
    if not query:
        return []
    hits: list[dict] = []
    protocol = _PROTOCOL.match(query)
    if protocol:
        hits += _by_protocol(int(protocol.group(1)), int(protocol.group(2)))
    digits = _NUMBER_MASK.sub("", query)
    if digits.isascii() and digits.isdigit():
        if len(digits) <= 6:
            hits += _by_permit(int(digits))
        if len(digits) == 11:
            hits += _by_renavam(digits)
        if 3 <= len(digits) <= 11:
            hits += _by_cpf_prefix(digits, limit)
    plate_key = validators.plate_search_key(query)
    if plate_key:
        hits += _by_plate(plate_key, limit)
    words = [w for w in fold(query).split() if not w.isdigit()]
    if words and any(len(w) >= 2 for w in words):
        hits += _by_name([w for w in words if len(w) >= 2] or words, limit)
    seen, unique = set(), []
    for hit in hits:
        key = (hit["kind"], hit["person_id"], hit.get("vehicle_id"), hit.get("permit_id"),
               hit.get("application_id"))
        if key not in seen:
            seen.add(key)
            unique.append(hit)
    unique = unique[:limit]
    if actor is not None and not permissions.can(actor, "person.view_cpf"):
        for hit in unique:
            full = hit["cpf"]
            hit["cpf"] = validators.mask_cpf(re.sub(r"\D", "", full))
            hit["matched"] = hit["matched"].replace(full, hit["cpf"])
    return unique


def register_offer(text: str) -> dict | None:
    """What a search with no hit offers to register (issue 36 item 2): a whole valid CPF →
    a person with that CPF; a whole plate → a vehicle with that plate; words → a person
    with that name; None for anything else (a protocol, a permit number, a partial CPF)."""
    query = " ".join(str(text or "").split())[:MAX_QUERY]
    digits = _NUMBER_MASK.sub("", query)
    if len(digits) == 11 and digits.isascii() and digits.isdigit():
        try:
            return {"kind": "person", "cpf": validators.cpf(digits), "name": "",
                    "text": f"CPF {validators.format_cpf(digits)}"}
        except ValidationError:
            return None
    try:
        _key, original = validators.plate(query)
        return {"kind": "vehicle", "plate": original, "text": f"placa {original}"}
    except ValidationError:
        pass
    if len(query) >= 3 and all(c.isalpha() or c in " '-." for c in query):
        return {"kind": "person", "cpf": "", "name": query, "text": query}
    return None


def index_person_name(person: Person) -> None:
    """Refresh a person's name tokens (call inside the transaction that saves the name)."""
    PersonNameToken.delete().where(PersonNameToken.person == person.id).execute()
    rows = [{"person": person.id, "token": t, "name_folded": person.name_folded}
            for t in name_tokens(person.name)]
    if rows:
        PersonNameToken.insert_many(rows).execute()

