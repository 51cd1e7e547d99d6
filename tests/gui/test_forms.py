"""The Qt Designer files in ui/ and the modules generated from them (tools/compile_ui.py):
the committed modules are what pyside6-uic makes of today's .ui files, every form builds,
and the keyboard works in every form (mnemonics with buddies, no letter twice, an explicit
tab order wherever a form has more than one field)."""
from __future__ import annotations

import importlib
import importlib.util
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6 import QtWidgets

ROOT = Path(__file__).resolve().parents[2]
UI_FILES = sorted((ROOT / "ui").glob("*.ui"))
INPUTS = {"QLineEdit", "QPlainTextEdit", "QTextEdit", "QComboBox", "QSpinBox",
          "QDoubleSpinBox", "QDateEdit", "QDateTimeEdit", "QCheckBox", "QRadioButton",
          "FormField", "DateField", "QListWidget", "QTableView", "QTableWidget"}


def _compile_ui():
    spec = importlib.util.spec_from_file_location("compile_ui", ROOT / "tools" / "compile_ui.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _mnemonic(text: str) -> str | None:
    found = re.search(r"&([^&])", text.replace("&&", ""))
    return found.group(1).lower() if found else None


def test_there_are_designer_forms():
    assert UI_FILES, "ui/ has no Designer file"


def test_the_generated_modules_are_up_to_date():
    """Edit a .ui file in Designer, then `make forms`: a stale module fails here."""
    assert _compile_ui().stale_modules() == []


@pytest.mark.parametrize("ui_file", UI_FILES, ids=lambda p: p.name)
def test_every_form_builds(qtbot, ui_file):
    top = ET.parse(ui_file).getroot().find("widget")
    module = importlib.import_module(f"mototaxi_desk.gui.forms.ui_{ui_file.stem}")
    form = getattr(module, f"Ui_{top.get('name')}")()
    base = getattr(QtWidgets, top.get("class"))
    widget = base()
    qtbot.addWidget(widget)
    form.setupUi(widget)
    assert widget.objectName() == top.get("name")


@pytest.mark.parametrize("ui_file", UI_FILES, ids=lambda p: p.name)
def test_every_form_works_from_the_keyboard(ui_file):
    root = ET.parse(ui_file).getroot()
    names = {w.get("name"): w.get("class") for w in root.iter("widget")}
    letters: dict[str, str] = {}
    for widget in root.iter("widget"):
        props = {p.get("name"): p for p in widget.findall("property")}
        text = props["text"].findtext("string") if "text" in props else ""
        letter = _mnemonic(text or "")
        if letter is None:
            continue
        assert letter not in letters, (f"{ui_file.name}: '&{letter}' em {widget.get('name')} "
                                       f"e em {letters[letter]}")
        letters[letter] = widget.get("name")
        if widget.get("class") == "QLabel":
            buddy = props.get("buddy")
            assert buddy is not None, f"{ui_file.name}: {widget.get('name')} sem buddy"
            assert buddy.findtext("cstring") in names
    inputs = [n for n, cls in names.items() if cls in INPUTS]
    if len(inputs) > 1:
        tabstops = [t.text for t in root.iter("tabstop")]
        missing = [n for n in inputs if n not in tabstops]
        assert not missing, f"{ui_file.name}: fora da ordem de tabulação: {missing}"
