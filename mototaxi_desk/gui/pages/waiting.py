"""Lista de espera: the people waiting in the profile's calling order, the people already
called with their deadline to come forward, and the call-up of the next one (with a
confirmation that names the person and the deadline) or the closing of expired calls.
Enrol a person with the profile's ranking inputs, edit or remove an entry (with the reason),
and from a call-up go straight into the application and the grant (issue 15 item 3)."""
from __future__ import annotations


from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QPushButton, QVBoxLayout,
                               QWidget)

from ...domain.errors import DomainError
from ...domain.validators import format_date
from ...services.views import counter
from ...services import acts, permissions, setup
from ...services.licensing import waiting_list
from ...services.context import Actor
from ...services.record_words import WAITING_STATUS as STATUS_TEXT
from ..models.dict_table import Column, DictTableModel
from ..models.paged_table import PagedTableModel
from ..widgets.common import AMBER, RED, heading, open_rows, table_view
from ...domain import wallclock

MODE_TEXT = {"automatic": "por ordem de inscrição; o próximo é convocado automaticamente "
                          "quando uma permissão é revertida",
             "licitacao": "por ordem de inscrição; as outorgas seguem licitação",
             "edital": "pela classificação do edital (antiguidade, menos infrações, situação "
                       "familiar, estado do veículo, sorteio)"}
SOON_DAYS = 30


def _call_colour(row: dict) -> str | None:
    """Overdue red, ≤ 30 days amber (UX.md)."""
    due = row.get("call_deadline")
    if due is None:
        return None
    days = (due - wallclock.today()).days
    return RED if days < 0 else (AMBER if days <= SOON_DAYS else None)


class WaitingListPage(QWidget):
    person_chosen = Signal(int)
    title = "Lista de espera"

    def __init__(self, actor: Actor | None = None, parent=None):
        super().__init__(parent)
        self.actor = actor
        layout = QVBoxLayout(self)
        layout.addWidget(heading("Lista de espera"))
        self.mode = QLabel()
        self.mode.setWordWrap(True)
        layout.addWidget(self.mode)
        # where the list is ranked (L1745 Art. 12 §2º) the criteria show as columns, the
        # weighted infractions per year read from the ledger among them
        ranking = [Column(c["field"], c["label"],
                          waiting_list.format_weight if c["field"] == "weighted_infractions"
                          else (lambda v: "" if v is None else str(v)))
                   for c in waiting_list.ranking_columns()]
        # a page at a time as the list scrolls (issue 23): the database orders and cuts it
        self.model = PagedTableModel(
            [Column("position", "Ordem"), Column("person_name", "Nome"),
             Column("cpf_text", "CPF"), Column("enrolled_at", "Inscrição"), *ranking,
             Column("status", "Situação", lambda s: STATUS_TEXT.get(s, s)),
             Column("call_deadline", "Prazo da convocação")],
            fetch=lambda offset, limit: waiting_list.ordered(
                actor=self.actor, offset=offset, limit=limit),
            total=waiting_list.count_waiting, parent=self)
        self.view = table_view(self.model)
        open_rows(self.view, lambda row: self.person_chosen.emit(self.model.row(row)["person_id"]))
        layout.addWidget(self.view, 3)
        self.form = None  # the form open now (tests drive it)
        self._selected_view = self.view
        bar = QHBoxLayout()
        self.enrol_button = QPushButton("&Inscrever…")
        self.enrol_button.setObjectName("waiting_enrol_button")
        self.enrol_button.clicked.connect(lambda: self.enrol())
        self.edit_button = QPushButton("E&ditar inscrição…")
        self.edit_button.setObjectName("waiting_edit_button")
        self.edit_button.clicked.connect(lambda: self.edit())
        self.remove_button = QPushButton("&Retirar da lista…")
        self.remove_button.setObjectName("waiting_remove_button")
        self.remove_button.clicked.connect(lambda: self.remove())
        self.call_button = QPushButton("&Convocar o próximo…")
        self.call_button.setObjectName("waiting_call_button")
        self.call_button.clicked.connect(lambda: self.call_next())
        self.expire_button = QPushButton("&Encerrar convocações vencidas")
        self.expire_button.clicked.connect(lambda: self.expire())
        for button in (self.enrol_button, self.edit_button, self.remove_button,
                       self.call_button, self.expire_button):
            bar.addWidget(button)
        bar.addStretch(1)
        layout.addLayout(bar)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.hide()
        layout.addWidget(self.message)
        self.called_title = QLabel("<b>Convocados aguardando comparecer</b>")
        layout.addWidget(self.called_title)
        self.called_model = DictTableModel(
            [Column("person_name", "Nome"), Column("cpf_text", "CPF"),
             Column("called_at", "Convocado em"),
             Column("call_deadline", "Prazo para comparecer")],
            colour_of=_call_colour, parent=self)
        self.called_view = table_view(self.called_model)
        open_rows(self.called_view,
                  lambda row: self.person_chosen.emit(self.called_model.row(row)["person_id"]))
        layout.addWidget(self.called_view, 1)
        called_bar = QHBoxLayout()
        self.apply_button = QPushButton("Re&querimento / outorga…")
        self.apply_button.setObjectName("waiting_apply_button")
        self.apply_button.setToolTip("Do convocado, direto ao requerimento de permissão e à "
                                     "outorga.")
        self.apply_button.clicked.connect(lambda: self.apply())
        called_bar.addWidget(self.apply_button)
        called_bar.addStretch(1)
        layout.addLayout(called_bar)
        for view in (self.view, self.called_view):
            view.selectionModel().currentRowChanged.connect(
                lambda *_, v=view: self._selected_in(v))

    def refresh(self) -> None:
        profile = setup.profile_today()
        self.mode.setText(f"Chamada {MODE_TEXT[profile.waiting_list.mode]} "
                          f"({profile.waiting_list.article}).")
        self.model.reload()
        calls = counter.waiting_calls(self.actor)
        self.called_model.set_rows(calls)
        self.called_title.setText(f"<b>Convocados aguardando comparecer ({len(calls)})</b>")
        may = self.actor is not None and self.actor.role in waiting_list.LIST_ROLES
        self.enrol_button.setEnabled(may)
        self._enable_entry_buttons()
        self.call_button.setEnabled(may and bool(self.model.rows))
        today = wallclock.today()
        self.expire_button.setEnabled(may and any(
            c["call_deadline"] and c["call_deadline"] < today for c in calls))
        why = "" if may else "Seu perfil não pode convocar da lista de espera."
        self.call_button.setToolTip(why or ("" if self.model.rows else "Ninguém aguardando."))

    # --- the entry selected (in either table) ----------------------------------------------
    def _selected_in(self, view) -> None:
        self._selected_view = view
        other = self.called_view if view is self.view else self.view
        other.selectionModel().blockSignals(True)
        other.clearSelection()
        other.setCurrentIndex(other.model().index(-1, -1))
        other.selectionModel().blockSignals(False)
        self._enable_entry_buttons()

    def selected_entry(self) -> dict | None:
        view = self._selected_view
        index = view.currentIndex()
        return view.model().row(index.row()) if index.isValid() else None

    def _enable_entry_buttons(self) -> None:
        may = self.actor is not None and permissions.can(self.actor, "waiting.edit")
        entry = self.selected_entry()
        self.edit_button.setEnabled(may and entry is not None)
        self.remove_button.setEnabled(
            self.actor is not None and permissions.can(self.actor, "waiting.leave")
            and entry is not None)
        called = entry is not None and entry["status"] == "called"
        self.apply_button.setEnabled(called and self.actor is not None
                                     and permissions.can(self.actor, "application.file"))
        if called:
            from ..dialogs.waiting_forms import new_permit_application
            app = new_permit_application(entry["person_id"])
            self.apply_button.setText(
                "Re&querimento de permissão…" if app is None else
                ("&Outorgar permissão…" if app["status"] == "deferido" else
                 f"Re&querimento {app['protocol']}…"))
        else:
            self.apply_button.setText("Re&querimento / outorga…")

    def _open(self, form):
        self.form = form
        form.accepted.connect(lambda: (self.refresh(), self.say(form.done_text, ok=True)))
        form.open()
        return form

    def enrol(self, person_id: int | None = None):
        """'Inscrever': the enrolment form with the profile's ranking inputs."""
        if not self.enrol_button.isEnabled():
            return None
        from ..dialogs.waiting_forms import WaitingEnrolDialog
        return self._open(WaitingEnrolDialog(self.actor, person_id=person_id, parent=self))

    def edit(self):
        entry = self.selected_entry()
        if entry is None or not self.edit_button.isEnabled():
            return None
        from ..dialogs.waiting_forms import WaitingEnrolDialog
        return self._open(WaitingEnrolDialog(
            self.actor, entry=waiting_list.get_entry(entry["id"], self.actor), parent=self))

    def remove(self):
        entry = self.selected_entry()
        if entry is None or not self.remove_button.isEnabled():
            return None
        from ..dialogs.waiting_forms import WaitingRemoveDialog
        return self._open(WaitingRemoveDialog(self.actor, entry, parent=self))

    def apply(self):
        """From a call-up straight into the permit: the grant of a deferred new-permit
        application (supervisor), the application still under way, or a new one filed for
        the called person. The dialog opened is `self.form`."""
        entry = self.selected_entry()
        if entry is None or not self.apply_button.isEnabled():
            return None
        from ..dialogs.waiting_forms import new_permit_application
        app = new_permit_application(entry["person_id"])
        if app is None:
            from ..dialogs.new_application import NewApplicationWizard
            wizard = NewApplicationWizard(self.actor, person_id=entry["person_id"],
                                          app_type="new_permit", parent=self)
            wizard.finished.connect(lambda *_: self.refresh())
            self.form = wizard
            wizard.open()
            return wizard
        if app["status"] == "deferido" and permissions.can(self.actor, acts.get("grant").permission):
            from ..dialogs.grant import GrantDialog
            dialog = GrantDialog(self.actor, app, self)
        else:
            from ..dialogs.application_detail import ApplicationDetailDialog
            dialog = ApplicationDetailDialog(self.actor, app["id"], self)
        dialog.finished.connect(lambda *_: self.refresh())
        self.form = dialog
        dialog.open()
        return dialog

    def say(self, text: str, ok: bool = False) -> None:
        self.message.setStyleSheet(f"color: {'#1b5e20' if ok else '#b71c1c'}; "
                                   "font-weight: bold;")
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def confirm(self, text: str) -> bool:
        """The question before calling (gui/prompts.py, which tests answer)."""
        from .. import prompts
        return prompts.ask_yes_no(self, "Convocar da lista de espera", text)

    def call_text(self) -> str:
        first = self.model.rows[0]
        deadline = waiting_list.call_deadline(wallclock.today())
        draw = (" Há empate no primeiro lugar: o sorteio será feito e registrado antes da "
                "convocação." if first.get("lottery_pending") else "")
        return (f"Convocar {first['person_name']} (CPF {first['cpf_text']}), 1º da lista?"
                f"\n\nPrazo para comparecer: {format_date(deadline)}.{draw}")

    def call_next(self) -> dict | None:
        if not self.call_button.isEnabled() or not self.model.rows:
            return None
        if not self.confirm(self.call_text()):
            return None
        try:
            called = waiting_list.call_next(self.actor)
        except DomainError as exc:
            self.say(str(exc))
            return None
        self.refresh()
        if called is None:
            self.say("Ninguém aguardando na lista.")
            return None
        self.say(f"{called['person_name']} convocado(a); prazo para comparecer até "
                 f"{format_date(called['call_deadline'])}.", ok=True)
        return called

    def expire(self) -> dict | None:
        if not self.expire_button.isEnabled():
            return None
        try:
            result = waiting_list.expire_calls(self.actor)
        except DomainError as exc:
            self.say(str(exc))
            return None
        self.refresh()
        called = ", ".join(c["person_name"] for c in result["called"])
        self.say(f"{len(result['expired'])} convocação(ões) encerrada(s) por prazo vencido."
                 + (f" Convocado(s) em seguida: {called}." if called else ""), ok=True)
        return result
