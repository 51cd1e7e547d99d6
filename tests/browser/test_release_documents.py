"""Issue 35 item 4, on the inspector's phone: the cards and stickers each earlier release
printed (tests/releases/<version>/, the PDFs as that release wrote them) read VÁLIDO in the
offline verifier this program exports, in a real headless Chromium, after the município's
database was upgraded. The phone's date is the day of the upgrade (the day after the release
printed them), as the program's clock is."""
from __future__ import annotations

import datetime as dt

import pypdfium2 as pdfium
import pytest

from mototaxi_desk.domain import wallclock
from mototaxi_desk.services.exchange import verifier
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.migrations import close_database, open_database

from ..releases import corpus
from .test_offline_verifier import _open, _phone_date, _read

CLERK = Actor(None, "atendente", "atendente")
NOON = dt.time(12, 0)


@pytest.fixture(scope="module")
def upgraded(tmp_path_factory):
    """Each release's SQLite database, upgraded by this program on the upgrade day, its
    verifier page exported, and the PNG of each document the release printed."""
    made = {}
    for version in corpus.versions():
        folder = tmp_path_factory.mktemp(f"versao-{version}")
        day = corpus.upgrade_day(version)
        with pytest.MonkeyPatch.context() as patch, \
                wallclock.travel(dt.datetime.combine(day, NOON)):
            patch.setenv("MOTOTAXI_DATA_DIR", str(folder / "dados"))
            url = str(folder / "mototaxi.db")
            corpus.restore(version, url)
            corpus.install_keys(version, url, folder / "dados")
            open_database(url, backup_dir=folder / "copias")
            try:
                page = folder / "verificador.html"
                verifier.export_file(CLERK, page)
            finally:
                close_database()
        images = {}
        for name in ("card", "sticker"):
            image = folder / f"{name}.png"
            pdfium.PdfDocument(corpus.pdf(version, f"{name}.pdf"))[0].render(
                scale=200 / 72).to_pil().convert("RGB").save(image)
            images[name] = str(image)
        made[version] = {"page": page, "images": images, "day": day}
    return made


@pytest.mark.parametrize("version", corpus.versions())
def test_the_release_documents_read_valid_on_the_phone(browser, upgraded, version):
    release = upgraded[version]
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                     {"source": _phone_date(release["day"])})["identifier"]
    try:
        _open(browser, release["page"])
        assert browser.execute_script("return new Date().toISOString().slice(0, 10)") == \
            release["day"].isoformat()
        for name, image in release["images"].items():
            seen = _read(browser, image)
            assert (seen["word"], seen["reason"]) == ("VÁLIDO", ""), (name, seen)
            assert seen["why"].startswith("Assinatura conferida"), (name, seen)
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument",
                                {"identifier": script})
