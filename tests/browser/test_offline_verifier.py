"""Issue 17 item 4 and issue 39, checked in a real headless Chromium: the exported verifier
page (one HTML file, no network) reads card and sticker images rendered from the printed PDFs
through its "Ler de uma foto" input, and QR texts typed in, and shows the desktop's verdict
words for each — the same codes run through the desktop `verify` on the day the list was
made: VÁLIDO for a genuine current document; INVÁLIDO for one altered, re-signed with a
foreign key, of a revoked, suspended or cassated permit, expired, superseded, never issued
(a print that died after its QR was drawn), of a transferred permit or a replaced
motorcycle, of another município (named with its key, its data not shown), ... Also: the
bundled libraries when the browser lacks WebAssembly, WebCrypto or BarcodeDetector, the
list's date and age in the verdict box (amber past the limit, with what it cannot show), an
edited file, and 360 × 740 screenshots."""
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
from mototaxi_desk.services import documents, setup
from mototaxi_desk.services.trust import keys
from mototaxi_desk.services.exchange import verifier
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.migrations import close_database, open_database
from mototaxi_desk.store.models import AuxiliaryDriver, Inspection, Permit, Person, Sticker

from ..conftest import MUNICIPIOS, PF, SRM
from ..services.licensing_rows import auxiliary, holder_with_vehicle, person
from ..services.licensing_rows import vehicle as make_vehicle

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


def _text(printed: dict, index: int = 0) -> str:
    return printed["copies"][index]["qr_text"]


def _other_person(name: str) -> Person:
    """Someone whose six middle CPF digits differ from every other test person's (the
    rows' CPFs are 000000000NN)."""
    row = person(name)
    row.cpf = f"98765{row.cpf[5:]}"
    row.save()
    return row


def _typed_cases(folder: Path) -> dict:
    """QR texts in the states the list must carry, made in the open SRM database: case ->
    (text, what happens after it was printed, before the list is made)."""
    on, cases = TODAY, {}
    for status in ("suspended", "cassated"):
        permit = holder_with_vehicle(on, name=f"Rosa {status}")[2]
        cases[status] = _text(_print(documents.print_cards, [permit.order_number]))
        Permit.update(status=status).where(Permit.id == permit.id).execute()
    # a print that died after its QR was drawn: its copy reserved, never issued; the copy
    # before it stays current
    permit = holder_with_vehicle(on, name="Lúcia Impressão")[2]
    cases["issued_before"] = _text(_print(documents.print_cards, [permit.order_number]))
    cases["not_issued"] = _text(documents.print_cards(CLERK, [permit.order_number]))
    # a transferred permit; a replaced motorcycle (and its sticker); a permit left without one
    holder, vehicle, permit = holder_with_vehicle(on, name="Pedro Transferido")
    cases["holder_changed"] = _text(_print(documents.print_cards, [permit.order_number]))
    Permit.update(holder=_other_person("Novo Titular")).where(Permit.id == permit.id).execute()
    holder, vehicle, permit = holder_with_vehicle(on, name="Carla Moto Nova")
    _sticker(vehicle, permit, f"{on.year}-000011", on + dt.timedelta(days=200))
    cases["vehicle_changed"] = _text(_print(documents.print_cards, [permit.order_number]))
    cases["sticker_old_vehicle"] = _text(_print(documents.print_stickers,
                                                [f"{on.year}-000011"]))
    Permit.update(vehicle=make_vehicle(holder)).where(Permit.id == permit.id).execute()
    permit = holder_with_vehicle(on, name="Davi Sem Moto")[2]
    cases["no_vehicle"] = _text(_print(documents.print_cards, [permit.order_number]))
    Permit.update(vehicle=None).where(Permit.id == permit.id).execute()
    # stickers: of a revoked permit (serves none), of a suspended one, voided and replaced
    for name, status, serial in (("sticker_revoked", "revoked", 12),
                                 ("sticker_suspended", "suspended", 13)):
        _, vehicle, permit = holder_with_vehicle(on, name=f"Selo {status}")
        _sticker(vehicle, permit, f"{on.year}-{serial:06d}", on + dt.timedelta(days=200))
        cases[name] = _text(_print(documents.print_stickers, [f"{on.year}-{serial:06d}"]))
        Permit.update(status=status).where(Permit.id == permit.id).execute()
    _, vehicle, permit = holder_with_vehicle(on, name="Selo Trocado")
    old = _sticker(vehicle, permit, f"{on.year}-000014", on + dt.timedelta(days=200))
    cases["sticker_voided"] = _text(_print(documents.print_stickers, [old.serial]))
    Sticker.update(status="voided").where(Sticker.id == old.id).execute()
    Sticker.create(serial=f"{on.year}-000015", inspection=old.inspection, status="issued",
                   replaces=old)
    # auxiliary drivers: in force, ended, and one whose credential now names another person
    for name in ("aux_valid", "aux_ended", "aux_mismatch"):
        _, _, permit = holder_with_vehicle(on, name=f"Titular {name}")
        aux = auxiliary(permit, valid_until=on + dt.timedelta(days=200), on=on)
        cases[name] = _text(_print(documents.print_aux_cards, [permit.order_number]))
        if name == "aux_ended":
            AuxiliaryDriver.update(active=False).where(AuxiliaryDriver.id == aux.id).execute()
        if name == "aux_mismatch":
            AuxiliaryDriver.update(person=_other_person("Outro Auxiliar")).where(
                AuxiliaryDriver.id == aux.id).execute()
    # in force on the list's day, ended by the phone's (a later date): the permit and an
    # auxiliary credential
    _, _, permit = holder_with_vehicle(on, name="Vence Logo",
                                       valid_until=on + dt.timedelta(days=LATER - 2))
    cases["later_permit"] = _text(_print(documents.print_cards, [permit.order_number]))
    _, _, permit = holder_with_vehicle(on, name="Auxiliar Vence Logo")
    auxiliary(permit, valid_until=on + dt.timedelta(days=LATER - 2), on=on)
    cases["later_aux"] = _text(_print(documents.print_aux_cards, [permit.order_number]))
    # valid when the list was made, cassated after it (the stale list's case)
    permit = holder_with_vehicle(on, name="Cassado Depois")[2]
    cases["cassated_later"] = _text(_print(documents.print_cards, [permit.order_number]))
    return cases


# the typed cases: the reason the desktop gives (the state each was put in) on the list's day
TYPED = {"suspended": "suspended", "cassated": "cassated", "issued_before": "",
         "not_issued": "not_issued", "holder_changed": "holder_changed",
         "vehicle_changed": "vehicle_changed", "sticker_old_vehicle": "no_permit",
         "no_vehicle": "vehicle_changed", "sticker_revoked": "no_permit",
         "sticker_suspended": "suspended", "sticker_voided": "sticker_voided",
         "aux_valid": "", "aux_ended": "auxiliary_ended", "aux_mismatch": "auxiliary_mismatch",
         "later_permit": "", "later_aux": "", "cassated_later": ""}
LATER = 5  # days after the list the phone reads the "later_*" cases


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """Two municípios on their own databases and key folders; SRM's documents in every
    state the verifier must tell apart, as PNG files and QR texts, the desktop's verdict on
    each on the day the list was made (and LATER days after, for the later_* cases), and
    SRM's verifier pages: current, 10 days old, edited."""
    folder = tmp_path_factory.mktemp("verificador")
    images, texts = {}, {}
    with pytest.MonkeyPatch.context() as patch:
        # Porto Feliz: a genuine card of another município (its key serial is 1 too)
        patch.setenv("MOTOTAXI_DATA_DIR", str(folder / "pf"))
        open_database(str(folder / "pf.db"))
        try:
            _setup(PF, folder)
            permit = holder_with_vehicle(TODAY, name="Benedita Sá")[2]
            printed = _print(documents.print_cards, [permit.order_number])
            texts["other_municipio"] = _text(printed)
            images["other_municipio"] = _png(printed["pdf"], folder / "pf.png")
        finally:
            close_database()
        patch.setenv("MOTOTAXI_DATA_DIR", str(folder / "srm"))
        open_database(str(folder / "srm.db"))
        try:
            _setup(SRM, folder)
            for case in ("valid", "revoked", "superseded", "permit_expired"):
                until = TODAY - dt.timedelta(days=1) if case == "permit_expired" else None
                _, vehicle, permit = holder_with_vehicle(TODAY, name=f"João {case}",
                                                         valid_until=until)
                printed = _print(documents.print_cards, [permit.order_number])
                texts[case] = _text(printed)
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
                        printed = _print(documents.print_stickers, [serial])
                        texts[name] = _text(printed)
                        images[name] = _png(printed["pdf"], folder / f"{name}.png")
            texts["altered"] = _altered(texts["valid"])
            images["altered"] = _png(_card_with(texts["altered"]), folder / "altered.png")
            record = qr.decode(texts["valid"])[0]
            texts["foreign_key"] = qr.sign(record, qr.new_private_key())  # same IBGE, key 1
            images["foreign_key"] = _png(_card_with(texts["foreign_key"]),
                                         folder / "foreign.png")
            typed = _typed_cases(folder)
            texts.update(typed)
            page = folder / "verificador.html"
            verifier.export_file(CLERK, page)
            stale = folder / "verificador-antigo.html"
            verifier.export_file(CLERK, stale, as_of=dt.datetime.now().astimezone() -
                                 dt.timedelta(days=10))
            desktop = {case: documents.verify(text, on=TODAY) for case, text in texts.items()}
            for case in ("later_permit", "later_aux"):
                desktop[case] = documents.verify(texts[case],
                                                 on=TODAY + dt.timedelta(days=LATER))
            permit = Permit.get(Permit.order_number == qr.decode(
                texts["cassated_later"])[0].number)
            Permit.update(status="cassated").where(Permit.id == permit.id).execute()
            cassated_later = documents.verify(texts["cassated_later"], on=TODAY)
            fingerprint = keys.trust_summary()["keys"][0]["fingerprint_text"]
        finally:
            close_database()
    edited = folder / "verificador-editado.html"
    html = page.read_text(encoding="utf-8")
    edited.write_text(html.replace('\\"revoked\\"', '\\"active\\"', 1), encoding="utf-8")
    assert edited.read_text(encoding="utf-8") != html
    return {"page": page, "stale": stale, "edited": edited, "images": images, "texts": texts,
            "desktop": desktop, "cassated_later": cassated_later, "fingerprint": fingerprint}


def _open(browser, page: Path) -> None:
    browser.get(page.as_uri())
    for _ in range(100):
        if browser.execute_script("return document.body.dataset.ready === '1'"):
            return
        time.sleep(0.05)
    raise AssertionError("a página não ficou pronta")


SEEN = """
    const b = document.body.dataset, box = document.getElementById('resultado');
    const text = id => document.getElementById(id).textContent;
    return {verdict: b.verdict || '', reason: b.reason || '', reasons: b.reasons || '',
            headline: b.headline || '', engines: b.engines || '', word: text('veredito'),
            why: text('motivo'), data: text('dados'), status: text('situacao'),
            warning: text('aviso-leitura'), box: box.className,
            age: document.getElementById('idade').hidden ? '' : text('idade'),
            note: document.getElementById('nota').hidden ? '' : text('nota'),
            others: Array.from(document.querySelectorAll('#outros li'), li => li.textContent)};
"""


def _wait_verdict(browser) -> dict:
    for _ in range(200):
        if browser.execute_script("return document.body.dataset.verdict || ''"):
            break
        time.sleep(0.05)
    return browser.execute_script(SEEN)


def _read(browser, image: str) -> dict:
    """A photo through "Ler de uma foto"."""
    browser.execute_script("document.body.dataset.verdict = ''")
    browser.find_element(By.ID, "foto").send_keys(image)
    return _wait_verdict(browser)


def _type(browser, text: str) -> dict:
    """A QR text typed (pasted) and "Conferir"."""
    browser.execute_script("document.body.dataset.verdict = '';"
                           "document.getElementById('texto').value = arguments[0];"
                           "document.getElementById('conferir').click();", text)
    return _wait_verdict(browser)


def _words_differ(seen: dict, desktop: dict) -> list:
    """What the inspector reads on the phone against the desktop's result: the word, the
    reason under it and each other problem ("Também: ..."), and the codes behind them."""
    wrong = []
    if seen["word"] != desktop["verdict"]:
        wrong.append(("word", seen["word"], desktop["verdict"]))
    if seen["headline"] != desktop["headline"]:
        wrong.append(("headline", seen["headline"], desktop["headline"]))
    if not desktop["valid"]:
        first = desktop["problems"][0]
        if seen["why"] != first[:1].upper() + first[1:]:
            wrong.append(("motivo", seen["why"], first))
    if seen["others"] != [f"Também: {p}" for p in desktop["problems"][1:]]:
        wrong.append(("também", seen["others"], desktop["problems"][1:]))
    if seen["reasons"].split() != desktop["reasons"]:
        wrong.append(("codes", seen["reasons"], desktop["reasons"]))
    return wrong


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
    """Each card and sticker photo: the words the desktop `verify` gives the same QR code."""
    _open(browser, pages["page"])
    assert browser.execute_script("return window.isSecureContext")
    status = browser.find_element(By.ID, "situacao").text
    assert status.startswith("Situação de ") and "atualize semanalmente" in status
    wrong = []
    for case, word, reason, why in CASES:
        seen, desktop = _read(browser, pages["images"][case]), pages["desktop"][case]
        assert (desktop["verdict"], desktop["reason"] or "") == (word, reason), case
        if (seen["word"], seen["reason"]) != (word, reason) or not seen["why"].startswith(why):
            wrong.append((case, seen))
        wrong += [(case, *w) for w in _words_differ(seen, desktop)]
    assert wrong == []
    seen = _read(browser, pages["images"]["valid"])
    assert "Permissão nº" in seen["data"] and "***." in seen["data"]
    assert seen["engines"] == "ZXing-C++ (WebAssembly) / WebCrypto"  # Chromium on Linux:
    # no BarcodeDetector; its WebCrypto has Ed25519
    assert pages["fingerprint"] in browser.find_element(By.ID, "chaves").get_attribute(
        "textContent")


def test_every_state_the_desktop_knows_reads_the_same_on_the_phone(browser, pages):
    """Issue 39 item 1: the codes of every state the status list carries, typed in, read
    the desktop's words — the word, the reason, each other problem — on the list's day."""
    _open(browser, pages["page"])
    wrong = []
    for case, reason in TYPED.items():
        if case.startswith("later_"):
            continue
        desktop = pages["desktop"][case]
        assert (desktop["reason"] or "") == reason, (case, desktop["problems"])
        wrong += [(case, *w) for w in _words_differ(_type(browser, pages["texts"][case]),
                                                    desktop)]
    assert wrong == []


def test_a_copy_never_issued_reads_invalid_as_on_the_desktop(browser, pages):
    """Issue 39 item 1: a genuinely signed copy whose print died after its QR was drawn
    (reserved, never issued) — VÁLIDO on the phone before — reads INVÁLIDO with the
    desktop's words; the copy before it stays VÁLIDO."""
    _open(browser, pages["page"])
    seen = _type(browser, pages["texts"]["not_issued"])
    assert pages["desktop"]["not_issued"]["message"] == \
        "INVÁLIDO — via não emitida (impressão não concluída)."
    assert (seen["word"], seen["why"]) == ("INVÁLIDO",
                                           "Via não emitida (impressão não concluída)")
    assert seen["box"] == "invalido"
    assert _type(browser, pages["texts"]["issued_before"])["word"] == "VÁLIDO"


def test_on_a_later_day_the_phone_judges_dates_as_the_desktop(browser, pages):
    """A permit and an auxiliary credential in force when the list was made and ended
    before the phone's date read as the desktop reads them on that date."""
    ident = _without(browser, _phone_date(TODAY + dt.timedelta(days=LATER)))
    try:
        _open(browser, pages["page"])
        for case in ("later_permit", "later_aux"):
            desktop = pages["desktop"][case]
            assert not desktop["valid"]
            assert _words_differ(_type(browser, pages["texts"][case]), desktop) == [], case
        assert "permit_expired" in pages["desktop"]["later_permit"]["reasons"]
        assert "auxiliary_ended" in pages["desktop"]["later_aux"]["reasons"]
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument",
                                {"identifier": ident})


def test_another_municipios_card_shows_only_who_it_names(browser, pages):
    """Issue 39 item 4: its signature is not checked here, so neither its permit number,
    CPF digits nor plate are shown as the card's — the município (IBGE) and the key it
    names, and why (the desktop says the same)."""
    _open(browser, pages["page"])
    seen = _read(browser, pages["images"]["other_municipio"])
    desktop = pages["desktop"]["other_municipio"]
    record = qr.decode(pages["texts"]["other_municipio"])[0]
    assert seen["data"] == f"Município (IBGE){record.ibge}Chave indicada{record.ibge}-1"
    for shown in ("Permissão", "Placa", "CPF", record.plate, record.person, "***."):
        assert shown not in seen["data"] + seen["note"]
    assert seen["note"] == desktop["data"]["note"][:1].upper() + desktop["data"]["note"][1:] + "."
    assert set(desktop["data"]) == {"ibge", "key_ref", "unverified", "note"}
    assert seen["age"] == ""  # the list says nothing of another município's documents


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


def _phone_date(day: dt.date) -> str:
    """A script that makes the page's clock (Date, Date.now) say noon of `day`."""
    millis = int(dt.datetime.combine(day, dt.time(12, 0), dt.timezone.utc).timestamp() * 1000)
    return f"""(() => {{
        const Real = Date, fixed = {millis};
        class PhoneDate extends Real {{
            constructor(...args) {{ super(...(args.length ? args : [fixed])); }}
            static now() {{ return fixed; }}
        }}
        window.Date = PhoneDate;
    }})();"""


def _without(browser, script: str):
    return browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                   {"source": script})["identifier"]


def test_bundled_libraries_where_the_browser_lacks_webcrypto(browser, pages):
    """A file:// page that is not a secure context: no crypto.subtle; an old phone: no
    WebAssembly either (ZXing-C++ cannot run: jsQR reads)."""
    ident = _without(browser, "Object.defineProperty(Crypto.prototype, 'subtle', "
                              "{get() { return undefined; }});")
    try:
        _open(browser, pages["page"])
        assert browser.execute_script("return window.crypto.subtle === undefined")
        valid = _read(browser, pages["images"]["valid"])
        assert valid["word"] == "VÁLIDO"
        assert valid["engines"] == "ZXing-C++ (WebAssembly) / JavaScript (@noble/ed25519)"
        old = _without(browser, "delete window.WebAssembly;")
        try:
            _open(browser, pages["page"])
            valid = _read(browser, pages["images"]["valid"])
        finally:
            browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument",
                                    {"identifier": old})
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


def _list_day(days_ago: int) -> str:
    return (TODAY - dt.timedelta(days=days_ago)).strftime("%d/%m/%Y")


def test_the_verdict_box_carries_the_lists_date_and_age(browser, pages):
    """Issue 39 item 2: the date and age are in the verdict box itself — neutral while the
    list is current; amber past the município's limit (7 days), saying what an old list
    cannot show. A permit cassated after the export reads INVÁLIDO on the desktop and, on
    the 10-day-old list, VÁLIDO in amber with that warning: never a clean green VÁLIDO."""
    _open(browser, pages["page"])
    seen = _type(browser, pages["texts"]["valid"])
    assert seen["age"] == f"Situação de {_list_day(0)} (hoje)." and seen["box"] == "valido"
    assert _type(browser, pages["texts"]["revoked"])["age"] == seen["age"]
    assert _type(browser, pages["texts"]["altered"])["age"] == ""  # not the list's verdict
    desktop = pages["cassated_later"]
    assert desktop["headline"] == "INVÁLIDO — permissão cassada"
    _open(browser, pages["stale"])
    seen = _type(browser, pages["texts"]["cassated_later"])
    assert seen["word"] == "VÁLIDO" and seen["box"] == "valido velha"
    assert seen["age"] == (
        f"Situação de {_list_day(10)}, há 10 dias — desatualizada (atualize semanalmente): "
        "uma suspensão, cassação ou revogação depois dessa data não aparece aqui. Peça um "
        "verificador novo à Prefeitura.")
    colours = browser.execute_script(
        "const s = e => getComputedStyle(document.getElementById(e));"
        "return [s('resultado').borderTopColor, s('resultado').backgroundColor,"
        "        s('veredito').color];")
    assert colours == ["rgb(179, 107, 0)", "rgb(255, 241, 204)", "rgb(122, 74, 0)"]  # amber
    invalid = _type(browser, pages["texts"]["revoked"])  # still red; the same warning
    assert invalid["box"] == "invalido" and invalid["age"] == seen["age"]


def test_the_stale_list_in_view_at_360_px(browser, pages, tmp_path):
    """Issue 39 item 2 at a phone's width: after the verdict scrolls into view, the list's
    date is inside the verdict box and on the screen (the screenshot shows it)."""
    _open(browser, pages["stale"])
    assert _read(browser, pages["images"]["valid"])["box"] == "valido velha"
    time.sleep(0.1)  # the scroll into view
    boxes = browser.execute_script(
        "const r = id => document.getElementById(id).getBoundingClientRect().toJSON();"
        "return {box: r('resultado'), age: r('idade'), word: r('veredito'),"
        "        height: window.innerHeight, width: document.documentElement.scrollWidth};")
    box, age = boxes["box"], boxes["age"]
    assert boxes["width"] <= 360
    assert box["top"] <= age["top"] and age["bottom"] <= box["bottom"]
    assert box["left"] <= age["left"] and age["right"] <= box["right"]
    assert 0 <= boxes["word"]["top"] and age["bottom"] <= boxes["height"]  # in view
    assert _list_day(10) in browser.find_element(By.ID, "idade").text
    folder = Path(os.environ.get(SCREENSHOTS_ENV) or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    assert browser.save_screenshot(str(folder / "verificador-celular-desatualizado.png"))


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
