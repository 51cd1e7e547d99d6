"""The range every editable profile number must stay in (Configurações and `settings set`).

A município may edit its profile's numbers (profiles.editable_numbers), but not to values no
law could mean: a stand for 999,999,999 motorcycles, a 40-year defence period. Each key has a
range here; a test holds every editable number of every shipped profile to having one, so a
new number cannot arrive without it. Values are inclusive; 0 means "the law sets none" where
the profile uses it so.
"""
from __future__ import annotations

DAYS = (0, 3660)          # up to ten years
MONTHS = (0, 240)         # up to twenty years
YEARS = (0, 100)

RANGES: dict[str, tuple[int, int]] = {
    "auxiliary.cassation_bar_years": YEARS,
    "auxiliary.max_per_vehicle": (0, 10),
    "auxiliary.recredential_months": MONTHS,
    "cap.inhabitants_per_permit": (0, 1_000_000),
    "defence.appeal_days": (0, 365),
    "defence.defence_days": (0, 365),
    "holder.cnh_min_years": (0, 50),
    "holder.min_age": (0, 100),
    "impound.storage_fee_units_per_day": (0, 1000),
    "interruption.extensions": (0, 20),
    "interruption.max_days": (0, 3660),
    "interruption.unauthorised_revert_days": DAYS,
    "licensing.card_months": MONTHS,
    "licensing.justify_days": (0, 365),
    "penalties.count_window_months": MONTHS,
    "penalties.recidivism_months": MONTHS,
    "penalties.same_infraction_double_months": MONTHS,
    "permit.cassation_bar_years": YEARS,
    "permit.max_per_person": (0, 100),
    "permit.order_number_digits": (0, 9),
    "permit.validity_months": MONTHS,
    "renewal.grace_days": DAYS,
    "renewal.late_fine_units": (0, 100_000),
    "stand.change_min_months": MONTHS,
    "stand.max_vehicles": (0, 999),
    "stand.min_distance_m": (0, 100_000),
    "stand.min_vehicles": (0, 999),
    "transfer.min_years_held": YEARS,
    "vehicle.cc_max": (0, 3000),
    "vehicle.cc_min": (0, 3000),
    "vehicle.insurance_min_cover_per_person": (0, 100_000_000),
    "vehicle.max_age_years": YEARS,
    "vehicle.replacement_declare_days_before": DAYS,
    "vehicle.replacement_grace_days": DAYS,
    "waiting_list.enrol_days": DAYS,
}

# a number a new profile adds before this table knows it: the widest sensible range
DEFAULT_RANGE = (0, 1_000_000)


def number_range(key: str) -> tuple[int, int]:
    return RANGES.get(key, DEFAULT_RANGE)


def out_of_range(key: str, value) -> str | None:
    """The message when `value` is outside the key's range, else None."""
    low, high = number_range(key)
    if isinstance(value, bool) or not low <= value <= high:
        return f"deveria estar entre {low} e {high:,}".replace(",", ".")
    return None
