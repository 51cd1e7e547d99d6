"""What a profile's values must mean, beyond their types: codes unique, references that
resolve, choices from the known lists, real dates, state codes, ranges no law can mean
(a permit valid 0 months, a points window of 0 months, a holder allowed 0 permits).

Every check reports to the Collector and goes on, so one run names every problem. A new key
with a rule of its own gets its check here (docs/profiles.md, "Adding a key").
"""
from __future__ import annotations

import datetime as dt

from . import profile_vocabulary as P
from .profile_reader import Collector
from .validators import UFS


def _choice(out: Collector, value, choices, path: str) -> None:
    if value not in choices:
        out.add(path, f"'{value}' não é um de: {', '.join(choices)}")


def _unique(out: Collector, items, attr: str, where: str, toml_name: str | None = None) -> None:
    seen = set()
    for i, item in enumerate(items):
        value = getattr(item, attr)
        if value in seen:
            out.add(f"{where}[{i}].{toml_name or attr}", f"código repetido '{value}'")
        seen.add(value)


def _at_least(out: Collector, value: int, minimum: int, path: str, why: str = "") -> None:
    if value < minimum:
        out.add(path, f"deveria ser pelo menos {minimum}{why}")


def _real_month_day(out: Collector, text: str, path: str) -> None:
    """'MM-DD' of a day every year has (02-29 is not one)."""
    month, sep, day = text.partition("-")
    try:
        if not (sep and len(month) == 2 and len(day) == 2):
            raise ValueError
        dt.date(2001, int(month), int(day))  # 2001: not a leap year
    except ValueError:
        leap = " (29 de fevereiro não existe todo ano)" if text == "02-29" else ""
        out.add(path, f"'{text}' não é um dia do ano no formato 'MM-DD' (ex.: '03-31'){leap}")


def check(out: Collector, p, *, expected_id: str | None = None) -> None:
    """Every consistency rule of one profile (profiles.RuleProfile)."""
    if expected_id is not None and p.profile.id != expected_id:
        out.add("profile.id", f"'{p.profile.id}' difere do nome do arquivo '{expected_id}'")
    if not p.profile.id or not all(c.isalnum() or c == "-" for c in p.profile.id) \
            or p.profile.id != p.profile.id.lower():
        out.add("profile.id", "use letras minúsculas, números e hífens (ex.: 'nova-cidade-2026')")
    if p.profile.uf and p.profile.uf not in UFS:  # "": the law's text does not say (L1745)
        out.add("profile.uf", f"'{p.profile.uf}' não é a sigla de um estado (ex.: MA, SP)")
    for key in ("short_name", "name", "law"):
        if not getattr(p.profile, key).strip():
            out.add(f"profile.{key}", "não pode ficar vazio")

    if p.cap.fixed_permits == 0:
        _at_least(out, p.cap.inhabitants_per_permit, 1, "cap.inhabitants_per_permit",
                  " (ou informe cap.fixed_permits, o número fixo de permissões)")
    elif p.cap.inhabitants_per_permit:
        out.add("cap.inhabitants_per_permit", "use 0 quando a lei fixa o número "
                                              "(cap.fixed_permits)")

    if p.holder.min_age and not 18 <= p.holder.min_age <= 80:
        out.add("holder.min_age", "deveria estar entre 18 e 80 (ou 0 quando a lei não fixa)")
    if p.holder.cnh_category and not all(c in "ABCDE" for c in p.holder.cnh_category):
        out.add("holder.cnh_category", f"'{p.holder.cnh_category}' não é categoria de CNH "
                                       "(A, B, C, D, E)")
    if p.holder.cnh_min_years > 50:
        out.add("holder.cnh_min_years", "deveria ser no máximo 50")

    _at_least(out, p.permit.max_per_person, 1, "permit.max_per_person")
    if p.permit.no_term:
        if p.permit.validity_months:
            out.add("permit.validity_months", "use 0 quando permit.no_term = true")
        if p.renewal.deadline:
            out.add("renewal.deadline", "uma permissão sem prazo não tem data de renovação")
    elif p.permit.validity_months < 1 and not p.renewal.deadline:
        out.add("permit.validity_months", "deveria ser pelo menos 1 mês (ou permit.no_term = "
                                          "true quando a lei não dá prazo)")
    if p.permit.order_number_digits > 10:
        out.add("permit.order_number_digits", "deveria ser no máximo 10")
    if p.permit.cassation_bar_forever and p.permit.cassation_bar_years:
        out.add("permit.cassation_bar_years", "use 0 com cassation_bar_forever = true")

    if p.renewal.deadline:
        _real_month_day(out, p.renewal.deadline, "renewal.deadline")
    if p.renewal.grace_days > 366:
        out.add("renewal.grace_days", "deveria ser no máximo 366")

    if p.interruption.allowed:
        _at_least(out, p.interruption.max_days, 1, "interruption.max_days")

    if p.vehicle.cc_max and p.vehicle.cc_min > p.vehicle.cc_max:
        out.add("vehicle.cc_min", "maior que vehicle.cc_max")
    if p.vehicle.max_age_years > 100:
        out.add("vehicle.max_age_years", "deveria ser no máximo 100")

    if p.stand.max_vehicles and p.stand.min_vehicles > p.stand.max_vehicles:
        out.add("stand.min_vehicles", "maior que stand.max_vehicles")
    if p.auxiliary.recredential_months > 240:
        out.add("auxiliary.recredential_months", "deveria ser no máximo 240")
    if p.licensing.card_months > 240:
        out.add("licensing.card_months", "deveria ser no máximo 240")
    if p.licensing.card_months and not p.licensing.article.strip():
        out.add("licensing.article", "o licenciamento do cartão precisa do artigo da lei")

    _choice(out, p.waiting_list.mode, P.WAITING_LIST_MODES, "waiting_list.mode")
    _choice(out, p.recadastramento.missed, P.RECADASTRAMENTO_MISSES, "recadastramento.missed")
    if p.recadastramento.missed == "sanction" and not p.recadastramento.article.strip():
        out.add("recadastramento.article",
                "uma sanção por faltar ao recadastramento precisa do artigo da lei")
    if p.waiting_list.mode == "none" and (p.waiting_list.ranking or p.waiting_list.enrol_days):
        out.add("waiting_list.mode", "sem lista de espera ('none'), ranking e enrol_days "
                                     "devem ficar vazios")

    _check_penalties(out, p, P)
    _check_catalogue(out, p, P)
    _check_decisions(out, p, P)
    _choice(out, p.vehicle.owner_rule, P.OWNER_RULES, "vehicle.owner_rule")
    _choice(out, p.instrument.kind, P.INSTRUMENT_KINDS, "instrument.kind")
    if not (p.service.passengers or p.service.cargo):
        out.add("service.passengers", "o serviço transporta passageiros, cargas ou ambos")
    if not p.service.vehicle_kinds:
        out.add("service.vehicle_kinds", "ao menos um tipo de veículo")
    for i, kind in enumerate(p.service.vehicle_kinds):
        _choice(out, kind, P.VEHICLE_KINDS, f"service.vehicle_kinds[{i}]")


def _check_penalties(out: Collector, p, P) -> None:
    pen = p.penalties
    _unique(out, pen.classes, "code", "penalties.classes")
    if not pen.classes:
        out.add("penalties.classes", "ao menos uma classe de penalidade ([[penalties.classes]])")
    classes = {c.code for c in pen.classes}
    for i, code in enumerate(pen.warning_for_classes):
        if code not in classes:
            out.add(f"penalties.warning_for_classes[{i}]", f"classe '{code}' não definida")
    for i, c in enumerate(pen.classes):
        if c.fine_units_max and c.fine_units_max < c.fine_units:
            out.add(f"penalties.classes[{i}].fine_units_max", "menor que fine_units")
    for i, w in enumerate(pen.points_windows):
        _at_least(out, w.months, 1, f"penalties.points_windows[{i}].months",
                  " (uma janela de pontos de 0 meses não conta nada)")
        _at_least(out, w.points, 1, f"penalties.points_windows[{i}].points")
    for i, t in enumerate(pen.count_thresholds):
        _choice(out, t.sanction, P.SANCTIONS, f"penalties.count_thresholds[{i}].sanction")
        _at_least(out, t.count, 1, f"penalties.count_thresholds[{i}].count")
        if t.sanction == "suspension":
            _at_least(out, t.suspension_months, 1,
                      f"penalties.count_thresholds[{i}].suspension_months")
    for i, code in enumerate(p.waiting_list.infraction_gravity):
        if code not in classes:
            out.add(f"waiting_list.infraction_gravity[{i}]", f"classe '{code}' não definida")
    unranked = [c.code for c in pen.classes if c.code not in p.waiting_list.infraction_gravity]
    if "fewer_infractions_weighted" in p.waiting_list.ranking and unranked:
        out.add("waiting_list.infraction_gravity", f"falta a classe '{unranked[0]}' (a "
                "classificação pesa as infrações pela gravidade, L1745 Art. 12 §2º I)")
    if pen.counts_points and not pen.points_windows:  # points that never lead to a sanction
        out.add("penalties.counts_points", "conta pontos sem janelas de pontos "
                "(penalties.points_windows): os pontos nunca levariam a uma sanção")
    _choice(out, pen.month_rule, P.MONTH_RULES, "penalties.month_rule")
    for key in ("same_infraction_double_months", "count_window_months", "recidivism_months"):
        if getattr(pen, key) > 240:
            out.add(f"penalties.{key}", "deveria ser no máximo 240 meses")
    for key in ("defence_days", "appeal_days"):  # 0: the law gives none (L1745 defence)
        if getattr(p.defence, key) > 365:
            out.add(f"defence.{key}", "deveria ser no máximo 365 dias")
    _check_notification_means(out, p.defence)
    for i, reason in enumerate(p.impound.release_reasons):
        _choice(out, reason, P.RELEASE_REASONS, f"impound.release_reasons[{i}]")
    for i, need in enumerate(p.impound.release_requires):
        _choice(out, need, P.RELEASE_REQUIREMENTS, f"impound.release_requires[{i}]")


def _check_notification_means(out: Collector, defence) -> None:
    """At least one means; each a known one; e-mail refused, as the program does not yet
    record a notification by e-mail (a notice e-mailed stays awaiting notification)."""
    if not defence.notification_means:
        out.add("defence.notification_means", "informe pelo menos um meio de notificação "
                "(" + ", ".join(P.NOTIFICATION_MEANS_RECORDED) + ")")
    for i, means in enumerate(defence.notification_means):
        path = f"defence.notification_means[{i}]"
        if means == "email":
            out.add(path, "'email': este programa ainda não registra notificação por e-mail "
                    "(o e-mail enviado é só uma cópia e não abre prazo); use in_person, "
                    "post ou gazette")
        else:
            _choice(out, means, P.NOTIFICATION_MEANS_RECORDED, path)
    _unique_words(out, defence.notification_means, "defence.notification_means")


def _unique_words(out: Collector, words, path: str) -> None:
    seen = set()
    for i, word in enumerate(words):
        if word in seen:
            out.add(f"{path}[{i}]", f"'{word}' repetido")
        seen.add(word)


def _check_catalogue(out: Collector, p, P) -> None:
    _unique(out, p.infractions, "code", "infractions")
    _unique(out, p.applications, "type", "applications")
    _unique(out, p.inspection.items, "code", "inspection.items")
    classes = {c.code for c in p.penalties.classes}
    for i, item in enumerate(p.infractions):
        if item.class_code not in classes:
            out.add(f"infractions[{i}].class", f"classe '{item.class_code}' não definida em "
                                               "[[penalties.classes]]")
    for i, app in enumerate(p.applications):
        _choice(out, app.type, P.APPLICATION_TYPES, f"applications[{i}].type")
        _unique(out, app.checklist, "code", f"applications[{i}].checklist")
        if app.fee_key and app.fee_key not in p.fees:
            out.add(f"applications[{i}].fee_key", f"taxa '{app.fee_key}' não definida em [fees]")
        for j, item in enumerate(app.checklist):
            if item.valid_months > 240:
                out.add(f"applications[{i}].checklist[{j}].valid_months",
                        "deveria ser no máximo 240 meses")
    have = {a.type for a in p.applications}
    missing = [t for t in P.APPLICATION_TYPES if t not in have]
    if missing:
        out.add("applications", "falta(m) o(s) tipo(s) " + ", ".join(f"'{t}'" for t in missing),
                line_of="applications[0]")
    for path, key in (("transfer.fee_key", p.transfer.fee_key),
                      ("stand.change_fee_key", p.stand.change_fee_key),
                      ("licensing.fee_key", p.licensing.fee_key)):
        if key and key not in p.fees:
            out.add(path, f"taxa '{key}' não definida em [fees]")
    for i, item in enumerate(p.inspection.items):
        _choice(out, item.kind, P.INSPECTION_KINDS, f"inspection.items[{i}].kind")


def _check_decisions(out: Collector, p, P) -> None:
    """Sanctions decided case by case ([[decisions]]): one entry per sanction, at least one
    ground each, a period only for a suspension."""
    _unique(out, p.decisions, "sanction", "decisions")
    for i, item in enumerate(p.decisions):
        where = f"decisions[{i}]"
        _choice(out, item.sanction, P.SANCTIONS, f"{where}.sanction")
        if not item.grounds:
            out.add(f"{where}.grounds", "ao menos um fundamento")
        _unique(out, item.grounds, "code", f"{where}.grounds")
        if item.max_days and item.sanction != "suspension":
            out.add(f"{where}.max_days", "só a suspensão tem prazo")
        for j, ground in enumerate(item.grounds):
            for k, act in enumerate(ground.warns):
                _choice(out, act, P.DECISION_WARNS, f"{where}.grounds[{j}].warns[{k}]")
