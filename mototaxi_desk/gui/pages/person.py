"""Atendimento: the person's record (prontuário) — who they are, permit and validity, stand,
vehicle, what is due, what is owed, applications, inspections and history — the screen most
visits are served from. The actions that apply right now are buttons (renew, second copy,
pay, defence, change stand, photo, new application, the LGPD export); which are enabled, and
why not, comes from services.counter, and each service has the last word."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QPushButton, QTabWidget, QVBoxLayout,
                               QWidget)

from ...domain.errors import DomainError
from ...domain.money import format_money
from ...domain.validators import format_date
from ...services import counter, persons, records
from ...services.context import Actor
from .. import labels, prompts
from ..models.dict_table import Column, DictTableModel
from ..widgets.common import STATUS_COLOURS, badge, heading, table_view

PHOTO_W, PHOTO_H = 90, 120  # 3×4


class PersonPage(QWidget):
    title = "Atendimento"

    def __init__(self, actor: Actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.person_id: int | None = None
        self.record: dict | None = None
        self.available: dict = {}
        self.form = None            # the action form open now (tests drive it)
        layout = QVBoxLayout(self)
        self.header = QLabel("Busque uma pessoa (Ctrl+K) para abrir o prontuário.")
        self.header.setTextFormat(Qt.TextFormat.RichText)
        self.header.setWordWrap(True)
        self.photo = QLabel()
        self.photo.setFixedSize(PHOTO_W, PHOTO_H)
        self.photo.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.photo.setStyleSheet("border: 1px solid #999; background: #f4f4f4; color: #666;")
        self.photo.hide()
        layout.addWidget(heading("Atendimento — prontuário"))
        top = QHBoxLayout()
        top.addWidget(self.photo, 0, Qt.AlignmentFlag.AlignTop)
        top.addWidget(self.header, 1)
        layout.addLayout(top)
        self.badges = QHBoxLayout()
        self.badges.addStretch(1)
        layout.addLayout(self.badges)
        self.buttons: dict[str, QPushButton] = {}
        actions = QHBoxLayout()
        for key, text, slot in (("renew", "&Renovar…", self.renew),
                                ("second_copy", "2ª &via do cartão…", self.second_copy),
                                ("pay", "&Pagar…", self.pay),
                                ("defence", "&Defesa/recurso…", self.defence),
                                ("stand", "&Ponto…", self.change_stand),
                                ("photo", "&Foto…", self.load_photo),
                                ("new_application", "&Novo requerimento…",
                                 self.new_application),
                                ("export", "E&xportar dados…", self.export_data)):
            button = QPushButton(text)
            button.setEnabled(False)
            button.clicked.connect(lambda _=False, s=slot: s())
            self.buttons[key] = button
            actions.addWidget(button)
        self.new_application_button = self.buttons["new_application"]
        actions.addStretch(1)
        layout.addLayout(actions)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.hide()
        layout.addWidget(self.message)
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
        self.say("")
        self.refresh()

    def new_application(self, app_type: str | None = None):
        from ..dialogs.new_application import NewApplicationWizard
        if self.person_id is None:
            return None
        wizard = NewApplicationWizard(self.actor, person_id=self.person_id, app_type=app_type,
                                      parent=self)
        wizard.finished.connect(lambda *_: self.refresh())
        self.form = wizard
        wizard.open()
        return wizard

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
        self.record = record
        self._show_photo(record["person"]["has_photo"])
        self._enable_actions()

    # --- the actions that apply now -----------------------------------------------------------
    def _enable_actions(self) -> None:
        self.available = counter.actions(self.actor, self.person_id)
        for key, button in self.buttons.items():
            state = self.available[key]
            button.setEnabled(state["enabled"])
            button.setToolTip("" if state["enabled"] else state["why"])
        renew = self.available["renew"]
        self.buttons["renew"].setText("&Renovar…" if renew.get("direct", True) else
                                      "&Renovar (requerimento)…")
        placed = any(p["stand_number"] for p in self._permit_rows()
                     if p["id"] in self.available["stand"].get("permit_ids", []))
        self.buttons["stand"].setText("Mudar de &ponto…" if placed else "Vincular a &ponto…")

    def _open(self, form):
        """Open an action form beside the record; when it succeeds, say so and reload."""
        self.form = form
        form.accepted.connect(lambda: self._done(form))
        form.open()
        return form

    def _done(self, form) -> None:
        self.refresh()
        text = getattr(form, "done_text", "")
        if text:
            self.say(text, ok=True)

    def say(self, text: str, ok: bool = False) -> None:
        self.message.setStyleSheet(f"color: {'#1b5e20' if ok else '#b71c1c'}; "
                                   "font-weight: bold;")
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def _permit_rows(self) -> list[dict]:
        return self.record["permits"] if self.record else []

    def renew(self):
        state = self.available.get("renew", {})
        if not state.get("enabled"):
            return None
        if not state["direct"]:  # the clerk files the renewal; the supervisor decides it
            return self.new_application("renewal")
        from ..dialogs.counter_actions import renew_form
        return self._open(renew_form(self.actor, self._permit_rows(), state["permit_ids"],
                                     self))

    def second_copy(self):
        state = self.available.get("second_copy", {})
        if not state.get("enabled"):
            return None
        from ..dialogs.counter_actions import second_copy_form
        form = second_copy_form(self.actor, self._permit_rows(), state["permit_ids"], self)
        form.accepted.connect(lambda: self._printed(form.result_value))
        return self._open(form)

    def _printed(self, result: dict) -> None:
        fee = result.get("fee")
        copy = result["copies"][0]["copy"]
        self.say(f"Cartão impresso ({copy}ª via)" + (f"; lançada a taxa de "
                                                     f"{fee['amount_text']}." if fee else "."),
                 ok=True)
        prompts.show_preview(self, result)

    def export_data(self, folder: str | None = None) -> dict | None:
        """LGPD Art. 18 II: everything held about the person, as JSON and PDF, in a folder
        the supervisor chooses (e.g. a pen drive handed to the person); audited."""
        if not self.available.get("export", {}).get("enabled"):
            return None
        if folder is None:
            from PySide6.QtCore import QStandardPaths
            from PySide6.QtWidgets import QFileDialog
            start = QStandardPaths.writableLocation(
                QStandardPaths.StandardLocation.DocumentsLocation)
            folder = QFileDialog.getExistingDirectory(
                self, "Pasta para os dados da pessoa (LGPD)", start)
            if not folder:
                return None
        from ...services import privacy
        try:
            result = privacy.write_export(self.actor, self.record["person"]["cpf"], folder)
        except DomainError as exc:
            self.say(str(exc))
            return None
        self.refresh()  # the export is in the history now
        total = sum(result["counts"].values())
        self.say(f"Dados de {result['name']} exportados ({total} registros): "
                 f"{result['pdf']} e {result['json']}.", ok=True)
        return result

    def pay(self):
        state = self.available.get("pay", {})
        if not state.get("enabled"):
            return None
        from ..dialogs.counter_actions import pay_form
        return self._open(pay_form(self.actor, state["debts"], self))

    def defence(self):
        state = self.available.get("defence", {})
        if not state.get("enabled"):
            return None
        from ..dialogs.counter_actions import defence_form
        notices = [n for n in self.ledger_tab.data["notices"] if n["id"] in state["notice_ids"]]
        return self._open(defence_form(self.actor, notices, self))

    def change_stand(self, permit_id: int | None = None):
        state = self.available.get("stand", {})
        if not state.get("enabled"):
            return None
        from ..dialogs.stand_place import place_form
        ids = state["permit_ids"]
        permit = next(p for p in self._permit_rows() if p["id"] == (permit_id or ids[0]))
        return self._open(place_form(self.actor, permit, self))

    def load_photo(self, path: str | None = None):
        """Choose a file (or `path`), then frame the 3×4 photo and save it."""
        from ..dialogs.photo_crop import PhotoCropDialog, choose_photo, read_image
        if self.person_id is None:
            return None
        if path is None:
            dialog = choose_photo(self.actor, self.person_id, self)
        else:
            dialog = PhotoCropDialog(self.actor, self.person_id, read_image(path), self)
            dialog.open()
        if dialog is not None:
            self.form = dialog
            dialog.accepted.connect(lambda: (self.refresh(), self.say("Foto salva.", ok=True)))
        return dialog

    def _show_photo(self, has_photo: bool) -> None:
        self.photo.show()
        blob = persons.photo(self.person_id) if has_photo else None
        pixmap = QPixmap()
        if blob and pixmap.loadFromData(blob):
            self.photo.setPixmap(pixmap.scaled(PHOTO_W, PHOTO_H,
                                               Qt.AspectRatioMode.KeepAspectRatio,
                                               Qt.TransformationMode.SmoothTransformation))
        else:
            self.photo.setPixmap(QPixmap())
            self.photo.setText("sem foto\n(3×4)")

    def _badges(self, record: dict) -> None:
        while self.badges.count() > 1:
            widget = self.badges.takeAt(0).widget()
            widget.hide()  # out of the layout at once, even before it is deleted
            widget.deleteLater()
        for permit in record["permits"]:
            self.badges.insertWidget(self.badges.count() - 1, badge(
                f"Permissão {permit['order_text']}: {permit['status_label']}", permit["status"]))
        overdue = sum(1 for d in record["due"] if d["urgency"] == "overdue")
        if overdue:
            self.badges.insertWidget(self.badges.count() - 1,
                                     badge(f"{overdue} prazo(s) vencido(s)", "overdue"))


def _fee_status(status) -> str:
    return {"open": "Em aberto", "paid": "Paga", "cancelled": "Cancelada"}.get(status, status)

