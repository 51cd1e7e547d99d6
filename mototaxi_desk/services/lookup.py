"""Fetching a row by id with the user-facing message when it does not exist."""
from __future__ import annotations

from ..domain.errors import ValidationError
from ..store.models import Permit


def get_permit(permit_id) -> Permit:
    permit = Permit.get_or_none(Permit.id == permit_id)
    if permit is None:
        raise ValidationError("Permissão", f"permissão nº {permit_id} não existe.")
    return permit
