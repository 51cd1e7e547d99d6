"""The penalty ledger: infraction notices (SRM Art. 35), fines, points, defence, appeal and
revelia, payments, sanctions proposed by the engine and applied by a supervisor, municipal
holidays, and the ledger view of a holder or permit.

A notice is never deleted nor edited: a correction voids it and issues a new one with the
reason (reissue_notice); an accepted defence or appeal voids it and undoes its fine and the
sanctions applied because of it (SRM Art. 35 §2º). Rules come from the profile only
(domain.penalty_engine, domain.penalty_calendar).

This package's face is the ledger's one public face for the screens and the command line; the work
is done in modules of one concern each, which import one another in one direction:
notice_records (shared reading) ← holidays, charges ← notice_terms ← sanctions ←
notice_voiding ← defences; ledger_views ← open_terms, notices. Charges live in
services/payments and holidays in services/administration; this face names them too."""
from __future__ import annotations

from importlib import import_module

# name -> module: loaded on first use (PEP 562), so a module of the ledger importing a sibling
# does not load the whole face first (charges -> notice_records would otherwise come back here)
_HOMES = {
    "CASHIERS": "..payments.charges",
    "CHANNEL_LABELS": ".notices",
    "DECIDERS": ".defences",
    "RECORDERS": ".notices",
    "SANCTION_RESULT": ".sanctions",
    "STAGE_LABELS": ".notice_terms",
    "add_holiday": "..administration.holidays",
    "admitted_means": ".notices",
    "apply_sanction": ".sanctions",
    "business_calendar": "..administration.holidays",
    "charge_dict": "..payments.charges",
    "deadlines": ".notice_terms",
    "file_defence": ".defences",
    "get_charge": "..payments.charges",
    "get_notice": ".notice_records",
    "judge": ".defences",
    "ledger": ".ledger_views",
    "list_holidays": "..administration.holidays",
    "list_notices": ".ledger_views",
    "means_text": ".notices",
    "notice": ".ledger_views",
    "notice_dict": ".ledger_views",
    "number_text": ".notice_records",
    "open_charges": "..payments.charges",
    "open_deadlines": ".open_terms",
    "pay_charge": "..payments.charges",
    "proceeding_dict": ".notice_terms",
    "profile_range": ".notice_records",
    "proposals": ".sanctions",
    "record_notice": ".notices",
    "record_notification": ".notices",
    "record_revelia": ".defences",
    "reissue_notice": ".notices",
    "remove_holiday": "..administration.holidays",
    "sanction_dict": ".sanctions",
    "sanctions_ready": ".notice_terms",
    "stage": ".notice_terms",
    "units_amount": ".ledger_views",
    "void_notice": ".notices",
}


def __getattr__(name: str):
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(home, __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted([*globals(), *_HOMES])


__all__ = [
    "CASHIERS", "CHANNEL_LABELS", "DECIDERS", "RECORDERS", "SANCTION_RESULT", "STAGE_LABELS",
    "add_holiday", "admitted_means", "apply_sanction", "business_calendar", "charge_dict", "deadlines",
    "file_defence", "get_charge", "get_notice", "judge", "ledger", "list_holidays",
    "list_notices", "means_text", "notice", "notice_dict", "number_text", "open_charges", "open_deadlines",
    "pay_charge", "proceeding_dict", "profile_range", "proposals", "record_notice",
    "record_notification", "record_revelia", "reissue_notice", "remove_holiday",
    "sanction_dict", "sanctions_ready", "stage", "units_amount", "void_notice",
]
