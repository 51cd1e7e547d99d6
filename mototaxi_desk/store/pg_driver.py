"""The PostgreSQL driver, loaded when a PostgreSQL database is opened, not at every start.

peewee imports psycopg2 (and with it ssl) as it is itself imported: about a tenth of the
time from the program's start to its login (benchmarks/gui_startup.py), for a driver only a
PostgreSQL database uses. mototaxi_desk/__init__.py calls hide_from_peewee() before
anything imports peewee: psycopg2 is then hidden from peewee's own import only (anyone
importing psycopg2 afterwards gets it), and peewee takes it for not installed. load() gives
peewee the driver as its import would have (tests/store/test_pg_driver.py compares the
two)."""
from __future__ import annotations

import importlib.util
import sys
import threading

# (the finder and the loader below are what the import system calls; importlib.abc's base
# classes would cost an import of importlib.resources at every start)


class _WithoutDriver:
    """peewee's loader, run with psycopg2 missing from sys.modules' point of view."""

    def __init__(self, loader):
        self.loader = loader

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module):
        hide = "psycopg2" not in sys.modules
        if hide:
            sys.modules["psycopg2"] = None  # "import psycopg2" raises ImportError
        try:
            self.loader.exec_module(module)
        finally:
            if hide and sys.modules.get("psycopg2", False) is None:
                del sys.modules["psycopg2"]


class _PeeweeFinder:
    """Answers once, for peewee (its module lock keeps a second thread out meanwhile); it
    stays in sys.meta_path, which the import system may be walking in another thread."""

    def __init__(self):
        self.done = False

    def find_spec(self, name, path=None, target=None):
        if name != "peewee" or self.done:
            return None
        self.done = True  # the real finders answer from here on (this call included)
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.loader is not None:
            spec.loader = _WithoutDriver(spec.loader)
        return spec


def hide_from_peewee() -> None:
    """peewee, when first imported, without psycopg2 (nothing to do once it was imported,
    or when psycopg2 already was: peewee then takes it as it is)."""
    if "peewee" in sys.modules or "psycopg2" in sys.modules:
        return
    if not any(isinstance(finder, _PeeweeFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _PeeweeFinder())


_loading = threading.Lock()


def load() -> None:
    """psycopg2 given to peewee (a PostgreSQL database is about to be made): the names its
    import sets when the driver is found, and the adapter's transaction states. ImportError
    when the driver is not installed."""
    import peewee
    with _loading:
        if peewee.psycopg2 is not None:
            return
        import psycopg2
        from psycopg2 import extensions, extras
        extras.register_uuid()
        adapter = peewee.Psycopg2Adapter
        adapter.txn_idle = extensions.TRANSACTION_STATUS_IDLE
        adapter.txn_inerror = extensions.TRANSACTION_STATUS_INERROR
        adapter.txn_unknown = extensions.TRANSACTION_STATUS_UNKNOWN
        peewee.pg_extensions, peewee.pg_register_uuid = extensions, extras.register_uuid
        peewee.Json_pg2 = extras.Json
        peewee.psycopg2 = psycopg2  # last: peewee takes the driver as there from here on
