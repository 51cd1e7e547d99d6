"""One screen's reading (issue 40 item 4): what a view asks many times while it reads — the
rule profile's versions, the business calendar — read once for that view, not once per
question. Not a cache: it lives only inside `one_reading()` (a prontuário being opened) and
is not used inside a transaction, where a write must see what another counter just
committed."""
from __future__ import annotations

import contextlib
from contextvars import ContextVar

from .models import DB

_scope: ContextVar[dict | None] = ContextVar("one_reading", default=None)


@contextlib.contextmanager
def one_reading():
    """While inside, `remembered` answers each key once (nested scopes share the outer one)."""
    if _scope.get() is not None:
        yield
        return
    token = _scope.set({})
    try:
        yield
    finally:
        _scope.reset(token)


def remembered(key, compute):
    """compute(), or what it gave for `key` earlier in this reading. The value is shared:
    callers must not change it."""
    scope = _scope.get()
    if scope is None or (DB.obj is not None and DB.obj.in_transaction()):
        return compute()
    if key not in scope:
        scope[key] = compute()
    return scope[key]
