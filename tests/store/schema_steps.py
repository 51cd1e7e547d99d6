"""A database as it was before a schema step: the step's own changes undone by the caller's
SQL, and the schema history ending just before it (open_database then runs the step)."""
from mototaxi_desk.store import connection
from mototaxi_desk.store.migrations import STEPS


def step_named(name: str) -> int:
    return next(n for n, step in STEPS.items() if step.__name__ == name)


def before_step(url: str, step: int, *undo: str) -> None:
    raw = connection.make_database(url)
    raw.connect()
    for statement in undo:
        raw.execute_sql(statement)
    raw.execute_sql(f'DELETE FROM "schema_version" WHERE "version" >= {step}')
    raw.execute_sql('INSERT INTO "schema_version" ("version", "changed_at") '
                    f"VALUES ({step - 1}, CURRENT_TIMESTAMP)")
    raw.close()
