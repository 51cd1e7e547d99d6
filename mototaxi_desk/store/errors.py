"""The store's error, in a module of its own: the connection raises it and the backups
(store/backup.py, which the connection calls for its damaged-database message) subclass it."""
from __future__ import annotations


class StoreError(Exception):
    """The database cannot be opened or used; the message is for the user (Portuguese)."""
