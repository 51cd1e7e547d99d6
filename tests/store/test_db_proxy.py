"""DB.bound_here: a database bound for one thread only (the check of a backup's copy runs in
a worker while the window keeps using the database in use)."""
import threading

import peewee as pw

from mototaxi_desk.store.models import DB


def test_a_database_bound_in_one_thread_is_not_seen_by_another():
    in_use, copy = pw.SqliteDatabase(":memory:"), pw.SqliteDatabase(":memory:")
    previous = DB.obj
    DB.initialize(in_use)
    try:
        seen = []
        with DB.bound_here(copy):
            assert DB.obj is copy
            worker = threading.Thread(target=lambda: seen.append(DB.obj))
            worker.start()
            worker.join()
        assert seen == [in_use] and DB.obj is in_use
    finally:
        DB.initialize(previous)
