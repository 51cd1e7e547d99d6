"""The rules in force come from the database, not from a file: each wording of the município's
profile the admin adopted is kept whole (text and SHA-256) with its effective date, so every
counter on a shared PostgreSQL database reads the same rules, a program upgrade or a lost
file changes nothing, and an act is judged by the wording in force on its date (a notice by
its infraction date, a vehicle by its registration date...).

`setup.profile(on=D)` is the one question the rest of the code asks; this module answers it
and adopts new wordings (`mototaxi-desk profiles adopt FILE --from DATA`, admin, audited).
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path

from ... import profile_files
from ...domain import profile_diff, profile_upgrades, profiles
from ...domain import validators
from ...domain.profile_formats import CURRENT
from ...domain.validators import format_date
from ...domain.errors import DomainError, ProfileError, RuleRefusal
from ...store.connection import write_transaction
from ...store.models import Fee, InfractionNotice, ProfileVersion
from .. import audit, permissions
from ..context import Actor
from ...domain import wallclock

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
    from ...store.reading import remembered
    return remembered("profile_heads", _read_heads)  # once per prontuário opened


def _read_heads() -> tuple[list[VersionHead], str | None]:
    from ...store.models import DB
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
    from ...store.models import User
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


def read_candidate(path) -> profile_files.Candidate:
    """A wording's file, loaded (upgraded from an earlier format, with its notices);
    ProfileError naming every problem, or the file not found."""
    candidate = profile_files.read(Path(path))
    if candidate.text is None and not Path(path).exists():
        raise ProfileError(f"Arquivo de perfil não encontrado: {path}")
    if candidate.error:
        raise ProfileError(candidate.error)
    return candidate


def _latest(heads: list[VersionHead]) -> VersionHead:
    """The version a new one follows: the latest in effect (a scheduled one included)."""
    return max(heads, key=lambda h: (h.effective_from, h.number))


def _check_effective(effective: dt.date, latest: VersionHead) -> None:
    if effective <= latest.effective_from:
        raise RuleRefusal(
            f"A nova versão precisa vigorar depois da versão {latest.number} "
            f"(em vigor desde {_since(latest.effective_from)}); informe uma data posterior.")


def _check_wording(candidate: profile_files.Candidate, latest: VersionHead,
                   replaces_law: str | None) -> None:
    """What refuses a wording whatever its date: another law's file (unless the admin
    names the law it replaces), the same text as the version it follows, a wording that
    would orphan records (named), or one the município's edited numbers do not fit."""
    if candidate.id != latest.profile_id and replaces_law != latest.profile_id:
        current = _profile(latest).profile
        raise RuleRefusal(
            f"O arquivo {candidate.location} é de outra lei: {candidate.profile.profile.law} "
            f"(perfil {candidate.id}); a lei em vigor é {current.law} (perfil "
            f"{latest.profile_id}). Uma nova versão é uma nova redação da mesma lei; nada foi "
            "adotado. Se a nova lei substitui a anterior, o administrador a adota pelo comando "
            f"'mototaxi-desk profiles adopt ARQUIVO --from DATA --replaces-law "
            f"{latest.profile_id}', que nomeia a lei substituída.")
    if candidate.sha256 == latest.sha256:
        raise RuleRefusal(f"Este texto é igual ao da versão em vigor (versão "
                          f"{latest.number}); nada foi adotado.")
    lost = orphans(candidate.profile)
    if lost:
        shown = "; ".join(lost[:MAX_NAMED])
        more = f"; e mais {len(lost) - MAX_NAMED}" if len(lost) > MAX_NAMED else ""
        raise RuleRefusal(
            f"O perfil {candidate.location} tira do catálogo regras usadas por "
            f"{len(lost)} registro(s): {shown}{more}. Mantenha esses códigos no arquivo "
            "(uma regra revogada continua no catálogo para os atos que a usaram).")
    check_overrides_fit(candidate.profile)


def latest_version(heads: list[VersionHead] | None = None) -> dict:
    """The version a new wording would follow (the latest, scheduled or in force), with its
    law's name, and the first day a new one may take effect on."""
    latest = _latest(_heads() if heads is None else heads)
    law = _profile(latest).profile
    return {**_head_dict(latest), "since": _since(latest.effective_from), "law": law.law,
            "name": law.name, "earliest": latest.effective_from + dt.timedelta(days=1)}


def compare(candidate: profile_files.Candidate, heads: list[VersionHead] | None = None
            ) -> dict:
    """What a wording changes against the version it would follow (the latest): that
    version, and every change in the law's words with the article it cites (plain data;
    domain/profile_diff.py). A key the município edited keeps the município's value."""
    heads = _heads() if heads is None else heads
    current = _profile(_latest(heads))
    edited = json.loads(heads_and_overrides()[1] or "{}")
    kept = profiles.apply_overrides(current, edited)  # the numbers the município runs on
    changes = []
    for change in profile_diff.compare(current, candidate.profile):
        if change.key in edited:
            section, _, name = change.key.partition(".")
            value = profile_diff.value_text(getattr(getattr(kept, section), name), change.key,
                                            kept.fiscal_unit)
            change = dataclasses.replace(change, note="; ".join(filter(None, (
                change.note, f"o município alterou este número para {value}: esse valor "
                             "continua valendo"))))
        changes.append({**dataclasses.asdict(change), "kind_text": change.kind_text,
                        "text": str(change)})
    return {"follows": latest_version(heads), "changes": changes}


def preview(actor: Actor, path, effective_from=None, *,
            replaces_law: str | None = None) -> dict:
    """What adopting the file at `path` would do, without writing anything (admin): the
    same refusals as `adopt` (the date's only when one is given), the upgrade's notices
    and what changes against the version it would follow."""
    permissions.require(actor, "settings.profile_adopt")
    effective = (validators.parse_date(effective_from, "Data de vigência")
                 if effective_from not in (None, "") else None)
    candidate = read_candidate(path)
    heads = _heads()
    latest = _latest(heads)
    if effective is not None:
        _check_effective(effective, latest)
    _check_wording(candidate, latest, replaces_law)
    return {"file": candidate.location, "profile_id": candidate.id,
            "name": candidate.profile.profile.name, "law": candidate.profile.profile.law,
            "sha256": candidate.sha256, "notices": list(candidate.notices),
            "number": max(h.number for h in heads) + 1, "effective_from": effective,
            **compare(candidate, heads)}


def check_effective_date(effective_from) -> dt.date:
    """A date a new version may take effect on (after the latest version's), or the
    refusal the adoption would give: for a form to refuse it as soon as it is typed."""
    effective = validators.parse_date(effective_from, "Data de vigência")
    _check_effective(effective, _latest(_heads()))
    return effective


def adopt(actor: Actor, path, effective_from, *, on: dt.date | None = None,
          replaces_law: str | None = None) -> dict:
    """Adopt the profile file at `path` as a new version in force from `effective_from`
    (admin, audited). Refused: a file that does not load (every problem named), another
    law's file unless `replaces_law` names the law in force (issue 37), the same text as
    the version it would follow, a date not after the latest version's, a wording that
    would orphan records (named), or one the município's edited numbers do not fit."""
    permissions.require(actor, "settings.profile_adopt")
    effective = validators.parse_date(effective_from, "Data de vigência")
    candidate = read_candidate(path)
    with write_transaction():
        heads = _heads()
        latest = _latest(heads)
        _check_effective(effective, latest)
        _check_wording(candidate, latest, replaces_law)
        changes = compare(candidate, heads)["changes"]
        row = ProfileVersion.create(number=max(h.number for h in heads) + 1,
                                    profile_id=candidate.id, effective_from=effective,
                                    text=candidate.text, sha256=candidate.sha256,
                                    source=candidate.location, adopted_by=actor.user_id)
        audit.record(actor, "profile.adopt", "profile_version", row.id,
                     before=_head_dict(latest), after=_audit_view(row))
    return {**_audit_view(row), "name": candidate.profile.profile.name,
            "notices": list(candidate.notices), "changes": changes}


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
