"""An end-to-end check on a temporary database, importing no Qt module, so it also runs
where no screen or Qt is usable (the Windows installer's check runs it under wine).
It runs on the rule profile of the município's database (the version in force, read from
that database) or, with no database, on every profile the program ships.
Later capabilities add their own checks here."""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from ..store.migrations import close_database, open_database
from . import data as demo
from ..services.views import search
from ..services import setup
from ..services.administration import users
from ..domain import wallclock


# Enough inhabitants for the demo's 20 holders under every shipped law (L1745: 1 per 590).
POPULATION = 30_000


def shipped_profiles() -> list[tuple[str, str]]:
    """(label, text) of every profile the program ships."""
    from ..domain import profiles
    return [(pid, profiles.PROFILES_DIR.joinpath(f"{pid}.toml").read_text(encoding="utf-8"))
            for pid in profiles.available_profiles()]


def run(rule_profiles: list[tuple[str, str]] | None = None) -> dict:
    """The whole check once per profile given as (label, text) — the database's own version
    in force, or every shipped profile (the default) — each on a temporary database."""
    rule_profiles = rule_profiles or shipped_profiles()
    started = time.perf_counter()
    checks: list[dict] = []
    for label, text in rule_profiles:
        checks += _run_one(label, text, several=len(rule_profiles) > 1)
    from ..printing import pades  # once: it needs no database (issue 41)
    signed_ok, signed_detail = pades.self_check()
    checks.append({"name": "assinatura digital (PAdES)", "ok": signed_ok,
                   "detail": signed_detail})
    checks.append({"name": "sem Qt", "ok": not any(m.startswith("PySide6") for m in sys.modules),
                   "detail": "nenhum módulo Qt carregado"})
    return {"ok": all(c["ok"] for c in checks), "checks": checks,
            "profiles": [label for label, _ in rule_profiles],
            "seconds": round(time.perf_counter() - started, 2)}


def _run_one(label: str, text: str, *, several: bool) -> list[dict]:
    checks: list[dict] = []

    def check(name: str, ok: bool, detail: str) -> None:
        checks.append({"name": f"{label}: {name}" if several else name, "ok": bool(ok),
                       "detail": detail})

    # Windows cannot delete a file still open: a failure must surface, not the clean-up
    with tempfile.TemporaryDirectory(prefix="mototaxi-selftest-",
                                     ignore_cleanup_errors=True) as folder:
        from ..domain import profiles
        profile_file = Path(folder) / f"{profiles.parse_profile_text(text, label).id}.toml"
        profile_file.write_text(text, encoding="utf-8")
        db_path = Path(folder) / "selftest.db"
        open_database(db_path.as_posix(), backup_dir=Path(folder))
        key_folder = None
        from ..services.trust import checkpoints  # nor the station's audit checkpoints
        marks_folder = checkpoints.kept_in(Path(folder) / "marcos")
        marks_folder.__enter__()
        try:
            from ..services.trust import keys
            key_folder = keys.using_key_dir(Path(folder) / "keys")  # never the real keys folder
            key_folder.__enter__()
            summary = setup.initialise(
                profile_id=str(profile_file), municipio="Município de Teste",
                uf="MA", ibge="2111102", population=POPULATION, fiscal_unit_value="50,00",
                admin_password="senha-de-teste")
            expected = setup.permit_cap(POPULATION, setup.profile_today())
            check("init", summary["permit_cap"] == expected and summary["profile_version"] == 1,
                  f"perfil {summary['profile_id']} (versão 1 no banco), limite de "
                  f"{summary['permit_cap']} permissões para {POPULATION} habitantes")
            counts = demo.fill(20, seed=7)
            check("demo", counts["holders"] == 20, f"{counts['holders']} titulares")
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
            _check_printing(check)
            _check_records(check)
        finally:
            if key_folder is not None:
                key_folder.__exit__(None, None, None)
            marks_folder.__exit__(None, None, None)
            close_database()
    return checks


def _check_printing(check) -> None:
    """Print the card of a granted permit, verify its QR text, check that the PDF draws that
    very code, and that an altered text is refused."""
    from ..printing import qr
    from ..store.models import Permit
    from ..services import documents
    from ..services.context import SYSTEM
    today = wallclock.today()
    permit = (Permit.select().where((Permit.status == "active") & (Permit.valid_until >= today))
              .order_by(Permit.order_number).first())
    if permit is None:
        check("impressão do cartão", False, "nenhuma permissão ativa para imprimir")
        return
    printed = documents.print_cards(SYSTEM, [permit.order_number], on=today)
    documents.confirm(SYSTEM, printed)  # drawn in memory here: the check issues it
    pdf, text = printed["pdf"], printed["copies"][0]["qr_text"]
    drawn = b"".join(_page_streams(pdf))
    runs = sum(1 for row in qr.matrix(text) for i, dark in enumerate(row)
               if dark and (i == 0 or not row[i - 1]))
    check("impressão do cartão", pdf.startswith(b"%PDF") and drawn.count(b" re") >= runs,
          f"cartão da permissão nº {permit.order_number}, {len(pdf) // 1024 + 1} KB, "
          f"QR de {len(text)} caracteres desenhado")
    result = documents.verify(text, on=today)
    check("QR assinado", result["valid"], result["message"])
    altered = text[:-3] + ("A" if text[-3] != "A" else "B") + text[-2:]
    check("QR alterado recusado", not documents.verify(altered, on=today)["valid"],
          "um caractere trocado invalida o QR")


def _check_records(check) -> None:
    """Every record the demo wrote is whole and the audit chain holds."""
    from ..services import audit
    from ..services.trust import integrity
    problems = integrity.check()
    check("registros íntegros", not problems,
          problems[0] if problems else "arquivo, registros completos, numeração sem falhas")
    chain = audit.verify()
    check("trilha de auditoria", chain["ok"],
          f"{chain['count']} registro(s) encadeados por hash")


def _page_streams(pdf: bytes):
    """The decoded content streams of a ReportLab PDF (ASCII85 then Flate, or Flate), each
    cut at its /Length: binary Flate data may end in a byte that looks like white space,
    which a pattern up to "endstream" would drop (a card failed the check about once in
    twenty runs, as each run signs with a new key)."""
    import base64
    import re
    import zlib
    for match in re.finditer(rb"<<([^<>]*)>>\s*stream\r?\n", pdf):
        header = match.group(1)
        length = re.search(rb"/Length\s+(\d+)", header)
        if length is None:
            continue
        data = pdf[match.end():match.end() + int(length.group(1))]
        try:
            if b"/ASCII85Decode" in header:
                data = base64.a85decode(data.strip(), adobe=True)
            if b"/FlateDecode" in header:
                data = zlib.decompress(data)
        except (ValueError, zlib.error):
            continue
        yield data
