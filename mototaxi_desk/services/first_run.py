"""Whether the município was set up: all the start-up asks before choosing between the setup
wizard and the login, without loading the services behind them (issue 6 start-up budget)."""
from __future__ import annotations

from ..store.models import MunicipioSettings


def is_initialised() -> bool:
    return MunicipioSettings.select().exists()
