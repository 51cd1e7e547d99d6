"""Schema versions. A new database gets the current schema at once; an older one is brought
up step by step, each step in one transaction, after a copy of the SQLite file is kept.

To change the schema: change models.py, add a step here that brings version N-1 to N with
SchemaMigrator (so it runs on SQLite and PostgreSQL), and raise LATEST. Never edit a step
that has shipped.
"""
from __future__ import annotations

from pathlib import Path

import peewee as pw

from ..domain.audit_chain import GENESIS, entry_hash
from ..domain.search_terms import name_tokens
from .connection import StoreError
from . import models as m
from . import seals  # noqa: F401 - loads the check of a sealed row before its save
from . import schema_history
from .models import DB, MODELS, Person, PersonNameToken, SchemaVersion
from ..domain import wallclock


class SchemaMigrator:
    """playhouse.migrate's, loaded when a step runs: opening an up-to-date database (every
    start) need not import it. Steps use `SchemaMigrator.from_database(db)` and `migrate`."""

    @staticmethod
    def from_database(db: pw.Database):
        from playhouse.migrate import SchemaMigrator as Migrator
        return Migrator.from_database(db)


def migrate(*operations) -> None:
    from playhouse.migrate import migrate as run
    run(*operations)


def _step_2_name_tokens(db: pw.Database) -> None:
    """v2: word index of person names, so search by name fragment uses an index."""
    db.create_tables([PersonNameToken])
    # the table is made as the model is today (name_folded too, a later step fills it)
    rows = [{"person": pid, "token": token, "name_folded": folded}
            for pid, name, folded in Person.select(Person.id, Person.name,
                                                   Person.name_folded).tuples()
            for token in name_tokens(name)]
    for start in range(0, len(rows), 500):
        PersonNameToken.insert_many(rows[start:start + 500]).execute()


def _step_3_licensing(db: pw.Database) -> None:
    """v3: licensing services — permit history, bars, application checklists, auxiliary
    drivers, sticker stock, fees, sequences; new columns on stands, vehicles, permits,
    inspections and the waiting list; one permit per stand place."""
    db.create_tables([m.Sequence, m.PermitHistory, m.PersonBar, m.ApplicationChecklistItem,
                      m.ApplicationStatusChange, m.AuxiliaryDriver, m.Sticker, m.Fee])
    migrator = SchemaMigrator.from_database(db)
    new_columns = {
        m.Stand: ["latitude", "longitude", "extension_point", "max_raised_by_act"],
        m.Vehicle: ["out_of_service", "replacement_declared_on"],
        m.Permit: ["fleet_owner", "status_until", "held_since"],
        m.Inspection: ["recorded_at"],
        m.WaitingListEntry: ["seniority_years", "dependents", "vehicle_condition",
                             "lottery_number", "called_at", "call_deadline", "ended_at"],
    }
    operations = [migrator.add_column(model._meta.table_name, name, model._meta.fields[name])
                  for model, names in new_columns.items() for name in names]
    operations.append(migrator.add_index(m.Permit._meta.table_name,
                                         ("stand_id", "stand_position"), unique=True))
    migrate(*operations)
    m.Permit.update(held_since=m.Permit.issued_on).execute()


def _step_4_ledger(db: pw.Database) -> None:
    """v4: penalty ledger — municipal holidays, infraction notices, defences and appeals,
    impounds, fines and other penalty charges, applied sanctions and their notices."""
    db.create_tables([m.MunicipalHoliday, m.InfractionNotice, m.NoticeProceeding, m.Impound,
                      m.PenaltyCharge, m.Sanction, m.SanctionNotice])


def _step_5_printing(db: pw.Database) -> None:
    """v5: printing — QR signing keys (public halves), the print log with copy numbers, and
    the inspection sticker size in the município settings."""
    db.create_tables([m.SigningKey, m.PrintLog])
    migrator = SchemaMigrator.from_database(db)
    table = m.MunicipioSettings._meta.table_name
    migrate(*[migrator.add_column(table, name, m.MunicipioSettings._meta.fields[name])
              for name in ("sticker_width_mm", "sticker_height_mm")])


def _step_6_audit_chain(db: pw.Database) -> None:
    """v6: tamper-evident audit log — each entry stores the previous entry's hash and its
    own; the entries already there are chained now, in id order."""
    migrator = SchemaMigrator.from_database(db)
    table = m.AuditLog._meta.table_name
    migrate(*[migrator.add_column(table, name, m.AuditLog._meta.fields[name])
              for name in ("prev_hash", "entry_hash")])
    raw = pw.Table(table, ("id", "prev_hash", "entry_hash")).bind(db)  # the model refuses updates
    columns = (m.AuditLog.id, m.AuditLog.at, m.AuditLog.user, m.AuditLog.action,
               m.AuditLog.entity, m.AuditLog.entity_id, m.AuditLog.before, m.AuditLog.after)
    previous, last_id = GENESIS, 0
    while True:  # in batches: never update a table while a cursor still walks it
        batch = list(m.AuditLog.select(*columns).where(m.AuditLog.id > last_id)
                     .order_by(m.AuditLog.id).limit(1000).tuples())
        if not batch:
            break
        for row_id, at, user_id, action, entity, entity_id, before, after in batch:
            digest = entry_hash(at=at, user_id=user_id, action=action, entity=entity,
                                entity_id=entity_id, before=before, after=after,
                                prev_hash=previous)
            raw.update(prev_hash=previous, entry_hash=digest).where(raw.id == row_id).execute()
            previous, last_id = digest, row_id


def _step_7_guias(db: pw.Database) -> None:
    """v7: guias de recolhimento (DAM) and imported bank return files with their payments;
    the município's CNPJ, FEBRABAN code, barcode check-digit module and PIX key."""
    db.create_tables([m.Guia, m.BankReturnFile, m.BankReturnItem])
    migrator = SchemaMigrator.from_database(db)
    table = m.MunicipioSettings._meta.table_name
    migrate(*[migrator.add_column(table, name, m.MunicipioSettings._meta.fields[name])
              for name in ("cnpj", "febraban_code", "barcode_module", "pix_key")])


def _step_8_print_reservations(db: pw.Database) -> None:
    """v8: a print's copy number is reserved first and issued when the file is written
    (print_log.state; the copies printed before were all issued), and the município's
    setting for the verifier: how many days its status list stays current."""
    migrator = SchemaMigrator.from_database(db)
    operations = []
    table = m.PrintLog._meta.table_name
    # step 5 makes print_log from today's model: a database created by it has the column
    if "state" not in {c.name for c in db.get_columns(table)}:
        # the field is indexed: peewee's add_column makes its index (print_log_state) too
        operations.append(migrator.add_column(table, "state", m.PrintLog._meta.fields["state"]))
    settings = m.MunicipioSettings._meta.table_name
    if "status_max_age_days" not in {c.name for c in db.get_columns(settings)}:
        operations.append(migrator.add_column(
            settings, "status_max_age_days",
            m.MunicipioSettings._meta.fields["status_max_age_days"]))
    if operations:
        migrate(*operations)


def _step_9_stand_acts(db: pw.Database) -> None:
    """v9: pontos edited and closed at the counter — the date of the act that set a ponto's
    maximum (max_act_date), and when, why and by which act a ponto was closed (closed_on,
    close_reason, close_act)."""
    migrator = SchemaMigrator.from_database(db)
    table = m.Stand._meta.table_name
    migrate(*[migrator.add_column(table, name, m.Stand._meta.fields[name])
              for name in ("max_act_date", "closed_on", "close_reason", "close_act")])


def _step_10_time_and_law(db: pw.Database) -> None:
    """v10: the passage of time as an audited daily step — one row per day it ran, with
    what it changed (clock_tick); summonses to present the vehicle for inspection
    (inspection_summons, L1745 Art. 10); the initial tariff with effective dates
    (tariff_value, PF Art. 32). The tariff set at set-up counts from 1 January of the first
    year the município has a fiscal-unit value (or of its set-up); a tariff once typed as
    the profile number `defaults.initial_tariff` (accepted and ignored before) counts from
    today. The `defaults.*` numbers leave the edited numbers: the tariff and the fiscal unit
    have histories of their own."""
    import datetime as dt
    import json
    from decimal import Decimal, InvalidOperation
    db.create_tables([m.ClockTick, m.InspectionSummons, m.TariffValue])
    s = m.MunicipioSettings  # only the columns of that time (later steps add others)
    settings = s.select(s.id, s.overrides, s.created_at, s.initial_tariff_cents).first()
    if settings is None:
        return
    overrides = json.loads(settings.overrides or "{}")
    first_year = min([settings.created_at.year, *[y for (y,) in m.FiscalUnitValue.select(
        m.FiscalUnitValue.year).tuples()]])
    if settings.initial_tariff_cents > 0:
        m.TariffValue.create(effective_on=dt.date(first_year, 1, 1),
                             value_cents=settings.initial_tariff_cents,
                             act_number="valor da configuração inicial")
    try:
        typed = int(Decimal(str(overrides.get("defaults.initial_tariff", "0"))) * 100)
    except (InvalidOperation, ValueError):
        typed = 0
    if typed > 0 and typed != settings.initial_tariff_cents:
        m.TariffValue.create(effective_on=wallclock.today(), value_cents=typed,
                             act_number="número do perfil alterado antes do histórico de tarifas")
    kept = {k: v for k, v in overrides.items() if not k.startswith("defaults.")}
    if kept != overrides:
        m.MunicipioSettings.update(overrides=json.dumps(kept, sort_keys=True)).where(
            m.MunicipioSettings.id == settings.id).execute()


def _step_scale_indexes(db: pw.Database) -> None:
    """v12: indexes so every screen costs what it shows (issue 23): the audit log by entity
    (the prontuário's history, paged), the notices by status and day of the infraction (the
    Painel's chart) and of the notification (the open defence and appeal terms)."""
    # the models' indexes, each created if absent (an older step made its tables with them)
    for model in (m.AuditLog, m.InfractionNotice):
        model._schema.create_indexes(safe=True)


def _step_row_seals(db: pw.Database) -> None:
    """v13: the audit entry of an action seals the rows it saved (audit_log.seals, JSON of
    row digests; services/audit.py). Entries before keep none: their rows are sealed by the
    next action that saves them."""
    migrator = SchemaMigrator.from_database(db)
    migrate(migrator.add_column("audit_log", "seals", pw.TextField(null=True)))


def _step_profile_versions(db: pw.Database) -> None:
    """v16: rule profile versions in the database — the text and SHA-256 of each wording the
    município adopted, with its effective date. A database set up before keeps running on
    the profile file it named: that file's text becomes version 1, in force for every date."""
    db.create_tables([m.ProfileVersion])
    row = m.MunicipioSettings.select(m.MunicipioSettings.profile_id).first()
    if row is None:
        return  # not initialised yet: `init` writes version 1
    from ..domain import profiles
    from .. import profile_files  # the shipped files and <pasta de dados>/profiles
    try:
        source = profile_files.find(row.profile_id)
    except profiles.ProfileError as exc:
        raise StoreError(f"Não foi possível guardar no banco o perfil de regras em uso: {exc}. "
                         "Coloque o arquivo do perfil em <pasta de dados>/profiles/ e abra "
                         "o programa de novo; nada foi alterado.") from None
    text = _as_that_program_applied_it(source.text)
    m.ProfileVersion.create(number=1, profile_id=row.profile_id,
                            effective_from=profiles.EARLIEST, text=text,
                            sha256=profiles.text_hash(text), source=source.location)


def _as_that_program_applied_it(text: str) -> str:
    """The file's wording without what the program that made this database never applied
    to it: the permit card's yearly licensing (profile format 14, SRM Art. 6 XX) would turn
    every card already in a holder's pocket, printed with the permit's validity, into
    "licenciamento vencido" on the day of the upgrade. The município takes it up by adopting
    the wording as a new version (`profiles adopt`, Configurações), as any later database."""
    import tomlkit  # only here: a database from before version 16 being brought up
    document = tomlkit.parse(text)
    if "licensing" not in document:
        return text
    del document["licensing"]
    return tomlkit.dumps(document)


def _step_imports(db: pw.Database) -> None:
    """v11: spreadsheets imported into the register (import_run): file name and SHA-256,
    counts, the column mapping used and the highest numbers each brought."""
    db.create_tables([m.ImportRun])


def _step_named_actors(db: pw.Database) -> None:
    """v14 (named actors, issue 18): the machine an audit entry was written on
    (audit_log.machine) and whether the database was made as a demo one
    (municipio_settings.is_demo, False for every database set up before: only a database
    made as a demo takes `demo` data; the demo database at its usual place is marked)."""
    migrator = SchemaMigrator.from_database(db)
    migrate(migrator.add_column(m.AuditLog._meta.table_name, "machine",
                                m.AuditLog._meta.fields["machine"]),
            migrator.add_column(m.MunicipioSettings._meta.table_name, "is_demo",
                                m.MunicipioSettings._meta.fields["is_demo"]))
    if isinstance(db, pw.SqliteDatabase) and m.MunicipioSettings.select().exists():
        from .. import config
        try:
            demo = Path(db.database).resolve() == config.demo_db_path().resolve()
        except OSError:
            demo = False
        if demo:
            m.MunicipioSettings.update(is_demo=True).execute()



def _step_campaigns(db: pw.Database) -> None:
    """v15 (issue 21 item 2): recadastramento campaigns and who came to them (campaign,
    campaign_attendance)."""
    db.create_tables([m.Campaign, m.CampaignAttendance])


def _step_name_token_order(db: pw.Database) -> None:
    """v17 (issue 23): the person's name_folded on each of their name tokens, and an index
    on (token, name_folded, person), so a name prefix's first matches in the search's order
    come from one index range, however many people the prefix matches."""
    table = PersonNameToken._meta.table_name
    if "name_folded" not in {c.name for c in db.get_columns(table)}:
        migrator = SchemaMigrator.from_database(db)
        migrate(migrator.add_column(table, "name_folded",
                                    PersonNameToken._meta.fields["name_folded"]))
    db.execute_sql(f'UPDATE "{table}" SET "name_folded" = (SELECT p."name_folded" FROM '
                   f'"{Person._meta.table_name}" AS p WHERE p."id" = "{table}"."person_id")')
    PersonNameToken._schema.create_indexes(safe=True)


def _step_alert_due(db: pw.Database) -> None:
    """v18 (issue 23): the due-dates table (alert_due) and its state row, stale: the first
    Painel builds it from the register (services/views/due_dates.py)."""
    db.create_tables([m.AlertDue, m.AlertDueState])
    if not m.AlertDueState.select().exists():
        m.AlertDueState.create(stale=True)


def _step_ledger_indexes(db: pw.Database) -> None:
    """v19 (issue 23): an index on the notices' proceedings by the day decided (and filed),
    so the appeal terms still running are read from the last days' decisions
    (services/ledger/open_terms.py), not from every proceeding; on the charges by kind, status,
    notice and amount, and on the notices by number and day, so the Painel's fines of a
    period are summed from index ranges (reports.fine_totals)."""
    for model in (m.NoticeProceeding, m.PenaltyCharge, m.InfractionNotice):
        model._schema.create_indexes(safe=True)


def _step_each_day_alerts(db: pw.Database) -> None:
    """v20 (issue 23): the due-dates table stores an item due on whatever day it is read
    for (an inspection never made) as due on services.due_dates.EACH_DAY, no longer on the
    table's day; a table written before is marked stale and of no day (the next Painel
    computes it again before reading: a stale table of a day is shown as it was meanwhile,
    services/views/due_dates.py), and a program of v19, which would read those rows as due in
    the year 1, refuses the database as one made by a newer version."""
    m.AlertDueState.update(stale=True, day=None).execute()


def _step_clock_journal(db: pw.Database) -> None:
    """v21 (issue 34): the rows each passage of time changes are journaled with their images
    before and after (clock_journal), so a step run on a wrong date can be undone. Steps run
    before keep no journal: they cannot be undone (a copy from before them can be restored)."""
    m.ClockJournal.create_table(safe=True)


def _step_seal_index(db: pw.Database) -> None:
    """v22 (issue 34 item 3): the index of each sealed row's last seal (row_seal), built from
    the chain, so a save checks the row against its seal with one read; and seals of the
    current version (password hashes, vehicles, stands, every printed field) for every row
    that agrees with its last seal or has none, by system entries of the chain. A row that
    disagrees keeps its old seal (`check` still names it); an edit made before this step to
    a field no earlier seal covered cannot be seen."""
    db.create_tables([m.RowSeal])
    seals.upgrade("selos da versão 2: senhas, veículos, pontos e os campos dos documentos "
            "(atualização do esquema 22)")


def _step_station_marks(db: pw.Database) -> None:
    """v23 (issue 34 item 4): station_mark, the audit chain's head each station saw at its
    last action (services/trust/station_marks.py). Empty: each station notes itself at its next
    action after the step, once its checkpoint file exists."""
    db.create_tables([m.StationMark])


def _step_program_versions(db: pw.Database) -> None:
    """v24 (issue 35): each schema step records the version of the program that wrote it
    (schema_version.program_version; store/schema_history.py), so that an older program
    meeting this database names the release to install. The rows of earlier releases keep
    none (ensure_schema fills in the rows of the migration that runs this step)."""
    table = SchemaVersion._meta.table_name
    if schema_history.COLUMN not in {c.name for c in db.get_columns(table)}:
        migrator = SchemaMigrator.from_database(db)
        migrate(migrator.add_column(table, schema_history.COLUMN,
                                    SchemaVersion._meta.fields[schema_history.COLUMN]))


def _step_email(db: pw.Database) -> None:
    """v25 (issue 41 items 3 and 4): e-mail to holders — each delivery sent or tried, with
    what it carried and the server's answer (email_delivery), and each person's consent and
    unsubscribe from reminders (email_consent). Empty: nobody was asked before."""
    db.create_tables([m.EmailConsent, m.EmailDelivery])


def _step_waiting_times(db: pw.Database) -> None:
    """v26: the waiting list's times (enrolled_at, called_at, ended_at) in UTC, as every other
    time the database keeps, so that the screens and documents show them in local time.
    Before, three kinds were mixed: an entry enrolled at the counter kept its UTC time; a
    call, a leaving, an expiry and an enrolment when the cap was full joined the local day
    with the UTC time of day (an act after 21:00 in Brasília fell back to 00:00–03:00 of its
    day: behind that day's earlier entries); an imported one kept its local day plus its
    position in seconds. Each is made the UTC time it stands for, told apart by the audit
X
    was a local time. In UTC nothing changes; the list's order only moves where it was
    wrong (those evening acts)."""
    from . import waiting_times
    waiting_times.convert()


# Steps are found by name in their tests. A step that has landed keeps its number: a
# database already at that version would skip a step slipped in before it.
STEPS = {2: _step_2_name_tokens, 3: _step_3_licensing, 4: _step_4_ledger, 5: _step_5_printing,
         6: _step_6_audit_chain, 7: _step_7_guias, 8: _step_8_print_reservations,
         9: _step_9_stand_acts, 10: _step_10_time_and_law, 11: _step_imports,
         12: _step_scale_indexes, 13: _step_row_seals, 14: _step_named_actors,
         15: _step_campaigns, 16: _step_profile_versions, 17: _step_name_token_order,
         18: _step_alert_due, 19: _step_ledger_indexes, 20: _step_each_day_alerts,
         21: _step_clock_journal, 22: _step_seal_index, 23: _step_station_marks,
         24: _step_program_versions, 25: _step_email, 26: _step_waiting_times}
LATEST = max(STEPS)


def current_version(db: pw.Database) -> int | None:
    """None for an empty database (no tables of ours)."""
    if not _has_table(db, SchemaVersion._meta.table_name):
        return None
    row = SchemaVersion.select(pw.fn.MAX(SchemaVersion.version)).scalar()
    return int(row or 0)


def _has_table(db: pw.Database, table: str) -> bool:
    """Whether the table exists (in the connection's current schema on PostgreSQL). Asked at
    every start and command: peewee's table_exists lists the pg_tables view, about 10 ms on a
    server holding many schemas; pg_class's index answers in a fraction of a millisecond."""
    if isinstance(db, pw.PostgresqlDatabase):
        return db.execute_sql(
            "SELECT EXISTS (SELECT 1 FROM pg_class WHERE relname = %s AND relkind IN ('r', 'p')"
            " AND relnamespace = current_schema()::regnamespace)", (table,)).fetchone()[0]
    return db.table_exists(table)


def schema_mismatches(db: pw.Database) -> list[str]:
    """What the database lacks of the schema the program's models expect (every table and
    every column), in Portuguese; empty when all are there. Extra tables or columns are not
    problems (a newer minor edition may add some)."""
    tables = set(db.get_tables())
    missing_tables, missing_columns = [], []
    for model in MODELS:
        table = model._meta.table_name
        if table not in tables:
            missing_tables.append(table)
            continue
        have = {c.name for c in db.get_columns(table)}
        missing_columns += [f"{table}.{f.column_name}" for f in model._meta.sorted_fields
                            if f.column_name not in have]
    problems = []
    if missing_tables:
        problems.append(f"faltam {len(missing_tables)} tabela(s) do programa: "
                        f"{', '.join(missing_tables[:8])}{'…' if len(missing_tables) > 8 else ''}")
    if missing_columns:
        problems.append(f"faltam {len(missing_columns)} coluna(s): "
                        f"{', '.join(missing_columns[:8])}"
                        f"{'…' if len(missing_columns) > 8 else ''}")
    versions = {v for (v,) in SchemaVersion.select(SchemaVersion.version).tuples()} \
        if SchemaVersion._meta.table_name in tables else set()
    if versions and max(versions) == LATEST and not missing_tables:
        skipped = sorted(set(range(min(versions), LATEST + 1)) - versions)
        if skipped:
            problems.append("o histórico de versões do esquema tem lacunas "
                            f"({', '.join(map(str, skipped))})")
    return problems


def ensure_schema(db: pw.Database, backup_dir: Path | None = None, *,
                  keep: bool = True) -> int:
    """Create or upgrade the schema; returns the version now in force. keep=False migrates
    without the copy before (used on a copy being checked for a restore)."""
    version = current_version(db)
    if version is None:
        if db.get_tables():
            raise StoreError("O banco de dados contém tabelas que não são do Mototáxi Desk; "
                             "use um banco vazio.")
        with db.atomic():
            db.create_tables(MODELS)
            _record_step(LATEST, since=LATEST)
        return LATEST
    if version > LATEST:  # a downgrade: refused before anything is written
        raise StoreError(schema_history.newer_schema_message(
            "Este banco de dados", version, LATEST, schema_history.written_by(db, version)))
    if keep and version < LATEST and isinstance(db, pw.SqliteDatabase):
        from .backup import keep_copy  # only when a migration is due: not at every start
        keep_copy(Path(db.database), backup_dir, f"antes-migracao-v{version}")
    sqlite = isinstance(db, pw.SqliteDatabase)
    if sqlite:  # SQLite rebuilds a table to add a NOT NULL column (peewee's add_not_null):
        db.execute_sql("PRAGMA foreign_keys = OFF")  # dropping the old one would cascade
    try:
        for target in range(version + 1, LATEST + 1):
            with db.atomic():
                STEPS[target](db)
                if sqlite and db.execute_sql("PRAGMA foreign_key_check").fetchone():
                    raise StoreError(f"A atualização do esquema (passo {target}) deixaria "
                                     "referências quebradas; nada foi alterado nesse passo.")
                _record_step(target, since=version)
    finally:
        if sqlite:
            db.execute_sql("PRAGMA foreign_keys = ON")
    return LATEST


def _record_step(target: int, *, since: int) -> None:
    """The schema_version row of step `target`, with this program's version once the column
    exists; when `target` is the step that adds it, the rows this migration wrote before it
    (the steps after `since`) get the version too."""
    recorded = _step_number(_step_program_versions)
    if target < recorded:
        SchemaVersion.insert(version=target, changed_at=m.utcnow()).execute()
        return
    this = schema_history.program_version()
    SchemaVersion.insert(version=target, changed_at=m.utcnow(), program_version=this).execute()
    if target == recorded:
        SchemaVersion.update(program_version=this).where(
            (SchemaVersion.version > since) & SchemaVersion.program_version.is_null()).execute()


def _step_number(step) -> int:
    return next(number for number, each in STEPS.items() if each is step)


def open_database(url: str, backup_dir: Path | None = None, *,
                  check: bool = True) -> pw.Database:
    """Connect, bind DB, and bring the schema to the current version. With check=False the
    SQLite integrity check is the caller's (connection.quick_check_file), unless a migration
    is due: then it runs here first, as nothing may write to a damaged file."""
    from .connection import connect, quick_check_file, sqlite_path
    from .verified_file import unchanged_since_verified
    m.touched_rows().clear()  # nothing saved to another database is sealed in this one
    if check and url and unchanged_since_verified(sqlite_path(url.strip())):  # not on PG
        check = False  # the window checked the file whole as it last closed: unchanged since
    db = connect(url, check=check)
    try:
        if not check and isinstance(db, pw.SqliteDatabase) and \
                (current_version(db) or LATEST) < LATEST:
            problem = quick_check_file(sqlite_path(url.strip()))
            if problem:
                raise StoreError(problem)
        ensure_schema(db, backup_dir)
    except StoreError:
        db.close()
        raise
    except pw.PeeweeException as exc:
        db.close()
        raise StoreError(f"Erro ao preparar o banco de dados: {str(exc).splitlines()[0]}") from None
    return db


def close_database() -> None:
    m.touched_rows().clear()  # rows saved to this database are sealed in it, never in the next
    if DB.obj is not None and not DB.obj.is_closed():
        DB.obj.close()
