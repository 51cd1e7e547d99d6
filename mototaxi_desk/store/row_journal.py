"""A journal of the rows one piece of work changes, so that the work can be undone exactly.

The passage of time (services/clock.py) is the one writer that uses it: a step run on a wrong
date (a PC clock set ahead) expires permits, frees stand places, calls the waiting list...
and every one of those writes must be reversible, whatever service made it. So, while a
journal records on this thread, every write to a table of ours is seen where peewee runs it:
- an UPDATE or DELETE (a model's save() of an existing row included): the rows its WHERE
  matches are read first, and the first image of each row is kept (its state before the work);
- an INSERT through a model's save()/create(): the new row's id is kept (it did not exist).
An INSERT by query (insert_many) is refused while recording: it could not be undone row by
row. When the work ends, the images after it are read, so an undo can tell a row that was
changed again since (by a later action) and refuse instead of erasing that change.

Tables that are logs or caches are not journaled (the audit log is append-only; the
due-dates table is rebuilt). Images are JSON with the types tagged (dates, datetimes,
decimals, bytes), so they come back as the model's values.
"""
from __future__ import annotations

import base64
import datetime as dt
import json
import threading
from decimal import Decimal

import peewee as pw

# logs and caches: never restored by an undo (the audit log keeps the undo's own entries)
UNJOURNALED = frozenset({"audit_log", "clock_journal", "row_seal", "station_mark", "alert_due",
                         "alert_due_state", "schema_version"})

_local = threading.local()


class JournalError(RuntimeError):
    """A write the journal cannot record (a bug in the work being journaled, not bad input)."""


class Journal:
    """The rows one piece of work changed: (table, id) -> image before (None: inserted)."""

    def __init__(self):
        self.before: dict[tuple[str, int], dict | None] = {}
        self.order: list[tuple[str, int]] = []
        self.models: dict[str, type[pw.Model]] = {}

    def _note(self, model, row_id, image) -> None:
        key = (model._meta.table_name, row_id)
        if key not in self.before:
            self.before[key] = image
            self.order.append(key)
            self.models[key[0]] = model

    def entries(self) -> list[dict]:
        """In the order first touched: {"table", "row_id", "before", "after"} (images as JSON
        text; before None: the work inserted it; after None: the work deleted it)."""
        out = []
        for table, row_id in self.order:
            model = self.models[table]
            after = image_of(model, row_id)
            before = self.before[(table, row_id)]
            if before is None and after is None:
                continue  # inserted then deleted by the same work: nothing to undo
            out.append({"table": table, "row_id": row_id,
                        "before": None if before is None else dump(before),
                        "after": None if after is None else dump(after)})
        return out


def active() -> Journal | None:
    return getattr(_local, "journal", None)


class recording:
    """`with recording() as journal:` journals this thread's writes until the block ends."""

    def __enter__(self) -> Journal:
        if active() is not None:
            raise JournalError("a journal is already recording on this thread")
        _local.journal = Journal()
        return _local.journal

    def __exit__(self, *exc) -> None:
        _local.journal = None


def _journaled(model) -> bool:
    return model is not None and model._meta.table_name not in UNJOURNALED


def before_execute(query) -> None:
    """Called by the database for every query it runs (store/connection.py)."""
    journal = active()
    if journal is None or not isinstance(query, (pw._WriteQuery,)):
        return
    model = getattr(query, "model", None)
    if not _journaled(model):
        return
    if isinstance(query, pw.ModelInsert):
        if not getattr(_local, "saving", False):
            raise JournalError(f"insert by query into {model._meta.table_name} while the "
                               "journal records: use save()/create()")
        return  # its id is noted by after_insert
    if isinstance(query, (pw.ModelUpdate, pw.ModelDelete)):
        where = query._where
        select = model.select()
        if where is not None:
            select = select.where(where)
        for row in select.dicts():
            journal._note(model, row[model._meta.primary_key.name], _plain(model, row))


class saving:
    """Around a model's save(): its INSERT is the journal's to note (BaseModel.save)."""

    def __enter__(self):
        self.previous = getattr(_local, "saving", False)
        _local.saving = True

    def __exit__(self, *exc):
        _local.saving = self.previous


def after_insert(instance) -> None:
    journal = active()
    if journal is not None and _journaled(type(instance)):
        journal._note(type(instance), instance._pk, None)


# --- images -----------------------------------------------------------------------------

def _plain(model, row: dict) -> dict:
    """A row read by select().dicts() as {field name: value} (foreign keys by their id)."""
    return {name: row.get(name) for name in model._meta.fields}


def image_of(model, row_id) -> dict | None:
    """The row as it is now ({field name: value}), or None when there is no such row."""
    row = model.select().where(model._meta.primary_key == row_id).dicts().first()
    return None if row is None else _plain(model, row)


def _tag(value):
    if isinstance(value, dt.datetime):
        return {"$dt": value.isoformat()}
    if isinstance(value, dt.date):
        return {"$d": value.isoformat()}
    if isinstance(value, Decimal):
        return {"$dec": str(value)}
    if isinstance(value, (bytes, bytearray, memoryview)):
        return {"$b": base64.b64encode(bytes(value)).decode("ascii")}
    raise TypeError(type(value).__name__)


def dump(image: dict) -> str:
    return json.dumps(image, default=_tag, sort_keys=True, ensure_ascii=False)


def _untag(obj):
    if len(obj) == 1:
        key, value = next(iter(obj.items()))
        if key == "$dt":
            return dt.datetime.fromisoformat(value)
        if key == "$d":
            return dt.date.fromisoformat(value)
        if key == "$dec":
            return Decimal(value)
        if key == "$b":
            return base64.b64decode(value)
    return obj


def load(text: str | None) -> dict | None:
    return None if text is None else json.loads(text, object_hook=_untag)


def same(image: dict | None, other: dict | None) -> bool:
    """Two images of one row alike, comparing as the database gives the values back (a
    datetime's microseconds, a bool stored as 0/1)."""
    if image is None or other is None:
        return image is other
    return json.loads(dump(image)) == json.loads(dump(other))
