"""Configurações → Município → 'Adotar nova versão da lei...' (administrators only): a new
wording of the município's law (an amendment, with its effective date) adopted from the
window, as `mototaxi-desk profiles adopt FILE --from DATA` does from the command line — the
same service call, audited the same way (services/administration/profile_versions.py).

The admin chooses the profile file and sees at once what adopting it would do: the upgrade's
notices for a file written for an earlier format (what was assumed), and every rule that
changes against the version in force, in the law's words with its article (the comparison
`profiles adopt --preview` prints). A file that would be refused (another law's, a broken
one, the text in force, one that would orphan records) is refused here before anything is
typed; a date not after the version in force as soon as it is typed. Nothing is written until
the admin confirms. Layout: ui/profile_adopt.ui; the comparison's table is filled in code."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFileDialog

from ... import profile_files
from ...domain.errors import DomainError, ProfileError
from ...domain.profile_diff import ADDED, REMOVED
from ...domain.validators import format_date
from ...services.administration import profile_versions
from ...services.context import Actor
from .. import prompts, screen_fit
from ..forms.ui_profile_adopt import Ui_ProfileAdoptDialog
from ..models.dict_table import Column, DictTableModel
from ..widgets.common import table_view_setup

# a change's kind is a word in its own column too (never a colour alone)
KIND_COLOURS = {ADDED: "#e8f5e9", REMOVED: "#fdecea"}
CHANGES_TITLE, NOTICES_TITLE, PROBLEMS_TITLE = "O que muda", "Avisos do formato", \
    "Problemas do arquivo"


class ProfileAdoptDialog(QDialog):
    """`adopted` holds the service's result once a version is adopted."""

    def __init__(self, actor: Actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.path: Path | None = None
        self.preview: dict | None = None
        self.adopted: dict | None = None
        self.ui = ui = Ui_ProfileAdoptDialog()
        ui.setupUi(self)
        self.changes_model = DictTableModel(
            [Column("kind_text", "Mudança"), Column("where", "Onde"),
             Column("what", "O quê"), Column("article", "Artigo"), Column("before", "Antes"),
             Column("after", "Depois")],
            colour_of=lambda r: KIND_COLOURS.get(r["kind"]), parent=self)
        table_view_setup(ui.changes_view, self.changes_model)
        ui.changes_view.selectionModel().currentRowChanged.connect(
            lambda current, _previous: self._show_change(current.row()))
        ui.choose_button.clicked.connect(lambda: self.choose_file())
        ui.effective.configure(label="Data de vigência")
        ui.effective.changed.connect(self._date_changed)  # a whole date, typed or set
        # after the field's own check of what is typed (which clears the note under it)
        ui.effective.editor.textEdited.connect(lambda _text: self._date_typed())
        self.ok_button = ui.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("&Adotar nova versão")
        self.ok_button.setDefault(True)
        ui.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText("Cancelar")
        ui.buttons.accepted.connect(self.adopt)
        ui.buttons.rejected.connect(self.reject)
        self._show_in_force()
        self._show_preview(None)
        screen_fit.preferred_size(self, 980, 640)  # the table's room; less on a small screen

    # --- what is in force ---------------------------------------------------------------

    def _show_in_force(self) -> None:
        latest = profile_versions.latest_version()
        self.latest = latest
        self.ui.in_force.setText(f"Versão {latest['number']} — {latest['law']}, "
                                 f"vigente desde {latest['since']}.")
        self.date_hint = "Os atos desta data em diante seguem o novo texto" + (
            "." if latest["since"] == "a instalação" else
            f"; posterior a {format_date(latest['effective_from'])}, a vigência da versão "
            f"{latest['number']}.")
        self.ui.effective.show_hint(self.date_hint)

    # --- the file -----------------------------------------------------------------------

    def choose_file(self, path: str | Path | None = None) -> bool:
        if path is None:
            folder = profile_files.data_folder()
            start = str(folder) if folder.is_dir() else QStandardPaths.writableLocation(
                QStandardPaths.StandardLocation.DocumentsLocation)
            path, _ = QFileDialog.getOpenFileName(
                self, "Perfil com o novo texto da lei", start,
                "Perfis de regras (*.toml);;Todos os arquivos (*)")
            if not path:
                return False
        self.path = Path(path)
        self.ui.file_name.setText(f"<b>{self.path.name}</b> ({self.path.parent})")
        try:
            preview = profile_versions.preview(self.actor, self.path)
        except (DomainError, ProfileError) as exc:  # refused: shown, nothing written
            self._show_preview(None)
            self._refused(str(exc))
            return False
        self._show_preview(preview)
        return True

    def _show_preview(self, preview: dict | None) -> None:
        ui = self.ui
        self.preview = preview
        self.ui.message.clear()
        changes = preview["changes"] if preview else []
        notices = preview["notices"] if preview else []
        self.changes_model.set_rows(changes)
        ui.notices_view.clear()
        ui.notices_view.addItems(notices)
        ui.details.setTabText(0, f"{CHANGES_TITLE} ({len(changes)})" if preview
                              else CHANGES_TITLE)
        ui.details.setTabText(1, f"{NOTICES_TITLE} ({len(notices)})" if preview
                              else NOTICES_TITLE)
        ui.details.setCurrentIndex(0)
        if preview is None:
            ui.summary.setText("")
            ui.change_detail.setText("")
        else:
            follows = preview["follows"]
            counted = (f"{len(changes)} alteraç{'ões' if len(changes) != 1 else 'ão'} em "
                       f"relação à versão {follows['number']}" if changes else
                       "Nenhuma regra muda: o texto difere só em comentários, na ordem ou "
                       "no formato")
            upgraded = (f"; escrito para um formato anterior, atualizado na leitura "
                        f"({len(notices)} aviso{'s' if len(notices) != 1 else ''}: confira "
                        "o que foi assumido)" if notices else "")
            ui.summary.setText(f"<b>{preview['law']}</b> — será a versão "
                               f"{preview['number']}. {counted}{upgraded}.")
            if changes:
                ui.changes_view.selectRow(0)
                self._show_change(0)
            else:
                ui.change_detail.setText("")
        self._update_button()

    def _refused(self, text: str) -> None:
        """A refusal: its first line below; a file's problems (one a line) in their tab."""
        head, *problems = text.splitlines()
        self.ui.message.error(head)
        if problems:
            self.ui.notices_view.addItems([line.strip() for line in problems])
            self.ui.details.setTabText(1, f"{PROBLEMS_TITLE} ({len(problems)})")
            self.ui.details.setCurrentIndex(1)

    def _show_change(self, row: int) -> None:
        if not 0 <= row < len(self.changes_model.rows):
            return
        self.ui.change_detail.setText(self.changes_model.row(row)["text"])

    # --- the date -----------------------------------------------------------------------

    def _date_typed(self) -> None:
        if self.ui.effective.has_error():
            return  # half typed or not a date: the field says so
        try:
            self._date_changed(None if self.ui.effective.is_empty() else
                               self.ui.effective.date())
        except DomainError:
            pass  # a date still being typed: the field's own check already speaks

    def _date_changed(self, day) -> None:
        if day is None:
            self.ui.effective.show_hint(self.date_hint)
            return
        try:
            profile_versions.check_effective_date(day)
        except DomainError as exc:
            self.ui.effective.show_error(str(exc))
            return
        self.ui.effective.show_hint(self.date_hint)

    # --- adopting -----------------------------------------------------------------------

    def _update_button(self) -> None:
        self.ok_button.setEnabled(self.preview is not None and self.adopted is None)

    def adopt(self) -> dict | None:
        preview = self.preview
        if preview is None or self.path is None:
            return None
        if not self.ui.effective.validate(force=True):
            self.ui.effective.setFocus()
            return None
        try:
            day = self.ui.effective.date()
            profile_versions.check_effective_date(day)
        except DomainError as exc:
            self.ui.effective.show_error(str(exc))
            self.ui.effective.setFocus()
            return None
        count = len(preview["changes"])
        if not prompts.ask_yes_no(
                self, "Adotar nova versão da lei",
                f"Adotar {self.path.name} como versão {preview['number']} das regras, em "
                f"vigor a partir de {format_date(day)}? Os atos dessa data em diante seguem o "
                f"novo texto ({count} alteraç{'ões' if count != 1 else 'ão'}). Uma versão "
                "adotada não é desfeita: uma correção é adotada como outra versão."):
            return None
        try:
            done = profile_versions.adopt(self.actor, self.path, day)
        except (DomainError, ProfileError) as exc:  # changed since the preview: refused
            self._refused(str(exc))
            return None
        self.adopted = done
        self.accept()
        return done

    def done_text(self) -> str:
        done = self.adopted
        return (f"Versão {done['number']} das regras adotada ({done['name']}), em vigor a "
                f"partir de {format_date(done['effective_from'])}." if done else "")
