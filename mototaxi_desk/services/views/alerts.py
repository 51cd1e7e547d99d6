"""Deadlines: everything due or overdue within N days, in one list sorted by date.

One function, `due()`, with a fixed, small number of queries whatever the register's size
(one per source: permits with holder and vehicle, last approved inspections per vehicle,
CNHs, auxiliary drivers, the waiting list); the rules come from the profile and
domain/vehicle_rules.py and domain/inspection_rules.py. Overdue items are always listed;
`days` only limits how far ahead to look.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Collection

import peewee as pw

from ...domain import inspection_rules, permit_rules, vehicle_rules
from ...domain.errors import ValidationError
from ...domain.permit_status import PermitAction
from ...domain.validators import format_date
from ...store.models import (DB, AuxiliaryDriver, Cnh, Inspection, InspectionSummons, Permit,
                             PermitHistory, Person, Vehicle, WaitingListEntry)
from .. import setup
from ..licensing.card_licensing import LICENSING_ACTIONS
from ...domain import wallclock

MAX_DAYS = 3650
MAX_PERSONS_AT_ONCE = 500  # ids in one query's IN lists (well within SQLite's limit)
KIND_LABELS = {
    "permit_validity": "Validade da permissão",
    "card_licensing": "Licenciamento anual do cartão de permissão",
    "renewal": "Prazo de renovação do alvará",
    "vehicle_age": "Limite de vida útil do veículo",
    "replacement_declaration": "Declaração de substituição do veículo",
    "annual_inspection": "Vistoria anual",
    "semiannual_inspection": "Inspeção semestral",
    "cnh": "Validade da CNH",
    "insurance": "Validade do seguro do veículo",
    "auxiliary_recredential": "Recredenciamento do condutor auxiliar",
    "interruption_end": "Fim da interrupção do serviço",
    "stoppage": "Serviço interrompido sem autorização",
    "summons": "Prazo da intimação para vistoria",
    "summons_missed": "Intimação para vistoria descumprida",
    "waiting_call": "Prazo da convocação da lista de espera",
    "defence_deadline": "Prazo de defesa do auto de infração",
    "appeal_deadline": "Prazo de recurso do auto de infração",
    "document": "Validade de documento",
    "campaign_missed": "Faltou ao recadastramento",
}


NEVER_INSPECTED = "nenhuma registrada"  # the detail of an inspection due on the day itself


def _label(kind: str, detail: str = "") -> str:
    return KIND_LABELS[kind] + (f" — {detail}" if detail else "")


def due_each_day() -> list[tuple[str, str]]:
    """(kind, label) of the items whose due date is the day they are listed on, whatever
    the day: an inspection never made (services/views/due_dates.py stores them as due each day)."""
    return [(f"{kind}_inspection", _label(f"{kind}_inspection", NEVER_INSPECTED))
            for kind in inspection_rules.VALIDITY_MONTHS]


def _days(days) -> int:
    if isinstance(days, bool) or not isinstance(days, int) or not 0 <= days <= MAX_DAYS:
        raise ValidationError("Dias", f"informe um número de dias de 0 a {MAX_DAYS}.")
    return days


def _renewal_due(deadline: str, grace_days: int, year: int, on: dt.date) -> tuple[dt.date, bool]:
    """The renewal deadline of `year` ("MM-DD"), or its last grace day once the deadline
    passed (L1745 Art. 9 §2: 30 more days with a fine); (date, in_grace)."""
    month, day = (int(x) for x in deadline.split("-"))
    try:
        first = dt.date(year, month, day)
    except ValueError:  # 02-29 in a common year
        first = dt.date(year, month, 28)
    if on > first and grace_days:
        return first + dt.timedelta(days=grace_days), True
    return first, False


class _Collector:
    def __init__(self, on: dt.date, horizon: dt.date, profile):
        self.on, self.horizon, self.items = on, horizon, []
        self.profile = profile  # writes the permit numbers (one lookup, not one per row)
        self._order_texts: dict[int, str] = {}  # order number -> as the profile writes it

    def add(self, kind: str, due: dt.date | None, *, article: str, entity: str, entity_id,
            person_id=None, person_name="", order_number=None, plate=None, permit_id=None,
            detail: str = "") -> None:
        if due is None or due > self.horizon:
            return
        self.add_about(self.about(person_id, person_name, order_number, plate, permit_id),
                       kind, due, article, entity, entity_id, detail)

    def about(self, person_id, person_name, order_number, plate, permit_id) -> dict:
        """The keys of an item that come from its permit's row: for `add_about`."""
        order_text = ""
        if order_number:
            order_text = self._order_texts.get(order_number)
            if order_text is None:
                order_text = self._order_texts[order_number] = \
                    permit_rules.format_order_number(self.profile, order_number)
        return {"person_id": person_id, "person_name": person_name, "permit_id": permit_id,
                "permit_order_number": order_number, "permit_order_text": order_text,
                "plate": plate}

    def add_about(self, about: dict, kind: str, due: dt.date, article: str, entity: str,
                  entity_id, detail: str = "") -> None:
        """An item due within the horizon, the permit's keys given as `about` made them
        (made once per permit: a whole register adds a couple of hundred thousand items)."""
        days_left = (due - self.on).days
        self.items.append({
            "kind": kind, "label": _label(kind, detail), "due_date": due,
            "days_left": days_left, "urgency": "overdue" if days_left < 0 else "soon",
            **about, "entity": entity, "entity_id": entity_id, "article": article})


def _card_licensing(out: _Collector, profile, issued_on: dt.date, valid_until: dt.date,
                    licensed_on: dt.date | None) -> tuple[dt.date, str] | None:
    """SRM Art. 6 XX: the card's yearly licensing date, where it comes before the permit's
    end (that one has its own alert) and by the horizon; once passed, what the law says of
    the missed date (Art. 38 III d: cassation, unless justified by protocol within 30
    days): (date, detail), else None. A function of the three days (_due keeps it per
    permit's days: a register has a few thousand)."""
    rule = profile.licensing
    card = permit_rules.card_valid_until(profile, issued_on=issued_on, valid_until=valid_until,
                                         licensed_on=licensed_on)
    if card >= valid_until or card > out.horizon:
        return None
    detail = ""
    if card < out.on and rule.missed_article:
        justify = (f"; justificativa por protocolo até "
                   f"{format_date(card + dt.timedelta(days=rule.justify_days))}"
                   if rule.justify_days else "")
        detail = f"não comparecer é causa de cassação ({rule.missed_article}){justify}"
    return card, detail


def due(*, on: dt.date | None = None, days: int = 30) -> list[dict]:
    """Every deadline due by `on + days` (or already overdue), sorted by due date.

    Each item: kind, label (Portuguese), due_date, days_left (negative = overdue), urgency
    ("overdue" | "soon"), person_id, person_name, permit_id, permit_order_number,
    permit_order_text (as the profile writes it), plate, entity, entity_id, article."""
    return _due(on, days, None)


def for_person(person_id: int, *, on: dt.date | None = None, days: int = 30) -> list[dict]:
    """The items of `due()` about one person (person_id), read through that person's own
    rows by indexed queries (permits by holder, CNHs, credentials, notices by person): the
    prontuário costs what it shows, not the register (issue 23)."""
    return _due(on, days, [int(person_id)])


def sorted_with_names(*, on: dt.date, days: int, persons: Collection[int] | None = None
                      ) -> list[tuple[dict, str]]:
    """The items of `due()` (or, with `persons`, of `for_person()` for each of them, in one
    go), each with the folded name it is sorted by (services/views/due_dates.py keeps them in a
    table, sorted there by the same key: due date, kind, this name, entity id)."""
    folded: dict[int, str] = {}
    items = _due(on, days, None if persons is None else sorted(set(persons)), folded)
    return [(item, folded.get(item["person_id"], "")) for item in items]


def collected(*, on: dt.date, days: int, vehicles: bool = True
              ) -> tuple[list[dict], dict[int, str]]:
    """The items of `due()` unsorted (in the order collected: stable sorts of them give
    `due()`'s ties), with the folded names they are sorted by (person id -> name):
    services/views/due_dates.py sorts the whole register's its own way, once. `vehicles`
    False leaves out the items of VEHICLE_KINDS (due_dates writes those in SQL, from
    `vehicle_rules_by_key`)."""
    folded: dict[int, str] = {}
    return _due(on, days, None, folded, sort=False, vehicles=vehicles), folded


def _due(on: dt.date | None, days: int, persons: list[int] | None,
         folded_out: dict | None = None, sort: bool = True, vehicles: bool = True
         ) -> list[dict]:
    """`due()`, for everyone or for some persons (their ids, at most MAX_PERSONS_AT_ONCE):
    the same queries, each limited to the persons' rows where they are given. `folded_out`
    receives the names sorted by; `sort` False leaves the items in the order collected;
    `vehicles` False, without the items of VEHICLE_KINDS (and without reading the
    inspections)."""
    on = on or wallclock.today()
    if persons is not None and len(persons) > MAX_PERSONS_AT_ONCE:
        raise ValueError(f"{len(persons)} persons at once: at most {MAX_PERSONS_AT_ONCE}")

    def mine(column, condition):
        return condition if persons is None else condition & column.in_(persons)
    horizon = on + dt.timedelta(days=_days(days))
    at = setup.profiles_by_date()  # versions read once; a vehicle by its registration date
    profile = at(on)
    out = _Collector(on, horizon, profile)

    # 1. permits that have not ended, with holder and vehicle — and, where the law licenses
    # the card yearly (SRM Art. 6 XX), the day of its latest licensing or renewal: one query,
    # read straight from the cursor (dates parsed once per text: peewee's own conversion was
    # most of the time here)
    licenses = permit_rules.licenses_cards(profile)
    licensed_on = (PermitHistory.select(pw.fn.MAX(PermitHistory.effective_on)).where(
        (PermitHistory.permit == Permit.id) &
        PermitHistory.action.in_(LICENSING_ACTIONS)) if licenses else pw.Value(None))
    permits = DB.obj.execute(
        Permit.select(Permit.id, Permit.order_number, Permit.status, Permit.valid_until,
                      Permit.status_until, Person.id, Person.name, Person.name_folded,
                      Vehicle.id, Vehicle.plate,
                      Vehicle.plate_original, Vehicle.manufacture_year,
                      Vehicle.replacement_declared_on, Vehicle.insurance_expiry,
                      Vehicle.created_at, Permit.issued_on, licensed_on)
        .join(Person, on=(Permit.holder == Person.id))
        .switch(Permit).join(Vehicle, pw.JOIN.LEFT_OUTER, on=(Permit.vehicle == Vehicle.id))
        .where(mine(Permit.holder, Permit.status.not_in(Permit.ENDED)))
        .order_by(Permit.order_number)).fetchall()

    # 2. last approved annual / semiannual inspection per vehicle: one grouped query
    read = _date_reader()  # a register's dates repeat: each text parsed once
    last: dict[int, tuple] = {}  # vehicle -> its last annual and semiannual, as read
    plan = inspection_rules.schedule(profile)
    if vehicles and plan.kinds and permits:
        only = Inspection.approved & Inspection.kind.in_(list(inspection_rules.VALIDITY_MONTHS))
        if persons is not None:  # the persons' vehicles only
            only &= Inspection.vehicle.in_({row[8] for row in permits if row[8] is not None}
                                           or {0})
        # read straight from the cursor, as the permits are (no per-row conversion); a
        # vehicle's two dates in one row, as read (its items are kept per pair: _due)
        def latest(kind):
            return pw.fn.MAX(pw.Case(None, [(Inspection.kind == kind, Inspection.inspected_on)]))
        rows = DB.obj.execute(Inspection.select(Inspection.vehicle, latest("annual"),
                                                latest("semiannual"))
                              .where(only).group_by(Inspection.vehicle))
        last = {vid: (annual, semiannual) for vid, annual, semiannual in rows}

    renewal = profile.renewal
    holders: dict[int, tuple] = {}
    stoppages: dict[int, dict] = {}
    vehicles_seen: set[int] = set()
    if persons is not None:  # a vehicle's items go with its first permit, as in due():
        vehicles_seen = _listed_elsewhere(permits)  # another holder's, if it comes first
    folded: dict[int, str] = {}  # person id -> name without accents, for the sort
    # what depends on a few values only, worked out once for each (a whole register's
    # permits and vehicles share a few thousand dates), keyed by the values as read
    horizon = out.horizon
    validity_article = profile.permit.validity_article
    cards: dict[tuple, tuple | None] = {}  # (issued, valid until, licensed) -> _card_licensing
    renewals: dict[int, tuple] = {}  # the permit's last year -> _renewal_due
    vehicle_items: dict[tuple, tuple] = {}  # (registered on, manufacture year) -> items
    inspection_items: dict[tuple, list] = {}  # (last annual, last semiannual) -> items
    never_inspected = (None, None)
    for (permit_id, order, status, valid_until_read, status_until, holder_id, name,
         name_folded, vehicle_id, _plate, plate_original, year, declared_on, insurance_expiry,
         registered_at, issued_on, licensed) in permits:
        folded[holder_id] = name_folded
        valid_until = read(valid_until_read)
        about = None  # the permit's keys, made with its first item (most have none)
        holders.setdefault(holder_id, (name, order, permit_id))
        if valid_until is not None and valid_until <= horizon:
            about = about or out.about(holder_id, name, order, plate_original, permit_id)
            out.add_about(about, "permit_validity", valid_until, validity_article, "permit",
                          permit_id)
        if licenses and status != "expired":
            key = (issued_on, valid_until_read, licensed)
            card = cards.get(key, cards)
            if card is cards:
                card = cards[key] = _card_licensing(out, profile, read(issued_on),
                                                    valid_until, read(licensed))
            if card is not None:
                about = about or out.about(holder_id, name, order, plate_original, permit_id)
                out.add_about(about, "card_licensing", card[0], profile.licensing.article,
                              "permit", permit_id, card[1])
        if renewal.deadline and valid_until.year <= horizon.year:
            found = renewals.get(valid_until.year)
            if found is None:
                found = renewals[valid_until.year] = _renewal_due(
                    renewal.deadline, renewal.grace_days, valid_until.year, on)
            renew_on, in_grace = found
            if renew_on <= horizon:
                about = about or out.about(holder_id, name, order, plate_original, permit_id)
                out.add_about(about, "renewal", renew_on, renewal.article, "permit", permit_id,
                              "último dia com multa" if in_grace else "requerimento")
        if status == "interrupted":
            status_until = read(status_until)
            if status_until is None:  # unauthorised: permits.record_stoppage
                stoppages[permit_id] = dict(person_id=holder_id, person_name=name,
                                            order_number=order, plate=plate_original,
                                            permit_id=permit_id)
            elif status_until <= horizon:
                about = about or out.about(holder_id, name, order, plate_original, permit_id)
                out.add_about(about, "interruption_end", status_until,
                              profile.interruption.article, "permit", permit_id)
        if not vehicles or vehicle_id is None or vehicle_id in vehicles_seen:
            continue
        vehicles_seen.add(vehicle_id)
        key = (str(registered_at)[:10], year)
        found = vehicle_items.get(key)
        if found is None:
            found = vehicle_items[key] = _vehicle_items(at(_as_date(key[0])), year, horizon)
        limit, age_item, declaration_item, insurance_article = found
        if age_item is not None and limit <= horizon:
            about = about or out.about(holder_id, name, order, plate_original, permit_id)
            out.add_about(about, "vehicle_age", limit, age_item[0], "vehicle", vehicle_id,
                          age_item[1])
        if declaration_item is not None and declared_on is None:
            about = about or out.about(holder_id, name, order, plate_original, permit_id)
            out.add_about(about, "replacement_declaration", declaration_item[0],
                          declaration_item[1], "vehicle", vehicle_id, declaration_item[2])
        insurance_expiry = read(insurance_expiry)
        if insurance_expiry is not None and insurance_expiry <= horizon:
            about = about or out.about(holder_id, name, order, plate_original, permit_id)
            out.add_about(about, "insurance", insurance_expiry, insurance_article, "vehicle",
                          vehicle_id)
        if plan.kinds:
            dates = last.get(vehicle_id, never_inspected)
            items = inspection_items.get(dates)
            if items is None:
                items = inspection_items[dates] = _inspection_items(
                    plan, on, read(dates[0]), read(dates[1]))
            for kind, due_on, detail in items:
                if due_on <= horizon:
                    about = about or out.about(holder_id, name, order, plate_original, permit_id)
                    out.add_about(about, kind, due_on, profile.inspection.article, "vehicle",
                                  vehicle_id, detail)

    # 2b. services interrupted without authorisation: the day it reverts (PF Art. 12), or
    # the day it began where the authority decides (SRM Art. 29 §ú): one query
    if stoppages:
        # the same permits as `stoppages`, chosen in the join (not a list of their ids)
        stopped = ((PermitHistory.action == PermitAction.STOPPAGE) & (Permit.status == "interrupted") &
                   Permit.status_until.is_null())
        since = dict(PermitHistory.select(PermitHistory.permit, pw.fn.MAX(
            PermitHistory.effective_on)).join(Permit, on=(PermitHistory.permit == Permit.id))
                     .where(mine(Permit.holder, stopped))
                     .group_by(PermitHistory.permit).tuples())
        for permit_id, common in stoppages.items():
            began = _as_date(since.get(permit_id))
            if began is None:
                continue
            reverts = permit_rules.stoppage_revert_date(profile, began)
            out.add("stoppage", reverts or began,
                    article=profile.interruption.unauthorised_article,
                    entity="permit", entity_id=permit_id,
                    detail=f"desde {format_date(began)}; " + (
                        "revertida ao município nesta data" if reverts else
                        "cabe à autoridade decidir"), **common)

    # 2c. summonses to present the vehicle for inspection (L1745 Art. 10): the open ones by
    # their deadline; a missed one, while the vehicle was not inspected since and the permit
    # lasts, where the law makes it a cause of cassation (§ú): one query
    if permits:
        _summonses(out, profile, persons)

    # 3. active auxiliary drivers of those permits: one query
    aux_rows = []
    if profile.auxiliary.allowed and (permits or persons is not None):
        aux_rows = list(
            AuxiliaryDriver.select(AuxiliaryDriver.id, AuxiliaryDriver.valid_until, Person.id,
                                   Person.name, Person.name_folded, Permit.id,
                                   Permit.order_number,
                                   Vehicle.plate_original)
            .join(Person, on=(AuxiliaryDriver.person == Person.id))
            .switch(AuxiliaryDriver).join(Permit, on=(AuxiliaryDriver.permit == Permit.id))
            .join(Vehicle, pw.JOIN.LEFT_OUTER, on=(Permit.vehicle == Vehicle.id))
            .where(mine(AuxiliaryDriver.person,
                        AuxiliaryDriver.active & Permit.status.not_in(Permit.ENDED))).tuples())
    auxiliaries: dict[int, tuple] = {}
    for aux_id, valid_until, driver_id, name, name_folded, permit_id, order, plate in aux_rows:
        folded[driver_id] = name_folded
        auxiliaries.setdefault(driver_id, (name, order, permit_id, plate))
        out.add("auxiliary_recredential", _as_date(valid_until),
                article=profile.auxiliary.article, entity="auxiliary_driver", entity_id=aux_id,
                person_id=driver_id, person_name=name, order_number=order, plate=plate,
                permit_id=permit_id)

    # 4. CNHs expiring by the horizon (each person's latest CNH): one grouped query
    if holders or auxiliaries:
        latest = pw.fn.MAX(Cnh.expiry_date)
        cnhs = Cnh.select(Cnh.person, latest)
        if persons is not None:
            cnhs = cnhs.where(Cnh.person.in_(persons))
        for who, expiry in DB.obj.execute(  # as read: no per-row conversion
                cnhs.group_by(Cnh.person).having(latest <= horizon)):
            if who in holders:
                name, order, permit_id = holders[who]
                out.add("cnh", _as_date(expiry), article=profile.holder.article, entity="person",
                        entity_id=who, person_id=who, person_name=name,
                        order_number=order, permit_id=permit_id, detail="permissionário")
            if who in auxiliaries:
                name, order, permit_id, plate = auxiliaries[who]
                out.add("cnh", _as_date(expiry), article=profile.auxiliary.article,
                        entity="person", entity_id=who, person_id=who,
                        person_name=name, order_number=order, plate=plate,
                        permit_id=permit_id, detail="condutor auxiliar")

    # 4b. documents of the checklists valid for a time of their own (a psychological exam
    # valid 2 years): each holder's latest received copy; no query where the law has none
    _documents(out, at, holders, persons)

    # 5. waiting-list calls and their deadlines: one query
    for entry_id, deadline, who, name, name_folded in (
            WaitingListEntry.select(WaitingListEntry.id, WaitingListEntry.call_deadline,
                                    Person.id, Person.name, Person.name_folded)
            .join(Person).where(mine(WaitingListEntry.person,
                                     (WaitingListEntry.status == "called") &
                                     (WaitingListEntry.call_deadline <= horizon))).tuples()):
        folded[who] = name_folded
        out.add("waiting_call", _as_date(deadline), article=profile.waiting_list.article,
                entity="waiting_list_entry", entity_id=entry_id, person_id=who,
                person_name=name)

    # 6. defence and appeal terms of the notices still open (penalty ledger)
    from .. import ledger
    for item in ledger.open_deadlines(on=on, horizon=horizon, persons=persons, at=at):
        folded[item["person_id"]] = item.pop("folded")
        out.add(item.pop("kind"), item.pop("due"), **item)

    # 7. recadastramento campaigns missed, where the profile makes a miss an alert or a
    # sanction (services/messaging/campaigns.py; three queries)
    from ..messaging import campaigns
    for item in campaigns.missed_items(on, persons, profile):
        out.add("campaign_missed", item.pop("due"), **item)

    if sort:
        out.items.sort(key=lambda item: _sort_key(item, folded))
    if folded_out is not None:
        folded_out.update(folded)
    return out.items


# the items that go with a vehicle (with the first permit it serves that has not ended, by
# order number): services/views/due_dates.py writes the whole register's in SQL, from the
# rules worked out here per distinct key (vehicle_rules_by_key)
VEHICLE_KINDS = ("vehicle_age", "replacement_declaration", "insurance",
                 *(f"{kind}_inspection" for kind in inspection_rules.VALIDITY_MONTHS))


def _inspection_items(plan, on: dt.date, last_annual: dt.date | None,
                      last_semiannual: dt.date | None) -> list[tuple[str, dt.date, str]]:
    """A vehicle's periodic inspections, from its last approved annual and semiannual:
    (kind, due, detail) each; one never made is due on the day itself."""
    return [(f"{kind}_inspection", next_on or on, "" if next_on else NEVER_INSPECTED)
            for kind in plan.kinds
            for next_on in (plan.next_due(kind, last_annual=last_annual,
                                          last_semiannual=last_semiannual),)]


def vehicle_rules_by_key(*, on: dt.date, days: int, registrations, pairs
                         ) -> tuple[list[tuple], list[list[tuple]]]:
    """What `_due` works out for a vehicle's items, for each distinct key given, for
    services/views/due_dates.py to join the whole register's vehicles with in SQL (the
    rules stay here, once; tests/services/test_due_dates_whole.py holds the two equal):

    registrations: (registration day, manufacture year) -> (its age limit, or None where
    no age item applies; the age item's label, article; the replacement declaration's due
    date, or None (none, or beyond the horizon); its label, article; the insurance's
    article). pairs: (last approved annual, last semiannual inspection day, or None) -> the
    inspections due by the horizon: [(kind, due date, label, article)], an inspection never
    made due on the day itself. Each list in the order of the keys given."""
    horizon = on + dt.timedelta(days=_days(days))
    at = setup.profiles_by_date()
    profile = at(on)
    rules = []
    for day, year in registrations:
        limit, age_item, declaration, insurance_article = _vehicle_items(at(day), year, horizon)
        age = (None, None, "") if age_item is None else \
            (limit, _label("vehicle_age", age_item[1]), age_item[0] or "")
        declared = (None, None, "") if declaration is None else \
            (declaration[0], _label("replacement_declaration", declaration[2]),
             declaration[1] or "")
        rules.append((*age, *declared, insurance_article or ""))
    plan = inspection_rules.schedule(profile)
    article = profile.inspection.article or ""
    inspections = [[(kind, due_on, _label(kind, detail), article)
                    for kind, due_on, detail in _inspection_items(plan, on, annual, semiannual)
                    if due_on <= horizon] if plan.kinds else []
                   for annual, semiannual in pairs]
    return rules, inspections


def changed_by_the_days(since: dt.date, on: dt.date) -> set[int] | None:
    """What the days after `since` up to `on` change in the alerts besides the items due in
    [since, on) and those entering the horizon as it moves (services/views/due_dates.py brings a
    table of `since` to `on` from this): None when they may change anybody's (a profile
    version in force from one of those days; a campaign's month ending or year:
    campaigns.missed_change), else the persons whose records dated on those days count
    from then on (campaigns.came_between: an attendance recorded, on a table of an earlier
    day, for a later one).

    Otherwise an item listed on `since` changes with the passing of the days only after its
    own due date: a defence or appeal term that lapses (notice_terms.stage: open while the
    day is not after its last day), a renewal deadline passed into its grace days
    (_renewal_due); an inspection never made is due on the day itself, every day
    (due_each_day: stored as due each day, nothing to change). A new source of alerts that reads the day
    must say here how. tests/services/test_due_dates.py holds a table so brought forward,
    day after day, to a fresh due()."""
    if any(since < day <= on for day in setup.profiles_by_date().effective_dates):
        return None
    from ..messaging import campaigns
    if campaigns.missed_change(since, on):
        return None
    return campaigns.came_between(since, on)


def _vehicle_items(rules, year, horizon: dt.date) -> tuple:
    """Under the rules in force on a vehicle's registration day: its age limit, its age item
    (article, detail) and replacement-declaration item (due, article, detail; by the
    horizon) where the rules have them, else None; the insurance's article."""
    vehicle_rule = rules.vehicle
    age_applies = bool(vehicle_rule.max_age_years) and not vehicle_rule.max_age_at_grant_only
    limit = vehicle_rules.age_limit_date(rules, year) if age_applies else None
    if limit is None:
        return None, None, None, vehicle_rule.insurance_article
    grace = vehicle_rules.replacement_deadline(rules, year)
    age_item = (vehicle_rule.age_article, f"fabricação {year}" + (
        f"; novo veículo até {format_date(grace)}" if grace else ""))
    days_before = vehicle_rule.replacement_declare_days_before
    declaration_due = vehicle_rules.declaration_due(rules, year)
    declaration_item = None
    if declaration_due is not None and declaration_due <= horizon:
        declaration_item = (declaration_due, vehicle_rule.replacement_article,
                            f"{days_before} dias antes do limite")
    return limit, age_item, declaration_item, vehicle_rule.insurance_article


def _date_reader():
    """_as_date, each text parsed once (a register's dates repeat)."""
    parsed: dict = {}

    def read(value):
        if value is None or isinstance(value, dt.date):
            return value
        day = parsed.get(value)
        if day is None:
            day = parsed[value] = _as_date(value)
        return day
    return read


def _listed_elsewhere(permits: list) -> set[int]:
    """Of some persons' permits (rows of `_due`'s first query), the vehicles that also serve
    a permit with a lower order number that has not ended (another holder's: a motorcycle
    sold on while its old permit is expired): `due()` lists their items under that one."""
    own: dict[int, int] = {}
    for row in permits:  # in order number order: each vehicle's first of the persons'
        if row[8] is not None:
            own.setdefault(row[8], row[1])
    if not own:
        return set()
    first = Permit.select(Permit.vehicle, pw.fn.MIN(Permit.order_number)).where(
        Permit.vehicle.in_(sorted(own)) & Permit.status.not_in(Permit.ENDED)).group_by(
        Permit.vehicle).tuples()
    return {vehicle for vehicle, order in first if order < own[vehicle]}


def _dated_documents(profile) -> dict[str, object]:
    """code → checklist item, for the documents the profile gives a validity of their own."""
    return {item.code: item for app in profile.applications for item in app.checklist
            if item.valid_months}


def _documents(out: _Collector, at, holders: dict, persons: list[int] | None = None) -> None:
    """A received document expires valid_months after it was received (the months of the
    profile version in force on that day); the alert names it."""
    from ...domain.dates import add_months
    from ...store.models import Application, ApplicationChecklistItem
    codes = _dated_documents(at(out.on))
    if not codes or not holders:
        return
    received = pw.fn.MAX(ApplicationChecklistItem.received_on)
    only = ApplicationChecklistItem.received & ApplicationChecklistItem.code.in_(list(codes))
    if persons is not None:
        only &= Application.person.in_(persons)
    rows = (ApplicationChecklistItem.select(Application.person, ApplicationChecklistItem.code,
                                            received)
            .join(Application)
            .where(only)
            .group_by(Application.person, ApplicationChecklistItem.code).tuples())
    for who, code, day in rows:
        if who not in holders or day is None:
            continue
        day = _as_date(day)
        item = _dated_documents(at(day)).get(code) or codes[code]
        name, order, permit_id = holders[who]
        out.add("document", add_months(day, item.valid_months) - dt.timedelta(days=1),
                article=item.article, entity="person", entity_id=who,
                person_id=who, person_name=name, order_number=order,
                permit_id=permit_id, detail=item.text)


def _summonses(out, profile, persons: list[int] | None) -> None:
    """The summonses of the permits that have not ended (of the persons', when given):
    the permit's status is read in the join, not as a list of every live permit's id."""
    rule = profile.inspection
    if not rule.on_demand:
        return
    only = (InspectionSummons.status.in_(("open", "missed")) &
            Permit.status.not_in(Permit.ENDED))
    if persons is not None:
        only &= Permit.holder.in_(persons)
    rows = list(InspectionSummons.select(InspectionSummons, Permit, Person, Vehicle)
                .join(Permit).join(Person, on=(Permit.holder == Person.id))
                .switch(InspectionSummons)
                .join(Vehicle, on=(InspectionSummons.vehicle == Vehicle.id))
                .where(only))
    missed = [r.vehicle_id for r in rows if r.status == "missed"]
    latest = dict(Inspection.select(Inspection.vehicle, pw.fn.MAX(Inspection.inspected_on))
                  .where(Inspection.vehicle.in_(missed)).group_by(Inspection.vehicle)
                  .tuples()) if missed else {}
    for row in rows:
        common = dict(person_id=row.permit.holder_id, person_name=row.permit.holder.name,
                      order_number=row.permit.order_number, plate=row.vehicle.plate_original,
                      permit_id=row.permit_id, entity="inspection_summons", entity_id=row.id)
        deadline = _as_date(row.deadline)
        if row.status == "open":
            out.add("summons", deadline, article=rule.article,
                    detail=f"intimação de {format_date(_as_date(row.summoned_on))}", **common)
        elif rule.missed_summons_cassation and \
                (_as_date(latest.get(row.vehicle_id)) or deadline) <= deadline:
            out.add("summons_missed", deadline,  # overdue since then
                    article=rule.missed_summons_article,
                    detail="cabe a cassação do alvará", **common)


def _sort_key(item: dict, folded: dict[int, str]) -> str:
    """Due date, kind, name without accents, record id — as one string: the same order as
    the tuple, but compared in a fraction of the time. A sort is one C call that keeps the
    interpreter to itself: with tuples of dates, 224,000 alerts (a 100,000-holder register)
    held the Painel's window 320 ms; with strings, 85 ms. No part contains "\x00"."""
    return (f"{item['due_date'].toordinal():07d}{item['kind']}\x00"
            f"{folded.get(item['person_id'], '')}\x00{item['entity_id']:012d}")


def _as_date(value):
    """SQLite returns aggregated dates as text."""
    if value is None or isinstance(value, dt.date):
        return value
    return dt.date.fromisoformat(str(value)[:10])


def describe(item: dict) -> str:
    """One line for the command line and the status bar, in Portuguese."""
    days_left = item["days_left"]
    if days_left < 0:
        when = f"VENCIDO há {-days_left} dia{'s' if days_left < -1 else ''}"
    elif days_left == 0:
        when = "vence hoje"
    else:
        when = f"vence em {days_left} dia{'s' if days_left > 1 else ''}"
    parts = [f"{format_date(item['due_date'])}  {when:<22} {item['label']}"]
    who = []
    if item.get("person_name"):
        who.append(item["person_name"])
    if item.get("permit_order_text"):
        who.append(f"permissão nº {item['permit_order_text']}")
    if item.get("plate"):
        who.append(f"placa {item['plate']}")
    if who:
        parts.append(" — " + ", ".join(who))
    if item.get("article"):
        parts.append(f" ({item['article']})")
    return "".join(parts)
