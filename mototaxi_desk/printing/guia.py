"""Guia de recolhimento (DAM) on one A4 page, two parts cut apart along a dashed line:
the applicant's copy (with the PIX QR code, paid on the phone at the counter) and the bank's
copy (for the cashier to scan and authenticate). Both carry the FEBRABAN collection barcode
as Interleaved 2 of 5 (ReportLab's I2of5: narrow bar 0.254 mm = 3 dots at 300 dpi, wide bars
3×, 13 mm high, 102.9 mm long as the layout's 103 mm) and its typeable line.
Pure: data in, PDF bytes out."""
from __future__ import annotations

import datetime as dt
import io
from dataclasses import dataclass

import qrcode
from reportlab.graphics.barcode.common import I2of5
from reportlab.lib.units import mm

from . import common, fonts, qr
from .common import ACCENT, MUTED, Municipio

PAGE_W, PAGE_H = common.A4
MARGIN = 10 * mm
PART_H = PAGE_H / 2
BAR_WIDTH = 0.254 * mm       # narrow bar: 1/100 inch
BAR_HEIGHT = 13 * mm
QUIET = 6 * mm               # clear space each side of the barcode
PIX_MODULE_DOTS = 7          # 0.59 mm modules: a phone reads it from arm's length


@dataclass(frozen=True)
class GuiaData:
    municipio: Municipio
    cnpj_text: str            # "11.222.333/0001-81"
    number_text: str          # "2026/000123"
    payer: str
    cpf_masked: str           # "***.456.789-**"
    what: str                 # what is charged
    article: str              # its article
    reference: str            # permit, notice or application it belongs to
    issued_on: dt.date
    due_on: dt.date
    amount_text: str          # "R$ 144,78"
    barcode: str              # 44 digits, or "" when the município has no FEBRABAN code
    typeable_line: str
    pix_payload: str          # BR Code, or "" when it has no PIX key
    pix_key_text: str
    copy: int
    printed_at: dt.datetime
    login: str


def render(data: GuiaData) -> bytes:
    buffer = io.BytesIO()
    canvas = common.new_canvas(buffer, common.A4, f"Guia de recolhimento {data.number_text}",
                               data.municipio)
    _part(canvas, data, bottom=PART_H, applicant=True)
    _cut_line(canvas)
    _part(canvas, data, bottom=0, applicant=False)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _cut_line(canvas) -> None:
    regular, _bold = fonts.register()
    canvas.saveState()
    canvas.setDash(3, 2)
    canvas.setLineWidth(0.5)
    canvas.setStrokeColorRGB(*MUTED)
    canvas.line(MARGIN, PART_H, PAGE_W - MARGIN, PART_H)
    canvas.setFillColorRGB(*MUTED)
    canvas.setFont(regular, 6.5)
    canvas.drawString(MARGIN, PART_H + 1.2 * mm, "✂ corte aqui")
    canvas.restoreState()


def _box(canvas, x: float, top: float, w: float, h: float, label: str, value: str, *,
         size: float = 9.5, bold: bool = False) -> None:
    """A labelled cell, as on a bank slip: small grey label, the value under it."""
    regular, bold_font = fonts.register()
    canvas.setLineWidth(0.4)
    canvas.setStrokeColorRGB(0.55, 0.55, 0.55)
    canvas.rect(x, top - h, w, h)
    canvas.setFillColorRGB(*MUTED)
    fonts.draw_fitted(canvas, label, x + 1.5 * mm, top - 3 * mm, w - 3 * mm, size=6.5)
    canvas.setFillColorRGB(0, 0, 0)
    fonts.draw_block(canvas, value, x + 1.5 * mm, top - 4 * mm, w - 3 * mm, h - 4.8 * mm,
                     font=bold_font if bold else regular, size=size, minimum=5.5)


def _header(canvas, data: GuiaData, top: float, which: str) -> float:
    regular, bold = fonts.register()
    logo = 14 * mm
    common.draw_image_fit(canvas, common.image(data.municipio.brasao, common.BRASAO_PLACEHOLDER),
                          MARGIN, top - logo, logo, logo)
    x = MARGIN + logo + 3 * mm
    right_w = 52 * mm
    w = PAGE_W - MARGIN - right_w - x - 2 * mm
    canvas.setFillColorRGB(*ACCENT)
    fonts.draw_fitted(canvas, data.municipio.title.upper(), x, top - 5 * mm, w, font=bold,
                      size=11, minimum=6)
    canvas.setFillColorRGB(*MUTED)
    fonts.draw_fitted(canvas, f"CNPJ {data.cnpj_text} · {data.municipio.uf} · Serviço "
                              "municipal de mototáxi", x, top - 9.5 * mm, w, size=8)
    canvas.setFillColorRGB(0, 0, 0)
    fonts.draw_fitted(canvas, "DOCUMENTO DE ARRECADAÇÃO MUNICIPAL — GUIA DE RECOLHIMENTO", x,
                      top - 13.5 * mm, w, font=bold, size=8.5)
    bx = PAGE_W - MARGIN - right_w
    canvas.setStrokeColorRGB(*ACCENT)
    canvas.setLineWidth(1)
    canvas.rect(bx, top - logo, right_w, logo)
    canvas.setFillColorRGB(*ACCENT)
    fonts.draw_fitted(canvas, f"DAM nº {data.number_text}", bx + 2 * mm, top - 6 * mm,
                      right_w - 4 * mm, font=bold, size=12, align="center")
    canvas.setFillColorRGB(0, 0, 0)
    fonts.draw_fitted(canvas, which, bx + 2 * mm, top - 11 * mm, right_w - 4 * mm, size=8.5,
                      align="center")
    return top - logo - 3 * mm


def _fields(canvas, data: GuiaData, top: float, width: float) -> float:
    row = 10.5 * mm
    half = width * 0.68
    _box(canvas, MARGIN, top, half, row, "Contribuinte", data.payer, bold=True)
    _box(canvas, MARGIN + half, top, width - half, row, "CPF", data.cpf_masked)
    top -= row
    what = data.what + (f" ({data.article})" if data.article else "")
    _box(canvas, MARGIN, top, width, 13 * mm, "Referente a",
         what + (f" — {data.reference}" if data.reference else ""), size=9)
    top -= 13 * mm
    third = width / 3
    _box(canvas, MARGIN, top, third, row, "Emissão", common.date_text(data.issued_on))
    _box(canvas, MARGIN + third, top, third, row, "Vencimento",
         common.date_text(data.due_on), bold=True)
    _box(canvas, MARGIN + 2 * third, top, third, row, "Valor a pagar", data.amount_text,
         size=11, bold=True)
    return top - row


def _barcode(canvas, data: GuiaData, bottom: float) -> None:
    """Typeable line over the ITF barcode, left-aligned inside the part."""
    regular, bold = fonts.register()
    width = PAGE_W - 2 * MARGIN
    if not data.barcode:
        canvas.setFillColorRGB(*MUTED)
        fonts.draw_block(canvas, "Sem código de barras: o município não cadastrou convênio de "
                                 "arrecadação com código FEBRABAN. Pague pelo PIX.",
                         MARGIN, bottom + BAR_HEIGHT + 6 * mm, width, 10 * mm, size=8.5)
        canvas.setFillColorRGB(0, 0, 0)
        return
    fonts.draw_fitted(canvas, data.typeable_line, MARGIN, bottom + BAR_HEIGHT + 3 * mm,
                      width, font=bold, size=11.5)
    symbol = I2of5(data.barcode, barWidth=BAR_WIDTH, ratio=3, checksum=0, bearers=0,
                   quiet=0, barHeight=BAR_HEIGHT, humanReadable=0, stop=1)
    canvas.saveState()
    canvas.setFillColorRGB(0, 0, 0)
    symbol.drawOn(canvas, MARGIN + QUIET, bottom)
    canvas.restoreState()


def _pix(canvas, data: GuiaData, x: float, top: float, w: float) -> None:
    regular, bold = fonts.register()
    canvas.setFillColorRGB(*ACCENT)
    fonts.draw_fitted(canvas, "Pague com PIX", x, top - 4 * mm, w, font=bold, size=11,
                      align="center")
    canvas.setFillColorRGB(0, 0, 0)
    if not data.pix_payload:
        fonts.draw_block(canvas, "PIX indisponível: o município não cadastrou chave PIX.", x,
                         top - 8 * mm, w, 12 * mm, size=8)
        return
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=0,
                         mask_pattern=qr.MASK_PATTERN)
    code.add_data(data.pix_payload)
    code.make(fit=True)
    modules = code.modules
    side = qr.symbol_size(len(modules), PIX_MODULE_DOTS)
    qr.draw_modules(canvas, modules, x + (w - side) / 2, top - 6 * mm - side,
                    module_dots=PIX_MODULE_DOTS)
    text_top = top - 6 * mm - side
    fonts.draw_block(canvas, f"No app do banco: Pix → Ler QR code. Chave: {data.pix_key_text}",
                     x, text_top, w, 10 * mm, size=7, align="center")


def _steps(canvas, data: GuiaData, top: float, width: float) -> None:
    regular, bold = fonts.register()
    canvas.setFillColorRGB(*ACCENT)
    fonts.draw_fitted(canvas, "Como pagar", MARGIN, top - 4 * mm, width, font=bold, size=9.5)
    canvas.setFillColorRGB(0, 0, 0)
    steps = []
    if data.pix_payload:
        steps.append("PIX: no aplicativo do seu banco, escolha Pix → Pagar com QR code e "
                     "aponte para o código ao lado; confira o valor e a Prefeitura. Mostre o "
                     "comprovante ao atendente.")
    if data.barcode:
        steps.append("Banco, lotérica ou internet banking: use o código de barras ou digite a "
                     "linha digitável abaixo. A baixa é automática pelo retorno do banco.")
    steps.append(f"Pague o valor integral até {common.date_text(data.due_on)}; vencida a "
                 "guia, peça outra no balcão da Prefeitura.")
    y = top - 6 * mm
    for n, step in enumerate(steps, 1):
        y -= fonts.draw_block(canvas, f"{n}. {step}", MARGIN, y, width, 12 * mm, size=8.5)
        y -= 1 * mm


def _authentication(canvas, top: float) -> None:
    regular, bold = fonts.register()
    w, h = 78 * mm, 24 * mm
    x = PAGE_W - MARGIN - w
    canvas.setLineWidth(0.4)
    canvas.setStrokeColorRGB(0.55, 0.55, 0.55)
    canvas.rect(x, top - h, w, h)
    canvas.setFillColorRGB(*MUTED)
    fonts.draw_fitted(canvas, "Autenticação mecânica", x + 1.5 * mm, top - 3 * mm, w, size=6.5)
    fonts.draw_block(canvas, "Receber somente o valor integral, até o vencimento. Após o "
                             "vencimento, o contribuinte emite nova guia na Prefeitura.",
                     MARGIN, top - 1 * mm, PAGE_W - 2 * MARGIN - w - 4 * mm, h, size=8)
    canvas.setFillColorRGB(0, 0, 0)


def _part(canvas, data: GuiaData, *, bottom: float, applicant: bool) -> None:
    top = bottom + PART_H - MARGIN
    which = "Via do contribuinte" if applicant else "Via do banco"
    top = _header(canvas, data, top, which)
    pix_w = 56 * mm if applicant else 0
    width = PAGE_W - 2 * MARGIN - (pix_w + 4 * mm if applicant else 0)
    after = _fields(canvas, data, top, width)
    if applicant:
        _pix(canvas, data, PAGE_W - MARGIN - pix_w, top, pix_w)
        _steps(canvas, data, after - 1 * mm, width)
    else:
        _authentication(canvas, after - 3 * mm)
    canvas.setFillColorRGB(0, 0, 0)
    _barcode(canvas, data, bottom + MARGIN + 6 * mm)
    canvas.setFillColorRGB(*MUTED)
    fonts.draw_fitted(canvas, f"{data.copy}ª via · emitida em "
                              f"{data.printed_at.strftime('%d/%m/%Y %H:%M')} por {data.login}"
                              " · Mototáxi Desk", MARGIN, bottom + MARGIN, PAGE_W - 2 * MARGIN,
                      size=6.5)
    canvas.setFillColorRGB(0, 0, 0)
