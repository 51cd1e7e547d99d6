"""Every official document leaves the program signed (issue 41 item 2): the one function the
PDF of a document passes through on its way out — `finish` (every print with copy numbers:
termo, permit acts, autos, decisions, release, guia, receipts, roster), reports and campaign
letters. With this station's A1 installed (and valid, of the
município's CNPJ) the PDF becomes PDF/A-2b signed PAdES-B-B, or B-T when a timestamp
server is set (printing/pades.py); without one it is returned as it was drawn.

Cards and inspection stickers are not signed: they are cut out of card stock, and their
QR code (Ed25519, printing/qr.py) is what proves them."""
from __future__ import annotations

import logging

from ...domain import wallclock
from ...domain.errors import DomainError
from ..administration import certificate

UNSIGNED = frozenset({"card", "aux_card", "sticker"})
log = logging.getLogger("mototaxi_desk.signing")


def signed(document: str, pdf: bytes) -> bytes:
    """`pdf` signed with this station's A1, or as it is (no certificate, or a card)."""
    if document in UNSIGNED:
        return pdf
    material = certificate.signing_material()
    if material is None:
        return pdf
    from ...printing import pades
    when = wallclock.now()
    try:
        return pades.sign(pdf, material, when=when, document=document)
    except DomainError:
        raise
    except Exception as exc:  # noqa: BLE001 — a timestamp server down must not stop the counter
        if not material.timestamp_url:
            raise DomainError(f"Não foi possível assinar o documento: {exc}") from exc
        log.warning("carimbo do tempo indisponível (%s): %s; assinado sem carimbo",
                    material.timestamp_url, exc)
        from dataclasses import replace
        return pades.sign(pdf, replace(material, timestamp_url=""), when=when,
                          document=document)
