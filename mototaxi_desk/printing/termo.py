"""Termo de permissão (A4): the act granting the permit with the fields the profiles' laws
ask for — SRM Art. 9 § único (order number and date, holder's name, nationality,
profession, CNH, CPF, RG, blood type; validity), L1745 Art. 7 (order number and date, name,
RG and CPF, stand by number and place, plate and vehicle identification), PF Art. 2 §3
(holder, vehicle, service permitted, duration, CNH record) — every field printed for every
profile, so each law's list is covered — and the signature lines."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from xml.sax.saxutils import escape

from . import a4
from .common import Municipio, date_text, long_date, text_or_dash

SERVICE = "Transporte individual de passageiros em motocicleta (mototáxi)"
NO_TERM = dt.date(9999, 12, 31)  # domain.permit_rules.NO_TERM: the law gives no term


@dataclass(frozen=True)
class TermoData:
    municipio: Municipio
    order_text: str
    issued_on: dt.date
    valid_until: dt.date
    act_number: str
    name: str
    nationality: str
    profession: str
    cpf: str            # formatted, full (the act identifies the holder)
    rg: str
    cnh: str            # "nº 01234567890, categoria A, válida até 10/01/2030"
    blood: str
    address: str
    plate: str
    renavam: str
    chassis: str
    vehicle: str        # "Honda CG 160 Fan, 2025/2025, vermelha, 160 cc"
    stand: str          # "Ponto 03 — Praça da Matriz (Praça da Matriz, em frente à igreja)"
    copy: int
    printed_at: dt.datetime
    login: str
    authority: str = "Autoridade concedente"
    # what the law grants and calls the holder, and the service's scope (profile
    # [instrument] and [service]); the defaults are a permissão's
    instrument: str = "Permissão"
    holder_title: str = "Permissionário"
    service: str = SERVICE


def render(data: TermoData) -> bytes:
    st = a4.styles()
    width = a4.CONTENT_WIDTH
    m = data.municipio
    law = f", nos termos da legislação municipal ({escape(m.law)})," if m.law else ","
    word = data.instrument.lower()
    validity = (f"de {date_text(data.issued_on)} a {date_text(data.valid_until)}"
                if data.valid_until != NO_TERM else
                f"desde {date_text(data.issued_on)}, sem prazo determinado")
    story = [
        a4.p(f"TERMO DE {data.instrument.upper()} Nº {data.order_text}", st["title"]),
        a4.Paragraph(
            f"O <b>MUNICÍPIO DE {escape(m.name.upper())}/{escape(m.uf)}</b>, Poder Concedente"
            f"{law} outorga a <b>{escape(data.name)}</b>, qualificado(a) abaixo, a "
            f"<b>{escape(data.instrument.upper())}</b> para a prestação do serviço de "
            f"{escape(data.service[0].lower() + data.service[1:])}, pelo prazo e nas condições "
            "deste termo e da legislação municipal.", st["body"]),
        a4.p(f"Da {word}" if word.endswith(("ão", "ça")) else f"Do {word}", st["section"]),
        a4.fields_table([
            ("Número de ordem", data.order_text),
            ("Data de expedição", date_text(data.issued_on)),
            ("Ato de outorga", text_or_dash(data.act_number)),
            ("Serviço permitido", data.service),
            ("Prazo de validade", validity),
        ], width),
        a4.p(f"Do {data.holder_title.lower()}", st["section"]),
        a4.fields_table([
            ("Nome", data.name), ("Nacionalidade", data.nationality),
            ("Profissão", data.profession), ("CPF", data.cpf),
            ("RG (cédula de identidade)", data.rg), ("CNH", data.cnh),
            ("Tipo sanguíneo e fator Rh", data.blood), ("Endereço", data.address),
        ], width),
        a4.p("Do veículo", st["section"]),
        a4.fields_table([
            ("Placa", data.plate), ("RENAVAM", data.renavam), ("Chassi", data.chassis),
            ("Identificação", data.vehicle),
        ], width),
        a4.p("Do ponto de estacionamento", st["section"]),
        a4.fields_table([("Ponto (número e local)", data.stand)], width),
        a4.spacer(4),
        a4.p("E, por estarem de acordo, firmam o presente termo em duas vias de igual teor.",
             st["body"]),
        a4.spacer(3),
        a4.p(f"{m.name}/{m.uf}, {long_date(data.issued_on)}.", st["center"]),
        a4.spacer(6),
        a4.signature_block([(data.authority, f"Pelo Município de {m.name}"),
                            (data.name, f"{data.holder_title}(a)")], width),
    ]
    return a4.build(story, municipio=m, title=f"Termo de {word} nº {data.order_text}",
                    footer=a4.footer_text(data.copy, data.printed_at, data.login))
