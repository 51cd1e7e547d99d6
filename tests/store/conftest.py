"""Fixtures of the store tests."""
import pytest

from mototaxi_desk.store.migrations import close_database

from .old_schema import create_v1


@pytest.fixture
def v1_url(db_url):
    """A database at schema version 1 holding one person, on each backend (closed after;
    db_url drops the PostgreSQL schema)."""
    create_v1(db_url)
    yield db_url
    close_database()
