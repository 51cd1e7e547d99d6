"""Recadastramento (issue 21 item 2): create a campaign, follow who is due, came or missed on
a date, record who came, and print the month's call letters (print preview). A list-shaped
window built in code, opened from Relatórios; the rules are services/messaging/campaigns.py's."""
from __future__ import annotations


from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout,
                               QLabel, QLineEdit, QPushButton, QSpinBox, QVBoxLayout)

from ...domain.errors import DomainError
from ...services.messaging import campaigns
from ...services import documents, permissions
from .. import prompts
from ..models.dict_table import Column, DictTableModel
from ..widgets.common import AMBER, GREEN, GREY, RED, heading, table_view
from ..widgets.dates import DateField
from ...domain import wallclock

STATUS_TONES = {"came": GREEN, "due": AMBER, "missed": RED, "later": None, "unscheduled": GREY}
FILTERS = (("", "Todos"), ("due", "Chamados neste mês"), ("came", "Compareceram"),
           ("missed", "Faltaram"), ("later", "Ainda não chamados"))


class NewCampaignDialog(QDialog):
    """Name, year, criterion, schedule and act of a new campaign."""

    def __init__(self, actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.created: dict | None = None
        self.setWindowTitle("Nova campanha de recadastramento")
        form = QFormLayout(self)
        self.name = QLineEdit(f"Recadastramento {wallclock.today().year}")
        self.year = QSpinBox()
        self.year.setRange(2000, 2100)
        self.year.setValue(wallclock.today().year)
        self.kind = QComboBox()
        self.kind.addItem("Final da placa", "plate_digit")
        self.kind.addItem("Faixas de nº de alvará", "permit_range")
        self.schedule = QLineEdit()
        self.schedule.setPlaceholderText("vazio: final 1 em fevereiro … final 0 em novembro")
        self.act = QLineEdit()
        self.error = QLabel()
        self.error.setStyleSheet("color: #b00020")
        self.error.setWordWrap(True)
        for label, widget in (("&Nome:", self.name), ("&Ano:", self.year),
                              ("&Critério:", self.kind), ("Ca&lendário:", self.schedule),
                              ("A&to (decreto, portaria):", self.act)):
            text = QLabel(label)
            text.setBuddy(widget)
            form.addRow(text, widget)
        form.addRow(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok |
                                   QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Criar")
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText("Cancelar")
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.kind.currentIndexChanged.connect(self._kind_changed)

    def _kind_changed(self) -> None:
        self.schedule.setPlaceholderText(
            "vazio: final 1 em fevereiro … final 0 em novembro"
            if self.kind.currentData() == "plate_digit" else "ex.: 1-50:3, 51-100:4")

    def save(self) -> None:
        try:
            self.created = campaigns.create(
                self.actor, name=self.name.text(), year=self.year.value(),
                kind=self.kind.currentData(), schedule=self.schedule.text(),
                act_number=self.act.text())
        except DomainError as exc:
            self.error.setText(str(exc))
            return
        self.accept()


class CampaignsDialog(QDialog):
    def __init__(self, actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.result_data: dict | None = None
        self.setWindowTitle("Recadastramento")
        self.resize(1000, 600)
        layout = QVBoxLayout(self)
        layout.addWidget(heading("Recadastramento"))
        bar = QHBoxLayout()
        self.campaign = QComboBox()
        self.on = DateField(label="Situação em")
        self.on.set_value(wallclock.today())
        self.only = QComboBox()
        for code, label in FILTERS:
            self.only.addItem(label, code)
        self.new_button = QPushButton("&Nova campanha…")
        self.new_button.setVisible(permissions.can(actor, "campaign.create"))
        campaign_label = QLabel("&Campanha:")
        campaign_label.setBuddy(self.campaign)
        for widget in (campaign_label, self.campaign, QLabel("Situação em:"), self.on,
                       self.only):
            bar.addWidget(widget)
        bar.addStretch(1)
        bar.addWidget(self.new_button)
        layout.addLayout(bar)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.model = DictTableModel(
            [Column("order_text", "Permissão"), Column("plate", "Placa"),
             Column("person_name", "Permissionário"), Column("month_label", "Mês"),
             Column("status_label", "Situação"),
             Column("came_on", "Compareceu em")],
            colour_of=lambda row: STATUS_TONES.get(row["status"]))
        self.view = table_view(self.model)
        layout.addWidget(self.view, 1)
        actions = QHBoxLayout()
        self.attend_button = QPushButton("&Registrar comparecimento")
        self.attend_button.setVisible(permissions.can(actor, "campaign.attend"))
        self.letters_button = QPushButton("Cartas de convocação do &mês…")
        close = QPushButton("Fechar")
        actions.addStretch(1)
        for button in (self.attend_button, self.letters_button, close):
            actions.addWidget(button)
        layout.addLayout(actions)
        self.campaign.currentIndexChanged.connect(lambda *_: self.refresh())
        self.only.currentIndexChanged.connect(lambda *_: self.refresh())
        self.on.editor.editingFinished.connect(self.refresh)
        self.new_button.clicked.connect(self.new_campaign)
        self.attend_button.clicked.connect(self.attend_selected)
        self.letters_button.clicked.connect(self.letters)
        close.clicked.connect(self.accept)
        self.load_campaigns()

    def load_campaigns(self, select: int | None = None) -> None:
        self.campaign.blockSignals(True)
        self.campaign.clear()
        for row in campaigns.list_campaigns():
            self.campaign.addItem(f"{row['name']} ({row['year']}) — por {row['kind_label']}",
                                  row["id"])
        if select is not None:
            self.campaign.setCurrentIndex(self.campaign.findData(select))
        self.campaign.blockSignals(False)
        self.refresh()

    def refresh(self) -> None:
        has = self.campaign.count() > 0
        for button in (self.attend_button, self.letters_button):
            button.setEnabled(has)
        if not has:
            self.model.set_rows([])
            self.summary.setText("Nenhuma campanha de recadastramento."
                                 + (" Crie uma em “Nova campanha…”."
                                    if self.new_button.isVisible() else ""))
            return
        on = self.on.date() or wallclock.today()
        try:
            data = campaigns.status(self.campaign.currentData(), on=on,
                                    only=self.only.currentData() or None)
        except DomainError as exc:
            self.summary.setText(str(exc))
            return
        self.result_data = data
        rows = [{**r, "came_on": f"{r['came_on']:%d/%m/%Y}" if r["came_on"] else ""}
                for r in data["rows"]]
        self.model.set_rows(rows)
        c, counts, rule = data["campaign"], data["counts"], data["missed_rule"]
        article = f" ({rule['article']})" if rule["article"] else ""
        self.summary.setText(
            f"<b>{c['name']}</b> ({c['year']}) em {on:%d/%m/%Y}: "
            f"{counts['due']} chamado(s) neste mês, {counts['came']} compareceram, "
            f"{counts['missed']} faltaram, {counts['later']} ainda não chamados. "
            f"Falta: {rule['label']}{article}.<br>Calendário: "
            + "; ".join(c["schedule_lines"]))

    def new_campaign(self) -> None:
        dialog = NewCampaignDialog(self.actor, self)
        created = dialog.created if dialog.exec() == QDialog.DialogCode.Accepted else None
        dialog.deleteLater()  # this window's child until then (gui/dialog_lifetime.py)
        if created:
            self.load_campaigns(select=created["id"])

    def attend_selected(self) -> None:
        index = self.view.currentIndex()
        if not index.isValid():
            prompts.inform(self, "Recadastramento", "Selecione o permissionário na lista.")
            return
        row = self.model.row(index.row())
        if not prompts.ask_yes_no(self, "Recadastramento",
                                  f"Registrar que {row['person_name']} (permissão nº "
                                  f"{row['order_text']}) compareceu e teve os dados "
                                  "conferidos hoje?"):
            return
        try:
            campaigns.attend(self.actor, self.campaign.currentData(), row["permit_id"],
                             on=wallclock.today())
        except DomainError as exc:
            prompts.inform(self, "Recadastramento", str(exc))
            return
        self.refresh()

    def letters(self) -> None:
        on = self.on.date() or wallclock.today()
        try:
            pdf, count = documents.print_campaign_letters(self.actor, self.campaign.currentData(),
                                                month=on.month, on=on)
        except DomainError as exc:
            prompts.inform(self, "Cartas de convocação", str(exc))
            return
        prompts.show_preview(self, {"document": "campaign_letter", "pdf": pdf,
                                    "label": f"Cartas de convocação ({count})",
                                    "reservation": None, "copies": []})
