"""The digests of sealed rows (models.SEALED_FIELDS) as the model reads them: what an audit
entry records when an action saves them (services/audit.py) and what `check` compares it
with (services/audit_walk.py)."""
from __future__ import annotations

from ..domain.audit_chain import row_digest
from .models import MODELS, SEALED_FIELDS


def sealed_model(table: str):
    return next(m for m in MODELS if m._meta.table_name == table)


def sealed_columns(table: str):
    """(model, its sealed fields in their fixed order)."""
    model = sealed_model(table)
    return model, [model._meta.fields[name] for name in SEALED_FIELDS[table]]


def digests(table: str, ids=None) -> dict[int, str]:
    """id -> digest of the sealed fields of the table's rows (all, or those ids)."""
    model, columns = sealed_columns(table)
    query = model.select(model._meta.primary_key, *columns)
    if ids is not None:
        query = query.where(model._meta.primary_key.in_(list(ids)))
    return {row[0]: row_digest(table, row[0], row[1:]) for row in query.tuples().iterator()}
