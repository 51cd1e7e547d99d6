"""Permit card (cartão de permissão) and auxiliary driver card (condutor auxiliar), ID-1 size
85.60 × 53.98 mm, front and back; as single cards (card printer, one page per side) or as
an A4 sheet of 8 or 10 cards with cut marks (fronts on odd pages, backs mirrored on even
pages for long-edge duplex).

Front: brasão, município, title, 3×4 photo (placeholder when none), name, CPF masked for
the card, CNH and category, permit order number, plate, stand, validity, signed QR code.
Back: RG, RENAVAM, chassis, make/model/year, blood type and Rh (SRM Art. 9), issue date,
copy number, the legal basis from the profile and how to verify: the município's offline
verifier on the inspector's phone (services/exchange/verifier.py). The auxiliary driver's card shows
his own credential number under the photo, and the permit he serves beside it."""
from __future__ import annotations

import datetime as dt
import io
from dataclasses import dataclass

from reportlab.lib.units import mm

from . import common, fonts, qr
from .common import ACCENT, MUTED, Municipio, date_text, text_or_dash

CARD = (85.60 * mm, 53.98 * mm)
MARGIN = 2.2 * mm
HEADER_H = 10.5 * mm
PHOTO = (19.5 * mm, 26.0 * mm)  # 3 × 4
VERIFY_NOTE = ("Confira lendo o QR code da frente com o Verificador de mototáxi da "
               "Prefeitura (no celular do fiscal, sem internet): VÁLIDO ou INVÁLIDO. Documento "
               "pessoal e intransferível; porte obrigatório em serviço.")


@dataclass(frozen=True)
class CardData:
    municipio: Municipio
    auxiliary: bool          # False: permit card; True: auxiliary driver card
    name: str
    cpf_masked: str          # ***.456.789-**
    rg: str
    cnh: str                 # "01234567890 — cat. A"
    order_text: str          # permit order number as printed (e.g. "0012")
    plate: str
    stand: str               # "Ponto 03 — Praça da Matriz" or ""
    issued_on: dt.date | None
    valid_until: dt.date | None
    renavam: str
    chassis: str
    vehicle: str             # "Honda CG 160 Fan 2025/2025"
    blood: str               # "O+"
    copy: int
    qr_text: str
    photo: bytes | None = None
    holder_name: str = ""    # auxiliary card: the permit holder it serves
    credential: str = ""     # auxiliary card: the driver's own credential number
    legal_basis: str = ""    # "Projeto de Lei nº 002/2019, Art. 6 XIX e XX"
    title: str = "PERMISSÃO DE MOTOTAXISTA"  # the profile's instrument (card_title)
    instrument: str = "Permissão"            # its name, and its holder's ([instrument])
    holder_title: str = "Permissionário"


def _label_value(c, label: str, value: str, x: float, y_top: float, w: float, *,
                 size: float = 7.0, lines: int = 1, bold: bool = True) -> float:
    """A small grey label above its value (shrunk or wrapped to the box); height used."""
    regular, bold_font = fonts.register()
    c.setFillColorRGB(*MUTED)
    fonts.draw_fitted(c, label.upper(), x, y_top - 4.3, w, size=4.6, minimum=3.5)
    c.setFillColorRGB(0, 0, 0)
    font = bold_font if bold else regular
    if lines == 1:
        fonts.draw_fitted(c, value, x, y_top - 5.0 - size * 0.95, w, font=font, size=size,
                          minimum=4.0)
        return 5.4 + size * 1.2
    used = fonts.draw_block(c, value, x, y_top - 5.2, w, size * 1.15 * lines, font=font,
                            size=size, minimum=3.8, leading=1.1)
    return 6.4 + max(used, size * 1.1)


def _header(c, data: CardData, x: float, y: float) -> None:
    regular, bold = fonts.register()
    w, h = CARD
    top = y + h
    brasao = common.image(data.municipio.brasao, common.BRASAO_PLACEHOLDER)
    size = HEADER_H - 2.4 * mm
    common.draw_image_fit(c, brasao, x + MARGIN, top - 1.2 * mm - size, size, size)
    text_x = x + MARGIN + size + 1.8 * mm
    text_w = x + w - MARGIN - text_x
    c.setFillColorRGB(0, 0, 0)
    fonts.draw_fitted(c, f"{data.municipio.title} — {data.municipio.uf}", text_x,
                      top - 4.0 * mm, text_w, font=bold, size=6.2, minimum=3.6)
    c.setFillColorRGB(*ACCENT)
    title = "CONDUTOR AUXILIAR DE MOTOTÁXI" if data.auxiliary else data.title
    fonts.draw_fitted(c, title, text_x, top - 8.2 * mm, text_w, font=bold, size=9.0,
                      minimum=5.0)
    c.setStrokeColorRGB(*ACCENT)
    c.setLineWidth(0.8)
    c.line(x + MARGIN, top - HEADER_H, x + w - MARGIN, top - HEADER_H)
    c.setFillColorRGB(0, 0, 0)


def draw_front(c, data: CardData, x: float = 0.0, y: float = 0.0) -> None:
    regular, bold = fonts.register()
    w, h = CARD
    _header(c, data, x, y)
    top = y + h - HEADER_H - 1.6 * mm
    # photo, and the order number under it
    px = x + MARGIN
    c.setStrokeColorRGB(0.6, 0.6, 0.6)
    c.setLineWidth(0.4)
    photo = common.image(data.photo, common.PHOTO_PLACEHOLDER)
    common.draw_image_fit(c, photo, px, top - PHOTO[1], PHOTO[0], PHOTO[1])
    c.rect(px, top - PHOTO[1], PHOTO[0], PHOTO[1], stroke=1, fill=0)
    below = top - PHOTO[1] - 0.8 * mm
    c.setFillColorRGB(*MUTED)
    fonts.draw_fitted(c, "CREDENCIAL Nº" if data.auxiliary else f"{data.instrument.upper()} Nº",
                      px, below - 4.6, PHOTO[0], size=4.8, minimum=3.5, align="center")
    c.setFillColorRGB(*ACCENT)
    fonts.draw_fitted(c, data.credential if data.auxiliary else data.order_text, px,
                      below - 4.6 - 11.5, PHOTO[0], font=bold, size=12, minimum=6,
                      align="center")
    c.setFillColorRGB(0, 0, 0)
    # QR code, bottom right, its quiet zone inside the card
    modules = len(qr.matrix(data.qr_text))
    side = qr.symbol_size(modules)
    qx, qy = x + w - side - 1.0 * mm, y + 1.0 * mm
    qr.draw(c, data.qr_text, qx, qy)
    # text column between the photo and the QR code
    tx = px + PHOTO[0] + 2.2 * mm
    tw = qx - tx
    full_w = x + w - MARGIN - tx
    y_top = top + 1.0
    y_top -= _label_value(c, "Condutor auxiliar" if data.auxiliary else data.holder_title,
                          data.name, tx, y_top, full_w, size=7.2, lines=2)
    half = (tw - 1.5 * mm) / 2
    _label_value(c, "CPF", data.cpf_masked, tx, y_top, half, size=6.4)
    y_top -= _label_value(c, "CNH / categoria", data.cnh, tx + half + 1.5 * mm, y_top, half,
                          size=6.4)
    if data.auxiliary:
        y_top -= _label_value(c, f"Permissão nº {data.order_text} — titular", data.holder_name,
                              tx, y_top, tw, size=6.0)
    _label_value(c, "Placa", data.plate, tx, y_top, half, size=7.2)
    y_top -= _label_value(c, "Validade", date_text(data.valid_until), tx + half + 1.5 * mm,
                          y_top, half, size=7.2)
    _label_value(c, "Ponto", text_or_dash(data.stand), tx, y_top, tw, size=6.0, lines=2)


def draw_back(c, data: CardData, x: float = 0.0, y: float = 0.0) -> None:
    regular, bold = fonts.register()
    w, h = CARD
    top = y + h - 1.8 * mm
    c.setFillColorRGB(*ACCENT)
    kind = "Condutor auxiliar" if data.auxiliary else data.instrument
    fonts.draw_fitted(c, f"{kind} nº {data.order_text} — {data.municipio.name}/"
                         f"{data.municipio.uf}", x + MARGIN, top - 6.5, w - 2 * MARGIN,
                      font=bold, size=7.0, minimum=4.0)
    c.setStrokeColorRGB(*ACCENT)
    c.setLineWidth(0.6)
    c.line(x + MARGIN, top - 9.5, x + w - MARGIN, top - 9.5)
    c.setFillColorRGB(0, 0, 0)
    col_w = (w - 2 * MARGIN - 2 * mm) / 2
    left, right = x + MARGIN, x + MARGIN + col_w + 2 * mm
    y_top = top - 10.5
    _label_value(c, "RG", text_or_dash(data.rg), left, y_top, col_w, size=6.4)
    y_top -= _label_value(c, "Tipo sanguíneo e fator Rh", text_or_dash(data.blood), right,
                          y_top, col_w, size=6.4)
    _label_value(c, "RENAVAM", text_or_dash(data.renavam), left, y_top, col_w, size=6.4)
    y_top -= _label_value(c, "Chassi", text_or_dash(data.chassis), right, y_top, col_w,
                          size=6.4)
    y_top -= _label_value(c, "Marca / modelo / ano", text_or_dash(data.vehicle), left, y_top,
                          w - 2 * MARGIN, size=6.4)
    _label_value(c, "Data de emissão", date_text(data.issued_on), left, y_top, col_w, size=6.4)
    y_top -= _label_value(c, "Via", f"{data.copy}ª via", right, y_top, col_w, size=6.4)
    # the legal basis and how to verify, in a box at the bottom
    box_h = 10.5 * mm
    box_y = y + 1.4 * mm
    c.setStrokeColorRGB(0.7, 0.7, 0.7)
    c.setLineWidth(0.4)
    c.rect(x + MARGIN, box_y, w - 2 * MARGIN, box_h, stroke=1, fill=0)
    c.setFillColorRGB(0.15, 0.15, 0.15)
    note = (f"Base legal: {data.legal_basis}. " if data.legal_basis else "") + VERIFY_NOTE
    fonts.draw_block(c, note, x + MARGIN + 1.2 * mm, box_y + box_h - 0.9 * mm,
                     w - 2 * MARGIN - 2.4 * mm, box_h - 1.8 * mm, size=5.0, minimum=3.4)
    c.setFillColorRGB(0, 0, 0)


def render(cards: list[CardData], *, sheet: str | None = None, per_sheet: int = 10) -> bytes:
    """PDF bytes. sheet=None: each card on two ID-1 pages (front, back), for a card printer;
    sheet="a4": A4 pages of `per_sheet` (8 or 10) fronts, each followed by its backs."""
    if not cards:
        raise ValueError("nenhum cartão para imprimir")
    buffer = io.BytesIO()
    title = "Cartões de permissão" if len(cards) > 1 else \
        f"Cartão {'de condutor auxiliar' if cards[0].auxiliary else 'de permissão'} " \
        f"nº {cards[0].order_text}"
    if sheet is None:
        c = common.new_canvas(buffer, CARD, title, cards[0].municipio)
        for card in cards:
            draw_front(c, card)
            c.showPage()
            draw_back(c, card)
            c.showPage()
    elif sheet == "a4":
        if per_sheet not in (8, 10):
            raise ValueError("folha A4 com 8 ou 10 cartões")
        grid = common.fit_sheet(CARD, gap=0.0 if per_sheet == 10 else 6 * mm,
                                max_items=per_sheet)
        c = common.new_canvas(buffer, common.A4, title, cards[0].municipio)
        for start in range(0, len(cards), grid.per_page):
            chunk = cards[start:start + grid.per_page]
            for side, draw in ((False, draw_front), (True, draw_back)):
                grid.marks(c)
                for i, card in enumerate(chunk):
                    draw(c, card, *grid.cell(i, mirrored=side))
                c.showPage()
    else:
        raise ValueError(f"folha desconhecida: {sheet}")
    c.save()
    return buffer.getvalue()
