"""The peewee models. DB is bound at open time (connection.open_database), never at import.

Money is integer centavos, dates are dates, timestamps are UTC. JSON goes in text columns so
the same schema runs on SQLite and PostgreSQL.
"""
from __future__ import annotations

import datetime as dt
import threading
from contextlib import contextmanager

import peewee as pw
from ..domain import wallclock
from . import row_journal, whole_row_select


class _DatabaseProxy(pw.DatabaseProxy):
    """peewee's proxy, plus a database bound for one thread only (`bound_here`): the check
    of a backup's copy before a restore runs in a worker while the window keeps using the
    database in use."""
    __slots__ = ("_global",)
    _local = threading.local()

    @property
    def obj(self):
        override = getattr(_DatabaseProxy._local, "database", None)
        return override if override is not None else self._global

    @obj.setter
    def obj(self, value):
        object.__setattr__(self, "_global", value)

    def __setattr__(self, attr, value):
        if attr not in ("obj", "_callbacks", "_Model", "_global"):
            raise AttributeError("Cannot set attribute on proxy.")
        object.__setattr__(self, attr, value)

    @contextmanager
    def bound_here(self, database: pw.Database):
        previous = getattr(_DatabaseProxy._local, "database", None)
        _DatabaseProxy._local.database = database
        try:
            yield database
        finally:
            _DatabaseProxy._local.database = previous


DB = _DatabaseProxy()

# Rows whose state the audit chain seals (services/audit.py): after each action, the digest of
# these fields of every row it saved goes into the action's audit entry, and `check`
# recomputes them, so an edit by SQL that bypassed the program is named (issue 18 item 5).
# Before the program saves a sealed row it checks the row still agrees with its last seal
# (store/seals.py: guard), so an edit by SQL is refused, not sealed over (issue 34 item 3).
# A seal names the version of the lists it was made with: a version, once shipped, never
# changes (seals made with it stay checkable); a new list is a new version.
SEALED_FIELDS_V1: dict[str, tuple[str, ...]] = {  # issue 18: money, dates, statuses, roles
    "user": ("login", "full_name", "role", "active"),
    "person": ("cpf", "name", "birth_date"),
    "permit": ("order_number", "holder", "status", "issued_on", "valid_until",
               "status_until"),
    "infraction_notice": ("year", "number", "holder", "permit", "infraction_code",
                          "class_code", "occurred_at", "occurred_on", "notified_on", "points",
                          "fine_units", "unit_value_cents", "fine_cents", "status",
                          "voided_on"),
    "penalty_charge": ("kind", "notice", "person", "units", "unit_value_cents",
                       "amount_cents", "status", "paid_on", "paid_cents", "receipt"),
    "fee": ("person", "code", "units", "unit_value_cents", "amount_cents", "status",
            "paid_on", "receipt"),
    "impound": ("notice", "status", "deposited_at", "released_at", "storage_days"),
}
# issue 34: also the password hash (a hash copied from another user would log in), and every
# field a printed document shows — the card, the auxiliary card, the termo, the sticker, the
# roster, the notice, the guia and every header (a blob seals as the digest of its bytes)
SEALED_FIELDS: dict[str, tuple[str, ...]] = {
    "user": ("login", "full_name", "role", "active", "password_hash"),
    "person": ("cpf", "name", "birth_date", "rg", "rg_issuer", "nationality", "profession",
               "blood_type", "rh_factor", "street", "number", "complement", "district",
               "city", "uf", "cep", "photo"),
    "permit": ("order_number", "holder", "status", "issued_on", "valid_until",
               "status_until", "vehicle", "stand", "stand_position", "stand_since"),
    "vehicle": ("plate", "plate_original", "renavam", "chassis", "make", "model",
                "manufacture_year", "model_year", "cc", "colour", "owner", "active"),
    "stand": ("number", "name", "location", "min_vehicles", "max_vehicles", "responsible",
              "active", "extension_point", "max_raised_by_act", "max_act_date", "closed_on"),
    "cnh": ("person", "number", "category", "first_licence_date", "expiry_date", "ear"),
    "auxiliary_driver": ("permit", "person", "credentialed_on", "valid_until", "active",
                         "ended_on"),
    "inspection": ("vehicle", "permit", "kind", "inspected_on", "approved", "valid_until",
                   "sticker_serial"),
    "sticker": ("serial", "inspection", "status", "replaces"),
    "infraction_notice": (*SEALED_FIELDS_V1["infraction_notice"], "plate", "infractor",
                          "infraction_article", "place"),
    "penalty_charge": SEALED_FIELDS_V1["penalty_charge"],
    "fee": SEALED_FIELDS_V1["fee"],
    "impound": SEALED_FIELDS_V1["impound"],
    "guia": ("year", "number", "person", "fee", "charge", "amount_cents", "issued_on",
             "due_on", "barcode", "pix_txid", "status", "paid_on", "paid_cents"),
    "municipio_settings": ("name", "uf", "ibge_code", "population", "profile_id",
                           "overrides", "cnpj", "febraban_code", "barcode_module", "pix_key",
                           "brasao"),
    # the public keys the documents verify with: one inserted by SQL (a scratch database's
    # key copied in, so that its cards verify) has no seal and is named by `check`
    "signing_key": ("key_id", "public_key", "fingerprint", "retired_at"),
}
SEAL_VERSION = 2  # what the program seals with now
SEALED_FIELD_VERSIONS = {1: SEALED_FIELDS_V1, 2: SEALED_FIELDS}

_touched = threading.local()


def touched_rows() -> set[tuple[str, int]]:
    """(table, id) of the sealed rows this thread saved since they were last sealed."""
    if not hasattr(_touched, "rows"):
        _touched.rows = set()
    return _touched.rows


_save_guard: list = []  # store/seals.py's guard, set as it loads (it imports this module)


def set_save_guard(check) -> None:
    """`check(table, ids)` raises unless those sealed rows agree with their last seal."""
    _save_guard[:] = [check]


def utcnow() -> dt.datetime:
    return wallclock.utcnow()


class BaseModel(pw.Model):
    class Meta:
        database = DB
        legacy_table_names = False

    @classmethod
    def select(cls, *fields):
        return whole_row_select.select(cls, fields)

    def save(self, force_insert=False, only=None):
        """Saves the row and, for a sealed table, marks it for the action's audit seal. The
        program changes sealed fields only through save() (or seals.sealed_update): a query
        update of them (as tests do to edit "by hand") is what `check` reports as an edit
        outside the program. A sealed row that already exists is checked against its last
        seal first (the first save of it in the action): one that differs is refused
        (seals.SealBroken), never sealed over. A new row is noted in this thread's row
        journal, when one records (store/row_journal.py: the passage of time, undoable)."""
        table = self._meta.table_name
        if table in SEALED_FIELDS and self._pk is not None and not force_insert and \
                (table, self._pk) not in touched_rows() and _save_guard:
            _save_guard[0](table, [self._pk])
        inserting = self._pk is None or force_insert
        with row_journal.saving():
            result = super().save(force_insert=force_insert, only=only)
        if inserting:
            row_journal.after_insert(self)
        if table in SEALED_FIELDS and self._pk is not None:
            touched_rows().add((table, self._pk))
        return result


class SchemaVersion(BaseModel):
    version = pw.IntegerField()
    changed_at = pw.DateTimeField(default=utcnow)
    # the version of the program that wrote the step (store/schema_history.py): what an
    # older program names when it refuses the database; None on rows from before 0.3.0
    program_version = pw.CharField(max_length=40, null=True)


class User(BaseModel):
    ROLES = ("atendente", "fiscal", "supervisor", "admin")
    login = pw.CharField(max_length=40, unique=True)
    full_name = pw.CharField(max_length=120)
    role = pw.CharField(max_length=20)
    password_hash = pw.CharField(max_length=200)
    active = pw.BooleanField(default=True)
    must_change_password = pw.BooleanField(default=False)
    failed_logins = pw.IntegerField(default=0)
    locked_until = pw.DateTimeField(null=True)
    created_at = pw.DateTimeField(default=utcnow)


class MunicipioSettings(BaseModel):
    """One row: the município this database belongs to and the numbers it edited."""
    name = pw.CharField(max_length=120)
    uf = pw.CharField(max_length=2)
    ibge_code = pw.CharField(max_length=7)
    population = pw.IntegerField()
    profile_id = pw.CharField(max_length=80)
    overrides = pw.TextField(default="{}")  # JSON: profile numbers the município changed
    initial_tariff_cents = pw.IntegerField(default=0)  # the set-up value; see TariffValue
    brasao = pw.BlobField(null=True)
    created_at = pw.DateTimeField(default=utcnow)
    sticker_width_mm = pw.IntegerField(default=100)   # inspection sticker size (schema v5)
    sticker_height_mm = pw.IntegerField(default=70)
    # collection (guias, schema v7): CNPJ, the FEBRABAN code, the bank's check-digit module
    cnpj = pw.CharField(max_length=14, default="")
    febraban_code = pw.CharField(max_length=4, default="")
    barcode_module = pw.IntegerField(default=10)
    pix_key = pw.CharField(max_length=77, default="")
    status_max_age_days = pw.IntegerField(default=7)  # verifier: status list older warns (v8)
    # made as a demo database (schema v14): only such a database takes `demo` data
    is_demo = pw.BooleanField(default=False)


class FiscalUnitValue(BaseModel):
    """R$ value of the fiscal unit (UFM, UFICA) in a year, in centavos."""
    year = pw.IntegerField(unique=True)
    value_cents = pw.IntegerField()


class Person(BaseModel):
    cpf = pw.CharField(max_length=11, unique=True)
    name = pw.CharField(max_length=120)
    name_folded = pw.CharField(max_length=120, index=True)  # no accents, lower case: sorting
    rg = pw.CharField(max_length=20, default="")
    rg_issuer = pw.CharField(max_length=20, default="")
    birth_date = pw.DateField(null=True)
    nationality = pw.CharField(max_length=40, default="brasileira")
    profession = pw.CharField(max_length=60, default="")
    blood_type = pw.CharField(max_length=2, default="")
    rh_factor = pw.CharField(max_length=1, default="")
    street = pw.CharField(max_length=120, default="")
    number = pw.CharField(max_length=20, default="")
    complement = pw.CharField(max_length=60, default="")
    district = pw.CharField(max_length=60, default="")
    city = pw.CharField(max_length=80, default="")
    uf = pw.CharField(max_length=2, default="")
    cep = pw.CharField(max_length=8, default="")
    address_proof_date = pw.DateField(null=True)
    phone = pw.CharField(max_length=11, default="")
    email = pw.CharField(max_length=120, default="")
    photo = pw.BlobField(null=True)
    created_at = pw.DateTimeField(default=utcnow)
    updated_at = pw.DateTimeField(default=utcnow)


class Cnh(BaseModel):
    person = pw.ForeignKeyField(Person, backref="cnhs", on_delete="RESTRICT")
    number = pw.CharField(max_length=11, unique=True)
    category = pw.CharField(max_length=3)
    first_licence_date = pw.DateField()
    expiry_date = pw.DateField()
    ear = pw.BooleanField(default=False)  # "exerce atividade remunerada" remark


class Stand(BaseModel):
    number = pw.IntegerField(unique=True)
    name = pw.CharField(max_length=120)
    location = pw.CharField(max_length=200, default="")
    min_vehicles = pw.IntegerField(default=0)
    max_vehicles = pw.IntegerField(default=0)
    responsible = pw.ForeignKeyField(Person, null=True, backref="stands_responsible",
                                     on_delete="SET NULL")
    active = pw.BooleanField(default=True)
    created_at = pw.DateTimeField(default=utcnow)
    latitude = pw.DecimalField(max_digits=9, decimal_places=6, null=True, auto_round=True)
    longitude = pw.DecimalField(max_digits=9, decimal_places=6, null=True, auto_round=True)
    extension_point = pw.CharField(max_length=200, default="")  # SRM: 1 extension point
    max_raised_by_act = pw.CharField(max_length=60, default="")  # act that set the max
    max_act_date = pw.DateField(null=True)  # its date (schema v9)
    closed_on = pw.DateField(null=True)  # a closed ponto (active False): when, why, by which act
    close_reason = pw.CharField(max_length=200, default="")
    close_act = pw.CharField(max_length=60, default="")


class Vehicle(BaseModel):
    plate = pw.CharField(max_length=7, unique=True)  # canonical (Mercosul) form
    plate_original = pw.CharField(max_length=8)      # as registered (ABC-1234 or ABC1D23)
    renavam = pw.CharField(max_length=11, unique=True)
    chassis = pw.CharField(max_length=17, unique=True)
    make = pw.CharField(max_length=40)
    model = pw.CharField(max_length=60)
    manufacture_year = pw.IntegerField()
    model_year = pw.IntegerField()
    cc = pw.IntegerField()
    colour = pw.CharField(max_length=30, default="")
    owner = pw.ForeignKeyField(Person, backref="vehicles", on_delete="RESTRICT")
    insurer = pw.CharField(max_length=80, default="")
    insurance_policy = pw.CharField(max_length=40, default="")
    insurance_cover_cents = pw.IntegerField(default=0)
    insurance_expiry = pw.DateField(null=True)
    active = pw.BooleanField(default=True)
    created_at = pw.DateTimeField(default=utcnow)
    out_of_service = pw.BooleanField(default=False)  # a failed inspection until a passing one
    replacement_declared_on = pw.DateField(null=True)  # PF Art. 17: 180-day declaration


class Permit(BaseModel):
    STATUSES = ("active", "suspended", "interrupted", "expired", "revoked", "cassated",
                "withdrawn", "lapsed")
    ENDED = ("revoked", "cassated", "withdrawn", "lapsed")  # these free the stand place
    order_number = pw.IntegerField(unique=True)
    holder = pw.ForeignKeyField(Person, backref="permits", on_delete="RESTRICT")
    vehicle = pw.ForeignKeyField(Vehicle, null=True, backref="permits", on_delete="RESTRICT")
    stand = pw.ForeignKeyField(Stand, null=True, backref="permits", on_delete="RESTRICT")
    stand_position = pw.IntegerField(null=True)
    status = pw.CharField(max_length=20, default="active", index=True)
    issued_on = pw.DateField()
    valid_until = pw.DateField()
    stand_since = pw.DateField(null=True)
    created_at = pw.DateTimeField(default=utcnow)
    fleet_owner = pw.BooleanField(default=False)  # L1745 Art. 16
    status_until = pw.DateField(null=True)  # end of a suspension or interruption
    held_since = pw.DateField(null=True)  # start of the holder's tenure (transfer minimum)

    class Meta:
        # a stand place holds one permit: with positions 1..max this is what keeps the maximum
        # even when two counters assign the last place at once
        indexes = ((("stand", "stand_position"), True),)


class Application(BaseModel):
    """A requerimento; protocol AAAA/NNNNNN = (protocol_year, protocol_seq)."""
    STATUSES = ("protocolado", "em_analise", "pendente", "deferido", "indeferido", "arquivado")
    protocol_year = pw.IntegerField()
    protocol_seq = pw.IntegerField()
    type = pw.CharField(max_length=30)
    person = pw.ForeignKeyField(Person, backref="applications", on_delete="RESTRICT")
    permit = pw.ForeignKeyField(Permit, null=True, backref="applications", on_delete="RESTRICT")
    status = pw.CharField(max_length=20, default="protocolado", index=True)
    filed_at = pw.DateTimeField(default=utcnow)
    filed_by = pw.ForeignKeyField(User, null=True, backref="+", on_delete="RESTRICT")
    decided_by = pw.ForeignKeyField(User, null=True, backref="+", on_delete="RESTRICT")
    decided_at = pw.DateTimeField(null=True)
    decision_reason = pw.TextField(default="")
    notes = pw.TextField(default="")

    class Meta:
        indexes = ((("protocol_year", "protocol_seq"), True),)


class Inspection(BaseModel):
    KINDS = ("annual", "semiannual", "on_demand")
    vehicle = pw.ForeignKeyField(Vehicle, backref="inspections", on_delete="RESTRICT")
    permit = pw.ForeignKeyField(Permit, null=True, backref="inspections", on_delete="RESTRICT")
    kind = pw.CharField(max_length=20)
    inspected_on = pw.DateField()
    approved = pw.BooleanField()
    valid_until = pw.DateField(null=True)
    sticker_serial = pw.CharField(max_length=20, null=True, unique=True)
    inspector = pw.ForeignKeyField(User, null=True, backref="+", on_delete="RESTRICT")
    checklist = pw.TextField(default="{}")  # JSON: item code -> pass / fail / na
    notes = pw.TextField(default="")
    recorded_at = pw.DateTimeField(default=utcnow)


class WaitingListEntry(BaseModel):
    person = pw.ForeignKeyField(Person, backref="waiting_entries", on_delete="RESTRICT")
    enrolled_at = pw.DateTimeField(default=utcnow)
    status = pw.CharField(max_length=20, default="waiting")  # waiting, called, granted, left
    notes = pw.TextField(default="")
    # L1745 Art. 12 §2 ranking inputs
    seniority_years = pw.IntegerField(default=0)
    dependents = pw.IntegerField(default=0)
    vehicle_condition = pw.IntegerField(default=0)  # 0-10 as assessed
    lottery_number = pw.IntegerField(null=True)
    called_at = pw.DateTimeField(null=True)
    call_deadline = pw.DateField(null=True)
    ended_at = pw.DateTimeField(null=True)


class AppendOnlyError(Exception):
    """A program path tried to change or remove an audit entry."""


class AuditLog(BaseModel):
    """Append-only and hash-chained (schema v6): each entry stores the hash of the entry
    before it, so an entry edited, removed or slipped in by hand breaks the chain
    (services/audit.py appends and verifies). The model refuses updates and deletes."""
    user = pw.ForeignKeyField(User, null=True, backref="+", on_delete="RESTRICT")
    at = pw.DateTimeField(default=utcnow, index=True)
    action = pw.CharField(max_length=60)
    entity = pw.CharField(max_length=40)
    entity_id = pw.CharField(max_length=40, default="")
    before = pw.TextField(null=True)  # JSON
    after = pw.TextField(null=True)   # JSON
    prev_hash = pw.CharField(max_length=64, null=True)   # entry_hash of the previous entry
    entry_hash = pw.CharField(max_length=64, null=True)  # sha256 of this entry + prev_hash
    seals = pw.TextField(null=True)  # JSON {"table:id": digest} of the rows the action saved
    machine = pw.CharField(max_length=255, null=True)  # host name of the PC (schema v14)

    @classmethod
    def update(cls, *args, **kwargs):
        raise AppendOnlyError("O registro de auditoria não pode ser alterado.")

    @classmethod
    def delete(cls):
        raise AppendOnlyError("O registro de auditoria não pode ser apagado.")

    @classmethod
    def replace(cls, *args, **kwargs):
        raise AppendOnlyError("O registro de auditoria não pode ser substituído.")

    @classmethod
    def replace_many(cls, *args, **kwargs):
        raise AppendOnlyError("O registro de auditoria não pode ser substituído.")

    class Meta:
        # the prontuário's history: an entity's entries, newest first, a page at a time
        indexes = ((("entity", "entity_id", "id"), False),)

    def save(self, force_insert=False, only=None):
        if self._pk is not None and not force_insert:
            raise AppendOnlyError("O registro de auditoria não pode ser alterado.")
        return super().save(force_insert=force_insert, only=only)

    def delete_instance(self, *args, **kwargs):
        raise AppendOnlyError("O registro de auditoria não pode ser apagado.")


class Sequence(BaseModel):
    """Gap-free counters (protocols, permit order numbers, sticker serials, notices): the
    increment is the first write of the action's transaction, so it rolls back with it."""
    name = pw.CharField(max_length=40)
    year = pw.IntegerField(default=0)  # 0 = not per year
    last_value = pw.IntegerField(default=0)

    class Meta:
        indexes = ((("name", "year"), True),)


class PermitHistory(BaseModel):
    """Every status change of a permit, with reason and act number."""
    permit = pw.ForeignKeyField(Permit, backref="history", on_delete="RESTRICT")
    at = pw.DateTimeField(default=utcnow)
    effective_on = pw.DateField()
    action = pw.CharField(max_length=30)
    from_status = pw.CharField(max_length=20, default="")
    to_status = pw.CharField(max_length=20)
    reason = pw.TextField(default="")
    act_number = pw.CharField(max_length=60, default="")
    user = pw.ForeignKeyField(User, null=True, backref="+", on_delete="RESTRICT")
    details = pw.TextField(default="{}")  # JSON: holder, vehicle, stand before/after


class PersonBar(BaseModel):
    """A person barred from a new permit (cassation, transfer), until a date or forever."""
    person = pw.ForeignKeyField(Person, backref="bars", on_delete="RESTRICT")
    reason = pw.CharField(max_length=30)  # cassation, transferor
    since = pw.DateField()
    until = pw.DateField(null=True)  # None = forever (L1745 Art. 17 §1)
    article = pw.CharField(max_length=60)
    permit = pw.ForeignKeyField(Permit, null=True, backref="+", on_delete="RESTRICT")
    lifted = pw.BooleanField(default=False)


class ApplicationChecklistItem(BaseModel):
    application = pw.ForeignKeyField(Application, backref="checklist", on_delete="CASCADE")
    code = pw.CharField(max_length=60)
    text = pw.TextField()
    mandatory = pw.BooleanField()
    article = pw.CharField(max_length=60, default="")
    received = pw.BooleanField(default=False)
    received_on = pw.DateField(null=True)
    note = pw.CharField(max_length=200, default="")

    class Meta:
        indexes = ((("application", "code"), True),)


class ApplicationStatusChange(BaseModel):
    application = pw.ForeignKeyField(Application, backref="status_changes", on_delete="CASCADE")
    at = pw.DateTimeField(default=utcnow)
    from_status = pw.CharField(max_length=20, default="")
    to_status = pw.CharField(max_length=20)
    reason = pw.TextField(default="")
    user = pw.ForeignKeyField(User, null=True, backref="+", on_delete="RESTRICT")


class AuxiliaryDriver(BaseModel):
    """Condutor auxiliar credentialed on one permit's vehicle (SRM Arts. 21, 23 III)."""
    permit = pw.ForeignKeyField(Permit, backref="auxiliaries", on_delete="RESTRICT")
    person = pw.ForeignKeyField(Person, backref="auxiliary_credentials", on_delete="RESTRICT")
    credentialed_on = pw.DateField()
    valid_until = pw.DateField(null=True)
    active = pw.BooleanField(default=True)
    ended_on = pw.DateField(null=True)
    end_reason = pw.CharField(max_length=200, default="")


class Sticker(BaseModel):
    """Inspection sticker serials, issued from a sequential stock; never reused."""
    serial = pw.CharField(max_length=20, unique=True)
    inspection = pw.ForeignKeyField(Inspection, null=True, backref="stickers", on_delete="RESTRICT")
    status = pw.CharField(max_length=20, default="issued")  # issued, voided
    issued_at = pw.DateTimeField(default=utcnow)
    voided_at = pw.DateTimeField(null=True)
    void_reason = pw.CharField(max_length=200, default="")
    replaces = pw.ForeignKeyField("self", null=True, backref="+", on_delete="RESTRICT")


class Fee(BaseModel):
    """A fee the profile charges for an act (SRM Art. 47, L1745 Arts. 8, 15): open fees are
    debts (SRM Art. 50)."""
    person = pw.ForeignKeyField(Person, backref="fees", on_delete="RESTRICT")
    permit = pw.ForeignKeyField(Permit, null=True, backref="fees", on_delete="RESTRICT")
    application = pw.ForeignKeyField(Application, null=True, backref="fees", on_delete="RESTRICT")
    code = pw.CharField(max_length=40)
    label = pw.CharField(max_length=200)
    article = pw.CharField(max_length=60, default="")
    units = pw.DecimalField(max_digits=12, decimal_places=4)
    unit_value_cents = pw.IntegerField()
    amount_cents = pw.IntegerField()
    year = pw.IntegerField()
    status = pw.CharField(max_length=20, default="open", index=True)  # open, paid, cancelled
    created_at = pw.DateTimeField(default=utcnow)
    paid_on = pw.DateField(null=True)
    receipt = pw.CharField(max_length=60, default="")
    cancel_reason = pw.CharField(max_length=200, default="")


class PersonNameToken(BaseModel):
    """One row per folded word of a person's name: prefix search by index (schema v2). The
    person's name_folded rides along (step _step_name_token_order), so a prefix's matches
    come out of one covering index already in the order the search lists them, without
    reading each person's row (issue 23: a two-letter prefix matches a fifth of a big
    register)."""
    person = pw.ForeignKeyField(Person, backref="name_tokens", on_delete="CASCADE")
    token = pw.CharField(max_length=60)
    name_folded = pw.CharField(max_length=120, default="")  # = person.name_folded

    class Meta:
        indexes = ((("token", "person"), True), (("token", "name_folded", "person"), False))


MODELS = [SchemaVersion, User, MunicipioSettings, FiscalUnitValue, Person, Cnh, Stand,
          Vehicle, Permit, Application, Inspection, WaitingListEntry, AuditLog,
          PersonNameToken, Sequence, PermitHistory, PersonBar, ApplicationChecklistItem,
          ApplicationStatusChange, AuxiliaryDriver, Sticker, Fee]


# --- penalty ledger (schema v4) ------------------------------------------------------------

class MunicipalHoliday(BaseModel):
    """A holiday the município declares (municipal law), counted out of business days on top
    of the national and state holidays."""
    day = pw.DateField(unique=True)
    name = pw.CharField(max_length=120)
    created_at = pw.DateTimeField(default=utcnow)


class InfractionNotice(BaseModel):
    """Auto de infração (SRM Art. 35). Never deleted nor edited: a correction voids it and
    issues a new one (reissue_of); only the notification and the void fields are set later,
    once each."""
    STATUSES = ("active", "voided")
    CHANNELS = ("in_person", "post", "gazette")
    year = pw.IntegerField()
    number = pw.IntegerField()
    holder = pw.ForeignKeyField(Person, backref="notices", on_delete="RESTRICT")
    permit = pw.ForeignKeyField(Permit, null=True, backref="notices", on_delete="RESTRICT")
    plate = pw.CharField(max_length=8, default="")
    infractor = pw.ForeignKeyField(Person, backref="notices_as_infractor", on_delete="RESTRICT")
    infractor_role = pw.CharField(max_length=20)  # holder, auxiliary, unlicensed
    auxiliary = pw.ForeignKeyField(AuxiliaryDriver, null=True, backref="notices",
                                   on_delete="RESTRICT")
    infraction_code = pw.CharField(max_length=40)
    infraction_article = pw.CharField(max_length=60)
    infraction_text = pw.TextField()
    class_code = pw.CharField(max_length=20)
    measure = pw.CharField(max_length=200, default="")
    place = pw.CharField(max_length=200)
    occurred_at = pw.DateTimeField()  # local time of the infraction
    occurred_on = pw.DateField(index=True)
    description = pw.TextField(default="")
    agent_name = pw.CharField(max_length=120)
    agent_registration = pw.CharField(max_length=40)  # matrícula
    infractor_signed = pw.BooleanField(default=False)  # absence does not void (Art. 34 §4)
    notified_on = pw.DateField(null=True)
    notification_channel = pw.CharField(max_length=20, default="")
    points = pw.IntegerField(default=0)
    points_doubled = pw.BooleanField(default=False)  # PF Art. 30 §2
    recidivism = pw.BooleanField(default=False)      # L1745 Art. 8 §3
    warning = pw.BooleanField(default=False)         # PF Art. 31
    fine_units = pw.DecimalField(max_digits=12, decimal_places=4)
    unit_value_cents = pw.IntegerField()
    fine_cents = pw.IntegerField()
    explanation = pw.TextField(default="{}")  # JSON: how points and fine were computed
    status = pw.CharField(max_length=20, default="active", index=True)
    voided_on = pw.DateField(null=True)
    void_kind = pw.CharField(max_length=20, default="")  # correction, defence, appeal
    void_reason = pw.TextField(default="")
    voided_by = pw.ForeignKeyField(User, null=True, backref="+", on_delete="RESTRICT")
    reissue_of = pw.ForeignKeyField("self", null=True, backref="reissues", on_delete="RESTRICT")
    recorded_by = pw.ForeignKeyField(User, null=True, backref="+", on_delete="RESTRICT")
    recorded_at = pw.DateTimeField(default=utcnow)

    class Meta:
        # the Painel's chart (active notices by month) and the open terms (active notices
        # notified since a day) read index ranges, not the table
        indexes = ((("year", "number"), True), (("status", "occurred_on"), False),
                   (("status", "notified_on"), False),
                   # the day of the notices numbered in a range (reports.fine_totals)
                   (("id", "occurred_on"), False))


class NoticeProceeding(BaseModel):
    """Defence or appeal filed against a notice, its judgement, or revelia (SRM Art. 35)."""
    notice = pw.ForeignKeyField(InfractionNotice, backref="proceedings", on_delete="RESTRICT")
    stage = pw.CharField(max_length=20)  # defence, appeal
    event = pw.CharField(max_length=20)  # filed, revelia
    filed_on = pw.DateField()
    text = pw.TextField(default="")
    attachments = pw.TextField(default="[]")  # JSON list of document descriptions
    decision = pw.CharField(max_length=20, default="")  # accepted, rejected
    decided_on = pw.DateField(null=True)
    decided_by = pw.ForeignKeyField(User, null=True, backref="+", on_delete="RESTRICT")
    decision_reason = pw.TextField(default="")
    recorded_by = pw.ForeignKeyField(User, null=True, backref="+", on_delete="RESTRICT")
    recorded_at = pw.DateTimeField(default=utcnow)

    class Meta:
        # the appeal terms still running count from the defence decisions of the last days
        # (services/ledger/open_terms.py): an index range, not every proceeding
        indexes = ((("decided_on", "filed_on"), False),)


class Impound(BaseModel):
    """Apreensão / retenção of a vehicle, deposit and release with the amounts charged."""
    notice = pw.ForeignKeyField(InfractionNotice, null=True, backref="impounds",
                                on_delete="RESTRICT")
    person = pw.ForeignKeyField(Person, backref="impounds", on_delete="RESTRICT")
    permit = pw.ForeignKeyField(Permit, null=True, backref="impounds", on_delete="RESTRICT")
    plate = pw.CharField(max_length=8)
    reason = pw.TextField()
    article = pw.CharField(max_length=60, default="")
    place = pw.CharField(max_length=200)
    deposited_at = pw.DateTimeField()  # local time
    boletim = pw.CharField(max_length=60, default="")
    status = pw.CharField(max_length=20, default="held", index=True)  # held, released
    released_at = pw.DateTimeField(null=True)
    release_reason = pw.TextField(default="")
    release_article = pw.CharField(max_length=60, default="")
    storage_days = pw.IntegerField(default=0)
    receipt = pw.TextField(default="{}")  # JSON: each amount on the release receipt
    recorded_by = pw.ForeignKeyField(User, null=True, backref="+", on_delete="RESTRICT")
    released_by = pw.ForeignKeyField(User, null=True, backref="+", on_delete="RESTRICT")
    recorded_at = pw.DateTimeField(default=utcnow)


class PenaltyCharge(BaseModel):
    """Money owed because of the ledger: a notice's fine, an impound's removal or storage.
    Open charges are debts (SRM Art. 50); paid in full only; voided with the notice."""
    KINDS = ("fine", "removal", "storage")
    STATUSES = ("open", "paid", "voided")
    kind = pw.CharField(max_length=20)
    notice = pw.ForeignKeyField(InfractionNotice, null=True, backref="charges",
                                on_delete="RESTRICT")
    impound = pw.ForeignKeyField(Impound, null=True, backref="charges", on_delete="RESTRICT")
    person = pw.ForeignKeyField(Person, backref="penalty_charges", on_delete="RESTRICT")
    permit = pw.ForeignKeyField(Permit, null=True, backref="penalty_charges",
                                on_delete="RESTRICT")
    label = pw.CharField(max_length=200)
    article = pw.CharField(max_length=60, default="")
    units = pw.DecimalField(max_digits=12, decimal_places=4)
    unit_value_cents = pw.IntegerField()
    amount_cents = pw.IntegerField()
    year = pw.IntegerField()
    status = pw.CharField(max_length=20, default="open", index=True)
    paid_on = pw.DateField(null=True)
    paid_cents = pw.IntegerField(default=0)
    receipt = pw.CharField(max_length=60, default="")
    void_reason = pw.TextField(default="")
    created_at = pw.DateTimeField(default=utcnow)

    class Meta:
        # the fines of the notices numbered in a range (the Painel's chart, reports.
        # fine_totals) summed from this index alone
        indexes = ((("kind", "status", "notice", "amount_cents"), False),)


class Sanction(BaseModel):
    """A sanction the engine proposed and a supervisor applied (suspension, revocation,
    cassation), with the explanation it rested on; undone when a notice behind it falls."""
    person = pw.ForeignKeyField(Person, backref="sanctions", on_delete="RESTRICT")
    permit = pw.ForeignKeyField(Permit, null=True, backref="sanctions", on_delete="RESTRICT")
    kind = pw.CharField(max_length=20)
    rule_key = pw.CharField(max_length=120)  # which rule fired on which notices
    article = pw.CharField(max_length=60)
    effective_on = pw.DateField()
    until = pw.DateField(null=True)
    act_number = pw.CharField(max_length=60, default="")
    explanation = pw.TextField(default="{}")  # JSON: notices, dates, points, window, article
    status = pw.CharField(max_length=20, default="applied", index=True)  # applied, undone
    applied_by = pw.ForeignKeyField(User, null=True, backref="+", on_delete="RESTRICT")
    applied_at = pw.DateTimeField(default=utcnow)
    undone_on = pw.DateField(null=True)
    undo_reason = pw.TextField(default="")
    permit_status_before = pw.CharField(max_length=20, default="")
    bar = pw.ForeignKeyField(PersonBar, null=True, backref="+", on_delete="RESTRICT")


class SanctionNotice(BaseModel):
    """The notices a sanction rested on."""
    sanction = pw.ForeignKeyField(Sanction, backref="notice_links", on_delete="RESTRICT")
    notice = pw.ForeignKeyField(InfractionNotice, backref="sanction_links", on_delete="RESTRICT")

    class Meta:
        indexes = ((("sanction", "notice"), True),)


LEDGER_MODELS = [MunicipalHoliday, InfractionNotice, NoticeProceeding, Impound, PenaltyCharge,
                 Sanction, SanctionNotice]
MODELS.extend(LEDGER_MODELS)


# --- printing and signed QR codes (schema v5) ----------------------------------------------

class SigningKey(BaseModel):
    """A município key pair for the QR signatures: only the public half is here (the private
    half is a 0600 file in the data folder, see services/trust/keys.py). Rotation retires a key but
    keeps it, so the documents it signed still verify."""
    key_id = pw.IntegerField(unique=True)  # in every QR payload (2 bytes)
    public_key = pw.CharField(max_length=64)  # Ed25519, 32 raw bytes in hex
    fingerprint = pw.CharField(max_length=64)  # sha256 of the raw public key, hex
    created_at = pw.DateTimeField(default=utcnow)
    created_by = pw.ForeignKeyField(User, null=True, backref="+", on_delete="RESTRICT")
    retired_at = pw.DateTimeField(null=True)


class PrintLog(BaseModel):
    """Every document printed: who, when, which document, which copy. A later copy of a card
    or sticker supersedes the earlier ones (their QR still verifies, reported superseded).
    A copy is first `reserved` (its number is in the PDF being drawn) and becomes `issued`
    when the file is written or the page printed; only issued copies count (schema v8)."""
    STATES = ("reserved", "issued")
    at = pw.DateTimeField(default=utcnow, index=True)
    user = pw.ForeignKeyField(User, null=True, backref="+", on_delete="RESTRICT")
    login = pw.CharField(max_length=40)
    document = pw.CharField(max_length=20)  # card, aux_card, sticker, termo, roster, ...
    entity_key = pw.CharField(max_length=40)  # order number, credential id, serial, stand...
    copy = pw.IntegerField()
    key_id = pw.IntegerField(null=True)  # the signing key of a QR, if any
    layout = pw.CharField(max_length=10, default="single")  # single, a4
    state = pw.CharField(max_length=10, default="issued", index=True)  # reserved, issued

    class Meta:
        indexes = ((("document", "entity_key", "copy"), True),)


PRINTING_MODELS = [SigningKey, PrintLog]
MODELS.extend(PRINTING_MODELS)


# --- guias de recolhimento and bank returns (schema v7) -------------------------------------

class Guia(BaseModel):
    """Guia de recolhimento (DAM) of one open fee or penalty charge: numbered per year, its
    FEBRABAN barcode and PIX transaction id unique. A new guia for the same debt replaces the
    open one; a payment in a bank return pays the debt through the payment services."""
    STATUSES = ("open", "paid", "replaced")
    year = pw.IntegerField()
    number = pw.IntegerField()
    person = pw.ForeignKeyField(Person, backref="guias", on_delete="RESTRICT")
    fee = pw.ForeignKeyField(Fee, null=True, backref="guias", on_delete="RESTRICT")
    charge = pw.ForeignKeyField(PenaltyCharge, null=True, backref="guias", on_delete="RESTRICT")
    label = pw.CharField(max_length=200)
    article = pw.CharField(max_length=60, default="")
    amount_cents = pw.IntegerField()
    issued_on = pw.DateField()
    due_on = pw.DateField()
    barcode = pw.CharField(max_length=44, null=True, unique=True)
    pix_txid = pw.CharField(max_length=25, null=True, unique=True)
    status = pw.CharField(max_length=20, default="open", index=True)
    paid_on = pw.DateField(null=True)
    paid_cents = pw.IntegerField(default=0)
    issued_by = pw.ForeignKeyField(User, null=True, backref="+", on_delete="RESTRICT")
    created_at = pw.DateTimeField(default=utcnow)

    class Meta:
        indexes = ((("year", "number"), True),)


class BankReturnFile(BaseModel):
    """A collection return file imported (FEBRABAN layout): its hash makes a second import
    of the same file a no-op; the counts are the report the import gave."""
    sha256 = pw.CharField(max_length=64, unique=True)
    file_name = pw.CharField(max_length=200, default="")
    bank_code = pw.CharField(max_length=3)
    bank_name = pw.CharField(max_length=20, default="")
    convenio = pw.CharField(max_length=20, default="")
    sequence = pw.IntegerField()       # NSA
    generated_on = pw.DateField()
    records = pw.IntegerField()
    total_cents = pw.IntegerField()
    matched = pw.IntegerField(default=0)
    already_paid = pw.IntegerField(default=0)
    unknown = pw.IntegerField(default=0)
    not_applied = pw.IntegerField(default=0)
    imported_at = pw.DateTimeField(default=utcnow)
    imported_by = pw.ForeignKeyField(User, null=True, backref="+", on_delete="RESTRICT")


class BankReturnItem(BaseModel):
    """One payment (record G) of an imported file and what the import did with it."""
    OUTCOMES = ("matched", "already_paid", "unknown", "not_applied")
    file = pw.ForeignKeyField(BankReturnFile, backref="items", on_delete="RESTRICT")
    line = pw.IntegerField()
    record_number = pw.IntegerField()
    barcode = pw.CharField(max_length=44)
    paid_on = pw.DateField()
    credited_on = pw.DateField()
    cents = pw.IntegerField()
    outcome = pw.CharField(max_length=20, index=True)
    guia = pw.ForeignKeyField(Guia, null=True, backref="bank_items", on_delete="RESTRICT")
    note = pw.CharField(max_length=200, default="")


PAYMENT_MODELS = [Guia, BankReturnFile, BankReturnItem]
MODELS.extend(PAYMENT_MODELS)


# --- rule profile versions (schema v11) ------------------------------------------------------

class ProfileVersion(BaseModel):
    """A wording of the município's rule profile, kept whole (text and SHA-256) so every
    counter reads the same rules from the database and no file can change them unseen. An
    act is judged by the version in force on its date: the one with the latest
    effective_from on or before it (services/administration/profile_versions.py). Never updated or deleted."""
    number = pw.IntegerField(unique=True)         # 1, 2, ... in order of adoption
    profile_id = pw.CharField(max_length=80)
    effective_from = pw.DateField(index=True)     # version 1: EARLIEST (all acts before)
    text = pw.TextField()
    sha256 = pw.CharField(max_length=64)
    source = pw.CharField(max_length=300, default="")  # the file it was adopted from
    adopted_at = pw.DateTimeField(default=utcnow)
    adopted_by = pw.ForeignKeyField(User, null=True, backref="+", on_delete="RESTRICT")


MODELS.append(ProfileVersion)


# --- time and law (schema v10) ----------------------------------------------------------------

class ClockTick(BaseModel):
    """One passage of time (services/clock.py): the day it brought the register to, when it
    ran and what it changed (JSON list). Its unique day is what makes the step run once a
    day across every counter, and what the Painel shows as today's changes."""
    day = pw.DateField(unique=True)
    ran_at = pw.DateTimeField(default=utcnow)
    changes = pw.TextField(default="[]")


class ClockJournal(BaseModel):
    """The rows one passage of time changed, each with its image before and after
    (store/row_journal.py), so a step run on a wrong date can be undone exactly (services/
    clock.py `undo`). Kept for every step; a step's lines go when the step is undone."""
    day = pw.DateField(index=True)  # the ClockTick's day
    seq = pw.IntegerField()
    table_name = pw.CharField(max_length=60)
    row_id = pw.IntegerField()
    before = pw.TextField(null=True)  # JSON; None: the step inserted the row
    after = pw.TextField(null=True)   # JSON; None: the step deleted the row

    class Meta:
        table_name = "clock_journal"


class InspectionSummons(BaseModel):
    """An intimação to present the vehicle for inspection by a deadline (L1745 Art. 10 and
    §ú; SRM Art. 17 §2º): open until the deadline, then met (the vehicle was presented) or
    missed, as the passage of time finds (services/licensing/summons.py)."""
    STATUSES = ("open", "met", "missed")
    permit = pw.ForeignKeyField(Permit, backref="summonses", on_delete="RESTRICT")
    vehicle = pw.ForeignKeyField(Vehicle, backref="summonses", on_delete="RESTRICT")
    summoned_on = pw.DateField()
    deadline = pw.DateField()
    act_number = pw.CharField(max_length=60, default="")
    status = pw.CharField(max_length=20, default="open", index=True)
    resolved_on = pw.DateField(null=True)
    inspection = pw.ForeignKeyField(Inspection, null=True, backref="+", on_delete="RESTRICT")
    recorded_by = pw.ForeignKeyField(User, null=True, backref="+", on_delete="RESTRICT")
    recorded_at = pw.DateTimeField(default=utcnow)


class TariffValue(BaseModel):
    """The service's initial tariff (tarifa inicial) in centavos from a date on, each value
    set by an act of the Executive: PF Art. 32 prices fines as multiples of the tariff in
    force (services/setup.tariff_cents_on). Replaces MunicipioSettings.initial_tariff_cents,
    which only kept the value chosen at set-up."""
    effective_on = pw.DateField(unique=True)
    value_cents = pw.IntegerField()
    act_number = pw.CharField(max_length=60, default="")


LAW_MODELS = [ClockTick, InspectionSummons, TariffValue]
MODELS.extend(LAW_MODELS)


# --- imports of the município's register (schema step _step_imports) -----------------------------------------

class ImportRun(BaseModel):
    """A spreadsheet imported (services/exchange/importing.py): its name and SHA-256, what it created
    and updated, the column mapping used (offered again for the next file), and the highest
    numbers it brought (permit order numbers, protocols per year): the numbers below them
    were given by the register kept before this program, so they are not gaps."""
    file_name = pw.CharField(max_length=200)
    sha256 = pw.CharField(max_length=64, index=True)
    imported_at = pw.DateTimeField(default=utcnow)
    imported_by = pw.ForeignKeyField(User, null=True, backref="+", on_delete="RESTRICT")
    rows = pw.IntegerField(default=0)
    created = pw.TextField(default="{}")   # JSON: entity -> count
    updated = pw.TextField(default="{}")   # JSON: entity -> count
    alerts = pw.IntegerField(default=0)
    mapping = pw.TextField(default="{}")   # JSON: kind -> {normalised header: field code}
    numbers = pw.TextField(default="{}")   # JSON: "permit_order:0", "protocol:2024" -> highest


MODELS.append(ImportRun)


# --- recadastramento campaigns (issue 21 item 2; schema step _step_campaigns) --------------------

class Campaign(BaseModel):
    """A recadastramento campaign: the holders called to update their data in the month
    its schedule gives them (domain/campaigns.py: by plate final or permit-number ranges)."""
    name = pw.CharField(max_length=120)
    year = pw.IntegerField()
    kind = pw.CharField(max_length=20)          # domain.campaigns.KINDS
    schedule = pw.TextField()                   # as typed: "1:2, 2:3" / "1-50:3"
    act_number = pw.CharField(max_length=60, default="")
    created_by = pw.ForeignKeyField(User, null=True, backref="+", on_delete="RESTRICT")
    created_at = pw.DateTimeField(default=utcnow)

    class Meta:
        indexes = ((("name", "year"), True),)


class CampaignAttendance(BaseModel):
    """A holder came to a campaign and had the data confirmed (one row per permit)."""
    campaign = pw.ForeignKeyField(Campaign, backref="attendances", on_delete="RESTRICT")
    permit = pw.ForeignKeyField(Permit, backref="+", on_delete="RESTRICT")
    came_on = pw.DateField()
    note = pw.CharField(max_length=200, default="")
    recorded_by = pw.ForeignKeyField(User, null=True, backref="+", on_delete="RESTRICT")
    recorded_at = pw.DateTimeField(default=utcnow)

    class Meta:
        indexes = ((("campaign", "permit"), True),)


MODELS.extend([Campaign, CampaignAttendance])


# --- the due-dates table (issue 23; schema step _step_alert_due) ---------------------------------

class AlertDue(BaseModel):
    """One item of services.alerts.due(on=D, days=W) for the day D and window W of the one
    AlertDueState row: the Painel reads its most urgent page, total and overdue count by
    indexed SQL instead of computing the whole register's alerts. Kept current inside the
    write transactions (services/views/due_dates.py); a copy, never a record: rebuilt from the
    register whenever it is stale. Not sealed, not audited."""
    person_id = pw.IntegerField(null=True, index=True)
    kind = pw.CharField(max_length=40)
    due_date = pw.DateField()
    sort_name = pw.TextField(default="")   # the person's folded name, as alerts sorts by
    entity = pw.CharField(max_length=40)
    entity_id = pw.IntegerField(index=True)  # a whole-text (entity, id) index costs more
    permit_id = pw.IntegerField(null=True, index=True)
    order_number = pw.IntegerField(null=True)
    order_text = pw.TextField(default="")
    plate = pw.TextField(null=True)
    person_name = pw.TextField(default="")
    label = pw.TextField()
    article = pw.TextField(default="")

    class Meta:
        table_name = "alert_due"
        # the Painel's order (on PostgreSQL its due_date prefix, then an incremental sort)
        indexes = ((("due_date", "kind", "sort_name", "entity_id"), False),)


class AlertDueState(BaseModel):
    """The one row that says for which day and window AlertDue holds the alerts, and whether
    something that changes everybody's alerts (a profile version, a campaign, an import, a
    restored copy) made it stale since."""
    day = pw.DateField(null=True)
    window = pw.IntegerField(default=0)
    stale = pw.BooleanField(default=True)
    built_at = pw.DateTimeField(null=True)

    class Meta:
        table_name = "alert_due_state"


MODELS.extend([AlertDue, AlertDueState])
MODELS.append(ClockJournal)  # schema v21


# --- the last seal of each sealed row (issue 34; schema step _step_seal_index) ---------------

class RowSeal(BaseModel):
    """Where the chain last sealed each sealed row: its seal and the audit entry that carries
    it, written in the same transaction as that entry (services/audit.py). An index, so a
    save can check the row against its last seal with one read; `check` compares it with
    the chain itself (an index that disagrees is reported as tampering)."""
    table_name = pw.CharField(max_length=40)
    row_id = pw.IntegerField()
    seal = pw.CharField(max_length=80)  # domain.audit_chain.seal_text; "" sealed as gone
    entry_id = pw.IntegerField()  # the audit_log id (no foreign key: never deleted)

    class Meta:
        table_name = "row_seal"
        indexes = ((("table_name", "row_id"), True),)


MODELS.append(RowSeal)


# --- the stations' audit marks (issue 34 item 4; schema step _step_station_marks) ----------------

class StationMark(BaseModel):
    """The audit chain's head each station (a PC, its user and data folder, on this database)
    saw at its last action: entry id, hash and how many entries the chain had, written inside
    the action's own transaction (services/trust/station_marks.py). The database's own memory of
    the signed checkpoints the stations keep outside it, so a station whose checkpoint file
    is deleted, or a database put back to an older copy by hand, is told by `check`. Moved
    forward only over a chain that still holds it; lowered only by a restore or an
    administrator's acknowledgement, both audited. Not sealed: the chain cannot carry the
    hash of its own last entry."""
    station = pw.CharField(max_length=32, primary_key=True)  # services/station_marks.identity
    machine = pw.CharField(max_length=255, default="")
    os_user = pw.CharField(max_length=255, default="")
    folder = pw.TextField(default="")  # the station's data folder
    audit_id = pw.IntegerField()
    entry_hash = pw.CharField(max_length=64)
    entries = pw.IntegerField()  # entries in the chain up to audit_id
    seen_at = pw.DateTimeField(default=utcnow)

    class Meta:
        table_name = "station_mark"


MODELS.append(StationMark)


# --- e-mail to holders (issue 41 items 3 and 4; schema step _step_email) ----------------------

class EmailConsent(BaseModel):
    """A person's word on e-mail (LGPD Art. 7º I, Art. 8º): consent yes/no and the day it was
    given, and the day the person unsubscribed from reminders (legal documents are still
    sent: they go under the município's legal basis, LGPD Art. 7º III and Art. 23). No row:
    never asked — documents may go, reminders may not."""
    person = pw.ForeignKeyField(Person, unique=True, backref="+", on_delete="CASCADE")
    consent = pw.BooleanField()
    consent_on = pw.DateField()
    unsubscribed_on = pw.DateField(null=True)
    recorded_by = pw.CharField(max_length=60, default="")


class EmailDelivery(BaseModel):
    """One e-mail the program sent or tried to send (services/messaging/mail.py): who sent it, to whom
    and to which address, what it carried (the document, its key and the SHA-256 of the
    attachment, kept so a retry sends the same bytes) and the server's answer. A failed one
    is retried as it was; never deleted."""
    STATUSES = ("sent", "failed")
    created_at = pw.DateTimeField(default=utcnow, index=True)
    login = pw.CharField(max_length=60)
    person = pw.ForeignKeyField(Person, null=True, backref="+", on_delete="RESTRICT")
    address = pw.CharField(max_length=120)
    kind = pw.CharField(max_length=20)       # document | reminder | test
    document = pw.CharField(max_length=40, default="")  # termo | notice | guia | receipt | alert kind
    document_key = pw.CharField(max_length=60, default="")
    subject = pw.CharField(max_length=200)
    body = pw.TextField()
    attachment_name = pw.CharField(max_length=120, default="")
    attachment = pw.BlobField(null=True)
    sha256 = pw.CharField(max_length=64, default="")
    status = pw.CharField(max_length=10, index=True)
    server_reply = pw.TextField(default="")
    attempts = pw.IntegerField(default=1)
    last_attempt_at = pw.DateTimeField(default=utcnow)


MODELS.extend([EmailConsent, EmailDelivery])
