"""Whether a person may drive in the service on a day: the personal requirements of the
profile (domain.holder_rules) and the bars in force. Holders and auxiliary drivers meet the
same requirements (SRM Art. 21); a transferor's bar stops only a new permit."""
from __future__ import annotations

import datetime as dt

from ...domain import holder_rules
from ...domain.profiles import RuleProfile
from . import bars
from ..register import persons


def check_person(profile: RuleProfile, person_id: int, on: dt.date, *,
                 auxiliary: bool = False) -> None:
    person = persons.get_person(person_id)
    bars.check_not_barred(person_id, on, auxiliary=auxiliary)
    cnh = persons.current_cnh(person_id)
    holder_rules.check_person_requirements(
        profile, birth_date=person.birth_date, cnh_category=cnh.category if cnh else None,
        cnh_first_licence=cnh.first_licence_date if cnh else None,
        cnh_expiry=cnh.expiry_date if cnh else None, cnh_ear=cnh.ear if cnh else None, on=on)
