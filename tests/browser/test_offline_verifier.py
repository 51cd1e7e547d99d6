"""Issue 17 item 4, checked in a real headless Chromium: the exported verifier page (one HTML
file, no network) reads card and sticker images rendered from the printed PDFs through its
"Ler de uma foto" input, and shows the same verdict words as the desktop — VÁLIDO for a
genuine current document; INVÁLIDO for one altered, re-signed with a foreign key, of a
revoked permit (from the signed status list), expired, superseded, or of another município.
Also: the bundled JavaScript libraries when the browser lacks WebCrypto / BarcodeDetector,
the status list's age warning, an edited file, and a 360 × 740 screenshot."""
from __future__ import annotations

import base64
import datetime as dt
import os
import time
from pathlib import Path

import base45
import pypdfium2 as pdfium
import pytest
from selenium.webdriver.common.by import By

from mototaxi_desk.printing import cards, qr
from mototaxi_desk.services import documents, keys, setup, verifier
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.migrations import close_database, open_database
from mototaxi_desk.store.models import Inspection, Permit, Sticker

from ..conftest import MUNICIPIOS, PF, SRM
from ..services.licensing_rows import holder_with_vehicle

CLERK = Actor(None, "atendente", "atendente")
TODAY = dt.date.today()
# `make screenshots` sets it to docs/screenshots; a plain test run writes to its tmp_path
SCREENSHOTS_ENV = "MOTOTAXI_SCREENSHOTS"


def _png(pdf: bytes, path: Path, dpi: int = 200) -> str:
    pdfium.PdfDocument(pdf)[0].render(scale=dpi / 72).to_pil().convert("RGB").save(path)
    return str(path)


def _print(function, *args, **kwargs) -> dict:
    result = function(CLERK, *args, **kwargs)
    documents.confirm(CLERK, result)
    return result


def _setup(profile_id: str, folder: Path) -> None:
    name, uf, ibge, population = MUNICIPIOS[profile_id]
    setup.initialise(profile_id=profile_id, municipio=name, uf=uf, ibge=ibge,
                     population=population, fiscal_unit_value="48,26",
                     admin_password="senha-forte-1")


def _sticker(vehicle, permit, serial: str, valid_until: dt.date) -> Sticker:
    inspection = Inspection.create(vehicle=vehicle, permit=permit, kind="annual",
                                   inspected_on=valid_until - dt.timedelta(days=365),
                                   approved=True, valid_until=valid_until, sticker_serial=serial)
    return Sticker.create(serial=serial, inspection=inspection, status="issued")


def _altered(text: str) -> str:
    """The same signature over a record whose plate was changed by hand."""
    raw = bytearray(base45.b45decode(text[len(qr.PREFIX):]))
    raw[17:24] = b"ZZZ9Z99"
    return qr.PREFIX + base45.b45encode(bytes(raw)).decode()


def _card_with(qr_text: str) -> bytes:
    """A card drawn with another QR text (what a forger would print)."""
    data = cards.CardData(
        municipio=documents.municipio_header(), auxiliary=False, name="Falso Portador",
        cpf_masked="***.000.000-**", rg="", cnh="", order_text="0001", plate="ZZZ9Z99",
        stand="", issued_on=TODAY, valid_until=TODAY + dt.timedelta(days=300), renavam="",
        chassis="", vehicle="", blood="", copy=1, qr_text=qr_text)
    return cards.render([data])


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """Two municípios on their own databases and key folders; SRM's documents in every
    state the verifier must tell apart, as PNG files, and its verifier pages."""
    folder = tmp_path_factory.mktemp("verificador")
    images = {}
    with pytest.MonkeyPatch.context() as patch:
        # Porto Feliz: a genuine card of another município (its key serial is 1 too)
        patch.setenv("MOTOTAXI_DATA_DIR", str(folder / "pf"))
        open_database(str(folder / "pf.db"))
        try:
            _setup(PF, folder)
            permit = holder_with_vehicle(TODAY, name="Benedita Sá")[2]
            images["other_municipio"] = _png(_print(documents.print_cards,
                                                    [permit.order_number])["pdf"],
                                             folder / "pf.png")
        finally:
            close_database()
        patch.setenv("MOTOTAXI_DATA_DIR", str(folder / "srm"))
        open_database(str(folder / "srm.db"))
        try:
            _setup(SRM, folder)
            texts = {}
            for case in ("valid", "revoked", "superseded", "permit_expired"):
                until = TODAY - dt.timedelta(days=1) if case == "permit_expired" else None
                _, vehicle, permit = holder_with_vehicle(TODAY, name=f"João {case}",
                                                         valid_until=until)
                printed = _print(documents.print_cards, [permit.order_number])
                texts[case] = printed["copies"][0]["qr_text"]
                images[case] = _png(printed["pdf"], folder / f"{case}.png")
                if case == "revoked":
                    Permit.update(status="revoked").where(Permit.id == permit.id).execute()
                if case == "superseded":
                    _print(documents.print_cards, [permit.order_number])
                if case == "valid":
                    _sticker(vehicle, permit, f"{TODAY.year}-000001",
                             TODAY + dt.timedelta(days=200))
                    _sticker(vehicle, permit, f"{TODAY.year}-000002",
                             TODAY - dt.timedelta(days=1))
                    for serial, name in ((f"{TODAY.year}-000001", "sticker"),
                                         (f"{TODAY.year}-000002", "sticker_expired")):
                        pdf = _print(documents.print_stickers, [serial])["pdf"]
                        images[name] = _png(pdf, folder / f"{name}.png")
            images["altered"] = _png(_card_with(_altered(texts["valid"])),
                                     folder / "altered.png")
            record = qr.decode(texts["valid"])[0]
            foreign = qr.sign(record, qr.new_private_key())  # same IBGE and key id 1
            images["foreign_key"] = _png(_card_with(foreign), folder / "foreign.png")
            page = folder / "verificador.html"
            verifier.export_file(CLERK, page)
            stale = folder / "verificador-antigo.html"
            verifier.export_file(CLERK, stale, as_of=dt.datetime.now().astimezone() -
                                 dt.timedelta(days=10))
            fingerprint = keys.trust_summary()["keys"][0]["fingerprint_text"]
        finally:
            close_database()
    edited = folder / "verificador-editado.html"
    html = page.read_text(encoding="utf-8")
    edited.write_text(html.replace('\\"revoked\\"', '\\"active\\"', 1), encoding="utf-8")
    assert edited.read_text(encoding="utf-8") != html
    return {"page": page, "stale": stale, "edited": edited, "images": images,
            "fingerprint": fingerprint}


def _open(browser, page: Path) -> None:
    browser.get(page.as_uri())
    for _ in range(100):
        if browser.execute_script("return document.body.dataset.ready === '1'"):
            return
        time.sleep(0.05)
    raise AssertionError("a página não ficou pronta")


def _read(browser, image: str) -> dict:
    browser.execute_script("document.body.dataset.verdict = ''")
    browser.find_element(By.ID, "foto").send_keys(image)
    for _ in range(200):
        verdict = browser.execute_script("return document.body.dataset.verdict || ''")
        if verdict:
            break
        time.sleep(0.05)
    return browser.execute_script(
        "const b = document.body.dataset;"
        "return {verdict: b.verdict || '', reason: b.reason || '', engines: b.engines || '',"
        " word: document.getElementById('veredito').textContent,"
        " why: document.getElementById('motivo').textContent,"
        " data: document.getElementById('dados').textContent,"
        " status: document.getElementById('situacao').textContent,"
        " warning: document.getElementById('aviso-leitura').textContent};")


CASES = [("valid", "VÁLIDO", "", "Assinatura conferida"),
         ("sticker", "VÁLIDO", "", "Assinatura conferida"),
         ("altered", "INVÁLIDO", "bad_signature", "Falsificado ou alterado"),
         ("foreign_key", "INVÁLIDO", "bad_signature", "Falsificado ou alterado"),
         ("revoked", "INVÁLIDO", "revoked", "Permissão revogada"),
         ("sticker_expired", "INVÁLIDO", "expired", "Vencido (validade"),
         ("permit_expired", "INVÁLIDO", "permit_expired", "Permissão vencida"),
         ("superseded", "INVÁLIDO", "superseded",
          "Via substituída (esta é a 1ª via; a atual é a 2ª)"),
         ("other_municipio", "INVÁLIDO", "other_municipio",
          "Documento de outro município (IBGE 3540606)")]


def test_each_document_gets_the_desktop_verdict_words(browser, pages):
    _open(browser, pages["page"])
    assert browser.execute_script("return window.isSecureContext")
    status = browser.find_element(By.ID, "situacao").text
    assert status.startswith("Situação de ") and "atualize semanalmente" in status
    wrong = []
    for case, word, reason, why in CASES:
        seen = _read(browser, pages["images"][case])
        if (seen["word"], seen["reason"]) != (word, reason) or not seen["why"].startswith(why):
            wrong.append((case, seen))
    assert wrong == []
    seen = _read(browser, pages["images"]["valid"])
    assert "Permissão nº" in seen["data"] and "***." in seen["data"]
    assert seen["engines"] == "JavaScript (jsQR) / WebCrypto"  # Chromium on Linux: no
    # BarcodeDetector; its WebCrypto has Ed25519
    assert pages["fingerprint"] in browser.find_element(By.ID, "chaves").get_attribute(
        "textContent")


def test_the_360_px_screenshot(browser, pages, tmp_path):
    _open(browser, pages["page"])
    assert _read(browser, pages["images"]["valid"])["word"] == "VÁLIDO"
    width = browser.execute_script("return document.documentElement.scrollWidth")
    assert width <= 360  # nothing wider than the phone
    browser.execute_script("window.scrollTo(0, 0)")
    folder = Path(os.environ.get(SCREENSHOTS_ENV) or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    assert browser.save_screenshot(str(folder / "verificador-celular-valido.png"))
    assert _read(browser, pages["images"]["revoked"])["word"] == "INVÁLIDO"
    browser.execute_script("window.scrollTo(0, 0)")
    assert browser.save_screenshot(str(folder / "verificador-celular-invalido.png"))


def _without(browser, script: str):
    return browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                   {"source": script})["identifier"]


def test_bundled_libraries_where_the_browser_lacks_webcrypto(browser, pages):
    """An old phone (or a file:// page that is not a secure context): no crypto.subtle."""
    ident = _without(browser, "Object.defineProperty(Crypto.prototype, 'subtle', "
                              "{get() { return undefined; }});")
    try:
        _open(browser, pages["page"])
        assert browser.execute_script("return window.crypto.subtle === undefined")
        valid = _read(browser, pages["images"]["valid"])
        assert valid["word"] == "VÁLIDO"
        assert valid["engines"] == "JavaScript (jsQR) / JavaScript (@noble/ed25519)"
        assert _read(browser, pages["images"]["foreign_key"])["reason"] == "bad_signature"
        assert _read(browser, pages["images"]["revoked"])["reason"] == "revoked"
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument",
                                {"identifier": ident})


def test_barcode_detector_is_used_where_the_browser_has_it(browser, pages):
    """Chrome on Android has BarcodeDetector: the page asks it first (a stand-in here that
    decodes like the real one, counting its calls)."""
    ident = _without(browser, """
        window.__detections = 0;
        window.BarcodeDetector = class {
          static getSupportedFormats() { return Promise.resolve(['qr_code']); }
          constructor(options) { this.formats = options.formats; }
          detect(image) {
            window.__detections++;
            const c = document.createElement('canvas');
            c.width = image.naturalWidth; c.height = image.naturalHeight;
            const x = c.getContext('2d'); x.drawImage(image, 0, 0);
            const found = window.MTVendor.jsQR(x.getImageData(0, 0, c.width, c.height).data,
                                               c.width, c.height);
            return Promise.resolve(found ? [{rawValue: found.data, format: 'qr_code'}] : []);
          }
        };""")
    try:
        _open(browser, pages["page"])
        seen = _read(browser, pages["images"]["superseded"])
        assert seen["reason"] == "superseded" and seen["engines"].startswith("BarcodeDetector")
        assert browser.execute_script("return window.__detections") == 1
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument",
                                {"identifier": ident})


def test_an_old_status_list_warns_and_an_edited_one_validates_nothing(browser, pages):
    _open(browser, pages["stale"])
    status = browser.find_element(By.ID, "situacao")
    assert "desatualizada" in status.text and status.get_attribute("class") == "velha"
    assert _read(browser, pages["images"]["valid"])["word"] == "VÁLIDO"  # a warning only
    _open(browser, pages["edited"])
    assert "não confere" in browser.find_element(By.ID, "situacao").text
    seen = _read(browser, pages["images"]["revoked"])  # the edit tried to hide it
    assert seen["word"] == "INVÁLIDO" and seen["reason"] == "status_unverified"


def test_a_photo_without_a_qr_code_says_so(browser, pages, tmp_path):
    _open(browser, pages["page"])
    blank = tmp_path / "branco.png"
    blank.write_bytes(base64.b64decode(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII="))
    browser.find_element(By.ID, "foto").send_keys(str(blank))
    for _ in range(100):
        warning = browser.find_element(By.ID, "aviso-leitura").text
        if "Nenhum QR code" in warning:
            break
        time.sleep(0.05)
    assert "Nenhum QR code encontrado" in warning
