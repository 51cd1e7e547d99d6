"""One log file per user in the data folder. Never log CPF, passwords or keys."""
from __future__ import annotations

import logging
import logging.handlers

from . import config


def setup_logging(level: int = logging.INFO) -> None:
    root = logging.getLogger()
    if any(getattr(h, "_mototaxi", False) for h in root.handlers):
        return
    try:
        folder = config.data_dir() / "logs"
        folder.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            folder / "mototaxi-desk.log", maxBytes=2_000_000, backupCount=5, encoding="utf-8")
    except OSError:
        handler = logging.StreamHandler()  # a read-only data folder must not stop the program
        handler.setLevel(logging.WARNING)
    handler._mototaxi = True
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(level)
