"""What a counter's first document and first deadline of the day need, loaded before the
clerk asks (issue 40 item 4): ReportLab, the layouts the counter prints most, the two
TrueType fonts, PIL's image decoders and the município's brasão (about 230 ms on a counter
PC), and this year's public holidays (the `holidays` package, about 150 ms), with which a
guia's due date and every defence or appeal term count business days. A clerk's first guia
of the day paid all of it: 360 ms against 20 ms for the next ones, p95 383 ms at ten
counters against the 300 ms budget of a write. The window runs this off the GUI thread
while the password is typed (gui/app.py), as it loads the screens then."""
from __future__ import annotations

import importlib

from ...domain import wallclock
from .common import municipio_header

LAYOUTS = ("guia", "cards", "stickers", "receipt", "a4")  # what the counter prints most


def preload() -> None:
    for name in LAYOUTS:
        importlib.import_module(f"mototaxi_desk.printing.{name}")
    from ...printing import common as layout, fonts
    fonts.register()
    # the images: PIL's decoders (loaded at its first image), the município's brasão
    # decoded once (kept by printing.common), the photo's placeholder
    layout.image(municipio_header(wallclock.today()).brasao, layout.BRASAO_PLACEHOLDER)
    layout.image(None, layout.PHOTO_PLACEHOLDER)
    from ..administration import holidays
    holidays.business_calendar().holiday(wallclock.today())  # the year's holidays, kept
