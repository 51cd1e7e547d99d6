"""Mototáxi Desk: the municipal mototaxi service at the town-hall counter."""
from .store.pg_driver import hide_from_peewee

__version__ = "0.3.0"

hide_from_peewee()  # the PostgreSQL driver loads with a PostgreSQL database, not at each start
