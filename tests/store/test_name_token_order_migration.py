"""The name-token order step (issue 23): a database made before it gets name_folded on each
name token (the person's) and the (token, name_folded, person) index, and the search by a
name prefix lists the same people in the same order."""
import sqlite3

from mototaxi_desk.demo import data as demo
from mototaxi_desk.services.views import search
from mototaxi_desk.store import migrations
from mototaxi_desk.store.migrations import STEPS, close_database, open_database
from mototaxi_desk.store.models import Person, PersonNameToken

from .schema_steps import set_up_at

STEP = next(n for n, step in STEPS.items() if step.__name__ == "_step_name_token_order")


def test_the_step_fills_the_order_of_the_tokens(tmp_path, monkeypatch):
    path = tmp_path / "mototaxi.db"
    set_up_at(path, STEP, monkeypatch)
    demo.fill_bulk(30, seed=2, with_users=False)
    found = {q: search.search(q) for q in ("ma", "jo", "silva", "an", "maria s")}
    close_database()
    raw = sqlite3.connect(str(path))
    raw.execute('DROP INDEX "person_name_token_token_name_folded_person_id"')
    raw.execute('ALTER TABLE "person_name_token" DROP COLUMN "name_folded"')
    raw.execute(f'DELETE FROM "schema_version" WHERE "version" >= {STEP}')
    raw.execute('INSERT INTO "schema_version" ("version", "changed_at") '
                f"VALUES ({STEP - 1}, CURRENT_TIMESTAMP)")
    raw.commit()
    raw.close()
    db = open_database(str(path), backup_dir=tmp_path / "backups")
    try:
        assert migrations.current_version(db) == STEP
        folded = dict(Person.select(Person.id, Person.name_folded).tuples())
        tokens = list(PersonNameToken.select(PersonNameToken.person,
                                             PersonNameToken.name_folded).tuples())
        assert tokens and all(f == folded[p] for p, f in tokens)
        assert {q: search.search(q) for q in found} == found
        assert any(found.values())
    finally:
        close_database()
