"""Stand roster (relação do ponto, A4): the stand, its responsible, and each position with
the permit, holder, plate and auxiliary driver — the yearly list SRM Art. 22 VI asks for."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from reportlab.lib import colors

from . import a4
from .common import Municipio, date_text, text_or_dash

HEADERS = ("Vaga", "Permissão", "Permissionário", "Placa", "Condutor auxiliar", "Desde",
           "Situação")


@dataclass(frozen=True)
class RosterPlace:
    position: str          # "1", "—" for a place without a number
    order_text: str        # "" for a free place
    holder: str
    plate: str
    auxiliary: str
    since: dt.date | None
    status: str            # "Ativa", "Suspensa", "vaga livre"


@dataclass(frozen=True)
class RosterData:
    municipio: Municipio
    stand_label: str       # "Ponto 03"
    stand_name: str
    location: str
    responsible: str
    capacity: str          # "mínimo 5, máximo 10 motocicletas"
    extension_point: str
    on: dt.date
    copy: int
    printed_at: dt.datetime
    login: str
    places: list[RosterPlace] = field(default_factory=list)
    key_fingerprint: str = ""  # "2111102-1 · A1B2 C3D4 E5F6 0718" (services/trust/keys.py)
    holders_title: str = "Permissionários"  # the profile's holder title, plural


def render(data: RosterData) -> bytes:
    st = a4.styles()
    width = a4.CONTENT_WIDTH
    taken = sum(1 for place in data.places if place.order_text)
    story = [
        a4.p(f"RELAÇÃO DE {data.holders_title.upper()} — {data.stand_label.upper()} — "
             f"{data.on.year}",
             st["title"]),
        a4.fields_table([
            ("Ponto", f"{data.stand_label} — {data.stand_name}"),
            ("Local", data.location),
            ("Ponto de extensão", text_or_dash(data.extension_point)),
            ("Responsável", text_or_dash(data.responsible)),
            ("Capacidade", data.capacity),
            ("Ocupação", f"{taken} permissão(ões) em {date_text(data.on)}"),
        ], width),
        a4.spacer(4),
    ]
    if not data.places or taken == 0:
        story.append(a4.p("Nenhuma permissão neste ponto na data desta relação.", st["body"]))
        story.append(a4.spacer(3))
    if data.places:
        cell = a4.ParagraphStyle("roster", parent=st["cell"], fontSize=8.5, leading=10.5)
        header = [a4.p(h, a4.ParagraphStyle("h", parent=cell, fontName=cell.fontName,
                                            textColor=colors.white)) for h in HEADERS]
        rows = [header]
        for place in data.places:
            rows.append([a4.p(place.position, cell), a4.p(place.order_text, cell),
                         a4.p(place.holder, cell), a4.p(place.plate, cell),
                         a4.p(place.auxiliary, cell), a4.p(date_text(place.since), cell),
                         a4.p(place.status, cell)])
        fractions = (0.06, 0.115, 0.255, 0.11, 0.21, 0.13, 0.12)
        table = a4.listing(rows, [width * f for f in fractions])
        story.append(table)
    if data.key_fingerprint:  # ARCHITECTURE "Trust is pinned outside the database"
        story += [a4.spacer(3), a4.p(
            f"Chave de assinatura dos QR codes do município: {data.key_fingerprint}. Confira "
            "esta impressão digital no verificador do celular do fiscal (Sobre este "
            "verificador) e em Configurações; se diferir, o verificador não é o da "
            "Prefeitura.", st["small"])]
    story += [
        a4.spacer(8),
        a4.signature_block([(data.responsible, "Responsável pelo ponto"),
                            ("", "Fiscalização municipal")], width),
    ]
    return a4.build(story, municipio=data.municipio,
                    title=f"Relação do {data.stand_label}",
                    footer=a4.footer_text(data.copy, data.printed_at, data.login))
