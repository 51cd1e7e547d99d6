"""Document data for the pure printing tests (no database)."""
from __future__ import annotations

import datetime as dt

from mototaxi_desk.printing import cards, qr, stickers
from mototaxi_desk.printing.common import Municipio

KEY = qr.new_private_key()
KEYS = {"2111102-1": qr.public_raw(KEY)}
MUNICIPIO = Municipio("São Raimundo das Mangabeiras", "MA", "2111102", None,
                      "Projeto de Lei nº 002/2019")
LONG_NAME = ("Maria da Conceição Aparecida dos Santos Oliveira Pereira de Araújo Magalhães "
             "Guimarães Cavalcanti Albuquerque Bezerra de Menezes Sá Leitão Gonçalves Brandão "
             "Damião Macêdo Sampaio Monteiro Lopes Barbosa Carvalho Mendes Silva")[:200]
assert len(LONG_NAME) == 200


def card_record(copy=1, **changes) -> qr.QrRecord:
    values = dict(kind="permit_card", key_id=1, ibge="2111102", number=12, ref=3, copy=copy,
                  plate="ABC1D23", date1=dt.date(2026, 6, 15), valid_until=dt.date(2031, 6, 14),
                  person="456789")
    values.update(changes)
    return qr.QrRecord(**values)


def card(name="Raimundo Nonato de Araújo Sá", *, auxiliary=False, photo=None, copy=1,
         stand="Ponto 03 — Praça da Matriz") -> cards.CardData:
    return cards.CardData(
        municipio=MUNICIPIO, auxiliary=auxiliary, name=name, cpf_masked="***.456.789-**",
        rg="1234567 SSP/MA", cnh="01234567890 — cat. A", order_text="0012", plate="ABC-1234",
        stand=stand, issued_on=dt.date(2026, 6, 15), valid_until=dt.date(2031, 6, 14),
        renavam="12345678901", chassis="9C2KC0000000000AB", vehicle="Honda CG 160 Fan 2025/2025",
        blood="O+", copy=copy, qr_text=qr.sign(card_record(copy), KEY), photo=photo,
        holder_name="José Holder da Silva" if auxiliary else "")


def sticker(serial="2026-000123", copy=1) -> stickers.StickerData:
    record = qr.QrRecord(kind="sticker_annual", key_id=1, ibge="2111102",
                         number=qr.sticker_number(serial), ref=12, copy=copy, plate="ABC1D23",
                         date1=dt.date(2026, 6, 15), valid_until=dt.date(2027, 6, 15), person="")
    return stickers.StickerData(MUNICIPIO, serial, "0012", "ABC-1234", dt.date(2026, 6, 15),
                                dt.date(2027, 6, 15), "Vistoria anual", copy,
                                qr.sign(record, KEY))
