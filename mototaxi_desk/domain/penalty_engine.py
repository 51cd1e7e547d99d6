"""The penalty engine: fines, points, reincidence and recidivism, rolling windows, count
thresholds and the sanctions they call for. Pure: notices come in as NoticeFacts, every
number comes from the rule profile, and every proposal explains itself (notices, dates,
points, window, article).

Voided notices never count: assess() drops them before anything else, so voiding any set
of notices gives exactly the result of never having recorded them.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal

from .errors import DomainError, ValidationError
from .money import format_money, format_units, units_to_cents
from .penalty_calendar import months_later, within_months
from .profiles import Infraction, PenaltyClass, RuleProfile

SANCTION_LABELS = {"suspension": "Suspensão da permissão", "revocation": "Revogação da permissão",
                   "cassation": "Cassação da permissão"}


# --- fines ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class FineComputation:
    units: Decimal             # fiscal units, or tariff multiples when basis == "tariff"
    unit_value_cents: int      # R$ of one fiscal unit (infraction's year) or the initial tariff
    amount_cents: int
    basis: str                 # "fiscal_unit", "tariff", "none"
    unit_name: str             # "UFM", "UFICA", "× tarifa inicial"
    warning: bool              # a written warning too (PF Art. 31, L1745 Art. 17 I)
    recidivism: bool           # doubled (L1745 Art. 8 §3º)
    article: str

    def text(self) -> str:
        if self.basis == "none":
            return "sem multa"
        return f"{format_money(self.amount_cents)} ({format_units(self.units, self.unit_name)})"


def parse_units(value, field_name: str = "Valor da multa em unidades fiscais") -> Decimal:
    """A fiscal-unit amount typed by the authority: positive, finite, at most 4 decimals."""
    from .numbers import parse_decimal  # pt-BR: "1,5"; "1.5" is ambiguous and refused
    units = parse_decimal(value, field_name, maximum=Decimal(10**6))
    if units <= 0:
        raise ValidationError(field_name, "informe um valor maior que zero.")
    if units != units.quantize(Decimal("0.0001")):
        raise ValidationError(field_name, "no máximo 4 casas decimais.")
    return units


def compute_fine(profile: RuleProfile, infraction: Infraction, *, unit_value_cents: int,
                 tariff_cents: int, chosen_units=None, recidivism: bool = False
                 ) -> FineComputation:
    """The fine of one infraction: SRM fiscal units by class (Art. 39) at the unit's value of
    the infraction's year; PF a multiple of the initial tariff (Art. 32); L1745 a value the
    authority sets in the class range (Art. 17 II) or the fixed no-permit fine, doubled on
    recidivism (Art. 8 §3º)."""
    penalty = profile.penalty_class(infraction.class_code)
    warning = penalty.code in profile.penalties.warning_for_classes
    chosen = parse_units(chosen_units) if chosen_units not in (None, "") else None
    if penalty.fine_tariff_multiple:
        if chosen is not None:
            raise ValidationError("Valor da multa", f"a multa do {penalty.label} é fixada "
                                  f"pela lei ({penalty.article}); não informe valor.")
        if tariff_cents <= 0:
            raise DomainError("Tarifa inicial do serviço não cadastrada: informe-a nas "
                              "configurações antes de lavrar autos com multa.")
        units, unit_cents, basis = Decimal(penalty.fine_tariff_multiple), tariff_cents, "tariff"
        unit_name = "× tarifa inicial"
    elif penalty.fine_units_max > 0:
        if chosen is None:
            raise ValidationError("Valor da multa", f"informe de {penalty.fine_units} a "
                                  f"{penalty.fine_units_max} {profile.fiscal_unit} "
                                  f"({penalty.article}).")
        if not penalty.fine_units <= chosen <= penalty.fine_units_max:
            raise ValidationError("Valor da multa", f"deve ficar entre {penalty.fine_units} e "
                                  f"{penalty.fine_units_max} {profile.fiscal_unit} "
                                  f"({penalty.article}).")
        units, unit_cents, basis = chosen, unit_value_cents, "fiscal_unit"
        unit_name = profile.fiscal_unit
    elif penalty.fine_units > 0:
        if chosen is not None and chosen != penalty.fine_units:
            raise ValidationError("Valor da multa", f"a multa {penalty.label} é de "
                                  f"{penalty.fine_units} {profile.fiscal_unit} "
                                  f"({penalty.article}).")
        units, unit_cents, basis = penalty.fine_units, unit_value_cents, "fiscal_unit"
        unit_name = profile.fiscal_unit
    else:
        if chosen is not None:
            raise ValidationError("Valor da multa", f"{penalty.label} não tem multa "
                                  f"({penalty.article}).")
        return FineComputation(Decimal(0), 0, 0, "none", "", warning, False, penalty.article)
    doubled = bool(recidivism and penalty.recidivism_double)
    if doubled:
        units = units * 2
    if unit_cents <= 0:
        raise ValidationError("Valor da unidade fiscal", "deve ser maior que zero.")
    return FineComputation(units, unit_cents, units_to_cents(units, unit_cents), basis,
                           unit_name, warning, doubled, penalty.article)


# --- assessment -----------------------------------------------------------------------------

@dataclass(frozen=True)
class NoticeFacts:
    """What the engine needs of a notice. `register` is the record the notice counts on
    (the holder's permit: the holder answers for the auxiliary driver, PF Art. 30, SRM
    Art. 37 §2º)."""
    id: int
    register: object
    infractor_id: int
    code: str
    class_code: str
    occurred_at: dt.datetime
    voided: bool = False
    label: str = ""
    # The notice's penalty class as the profile version in force on its infraction date has
    # it (an old notice keeps its points after the law changes); None: the profile's own.
    penalty: PenaltyClass | None = None

    @property
    def occurred_on(self) -> dt.date:
        return self.occurred_at.date()


@dataclass(frozen=True)
class NoticeScore:
    id: int
    base_points: int
    points: int
    doubled_by: int | None      # the earlier identical infraction (PF Art. 30 §2)
    recidivism_of: int | None   # the earlier infraction of the same class (L1745 Art. 8 §3º)


@dataclass(frozen=True)
class Proposal:
    sanction: str               # suspension, revocation, cassation
    rule_key: str               # which rule: "points:12/4", "count:3"
    register: object
    trigger_on: dt.date
    notice_ids: tuple[int, ...]
    article: str
    suspension_months: int
    explanation: dict = field(default_factory=dict, compare=False)

    @property
    def label(self) -> str:
        return SANCTION_LABELS[self.sanction]


@dataclass(frozen=True)
class Assessment:
    scores: dict[int, NoticeScore]
    proposals: tuple[Proposal, ...]


def _order(n: NoticeFacts):
    return (n.occurred_at, n.id)


def _class_of(profile: RuleProfile, notice: NoticeFacts) -> PenaltyClass:
    return notice.penalty or profile.penalty_class(notice.class_code)


def assess(profile: RuleProfile, notices) -> Assessment:
    """Points of every notice and the sanctions the notices call for."""
    live = sorted((n for n in notices if not n.voided), key=_order)
    penalties = profile.penalties
    rule = penalties.month_rule
    scores: dict[int, NoticeScore] = {}
    for k, notice in enumerate(live):
        base = _class_of(profile, notice).points if penalties.counts_points else 0
        doubled_by = recidivism_of = None
        months = penalties.same_infraction_double_months
        if base and months:
            for earlier in reversed(live[:k]):
                if (earlier.register == notice.register and earlier.code == notice.code
                        and earlier.infractor_id == notice.infractor_id
                        and earlier.occurred_at < notice.occurred_at
                        and within_months(earlier.occurred_on, notice.occurred_on, months,
                                          rule)):
                    doubled_by = earlier.id
                    break
        if _class_of(profile, notice).recidivism_double:
            recidivism_of = _previous_same_class(profile, live[:k], notice)
        scores[notice.id] = NoticeScore(notice.id, base, base * 2 if doubled_by else base,
                                        doubled_by, recidivism_of)
    proposals: list[Proposal] = []
    registers: dict[object, list[NoticeFacts]] = {}
    for notice in live:
        registers.setdefault(notice.register, []).append(notice)
    for register, items in registers.items():
        if register is None:
            continue  # no permit: nothing to suspend or cassate
        proposals.extend(_points_proposals(profile, register, items, scores))
        proposals.extend(_count_proposals(profile, register, items))
    proposals.sort(key=lambda p: (p.trigger_on, str(p.register), p.rule_key))
    return Assessment(scores, tuple(proposals))


def is_recidivism(profile: RuleProfile, previous, notice: NoticeFacts) -> int | None:
    """For a notice about to be recorded: the earlier notice that makes it a recidivism."""
    if not _class_of(profile, notice).recidivism_double:
        return None
    live = sorted((n for n in previous if not n.voided and _order(n) < _order(notice)),
                  key=_order)
    return _previous_same_class(profile, live, notice)


def _previous_same_class(profile, earlier_list, notice) -> int | None:
    months = profile.penalties.recidivism_months
    for earlier in reversed(earlier_list):
        if (earlier.class_code == notice.class_code
                and earlier.infractor_id == notice.infractor_id
                and earlier.occurred_at < notice.occurred_at
                and (not months or within_months(earlier.occurred_on, notice.occurred_on,
                                                 months, profile.penalties.month_rule))):
            return earlier.id
    return None


def _describe(notices, scores=None) -> list[dict]:
    return [{"id": n.id, "label": n.label, "date": n.occurred_on.isoformat(), "code": n.code,
             **({"points": scores[n.id].points} if scores else {})} for n in notices]


def window_notices(profile: RuleProfile, items, end: dt.date, months: int):
    """Notices dated within `months` months before `end` (both ends included)."""
    rule = profile.penalties.month_rule
    return [n for n in items if within_months(n.occurred_on, end, months, rule)]


def _points_proposals(profile, register, items, scores) -> list[Proposal]:
    """PF Art. 37 II: cassation at 12 points in 4 months, 18 in 8, 22 in 12 — rolling
    windows ending on any infraction date; the earliest date a threshold is reached."""
    windows = profile.penalties.points_windows
    if not profile.penalties.counts_points or not windows:
        return []
    for end in sorted({n.occurred_on for n in items}):
        for window in windows:
            inside = window_notices(profile, [n for n in items if n.occurred_on <= end], end,
                                    window.months)
            total = sum(scores[n.id].points for n in inside)
            if total >= window.points:
                start = min(n.occurred_on for n in inside)
                text = (f"{total} pontos entre {start:%d/%m/%Y} e {end:%d/%m/%Y} "
                        f"(limite: {window.points} pontos em {window.months} meses, "
                        f"{window.article})")
                return [Proposal("cassation", f"points:{window.points}/{window.months}",
                                 register, end, tuple(n.id for n in inside), window.article, 0,
                                 {"text": text, "points": total, "threshold": window.points,
                                  "window": {"months": window.months, "from": start.isoformat(),
                                             "to": end.isoformat(),
                                             "rule": profile.penalties.month_rule,
                                             "rule_article":
                                                 profile.penalties.month_rule_article},
                                  "article": window.article,
                                  "notices": _describe(inside, scores)})]
    return []


def _count_units(profile, items) -> list[list[NoticeFacts]]:
    """Infractions as counted: each notice, or (simultaneous_each_count false) one per
    moment and infractor."""
    if profile.penalties.simultaneous_each_count:
        return [[n] for n in items]
    groups: dict[tuple, list[NoticeFacts]] = {}
    for n in items:
        groups.setdefault((n.occurred_at, n.infractor_id), []).append(n)
    return list(groups.values())


def _count_proposals(profile, register, items) -> list[Proposal]:
    """SRM Art. 38 I-II: suspension for 2 months at the 3rd infraction, revocation at the
    5th; counted over `count_window_months` (0 = every infraction on the permit)."""
    out = []
    months = profile.penalties.count_window_months
    units = _count_units(profile, items)
    for threshold in profile.penalties.count_thresholds:
        for k in range(len(units)):
            end = units[k][0].occurred_on
            inside = [u for u in units[:k + 1] if not months or within_months(
                u[0].occurred_on, end, months, profile.penalties.month_rule)]
            if len(inside) >= threshold.count:
                notices = [n for u in inside for n in u]
                text = (f"{len(inside)}ª infração em {end:%d/%m/%Y} "
                        f"({SANCTION_LABELS[threshold.sanction].lower()} na "
                        f"{threshold.count}ª infração, {threshold.article})")
                window = ({"months": months, "from": inside[0][0].occurred_on.isoformat(),
                           "to": end.isoformat(), "rule": profile.penalties.month_rule}
                          if months else {"months": 0, "to": end.isoformat()})
                out.append(Proposal(threshold.sanction, f"count:{threshold.count}", register,
                                    end, tuple(n.id for n in notices), threshold.article,
                                    threshold.suspension_months,
                                    {"text": text, "count": len(inside),
                                     "threshold": threshold.count, "window": window,
                                     "article": threshold.article,
                                     "notices": _describe(notices)}))
                break
    return out


def points_by_window(profile: RuleProfile, notices, on: dt.date) -> list[dict]:
    """For the ledger view: points in each rolling window ending on `on`, per register."""
    assessment = assess(profile, notices)
    live = [n for n in notices if not n.voided and n.occurred_on <= on]
    out = []
    for window in profile.penalties.points_windows if profile.penalties.counts_points else ():
        inside = window_notices(profile, live, on, window.months)
        out.append({"months": window.months, "threshold": window.points,
                    "article": window.article,
                    "from": _window_start(on, window.months, profile).isoformat(),
                    "to": on.isoformat(),
                    "points": sum(assessment.scores[n.id].points for n in inside),
                    "notice_ids": [n.id for n in inside]})
    return out


def _window_start(end: dt.date, months: int, profile: RuleProfile) -> dt.date:
    """The earliest date whose N-month period still reaches `end`."""
    rule = profile.penalties.month_rule
    if rule == "days30":
        return end - dt.timedelta(days=30 * months)
    # months_later is monotonic: step back from a date certainly outside
    day = end - dt.timedelta(days=31 * months + 3)
    while months_later(day, months, rule) < end:
        day += dt.timedelta(days=1)
    return day
