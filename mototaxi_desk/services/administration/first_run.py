"""Whether the município was set up: all the start-up asks before choosing between the setup
wizard and the login, without loading the services behind them (issue 6 start-up budget)."""
from __future__ import annotations

import peewee as pw

from ...store.models import MunicipioSettings


def is_initialised() -> bool:
    return MunicipioSettings.select().exists()


def is_initialised_if_readable() -> bool | None:
    """is_initialised(), or None when the file is too damaged to read (the start-up's
    integrity check then says what to do): the window need not know the database library."""
    try:
        return is_initialised()
    except pw.DatabaseError:
        return None
