"""Render every printed document with demo data into docs/images/*.png (150 dpi), for the
README and for looking at them: `python docs/render_documents.py`. Uses a temporary
database and key folder; nothing touches the real data folder."""
from __future__ import annotations

import datetime as dt
import sys
import tempfile
from pathlib import Path

import pypdfium2 as pdfium

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
OUT = ROOT / "docs" / "images"


def save(pdf: bytes, name: str, pages=(0,), dpi: int = 150) -> None:
    doc = pdfium.PdfDocument(pdf)
    for i in pages:
        image = doc[i].render(scale=dpi / 72).to_pil().convert("RGB")
        image = image.quantize(colors=64)  # small files, text stays crisp
        suffix = f"-{i + 1}" if len(pages) > 1 else ""
        image.save(OUT / f"{name}{suffix}.png", optimize=True)
        print(OUT / f"{name}{suffix}.png")


def main() -> None:
    from mototaxi_desk.demo import data as demo
    from mototaxi_desk.services import documents, ledger, setup
    from mototaxi_desk.services.ledger import impounds
    from mototaxi_desk.services.trust import keys
    from mototaxi_desk.services.context import SYSTEM
    from mototaxi_desk.store.migrations import close_database, open_database
    from mototaxi_desk.store.models import AuxiliaryDriver, Permit, Sticker
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, keys.using_key_dir(Path(folder) / "keys"):
        open_database(str(Path(folder) / "docs.db"), backup_dir=Path(folder))
        try:
            setup.initialise(profile_id="sao-raimundo-das-mangabeiras-2019",
                             municipio="São Raimundo das Mangabeiras", uf="MA", ibge="2111102",
                             population=18540, fiscal_unit_value="48,26",
                             admin_password="senha-de-teste")
            demo.fill(40, seed=11)
            today = dt.date.today()
            permit = (Permit.select().where((Permit.status == "active") &
                                            Permit.stand.is_null(False))
                      .order_by(Permit.order_number.desc()).first())
            save(documents.print_cards(SYSTEM, [permit.order_number])["pdf"], "cartao-permissao",
                 pages=(0, 1))
            aux = (AuxiliaryDriver.select().join(Permit).where(
                AuxiliaryDriver.active & (Permit.status == "active")).first())
            if aux is not None:
                save(documents.print_aux_cards(SYSTEM, [aux.permit.order_number])["pdf"],
                     "cartao-condutor-auxiliar")
            save(documents.print_cards(SYSTEM, all_active=True, sheet="a4")["pdf"],
                 "cartoes-folha-a4", dpi=100)
            sticker = Sticker.select().where(Sticker.status == "issued").order_by(
                Sticker.serial.desc()).first()
            save(documents.print_stickers(SYSTEM, [sticker.serial])["pdf"], "selo-vistoria")
            save(documents.print_stickers(SYSTEM, all_active=True, sheet="a4")["pdf"],
                 "selos-folha-a4", dpi=100)
            save(documents.print_termo(SYSTEM, permit.order_number)["pdf"], "termo-permissao")
            save(documents.print_roster(SYSTEM, permit.stand.number)["pdf"], "relacao-ponto")
            fiscal = SYSTEM
            when = dt.datetime.combine(today - dt.timedelta(days=3), dt.time(21, 40))
            notice = ledger.record_notice(fiscal, {
                "permit_id": permit.id, "infraction_code": "36-I",
                "occurred_at": when.strftime("%d/%m/%Y %H:%M"),
                "place": "Av. Getúlio Vargas, em frente à rodoviária",
                "agent_name": "Antônio Fiscal de Araújo", "agent_registration": "MAT-1234",
                "description": "Veículo em serviço sem o selo de vistoria afixado.",
                "notified_on": (today - dt.timedelta(days=2)).strftime("%d/%m/%Y"),
                "notification_channel": "in_person"}, on=today)
            save(documents.print_notice(SYSTEM, notice["number"])["pdf"], "auto-infracao")
            deposited = when + dt.timedelta(minutes=20)
            row = impounds.impound_vehicle(fiscal, notice_id=notice["id"],
                                           place="Pátio municipal", boletim="BO 77/2026",
                                           deposited_at=deposited.strftime("%d/%m/%Y %H:%M"))
            for charge in notice["charges"]:
                ledger.pay_charge(SYSTEM, charge["id"], paid_on=today, receipt="DAM 1203",
                                  amount=charge["amount_text"].replace("R$ ", ""), on=today)
            released = dt.datetime.now().replace(second=0, microsecond=0)
            impounds.release_vehicle(SYSTEM, row["id"],
                                     released_at=released.strftime("%d/%m/%Y %H:%M"),
                                     removal="80,00", removal_receipt="REM 88",
                                     storage_receipt="DAM 1204")
            save(documents.print_release(SYSTEM, notice["number"])["pdf"], "recibo-liberacao")
        finally:
            close_database()


if __name__ == "__main__":
    main()
