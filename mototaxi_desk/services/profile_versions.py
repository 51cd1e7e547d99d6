"""The rules in force come from the database, not from a file: each wording of the município's
profile the admin adopted is kept whole (text and SHA-256) with its effective date, so every
counter on a shared PostgreSQL database reads the same rules, a program upgrade or a lost
file changes nothing, and an act is judged by the wording in force on its date (a notice by
its infraction date, a vehicle by its registration date...).

`setup.profile(on=D)` is the one question the rest of the code asks; this module answers it
and adopts new wordings (`mototaxi-desk profiles adopt FILE --from DATA`, admin, audited).
"""
from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path

from .. import profile_files
from ..domain import profile_upgrades, profiles
from ..domain import validators
from ..domain.profile_formats import CURRENT
from ..domain.validators import format_date
from ..domain.errors import DomainError, ProfileError, RuleRefusal
from ..store.connection import write_transaction
from ..store.models import Fee, InfractionNotice, ProfileVersion
from . import audit, permissions
from .context import Actor
from ..domain import wallclock

MAX_NAMED = 10  # records named in a refusal; the rest are counted


@dataclass(frozen=True)
class VersionHead:
    """A version without its text (what the date lookup needs)."""
    id: int
    number: int
    profile_id: str
    effective_from: dt.date
    sha256: str


# The version list and the município's edited numbers in one plain statement: asked before
# almost every action (setup.profile), so no query building (peewee's is most of the cost)
# and no cache that could miss a version another counter just adopted.
_HEADS_SQL = ('SELECT v.id, v.number, v.profile_id, v.effective_from, v.sha256, s.overrides '
              'FROM profile_version v CROSS JOIN (SELECT overrides FROM municipio_settings '
              'ORDER BY id LIMIT 1) s ORDER BY v.effective_from, v.number')


def heads_and_overrides() -> tuple[list[VersionHead], str | None]:
    """Every version (without its text), oldest first, and the settings' overrides JSON."""
    from ..store.models import DB
    rows = DB.obj.execute_sql(_HEADS_SQL).fetchall()
    heads = [VersionHead(row[0], row[1], row[2], _as_date(row[3]), row[4]) for row in rows]
    return heads, (rows[0][5] if rows else None)


def _as_date(value) -> dt.date:
    return value if isinstance(value, dt.date) else dt.date.fromisoformat(str(value)[:10])


def _heads() -> list[VersionHead]:
    return heads_and_overrides()[0]


def _pick(heads: list[VersionHead], on: dt.date) -> VersionHead:
    """The version in force on a date: the latest effective on or before it (the first one
    for a date before every version)."""
    if not heads:
        raise DomainError("Banco de dados sem perfil de regras: execute 'mototaxi-desk init' "
                          "primeiro.")
    chosen = heads[0]
    for head in heads:
        if head.effective_from <= on:
            chosen = head
    return chosen


_parsed: dict[str, profiles.RuleProfile] = {}  # sha256 → profile (texts never change)


def _profile(head: VersionHead) -> profiles.RuleProfile:
    cached = _parsed.get(head.sha256)
    if cached is None:
        text = ProfileVersion.get_by_id(head.id).text
        if profiles.text_hash(text) != head.sha256:
            raise ProfileError(
                f"A versão {head.number} do perfil de regras guardada no banco foi alterada "
                "fora do programa (o hash SHA-256 do texto não confere). Restaure uma cópia "
                "de segurança ('mototaxi-desk restore') ou fale com o suporte.")
        cached = _parsed[head.sha256] = profiles.parse_profile_text(
            text, f"{head.profile_id}.toml (versão {head.number} no banco)")
    return cached


def profile_on(on: dt.date) -> profiles.RuleProfile:
    """The profile (as the law has it, without the município's edited numbers) in force on a
    date. setup.profile(on=...) adds those numbers; call that."""
    return _profile(_pick(_heads(), on))


def resolver(heads: list[VersionHead] | None = None):
    """date → profile in force, reading the version list once (for many acts at a time)."""
    heads = _heads() if heads is None else heads
    return lambda on: _profile(_pick(heads, on))


def version_on(on: dt.date) -> dict:
    return _head_dict(_pick(_heads(), on))


def text_of(number: int) -> str:
    """The text of the adopted version with this number."""
    return ProfileVersion.get(ProfileVersion.number == number).text


def _head_dict(head: VersionHead) -> dict:
    return {"number": head.number, "profile_id": head.profile_id,
            "effective_from": head.effective_from, "sha256": head.sha256}


def versions() -> list[dict]:
    """Every version, oldest first, with who adopted it."""
    rows = (ProfileVersion.select(ProfileVersion.number, ProfileVersion.profile_id,
                                  ProfileVersion.effective_from, ProfileVersion.sha256,
                                  ProfileVersion.source, ProfileVersion.adopted_at,
                                  ProfileVersion.adopted_by, ProfileVersion.text)
            .order_by(ProfileVersion.effective_from, ProfileVersion.number))
    from ..store.models import User
    logins = dict(User.select(User.id, User.login).tuples())
    result = []
    for r in rows:
        written_for = profile_upgrades.text_format(r.text)
        result.append({"number": r.number, "profile_id": r.profile_id,
                       "effective_from": r.effective_from, "sha256": r.sha256,
                       "source": r.source, "adopted_at": r.adopted_at,
                       "adopted_by": logins.get(r.adopted_by_id, "sistema"),
                       # the text stays as adopted; an earlier format is upgraded when read
                       "format": written_for,
                       "upgraded": written_for is not None and written_for < CURRENT})
    return result


def record_first(actor: Actor, candidate: profile_files.Candidate) -> ProfileVersion:
    """Version 1, at `init` (inside its transaction): in force for every date."""
    row = ProfileVersion.create(number=1, profile_id=candidate.id,
                                effective_from=profiles.EARLIEST, text=candidate.text,
                                sha256=candidate.sha256, source=candidate.location,
                                adopted_by=actor.user_id)
    audit.record(actor, "profile.adopt", "profile_version", row.id, after=_audit_view(row))
    return row


def _audit_view(row: ProfileVersion) -> dict:
    return {"number": row.number, "profile_id": row.profile_id,
            "effective_from": row.effective_from, "sha256": row.sha256, "source": row.source}


def orphans(new: profiles.RuleProfile) -> list[str]:
    """The records a wording would leave without their rule: notices whose infraction or
    penalty class it lacks, open fees whose fee it lacks. Empty when it orphans nothing."""
    infractions = {i.code for i in new.infractions}
    classes = {c.code for c in new.penalties.classes}
    found = []
    for notice in (InfractionNotice.select(InfractionNotice.year, InfractionNotice.number,
                                           InfractionNotice.infraction_code,
                                           InfractionNotice.class_code)
                   .order_by(InfractionNotice.year, InfractionNotice.number)):
        number = f"{notice.number:05d}/{notice.year}"
        if notice.infraction_code not in infractions:
            found.append(f"auto de infração nº {number} (infração '{notice.infraction_code}')")
        elif notice.class_code not in classes:
            found.append(f"auto de infração nº {number} (classe '{notice.class_code}')")
    for fee in Fee.select(Fee.id, Fee.code).where(Fee.status == "open").order_by(Fee.id):
        if fee.code not in new.fees:
            found.append(f"taxa em aberto nº {fee.id} (taxa '{fee.code}')")
    return found


def check_overrides_fit(new: profiles.RuleProfile) -> None:
    """A new wording must accept the numbers the município edited (refused otherwise)."""
    profiles.apply_overrides(new, json.loads(heads_and_overrides()[1] or "{}"))


def adopt(actor: Actor, path, effective_from, *, on: dt.date | None = None) -> dict:
    """Adopt the profile file at `path` as a new version in force from `effective_from`
    (admin, audited). Refused: a file that does not load (every problem named), the same
    text as the version it would follow, a date not after the latest version's, a wording
    that would orphan records (named), or one the município's edited numbers do not fit."""
    permissions.require(actor, "settings.profile_adopt")
    effective = validators.parse_date(effective_from, "Data de vigência")
    candidate = profile_files.read(Path(path))
    if candidate.text is None and not Path(path).exists():
        raise ProfileError(f"Arquivo de perfil não encontrado: {path}")
    if candidate.error:
        raise ProfileError(candidate.error)
    with write_transaction():
        heads = _heads()
        latest = max(heads, key=lambda h: (h.effective_from, h.number))
        if effective <= latest.effective_from:
            raise RuleRefusal(
                f"A nova versão precisa vigorar depois da versão {latest.number} "
                f"(em vigor desde {_since(latest.effective_from)}); informe uma data posterior.")
        if candidate.sha256 == _pick(heads, effective).sha256:
            raise RuleRefusal("Este texto é igual ao da versão em vigor nessa data; nada foi "
                              "adotado.")
        lost = orphans(candidate.profile)
        if lost:
            shown = "; ".join(lost[:MAX_NAMED])
            more = f"; e mais {len(lost) - MAX_NAMED}" if len(lost) > MAX_NAMED else ""
            raise RuleRefusal(
                f"O perfil {candidate.location} tira do catálogo regras usadas por "
                f"{len(lost)} registro(s): {shown}{more}. Mantenha esses códigos no arquivo "
                "(uma regra revogada continua no catálogo para os atos que a usaram).")
        check_overrides_fit(candidate.profile)
        row = ProfileVersion.create(number=max(h.number for h in heads) + 1,
                                    profile_id=candidate.id, effective_from=effective,
                                    text=candidate.text, sha256=candidate.sha256,
                                    source=candidate.location, adopted_by=actor.user_id)
        audit.record(actor, "profile.adopt", "profile_version", row.id,
                     before=_head_dict(latest), after=_audit_view(row))
    return {**_audit_view(row), "name": candidate.profile.profile.name,
            "notices": list(candidate.notices)}


def _since(day: dt.date) -> str:
    return "a instalação" if day == profiles.EARLIEST else format_date(day)


def status() -> dict:
    """The version in force today, the versions scheduled, and the profile files whose text
    differs from the version of their id in force (noticed, adopted only by an admin)."""
    today = wallclock.today()
    heads = _heads()
    current = _pick(heads, today)
    files = []
    for origin, location, text in profile_files.files_of(current.profile_id):
        sha = profiles.text_hash(text) if text is not None else None
        files.append({"location": location, "origin": origin,
                      "same_as_in_force": sha == current.sha256,
                      "adopted_as": next((h.number for h in heads if h.sha256 == sha), None),
                      "error": None if text is not None else "não foi possível ler"})
    return {"in_force": {**_head_dict(current), "since": _since(current.effective_from)},
            "scheduled": [_head_dict(h) for h in heads if h.effective_from > today],
            "files": files}
