"""Atendimento: the person's record (prontuário) — who they are, permit and validity, stand,
vehicle, what is due, what is owed, applications, inspections and history — the screen most
visits are served from. The actions that apply right now are buttons (renew, second copy,
pay, defence, change stand, photo, new application, the LGPD export); which are enabled, and
why not, comes from services.counter, and each service has the last word."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ...domain.errors import DomainError
from ...domain.money import format_money
from ...domain.validators import format_date
from ...services.views import records
from ...services import acts, permissions
from ...services.register import persons
from ...services.context import Actor
from ...services.record_words import FEE_STATUS
from .. import labels, prompts
from ..dialogs import record_items
from ..labels import instrument_words
from ..models.dict_table import Column, DictTableModel
from ..widgets.common import STATUS_COLOURS, badge, heading, open_rows, table_view
from ..widgets.fitting_tabs import fitting_tab_widget
from ..widgets.flow import FlowLayout

PHOTO_W, PHOTO_H = 90, 120  # 3×4


class PersonPage(QWidget):
    title = "Atendimento"
    new_person_asked = Signal()  # "Nova pessoa": the main window opens the form

    def __init__(self, actor: Actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.person_id: int | None = None
        self.record: dict | None = None
        self.available: dict = {}
        self.form = None            # the action form open now (tests drive it)
        self.preview = None  # the print preview last opened
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
        self.buttons: dict[str, QPushButton] = {}
        top = QHBoxLayout()
        top.addWidget(self.photo, 0, Qt.AlignmentFlag.AlignTop)
        top.addWidget(self.header, 1)
        layout.addLayout(top)
        self.badges = QHBoxLayout()
        self.badges.addStretch(1)
        layout.addLayout(self.badges)
        actions = FlowLayout()  # wraps at 1366×768, 125% (widgets/flow.py)
        # the person's own data beside the header, not in the row of actions (which must
        # fit 1366×768 at 125%)
        about = QVBoxLayout()
        for key, text, slot in (("edit", "&Editar cadastro…", self.edit_person),
                                ("cnh", "&CNH…", self.edit_cnh)):
            button = QPushButton(text)
            button.setObjectName(f"record_{key}_button")
            button.setEnabled(False)
            button.clicked.connect(lambda _=False, s=slot: s())
            self.buttons[key] = button
            about.addWidget(button)
        # someone not in the register yet: registered here (issue 36 item 2)
        self.new_person_button = QPushButton("Nova pe&ssoa…")
        self.new_person_button.setObjectName("record_new_person_button")
        self.new_person_button.setEnabled(permissions.can(actor, "person.register"))
        self.new_person_button.clicked.connect(lambda: self.new_person_asked.emit())
        about.addWidget(self.new_person_button)
        about.addStretch(1)
        top.addLayout(about)
        for key, text, slot in (("renew", acts.get("renew").menu_text, self.renew),
                                ("second_copy", "2ª &via do cartão…", self.second_copy),
                                ("pay", "&Pagar…", self.pay),
                                ("guia", "Emitir &guia…", self.issue_guia),
                                ("defence", "&Defesa/recurso…", self.defence),
                                ("stand", "P&onto…", self.change_stand),
                                ("photo", "&Foto…", self.load_photo),
                                ("new_application", "&Novo requerimento…",
                                 self.new_application),
                                ("export", "E&xportar dados…", self.export_data)):
            button = QPushButton(text)
            button.setObjectName(f"record_{key}_button")
            button.setEnabled(False)
            if key != "photo":  # the photo button opens its menu: camera or file
                button.clicked.connect(lambda _=False, s=slot: s())
            self.buttons[key] = button
            actions.addWidget(button)
        photo_menu = QMenu(self)
        photo_menu.addAction("&Tirar foto com a câmera…", lambda: self.take_photo())
        photo_menu.addAction("Escolher &arquivo…", lambda: self.load_photo())
        self.buttons["photo"].setMenu(photo_menu)
        self.new_application_button = self.buttons["new_application"]
        self._more_menu(actions)
        actions.addStretch(1)
        layout.addLayout(actions)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.hide()
        layout.addWidget(self.message)
        self.tabs = fitting_tab_widget()  # every tab in sight at 125% (widgets/fitting_tabs)
        self.views: dict[str, object] = {}
        self._models: list[DictTableModel] = []
        self._titles: list[str] = []
        layout.addWidget(self.tabs, 1)
        # issue 36: what the person needs next, each with its action — the first tab, shown
        # when a person is opened (widgets/next_steps_view.py)
        from ..widgets.next_steps_view import NextStepsView
        self.next_steps = NextStepsView()
        self.next_steps.activated.connect(self.open_step)
        self.tabs.addTab(self.next_steps, "Próximos passos")
        self._first_model_tab = self.tabs.count()
        self.permits = self._tab("permits", instrument_words()["titles"], [
            Column("order_text", "Nº"), Column("status_label", "Situação"),
            Column("valid_until", "Validade"),
            Column("stand_number", "Ponto", lambda n: f"Ponto {n:02d}" if n else "—"),
            Column("plate", "Placa"), Column("issued_on", "Expedição")],
            colour_of=lambda r: STATUS_COLOURS.get(r["status"]))
        self.due = self._tab("due", "Prazos", [
            Column("due_date", "Data"), Column("days_left", "Prazo", labels.deadline_words),
            Column("label", "O quê"), Column("article", "Artigo")],
            colour_of=lambda r: STATUS_COLOURS[r["urgency"]])
        self.fees = self._tab("fees", "Taxas", [
            Column("label", "Taxa"), Column("units_text", "Unidades"),
            Column("amount_text", "Valor"), Column("status", "Situação", _fee_status),
            Column("paid_on", "Pago em"), Column("article", "Artigo")],
            colour_of=lambda r: STATUS_COLOURS.get(r["status"]))
        self.vehicles = self._tab("vehicles", "Veículos", [
            Column("plate_original", "Placa"), Column("make", "Marca"), Column("model", "Modelo"),
            Column("manufacture_year", "Ano"), Column("cc", "cc"),
            Column("age_limit", "Vida útil até"), Column("insurance_expiry", "Seguro até")])
        from .person_vehicles import add_vehicle_actions  # "Cadastrar veículo" (issue 36)
        add_vehicle_actions(self)
        self.applications = self._tab("applications", "Requerimentos", [
            Column("protocol", "Protocolo"), Column("type_label", "Tipo"),
            Column("status_label", "Situação"), Column("filed_at", "Protocolado em")])
        self.inspections = self._tab("inspections", "Vistorias", [
            Column("inspected_on", "Data"),
            Column("kind", "Tipo", lambda k: labels.INSPECTION_KINDS.get(k, k)),
            Column("approved", "Aprovada"), Column("valid_until", "Válida até"),
            Column("sticker_serial", "Selo")])
        from .person_ledger import PersonLedgerTab  # issue 6 item 4: the ledger
        self.ledger_tab = PersonLedgerTab(actor)
        self.ledger_tab.changed.connect(self.refresh)
        self.ledger_tab_index = self.tabs.addTab(self.ledger_tab, "Infrações")
        self.history = self._tab("history", "Histórico", [
            Column("at", "Quando"), Column("action", "Ação"), Column("entity", "Registro"),
            Column("detail", "Detalhe")])

    def _tab(self, key: str, title: str, columns, colour_of=None) -> DictTableModel:
        """A tab whose table opens its row with Enter or a double click (open_item)."""
        model = DictTableModel(columns, colour_of=colour_of, parent=self)
        view = table_view(model)
        view.setObjectName(f"record_{key}_view")
        open_rows(view, lambda row, k=key: self.open_item(k, row))
        self.views[key] = view
        self.tabs.addTab(view, title)
        self._models.append(model)
        self._titles.append(title)
        return model

    # --- every tab opens its item (Enter or double click) ----------------------------------
    def open_item(self, key: str, row: int):
        """Open row `row` of tab `key` (permits, due, fees, vehicles, applications,
        inspections, history): its form where it has one, else a read-only look. The
        dialog opened is `self.form`."""
        model = {"permits": self.permits, "due": self.due, "fees": self.fees,
                 "vehicles": self.vehicles, "applications": self.applications,
                 "inspections": self.inspections, "history": self.history}[key]
        if self.record is None or not 0 <= row < len(model.rows):
            return None
        item = model.row(row)
        if key == "permits":
            return self._look(record_items.permit_detail(item, self))
        if key == "inspections":
            return self._look(record_items.inspection_detail(item, self))
        if key == "history":
            return self._look(record_items.history_detail(self.record["history"][row], self))
        if key == "vehicles":
            return self._open_vehicle(item["id"])
        if key == "applications":
            from ..dialogs.application_detail import ApplicationDetailDialog
            dialog = ApplicationDetailDialog(self.actor, item["id"], self)
            dialog.finished.connect(lambda *_: self.refresh())
            return self._look(dialog)
        if key == "fees":
            return self._open_fee(item)
        return self._open_due(item)

    def _look(self, dialog):
        self.form = dialog
        dialog.open()
        return dialog

    def _open_vehicle(self, vehicle_id: int):
        from ..dialogs.vehicle_form import VehicleForm
        form = VehicleForm(self.actor, vehicle_id, parent=self)
        form.done_text = "Veículo atualizado."
        return self._open(form)

    def _open_fee(self, fee: dict):
        """An open fee opens the payment with it chosen; a settled one says how it ended."""
        debts = self.available.get("pay", {}).get("debts", [])
        if fee["status"] == "open" and self.available.get("pay", {}).get("enabled"):
            from ..dialogs.counter_actions import pay_form
            form = pay_form(self.actor, debts, self)
            combo = form.widget("debt")
            for i, debt in enumerate(debts):
                if debt["source"] == "fee" and debt["id"] == fee["id"]:
                    combo.setCurrentIndex(i)
            return self._open(form)
        rows = [("Taxa", fee["label"]), ("Artigo", fee.get("article")),
                ("Valor", fee["amount_text"]), ("Situação", _fee_status(fee["status"])),
                ("Pago em", fee.get("paid_on")), ("Recibo", fee.get("receipt")),
                ("Motivo do cancelamento", fee.get("cancel_reason"))]
        return self._look(record_items.DetailDialog(f"Taxa — {fee['label']}", rows,
                                                    parent=self))

    def _open_due(self, item: dict):
        """A deadline opens what it is about: the permit, the vehicle, the CNH, the notice."""
        entity = item.get("entity")
        if entity == "vehicle":
            return self._open_vehicle(int(item["entity_id"]))
        if entity == "person" and item.get("kind") == "cnh" and \
                int(item["entity_id"]) == self.person_id:
            return self.edit_cnh()
        if entity in ("infraction_notice", "notice"):
            dialog = self.ledger_tab.open_notice(int(item["entity_id"]))
            self.form = dialog
            return dialog
        permit_id = item.get("permit_id")
        permit = next((p for p in self._permit_rows() if p["id"] == permit_id), None)
        if permit is not None:
            return self._look(record_items.permit_detail(permit, self))
        rows = [("Prazo", item["label"]), ("Data", item["due_date"]),
                ("Artigo", item.get("article"))]
        return self._look(record_items.DetailDialog(item["label"], rows, parent=self))

    def open_person(self, person_id: int) -> None:
        self.person_id = person_id
        self.say("")
        self.refresh()
        self.tabs.setCurrentWidget(self.next_steps)  # the next step first (issue 36)

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
        # the record, its buttons, next steps: one reading (what the login's warm-up reads)
        opened = records.prontuario(self.actor, self.person_id)
        self._refresh(opened["record"])
        self._enable_actions(opened["available"], opened["steps"])

    def _refresh(self, record: dict) -> None:
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
            self.tabs.setTabText(index + self._first_model_tab,
                                 f"{self._titles[index]} ({len(record[key])})")
        self.tabs.setTabText(self.ledger_tab_index, "Infrações "
                             f"({self.ledger_tab.set_person(self.person_id)})")
        self.history.set_rows([{**h, "action": labels.audit_action(h["action"]),
                                "entity": labels.entity(h["entity"]),
                                "detail": labels.history_detail(h)}
                               for h in record["history"]])
        self.record = record
        self._show_photo(record["person"]["has_photo"])

    # --- "Mais ▾": the acts of the permit's life (gui/dialogs/permit_acts.py) ---------------
    def _more_menu(self, row: QHBoxLayout) -> None:
        """The menu button; its entries are made at the first record shown (the acts the
        município's law provides), then enabled or not with the reason at each refresh."""
        self.more_button = QToolButton()
        self.more_button.setObjectName("more_button")
        self.more_button.setText("&Mais ▾")
        self.more_button.setToolTip("Transferência, interrupção, desistência, sanções por "
                                    "decisão, restabelecimento, condutor auxiliar")
        self.more_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.more_button.setStyleSheet("QToolButton::menu-indicator { image: none; }")
        self.more_button.setEnabled(False)
        self.more_menu = QMenu(self.more_button)
        self.more_menu.setObjectName("more_menu")
        self.more_menu.setToolTipsVisible(True)
        self.more_button.setMenu(self.more_menu)
        self.more_actions = {}
        row.addWidget(self.more_button)

    def _enable_more(self, states: dict) -> None:
        from ..dialogs.permit_acts import MENU
        if not self.more_actions:
            pending_separator = False
            for entry in MENU:
                if entry is None:
                    pending_separator = bool(self.more_actions)
                    continue
                key, text = entry
                if key not in states:  # an act the município's law does not provide
                    continue
                if pending_separator:
                    self.more_menu.addSeparator()
                    pending_separator = False
                action = self.more_menu.addAction(text)
                action.setObjectName(f"act_{key}")
                action.triggered.connect(lambda _=False, k=key: self.permit_act(k))
                self.more_actions[key] = action
            self.more_menu.addSeparator()  # e-mail (issue 41): gui/dialogs/mail_send.py
            self.mail_action = self.more_menu.addAction("Enviar por &e-mail…")
            self.mail_action.setObjectName("act_mail")
            self.mail_action.triggered.connect(lambda: self.send_by_email())
            from ...services.permissions import can
            self.mail_action.setEnabled(can(self.actor, "mail.send"))
        for key, action in self.more_actions.items():
            state = states[key]
            action.setEnabled(state["enabled"])
            action.setToolTip(action.text().replace("&", "") if state["enabled"]
                              else state["why"])
            action.setStatusTip("" if state["enabled"] else state["why"])
        self.more_button.setEnabled(bool(self.more_actions))

    def send_by_email(self):
        """A document of this person to the registered e-mail (not a notification)."""
        from ..dialogs.mail_send import SendDocumentDialog
        self.mail_dialog = SendDocumentDialog(self.actor, self.person_id, self)
        self.mail_dialog.open()
        return self.mail_dialog

    def permit_act(self, key: str):
        """Open the form of one entry of "Mais ▾" (when it applies); returns it."""
        state = self.available.get("permit_acts", {}).get(key, {})
        if not state.get("enabled"):
            return None
        from ..dialogs.permit_acts import open_form
        form = open_form(self.actor, key, self._permit_rows(), state, self)
        form.accepted.connect(lambda: self._act_printed(form))
        return self._open(form)

    def _act_printed(self, form) -> None:
        printed = getattr(form, "printed", None)
        if printed:
            self.preview = prompts.show_preview(self, printed)

    # --- the actions that apply now -----------------------------------------------------------
    def _enable_actions(self, available: dict, steps: list[dict]) -> None:
        self.available = available
        self._enable_more(self.available["permit_acts"])
        self._show_next_steps(steps)
        from .person_vehicles import may_register
        self.new_vehicle_button.setEnabled(may_register(self))
        for key, button in self.buttons.items():
            state = self.available[key]
            button.setEnabled(state["enabled"])
            button.setToolTip("" if state["enabled"] else state["why"])
        renew = self.available["renew"]
        self.buttons["renew"].setText(acts.get("renew").menu_text if renew.get("direct", True)
                                      else "&Renovar (requerimento)…")
        placed = any(p["stand_number"] for p in self._permit_rows()
                     if p["id"] in self.available["stand"].get("permit_ids", []))
        # Alt+O: Alt+P is "&Pagar…" (two buttons on one key only moved the focus)
        self.buttons["stand"].setText("Mudar de p&onto…" if placed else "Vincular a p&onto…")

    def _show_next_steps(self, steps: list[dict]) -> None:
        self.next_steps.set_steps(steps)
        index = self.tabs.indexOf(self.next_steps)
        self.tabs.setTabText(index, f"Próximos passos ({len(steps)})")
        self.tabs.setTabToolTip(index, "O que esta pessoa precisa fazer agora, com o botão "
                                "de cada passo")

    def open_step(self, step: dict, guia: bool = False):
        """Open what a next step's button opens (gui/pages/person_next_steps.py)."""
        from .person_next_steps import open_step
        return open_step(self, step, guia)

    def _open(self, form):
        """Open an action form beside the record; when it succeeds, say so and reload. A
        form refused for a debt offers to pay it there (issue 36)."""
        from ..dialogs.debt_offer import offer_on_refusal
        from ..widgets.ledger_view import ActionForm
        if isinstance(form, ActionForm):
            offer_on_refusal(form, self.actor)
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

    def edit_person(self):
        """'Editar cadastro': the personal data (ui/person_edit.ui), audited."""
        if self.person_id is None or not self.available.get("edit", {}).get("enabled"):
            return None
        from ..dialogs.person_forms import PersonEditDialog
        return self._open(PersonEditDialog(self.actor, self.person_id, self))

    def edit_cnh(self):
        """'CNH': record or replace the person's CNH (ui/cnh_form.ui), audited."""
        if self.person_id is None or not self.available.get("cnh", {}).get("enabled"):
            return None
        from ..dialogs.person_forms import CnhDialog
        return self._open(CnhDialog(self.actor, self.person_id, self))

    def second_copy(self):
        state = self.available.get("second_copy", {})
        if not state.get("enabled"):
            return None
        from ..dialogs.counter_actions import second_copy_form
        form = second_copy_form(self.actor, self._permit_rows(), state["permit_ids"], self)
        form.accepted.connect(lambda: self._printed(form.result_value))
        return self._open(form)

    def _printed(self, result: dict) -> None:
        due = result.get("fee_due")
        copy = result["copies"][0]["copy"]
        self.say(f"Cartão preparado ({copy}ª via): a via conta quando for impressa ou salva"
                 + ("; a taxa da 2ª via é lançada junto." if due else "."), ok=True)
        self.preview = prompts.show_preview(self, result, on_close=self.refresh)

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
        from ...services.administration import privacy
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

    def issue_guia(self):
        """The guia (DAM) of an open debt, then its print preview."""
        state = self.available.get("guia", {})
        if not state.get("enabled"):
            return None
        from ..dialogs.guia import GuiaDialog
        form = GuiaDialog(self.actor, state["debts"], self)
        form.accepted.connect(lambda: self._guia_issued(form.result_value))
        return self._open(form)

    def _guia_issued(self, result: dict) -> None:
        self.preview = prompts.show_preview(self, result)

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

    def take_photo(self, source=None):
        """'Tirar foto': the webcam's live picture with the 3×4 frame; the captured picture
        goes into the crop dialog. `source`: where the pictures come from (tests)."""
        from ..dialogs.camera import CameraDialog
        if self.person_id is None or not self.available.get("photo", {}).get("enabled"):
            return None
        camera = CameraDialog(source, self)
        camera.captured.connect(self._crop_captured)
        camera.choose_file.connect(lambda: self.load_photo())
        self.form = camera
        camera.open()
        return camera

    def _crop_captured(self, image) -> None:
        from ..dialogs.photo_crop import PhotoCropDialog
        dialog = PhotoCropDialog(self.actor, self.person_id, image, self)
        self.form = dialog
        dialog.accepted.connect(lambda: (self.refresh(), self.say("Foto salva.", ok=True)))
        dialog.open()

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
        for bar in record.get("bars_in_force", ()):  # a bar shows when the person is chosen
            label = badge(bar["text"], "cassated")
            label.setObjectName("bar_badge")
            label.setWordWrap(True)
            self.badges.insertWidget(self.badges.count() - 1, label)
        overdue = sum(1 for d in record["due"] if d["urgency"] == "overdue")
        if overdue:
            self.badges.insertWidget(self.badges.count() - 1,
                                     badge(f"{overdue} prazo(s) vencido(s)", "overdue"))


def _fee_status(status) -> str:
    return FEE_STATUS.get(status, status)

