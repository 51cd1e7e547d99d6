"""An end-to-end check on a temporary database, importing no Qt module, so it also runs
where no screen or Qt is usable (the Windows installer's check runs it under wine).
Later capabilities add their own checks here."""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from ..store.migrations import close_database, open_database
from . import demo, search, setup, users


def run() -> dict:
    checks: list[dict] = []

    def check(name: str, ok: bool, detail: str) -> None:
        checks.append({"name": name, "ok": bool(ok), "detail": detail})

    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mototaxi-selftest-") as folder:
        db_path = Path(folder) / "selftest.db"
        open_database(db_path.as_posix(), backup_dir=Path(folder))
        try:
            summary = setup.initialise(
                profile_id="sao-raimundo-das-mangabeiras-2019", municipio="Município de Teste",
                uf="MA", ibge="2111102", population=9000, fiscal_unit_value="50,00",
                admin_password="senha-de-teste")
            check("init", summary["permit_cap"] == 30,
                  f"limite de permissões {summary['permit_cap']} para 9000 habitantes")
            counts = demo.fill(20, seed=7)
            check("demo", counts["holders"] == 20, f"{counts['holders']} permissionários")
            from ..store.models import Person, Vehicle
            person = Person.select().order_by(Person.id).first()
            hits = search.search(person.cpf[:3] + "." + person.cpf[3:6])
            check("busca por CPF", any(h["person_id"] == person.id for h in hits),
                  f"{len(hits)} resultado(s)")
            word = person.name.split()[1]
            hits = search.search(word.upper())
            check("busca por nome", any(h["person_id"] == person.id for h in hits),
                  f"{len(hits)} resultado(s)")
            vehicle = Vehicle.select().order_by(Vehicle.id).first()
            from ..domain.validators import old_plate
            other = old_plate(vehicle.plate) if vehicle.plate_original == vehicle.plate \
                else vehicle.plate
            hits = search.search(other)
            check("busca por placa", any(h.get("vehicle_id") == vehicle.id for h in hits),
                  f"{other} encontrou {vehicle.plate_original}")
            actor = users.authenticate("atendente", demo.DEMO_PASSWORD)
            check("login", actor.role == "atendente", "senha argon2 conferida")
        finally:
            close_database()
    check("sem Qt", not any(m.startswith("PySide6") for m in sys.modules),
          "nenhum módulo Qt carregado")
    return {"ok": all(c["ok"] for c in checks), "checks": checks,
            "seconds": round(time.perf_counter() - started, 2)}
