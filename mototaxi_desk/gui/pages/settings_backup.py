"""Configurações → Cópias de segurança (administrators only): when the last copy was made and
where the copies are, the list of copies, a copy now, a restore (confirmed; the program then
closes, since every screen and the logged-in user belong to the replaced database) and the
rotation settings. Copies and restores run off the GUI thread; the services do the work."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (QCheckBox, QFileDialog, QFormLayout, QGroupBox,
                               QHBoxLayout, QLabel, QPushButton, QSpinBox,
                               QVBoxLayout, QWidget)

from ...domain.errors import DomainError
from ... import settings_registry
from ...services.administration import backups
from ...services.context import Actor
from ...store import pgdump
from ...store.connection import StoreError
from .. import prompts
from ..models.dict_table import Column, DictTableModel
from ..widgets.common import AMBER, GREEN, table_view
from ..workers import run_in_background
from ...domain import wallclock

OLD_AFTER = dt.timedelta(days=2)  # the last copy is shown in amber after this


def size_text(size: int) -> str:
    if size < 1024 * 1024:
        return f"{max(1, round(size / 1024))} KB"
    return f"{size / (1024 * 1024):.1f} MB".replace(".", ",")


def age_text(when: dt.datetime, now: dt.datetime) -> str:
    minutes = int((now - when).total_seconds() // 60)
    if minutes < 1:
        return "agora há pouco"
    if minutes < 60:
        return f"há {minutes} minuto{'s' if minutes > 1 else ''}"
    if minutes < 48 * 60:
        hours = minutes // 60
        return f"há {hours} hora{'s' if hours > 1 else ''}"
    return f"há {minutes // (24 * 60)} dias"


class BackupTab(QWidget):
    def __init__(self, actor: Actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.busy = False
        self._job = None
        self.info: dict = {}
        layout = QVBoxLayout(self)
        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.summary)

        self.model = DictTableModel(
            [Column("taken_at", "Data e hora"), Column("kind_label", "Tipo"),
             Column("bytes", "Tamanho", size_text), Column("name", "Arquivo")], parent=self)
        self.view = table_view(self.model)
        layout.addWidget(self.view, 1)

        buttons = QHBoxLayout()
        self.backup_button = QPushButton("Fazer cópia agora")
        self.backup_button.clicked.connect(self.backup_now)
        self.restore_selected = QPushButton("Restaurar a selecionada...")
        self.restore_selected.clicked.connect(self.restore_selected_copy)
        self.restore_other = QPushButton("Restaurar de outro arquivo...")
        self.restore_other.clicked.connect(self.choose_and_restore)
        self.open_folder = QPushButton("Abrir a pasta das cópias")
        self.open_folder.clicked.connect(self._open_folder)
        for button in (self.backup_button, self.restore_selected, self.restore_other):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.open_folder)
        layout.addLayout(buttons)

        rotation = QGroupBox("Quantas cópias guardar")
        form = QFormLayout(rotation)
        self.keep_daily = QSpinBox()
        self.keep_daily.setRange(1, 366)
        self.keep_daily.setSuffix(" dias")
        self.keep_monthly = QSpinBox()
        self.keep_monthly.setRange(0, 120)
        self.keep_monthly.setSuffix(" meses")
        self.automatic = QCheckBox("Fazer uma cópia ao abrir o programa quando a última tiver "
                                   "mais de 24 horas")
        self.save_button = QPushButton("Salvar")
        self.save_button.clicked.connect(self.save_settings)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        form.addRow("Uma cópia por dia, dos últimos:", self.keep_daily)
        form.addRow("Depois, uma por mês, dos:", self.keep_monthly)
        form.addRow(self.automatic)
        save_row = QHBoxLayout()
        save_row.addWidget(self.save_button)
        save_row.addStretch(1)
        form.addRow(save_row)
        self.keep_daily.setMinimumWidth(110)
        self.keep_monthly.setMinimumWidth(110)
        for widget, name in ((self.keep_daily, "keep_daily"), (self.keep_monthly, "keep_monthly"),
                             (self.automatic, "automatic")):  # backup.json, and who changes it
            widget.setToolTip(settings_registry.tooltip(settings_registry.BACKUP_JSON, name))
        layout.addWidget(rotation)
        self.message = QLabel()
        self.message.setWordWrap(True)
        layout.addWidget(self.message)

    # --- showing ---------------------------------------------------------------------------

    def showEvent(self, event) -> None:  # noqa: N802 (Qt API): fresh each time it is shown
        super().showEvent(event)
        if not self.busy:
            self.refresh()

    def refresh(self) -> None:
        self.info = backups.status()
        info, now = self.info, wallclock.now()
        sqlite = info["engine"] == "sqlite"
        if not sqlite:
            self.summary.setText(
                "<b>Banco PostgreSQL.</b> As cópias do servidor são tarefa do administrador do "
                "servidor. <b>Fazer cópia agora</b> executa o pg_dump deste computador e grava "
                f"o arquivo em <code>{info['folder']}</code>"
                + ("." if info["pg_dump"] else
                   " — mas o pg_dump não foi encontrado aqui; instale o cliente do PostgreSQL.")
                + "<br>Restauração: " + pgdump.how_to_restore(None))
            self.summary.setStyleSheet("")
        elif info["last"] is None:
            self.summary.setText(self._where("<b>Nenhuma cópia de segurança ainda.</b> "
                                             "Faça uma agora."))
            self.summary.setStyleSheet(f"background: {AMBER}; padding: 6px;")
        else:
            last = info["last"]
            old = now - last > OLD_AFTER
            self.summary.setText(self._where(
                f"<b>Última cópia: {last:%d/%m/%Y %H:%M}</b> ({age_text(last, now)})"
                + (" — <b>antiga</b>: faça uma cópia agora." if old else ".")))
            self.summary.setStyleSheet(f"background: {AMBER if old else GREEN}; padding: 6px;")
        self.model.set_rows(info["copies"])
        self.view.setVisible(sqlite)
        self.restore_selected.setEnabled(sqlite and bool(info["copies"]))
        self.restore_other.setEnabled(sqlite)
        retention = info["retention"]
        self.keep_daily.setValue(retention.keep_daily)
        self.keep_monthly.setValue(retention.keep_monthly)
        self.automatic.setChecked(retention.automatic)
        if info["copies"] and self.view.currentIndex().row() < 0:
            self.view.selectRow(0)

    def _where(self, first: str) -> str:
        info = self.info
        return (f"{first}<br>Banco de dados: <code>{info['database']}</code><br>"
                f"Pasta das cópias: <code>{info['folder']}</code> — "
                f"{len(info['copies'])} cópia(s).")

    def _open_folder(self) -> None:
        folder = Path(self.info.get("folder") or "")
        folder.mkdir(parents=True, exist_ok=True)
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))

    def _ok(self, text: str) -> None:
        self.message.setStyleSheet("color: #1b5e20;")
        self.message.setText(text)

    def _error(self, text: str) -> None:
        self.message.setStyleSheet("color: #c62828; font-weight: bold;")
        self.message.setText(text)

    def _set_busy(self, busy: bool, text: str = "") -> None:
        self.busy = busy
        for button in (self.backup_button, self.restore_selected, self.restore_other,
                       self.save_button):
            button.setEnabled(not busy)
        if busy:
            self.message.setStyleSheet("")
            self.message.setText(text)
        else:
            self.refresh()

    def _failed(self, exc: Exception) -> None:
        self._set_busy(False)
        known = isinstance(exc, (DomainError, StoreError))
        self._error(str(exc) if known else f"Erro inesperado: {exc}. Veja o registro.")

    # --- actions ---------------------------------------------------------------------------

    def backup_now(self) -> None:
        if self.busy:
            return
        self._set_busy(True, "Fazendo a cópia de segurança...")
        actor = self.actor
        self._job = run_in_background(lambda: backups.make_backup(actor), self._backup_done,
                                      self._failed)

    def _backup_done(self, result: dict) -> None:
        self._set_busy(False)
        removed = (f" {len(result['removed'])} cópia(s) antiga(s) removida(s) pela rotação."
                   if result["removed"] else "")
        self._ok(f"Cópia gravada em {result['path']} ({size_text(result['bytes'])}, "
                 f"{result['seconds']:.1f} s).{removed}".replace(".0 s", " s"))

    def restore_selected_copy(self) -> None:
        row = self.view.currentIndex().row()
        if not 0 <= row < len(self.model.rows):
            self._error("Selecione na lista a cópia a restaurar.")
            return
        copy = self.model.row(row)
        self.restore_file(copy["path"], f"a cópia de {copy['taken_at']:%d/%m/%Y %H:%M} "
                                        f"({copy['kind_label'].lower()})")

    def choose_and_restore(self) -> None:
        name, _ = QFileDialog.getOpenFileName(
            self, "Escolha a cópia de segurança", str(self.info.get("folder", "")),
            "Cópias do Mototáxi Desk (*.db);;Todos os arquivos (*)")
        if name:
            self.restore_file(Path(name), f"o arquivo {name}")

    def restore_file(self, path: Path, description: str) -> None:
        if self.busy:
            return
        if not prompts.ask_yes_no(
                self, "Restaurar cópia de segurança",
                f"Restaurar {description}?\n\nO banco de dados atual será substituído por ela "
                "(ele é guardado antes na pasta das cópias). Tudo o que foi feito depois da "
                "cópia deixa de aparecer. Depois da restauração o programa fecha; abra-o de "
                "novo e entre com um usuário da cópia."):
            return
        self._set_busy(True, "Conferindo e restaurando a cópia...")
        actor, database = self.actor, self.info["database"]
        self._job = run_in_background(lambda: backups.restore(actor, database, Path(path)),
                                      self._restore_done, self._failed)

    def _restore_done(self, result: dict) -> None:
        self._set_busy(False)
        text = (f"Cópia restaurada: {result['municipio']}/{result['uf']}. O banco anterior foi "
                f"guardado em {result['kept']}." if result["kept"] else
                f"Cópia restaurada: {result['municipio']}/{result['uf']}.")
        if result.get("warnings"):
            text += ("\n\nA cópia já tinha estes avisos (rode a verificação): "
                     + " ".join(result["warnings"][:3]))
        self._ok(text)
        prompts.inform(self, "Cópia restaurada", f"{text}\n\nO programa será fechado agora. "
                                                 "Abra-o de novo e entre com seu usuário.")
        prompts.close_program()

    def save_settings(self) -> None:
        try:
            saved = backups.set_retention(self.actor, self.keep_daily.value(),
                                          self.keep_monthly.value(), self.automatic.isChecked())
        except (DomainError, StoreError) as exc:
            self._error(str(exc))
            return
        self.refresh()
        self._ok(f"Configuração salva: uma cópia por dia dos últimos {saved['keep_daily']} dias "
                 f"e uma por mês dos {saved['keep_monthly']} meses anteriores; cópia automática "
                 f"{'ligada' if saved['automatic'] else 'desligada'}.")


def add_backup_tab(page) -> BackupTab:
    """The hook in SettingsPage: the tab, and Ctrl+S saving its settings."""
    tab = BackupTab(page.actor)
    page.tabs.addTab(tab, "Cópias de segurança")
    page._save_actions[tab] = tab.save_settings
    return tab
