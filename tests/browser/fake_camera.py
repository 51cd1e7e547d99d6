"""Chromium's fake camera showing a card (issue 39 item 3): frames of 1280 × 720 with the
card's picture (a PNG rendered from the printed PDF) at a given fraction of the frame's
width, turned by a small tilt, blurred and with some sensor noise, on a desk, written as a
Y4M clip that Chromium plays in a loop (`--use-file-for-fake-video-capture`). Shared by
tests/browser/test_verifier_camera.py and benchmarks/verifier_page.py."""
from __future__ import annotations

import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

WIDTH, HEIGHT = 1280, 720
FRACTIONS = (1.0, 0.66, 0.45, 0.30)
TILT_DEGREES = 6.0
BLUR_PX = 1.2


def frame(card: Image.Image, fraction: float, *, tilt: float = TILT_DEGREES,
          blur: float = BLUR_PX, shift: tuple[int, int] = (0, 0)) -> Image.Image:
    """One camera frame: the card `fraction` of the frame's width, in the middle (at 100%
    larger than the frame: moved up so that its QR code, bottom right, stays in view)."""
    desk = Image.new("RGB", (WIDTH, HEIGHT))
    draw = ImageDraw.Draw(desk)
    for y in range(0, HEIGHT, 8):  # a soft light gradient
        shade = 100 + y * 40 // HEIGHT
        draw.rectangle([0, y, WIDTH, y + 8], fill=(shade + 10, shade + 4, shade - 4))
    width = round(WIDTH * fraction)
    height = round(card.height * width / card.width)
    turned = card.resize((width, height), Image.LANCZOS).convert("RGBA").rotate(
        tilt, resample=Image.BICUBIC, expand=True)
    x = (WIDTH - turned.width) // 2 + shift[0]
    y = (HEIGHT - turned.height) // 2 + shift[1]
    if turned.height > HEIGHT:
        y = min(y, HEIGHT - turned.height + round(0.06 * height))
    desk.paste(turned, (x, y), turned)
    noise = Image.effect_noise((WIDTH, HEIGHT), 6).convert("RGB")
    return Image.blend(desk.filter(ImageFilter.GaussianBlur(blur)), noise, 0.04)


def write_y4m(path: Path, frames: list[Image.Image], fps: int = 10) -> None:
    """YUV 4:2:0 (the colour planes at half size), the format Chromium's fake camera reads."""
    with open(path, "wb") as out:
        out.write(f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F{fps}:1 Ip A1:1 C420jpeg\n".encode())
        for image in frames:
            luma, blue, red = image.convert("YCbCr").split()
            out.write(b"FRAME\n" + luma.tobytes())
            for plane in (blue, red):
                out.write(plane.resize((WIDTH // 2, HEIGHT // 2), Image.BOX).tobytes())


def write_clip(card_png: Path, fraction: float, path: Path, frames: int = 2) -> Path:
    """A short clip (the card moving a pixel between frames, as a hand-held one does),
    written to a temporary file and moved in place: Chromium opens it whole."""
    card = Image.open(card_png).convert("RGB")
    images = [frame(card, fraction, shift=(i % 2, i % 2)) for i in range(frames)]
    part = path.with_suffix(".part")
    write_y4m(part, images)
    part.replace(path)
    return path


@contextmanager
def camera_browser(clip: Path, flags: tuple[str, ...]):
    """A headless Chromium whose camera plays `clip` (rewritten between readings: each
    getUserMedia opens it again), permission granted, 360 × 740 like a phone."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    from .conftest import CHROMEDRIVER, CHROMIUM
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="mototaxi-camera-")
    for flag in flags + ("--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
                         f"--use-file-for-fake-video-capture={clip}",
                         f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 360, "height": 740, "deviceScaleFactor": 1,
                            "mobile": True})
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
