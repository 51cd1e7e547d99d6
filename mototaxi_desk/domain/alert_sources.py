"""Which audited changes move whose deadlines (services/views/due_dates.py keeps the Painel's
due-dates table current from them; store/connection.py marks the table stale from them in a
process that does not keep it). Pure: names of audit entities and actions only."""
from __future__ import annotations

MAX_PERSONS = 100  # an action touching more persons marks the table stale instead

# audited records that change everybody's alerts: the table is rebuilt
STALE_ENTITIES = frozenset({
    "municipio_settings", "campaign", "import_run", "database"})
# audited records that change everybody's alerts from a day of their own (a profile
# version's effective day): services/views/due_dates.py makes the table stale when that day is
# the table's or an earlier one; a later one is computed whole when the table is brought to
# it (services/alerts.changed_by_the_days), not now as well
FROM_THEIR_DAY = frozenset({"profile_version"})
# audited records that change nobody's alerts (alerts read none of these tables). The
# passage of time's own entry ("clock_tick") is one: what it changes is audited record by
# record (a permit expired, a call lapsed, a summons resolved) and the new day makes a table
# of an earlier day stale by its date; a table built for the day before the tick ran (while
# the login shows) stays current through those records
# Money (the fiscal unit's value, the tariff) and the waiting list's lottery numbers (its
# order, not its calls) are no date of anybody's either
IGNORED_ENTITIES = frozenset({
    "user", "sticker", "fee", "guia", "bank_return_file", "stand", "report", "signing_key",
    "selo", "clock_tick", "fiscal_unit_value", "tariff_value", "waiting_list"})
# audited actions that change nothing (views, exports, prints, copies), and the município's
# settings that are no date of anybody's (its population: the cap is not an alert; its coat
# of arms, its charging data, the sticker's size, the inspectors' verifier); its profile
# numbers are rules, and make the table stale
IGNORED_ACTIONS = frozenset({
    "person.view", "person.export", "register.export", "document.print", "campaign.letters",
    "backup.create", "backup.settings", "municipio.population", "municipio.brasao",
    "municipio.collection", "municipio.sticker_size", "municipio.verifier_max_age",
    "verifier.export"})
# the records whose persons services/views/due_dates.py finds; a municipal holiday's are the
# holders of the notices whose defence or appeal term may still run (the business days
# are all it changes)
RESOLVED = frozenset({
    "person", "cnh", "application", "auxiliary_driver", "waiting_list_entry",
    "infraction_notice", "notice_proceeding", "penalty_charge", "sanction", "impound",
    "inspection", "inspection_summons", "campaign_attendance", "vehicle", "permit",
    "municipal_holiday"})
# of those, the records whose persons their ids do not bound (a holiday's: the holders of
# every running term): stored again in the action's own transaction up to MAX_PERSONS,
# never under a whole rebuild's write lock (it computes the whole again instead)
UNBOUNDED = frozenset({"municipal_holiday"})
STALE = "stale"


def classify(action: str, entity: str, entity_id):
    """None (changes nobody's alerts), STALE (everybody's, or not known here: never
    ignored), or the (entity, id) whose persons services/views/due_dates.py finds (or whose day
    it reads: FROM_THEIR_DAY)."""
    if action.startswith("refused:") or action in IGNORED_ACTIONS or \
            entity in IGNORED_ENTITIES:
        return None
    text = str(entity_id or "")
    if (entity in RESOLVED or entity in FROM_THEIR_DAY) and text.isdigit():
        return entity, int(text)
    return STALE
