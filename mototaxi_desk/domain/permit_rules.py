"""Permit rules of a profile: cap, one permit per person, validity and renewal, transfer,
interruption, cassation bar. Pure functions; the services gather the facts and call them."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from .dates import add_months, add_years
from .errors import RuleRefusal
from .profiles import RuleProfile

# Program policy, not law: a renewal is taken from this many days before the validity ends.
RENEWAL_WINDOW_DAYS = 90


def format_order_number(profile: RuleProfile, number: int) -> str:
    """SRM Art. 4 §5: order numbers in ascending order, shown with 4 digits."""
    digits = profile.permit.order_number_digits
    return f"{number:0{digits}d}" if digits else str(number)


def permit_cap(profile: RuleProfile, population: int) -> int:
    """floor(population / inhabitants per permit) — SRM Art. 8, PF Art. 7 §4, L1745 Art. 6;
    or the number the law fixes (cap.fixed_permits, e.g. Acari's 75 vagas, Art. 2)."""
    if profile.cap.fixed_permits:
        return profile.cap.fixed_permits
    return population // profile.cap.inhabitants_per_permit


def check_cap(profile: RuleProfile, population: int, permits_in_force: int) -> None:
    cap = permit_cap(profile, population)
    if permits_in_force >= cap:
        title = profile.instrument.title.lower()
        titles = title[:-2] + "ões" if title.endswith("ão") else title + "s"
        basis = (", número fixado pela lei" if profile.cap.fixed_permits else
                 f" para {population} habitantes")
        then = ("o requerente vai para a lista de espera" if has_waiting_list(profile) else
                "a lei não prevê lista de espera; nada foi registrado")
        raise RuleRefusal(f"Limite de {cap} {titles} atingido ({permits_in_force} em vigor"
                          f"{basis}); {then}", profile.cap.article)


def has_waiting_list(profile: RuleProfile) -> bool:
    return profile.waiting_list.mode != "none"


# The valid_until kept for a permit the law gives no term (permit.no_term): a date no other
# rule reaches, shown as "sem prazo" (validators.format_date) and left out of QR codes.
NO_TERM = dt.date(9999, 12, 31)


def no_term(valid_until: dt.date | None) -> bool:
    return valid_until == NO_TERM


def check_permits_per_person(profile: RuleProfile, held: int, *, fleet_owner: bool) -> None:
    """SRM Art. 4 §2, PF Art. 2 §2: one permit per person; L1745 Art. 16: fleet owners may
    hold more."""
    if fleet_owner and profile.permit.fleet_owner_exception:
        return
    if held >= profile.permit.max_per_person:
        raise RuleRefusal(f"A pessoa já tem {held} permissão(ões); o limite é "
                          f"{profile.permit.max_per_person} por pessoa",
                          profile.permit.max_per_person_article)


def _deadline_on_or_after(profile: RuleProfile, day: dt.date) -> dt.date:
    month, _, mday = profile.renewal.deadline.partition("-")
    candidate = dt.date(day.year, int(month), int(mday))
    return candidate if candidate >= day else dt.date(day.year + 1, int(month), int(mday))


def validity_end(profile: RuleProfile, start: dt.date) -> dt.date:
    """Last valid day of a permit term that begins on `start`: validity_months later
    (SRM Art. 4 §3: 5 years; PF Art. 2 §3: yearly; L1745 Art. 8: one year).

    With a yearly renewal deadline (L1745 Art. 9: renewed every year by 31 March) the term
    then runs on to the first deadline on or after that day, so a permit always gets its
    full year (Art. 8) and every renewal falls on the law's date: granted on 30/03/2026 it
    runs to 31/03/2027, granted on 15/06/2026 to 31/03/2028 (its year ends on 14/06/2027,
    after that year's 31 March). NO_TERM when the law gives none."""
    if profile.permit.no_term:
        return NO_TERM
    end = add_months(start, profile.permit.validity_months) - dt.timedelta(days=1)
    if profile.renewal.deadline:
        return _deadline_on_or_after(profile, end)
    return end


@dataclass(frozen=True)
class RenewalTerms:
    new_valid_until: dt.date
    late_fine_units: Decimal  # > 0 when renewing in the grace days (L1745 Art. 9 §2)
    grace_end: dt.date | None


def renewal_terms(profile: RuleProfile, valid_until: dt.date, on: dt.date) -> RenewalTerms:
    """Whether a renewal asked on `on` is taken, with what fine, and the new validity.
    Refuses too early (before RENEWAL_WINDOW_DAYS) and, with a deadline rule, after the
    grace days, when the permit has lapsed."""
    r = profile.renewal
    opens = valid_until - dt.timedelta(days=RENEWAL_WINDOW_DAYS)
    if on < opens:
        raise RuleRefusal(f"Renovação só pode ser pedida a partir de {opens:%d/%m/%Y} "
                          f"(validade até {valid_until:%d/%m/%Y})", r.article)
    if r.deadline:
        grace_end = valid_until + dt.timedelta(days=r.grace_days)
        if on > grace_end:
            raise RuleRefusal(f"Prazo de renovação encerrado em {valid_until:%d/%m/%Y} e o "
                              f"prazo extra de {r.grace_days} dias em {grace_end:%d/%m/%Y}: "
                              f"a permissão caducou", r.article)
        fine = r.late_fine_units if on > valid_until else Decimal(0)
    else:
        grace_end, fine = None, Decimal(0)
    # the new term follows the old one; a late renewal starts on the day it is taken,
    # except under a yearly deadline, where the late renewal (in the grace days, with its
    # fine) still renews the year that began after the deadline (L1745 Art. 9 §2º)
    start = valid_until + dt.timedelta(days=1)
    if not r.deadline:
        start = max(start, on)
    return RenewalTerms(validity_end(profile, start), fine, grace_end)


def renewable_statuses(profile: RuleProfile) -> tuple[str, ...]:
    """The statuses a permit may be renewed in: active, or expired (its validity ended).
    Under a yearly renewal deadline whose grace runs out (L1745 Art. 9: "até 31 de março",
    §2º: then the alvará "caducará automaticamente") also suspended: the deadline runs
    during a suspension (Art. 17 §3º suspends the service, not the holder's right to request
    the renewal), so a holder suspended over 31 March renews in time instead of finding the
    permit lapsed when the suspension ends. Where the validity only ends (PF, SRM) the
    suspended permit expires when the suspension ends and is renewed then."""
    base = ("active", "expired")
    return (*base, "suspended") if profile.renewal.deadline else base


def lapse_date(profile: RuleProfile, valid_until: dt.date) -> dt.date | None:
    """L1745 Art. 9 §2: the permit lapses after the grace days; None where it never does."""
    if not profile.renewal.deadline:
        return None
    return valid_until + dt.timedelta(days=profile.renewal.grace_days + 1)


def check_transfer(profile: RuleProfile, held_since: dt.date, on: dt.date, *,
                   on_death: bool) -> None:
    """SRM Art. 4 §9 I: to third parties only after 3 years; §8: on death or disability to
    the spouse or children at any time. PF has no transfer (the permit reverts, Art. 12)."""
    t = profile.transfer
    if not t.allowed:
        raise RuleRefusal("A transferência de permissão não é prevista na lei do município",
                          t.article)
    if on_death or not t.min_years_held:
        return
    earliest = add_years(held_since, t.min_years_held)
    if on < earliest:
        raise RuleRefusal(f"Transferência só após {t.min_years_held} anos da expedição "
                          f"(possível a partir de {earliest:%d/%m/%Y})", t.article)


def check_interruption(profile: RuleProfile, days: int, *, used_this_year: int,
                       extension: bool, extensions_used: int) -> None:
    """PF Art. 11 §ú: up to 90 days; SRM Art. 29: up to 30 days a year, extendable once."""
    i = profile.interruption
    if not i.allowed:
        raise RuleRefusal("A interrupção não é prevista na lei do município", i.article)
    if days < 1:
        raise RuleRefusal("Informe ao menos 1 dia de interrupção", i.article)
    if extension:
        if extensions_used >= i.extensions:
            raise RuleRefusal(f"A interrupção só pode ser prorrogada {i.extensions} vez(es)",
                              i.article)
        if days > i.max_days:
            raise RuleRefusal(f"A prorrogação é de no máximo {i.max_days} dias", i.article)
        return
    limit = i.max_days - (used_this_year if i.per_year else 0)
    if days > limit:
        where = f" por ano (já usados {used_this_year})" if i.per_year else ""
        raise RuleRefusal(f"Interrupção de {days} dias excede o máximo de {i.max_days} "
                          f"dias{where}", i.article)


def stoppage_revert_date(profile: RuleProfile, since: dt.date) -> dt.date | None:
    """PF Art. 12: a service interrupted without authorisation "por mais de 30 (trinta) dias
    consecutivos" reverts to the município: counted from the first day without service, it
    reverts on the 31st. None where the law leaves it to the authority (SRM Art. 29 §ú:
    taken as desistência, with cassation by act of the authority)."""
    days = profile.interruption.unauthorised_revert_days
    return since + dt.timedelta(days=days) if days else None


def cassation_bar_until(profile: RuleProfile, cassated_on: dt.date, *,
                        credential: bool = False) -> tuple[bool, dt.date | None]:
    """(barred, until) after a cassation: of a permit, the holder waits for a new one (SRM
    Art. 38 §1º and PF Art. 37 §ú: 2 years; L1745 Art. 17 §1º: never — None = forever); of an
    auxiliary's own credential (`credential`), he waits for a new credential (SRM Art. 38
    §3º: 2 years; L1745 Art. 17 §2º: for good)."""
    rule = profile.auxiliary if credential else profile.permit
    if rule.cassation_bar_forever:
        return True, None
    if rule.cassation_bar_years:
        return True, add_years(cassated_on, rule.cassation_bar_years)
    return False, None


# --- the yearly licensing of the permit card (SRM Art. 6 XX) --------------------------------

# How long before its licensing date a card may be licensed: the licensing is the year's,
# kept on the grant's anniversary (an earlier one would pay this year's fee for next year)
LICENSING_OPENS_DAYS = 60


def licenses_cards(profile: RuleProfile) -> bool:
    """Whether the law licenses the permit card yearly ([licensing] card_months)."""
    return bool(profile.licensing.card_months)


def card_valid_until(profile: RuleProfile, *, issued_on: dt.date, valid_until: dt.date,
                     licensed_on: dt.date | None = None) -> dt.date:
    """The last day the permit card is valid: the permit's own validity where the law has
    no yearly licensing; under SRM Art. 6 XX the licensing date ("a data prevista", Art. 38
    III d: the holder comes that day at the latest) — the grant's anniversary (every
    `card_months`) that the latest licensing (or renewal, or the grant itself: `licensed_on`)
    has not yet covered —, never after the permit's term.

    A licensing covers the anniversary it was made for, whether made up to
    LICENSING_OPENS_DAYS before it or late: the calendar stays the grant's (granted on
    10/03/2026, licensed on 01/02/2027 or on 20/03/2027, the card runs to 10/03/2028)."""
    if not profile.licensing.card_months:
        return valid_until
    end = card_anniversary(profile, issued_on, licensed_on)
    return end if no_term(valid_until) else min(end, valid_until)


def card_anniversary(profile: RuleProfile, issued_on: dt.date,
                     licensed_on: dt.date | None) -> dt.date:
    """card_valid_until before the permit's term caps it: the grant's anniversary the latest
    licensing has not yet covered (a function of these two days only: alerts keep it per
    pair, a register has a few thousand)."""
    months = profile.licensing.card_months
    covered = (licensed_on or issued_on) + dt.timedelta(days=LICENSING_OPENS_DAYS)
    step = 1
    while add_months(issued_on, step * months) <= covered:
        step += 1
    return add_months(issued_on, step * months)


def check_licensing_opens(profile: RuleProfile, card_until: dt.date, valid_until: dt.date,
                          on: dt.date) -> None:
    """SRM Art. 6 XX: one licensing a year — refused before it opens (LICENSING_OPENS_DAYS
    before the card's date) and where the card already runs to the permit's end (then the
    permit is renewed, Art. 51)."""
    rule = profile.licensing
    if card_until >= valid_until and not no_term(valid_until):
        raise RuleRefusal(f"O cartão já vale até o fim da permissão ({card_until:%d/%m/%Y}); "
                          "o próximo cartão vem com a renovação da permissão",
                          profile.permit.validity_article)
    opens = card_until - dt.timedelta(days=LICENSING_OPENS_DAYS)
    if on < opens:
        raise RuleRefusal(f"O cartão está licenciado até {card_until:%d/%m/%Y}; o "
                          f"licenciamento anual pode ser feito a partir de {opens:%d/%m/%Y}",
                          rule.article)
