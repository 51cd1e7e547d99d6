"""Printing speed: one permit card (single, front and back) and 500 inspection stickers on
A4 sheets, each signed and drawn with its QR code. Prints medians; no asserts.
Budgets (issue 23): card ≤ 20 ms, 500 stickers ≤ 8 s (CPU time, the load printed).

    python benchmarks/printing.py [--runs 7]
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mototaxi_desk.printing import cards, fonts, qr, stickers  # noqa: E402
from mototaxi_desk.printing.common import Municipio  # noqa: E402

KEY = qr.new_private_key()
MUNICIPIO = Municipio("São Raimundo das Mangabeiras", "MA", "2111102", None,
                      "Projeto de Lei nº 002/2019")


def one_card(copy: int) -> bytes:
    record = qr.QrRecord("permit_card", 1, "2111102", 12, 3, copy, "ABC1D23",
                         dt.date(2026, 6, 15), dt.date(2031, 6, 14), "456789")
    data = cards.CardData(
        MUNICIPIO, False, "Raimundo Nonato de Araújo Sá", "***.456.789-**", "1234567 SSP/MA",
        "01234567890 — cat. A", "0012", "ABC-1234", "Ponto 03 — Praça da Matriz",
        dt.date(2026, 6, 15), dt.date(2031, 6, 14), "12345678901", "9C2KC0000000000AB",
        "Honda CG 160 Fan 2025/2025", "O+", copy, qr.sign(record, KEY))
    return cards.render([data])


def stickers_500() -> bytes:
    batch = []
    for i in range(1, 501):
        serial = f"2026-{i:06d}"
        record = qr.QrRecord("sticker_annual", 1, "2111102", qr.sticker_number(serial), i, 1,
                             "ABC1D23", dt.date(2026, 6, 15), dt.date(2027, 6, 15), "")
        batch.append(stickers.StickerData(MUNICIPIO, serial, f"{i:04d}", "ABC-1234",
                                          dt.date(2026, 6, 15), dt.date(2027, 6, 15),
                                          "Vistoria anual", 1, qr.sign(record, KEY)))
    return stickers.render(batch, sheet="a4")


def timed(fn, runs: int) -> list[float]:
    """CPU seconds of each run (the machine may be shared: wall time would measure the
    others)."""
    out = []
    for i in range(runs):
        start = time.process_time()
        fn(i + 1) if fn is one_card else fn()
        out.append(time.process_time() - start)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    start = time.perf_counter()
    fonts.register()
    one_card(1)  # warm-up: the font files are parsed once per process
    print(f"first card (fonts loaded): {(time.perf_counter() - start) * 1000:.1f} ms")
    card = timed(one_card, max(args.runs, 20))
    print(f"one card, median of {len(card)}: {statistics.median(card) * 1000:.1f} ms CPU "
          f"(budget 20 ms; load {os.getloadavg()[0]:.1f})")
    sheets = timed(stickers_500, args.runs)
    size = len(stickers_500()) // 1024
    print(f"500 stickers on A4 sheets, median of {len(sheets)}: {statistics.median(sheets):.2f} s "
          f"CPU ({size} KB; budget 8 s; load {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
