"""Atendimento: the person's record (prontuário) — who they are, permit and validity, stand,
vehicle, what is due, what is owed, applications, inspections and history — the screen most
visits are served from."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QPushButton, QTabWidget, QVBoxLayout,
                               QWidget)

from ...domain.money import format_money
from ...domain.validators import format_date
from ...services import records
from ...services.context import Actor
from .. import labels
from ..models.dict_table import Column, DictTableModel
from ..widgets.common import STATUS_COLOURS, badge, heading, table_view

class PersonPage(QWidget):
    title = "Atendimento"

    def __init__(self, actor: Actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.person_id: int | None = None
        layout = QVBoxLayout(self)
        self.header = QLabel("Busque uma pessoa (Ctrl+K) para abrir o prontuário.")
        self.header.setTextFormat(Qt.TextFormat.RichText)
        self.header.setWordWrap(True)
        layout.addWidget(heading("Atendimento — prontuário"))
        layout.addWidget(self.header)
        self.badges = QHBoxLayout()
        self.badges.addStretch(1)
        self.new_application_button = QPushButton("&Novo requerimento…")
        self.new_application_button.setEnabled(False)
        self.new_application_button.clicked.connect(self.new_application)
        actions = QHBoxLayout()
        actions.addLayout(self.badges, 1)
        actions.addWidget(self.new_application_button)
        layout.addLayout(actions)
        self.tabs = QTabWidget()
        self._models: list[DictTableModel] = []
        self._titles: list[str] = []
        layout.addWidget(self.tabs, 1)
        self.permits = self._tab("Permissões", [
            Column("order_text", "Nº"), Column("status_label", "Situação"),
            Column("valid_until", "Validade"),
            Column("stand_number", "Ponto", lambda n: f"Ponto {n:02d}" if n else "—"),
            Column("plate", "Placa"), Column("issued_on", "Expedição")],
            colour_of=lambda r: STATUS_COLOURS.get(r["status"]))
        self.due = self._tab("Prazos", [
            Column("due_date", "Data"), Column("label", "O quê"), Column("article", "Artigo")],
            colour_of=lambda r: STATUS_COLOURS[r["urgency"]])
        self.fees = self._tab("Débitos e taxas", [
            Column("label", "Taxa"), Column("units_text", "Unidades"),
            Column("amount_text", "Valor"), Column("status", "Situação", _fee_status),
            Column("paid_on", "Pago em"), Column("article", "Artigo")],
            colour_of=lambda r: STATUS_COLOURS.get(r["status"]))
        self.vehicles = self._tab("Veículos", [
            Column("plate_original", "Placa"), Column("make", "Marca"), Column("model", "Modelo"),
            Column("manufacture_year", "Ano"), Column("cc", "cc"),
            Column("age_limit", "Vida útil até"), Column("insurance_expiry", "Seguro até")])
        self.applications = self._tab("Requerimentos", [
            Column("protocol", "Protocolo"), Column("type_label", "Tipo"),
            Column("status_label", "Situação"), Column("filed_at", "Protocolado em")])
        self.inspections = self._tab("Vistorias", [
            Column("inspected_on", "Data"),
            Column("kind", "Tipo", lambda k: labels.INSPECTION_KINDS.get(k, k)),
            Column("approved", "Aprovada"), Column("valid_until", "Válida até"),
            Column("sticker_serial", "Selo")])
        from .person_ledger import PersonLedgerTab  # issue 6 item 4: the ledger
        self.ledger_tab = PersonLedgerTab(actor)
        self.ledger_tab.changed.connect(self.refresh)
        self.ledger_tab_index = self.tabs.addTab(self.ledger_tab, "Infrações")
        self.history = self._tab("Histórico", [
            Column("at", "Quando"), Column("action", "Ação"), Column("entity", "Registro"),
            Column("entity_id", "Nº")])

    def _tab(self, title: str, columns, colour_of=None) -> DictTableModel:
        model = DictTableModel(columns, colour_of=colour_of, parent=self)
        self.tabs.addTab(table_view(model), title)
        self._models.append(model)
        self._titles.append(title)
        return model

    def open_person(self, person_id: int) -> None:
        self.person_id = person_id
        self.new_application_button.setEnabled(
            self.actor.role in ("atendente", "supervisor", "admin"))
        self.refresh()

    def new_application(self) -> None:
        from ..dialogs.new_application import NewApplicationWizard
        if self.person_id is not None:
            NewApplicationWizard(self.actor, person_id=self.person_id, parent=self).exec()
            self.refresh()

    def refresh(self) -> None:
        if self.person_id is None:
            return
        record = records.person_record(self.actor, self.person_id)
        person = record["person"]
        cnh = record["cnh"]
        cnh_text = ("sem CNH registrada" if cnh is None else
                    f"CNH {cnh['number']} cat. {cnh['category']}, validade "
                    f"{format_date(cnh['expiry_date'])}" + (" — <b>VENCIDA</b>"
                                                            if cnh["expired"] else ""))
        self.header.setText(
            f"<h2 style='margin:0'>{person['name']}</h2>"
            f"CPF {person['cpf_text']} · RG {person['rg'] or '—'} · nascimento "
            f"{format_date(person['birth_date']) or '—'} · sangue {person['blood'] or '—'}<br>"
            f"{cnh_text}<br>Em aberto: <b>{format_money(record['open_amount_cents'])}</b>"
            f" (taxas {format_money(record['open_fees_cents'])} · multas e despesas "
            f"{format_money(record['open_penalties_cents'])})")
        self._badges(record)
        for model, key in ((self.permits, "permits"), (self.due, "due"), (self.fees, "fees"),
                           (self.vehicles, "vehicles"), (self.applications, "applications"),
                           (self.inspections, "inspections")):
            model.set_rows(record[key])
            index = self._models.index(model)
            self.tabs.setTabText(index, f"{self._titles[index]} ({len(record[key])})")
        self.tabs.setTabText(self.ledger_tab_index, "Infrações "
                             f"({self.ledger_tab.set_person(self.person_id)})")
        self.history.set_rows([{**h, "action": labels.audit_action(h["action"]),
                                "entity": labels.entity(h["entity"])}
                               for h in record["history"]])

    def _badges(self, record: dict) -> None:
        while self.badges.count() > 1:
            item = self.badges.takeAt(0)
            item.widget().deleteLater()
        for permit in record["permits"]:
            self.badges.insertWidget(self.badges.count() - 1, badge(
                f"Permissão {permit['order_text']}: {permit['status_label']}", permit["status"]))
        overdue = sum(1 for d in record["due"] if d["urgency"] == "overdue")
        if overdue:
            self.badges.insertWidget(self.badges.count() - 1,
                                     badge(f"{overdue} prazo(s) vencido(s)", "overdue"))


def _fee_status(status) -> str:
    return {"open": "Em aberto", "paid": "Paga", "cancelled": "Cancelada"}.get(status, status)

