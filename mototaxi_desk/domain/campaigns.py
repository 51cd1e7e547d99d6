"""Recadastramento campaigns (issue 21 item 2): the município calls its holders to update
their data by a schedule — by the last digit of the vehicle's plate, or by ranges of permit
numbers — each group in one month of the campaign's year. Pure rules: who is due in which
month, and where a holder stands on a date (later, due, came, missed).

What missing the campaign means is the profile's rule ([recadastramento] missed), applied by
services/messaging/campaigns.py.
"""
from __future__ import annotations

import calendar
import datetime as dt
import re
from dataclasses import dataclass

from .errors import ValidationError

KINDS = ("plate_digit", "permit_range")
KIND_LABELS = {"plate_digit": "final da placa", "permit_range": "número do alvará"}
MONTHS_PT = ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto",
             "setembro", "outubro", "novembro", "dezembro")
# statuses of a holder in a campaign on a date
LATER, DUE, CAME, MISSED, UNSCHEDULED = "later", "due", "came", "missed", "unscheduled"
STATUS_LABELS = {LATER: "ainda não chamado", DUE: "chamado neste mês", CAME: "compareceu",
                 MISSED: "faltou", UNSCHEDULED: "fora do calendário"}


@dataclass(frozen=True)
class Rule:
    """One line of a schedule: plate digits `first..last` (0–9) or permit numbers
    `first..last`, called in `month` (1–12)."""
    first: int
    last: int
    month: int


@dataclass(frozen=True)
class Schedule:
    kind: str                 # KINDS
    rules: tuple[Rule, ...]

    def month_for(self, *, plate: str = "", permit_number: int | None = None) -> int | None:
        """The month a holder is called in, or None when the schedule does not reach them
        (no plate, a number no range covers)."""
        if self.kind == "plate_digit":
            key = plate_digit(plate)
        else:
            key = permit_number
        if key is None:
            return None
        for rule in self.rules:
            if rule.first <= key <= rule.last:
                return rule.month
        return None

    def text(self) -> str:
        """The schedule as typed ("1:2, 2:3" or "1-50:3, 51-100:4")."""
        parts = []
        for r in self.rules:
            key = str(r.first) if r.first == r.last else f"{r.first}-{r.last}"
            parts.append(f"{key}:{r.month}")
        return ", ".join(parts)

    def lines(self) -> list[str]:
        """The schedule in words, one line a month (for the call letter and the screen)."""
        what = "Placas com final" if self.kind == "plate_digit" else "Alvarás nº"
        by_month: dict[int, list[str]] = {}
        for r in self.rules:
            key = str(r.first) if r.first == r.last else (
                f"{r.first} a {r.last}")
            by_month.setdefault(r.month, []).append(key)
        return [f"{what} {', '.join(keys)}: {MONTHS_PT[month - 1]}"
                for month, keys in sorted(by_month.items())]


def plate_digit(plate: str) -> int | None:
    """The last digit of a plate in either format (ABC1234, ABC1D23), or None."""
    clean = re.sub(r"[^A-Za-z0-9]", "", plate or "")
    if not clean or not clean[-1].isdigit():
        return None
    return int(clean[-1])


def default_plate_schedule() -> Schedule:
    """Final 1 in February … final 9 in October, final 0 in November (January and December
    left for the counter's own work)."""
    return Schedule("plate_digit", tuple(Rule(d, d, d + 1) for d in range(1, 10))
                    + (Rule(0, 0, 11),))


def parse_schedule(kind: str, text: str) -> Schedule:
    """A schedule typed as "1:2, 2:3, 0:11" (plate final: month) or "1-50:3, 51-100:4"
    (permit numbers: month); a clear Portuguese message naming the field otherwise. Keys may
    not overlap; the plate schedule must cover every digit."""
    if kind not in KINDS:
        raise ValidationError("Critério do calendário", f"'{kind}' inválido; use "
                              "'plate_digit' (final da placa) ou 'permit_range' (nº do alvará).")
    if not (text or "").strip():
        if kind == "plate_digit":
            return default_plate_schedule()
        raise ValidationError("Calendário", "informe as faixas de alvarás e os meses "
                              "(ex.: 1-50:3, 51-100:4).")
    rules = []
    for raw in re.split(r"[;,\n]", text):
        item = raw.strip()
        if not item:
            continue
        m = re.fullmatch(r"(\d+)\s*(?:-\s*(\d+))?\s*:\s*(\d+)", item)
        if not m:
            raise ValidationError("Calendário", f"'{item}' não está no formato "
                                  "'final:mês' ou 'início-fim:mês'.")
        first = int(m.group(1))
        last = int(m.group(2)) if m.group(2) else first
        month = int(m.group(3))
        if not 1 <= month <= 12:
            raise ValidationError("Calendário", f"mês {month} em '{item}' deve ser de 1 a 12.")
        if last < first:
            raise ValidationError("Calendário", f"em '{item}' o fim é menor que o início.")
        if kind == "plate_digit" and last > 9:
            raise ValidationError("Calendário", f"'{item}': o final da placa vai de 0 a 9.")
        if kind == "permit_range" and first < 1:
            raise ValidationError("Calendário", f"'{item}': números de alvará começam em 1.")
        for other in rules:
            if first <= other.last and other.first <= last:
                raise ValidationError("Calendário", f"'{item}' repete números já chamados "
                                      f"em outro mês ({other.first}-{other.last}).")
        rules.append(Rule(first, last, month))
    if not rules:
        raise ValidationError("Calendário", "nenhuma regra informada.")
    if kind == "plate_digit":
        covered = {d for r in rules for d in range(r.first, r.last + 1)}
        absent = sorted(set(range(10)) - covered)
        if absent:
            raise ValidationError("Calendário", "faltam os finais de placa "
                                  f"{', '.join(map(str, absent))}.")
    return Schedule(kind, tuple(sorted(rules, key=lambda r: (r.month, r.first))))


def month_end(year: int, month: int) -> dt.date:
    return dt.date(year, month, calendar.monthrange(year, month)[1])


def status_on(year: int, month: int | None, came_on: dt.date | None, on: dt.date) -> str:
    """Where a holder called in `month` of `year` stands on date `on`: came (attendance
    recorded on or before `on`), due (in the month), missed (after the month's last day),
    later (before the month), unscheduled (the schedule does not reach them)."""
    if came_on is not None and came_on <= on:
        return CAME
    if month is None:
        return UNSCHEDULED
    if on < dt.date(year, month, 1):
        return LATER
    if on <= month_end(year, month):
        return DUE
    return MISSED


def check_name_year(name: str, year: int) -> str:
    name = (name or "").strip()
    if not name:
        raise ValidationError("Nome da campanha", "obrigatório.")
    if len(name) > 120:
        raise ValidationError("Nome da campanha", "no máximo 120 caracteres.")
    if not 2000 <= year <= 2100:
        raise ValidationError("Ano da campanha", f"{year} inválido (de 2000 a 2100).")
    return name
