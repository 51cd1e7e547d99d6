"""The whole-row select's kept column list and row resolution (store/whole_row_select.py) and
the plain-SQL writes of every action (store/plain_sql.py): the same SQL and the same rows as
peewee's own, on both backends (issue 40 items 4 and 6)."""
from __future__ import annotations

import datetime as dt

import peewee as pw
import pytest

from mototaxi_desk.store import plain_sql
from mototaxi_desk.store.models import DB, AuditLog, Person, Permit, RowSeal, Vehicle
from mototaxi_desk.store.whole_row_select import WholeRowSelect

from ..conftest import BACKENDS


def _stock(query: WholeRowSelect) -> pw.ModelSelect:
    """The same query as peewee's own ModelSelect (its __dict__ copied, its class swapped)."""
    twin = pw.ModelSelect.__new__(pw.ModelSelect)
    twin.__dict__.update(query.__dict__)
    return twin


def _sql(query):
    return DB.obj.get_sql_context().sql(query).query()


def _shapes():
    holder = Person.alias("holder")
    inner = Person.select(Person.id).where(Person.cpf.startswith("1"))
    return [
        Person.select(),
        Person.select().where(Person.id == 3).order_by(Person.name).limit(2),
        Permit.select().join(Person).where(Person.cpf == "1"),
        Permit.select().join(holder, on=(Permit.holder == holder.id)).where(holder.id > 0),
        Person.select().where(Person.id.in_(inner)),
        Person.select().where(Person.id.in_(Person.select())),  # a default select as subquery
        Person.select(Person.name, Person.cpf),
        Person.select().select_extend(pw.fn.LOWER(Person.name).alias("low")),
        holder.select(),
        Vehicle.select().where(Vehicle.owner.is_null()).for_update()
        if isinstance(DB.obj, pw.PostgresqlDatabase) else Vehicle.select(),
    ]


@pytest.mark.parametrize("db_url", BACKENDS, indirect=True)
def test_the_kept_column_list_is_peewees_own_text(db):
    for _ in range(2):  # composed, then read from what was kept
        for query in _shapes():
            if isinstance(query, WholeRowSelect):
                assert _sql(query) == _sql(_stock(query))
    with DB.obj.atomic():  # the alias the first column gives is the one FROM names
        sql, _ = _sql(Permit.select().join(Person))
    assert sql.startswith('SELECT "t1"."id"') and 'FROM "permit" AS "t1"' in sql


@pytest.mark.parametrize("db_url", BACKENDS, indirect=True)
def test_rows_read_through_the_kept_resolution_are_peewees_own(db):
    born = dt.date(1990, 5, 17)
    for i, cpf in enumerate(("52998224725", "11144477735")):
        Person.insert(cpf=cpf, name=f"Pessoa {i}", name_folded=f"pessoa {i}",
                      birth_date=born).execute()
    for _ in range(2):
        ours = [p.__data__ for p in Person.select().order_by(Person.id)]
        theirs = [p.__data__ for p in _stock(Person.select().order_by(Person.id))]
        assert ours == theirs and ours[0]["birth_date"] == born
        assert Person.get(Person.cpf == "11144477735").name == "Pessoa 1"
        assert [p.cpf for p in Person.select(Person.cpf).order_by(Person.cpf)] == \
            ["11144477735", "52998224725"]
        assert Person.select().count() == 2 and Person.select().exists()


@pytest.mark.parametrize("db_url", BACKENDS, indirect=True)
def test_plain_writes_only_to_tables_the_row_journal_never_records(db):
    before = Person.select().count()
    with pytest.raises(ValueError, match="row journal"):
        plain_sql.insert("person", {"cpf": "52998224725"})
    with pytest.raises(ValueError, match="row journal"):
        plain_sql.upsert("person", ("cpf",), [("52998224725",)], ("cpf",))
    assert Person.select().count() == before


@pytest.mark.parametrize("db_url", BACKENDS, indirect=True)
def test_the_upsert_of_last_seals_replaces_a_rows_line(db):
    columns = ("table_name", "row_id", "seal", "entry_id")
    plain_sql.upsert("row_seal", ("table_name", "row_id"),
                     [("person", 1, "2:a", 10), ("person", 2, "2:b", 10)], columns)
    plain_sql.upsert("row_seal", ("table_name", "row_id"), [("person", 2, "2:c", 11)], columns)
    assert sorted(RowSeal.select(RowSeal.row_id, RowSeal.seal, RowSeal.entry_id).tuples()) == \
        [(1, "2:a", 10), (2, "2:c", 11)]


@pytest.mark.parametrize("db_url", BACKENDS, indirect=True)
def test_an_entry_inserted_as_plain_sql_reads_back_as_peewee_writes_it(db):
    at = dt.datetime(2026, 12, 6, 21, 30, 15, 123456)
    values = {"user_id": None, "at": at, "action": "pessoa.nova", "entity": "person",
              "entity_id": "7", "before": None, "after": '{"a": 1}', "prev_hash": None,
              "entry_hash": "f" * 64, "seals": None, "machine": "balcao-1"}
    first = plain_sql.insert("audit_log", values)
    second = AuditLog.insert(**{("user" if k == "user_id" else k): v
                                for k, v in values.items()}).execute()
    assert second == first + 1
    ours, theirs = (AuditLog.get_by_id(first).__data__, AuditLog.get_by_id(second).__data__)
    assert {**ours, "id": None} == {**theirs, "id": None} and ours["at"] == at
