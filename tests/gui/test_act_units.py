"""A permit act is one module (services/acts, docs/developers.md "Adding a permit act"): a
throwaway act written as a single module of another package, registered, shows in the
record's "Mais ▾" menu (and its form runs it), in the command line, in the audit's words
and in the printed act — with no other file touched. The registry is cleaned afterwards."""
import argparse
import importlib
import sys
import textwrap

import pytest
from PySide6.QtCore import Qt

from mototaxi_desk.gui import labels
from mototaxi_desk.gui.dialogs import permit_acts
from mototaxi_desk.gui.dialogs.record_items import permit_action_words
from mototaxi_desk.gui.pages.person import PersonPage
from mototaxi_desk.services import act_documents, acts, permit_actions
from mototaxi_desk.store.models import AuditLog, PermitHistory

from ..factories import SUPERVISOR
from ..printing import pdf_tools
from ..services.ledger_helpers import holder_permit

MODULE = '''
"""A throwaway act: a note on the permit, with its own printed termo."""
from mototaxi_desk.domain.errors import ValidationError
from mototaxi_desk.services import audit, permissions
from mototaxi_desk.services.licensing import permit_history
from mototaxi_desk.services.views import lookup
from mototaxi_desk.services.acts import Act, Field, register
from mototaxi_desk.services.acts.base import day
from mototaxi_desk.store.connection import write_transaction


@register
class Memo(Act):
    key = "memo"
    label, menu_text = "Anotar na permissão…", "Anotar na &permissão…"
    title = "Anotação na permissão"
    permission = "permit.resume"
    statuses = ("active",)
    order, menu_group = 900, 9
    none_why = "Nenhuma permissão ativa para anotar."
    audit = {"permit.memo_note": "Anotação registrada na permissão"}
    history = {"memo_note": "Anotação"}
    printed = {"memo_note": "Termo de anotação"}
    confirm = "Anotar"
    fields = (Field("permit", "Permissão", "permit"), Field("reason", "Anotação", max_length=200))
    cli_help = "anota um fato na permissão (ato de teste)"

    def run(self, actor, *, permit_id=None, auxiliary_id=None, **inputs):
        permissions.require(actor, self.permission)
        if not (inputs.get("reason") or "").strip():
            raise ValidationError("Anotação", "escreva a anotação.")
        with write_transaction():
            permit = lookup.get_permit(permit_id)
            permit_history.record(actor, permit, "memo_note", on=day(inputs.get("on"), "Data"),
                                  from_status=permit.status, reason=inputs["reason"])
            audit.record(actor, "permit.memo_note", "permit", permit.id,
                         after={"note": inputs["reason"]})
        return {"order_text": str(permit.order_number), "status_label": "anotada"}

    def rules(self, profile, inputs):
        return ["Anotação sem efeito na situação da permissão."]

    def content(self, line, order, doc):
        holder = doc.holder_at(line)
        return {"title": f"TERMO DE ANOTAÇÃO DA PERMISSÃO Nº {order}",
                "opening": f"Anota-se na permissão nº {order}, de {doc.who(holder)}:",
                "sections": (("Da anotação", tuple(doc.act_rows(line))),),
                "clauses": (), "signatures": (("", "Servidor(a) responsável"),)}

    def add_arguments(self, parser):
        parser.add_argument("permit", metavar="PERMISSAO")
        parser.add_argument("--reason", required=True, metavar="ANOTAÇÃO")
'''


@pytest.fixture
def db_url(tmp_path):
    """The window's tests run on SQLite only (the services and commands run on both)."""
    return str(tmp_path / "test.db")


@pytest.fixture
def memo_act(tmp_path, monkeypatch):
    package = tmp_path / "outside_acts"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "memo.py").write_text(textwrap.dedent(MODULE), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.import_module("outside_acts.memo")
    yield acts.get("memo")
    acts.unregister("memo")
    for name in ("outside_acts.memo", "outside_acts"):
        sys.modules.pop(name, None)
    # clean: the menu, the command line and the audit's words no longer know it
    assert "memo" not in acts.registry()
    assert all(entry is None or entry[0] != "memo" for entry in permit_acts.MENU)
    assert labels.audit_action("permit.memo_note") != "Anotação registrada na permissão"


def _subcommands(parser) -> dict:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action.choices
    return {}


def test_a_throwaway_act_module_reaches_menu_command_audit_and_print(qtbot, srm, memo_act):
    holder, permit = holder_permit()
    # the record's menu: its entry after a separator, enabled, and its form runs the act
    assert ("memo", "Anotar na &permissão…") in permit_acts.MENU
    assert permit_acts.CONFIRM["memo"] == "Anotar"
    page = PersonPage(SUPERVISOR)
    qtbot.addWidget(page)
    page.open_person(holder["id"])
    action = page.more_actions["memo"]
    assert action.text() == "Anotar na &permissão…" and action.isEnabled(), action.toolTip()
    action.trigger()
    form = page.form
    assert form.objectName() == "permit_act_memo"
    assert "Anotação sem efeito" in form.intro.text()
    qtbot.keyClicks(form.widget("reason"), "Pintura do veiculo refeita")
    qtbot.mouseClick(form.ok_button, Qt.MouseButton.LeftButton)
    assert not form.isVisible()
    line = PermitHistory.get((PermitHistory.permit == permit["id"]) &
                             (PermitHistory.action == "memo_note"))
    assert line.reason == "Pintura do veiculo refeita"
    assert permit_action_words("memo_note") == "Anotação"
    # the preview and the law's list
    assert "memo" in permit_actions.offered()
    shown = permit_actions.preview(SUPERVISOR, "memo", permit_id=permit["id"], reason="x")
    assert shown["title"] == "Anotação na permissão" and not shown["refusal"]
    # the command line: `permit memo`, its help
    from mototaxi_desk.cli import build_parser
    permit_group = _subcommands(build_parser())["permit"]
    assert "memo" in _subcommands(permit_group)
    assert "anota um fato na permissão" in permit_group.format_help()
    assert "--reason" in _subcommands(permit_group)["memo"].format_help()
    # the audit's words
    assert AuditLog.select().where(AuditLog.action == "permit.memo_note").exists()
    assert labels.audit_action("permit.memo_note") == "Anotação registrada na permissão"
    # the printed act: listed among the permit's acts and printed with its own content
    assert [a["label"] for a in act_documents.acts_of(permit["id"])] == ["Termo de anotação"]
    printed = act_documents.print_act(SUPERVISOR, act_documents.latest_act(permit["id"]))
    text = pdf_tools.text(printed["pdf"])
    assert "TERMO DE ANOTAÇÃO DA PERMISSÃO" in text and "Pintura do veiculo refeita" in text



def test_grant_and_renew_are_units_offered_outside_the_more_menu(srm):
    """Grant and renew are declared like the menu's acts (services/acts/grant.py, renew.py):
    the registry has them with their audit words, their command and what they print, but the
    window offers them elsewhere (the application, the record's "Renovar…" button), so the
    "Mais ▾" menu and the law's list of the menu's acts do not show them."""
    from mototaxi_desk.cli import build_parser
    grant, renew = acts.get("grant"), acts.get("renew")
    assert (grant.offered_in, renew.offered_in) == ("application", "record_button")
    assert (grant.permission, renew.permission) == ("permit.grant", "permit.renew")
    assert acts.audit_labels()["permit.grant"] == "Permissão outorgada"
    assert labels.audit_action("permit.grant") == "Permissão outorgada"
    assert labels.audit_action("permit.renew") == "Permissão renovada"
    assert grant.form == "grant" and grant.prints == ("card", "termo")
    # the commands: `permit grant` and `permit renew`, first in the group, run as acts
    commands = _subcommands(_subcommands(build_parser())["permit"])
    assert list(commands)[:2] == ["grant", "renew"]
    assert commands["grant"].get_default("act_key") == "grant"
    assert commands["renew"].get_default("act_key") == "renew"
    assert "data da outorga" in commands["grant"].format_help()
    assert "--preview" not in commands["renew"].format_help()
    # not in the "Mais ▾" menu, its confirm words, nor the menu's acts the law provides
    assert not {"grant", "renew"} & {entry[0] for entry in permit_acts.MENU if entry}
    assert not {"grant", "renew"} & set(permit_acts.CONFIRM)
    assert not {"grant", "renew"} & set(permit_actions.offered())
    assert {"grant", "renew"} <= set(acts.registry()) - set(acts.in_menu())
