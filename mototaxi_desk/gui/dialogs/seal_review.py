"""The integrity banner's detail (issue 34): the rows changed outside the program, each with
what changed, and the administrator's two audited acts on one of them — accept it as it now
is, or put back the sealed values when the audit knows them (services/trust/seal_review.py)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QLabel, QLineEdit, QListWidget,
                               QListWidgetItem, QPushButton, QVBoxLayout)

from ...services.trust import seal_review
from ...services.context import Actor
from ..widgets.ledger_view import ActionForm


class SealReviewDialog(QDialog):
    def __init__(self, actor: Actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.changed_something = False
        self.setWindowTitle("Linhas alteradas fora do programa")
        self.setMinimumWidth(640)
        layout = QVBoxLayout(self)
        intro = QLabel("Estas linhas não conferem com o selo da trilha de auditoria: foram "
                       "alteradas por fora do programa (SQL direto no banco), e o programa "
                       "recusa qualquer ação sobre elas. Confira cada uma com quem a alterou "
                       "e <b>aceite-a como está</b> ou <b>restaure os valores selados</b>; "
                       "as duas ações ficam na auditoria com o motivo.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.rows = QListWidget()
        self.rows.setWordWrap(True)
        self.rows.currentItemChanged.connect(self._chosen)
        layout.addWidget(self.rows, 1)
        self.status = QLabel("Conferindo os selos…")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        buttons = QDialogButtonBox()
        self.accept_button = QPushButton("&Aceitar como está…")
        self.restore_button = QPushButton("&Restaurar valores selados…")
        for button in (self.accept_button, self.restore_button):
            button.setEnabled(False)
            buttons.addButton(button, QDialogButtonBox.ButtonRole.ActionRole)
        close = buttons.addButton("Fechar", QDialogButtonBox.ButtonRole.RejectRole)
        close.clicked.connect(self.reject)
        self.accept_button.clicked.connect(lambda: self.act("accept"))
        self.restore_button.clicked.connect(lambda: self.act("restore"))
        layout.addWidget(buttons)
        self.load()

    def load(self) -> None:
        from ..workers import run_in_background
        self.status.setText("Conferindo os selos…")
        self.rows.clear()
        self._job = run_in_background(seal_review.review, self.loaded,
                                      lambda exc: self.status.setText(
                                          f"A conferência não pôde rodar: {exc}"),
                                      interruptible=True)

    def loaded(self, rows: list) -> None:
        self.rows.clear()
        for row in rows:
            item = QListWidgetItem(f"{row['label']} — {row['changes']} (selo do registro de "
                                   f"auditoria nº {row['entry_id']})")
            item.setData(Qt.ItemDataRole.UserRole, row)
            self.rows.addItem(item)
        self.status.setText(f"{len(rows)} linha(s) a conferir." if rows else
                            "Nenhuma linha alterada fora do programa.")
        if rows:
            self.rows.setCurrentRow(0)
        self._chosen()

    def chosen(self) -> dict | None:
        item = self.rows.currentItem()
        return None if item is None else item.data(Qt.ItemDataRole.UserRole)

    def _chosen(self, *_args) -> None:
        row = self.chosen()
        self.accept_button.setEnabled(row is not None)
        self.restore_button.setEnabled(bool(row and row["restorable"]))

    def act(self, which: str) -> ActionForm | None:
        """The reason asked in a form; the act run when it is confirmed. Returns the form
        (opened, not waited for)."""
        row = self.chosen()
        if row is None:
            return None
        reason = QLineEdit()
        reason.setMaxLength(500)
        service = seal_review.accept if which == "accept" else seal_review.restore

        def submit(values):
            done = service(self.actor, row["word"], row["row_id"], values["reason"])
            self.changed_something = True
            return done
        title = "Aceitar a linha como está" if which == "accept" else \
            "Restaurar os valores selados"
        what = ("A linha fica como está e é selada de novo." if which == "accept" else
                "Os campos voltam aos valores selados, e a linha é selada de novo.")
        form = ActionForm(title, [("reason", "Motivo", reason)], submit,
                          confirm="Aceitar" if which == "accept" else "Restaurar",
                          parent=self, intro=f"<b>{row['label']}</b><br>{row['changes']}."
                                             f"<br>{what}")
        form.accepted.connect(self.load)
        form.open()
        return form
