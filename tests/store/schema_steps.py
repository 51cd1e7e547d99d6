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


def set_up_at(path, step: int, monkeypatch) -> None:
    """A município set up in a new SQLite file by the program as it was at `step` (the steps
    after it never ran); left open for the caller to add to, then close."""
    from mototaxi_desk.services import setup
    from mototaxi_desk.store import migrations

    from ..conftest import MUNICIPIOS, SRM
    monkeypatch.setattr(migrations, "LATEST", step)  # this step, not the ones after it
    migrations.open_database(str(path))
    name, uf, ibge, population = MUNICIPIOS[SRM]
    setup.initialise(profile_id=SRM, municipio=name, uf=uf, ibge=ibge, population=population,
                     fiscal_unit_value="48,26", admin_password="senha-forte-1")
