"""services/administration/first_run.py: what the start-up asks before the wizard or the login."""
from __future__ import annotations

import peewee

from mototaxi_desk.services.administration import first_run
from mototaxi_desk.store.models import MunicipioSettings


def test_set_up_or_not_and_none_when_the_file_cannot_be_read(db, municipio, monkeypatch):
    assert first_run.is_initialised() and first_run.is_initialised_if_readable() is True

    def damaged(*args, **kwargs):
        raise peewee.DatabaseError("database disk image is malformed")
    monkeypatch.setattr(MunicipioSettings, "select", damaged)
    assert first_run.is_initialised_if_readable() is None  # the window waits for the check


def test_an_empty_database_is_not_set_up(db):
    assert first_run.is_initialised_if_readable() is False
