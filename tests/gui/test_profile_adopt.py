"""Configurações → Município → 'Adotar nova versão da lei...' (issue 35 item 2): the admin
adopts an amendment of the law from the window — chooses the file, sees the upgrade's notices
and every rule that changes with its article, types the effective date, confirms — through
the service the command uses, audited the same way. Refusals are shown in the dialog with
nothing written; another role does not see the action."""
from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from mototaxi_desk.domain.profiles import PROFILES_DIR, text_hash
from mototaxi_desk.gui.dialogs.profile_adopt import ProfileAdoptDialog
from mototaxi_desk.gui.pages.settings import SettingsPage
from mototaxi_desk.services.administration import profile_versions
from mototaxi_desk.services import setup
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.models import AuditLog, ProfileVersion, User
from tests.conftest import L1745, PF, row_counts
from tests.factories import CLERK

HISTORY = Path(__file__).resolve().parents[1] / "profiles" / "history"
RELEASE_0_1_0 = HISTORY / "6e9dc85" / f"{PF}.toml"  # PF as 0.1.0 shipped it (no format line)
PF_TEXT = PROFILES_DIR.joinpath(f"{PF}.toml").read_text(encoding="utf-8")


def _admin() -> Actor:
    user = User.get(User.login == "admin")
    return Actor(user.id, user.login, user.role)


def _file(folder: Path, text: str, name: str = PF) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def file_chooser(monkeypatch):
    """The open-file dialog answers with `chooser.next` (the captions it was asked with
    are kept)."""
    class Chooser:
        next: Path | None = None
        captions: list[str] = []

        def pick(self, parent, caption, folder, filters):
            self.captions.append(caption)
            return (str(self.next) if self.next else ""), ""
    chooser = Chooser()
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(chooser.pick))
    return chooser


@pytest.fixture
def page(qtbot, pf, clock_at):
    clock_at(dt.date(2026, 1, 10))
    page = SettingsPage(_admin())
    qtbot.addWidget(page)
    page.refresh()
    page.show()
    return page


def _open(qtbot, page) -> ProfileAdoptDialog:
    assert page.profile_button.isVisibleTo(page)
    qtbot.mouseClick(page.profile_button, Qt.MouseButton.LeftButton)
    dialog = page.profile_dialog
    qtbot.waitExposed(dialog)
    return dialog


def _choose(qtbot, dialog, chooser, path: Path) -> None:
    chooser.next = path
    qtbot.mouseClick(dialog.ui.choose_button, Qt.MouseButton.LeftButton)


def test_admin_adopts_an_amended_wording_seeing_notices_and_changes(qtbot, page, tmp_path,
                                                                    file_chooser, prompts):
    """A município's 0.1.0 file of the PF law amended (Art. 17: the vehicle's age, 5 → 7
    years) from 01/06/2026: the notices of its old format, the change with its article,
    then adopted as version 2 and audited as `profiles adopt` audits it."""
    text = RELEASE_0_1_0.read_text(encoding="utf-8").replace("max_age_years = 5",
                                                              "max_age_years = 7", 1)
    wording = _file(tmp_path / "emenda", text)
    dialog = _open(qtbot, page)
    law = setup.profile().profile.law
    assert dialog.ui.in_force.text() == f"Versão 1 — {law}, vigente desde a instalação."
    assert not dialog.ok_button.isEnabled()  # no file yet
    _choose(qtbot, dialog, file_chooser, wording)
    assert file_chooser.captions == ["Perfil com o novo texto da lei"]
    assert f"{PF}.toml" in dialog.ui.file_name.text()
    assert "será a versão 2" in dialog.ui.summary.text()
    assert "atualizado na leitura" in dialog.ui.summary.text()
    notices = [dialog.ui.notices_view.item(i).text()
               for i in range(dialog.ui.notices_view.count())]
    assert notices[0].startswith("chave 'format': o perfil não declara o formato")
    assert dialog.ui.details.tabText(1) == f"Avisos do formato ({len(notices)})"
    rows = dialog.changes_model.rows
    age = next(r for r in rows if r["key"] == "vehicle.max_age_years")
    assert (age["kind_text"], age["where"], age["before"], age["after"], age["article"]) == \
        ("Alteração", "Veículo", "5", "7", "Art. 15 I; Art. 17")
    assert dialog.ui.details.tabText(0) == f"O que muda ({len(rows)})"
    dialog.ui.changes_view.selectRow(rows.index(age))
    assert dialog.ui.change_detail.text() == age["text"]
    assert dialog.ok_button.isEnabled() and dialog.ok_button.isDefault()

    counts = row_counts()
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)  # no date yet
    assert dialog.ui.effective.has_error() and row_counts() == counts and not prompts.asked
    qtbot.keyClicks(dialog.ui.effective.editor, "01062026")
    assert not dialog.ui.effective.has_error()
    qtbot.keyClick(dialog.ui.effective.editor, Qt.Key.Key_Return)  # Enter: the default button
    assert "como versão 2 das regras, em vigor a partir de 01/06/2026" in prompts.asked[-1]
    assert dialog.adopted is not None and dialog.result() == dialog.DialogCode.Accepted

    stored = ProfileVersion.get(ProfileVersion.number == 2)
    assert (stored.text, stored.effective_from) == (text, dt.date(2026, 6, 1))
    entry = AuditLog.select().where(AuditLog.action == "profile.adopt").order_by(
        AuditLog.id.desc()).first()
    assert (entry.user_id, entry.entity, entry.entity_id) == \
        (_admin().user_id, "profile_version", str(stored.id))
    assert json.loads(entry.after) == {"number": 2, "profile_id": PF,
                                       "effective_from": "2026-06-01",
                                       "sha256": text_hash(text), "source": str(wording)}
    assert setup.profile(on=dt.date(2026, 6, 2)).vehicle.max_age_years == 7
    assert "Versão 2 das regras adotada" in page.municipio_message.text()
    assert "versão 2 a partir de 01/06/2026" in page.municipio_info.text()


def test_refusals_are_shown_in_the_dialog_and_write_nothing(qtbot, page, tmp_path,
                                                            file_chooser, prompts):
    dialog = _open(qtbot, page)
    counts = row_counts()
    other = _file(tmp_path / "outra", PROFILES_DIR.joinpath(f"{L1745}.toml").read_text(
        encoding="utf-8"), L1745)
    _choose(qtbot, dialog, file_chooser, other)
    message = dialog.ui.message.text()
    assert "é de outra lei: Lei Ordinária nº 1.745" in message
    assert f"(perfil {L1745})" in message and f"(perfil {PF})" in message
    assert not dialog.ok_button.isEnabled() and dialog.changes_model.rows == []

    broken = _file(tmp_path / "quebrado", PF_TEXT.replace('uf = "SP"', 'uf = "XX"').replace(
        "validity_months = 12 ", "validity_months = 0 "))
    _choose(qtbot, dialog, file_chooser, broken)
    assert "2 problemas encontrados" in dialog.ui.message.text()
    assert dialog.ui.details.tabText(1) == "Problemas do arquivo (2)"
    assert "'profile.uf'" in dialog.ui.notices_view.item(0).text()
    assert not dialog.ok_button.isEnabled()

    same = _file(tmp_path / "igual", PF_TEXT)
    _choose(qtbot, dialog, file_chooser, same)
    assert "igual ao da versão em vigor" in dialog.ui.message.text()
    assert not dialog.ok_button.isEnabled()
    assert row_counts() == counts and not prompts.asked


def test_a_date_before_the_version_in_force_is_refused_as_it_is_typed(qtbot, page, tmp_path,
                                                                      file_chooser, prompts):
    profile_versions.adopt(_admin(), _file(tmp_path / "v2", PF_TEXT.replace(
        "max_age_years = 5 ", "max_age_years = 6 ")), "01/06/2026")
    dialog = _open(qtbot, page)
    assert "posterior a 01/06/2026, a vigência da versão 2" in \
        dialog.ui.effective.message.text()
    _choose(qtbot, dialog, file_chooser, _file(tmp_path / "v3", PF_TEXT.replace(
        "max_age_years = 5 ", "max_age_years = 7 ")))
    assert "será a versão 3" in dialog.ui.summary.text()
    counts = row_counts()
    qtbot.keyClicks(dialog.ui.effective.editor, "15052026")
    assert dialog.ui.effective.has_error()
    assert "depois da versão 2 (em vigor desde 01/06/2026)" in \
        dialog.ui.effective.message.text()
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert row_counts() == counts and not prompts.asked and dialog.adopted is None


def test_another_role_does_not_see_the_action_nor_can_it_preview(qtbot, pf, tmp_path):
    page = SettingsPage(CLERK)
    qtbot.addWidget(page)
    page.refresh()
    page.show()
    assert not page.profile_button.isVisibleTo(page)
    dialog = ProfileAdoptDialog(CLERK)  # even opened some other way: the service refuses
    qtbot.addWidget(dialog)
    counts = row_counts()
    assert not dialog.choose_file(_file(tmp_path, PF_TEXT.replace("max_age_years = 5 ",
                                                                  "max_age_years = 7 ")))
    assert "não pode adotar uma nova versão do perfil de regras" in dialog.ui.message.text()
    assert row_counts() == counts and ProfileVersion.select().count() == 1
