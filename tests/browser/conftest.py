"""A real headless Chromium (Debian's `chromium` + `chromium-driver`, installed by
tools/install-browser.sh from `make test` and .ci/run) driven by selenium: no browser is
downloaded. One browser per test module; each test opens a page in it."""
from __future__ import annotations

import shutil
import tempfile

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=360,740")


@pytest.fixture(scope="module")
def browser():
    if not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)):
        pytest.fail("Chromium ausente: rode tools/install-browser.sh (make test o faz).")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="mototaxi-chromium-")
    for flag in FLAGS + (f"--user-data-dir={profile}",):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    # a phone's viewport: 360 CSS pixels wide
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 360, "height": 740, "deviceScaleFactor": 1,
                            "mobile": True})
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
