"""What signing adds to a document (issue 41 item 2; budget ≤ 150 ms CPU per document): the
PDF/A-2b metadata, the visible block and the PAdES-B-B signature of printing/pades.py over
an A4 document of 1 and of 5 pages, with the key already in memory (services/administration/certificate.py
keeps it for the process), and once the key's first load from its PKCS#12. The key is the
test PKI's RSA 2048 (an ICP-Brasil A1 is RSA 2048). Prints medians; no asserts.

    python benchmarks/signing.py [--runs 30]
"""
from __future__ import annotations

import argparse
import datetime as dt
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.common import clock, machine_line, medians  # noqa: E402
from mototaxi_desk.printing import a4, pades  # noqa: E402
from mototaxi_desk.printing.common import Municipio  # noqa: E402
from tests.signing_pki import HOLDER, PASSWORD, make_pki  # noqa: E402

BUDGET_MS = 150


def _document(pages: int) -> bytes:
    st = a4.styles()
    story = []
    for n in range(pages):
        story += [a4.p(f"Termo de permissão — página {n + 1}", st["title"])]
        story += [a4.p("Cláusula de teste com acentuação: ação, permissão, município. " * 12,
                       st["body"]) for _ in range(9)]
    return a4.build(story, municipio=Municipio("Teste", "MA", "2111102"), title="Termo",
                    footer="1ª via · Mototáxi Desk")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    pfx = make_pki().pfx()
    pades.load_signer(pfx, PASSWORD.encode())  # pyHanko's imports, not the key's load
    load_cpu, load_wall = clock(lambda: pades.load_signer(pfx, PASSWORD.encode()))
    material = pades.SigningMaterial(signer=pades.load_signer(pfx, PASSWORD.encode()),
                                     holder=HOLDER, cnpj_text="12.345.678/0001-95")
    when = dt.datetime(2026, 12, 6, 10, 0)
    print(machine_line(None))
    print(f"load the A1 once per process (PKCS#12, RSA 2048): {load_cpu:.0f} ms CPU, "
          f"{load_wall:.0f} ms wall")
    pades.sign(_document(1), material, when=when)  # first call: imports, the ICC profile
    for pages in (1, 5):
        pdf = _document(pages)
        size = len(pades.sign(pdf, material, when=when)) - len(pdf)
        cpu, wall = medians(clock(lambda document=pdf: pades.sign(document, material,
                                                                  when=when))
                            for _ in range(args.runs))
        print(f"sign an A4 document of {pages} page(s) (PDF/A-2b, block, PAdES-B-B): "
              f"median {cpu:.0f} ms CPU ({cpu / BUDGET_MS:.2f} of the {BUDGET_MS} ms budget), "
              f"{wall:.0f} ms wall, +{size / 1024:.0f} KB, over {args.runs}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
