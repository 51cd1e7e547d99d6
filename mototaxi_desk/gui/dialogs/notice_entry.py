"""Lavrar auto de infração (the fiscal, often typing a paper form in later): the catalogue
item chosen by code or words, the permit by order number or plate, the infractor, place,
date and time, agent, signature and notification. Before saving it shows the fine and the
points the penalty engine gives; ledger.record_notice saves, and a refusal stays in the
form with everything typed."""
from __future__ import annotations

import datetime as dt

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QListWidgetItem)

from .. import screen_fit
from ...domain import penalty_engine as engine
from ...domain.errors import DomainError, ValidationError
from ...domain.search_terms import fold
from ...services.licensing import auxiliary, permits
from ...services import ledger, setup
from ...services.register import vehicles
from ..forms.ui_notice_entry import Ui_NoticeEntryDialog
from ..widgets.ledger_view import ERROR_STYLE
from ..widgets.unsaved import DiscardGuard
from ...domain import wallclock

CHANNELS = [("in_person", "Pessoalmente"), ("post", "Via postal com recibo"),
            ("gazette", "Diário Oficial do Município")]


def admitted_channels(profile) -> list[tuple[str, str]]:
    """The means of notification the law admits (defence.notification_means, SRM Art. 34
    §2º), in the law's order: the only ones a window offers."""
    labels = dict(CHANNELS)
    return [(code, labels[code]) for code in profile.defence.notification_means
            if code in labels]


def preview_fine_and_points(profile, item, *, history: list[dict], holder_id: int,
                            permit_id: int | None, infractor_id: int,
                            occurred_at: dt.datetime, chosen_units=None):
    """The fine and points the engine gives this notice, from the notices already in the
    ledger (ledger.notice_dict rows): engine.is_recidivism, compute_fine and assess with the
    profile, the fiscal-unit value of the infraction's year and the initial tariff in force on
    its day (PF Art. 32)."""
    facts = [engine.NoticeFacts(id=n["id"], register=(n["holder_id"], n["permit_id"]),
                                infractor_id=n["infractor_id"], code=n["infraction_code"],
                                class_code=n["class_code"], occurred_at=n["occurred_at"],
                                voided=n["status"] == "voided", label=n["number"])
             for n in history]
    new = engine.NoticeFacts(id=0, register=(holder_id, permit_id), infractor_id=infractor_id,
                             code=item.code, class_code=item.class_code,
                             occurred_at=occurred_at)
    recidivism_of = engine.is_recidivism(profile, facts, new)
    penalty = profile.penalty_class(item.class_code)
    in_units = penalty.fine_units > 0 or penalty.fine_units_max > 0
    fine = engine.compute_fine(
        profile, item,
        unit_value_cents=setup.fiscal_unit_value_cents(occurred_at.year) if in_units else 0,
        tariff_cents=setup.tariff_cents_on(occurred_at.date())
        if penalty.fine_tariff_multiple else 0, chosen_units=chosen_units,
        recidivism=recidivism_of is not None)
    score = engine.assess(profile, [*facts, new]).scores[0]
    return fine, score


class NoticeEntryDialog(DiscardGuard, QDialog):
    """ui/notice_entry.ui; the catalogue's rows and the fine's unit come from the profile."""

    def __init__(self, actor, parent=None, *, reissue: dict | None = None,
                 now: dt.datetime | None = None):
        super().__init__(parent)
        self.actor = actor
        self.reissue = reissue
        self.now = now
        self.profile = setup.profile_today()
        self.permit = None          # the permit found (plain data)
        self.history: list[dict] = []
        self.result_notice: dict | None = None
        self.preview = None         # (fine, score) shown before saving
        self.ui = ui = Ui_NoticeEntryDialog()
        ui.setupUi(self)
        self.setWindowTitle("Corrigir auto de infração" if reissue else
                            "Lavrar auto de infração")
        # the tests and the checks reach the fields as attributes of the dialog
        for name in ("filter", "catalogue", "item_detail", "permit_edit", "find_button",
                     "permit_info", "infractor", "plate", "place", "occurred_at",
                     "occurred_error", "description", "agent_name", "agent_registration",
                     "signed", "notified", "notified_on", "channel", "units", "units_label",
                     "reason", "reason_label", "preview_label", "message"):
            setattr(self, name, getattr(ui, name))

        # left: the catalogue
        ui.left.setTitle(f"Infração — catálogo de {self.profile.profile.law}")
        self.catalogue.setMinimumWidth(420)
        for item in self.profile.infractions:
            label = self.profile.penalty_class(item.class_code).label
            row = QListWidgetItem(f"{item.code} · {item.article} · {label}\n{item.text}")
            row.setData(Qt.ItemDataRole.UserRole, item.code)
            row.setData(Qt.ItemDataRole.UserRole + 1,
                        fold(f"{item.code} {item.article} {item.text} {label}"))
            self.catalogue.addItem(row)
        self.filter.textChanged.connect(self._filter)
        self.filter.returnPressed.connect(self._pick_first)
        self.catalogue.currentItemChanged.connect(lambda *_: self._item_changed())

        # right: the notice
        self.find_button.clicked.connect(self.find_permit)
        self.permit_edit.returnPressed.connect(self.find_permit)
        self.occurred_at.configure(with_time=True, label="Data e hora da infração")
        self.occurred_at.set_value((now or wallclock.now()).replace(second=0, microsecond=0))
        self.description.setFixedHeight(54)
        self.notified_on.configure(label="Data da notificação")
        self.notified_on.set_value(wallclock.today())
        for code, label in admitted_channels(self.profile):
            self.channel.addItem(label, code)
        self.units_label.setText(f"M&ulta ({self.profile.fiscal_unit}):")
        self.reason_label.setVisible(bool(reissue))
        self.reason.setVisible(bool(reissue))
        self.rows = {"Permissão": self.permit_edit, "Infrator": self.infractor,
                     "Condutor auxiliar": self.infractor, "Autuado": self.permit_edit,
                     "Placa": self.plate, "Local": self.place,
                     "Data e hora": self.occurred_at, "Descrição": self.description,
                     "Nome do agente": self.agent_name, "Matrícula": self.agent_registration,
                     "Data da notificação": self.notified_on,
                     "Meio de notificação": self.channel, "Valor da multa": self.units,
                     "Infração": self.filter, "Motivo": self.reason}

        buttons = ui.buttons
        self.save_button = buttons.addButton("Sal&var auto (Ctrl+S)" if not reissue else
                                             "A&nular e reemitir",
                                             QDialogButtonBox.ButtonRole.AcceptRole)
        self.save_button.setDefault(True)
        cancel = buttons.addButton("Cancelar", QDialogButtonBox.ButtonRole.RejectRole)
        self.save_button.clicked.connect(self.save)
        cancel.clicked.connect(self.reject)
        self.save_button.setEnabled(actor.role in (ledger.DECIDERS if reissue
                                                   else ledger.RECORDERS))
        QShortcut(QKeySequence("Ctrl+S"), self, activated=self.save)

        for signal in (self.occurred_at.changed, self.infractor.currentIndexChanged,
                       self.units.textChanged):
            signal.connect(lambda *_: self.update_preview())
        self.notified.toggled.connect(self._notified_toggled)
        self._notified_toggled(False)
        screen_fit.scroll_when_taller(self, self.ui.message, self.ui.buttons)
        screen_fit.preferred_size(self, 1180, 700)
        if reissue:
            self._fill(reissue)
        self._item_changed()
        self.mark_clean()

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt API)
        """Enter in the catalogue filter picks the item, in the permit field looks it up;
        elsewhere it saves (the default button)."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and \
                self.focusWidget() in (self.filter, self.permit_edit):
            event.accept()
            return
        super().keyPressEvent(event)

    # --- catalogue -------------------------------------------------------------------------
    def _filter(self, text: str) -> None:
        words = fold(text).split()
        first = None
        for i in range(self.catalogue.count()):
            row = self.catalogue.item(i)
            code = row.data(Qt.ItemDataRole.UserRole)
            hay = row.data(Qt.ItemDataRole.UserRole + 1)
            shown = all(w in hay for w in words) or fold(code) == fold(text.strip())
            row.setHidden(not shown)
            if shown and first is None:
                first = row
        current = self.catalogue.currentItem()
        if first is not None and (current is None or current.isHidden()):
            self.catalogue.setCurrentItem(first)

    def _pick_first(self) -> None:
        for i in range(self.catalogue.count()):
            if not self.catalogue.item(i).isHidden():
                self.catalogue.setCurrentRow(i)
                self.permit_edit.setFocus()
                return

    def choose_item(self, code: str) -> None:
        for i in range(self.catalogue.count()):
            if self.catalogue.item(i).data(Qt.ItemDataRole.UserRole) == code:
                self.catalogue.setCurrentRow(i)
                return
        raise KeyError(code)

    def item(self):
        row = self.catalogue.currentItem()
        return self.profile.infraction(row.data(Qt.ItemDataRole.UserRole)) if row else None

    def _item_changed(self) -> None:
        item = self.item()
        ranged = False
        if item is not None:
            klass = self.profile.penalty_class(item.class_code)
            ranged = klass.fine_units_max > 0
            self.item_detail.setText(
                f"<b>{item.code}</b> — {item.article} · {klass.label} ({klass.article})"
                + (f"<br>Medida administrativa: {item.measure}" if item.measure else ""))
        self.units.setPlaceholderText("valor na faixa da lei" if ranged else
                                      "fixada pela lei para esta classe")
        self.units.setEnabled(ranged)
        self.units_label.setEnabled(ranged)
        self.update_preview()

    # --- permit and infractor -------------------------------------------------------------
    def find_permit(self) -> bool:
        text = self.permit_edit.text().strip()
        self.permit_edit.setStyleSheet("")
        try:
            digits = text.lstrip("#").replace(".", "").replace(" ", "")
            if digits.isdigit() and len(digits) <= 6:
                permit = permits.permit_by_order_number(int(digits))
            else:
                found = [v for v in vehicles.list_vehicles(text, limit=5)
                         if v["order_number"]] if text else []
                if not found:
                    raise ValidationError("Permissão", f"nenhuma permissão com o nº ou a "
                                          f"placa '{text}'.")
                permit = permits.permit_by_order_number(found[0]["order_number"])
        except ValidationError as exc:
            self.permit = None
            self.permit_info.setText(f"<span style='color:#b71c1c'>{exc.message}</span>")
            self.permit_edit.setStyleSheet(ERROR_STYLE)
            self.infractor.clear()
            self.update_preview()
            return False
        self.set_permit(permit)
        return True

    def set_permit(self, permit: dict) -> None:
        self.permit = info = permit  # plain data (permits.as_dict)
        self.permit_info.setText(f"Permissão nº <b>{info['order_text']}</b> — "
                                 f"{info['holder_name']} · {info['status_label']} · placa "
                                 f"{info['plate'] or '—'}")
        self.plate.setPlaceholderText(info["plate"] or "placa do veículo")
        self.history = ledger.ledger(person_id=permit["holder"])["notices"]
        self.infractor.blockSignals(True)
        self.infractor.clear()
        holder_title = self.profile.instrument.holder_title  # Permissionário, Autorizatário...
        self.infractor.addItem(f"{holder_title}: {info['holder_name']}", None)
        for aux in auxiliary.active_for_permit(permit["id"]):
            self.infractor.addItem(f"Condutor auxiliar: {aux['person_name']}", aux["id"])
        self.infractor.blockSignals(False)
        self.update_preview()

    def _notified_toggled(self, on: bool) -> None:
        self.notified_on.setEnabled(on)
        self.channel.setEnabled(on)

    # --- preview and save ------------------------------------------------------------------
    def occurred(self) -> dt.datetime | None:
        """The date and time typed; None while half typed or wrong (its message shows)."""
        try:
            return self.occurred_at.datetime()
        except ValidationError:
            return None

    def _now(self) -> dt.datetime:
        return self.now or wallclock.now()

    def update_preview(self) -> None:
        self.preview = None
        occurred = self.occurred()
        future = occurred is not None and occurred.date() > self._now().date()
        self.occurred_error.setText("Data e hora da infração: data futura." if future else "")
        self.occurred_at.setStyleSheet(ERROR_STYLE if future else "")
        item = self.item()
        if item is None or self.permit is None or occurred is None:
            self.preview_label.setText("Escolha a infração e a permissão para ver a multa e "
                                       "os pontos antes de salvar.")
            return
        infractor_id = self.permit["holder"]
        aux_id = self.infractor.currentData()
        if aux_id is not None:
            infractor_id = auxiliary.auxiliary(aux_id)["person"]
        try:
            fine, score = preview_fine_and_points(
                self.profile, item, history=self.history, holder_id=self.permit["holder"],
                permit_id=self.permit["id"], infractor_id=infractor_id,
                occurred_at=self.occurred(), chosen_units=self.units.text().strip() or None)
        except DomainError as exc:
            self.preview_label.setText(f"Multa: <span style='color:#b71c1c'>{exc}</span>")
            return
        self.preview = (fine, score)
        klass = self.profile.penalty_class(item.class_code)
        parts = [f"<b>Multa:</b> {fine.text()} ({fine.article})"]
        if fine.recidivism:
            parts.append("em dobro por reincidência")
        if self.profile.penalties.counts_points:
            parts.append(f"<b>Pontos:</b> {score.points}" +
                         (" (em dobro: mesma infração no período)" if score.doubled_by
                          else "") + f" ({self.profile.penalties.article})")
        else:
            parts.append("<b>Pontos:</b> 0 (a lei do município não conta pontos)")
        if fine.warning:
            parts.append("com advertência por escrito")
        if item.measure:
            parts.append(f"<b>Medida:</b> {item.measure}")
        self.preview_label.setText(f"{klass.label}: " + " · ".join(parts))

    def data(self) -> dict:
        item = self.item()
        data = {"permit_id": self.permit["id"] if self.permit else None,
                "infraction_code": item.code if item else "",
                "auxiliary_id": self.infractor.currentData() if self.permit else None,
                "plate": self.plate.text().strip(), "place": self.place.text().strip(),
                "occurred_at": self.occurred_at.datetime(),  # a mistyped one names its field
                "description": self.description.toPlainText().strip(),
                "agent_name": self.agent_name.text().strip(),
                "agent_registration": self.agent_registration.text().strip(),
                "infractor_signed": self.signed.isChecked(),
                "notified_on": self.notified_on.date() if self.notified.isChecked() else None,
                "notification_channel": self.channel.currentData()
                if self.notified.isChecked() else "",
                "fine_units": self.units.text().strip() or None}
        return data

    def _show_error(self, field: str, message: str) -> None:
        self.message.setText(f"{field}: {message}" if field else message)
        for key, widget in self.rows.items():
            if key.lower() in field.lower():
                widget.setStyleSheet(ERROR_STYLE)
                widget.setFocus()
                return

    def save(self) -> bool:
        self.message.clear()
        for widget in self.rows.values():
            widget.setStyleSheet("")
        if self.item() is None:
            self._show_error("Infração", "escolha o item do catálogo.")
            return False
        if self.permit is None and self.permit_edit.text().strip() and not self.find_permit():
            self._show_error("Permissão", "não encontrada.")
            return False
        if self.permit is None:
            self._show_error("Permissão", "informe o nº de ordem ou a placa e tecle Enter.")
            return False
        try:
            if self.reissue:
                self.result_notice = ledger.reissue_notice(
                    self.actor, self.reissue["id"], self.data(), reason=self.reason.text())
            else:
                self.result_notice = ledger.record_notice(self.actor, self.data())
        except ValidationError as exc:
            self._show_error(exc.field, exc.message)
            return False
        except DomainError as exc:
            self._show_error("", str(exc))
            return False
        self.accept()
        return True

    def _fill(self, notice: dict) -> None:
        """Reissue: the notice's fields, to correct."""
        self.choose_item(notice["infraction_code"])
        if notice.get("permit_order_number"):
            self.permit_edit.setText(str(notice["permit_order_number"]))
            self.find_permit()
            if notice.get("auxiliary_id") is not None:
                index = self.infractor.findData(notice["auxiliary_id"])
                if index >= 0:
                    self.infractor.setCurrentIndex(index)
        self.plate.setText(notice.get("plate") or "")
        self.place.setText(notice["place"])
        self.occurred_at.setDateTime(notice["occurred_at"])
        self.description.setPlainText(notice.get("description") or "")
        self.agent_name.setText(notice["agent_name"])
        self.agent_registration.setText(notice["agent_registration"])
        self.signed.setChecked(bool(notice["infractor_signed"]))
        if notice.get("notified_on"):
            self.notified.setChecked(True)
            self.notified_on.setDate(notice["notified_on"])
            self.channel.setCurrentIndex(max(0, self.channel.findData(
                notice["notification_channel"])))
        if self.units.isEnabled():
            self.units.setText(notice["fine_units"].replace(".", ","))  # typed pt-BR
