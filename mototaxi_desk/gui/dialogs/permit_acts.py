"""The forms behind the prontuário's "Mais ▾" menu: transfer, interruption and its extension,
return to service, desistência, suspension / revocation / cassation by decision,
reinstatement, the auxiliary driver's credential (issue, renewal, end, cassation — SRM Art. 38
IV and §3º, L1745 Art. 17 IV and §2º), the two findings the daily passage of time acts on (a
service interrupted without authorisation, PF Art. 12 / SRM Art. 29 §ú; a summons to present
the vehicle for inspection, L1745 Art. 10 and §ú / SRM Art. 17 §2º), plus reprinting an act's
document or the auxiliary's card.

Each form shows, before the clerk confirms, the rule with its article, the fee and what the
act will change — services.permit_actions.preview runs the act itself and rolls it back, so
a refusal (the law, the role, a debt, a bar, a limit) shows as soon as the inputs are there,
with the service's own words. Confirming calls permit_actions.run (the same entry point as
the `permit` and `aux` commands); a refusal stays in the form with nothing lost; on success
the act's document is printed when "Imprimir" is ticked (`form.printed` is the print
result the record shows in its preview).

The menu, the confirm words, the date labels and the small forms are built from the acts'
declarations (services/acts): an act names a fixed layout (`form`, a Designer file
ui/permit_*.ui, ui/auxiliary_credential.ui, in FORMS) or declares the fields of its small
form (renew, end or cassate a credential, the two findings); reprints are ActionForms.

For tests: every form has `ok_button` (the default button), `ui` (the Designer widgets by
object name: permit, cpf, vehicle, date, days, ground, act_number, reason, notices, preview,
print_check, message...), `refresh()` (the preview now), `submit()`; `result_value`,
`printed` and `done_text` after success."""
from __future__ import annotations

import datetime as dt
import html

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QLineEdit,
                               QListWidgetItem)

from ...domain import validators
from ...domain.errors import DebtRefusal, DomainError, ValidationError
from ...domain.validators import format_date
from ...services import act_documents, acts, documents, permit_actions
from ...services.licensing import decisions
from .. import screen_fit
from ..widgets.dates import DateField
from ..widgets.fields import ERROR_BORDER
from ..widgets.ledger_view import ActionForm, date_edit
from ..widgets.unsaved import DiscardGuard
from ..widgets.vehicle_owner import OtherOwnerVehicle
from ...domain import wallclock

# the menu's two print entries, after the acts
PRINT_ENTRIES = (("print_act", "Im&primir documento de um ato…"),
                 ("aux_card", "Imprimir cartão do condutor auxi&liar…"))


def menu() -> tuple:
    """The menu, in order (None = separator), each entry (key, text with its mnemonic):
    the acts of services/acts (a separator between their groups), then the print entries."""
    entries: list = []
    group = None
    for act in acts.in_menu().values():
        if group is not None and act.menu_group != group:
            entries.append(None)
        group = act.menu_group
        entries.append((act.key, act.menu_text or act.label))
    return tuple(entries + [None, *PRINT_ENTRIES])


def __getattr__(name: str):
    """MENU and CONFIRM, read from the acts now (an act registered later shows)."""
    if name == "MENU":
        return menu()
    if name == "CONFIRM":
        return {key: act.confirm for key, act in acts.in_menu().items()}
    raise AttributeError(name)


SHEETS = (("Impressora de cartões (cartão avulso)", None), ("Folha A4 (impressora comum)", "a4"))


def preview_html(shown: dict) -> str:
    """The rule, the fee and the consequences as a short rich text."""
    parts = []
    for title, items in (("Regra", shown["rules"]), ("Taxa", shown["fees"]),
                         ("O que acontece", shown["consequences"])):
        if items:
            parts.append(f"<p style='margin:4px 0 0 0'><b>{title}</b></p><ul style='margin:0 "
                         "0 0 -20px'>" + "".join(f"<li>{html.escape(i)}</li>" for i in items)
                         + "</ul>")
    return "".join(parts)


def permit_text(row: dict) -> str:
    return (f"Nº {row['order_text']} — {row['status_label']}, validade "
            f"{format_date(row['valid_until'])}"
            + (f", {row['holder_name']}" if row.get("holder_name") else ""))


class PermitActDialog(DiscardGuard, QDialog):
    """What the Designer forms share: the permit choice, the preview, the confirmation, the
    refusal kept in the form, the document printed after success."""
    ui_class = None

    def __init__(self, actor, act: str, permit_rows: list[dict], state: dict, parent=None):
        super().__init__(parent)
        self.actor, self.act = actor, act
        self.spec = acts.get(act)
        self.result_value: dict | None = None
        self.printed: dict | None = None
        self.done_text = ""
        self.ui = self.ui_class()
        self.ui.setupUi(self)
        self.setObjectName(f"permit_act_{act}")
        self.setWindowTitle(self.spec.title)
        buttons = self.ui.buttons
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(self.spec.confirm)  # its Alt letter when shown (mnemonics.assign)
        self.ok_button.setDefault(True)
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText("Cancelar")
        buttons.accepted.connect(self.submit)
        buttons.rejected.connect(self.reject)
        QShortcut(QKeySequence("Ctrl+S"), self, activated=self.submit)
        self.ui.preview.setOpenExternalLinks(False)
        self.permit_rows = [r for r in permit_rows if r["id"] in state.get("permit_ids", [])]
        holder = self.permit_rows[0].get("holder_name", "") if self.permit_rows else ""
        self.ui.intro.setText(f"<b>{html.escape(self.spec.title)}</b>"
                              + (f" — permissionário(a) {html.escape(holder)}" if holder else ""))
        if hasattr(self.ui, "permit"):
            for row in self.permit_rows:
                self.ui.permit.addItem(permit_text(row), row["id"])
            self.ui.permit.currentIndexChanged.connect(lambda *_: self.permit_changed())
        for name in ("date", "start"):  # DateField: typed as digits, one Tab leaves it
            if hasattr(self.ui, name):
                field = getattr(self.ui, name)
                # the label a mistyped date is named by (as the service names it)
                field.configure(label="Início" if name == "start" else self.spec.date_label)
                field.set_value(wallclock.today())
                field.changed.connect(lambda *_: self.refresh())
        # the fields scroll when their refusals outgrow the screen (1366×768 at 125%); the
        # preview, the message and the buttons stay in sight
        screen_fit.scroll_when_taller(self, self.ui.preview, self.ui.message, buttons)

    # --- what subclasses say ------------------------------------------------------------
    def inputs(self) -> dict:
        return {"permit_id": self.permit_id()}

    def ready(self) -> bool:
        """Whether every choice the act needs is made (the preview then runs it)."""
        return self.permit_id() is not None

    def field_widgets(self) -> dict:
        """Service field name (as in its ValidationError) -> the widget to mark."""
        return {"Nº do ato": getattr(self.ui, "act_number", None),
                "Motivo": getattr(self.ui, "reason", None)}

    def describe(self, result: dict) -> str:
        permit = result.get("permit", result)
        return f"Permissão nº {permit.get('order_text')}: {permit.get('status_label', '')}."

    def print_after(self, result: dict) -> dict | None:
        """The act's document (act_documents), printed once the act is done."""
        line = act_documents.latest_act(self.permit_id())
        return act_documents.print_act(self.actor, line) if line else None

    # --- behaviour ---------------------------------------------------------------------------
    def permit_id(self):
        return self.ui.permit.currentData() if hasattr(self.ui, "permit") else None

    def permit_changed(self) -> None:
        self.refresh()

    def showEvent(self, event) -> None:  # noqa: N802 (Qt API)
        if self._clean_state is None:
            self.refresh()
            self.mark_clean()
        from .. import mnemonics  # the confirm word's Alt letter, clear of the form's
        mnemonics.assign(self.ok_button, self)
        super().showEvent(event)

    def refresh(self) -> dict | None:
        """Show the rule, the fee and what the act would do now (or why it cannot)."""
        try:
            shown = permit_actions.preview(self.actor, self.act, dry=self.ready(),
                                           **self.inputs())
        except ValidationError as exc:  # a value typed wrong (e.g. a date)
            self.ui.message.setText(f"{exc.field}: {exc.message}")
            return None
        except DomainError as exc:
            self.ui.message.setText(str(exc))
            return None
        self.ui.preview.setHtml(preview_html(shown))
        self.ui.message.setStyleSheet("")
        self.ui.message.setText(f"Não é possível: {shown['refusal']}" if shown["refusal"]
                                else "")
        self._offer_debts(shown.get("debts"))
        self.shown = shown
        self.after_preview(shown)
        return shown

    def _offer_debts(self, blocking: dict | None) -> None:
        """A refusal for a debt offers, here, to pay it or issue its guia (issue 36); paid,
        the preview runs again and the act goes on from this form."""
        from .debt_offer import attach
        if not blocking:
            if getattr(self, "debt_offer", None) is not None:
                self.debt_offer.clear()
            return
        offer = attach(self, self.actor, self.ui.message, self.ok_button, recheck=self.refresh)
        word = self.ok_button.text().replace("&", "")
        offer.offer(blocking["person_id"], blocking["debts"], f"depois clique em “{word}”.")

    def after_preview(self, shown: dict) -> None:
        """Subclasses show figures of the preview (e.g. the interruption's last day)."""

    def _mark(self, field: str) -> None:
        for name, widget in self.field_widgets().items():
            if widget is not None and (name.lower() in field.lower() or
                                       field.lower() in name.lower()):
                widget.setStyleSheet(ERROR_BORDER)
                widget.setFocus()
                return

    def submit(self) -> bool:
        for widget in self.field_widgets().values():
            if widget is not None:
                widget.setStyleSheet("")
        try:
            self.result_value = permit_actions.run(self.actor, self.act, **self.inputs())
        except ValidationError as exc:
            self.ui.message.setText(f"{exc.field}: {exc.message}")
            self._mark(exc.field)
            return False
        except DomainError as exc:
            self.ui.message.setStyleSheet("")
            self.ui.message.setText(str(exc))
            if isinstance(exc, DebtRefusal):
                self._offer_debts({"person_id": exc.person_id, "debts": exc.debts})
            return False
        self.done_text = self.describe(self.result_value)
        if self.ui.print_check.isChecked():
            try:
                self.printed = self.print_after(self.result_value)
            except DomainError as exc:  # the act is done; only the print failed
                self.done_text += f" O documento não foi impresso: {exc}"
        self.mark_clean()
        self.accept()
        return True


class TransferDialog(PermitActDialog):
    """Transfer (SRM Art. 4 §§8-9, L1745 Art. 8 §1º): the new holder by CPF, checked as soon
    as it is typed; his vehicle (or a new one registered from here) — or, where the law
    accepts it (vehicle.owner_rule), a relative's, with the relation declared."""
    from ..forms.ui_permit_transfer import Ui_PermitTransferDialog as ui_class

    def __init__(self, actor, act, permit_rows, state, parent=None):
        super().__init__(actor, act, permit_rows, state, parent)
        self.person: dict | None = None
        self.ui.cpf.configure(validators.cpf, mask="999.999.999-99;_")
        self.ui.cpf.editor.textEdited.connect(lambda _t: self.cpf_typed())
        self.ui.vehicle.currentIndexChanged.connect(lambda *_: self.refresh())
        self.ui.on_death.toggled.connect(lambda *_: self.refresh())
        self.ui.new_vehicle.clicked.connect(self.register_vehicle)
        self.ui.new_vehicle.setEnabled(False)
        self.ui.holder_info.setText("Digite o CPF de quem recebe a permissão.")
        # a relative's vehicle where the law accepts it (vehicle.owner_rule)
        row, _role = self.ui.form.getLayoutPosition(self.ui.vehicle_row)
        self.other_owner = OtherOwnerVehicle(None, self.ui.vehicle)
        self.other_owner.add_rows(self.ui.form, at=row + 1)
        self.other_owner.set_holder(None)
        self.other_owner.relation.currentIndexChanged.connect(lambda *_: self.refresh())

    def inputs(self) -> dict:
        return {"permit_id": self.permit_id(),
                "new_holder_id": self.person["id"] if self.person else None,
                "new_vehicle_id": self.ui.vehicle.currentData(),
                "on_death": self.ui.on_death.isChecked(),
                "on": self.ui.date.date(), "act_number": self.ui.act_number.text(),
                "owner_relation": self.other_owner.owner_relation()}

    def ready(self) -> bool:
        return None not in (self.permit_id(), self.ui.vehicle.currentData()) and \
            self.person is not None

    def field_widgets(self) -> dict:
        return {**super().field_widgets(), "Novo permissionário": self.ui.cpf,
                "CPF": self.ui.cpf, "Veículo": self.ui.vehicle,
                "Data da transferência": self.ui.date}

    def cpf_typed(self) -> None:
        """Who the CPF is, and at once whether that person may hold the permit."""
        self.person = None
        self.other_owner.set_holder(None)
        self.ui.vehicle.clear()
        self.ui.new_vehicle.setEnabled(False)
        if len(self.ui.cpf.raw().replace(".", "").replace("-", "")) < 11 or \
                not self.ui.cpf.validate():
            self.ui.holder_info.setText("Digite o CPF de quem recebe a permissão.")
            self.refresh()
            return
        try:
            self.person = permit_actions.person_for_cpf(self.ui.cpf.raw())
        except DomainError as exc:
            self.ui.holder_info.setText(f"<span style='color:#b71c1c'>{html.escape(str(exc))}"
                                        " Cadastre a pessoa e a CNH antes (Novo requerimento)."
                                        "</span>")
            self.refresh()
            return
        self.ui.new_vehicle.setEnabled(True)
        self.other_owner.set_holder(self.person["id"])
        self.load_vehicles()
        problem = ""
        try:
            permit_actions.check_new_holder(self.person["id"])
        except DomainError as exc:
            problem = f"<br><span style='color:#b71c1c'>{html.escape(str(exc))}</span>"
        self.ui.holder_info.setText(f"<b>{html.escape(self.person['name'])}</b> "
                                    f"(CPF {self.person['cpf_text']}){problem}")
        self.refresh()

    def load_vehicles(self, select_id: int | None = None) -> None:
        self.ui.vehicle.blockSignals(True)
        self.ui.vehicle.clear()
        for row in permit_actions.vehicles_of(self.person["id"]):
            self.ui.vehicle.addItem(row["text"], row["id"])
            if row["id"] == select_id:
                self.ui.vehicle.setCurrentIndex(self.ui.vehicle.count() - 1)
        if not self.ui.vehicle.count():
            self.ui.vehicle.addItem("Nenhum veículo em nome desta pessoa: cadastre", None)
        self.ui.vehicle.blockSignals(False)

    def register_vehicle(self):
        """The new holder's vehicle (he must own it) registered from here."""
        from .vehicle_form import VehicleForm
        if self.person is None:
            return None
        form = VehicleForm(self.actor, owner_id=self.person["id"], parent=self)
        self.vehicle_form = form

        def saved():
            if form.result_data:
                self.load_vehicles(form.result_data["id"])
                self.refresh()
        form.accepted.connect(saved)
        form.open()
        return form

    def describe(self, result: dict) -> str:
        return (f"Permissão nº {result['order_text']} transferida para {result['holder_name']}."
                " Imprima o cartão do novo permissionário (2ª via do cartão).")


class InterruptionDialog(PermitActDialog):
    """Interruption (PF Art. 11, SRM Art. 29)."""
    from ..forms.ui_permit_interruption import Ui_PermitInterruptionDialog as ui_class
    extension = False

    def __init__(self, actor, act, permit_rows, state, parent=None):
        super().__init__(actor, act, permit_rows, state, parent)
        self.ui.days.setValue(min(30, max(1, self.ui.days.maximum())))
        self.ui.days.valueChanged.connect(lambda *_: self.refresh())
        if self.extension:
            self.ui.form.setRowVisible(self.ui.start, False)
            self.ui.form.setRowVisible(self.ui.reason, False)
            self.ui.print_check.setText("Imprimir a prorrogação ao confirmar")

    def inputs(self) -> dict:
        data = {"permit_id": self.permit_id(), "days": self.ui.days.value(),
                "act_number": self.ui.act_number.text()}
        if not self.extension:
            data.update(start=self.ui.start.date(), reason=self.ui.reason.text())
        return data

    def field_widgets(self) -> dict:
        return {**super().field_widgets(), "Dias": self.ui.days,
                "Início": self.ui.start}

    def after_preview(self, shown: dict) -> None:
        after = shown["after"].get(self.permit_id()) or {}
        self.ui.until.setText(f"<b>{format_date(after.get('status_until'))}</b>"
                              if after.get("status_until") else "—")

    def describe(self, result: dict) -> str:
        return (f"Permissão nº {result['order_text']} interrompida até "
                f"{format_date(result['status_until'])}.")


class ExtensionDialog(InterruptionDialog):
    """The extension of an interruption in course: the interruption's form without its
    start and reason."""
    extension = True


class DecisionDialog(PermitActDialog):
    """Suspension, revocation or cassation by decision on a ground of the law."""
    from ..forms.ui_permit_decision import Ui_PermitDecisionDialog as ui_class

    def __init__(self, actor, act, permit_rows, state, parent=None):
        super().__init__(actor, act, permit_rows, state, parent)
        rule = decisions.decision(self.spec.sanction)
        self.setWindowTitle(f"{rule.label} por decisão")
        for ground in rule.grounds:
            self.ui.ground.addItem(f"{ground.article} — {ground.text}", ground.code)
            self.ui.ground.setItemData(self.ui.ground.count() - 1, ground.text,
                                       Qt.ItemDataRole.ToolTipRole)
        self.ui.ground.currentIndexChanged.connect(lambda *_: self.refresh())
        if self.spec.period:  # a suspension's days
            if rule.max_days:
                self.ui.days.setMaximum(rule.max_days)
            self.ui.days.setValue(min(30, self.ui.days.maximum()))
            self.ui.days.valueChanged.connect(lambda *_: self.refresh())
        else:
            self.ui.form.setRowVisible(self.ui.days, False)
        self.ui.notices.itemChanged.connect(lambda *_: self.refresh())
        self.load_notices()

    def permit_changed(self) -> None:
        self.load_notices()
        self.refresh()

    def load_notices(self) -> None:
        self.ui.notices.blockSignals(True)
        self.ui.notices.clear()
        for notice in permit_actions.notices_for(self.permit_id()) if self.permit_id() else []:
            item = QListWidgetItem(notice["text"])
            item.setData(Qt.ItemDataRole.UserRole, notice["id"])
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.ui.notices.addItem(item)
        if not self.ui.notices.count():
            self.ui.notices.addItem("Nenhum auto de infração nesta permissão.")
        self.ui.notices.blockSignals(False)

    def notice_ids(self) -> list[int]:
        return [self.ui.notices.item(i).data(Qt.ItemDataRole.UserRole)
                for i in range(self.ui.notices.count())
                if self.ui.notices.item(i).checkState() == Qt.CheckState.Checked]

    def inputs(self) -> dict:
        data = {"permit_id": self.permit_id(), "ground": self.ui.ground.currentData(),
                "on": self.ui.date.date(), "act_number": self.ui.act_number.text(),
                "reason": self.ui.reason.toPlainText(), "notice_ids": self.notice_ids()}
        if self.spec.period:
            data["days"] = self.ui.days.value()
        return data

    def field_widgets(self) -> dict:
        return {**super().field_widgets(), "Fundamento": self.ui.ground,
                "Dias de suspensão": self.ui.days, "Data da decisão": self.ui.date,
                "Autos de infração": self.ui.notices}

    def describe(self, result: dict) -> str:
        until = f" até {format_date(result['until'])}" if result.get("until") else ""
        return (f"{result['label']} aplicada à permissão nº {result['permit']['order_text']}"
                f"{until} ({result['article']}, {result['act_number']}). Imprima e entregue a "
                "notificação: o prazo de recurso conta dela.")


class StatusDialog(PermitActDialog):
    """Return to service, desistência, reinstatement: a date, a reason and (where the act has
    one) an act number — as the act declares them (services/acts: status_form)."""
    from ..forms.ui_permit_status import Ui_PermitStatusDialog as ui_class

    def __init__(self, actor, act, permit_rows, state, parent=None):
        super().__init__(actor, act, permit_rows, state, parent)
        form = self.spec.status_form
        self.ui.print_check.setText("&" + form["print"])
        if not form.get("act_number", True):
            self.ui.form.setRowVisible(self.ui.act_number, False)
        if not form.get("print_checked", True):
            self.ui.print_check.setChecked(False)
        if form.get("reason"):
            self.ui.reason.setText(form["reason"])
        self.ui.reason.setPlaceholderText(form.get("placeholder", ""))

    def inputs(self) -> dict:
        data = {"permit_id": self.permit_id(), "on": self.ui.date.date(),
                "reason": self.ui.reason.text()}
        if self.spec.status_form.get("act_number", True):
            data["act_number"] = self.ui.act_number.text()
        return data

    def field_widgets(self) -> dict:
        return {**super().field_widgets(), "Data": self.ui.date}

    def describe(self, result: dict) -> str:
        return self.spec.describe(result)


class AuxiliaryCredentialDialog(PermitActDialog):
    """Credential an auxiliary driver on a permit's vehicle, with the card."""
    from ..forms.ui_auxiliary_credential import Ui_AuxiliaryCredentialDialog as ui_class

    def __init__(self, actor, act, permit_rows, state, parent=None):
        super().__init__(actor, act, permit_rows, state, parent)
        from .counter_actions import print_settings
        self.person: dict | None = None
        self.ui.cpf.configure(validators.cpf, mask="999.999.999-99;_")
        self.ui.cpf.editor.textEdited.connect(lambda _t: self.cpf_typed())
        for text, code in SHEETS:
            self.ui.sheet.addItem(text, code)
        self.ui.sheet.setCurrentIndex(
            1 if print_settings().value("print/card_sheet", "") == "a4" else 0)
        self.ui.person_info.setText("Digite o CPF do condutor auxiliar.")

    def inputs(self) -> dict:
        return {"permit_id": self.permit_id(),
                "person_id": self.person["id"] if self.person else None,
                "on": self.ui.date.date()}

    def ready(self) -> bool:
        return self.permit_id() is not None and self.person is not None

    def field_widgets(self) -> dict:
        return {"Condutor auxiliar": self.ui.cpf, "CPF": self.ui.cpf,
                "Data do credenciamento": self.ui.date}

    def cpf_typed(self) -> None:
        self.person = None
        if len(self.ui.cpf.raw().replace(".", "").replace("-", "")) == 11 and \
                self.ui.cpf.validate():
            try:
                self.person = permit_actions.person_for_cpf(self.ui.cpf.raw())
                self.ui.person_info.setText(f"<b>{html.escape(self.person['name'])}</b> "
                                            f"(CPF {self.person['cpf_text']})")
            except DomainError as exc:
                self.ui.person_info.setText(
                    f"<span style='color:#b71c1c'>{html.escape(str(exc))} Cadastre a pessoa "
                    "e a CNH antes.</span>")
        else:
            self.ui.person_info.setText("Digite o CPF do condutor auxiliar.")
        self.refresh()

    def print_after(self, result: dict) -> dict | None:
        from .counter_actions import print_settings
        sheet = self.ui.sheet.currentData()
        printed = documents.print_aux_cards(self.actor, [result["order_number"]], sheet=sheet)
        print_settings().setValue("print/card_sheet", sheet or "")
        return printed

    def describe(self, result: dict) -> str:
        until = format_date(result["valid_until"]) or "sem prazo de validade"
        return (f"{result['person_name']} credenciado(a) como condutor auxiliar da permissão nº "
                f"{result['order_number']}, válido até {until}.")


# --- the small forms ------------------------------------------------------------------------

def _line_edit(max_length: int, placeholder: str = "") -> QLineEdit:
    edit = QLineEdit()
    edit.setMaxLength(max_length)
    edit.setPlaceholderText(placeholder)
    return edit


class _PreviewForm(ActionForm):
    """An ActionForm whose intro is the act's preview: a rich-text label that wraps, whose
    height for the dialog's actual width can exceed the height the dialog was sized for
    (the size hint is worked out at the label's natural width) — the last line was cut.
    The form grows to fit it when shown and whenever the preview changes."""

    def fit_preview(self) -> None:
        if not self.isVisible():
            return
        self.layout().activate()
        missing = self.intro.heightForWidth(self.intro.width()) - self.intro.height()
        if missing > 0:
            self.resize(self.width(), self.height() + missing)

    def showEvent(self, event) -> None:  # noqa: N802 (Qt API)
        super().showEvent(event)
        QTimer.singleShot(0, self, self.fit_preview)


def _small_form(actor, act: str, fields: list, inputs, describe, parent=None) -> ActionForm:
    """An ActionForm for an act of the menu: `inputs(values)` gives the act's inputs from
    the fields, `describe(result)` the line the record shows after it. Its intro is the
    preview (the rule, the fee, what the act changes, or why not), refreshed as the clerk
    types; confirming runs the act through permit_actions.run."""
    spec = acts.get(act)

    def submit(values):
        result = permit_actions.run(actor, act, **inputs(values))
        form.done_text = describe(result)
        return result
    form = _PreviewForm(spec.title, fields, submit, confirm=spec.confirm, parent=parent)
    form.setObjectName(f"permit_act_{act}")
    form.act = act
    form.printed = None

    def current() -> dict:
        values = {}
        for key, (_label, widget) in form.fields.items():
            if isinstance(widget, DateField):
                try:
                    values[key] = widget.date()
                except ValidationError:  # mistyped: the preview waits, confirming names it
                    values[key] = None
            elif isinstance(widget, QComboBox):
                values[key] = widget.currentData()
            else:
                values[key] = widget.text()
        return values

    def refresh():
        shown = permit_actions.preview(actor, act, **inputs(current()))
        refusal = (f"<p style='color:#b71c1c'><b>Não é possível:</b> "
                   f"{html.escape(shown['refusal'])}</p>" if shown["refusal"] else "")
        form.intro.setText(preview_html(shown) + refusal)
        form.shown = shown
        form.fit_preview()
        return shown
    form.refresh = refresh
    form.intro.setVisible(True)
    form.intro.setTextFormat(Qt.TextFormat.RichText)
    for _key, (_label, widget) in form.fields.items():
        if isinstance(widget, QComboBox):
            widget.currentIndexChanged.connect(lambda *_: refresh())
        elif isinstance(widget, QLineEdit):
            widget.editingFinished.connect(refresh)
        elif isinstance(widget, DateField):
            widget.changed.connect(lambda *_: refresh())
    refresh()
    return form


def _permit_combo(permit_rows: list[dict], state: dict) -> QComboBox:
    combo = QComboBox()
    for row in permit_rows:
        if row["id"] in state["permit_ids"]:
            combo.addItem(permit_text(row), row["id"])
    return combo


def _widget(field, permit_rows: list[dict], state: dict):
    """The widget of one field an act declares (services/acts/base.Field)."""
    if field.kind == "permit":
        return _permit_combo(permit_rows, state)
    if field.kind == "credential":
        combo = QComboBox()
        for row in permit_actions.credentials(state["auxiliary_ids"]):
            combo.addItem(row["text"], row["id"])
        return combo
    if field.kind == "date":
        return date_edit(None if field.days_ahead is None else
                         wallclock.today() + dt.timedelta(days=field.days_ahead))
    return _line_edit(field.max_length, field.placeholder)


def act_form(actor, act: str, permit_rows: list[dict], state: dict, parent=None) -> ActionForm:
    """The small form of an act with no fixed form: the fields it declares (the permit or
    the credential, dates, texts), its preview, its confirm word and its done line — e.g.
    renew, end or cassate a credential (SRM Art. 38 IV and §3º, L1745 Art. 17 IV), a
    service interrupted without authorisation (PF Art. 12; SRM Art. 29 §ú), a summons to
    present the vehicle for inspection (L1745 Art. 10)."""
    spec = acts.get(act)
    fields = [(f.key, f.label, _widget(f, permit_rows, state)) for f in spec.fields]
    return _small_form(actor, act, fields, spec.form_inputs, spec.describe, parent)


def licensing_form(actor, act: str, permit_rows: list[dict], state: dict,
                   parent=None) -> ActionForm:
    """The card's yearly licensing (SRM Art. 6 XX; in person, Art. 30 XXIV d): the permit,
    the date, the protocol; the card's fee is charged (Art. 47 I) and the new card, with its
    new validity, is printed when "Imprimir em" is not "Não imprimir agora"."""
    from .counter_actions import print_settings
    combo = _permit_combo(permit_rows, state)
    sheet = QComboBox()
    for text, code in SHEETS:
        sheet.addItem(f"Novo cartão: {text[0].lower()}{text[1:]}", code)
    sheet.addItem("Não imprimir agora", "none")
    sheet.setCurrentIndex(1 if print_settings().value("print/card_sheet", "") == "a4" else 0)
    fields = [("permit", "Permissão", combo), ("on", "Data", date_edit()),
              ("act_number", "Nº do protocolo", _line_edit(60)),
              ("sheet", "Imprimir em", sheet)]

    def inputs(v):
        return {"permit_id": v["permit"], "on": v["on"], "act_number": v["act_number"]}
    form = _small_form(actor, act, fields, inputs, acts.get(act).describe, parent)
    run_act = form.submit_fn

    def submit_and_print(values):
        result = run_act(values)  # the act is done (committed) here
        code = sheet.currentData()
        if code != "none":
            try:
                form.printed = documents.print_cards(actor, [result["order_number"]],
                                                     sheet=code)
                print_settings().setValue("print/card_sheet", code or "")
            except DomainError as exc:  # the licensing stands; the card is printed later
                form.done_text += f" O cartão não foi impresso: {exc}"
        return result
    form.submit_fn = submit_and_print
    return form


def print_act_form(actor, permit_rows: list[dict], state: dict, parent=None) -> ActionForm:
    """Print again the document of an act done on one of the person's permits."""
    combo = QComboBox()
    for row in permit_rows:
        if row["id"] in state["permit_ids"]:
            for act in act_documents.acts_of(row["id"]):
                combo.addItem(f"Nº {row['order_text']}: {act['text']}", act["id"])

    def submit(v):
        result = act_documents.print_act(actor, v["act"])
        form.printed = result
        form.done_text = f"{result['label']} impresso ({result['copies'][0]['copy']}ª via)."
        return result
    form = ActionForm("Imprimir documento de um ato", [("act", "Ato", combo)], submit,
                      confirm="Imprimir", parent=parent,
                      intro="Termo de transferência, autorização de interrupção, termo de "
                            "desistência, notificação de sanção ou ato de restabelecimento: "
                            "cada impressão é uma nova via, registrada.")
    form.setObjectName("permit_act_print_act")
    form.printed = None
    return form


def aux_card_form(actor, permit_rows: list[dict], state: dict, parent=None) -> ActionForm:
    """Print the auxiliary driver's card of a permit again (a new copy, logged)."""
    from .counter_actions import print_settings
    combo = QComboBox()
    for row in permit_rows:
        if row["id"] in state["permit_ids"]:
            combo.addItem(permit_text(row), row["order_number"])
    for credential in permit_actions.credentials(state["auxiliary_ids"]):
        # the auxiliary's own record: the permit he drives on is another person's
        if credential["permit_id"] not in [r["id"] for r in permit_rows]:
            combo.addItem(credential["text"], credential["order_number"])
    sheet = QComboBox()
    for text, code in SHEETS:
        sheet.addItem(text, code)
    sheet.setCurrentIndex(1 if print_settings().value("print/card_sheet", "") == "a4" else 0)

    def submit(v):
        result = documents.print_aux_cards(actor, [v["permit"]], sheet=v["sheet"])
        print_settings().setValue("print/card_sheet", v["sheet"] or "")
        form.printed = result
        form.done_text = f"Cartão do condutor auxiliar impresso ({len(result['copies'])})."
        return result
    form = ActionForm("Cartão do condutor auxiliar", [("permit", "Permissão", combo),
                                                      ("sheet", "Imprimir em", sheet)],
                      submit, confirm="Imprimir", parent=parent)
    form.setObjectName("permit_act_aux_card")
    form.printed = None
    return form


# the fixed forms an act may name (services/acts: `form`), each a Designer file
# (ui/permit_*.ui, ui/auxiliary_credential.ui) but the licensing's small form with its card
FORMS = {"permit_transfer": TransferDialog, "permit_interruption": InterruptionDialog,
         "permit_extension": ExtensionDialog, "permit_decision": DecisionDialog,
         "permit_status": StatusDialog, "auxiliary_credential": AuxiliaryCredentialDialog,
         "licensing": licensing_form}
PRINTS = {"print_act": print_act_form, "aux_card": aux_card_form}


def open_form(actor, act: str, permit_rows: list[dict], state: dict, parent=None):
    """The form of one menu entry (not yet shown)."""
    if act in PRINTS:
        return PRINTS[act](actor, permit_rows, state, parent)
    make = FORMS.get(acts.get(act).form, act_form)
    return make(actor, act, permit_rows, state, parent)
