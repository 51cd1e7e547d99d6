"""Is every record whole? The checks the crash test runs after each kill, usable on a real
database too (`mototaxi-desk check`): the file itself, the records one action writes together,
the gap-free numbers, the audit hash chain, the rows its entries seal and the signed
checkpoint of its head (issue 18: edits made outside the program). Each check returns
problems in Portuguese; an empty list means sound."""
from __future__ import annotations

from collections import Counter, defaultdict

import peewee as pw

from ...store.connection import is_postgres
from ...store.scan import plain_rows
from ...store.models import (DB, Application, ApplicationChecklistItem, ApplicationStatusChange,
                             AuditLog, Guia, Inspection, InfractionNotice, PenaltyCharge, Permit,
                             PermitHistory, Sequence, Sticker)
from ...domain.errors import DomainError
from ...domain.permit_status import PermitAction
from . import audit_walk, keys
from .. import setup

EXAMPLES = 5  # ids named per problem; the count says how many in all
CHECK_CACHE_KIB = 256 * 1024  # SQLite's page cache while integrity_check runs


def trust_problems(*, restoring: bool = False) -> list[str]:
    """The checks that say whether a database can be trusted at all: its rules load, its
    signing keys are trusted here, its audit chain links and agrees with the signed
    checkpoints. A backup failing one of these is never restored. restoring=True: an older
    copy legitimately ends before the newest checkpoint (only the checkpoints it reaches
    must agree)."""
    from . import checkpoints
    problems = profile_problems()
    problems += key_problems()
    walked = audit_walk.walk(seals=True)
    problems += audit_problems(walked)
    problems += checkpoints.problems(restoring=restoring)
    problems += audit_walk.seal_problems(walked=walked)
    return problems


def consistency_problems() -> list[str]:
    """Records that should have been written together and were not (a history line, an
    audit entry of a filing, a gap in the numbers): for `check`, and as warnings on a
    restore (a copy is still the best a município may have)."""
    problems = []
    for part in (application_problems, permit_problems, notice_problems, sticker_problems,
                 number_problems):
        problems += part()
    return problems


def check(*, file_check: bool = True) -> list[str]:
    """Every problem found (empty: all sound). file_check=False skips SQLite's page-level
    integrity_check, the slow part on a large file. On a large register the file and the
    seals are checked beside the rest, on the other core (services/trust/check_beside.py)."""
    from . import check_beside, checkpoints
    file_check = file_check and not is_postgres()
    beside: dict[str, check_beside.Beside] = {}
    try:
        if check_beside.worth_it():
            if file_check:
                beside["file"] = check_beside.Beside(file_problems)
            beside["seals"] = check_beside.Beside(check_beside.seal_problems_in_child,
                                                   reads=False)
        problems = profile_problems()
        rules = bool(problems)
        # the log read once: the chain, the seals (unless beside) and the audit entries the
        # parts look for
        sealed_here = "seals" not in beside
        walked = audit_walk.walk(seals=sealed_here, audited=AUDITED)
        for part in (application_problems, permit_problems, notice_problems,
                     sticker_problems):
            if rules and part in (application_problems, notice_problems):
                continue  # they read the rules, which cannot be trusted
            problems += part(walked)
        problems += number_problems() + key_problems()
        problems += audit_problems(walked) + checkpoints.problems()
        seals = None if sealed_here else beside.pop("seals").result()
        if seals is None:  # here: with the walk's seals, or after a child that failed
            seals = audit_walk.seal_problems(walked=walked if sealed_here else None)
        if "file" in beside:
            files = beside.pop("file").result()
        else:
            files = file_problems() if file_check else []
        return files + problems + seals
    finally:
        for job in beside.values():  # left by an error: stopped, nobody waits for them
            job.stop()


def quick_problems() -> list[str]:
    """What the program checks at start for the administrator (in the background): the audit
    chain, its signed checkpoint and the sealed rows."""
    walked = audit_walk.walk(seals=True)
    return audit_problems(walked) + tamper_problems(walked)


def tamper_problems(walked: dict | None = None) -> list[str]:
    """Rows edited outside the program (their audit seals differ) and a chain shorter than
    its signed checkpoint (services/trust/checkpoints.py). `walked`: audit_walk.walk(seals=True)
    already made."""
    from . import checkpoints
    return checkpoints.problems() + audit_walk.seal_problems(walked=walked)


def profile_problems() -> list[str]:
    """The profile versions are whole (each text matches its SHA-256 and loads) and every
    notice finds its infraction and penalty class in the version in force on its date."""
    import datetime as dt

    from ...domain import profiles
    from ...domain.errors import ProfileError
    from ...store.models import ProfileVersion
    problems, by_hash = [], {}
    versions = list(ProfileVersion.select().order_by(ProfileVersion.effective_from,
                                                     ProfileVersion.number))
    if not versions:
        return ["Nenhuma versão do perfil de regras no banco."] \
            if setup.is_initialised() else []
    for v in versions:
        if profiles.text_hash(v.text) != v.sha256:
            problems.append(f"Versão {v.number} do perfil de regras alterada fora do programa "
                            "(o SHA-256 do texto não confere).")
            continue
        try:
            by_hash[v.number] = profiles.profile_from_text(v.text, f"{v.profile_id}.toml")
        except ProfileError as exc:
            problems.append(f"Versão {v.number} do perfil de regras não carrega: "
                            f"{str(exc).splitlines()[0]}")
    if problems:
        return problems

    def codes(rules) -> tuple[frozenset, frozenset]:
        return (frozenset(i.code for i in rules.infractions),
                frozenset(c.code for c in rules.penalties.classes))
    known = {v.number: codes(by_hash[v.number]) for v in versions}
    if len(set(known.values())) == 1:  # the date cannot matter: the database filters
        infractions, classes = next(iter(known.values()))
        N = InfractionNotice
        orphans = [f"{number:05d}/{year}" for year, number in N.select(N.year, N.number).where(
            N.infraction_code.not_in(sorted(infractions)) | N.class_code.not_in(sorted(classes))
            | N.infraction_code.is_null() | N.class_code.is_null()).tuples()]
        return _named(orphans, ORPHANS)

    def in_force(day: dt.date) -> tuple[frozenset, frozenset]:
        """The infraction and class codes of the version in force on the day."""
        chosen = versions[0]
        for v in versions:
            if v.effective_from <= day:
                chosen = v
        return known[chosen.number]
    codes_on: dict[dt.date, tuple[frozenset, frozenset]] = {}  # a few days, a million notices
    orphans = []
    for year, number, code, klass, occurred in InfractionNotice.select(
            InfractionNotice.year, InfractionNotice.number, InfractionNotice.infraction_code,
            InfractionNotice.class_code, InfractionNotice.occurred_at).tuples():
        day = (occurred.date() if isinstance(occurred, dt.datetime)
               else dt.date.fromisoformat(str(occurred)[:10]))
        found = codes_on.get(day)
        if found is None:
            found = codes_on[day] = in_force(day)
        if code not in found[0] or klass not in found[1]:
            orphans.append(f"{number:05d}/{year}")
    return _named(orphans, ORPHANS)


ORPHANS = "auto(s) de infração sem a infração ou a classe no perfil em vigor na data da infração"


def _named(ids: list, what: str) -> list[str]:
    if not ids:
        return []
    shown = ", ".join(str(i) for i in sorted(ids)[:EXAMPLES])
    more = f" e mais {len(ids) - EXAMPLES}" if len(ids) > EXAMPLES else ""
    return [f"{len(ids)} {what}: nº {shown}{more}."]


def file_problems() -> list[str]:
    """SQLite: the pages and indexes (integrity_check) and the foreign keys."""
    db = DB.obj
    cache = db.execute_sql("PRAGMA cache_size").fetchone()[0]
    # both look every row up in indexes: with the default 8 MiB of pages those lookups
    # reread from the file what they just read (1M notices: 39 -> 35 s for integrity_check)
    db.execute_sql(f"PRAGMA cache_size = -{CHECK_CACHE_KIB}")
    try:
        rows = [r[0] for r in db.execute_sql("PRAGMA integrity_check").fetchall()]
        dangling = db.execute_sql("PRAGMA foreign_key_check").fetchall()
    finally:
        db.execute_sql(f"PRAGMA cache_size = {int(cache)}")
    problems = [] if rows == ["ok"] else [f"Arquivo danificado (integrity_check): {r}"
                                          for r in rows[:EXAMPLES]]
    if dangling:
        tables = sorted({r[0] for r in dangling})
        problems.append(f"{len(dangling)} registro(s) apontam para registros que não existem "
                        f"(tabelas: {', '.join(tables)}).")
    return problems


# the audit entries that show a record was made through the program: (actions, entity)
FILED = (("application.file", "import.create"), "application")
IMPORTED = (("import.create",), "application")  # no checklist: filed elsewhere
GRANTED = (("permit.grant", "import.create"), "permit")
RECORDED = (("notice.record",), "infraction_notice")
ISSUED = (("sticker.issue", "sticker.reissue"), "sticker")
AUDITED = [(action, entity) for actions, entity in (FILED, IMPORTED, GRANTED, RECORDED, ISSUED)
           for action in actions]


def _audited(kind: tuple[tuple[str, ...], str], walked: dict | None) -> set[str]:
    """The ids of the entities audited by those actions: from the walk over the log when
    `check` made one (audit_walk.walk(audited=AUDITED)), else by a query."""
    action_names, entity = kind
    if walked is not None:
        return set().union(*(walked["audited"][(a, entity)] for a in action_names))
    return {e for (e,) in AuditLog.select(AuditLog.entity_id).where(
        AuditLog.action.in_(action_names) & (AuditLog.entity == entity)).tuples()}


def application_problems(walked: dict | None = None) -> list[str]:
    """Each application has its checklist (when its type has one), its first status line, a
    status equal to its last status line, and the audit entry of its filing."""
    profile = setup.profile_today()
    with_checklist = {a.type for a in profile.applications if a.checklist}
    items = dict(ApplicationChecklistItem.select(ApplicationChecklistItem.application,
                                                 pw.fn.COUNT(ApplicationChecklistItem.id))
                 .group_by(ApplicationChecklistItem.application).tuples())
    last_change = {}
    for app_id, to_status in plain_rows(ApplicationStatusChange.select(
            ApplicationStatusChange.application, ApplicationStatusChange.to_status)
            .order_by(ApplicationStatusChange.id)):
        last_change[app_id] = to_status
    filed = _audited(FILED, walked)
    imported = _audited(IMPORTED, walked)
    no_checklist, no_history, wrong_status, unaudited = [], [], [], []
    for app_id, app_type, status in Application.select(
            Application.id, Application.type, Application.status).tuples():
        if app_type in with_checklist and not items.get(app_id) and str(app_id) not in imported:
            no_checklist.append(app_id)
        if app_id not in last_change:
            no_history.append(app_id)
        elif last_change[app_id] != status:
            wrong_status.append(app_id)
        if str(app_id) not in filed:
            unaudited.append(app_id)
    return (_named(no_checklist, "requerimento(s) sem a lista de documentos")
            + _named(no_history, "requerimento(s) sem o histórico de situação")
            + _named(wrong_status, "requerimento(s) cuja situação difere do último histórico")
            + _named(unaudited, "requerimento(s) sem o registro de auditoria do protocolo"))


def permit_problems(walked: dict | None = None) -> list[str]:
    """Each permit has its history, starting with the grant, ending in its current status,
    and the audit entry of its grant."""
    first, last = {}, {}
    for permit_id, action, to_status in plain_rows(PermitHistory.select(
            PermitHistory.permit, PermitHistory.action, PermitHistory.to_status)
            .order_by(PermitHistory.id)):
        first.setdefault(permit_id, action)
        last[permit_id] = to_status
    granted = _audited(GRANTED, walked)
    no_history, wrong_status, unaudited = [], [], []
    for permit_id, status in Permit.select(Permit.id, Permit.status).tuples():
        if first.get(permit_id) != PermitAction.GRANT:
            no_history.append(permit_id)
        elif last[permit_id] != status:
            wrong_status.append(permit_id)
        if str(permit_id) not in granted:
            unaudited.append(permit_id)
    return (_named(no_history, "permissão(ões) sem o histórico da outorga")
            + _named(wrong_status, "permissão(ões) cuja situação difere do último histórico")
            + _named(unaudited, "permissão(ões) sem o registro de auditoria da outorga"))


def notice_problems(walked: dict | None = None) -> list[str]:
    """Each notice with a fine has its fine charge (open, paid, or voided with the notice),
    and the audit entry of its recording."""
    fines = defaultdict(list)
    for notice_id, status in plain_rows(PenaltyCharge.select(
            PenaltyCharge.notice, PenaltyCharge.status).where(PenaltyCharge.kind == "fine")):
        fines[notice_id].append(status)
    recorded = _audited(RECORDED, walked)
    no_fine, open_on_void, unaudited = [], [], []
    for notice_id, fine_cents, status in plain_rows(InfractionNotice.select(
            InfractionNotice.id, InfractionNotice.fine_cents, InfractionNotice.status)):
        if fine_cents and not fines.get(notice_id):
            no_fine.append(notice_id)
        if status == "voided" and "open" in fines.get(notice_id, []):
            open_on_void.append(notice_id)
        if str(notice_id) not in recorded:
            unaudited.append(notice_id)
    return (_named(no_fine, "auto(s) de infração com multa sem o lançamento da multa")
            + _named(open_on_void, "auto(s) anulado(s) com a multa ainda em aberto")
            + _named(unaudited, "auto(s) de infração sem o registro de auditoria"))


def sticker_problems(walked: dict | None = None) -> list[str]:
    """Each sticker belongs to an inspection and was audited when issued; each inspection
    names a sticker that exists and is its own."""
    stickers = {serial: (sid, inspection_id) for sid, serial, inspection_id in Sticker.select(
        Sticker.id, Sticker.serial, Sticker.inspection).tuples()}
    issued = _audited(ISSUED, walked)
    orphan = [sid for sid, inspection_id in stickers.values() if inspection_id is None]
    unaudited = [sid for sid, _ in stickers.values() if str(sid) not in issued]
    missing = [iid for iid, serial in Inspection.select(Inspection.id, Inspection.sticker_serial)
               .where(Inspection.sticker_serial.is_null(False)).tuples()
               if stickers.get(serial, (None, None))[1] != iid]
    return (_named(orphan, "selo(s) sem vistoria")
            + _named(unaudited, "selo(s) sem o registro de auditoria da emissão")
            + _named(missing, "vistoria(s) com selo inexistente ou de outra vistoria"))


def _numbers_used() -> dict[tuple[str, int], list[int]]:
    used = defaultdict(list)
    for year, seq in Application.select(Application.protocol_year,
                                        Application.protocol_seq).tuples():
        used[("protocol", year)].append(seq)
    for (number,) in Permit.select(Permit.order_number).tuples():
        used[("permit_order", 0)].append(number)
    for (serial,) in Sticker.select(Sticker.serial).tuples():
        year, _, number = serial.partition("-")
        used[("sticker", int(year))].append(int(number))
    for year, number in plain_rows(InfractionNotice.select(InfractionNotice.year,
                                                           InfractionNotice.number)):
        used[("infraction_notice", year)].append(number)
    for year, number in Guia.select(Guia.year, Guia.number).tuples():
        used[("guia", year)].append(number)
    return used


LABELS = {"protocol": "protocolos", "permit_order": "números de ordem de permissão",
          "sticker": "selos de vistoria", "infraction_notice": "autos de infração",
          "guia": "guias de recolhimento"}


def number_problems() -> list[str]:
    """Protocols, permit order numbers, sticker serials and notice numbers run 1..last given,
    with no gap and no repeat: a record is never deleted, so a gap is a lost record."""
    given = {(name, year): last for name, year, last in Sequence.select(
        Sequence.name, Sequence.year, Sequence.last_value).tuples()}
    used = _numbers_used()
    from ..exchange.importing import imported_floors
    floors = imported_floors()  # numbers given by the register kept before the program
    problems = []
    for key in sorted(set(given) | set(used)):
        name, year = key
        numbers = used.get(key, [])
        last = given.get(key, 0)
        label = LABELS.get(name, name) + (f" de {year}" if year else "")
        missing = sorted(set(range(floors.get(key, 0) + 1, last + 1)) - set(numbers))
        beyond = sorted({n for n in numbers if n > last or n < 1})
        repeated = sorted(n for n, times in Counter(numbers).items() if times > 1)
        for what, values in (("faltam", missing), ("além do último número dado", beyond),
                             ("repetidos", repeated)):
            if values:
                shown = ", ".join(map(str, values[:EXAMPLES]))
                problems.append(f"{label}: {what} {len(values)} número(s) ({shown}"
                                f"{'…' if len(values) > EXAMPLES else ''}).")
    return problems


def key_problems() -> list[str]:
    """Signing keys in the database that this station does not trust (services/trust/keys.py):
    a key added or replaced by a write to the database alone; and keys this station trusts
    that the database lacks (a key row deleted: the documents it signed are refused). A
    station without trusted keys at all cannot judge (verification tells it how to install
    them)."""
    try:
        untrusted, missing = keys.untrusted_refs(), keys.missing_refs()
    except DomainError:
        return []
    return [f"Chave de assinatura {ref} está no banco de dados mas não é confiável nesta "
            "estação (não consta do arquivo de chaves confiáveis): documentos assinados com "
            "ela são recusados." for ref in untrusted] + [
        f"Chave de assinatura {ref} é confiável nesta estação mas não está no banco de dados "
        "(apagada do banco, ou este não é o banco do município): documentos assinados com ela "
        "são recusados." for ref in missing]


def audit_problems(walked: dict | None = None) -> list[str]:
    """The first broken link of the audit chain. `walked`: an audit_walk.walk() made."""
    result = (walked or audit_walk.walk())["chain"]
    if result["ok"]:
        return []
    broken = result["broken"]
    return [f"Trilha de auditoria quebrada no registro nº {broken['id']} "
            f"({broken['at_text']}, {broken['action']}): {broken['problem']}."]
