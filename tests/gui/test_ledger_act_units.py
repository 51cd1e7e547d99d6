"""An act of the penalty ledger is one module (services/ledger/acts, docs/developers.md "How
to add an act of the ledger"): a throwaway act written as a single module of another package,
registered, shows as a button of the notice's dialog (and its plain form runs it), as a
`notice` command with its help, and in the audit's words — with no other file touched. The
registry is cleaned afterwards."""
import argparse
import importlib
import sys
import textwrap

import pytest
from PySide6.QtCore import Qt

from mototaxi_desk.gui import labels
from mototaxi_desk.gui.dialogs.notice_detail import NoticeDetailDialog
from mototaxi_desk.services import ledger
from mototaxi_desk.services.ledger import acts
from mototaxi_desk.store.models import AuditLog

from ..factories import SUPERVISOR
from ..services.ledger_helpers import FISCAL, TODAY, holder_permit, notice_data

MODULE = '''
"""A throwaway act of the ledger: a note on the auto de infração."""
from mototaxi_desk.domain.errors import ValidationError
from mototaxi_desk.services import audit, permissions
from mototaxi_desk.services.ledger.acts import Field, LedgerAct, register
from mototaxi_desk.services.ledger.acts.base import notice_argument
from mototaxi_desk.store.connection import write_transaction


@register
class Memo(LedgerAct):
    key = button = "memo"
    label, title, confirm = "Anotar no auto…", "Anotação no auto de infração", "Anotar"
    permission = "notice.void"
    order = 65
    audit = {"notice.memo_note": "Anotação registrada no auto"}
    fields = (Field("note", "Anotação"),)
    cli_group = "notice"
    cli_help = "anota um fato no auto de infração (ato de teste)"

    def run(self, actor, *, notice_id=None, **inputs):
        permissions.require(actor, self.permission)
        if not (inputs.get("note") or "").strip():
            raise ValidationError("Anotação", "escreva a anotação.")
        with write_transaction():
            audit.record(actor, "notice.memo_note", "infraction_notice", notice_id,
                         after={"note": inputs["note"]})
        return {"note": inputs["note"]}

    def done_text(self, result, inputs):
        return f"Anotado: {result['note']}."

    def add_arguments(self, parser):
        notice_argument(parser)
        parser.add_argument("--note", required=True, metavar="TEXTO")

    def cli_inputs(self, args):
        return {**super().cli_inputs(args), "note": args.note}

    def done_lines(self, result, inputs):
        return [f"Anotado: {result['note']}."]
'''


@pytest.fixture
def db_url(tmp_path):
    """The window's tests run on SQLite only (the services and commands run on both)."""
    return str(tmp_path / "test.db")


@pytest.fixture
def memo_act(tmp_path, monkeypatch):
    package = tmp_path / "outside_ledger_acts"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "memo.py").write_text(textwrap.dedent(MODULE), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.import_module("outside_ledger_acts.memo")
    yield acts.get("memo")
    acts.unregister("memo")
    for name in ("outside_ledger_acts.memo", "outside_ledger_acts"):
        sys.modules.pop(name, None)
    # clean: the dialog, the command line and the audit's words no longer know it
    assert "memo" not in acts.registry()
    assert all(act.key != "memo" for act in acts.buttons(0))
    assert "memo" not in _subcommands(_subcommands(_parser())["notice"])
    assert labels.audit_action("notice.memo_note") != "Anotação registrada no auto"


def _parser():
    from mototaxi_desk.cli import build_parser
    return build_parser()


def _subcommands(parser) -> dict:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action.choices
    return {}


def test_a_throwaway_ledger_act_reaches_dialog_command_and_audit(qtbot, srm, memo_act):
    _, permit = holder_permit()
    notice = ledger.record_notice(FISCAL, notice_data(permit, "36-IX", "10/06/2026 14:30"),
                                  on=TODAY)
    # the notice's dialog: its button after "Corrigir (reemitir)…", enabled for a decider
    dialog = NoticeDetailDialog(SUPERVISOR, notice["id"])
    qtbot.addWidget(dialog)
    keys = list(dialog.buttons)
    assert keys.index("memo") == keys.index("reissue") + 1
    button = dialog.buttons["memo"]
    assert button.text() == "Anotar no auto…" and button.isEnabled()
    button.click()
    form = dialog.form
    assert form.objectName() == "ledger_act_memo" and form.ok_button.text().replace("&", "") == "Anotar"
    qtbot.keyClicks(form.fields["note"][1], "Infrator retornou ao ponto")
    qtbot.mouseClick(form.ok_button, Qt.MouseButton.LeftButton)
    assert not form.isVisible()
    assert dialog.message.text() == "Anotado: Infrator retornou ao ponto."
    # the audit's words
    assert AuditLog.select().where(AuditLog.action == "notice.memo_note").exists()
    assert labels.audit_action("notice.memo_note") == "Anotação registrada no auto"
    # the command line: `notice memo`, its help
    notice_group = _subcommands(_parser())["notice"]
    assert "memo" in _subcommands(notice_group)
    assert "anota um fato no auto de infração" in notice_group.format_help()
    assert "--note" in _subcommands(notice_group)["memo"].format_help()
    # the ledger's own buttons keep their words and order
    assert keys[:6] == ["notify", "defence", "judge", "revelia", "void", "reissue"]
    assert keys[7:] == ["pay", "impound", "release", "print", "print_release", "close"]
