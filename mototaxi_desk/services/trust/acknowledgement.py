"""An administrator accepts the audit chain as it is now as this station's reference (issue 34
item 4): after a restore made on the PostgreSQL server behind the program, a station
reinstalled (its checkpoint files gone), a copy put in place knowingly. It is the only way,
besides a restore through the program, to lower a station's marks (services/trust/checkpoints.py,
services/trust/station_marks.py), and it is audited with what they said."""
from __future__ import annotations

from ...domain.errors import DomainError
from ...store.connection import write_transaction
from .. import audit, permissions
from . import checkpoints, station_marks


def acknowledge(actor) -> dict:
    """Refused when nothing disagrees. Audited with what the marks and `check` said; then
    this station's marks are written again at the head, and the other stations' rows the
    chain no longer holds are removed (their own files still speak there, until an
    administrator acknowledges there too)."""
    permissions.require(actor, "audit.acknowledge")
    found = checkpoints.problems()
    if not found:
        raise DomainError("Nada a reconhecer: os marcos da trilha de auditoria desta estação "
                          "conferem com o banco. Nada foi gravado.")
    files = checkpoints.marks_summary()["arquivos"]
    mine = station_marks.here()
    me = station_marks.identity()
    with write_transaction():
        others = station_marks.forget_others_not_held()
        entry = audit.record(actor, "audit.acknowledge", "audit_log", "", before={
            "problemas": found, "arquivos": files,
            "banco": station_marks.describe(mine) if mine else None,
            "outras_estacoes": others},
            after={"estacao": me["machine"], "usuario": me["os_user"],
                   "pasta": me["folder"]})
        station_marks.note(reset=True)
    data = checkpoints.write(reset=True)
    return {"problems": found, "entry": entry.id, "others": others,
            "head": {k: data[k] for k in ("id", "hash", "count")} if data else None}
