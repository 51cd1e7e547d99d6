"""Inspection sticker (selo de vistoria): size from the município settings (default
100 × 70 mm), one sticker per page or an A4 sheet with cut marks. Carries the município,
"SELO DE VISTORIA — MOTOTÁXI", the sticker serial, the permit order number, the plate, the
inspection date, valid until and kind (Lei 3.920 Art. 27; PF Art. 19), the signed QR code,
and at the bottom the legal basis from the profile and how to check it (the município's
offline verifier). On an A4 sheet the cut marks stay at least 5 mm inside the page
(common.Sheet.marks), where every printer prints."""
from __future__ import annotations

import datetime as dt
import io
from dataclasses import dataclass

from reportlab.lib.units import mm

from . import common, fonts, qr
from .common import ACCENT, MUTED, Municipio, date_text, text_or_dash

DEFAULT_SIZE_MM = (100, 70)
MIN_SIZE_MM = (60, 40)
MAX_SIZE_MM = (200, 140)


@dataclass(frozen=True)
class StickerData:
    municipio: Municipio
    serial: str
    order_text: str          # "" when the vehicle serves no permit
    plate: str
    inspected_on: dt.date
    valid_until: dt.date | None
    kind_label: str          # "Vistoria anual" / "Inspeção semestral"
    copy: int
    qr_text: str
    legal_basis: str = ""    # "Projeto de Lei nº 002/2019, Art. 17"


def module_dots(size_mm: tuple[float, float]) -> int:
    """Dots per QR module: the symbol (49 modules with its quiet zone) about a third of the
    sticker's shorter side, 4 to 8 dots."""
    target_mm = min(size_mm) * 0.36
    return max(4, min(8, int(target_mm / (49 * 25.4 / 300))))


def draw(c, data: StickerData, x: float, y: float, size_mm: tuple[float, float]) -> None:
    regular, bold = fonts.register()
    w, h = size_mm[0] * mm, size_mm[1] * mm
    k = min(size_mm[0] / 100, size_mm[1] / 70)  # type scale
    pad = 2.5 * mm * k
    c.saveState()
    c.setStrokeColorRGB(*ACCENT)
    c.setLineWidth(1.2 * k)
    c.roundRect(x + 1.0 * mm, y + 1.0 * mm, w - 2.0 * mm, h - 2.0 * mm, 2.5 * mm * k,
                stroke=1, fill=0)
    c.restoreState()
    inner_x, inner_w = x + pad + 1.0 * mm, w - 2 * pad - 2.0 * mm
    top = y + h - pad - 1.0 * mm
    # header
    logo = 0.17 * h
    common.draw_image_fit(c, common.image(data.municipio.brasao, common.BRASAO_PLACEHOLDER),
                          inner_x, top - logo, logo, logo)
    hx = inner_x + logo + 2 * mm * k
    hw = inner_x + inner_w - hx
    fonts.draw_fitted(c, f"{data.municipio.title} — {data.municipio.uf}", hx,
                      top - 0.055 * h, hw, font=bold, size=9 * k, minimum=4)
    c.setFillColorRGB(*ACCENT)
    fonts.draw_fitted(c, "SELO DE VISTORIA — MOTOTÁXI", hx, top - 0.15 * h, hw, font=bold,
                      size=17 * k, minimum=6)
    c.setFillColorRGB(0, 0, 0)
    rule_y = top - logo - 1.2 * mm * k
    c.setStrokeColorRGB(*ACCENT)
    c.setLineWidth(0.8 * k)
    c.line(inner_x, rule_y, inner_x + inner_w, rule_y)
    # QR code, bottom right
    dots = module_dots(size_mm)
    side = qr.symbol_size(len(qr.matrix(data.qr_text)), dots)
    qx, qy = x + w - side - 2.6 * mm, y + 2.6 * mm
    qr.draw(c, data.qr_text, qx, qy, module_dots=dots)
    # fields left of the QR code
    fx, fw = inner_x, qx - inner_x
    half = (fw - 2 * mm * k) / 2
    rows = [
        (("Nº do selo", data.serial, 13), None),
        (("Placa", data.plate, 15), ("Permissão nº", text_or_dash(data.order_text), 15)),
        (("Vistoria em", date_text(data.inspected_on), 11),
         ("Válido até", date_text(data.valid_until), 11)),
        (("Tipo", data.kind_label, 9), None),
    ]
    # the legal basis and how to check it, along the bottom left of the QR code
    foot_h = 6.0 * mm * k
    foot = (f"Base legal: {data.legal_basis}. " if data.legal_basis else "") + \
        "Confira com o Verificador de mototáxi da Prefeitura (QR code)."
    c.setFillColorRGB(*MUTED)
    fonts.draw_block(c, foot, fx, y + pad + 1.0 * mm + foot_h, fw - 1 * mm, foot_h,
                     size=6 * k, minimum=3.4, leading=1.1)
    c.setFillColorRGB(0, 0, 0)
    body_top = rule_y - 1.0 * mm * k
    body_h = body_top - (y + pad + 1.0 * mm + foot_h)
    row_h = body_h / len(rows)
    for i, (first, second) in enumerate(rows):
        row_top = body_top - i * row_h
        for j, cell in enumerate((first, second)):
            if cell is None:
                continue
            label, value, size = cell
            cx = fx + j * (half + 2 * mm * k)
            cw = fw if second is None else half
            value_size = min(size * k, row_h * 0.55)
            c.setFillColorRGB(*MUTED)
            fonts.draw_fitted(c, label.upper(), cx, row_top - 6.0 * k, cw, size=6 * k,
                              minimum=3.5)
            c.setFillColorRGB(*(ACCENT if label == "Válido até" else (0, 0, 0)))
            fonts.draw_fitted(c, value, cx, row_top - 6.5 * k - value_size, cw, font=bold,
                              size=value_size, minimum=4)
            c.setFillColorRGB(0, 0, 0)
    if data.copy > 1:
        c.setFillColorRGB(*MUTED)
        fonts.draw_fitted(c, f"{data.copy}ª via", qx, qy + side + 0.5 * mm, side, size=6 * k,
                          minimum=3.5, align="center")
        c.setFillColorRGB(0, 0, 0)


def render(stickers: list[StickerData], *, size_mm: tuple[float, float] = DEFAULT_SIZE_MM,
           sheet: str | None = None) -> bytes:
    """PDF bytes: one sticker per page of the sticker's size, or A4 sheets with cut marks."""
    if not stickers:
        raise ValueError("nenhum selo para imprimir")
    check_size(size_mm)
    buffer = io.BytesIO()
    title = "Selos de vistoria" if len(stickers) > 1 else f"Selo de vistoria {stickers[0].serial}"
    item = (size_mm[0] * mm, size_mm[1] * mm)
    if sheet is None:
        c = common.new_canvas(buffer, item, title, stickers[0].municipio)
        for sticker in stickers:
            draw(c, sticker, 0, 0, size_mm)
            c.showPage()
    elif sheet == "a4":
        grid = common.fit_sheet(item, margin=common.MARK_EDGE, gap=0.0)
        c = common.new_canvas(buffer, common.A4, title, stickers[0].municipio)
        for start in range(0, len(stickers), grid.per_page):
            grid.marks(c)
            for i, sticker in enumerate(stickers[start:start + grid.per_page]):
                draw(c, sticker, *grid.cell(i), size_mm)
            c.showPage()
    else:
        raise ValueError(f"folha desconhecida: {sheet}")
    c.save()
    return buffer.getvalue()


def check_size(size_mm: tuple[float, float]) -> None:
    w, h = size_mm
    if not (MIN_SIZE_MM[0] <= w <= MAX_SIZE_MM[0] and MIN_SIZE_MM[1] <= h <= MAX_SIZE_MM[1]):
        raise ValueError(f"tamanho de selo fora do intervalo: {w} × {h} mm (de "
                         f"{MIN_SIZE_MM[0]} × {MIN_SIZE_MM[1]} a {MAX_SIZE_MM[0]} × "
                         f"{MAX_SIZE_MM[1]} mm)")
