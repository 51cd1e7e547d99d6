"""Issue 40 item 3: on PostgreSQL `check` has the server recompute each audit entry's SHA-256
(store/chain_sql.py) and reads into Python only the entries the server doubts. The server's
text must be Python's for every entry the program writes (else each would be doubted and the
walk falls back to Python: correct, but no faster), and the verdict must be the walk in
Python's for a sound chain and for every kind of tampering."""
from __future__ import annotations

import pytest

from mototaxi_desk.demo import data as demo
from mototaxi_desk.services import audit
from mototaxi_desk.services.context import Actor
from mototaxi_desk.services.trust import audit_walk, integrity
from mototaxi_desk.store import chain_sql
from mototaxi_desk.store.models import AuditLog

from .test_tamper import _sql

pytestmark = pytest.mark.parametrize("db_url", ["postgres"], indirect=True)

ODD = ["Zé \"aspas\" \\ barra", "linha\nnova\ttab\rvolta\x08\x0c", "controle \x01\x1f\x7f",
       "separadores \u2028 \u2029", "acentos çãõéíú ÇÃ", "astral 𝄞 ☃", "</script>", "", " "]


def _head_id() -> int:
    return AuditLog.select(AuditLog.id).order_by(AuditLog.id.desc()).scalar()


def _in_python(monkeypatch, **options) -> dict:
    """walk() made in Python, as when the server doubts more than DOUBTS entries."""
    with monkeypatch.context() as patch:
        patch.setattr(chain_sql, "doubtful_entries", lambda limit, up_to: None)
        return audit_walk.walk(**options)


@pytest.fixture
def register(municipio, monkeypatch):
    demo.fill_bulk(8, seed=3, with_users=False, notices=20)
    actor = Actor(None, "atendente", "clerk")
    for i, text in enumerate(ODD):
        with monkeypatch.context() as patch:  # the PC's name as the entry records it
            patch.setattr(audit, "machine", lambda text=text: text)
            audit.record(actor, "person.update", "person", text[:40],
                         before={"nome": text, "n": i, "nada": None, "lista": [text, 1.5]},
                         after={text: text} if text else None)
    return municipio


def test_the_server_doubts_no_entry_the_program_wrote(register):
    """Grants, notices, payments, proceedings and entries with odd characters in every field
    the program writes: the server's canonical text is Python's for each."""
    assert AuditLog.select().count() > 100
    assert chain_sql.doubtful_entries(10, _head_id()) == []


def test_more_doubts_than_the_walk_judges_leave_the_walk_to_python(register, db_url):
    """A log changed in more places than DOUBTS: doubtful_entries says so (None) and the walk
    is made in Python, with the same verdict."""
    ids = [i for (i,) in AuditLog.select(AuditLog.id).order_by(AuditLog.id).tuples()]
    _sql(db_url, f"UPDATE audit_log SET entity_id = 'x' WHERE id >= {ids[-5]}")
    assert chain_sql.doubtful_entries(4, _head_id()) is None
    assert chain_sql.doubtful_entries(5, _head_id()) == ids[-5:]
    assert audit_walk.walk()["chain"]["broken"]["id"] == ids[-5]


def test_a_sound_chain_reads_the_same_on_the_server_and_in_python(register, monkeypatch):
    audited = integrity.AUDITED
    on_server = audit_walk.walk(audited=audited, seals=True)
    assert on_server["chain"]["ok"] and on_server["chain"]["count"] == AuditLog.select().count()
    assert on_server == _in_python(monkeypatch, audited=audited, seals=True)
    assert integrity.check() == []


@pytest.mark.parametrize("tamper", [
    "UPDATE audit_log SET entity_id = '999999' WHERE id = {middle}",
    "UPDATE audit_log SET after = coalesce(after, '{{}}') || ' ' WHERE id = {middle}",
    "UPDATE audit_log SET machine = 'OUTRO-PC' WHERE id = {middle}",
    "UPDATE audit_log SET at = at + interval '1 second' WHERE id = {middle}",
    "UPDATE audit_log SET user_id = CASE WHEN user_id IS NULL THEN (SELECT min(id) FROM "
    "\"user\") END WHERE id = {middle}",
    "UPDATE audit_log SET seals = NULL WHERE id = (SELECT min(id) FROM audit_log "
    "WHERE seals IS NOT NULL AND id > {middle})",
    "DELETE FROM audit_log WHERE id = {middle}",
    "DELETE FROM audit_log WHERE id = {first}",
    "UPDATE audit_log SET prev_hash = NULL WHERE id = {middle}",
    "UPDATE audit_log SET entry_hash = '' WHERE id = {last}",
])
def test_a_tampered_chain_gets_the_same_verdict_on_the_server_and_in_python(
        register, db_url, monkeypatch, tamper):
    ids = [i for (i,) in AuditLog.select(AuditLog.id).order_by(AuditLog.id).tuples()]
    _sql(db_url, tamper.format(first=ids[0], middle=ids[len(ids) // 2], last=ids[-1]))
    on_server = audit_walk.walk(audited=integrity.AUDITED)
    assert not on_server["chain"]["ok"]
    assert on_server == _in_python(monkeypatch, audited=integrity.AUDITED)
    assert integrity.audit_problems(on_server)


def test_an_entry_the_server_doubts_but_the_model_finds_sound_does_not_break_it(
        register, db_url, monkeypatch):
    """A doubt is never a verdict: what the server doubts is judged as the model reads it,
    and the walk goes on past it."""
    ids = [i for (i,) in AuditLog.select(AuditLog.id).order_by(AuditLog.id).tuples()]
    doubted = [ids[3], ids[len(ids) // 2]]
    monkeypatch.setattr(chain_sql, "doubtful_entries", lambda limit, up_to: doubted)
    walked = audit_walk.walk()
    assert walked["chain"] == {"ok": True, "count": len(ids), "broken": None,
                               "head": AuditLog.get_by_id(ids[-1]).entry_hash}
