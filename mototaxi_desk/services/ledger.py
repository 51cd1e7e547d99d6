"""The penalty ledger: infraction notices (SRM Art. 35), fines, points, defence, appeal and
revelia, payments, sanctions proposed by the engine and applied by a supervisor, municipal
holidays, and the ledger view of a holder or permit.

A notice is never deleted nor edited: a correction voids it and issues a new one with the
reason (reissue_notice); an accepted defence or appeal voids it and undoes its fine and the
sanctions applied because of it (SRM Art. 35 §2º). Rules come from the profile only
(domain.penalty_engine, domain.penalty_calendar).

This module is the ledger's one public face for the screens and the command line; the work
is done in modules of one concern each, which import one another in one direction:
notice_records (shared reading) ← holidays, charges ← notice_terms ← sanctions ←
notice_voiding ← defences; ledger_views ← open_terms, notices."""
from __future__ import annotations

from .charges import CASHIERS, charge_dict, get_charge, open_charges, pay_charge
from .defences import DECIDERS, file_defence, judge, record_revelia
from .holidays import add_holiday, business_calendar, list_holidays, remove_holiday
from .ledger_views import ledger, list_notices, notice, notice_dict, units_amount
from .notice_records import get_notice, number_text, profile_range
from .notice_terms import STAGE_LABELS, deadlines, proceeding_dict, sanctions_ready, stage
from .notices import (CHANNEL_LABELS, RECORDERS, admitted_means, means_text, record_notice,
                      record_notification, reissue_notice, void_notice)
from .open_terms import open_deadlines
from .sanctions import SANCTION_RESULT, apply_sanction, proposals, sanction_dict

__all__ = [
    "CASHIERS", "CHANNEL_LABELS", "DECIDERS", "RECORDERS", "SANCTION_RESULT", "STAGE_LABELS",
    "add_holiday", "admitted_means", "apply_sanction", "business_calendar", "charge_dict", "deadlines",
    "file_defence", "get_charge", "get_notice", "judge", "ledger", "list_holidays",
    "list_notices", "means_text", "notice", "notice_dict", "number_text", "open_charges", "open_deadlines",
    "pay_charge", "proceeding_dict", "profile_range", "proposals", "record_notice",
    "record_notification", "record_revelia", "reissue_notice", "remove_holiday",
    "sanction_dict", "sanctions_ready", "stage", "units_amount", "void_notice",
]
