"""Where things live. Nothing runs at import; callers ask."""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from .domain.errors import ValidationError

APP_NAME = "MototaxiDesk"
# Held by the open program on Windows; the installer refuses to run while it exists.
RUNNING_MUTEX = "MototaxiDesk.Running"


def data_dir() -> Path:
    """The user's data folder (database, keys, backups, logs). MOTOTAXI_DATA_DIR overrides it
    (tests, portable installs)."""
    override = os.environ.get("MOTOTAXI_DATA_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def second_marks_dir() -> Path:
    """The folder of the second copy of the station's audit checkpoints
    (services/trust/checkpoints.py), apart from the data folder so that deleting one file is not
    enough to hide records deleted from the database: the user's configuration folder
    (Windows: %APPDATA%\\MototaxiDesk\\marcos, the roaming profile; Linux:
    ~/.config/MototaxiDesk/marcos). MOTOTAXI_CONFIG_DIR moves it; with MOTOTAXI_DATA_DIR
    alone (tests, a portable install) it is that folder's `marcos`."""
    override = os.environ.get("MOTOTAXI_CONFIG_DIR")
    if override:
        return Path(override) / "marcos"
    if os.environ.get("MOTOTAXI_DATA_DIR"):
        return data_dir() / "marcos"
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False, roaming=True)) / "marcos"


def default_db_path() -> Path:
    return data_dir() / "mototaxi.db"


def demo_db_path() -> Path:
    """The demo database, kept apart so demo data never lands in the real one."""
    return data_dir() / "demo" / "mototaxi-demo.db"


def database_url(cli_value: str | None = None) -> str:
    """--db wins over MOTOTAXI_DB, which wins over the default file. Given but empty, either
    is refused: a script's `--db "$BANCO"` with the variable unset must not open the
    município's own database."""
    if cli_value is not None:
        return check_database_value(cli_value, "--db", "omita --db")
    if "MOTOTAXI_DB" in os.environ:
        return check_database_value(os.environ["MOTOTAXI_DB"], "MOTOTAXI_DB",
                                    "remova a variável MOTOTAXI_DB")
    return str(default_db_path())


def check_database_value(value: str, field: str, default_hint: str) -> str:
    if not value.strip():
        raise ValidationError(field, "vazio; informe o arquivo do banco de dados ou o endereço "
                                     f"postgresql://... (para o banco padrão, da pasta de "
                                     f"dados, {default_hint}).")
    return value
