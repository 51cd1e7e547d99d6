"""One declared settings registry (issue 14 item 6, mototaxi_desk/settings_registry.py): every
setting the code reads is declared there, with the default the code uses, and nothing is
declared that no code reads. Read from the source and the models; no database needed."""
from __future__ import annotations

import ast
import dataclasses
import json
from pathlib import Path

import peewee
import pytest

from mototaxi_desk import settings_registry as R
from mototaxi_desk.services import permissions
from mototaxi_desk.store import backup
from mototaxi_desk.store.models import FiscalUnitValue, MunicipioSettings, TariffValue

PACKAGE = Path(__file__).resolve().parents[2] / "mototaxi_desk"
TABLES = {"fiscal_unit_value": FiscalUnitValue, "tariff_value": TariffValue}


def _declared(store: str) -> set[str]:
    return {s.name for s in R.stored_in(store)}


def _calls(path: Path, methods: tuple[str, ...]) -> set[str]:
    """The string keys passed first to `<anything>.<method>(...)` in a module."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr in methods and node.args and \
                isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            found.add(node.args[0].value)
    return found


def _modules_using(*markers: str) -> list[Path]:
    return [p for p in PACKAGE.rglob("*.py") if p.name != "settings_registry.py"
            and any(m in p.read_text(encoding="utf-8") for m in markers)]


def test_every_key_read_from_janela_ini_is_declared():
    users = _modules_using("QSettings", "print_settings()")
    read = set().union(*(_calls(p, ("value", "setValue")) for p in users))
    assert read == _declared(R.JANELA_INI)  # nothing undeclared, nothing declared unread


def test_every_key_read_from_gui_json_is_declared():
    users = _modules_using("GUI_JSON", '"gui.json"')
    assert [p.name for p in users] == ["idle_lock.py"]
    assert _calls(users[0], ("get",)) - {"MOTOTAXI_IDLE_MINUTES"} == _declared(R.GUI_JSON)


def test_gui_json_default_is_the_declared_one():
    from mototaxi_desk.gui import idle_lock
    assert idle_lock.DEFAULT_MINUTES == R.default(R.GUI_JSON, "idle_lock_minutes")


def test_backup_json_holds_the_declared_settings_with_their_defaults(tmp_path):
    fields = {f.name: f.default for f in dataclasses.fields(backup.Retention)}
    assert fields == {s.name: s.default for s in R.stored_in(R.BACKUP_JSON)}
    assert backup.SETTINGS_FILE == R.BACKUP_JSON
    saved = backup.save_retention(backup.Retention(), tmp_path / R.BACKUP_JSON)
    assert set(json.loads(saved.read_text(encoding="utf-8"))) == _declared(R.BACKUP_JSON)
    (tmp_path / "vazio.json").write_text("{}", encoding="utf-8")
    assert backup.load_retention(tmp_path / "vazio.json") == backup.Retention()


def test_every_column_of_the_settings_row_and_every_value_table_is_declared():
    columns = set(MunicipioSettings._meta.fields) - {"id"}
    assert columns | set(TABLES) == _declared(R.DATABASE)


@pytest.mark.parametrize("name", sorted(set(MunicipioSettings._meta.fields) - {"id"}))
def test_database_defaults_are_the_declared_ones(name):
    field = MunicipioSettings._meta.fields[name]
    declared = R.default(R.DATABASE, name)
    if field.default is None or callable(field.default):
        assert declared is None  # asked at init, or stamped when written
    elif isinstance(field, peewee.TextField) and name == "overrides":
        assert json.loads(field.default) == declared
    else:
        assert field.default == declared


def test_who_may_change_a_setting_is_a_real_permission_of_that_role():
    for s in R.SETTINGS:
        if s.permission:
            roles = permissions.PERMISSIONS[s.permission].roles
            assert s.changed_by == R.ADMIN and set(roles) == {"admin"}, s.name
        elif s.stored_in in (R.DATABASE, R.BACKUP_JSON):
            assert s.changed_by == R.NOBODY, s.name  # set by init, never edited
    assert {s.stored_in for s in R.SETTINGS} == set(R.STORES)
    assert len({s.key for s in R.SETTINGS}) == len(R.SETTINGS)


def test_the_command_line_lists_the_registry(cli):
    code, out, _ = cli("--json", "settings", "list")
    assert code == 0
    assert {(r["stored_in"], r["name"]) for r in json.loads(out)} == \
        {(s.stored_in, s.name) for s in R.SETTINGS}
    code, out, _ = cli("settings", "list")
    assert code == 0 and all(store + ":" in out for store in R.STORES)


def test_a_tooltip_says_where_a_value_is_kept():
    text = R.tooltip(R.BACKUP_JSON, "keep_daily")
    assert "backup.json" in text and "administrador" in text and "30" in text
