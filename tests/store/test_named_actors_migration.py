"""The named-actors schema step (issue 18): audit entries get the machine's name, and a
database made before it is marked as a demo one only when it is the demo database at its
usual place; the entries written before keep their hash, so the chain still verifies."""
import sqlite3

import pytest

from mototaxi_desk import config
from mototaxi_desk.services import audit, setup
from mototaxi_desk.services.context import SYSTEM
from mototaxi_desk.store import migrations
from mototaxi_desk.store.migrations import STEPS, close_database, open_database
from mototaxi_desk.store.models import AuditLog, MunicipioSettings

from ..conftest import MUNICIPIOS, SRM

STEP = next(n for n, step in STEPS.items() if step.__name__ == "_step_named_actors")


def _made_before_the_step(path, monkeypatch) -> None:
    """A set-up database as the program made it before the step: no machine, no demo flag."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with monkeypatch.context() as before:
        before.setattr(audit, "_MACHINE", "")  # entries of that time named no machine
        open_database(str(path))
        name, uf, ibge, population = MUNICIPIOS[SRM]
        setup.initialise(profile_id=SRM, municipio=name, uf=uf, ibge=ibge,
                         population=population, fiscal_unit_value="48,26",
                         admin_password="senha-forte-1")
        close_database()
    raw = sqlite3.connect(str(path))
    raw.execute('ALTER TABLE "audit_log" DROP COLUMN "machine"')
    raw.execute('ALTER TABLE "municipio_settings" DROP COLUMN "is_demo"')
    raw.execute(f'UPDATE "schema_version" SET "version" = {STEP - 1}')
    raw.commit()
    raw.close()


@pytest.mark.parametrize("where", ["demo", "real"])
def test_the_step_marks_only_the_demo_database_and_keeps_the_chain(where, tmp_path,
                                                                  monkeypatch):
    monkeypatch.setattr(migrations, "LATEST", STEP)  # this step, not the ones after it
    path = config.demo_db_path() if where == "demo" else tmp_path / "mototaxi.db"
    _made_before_the_step(path, monkeypatch)
    open_database(str(path), backup_dir=tmp_path / "backups")
    try:
        assert MunicipioSettings.get().is_demo == (where == "demo")
        assert all(e.machine is None for e in AuditLog.select())
        audit.record(SYSTEM, "teste", "database", "")
        assert AuditLog.select().order_by(AuditLog.id.desc()).get().machine == audit.machine()
        assert audit.verify()["ok"]
    finally:
        close_database()
