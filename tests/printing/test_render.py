"""Rendering every document (pure: data -> PDF bytes): exact page sizes, QR decoded by a real
decoder at 300 and 150 dpi and verified, accented words and mandatory fields present,
nothing outside the page or under the QR quiet zone, long names shrink or wrap."""
import datetime as dt
import io

import pytest
from PIL import Image

from mototaxi_desk.printing import cards, qr, roster, stickers, termo

from . import pdf_tools
from .samples import KEYS, LONG_NAME, MUNICIPIO, card, sticker

ID1 = (85.6, 53.98)
A4 = (210.0, 297.0)


def _decoded_and_verified(pdf, page, dpi, expected):
    texts = pdf_tools.qr_texts(pdf, page, dpi)
    assert texts == [expected], f"{dpi} dpi"
    record = qr.verify(texts[0], KEYS)
    assert record.copy >= 1
    return record


def _chars_inside_page_and_off_qr(pdf, page_index=0, dpi=300):
    """Every character box lies inside the page and outside the QR symbol + quiet zone."""
    doc = pdf_tools.document(pdf)
    page = doc[page_index]
    width, height = page.get_size()
    qr_boxes = []
    for result in pdf_tools.qr_results(pdf, page_index, dpi):
        pos = result.position
        xs = [p.x for p in (pos.top_left, pos.top_right, pos.bottom_left, pos.bottom_right)]
        ys = [p.y for p in (pos.top_left, pos.top_right, pos.bottom_left, pos.bottom_right)]
        scale = 72 / dpi
        module = (max(xs) - min(xs)) / 41  # version 6
        quiet = 4 * module
        qr_boxes.append(((min(xs) - quiet) * scale, height - (max(ys) + quiet) * scale,
                         (max(xs) + quiet) * scale, height - (min(ys) - quiet) * scale))
    textpage = page.get_textpage()
    for i in range(textpage.count_chars()):
        left, bottom, right, top = textpage.get_charbox(i)
        if right - left <= 0:  # spaces
            continue
        assert 0 <= left and right <= width and 0 <= bottom and top <= height, i
        for ql, qb, qr_, qt in qr_boxes:
            assert right <= ql or left >= qr_ or top <= qb or bottom >= qt, \
                f"character {textpage.get_text_range(i, 1)!r} under the QR quiet zone"
    return qr_boxes


def _quiet_zone_is_white(pdf, page_index=0, dpi=300):
    """The ring of 4 modules around each symbol holds no ink."""
    image = pdf_tools.raster(pdf, page_index, dpi)
    for result in pdf_tools.qr_results(pdf, page_index, dpi):
        pos = result.position
        xs = [p.x for p in (pos.top_left, pos.top_right, pos.bottom_left, pos.bottom_right)]
        ys = [p.y for p in (pos.top_left, pos.top_right, pos.bottom_left, pos.bottom_right)]
        module = (max(xs) - min(xs)) / 41
        outer = (int(min(xs) - 4 * module) + 1, int(min(ys) - 4 * module) + 1,
                 int(max(xs) + 4 * module) - 1, int(max(ys) + 4 * module) - 1)
        inner = (int(min(xs) - module / 2), int(min(ys) - module / 2),
                 int(max(xs) + module / 2) + 1, int(max(ys) + module / 2) + 1)
        region = image.crop(outer)
        mask = Image.new("L", region.size, 255)
        mask.paste(0, (inner[0] - outer[0], inner[1] - outer[1],
                       inner[2] - outer[0], inner[3] - outer[1]))
        darkest = min(v for v, m in zip(region.tobytes(), mask.tobytes()) if m)
        assert darkest >= 250, "ink in the quiet zone"


def test_permit_card_single_front_and_back():
    data = card()
    pdf = cards.render([data])
    assert pdf_tools.page_sizes_mm(pdf) == [ID1, ID1]
    for dpi in (300, 150):
        record = _decoded_and_verified(pdf, 0, dpi, data.qr_text)
    assert record.number == 12 and record.kind == "permit_card"
    assert len(_chars_inside_page_and_off_qr(pdf)) == 1  # the QR box was found and kept clear
    _quiet_zone_is_white(pdf)
    text = pdf_tools.text(pdf)
    for word in ("PERMISSÃO DE MOTOTAXISTA", "Prefeitura Municipal de São Raimundo das "
                 "Mangabeiras", "Raimundo Nonato de Araújo Sá", "***.456.789-**",
                 "01234567890 — cat. A", "0012", "ABC-1234", "Ponto 03 — Praça da Matriz",
                 "14/06/2031",
                 # back (SRM Art. 9: blood type)
                 "1234567 SSP/MA", "12345678901", "9C2KC0000000000AB",
                 "Honda CG 160 Fan 2025/2025", "O+", "15/06/2026", "1ª via",
                 "TIPO SANGUÍNEO E FATOR RH", "Verificador de mototáxi"):
        assert word in text, word


def test_auxiliary_card_names_the_permit_it_serves():
    data = card("Antônio Conceição", auxiliary=True, copy=2)
    pdf = cards.render([data])
    text = pdf_tools.text(pdf)
    assert "CONDUTOR AUXILIAR" in text and "José Holder da Silva" in text
    assert "2ª via" in text and "PERMISSÃO Nº" in text
    assert pdf_tools.qr_texts(pdf, 0, 150) == [data.qr_text]


def test_200_character_name_wraps_or_shrinks_never_overflows():
    for auxiliary in (False, True):
        data = card(LONG_NAME, auxiliary=auxiliary, stand="Ponto 03 — " + "Praça " * 40)
        pdf = cards.render([data])
        _chars_inside_page_and_off_qr(pdf)
        assert pdf_tools.qr_texts(pdf, 0, 150) == [data.qr_text]
        text = pdf_tools.text(pdf).replace("\r", "").replace("\n", " ")
        assert "Maria da Conceição Aparecida" in text
        (left, top, right, bottom), (w, h) = pdf_tools.ink_bbox(pdf, 0)
        assert left > 0 and top > 0 and right < w and bottom < h


def test_missing_or_broken_photo_prints_the_placeholder():
    photo = io.BytesIO()
    Image.new("RGB", (300, 400), (200, 120, 90)).save(photo, "JPEG")
    for blob in (None, b"\x89PNG\r\n\x1a\nbroken", photo.getvalue()):
        pdf = cards.render([card(photo=blob)])
        assert pdf_tools.page_sizes_mm(pdf) == [ID1, ID1]


@pytest.mark.parametrize("per_sheet", [10, 8])
def test_a4_sheet_of_cards_with_backs(per_sheet):
    batch = [card(f"Permissionário Número {i}", copy=i) for i in range(1, per_sheet + 2)]
    pdf = cards.render(batch, sheet="a4", per_sheet=per_sheet)
    # a full sheet (fronts, backs) and a second sheet with the one left over
    assert pdf_tools.page_sizes_mm(pdf) == [A4] * 4
    texts = pdf_tools.qr_texts(pdf, 0, 300)
    assert sorted(texts) == sorted(c.qr_text for c in batch[:per_sheet])
    assert pdf_tools.qr_texts(pdf, 2, 150) == [batch[-1].qr_text]
    assert pdf_tools.qr_texts(pdf, 1, 150) == []  # backs carry no QR
    _chars_inside_page_and_off_qr(pdf)


def test_sticker_default_size_and_sheet():
    data = sticker()
    pdf = stickers.render([data])
    assert pdf_tools.page_sizes_mm(pdf) == [(100.0, 70.0)]
    for dpi in (300, 150):
        record = _decoded_and_verified(pdf, 0, dpi, data.qr_text)
    assert qr.sticker_serial(record.number) == "2026-000123" and record.ref == 12
    _chars_inside_page_and_off_qr(pdf)
    _quiet_zone_is_white(pdf)
    text = pdf_tools.text(pdf)
    for word in ("SELO DE VISTORIA — MOTOTÁXI", "São Raimundo das Mangabeiras", "2026-000123",
                 "0012", "ABC-1234", "15/06/2026", "15/06/2027", "VÁLIDO ATÉ", "Vistoria anual",
                 "Verificador de mototáxi"):
        assert word in text, word
    batch = [sticker(f"2026-{i:06d}") for i in range(1, 10)]
    sheet = stickers.render(batch, sheet="a4")
    assert pdf_tools.page_sizes_mm(sheet) == [A4, A4]
    assert sorted(pdf_tools.qr_texts(sheet, 0, 150)) == sorted(s.qr_text for s in batch[:8])


@pytest.mark.parametrize("size", [(60, 40), (80, 50), (150, 100)])
def test_sticker_sizes_from_settings(size):
    data = sticker()
    pdf = stickers.render([data], size_mm=size)
    assert pdf_tools.page_sizes_mm(pdf) == [tuple(float(v) for v in size)]
    assert pdf_tools.qr_texts(pdf, 0, 150) == [data.qr_text]
    _chars_inside_page_and_off_qr(pdf)


@pytest.mark.parametrize("size", [(100, 70), (60, 40), (80, 50), (150, 100), (200, 140)])
def test_sticker_sheet_prints_nothing_within_5_mm_of_the_edge(size):
    """Issue 17: the cut marks sit inside the printable area (>= 5 mm from the edge)."""
    pdf = stickers.render([sticker(f"2026-{i:06d}") for i in range(1, 5)], size_mm=size,
                          sheet="a4")
    (left, top, right, bottom), (width, height) = pdf_tools.ink_bbox(pdf, 0, 150)
    edge = 5 * 150 / 25.4 - 1  # pixels, one of rounding
    assert min(left, top, width - right, height - bottom) >= edge, (left, top, right, bottom)


def test_legal_basis_and_auxiliary_credential_printed():
    """Issue 17: the card and the sticker carry the legal basis; the auxiliary card shows the
    driver's own credential number."""
    import dataclasses
    aux = dataclasses.replace(card(auxiliary=True), credential="57",
                              legal_basis="Projeto de Lei nº 002/2019, Art. 6 XIX")
    text = pdf_tools.text(cards.render([aux]))
    assert "CREDENCIAL Nº" in text and "57" in text and "Permissão nº 0012".upper() in text
    assert "Base legal: Projeto de Lei nº 002/2019, Art. 6 XIX" in text.replace("\r\n", " ")
    label = dataclasses.replace(sticker(), legal_basis="Projeto de Lei nº 002/2019, Art. 17")
    assert "Art. 17" in pdf_tools.text(stickers.render([label]))


def test_sticker_size_out_of_range():
    with pytest.raises(ValueError, match="fora do intervalo"):
        stickers.render([sticker()], size_mm=(20, 10))


def _termo(name="Raimundo Nonato de Araújo Sá"):
    return termo.TermoData(
        municipio=MUNICIPIO, order_text="0012", issued_on=dt.date(2026, 6, 15),
        valid_until=dt.date(2031, 6, 14), act_number="Portaria 12/2026", name=name,
        nationality="brasileira", profession="Mototaxista", cpf="529.982.247-25",
        rg="1234567 SSP/MA", cnh="nº 01234567890, categoria A, válida até 10/01/2030",
        blood="O+", address="Rua José do Egito, 10, Centro, São Raimundo das Mangabeiras/MA",
        plate="ABC-1234", renavam="12345678901", chassis="9C2KC0000000000AB",
        vehicle="Honda CG 160 Fan, ano 2025/2025, cor vermelha, 160 cc",
        stand="Ponto 03 — Praça da Matriz", copy=1, printed_at=dt.datetime(2026, 6, 15, 9, 30),
        login="atendente")


def test_termo_has_the_fields_of_srm_art_9_l1745_art_7_pf_art_2():
    """SRM Art. 9 § único, L1745 Art. 7, PF Art. 2 §3: every field, signature lines."""
    pdf = termo.render(_termo())
    assert pdf_tools.page_sizes_mm(pdf) == [A4]
    text = pdf_tools.text(pdf)
    for word in ("TERMO DE PERMISSÃO Nº 0012", "Número de ordem", "Data de expedição",
                 "15/06/2026", "Raimundo Nonato de Araújo Sá", "brasileira", "Mototaxista",
                 "529.982.247-25", "1234567 SSP/MA", "01234567890", "O+", "ABC-1234",
                 "12345678901", "9C2KC0000000000AB", "Ponto 03 — Praça da Matriz",
                 "Serviço permitido", "de 15/06/2026 a 14/06/2031", "Portaria 12/2026",
                 "Projeto de Lei nº 002/2019", "Permissionário(a)", "Autoridade concedente",
                 "15 de junho de 2026", "PREFEITURA MUNICIPAL DE SÃO RAIMUNDO DAS MANGABEIRAS"):
        assert word in text, word


def test_termo_with_200_character_name_stays_on_the_page():
    pdf = termo.render(_termo(LONG_NAME))
    _chars_inside_page_and_off_qr(pdf)


def _roster(places):
    return roster.RosterData(
        municipio=MUNICIPIO, stand_label="Ponto 03", stand_name="Praça da Matriz",
        location="Praça da Matriz, em frente à igreja", responsible="José Responsável",
        capacity="mínimo 5, máximo 10 motocicletas", extension_point="", on=dt.date(2026, 6, 15),
        copy=1, printed_at=dt.datetime(2026, 6, 15, 9, 30), login="atendente", places=places)


def test_roster_lists_each_place_srm_art_22_vi():
    places = [roster.RosterPlace(str(i), f"{i:04d}", LONG_NAME if i == 2 else f"Titular {i}",
                                 "ABC-1234", "Auxiliar Conceição" if i == 1 else "",
                                 dt.date(2025, 1, i), "Ativa") for i in range(1, 6)]
    places += [roster.RosterPlace(str(i), "", "", "", "", None, "vaga livre")
               for i in range(6, 11)]
    pdf = roster.render(_roster(places))
    assert pdf_tools.page_sizes_mm(pdf)[0] == A4
    text = pdf_tools.text(pdf)
    for word in ("RELAÇÃO DE PERMISSIONÁRIOS — PONTO 03", "José Responsável", "Titular 1",
                 "0005", "Auxiliar Conceição", "vaga livre", "Situação", "Condutor auxiliar"):
        assert word in text, word
    _chars_inside_page_and_off_qr(pdf)


def test_roster_of_a_stand_with_no_permits():
    pdf = roster.render(_roster([]))
    assert "Nenhuma permissão neste ponto" in pdf_tools.text(pdf)
