"""Fetching a row by id with the user-facing message when it does not exist."""
from __future__ import annotations

from ...domain import permit_rules
from ...domain.errors import ValidationError
from ...store.models import Permit
from .. import setup


def get_permit(permit_id) -> Permit:
    permit = Permit.get_or_none(Permit.id == permit_id)
    if permit is None:
        raise ValidationError("Permissão", f"permissão nº {permit_id} não existe.")
    return permit


def permit_number(permit: Permit) -> str:
    """The permit's order number as the profile writes it (SRM Art. 4 §5º: four digits; PF
    and L1745 give no format), for every message that names a permit."""
    return permit_rules.format_order_number(setup.profile_today(), permit.order_number)
