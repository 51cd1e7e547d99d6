"""Lista de espera: enrol a person (ui/waiting_enrol.ui) with the ranking inputs the
profile's criteria need — built here, in the form's "Critérios de classificação" box, from
waiting_list.ranking_inputs — edit an entry (the same form), and remove one with the reason
(ui/waiting_remove.ui). Who cannot be enrolled (already on the list, holding a permit) is
said as soon as the person is chosen (issue 15 item 3)."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QSpinBox

from ...domain import waiting_rank
from ...domain.errors import DomainError, ValidationError
from ...services.views import search
from ...services import setup
from ...services.licensing import waiting_list
from ...services.context import Actor
from ..forms.ui_waiting_enrol import Ui_WaitingEnrolDialog
from ..forms.ui_waiting_remove import Ui_WaitingRemoveDialog
from ..widgets.common import min_width_in_chars
from ..widgets.unsaved import DiscardGuard

OK_TEXT, REFUSED_TEXT = "color: #1b5e20;", "color: #b71c1c; font-weight: bold;"
MODE_TEXT = {"automatic": "por ordem de inscrição; o próximo é convocado automaticamente "
                          "quando uma permissão é revertida ou uma convocação termina "
                          "sem a vaga ser ocupada",
             "licitacao": "por ordem de inscrição; as outorgas seguem licitação",
             "edital": "pela classificação do edital"}
# mnemonics for the ranking inputs, clear of the form's own (p, e, o)
MNEMONICS = {"seniority_years": "&Tempo de atividade no serviço (anos)",
             "dependents": "&Dependentes",
             "vehicle_condition": "Estado de &conservação do veículo (0 a 10)"}
REASONS = ("Desistência do inscrito", "Recusou a convocação", "Falecimento",
           "Deixou de atender aos requisitos", "Não compareceu à convocação", "Outro motivo")


def _buttons(buttons: QDialogButtonBox, text: str):
    save = buttons.button(QDialogButtonBox.StandardButton.Save)
    save.setText(text)
    save.setObjectName("save_button")
    save.setDefault(True)
    buttons.button(QDialogButtonBox.StandardButton.Cancel).setText("Cancelar")
    return save


class _SearchOnEnter(QObject):
    """Enter in a search field runs `slot` and stops there (the dialog's default button is
    not pressed by it)."""

    def __init__(self, field, slot):
        super().__init__(field)
        self.slot = slot
        field.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt API)
        if event.type() == QEvent.Type.KeyPress and \
                event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.slot()
            return True
        return False


class WaitingEnrolDialog(DiscardGuard, QDialog):
    """'Inscrever na lista de espera' (entry None; person_id preselects the person) or
    'Editar inscrição' (an entry of waiting_list.as_dict)."""

    def __init__(self, actor: Actor, *, person_id: int | None = None,
                 entry: dict | None = None, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.entry = entry
        self.person_id: int | None = None
        self.result_value: dict | None = None
        self.done_text = ""
        self.profile = setup.profile_today()
        self.ui = ui = Ui_WaitingEnrolDialog()
        ui.setupUi(self)
        rule = self.profile.waiting_list
        ui.intro.setText(f"Chamada {MODE_TEXT.get(rule.mode, rule.mode)} ({rule.article}).")
        self.ranking: dict[str, QSpinBox] = {}
        self._build_ranking()
        ui.notes.setFixedHeight(70)
        self.save_button = _buttons(ui.buttons, "&Inscrever" if entry is None else
                                    "&Salvar (Ctrl+S)")
        ui.buttons.accepted.connect(self.save)
        ui.buttons.rejected.connect(self.reject)
        QShortcut(QKeySequence("Ctrl+S"), self, activated=self.save)
        self._timer = QTimer(self, singleShot=True, interval=200)
        self._timer.timeout.connect(self.run_search)
        ui.person_query.setPlaceholderText("CPF, nome ou placa (Enter busca)")
        ui.person_query.textEdited.connect(lambda _t: self._timer.start())
        # Enter in the search searches (and moves on to the ranking); it never enrols
        self._enter = _SearchOnEnter(ui.person_query, self._search_and_go_on)
        ui.person.currentIndexChanged.connect(lambda _i: self._person_chosen())
        if entry is not None:
            self._load(entry)
        elif person_id is not None:
            self._preselect(person_id)
        else:
            ui.person_query.setFocus()
            self._person_chosen()
        min_width_in_chars(self, 100)
        self.mark_clean()

    def _build_ranking(self) -> None:
        ui = self.ui
        inputs = waiting_list.ranking_inputs(self.profile)
        for spec in inputs:
            spin = QSpinBox()
            spin.setRange(0, spec["maximum"])
            spin.setObjectName(f"ranking_{spec['field']}")
            label = QLabel(MNEMONICS.get(spec["field"], spec["label"]) + ":")
            label.setBuddy(spin)
            ui.ranking_form.addRow(label, spin)
            self.ranking[spec["field"]] = spin
        rule = self.profile.waiting_list
        computed = [f"{waiting_rank.CRITERION_LABELS[c]} ({text})"
                    for c, text in waiting_list.COMPUTED_CRITERIA.items() if c in rule.ranking]
        if inputs:
            ui.ranking_note.setText("Informe o que a lei manda considerar na classificação."
                                    + (f" Também contam: {'; '.join(computed)}."
                                       if computed else ""))
        else:
            ui.ranking_note.setText("A lista é chamada por ordem de inscrição: não há critérios "
                                    "a informar.")
        chain = [ui.person, *self.ranking.values(), ui.notes]
        for first, second in zip(chain, chain[1:]):
            self.setTabOrder(first, second)

    def _load(self, entry: dict) -> None:
        ui = self.ui
        self.setWindowTitle(f"Editar inscrição nº {entry['id']} — {entry['person_name']}")
        ui.person_query.setText(entry["cpf_text"])
        ui.person_query.setEnabled(False)
        ui.person.addItem(f"{entry['person_name']} — CPF {entry['cpf_text']}",
                          entry["person_id"])
        ui.person.setEnabled(False)
        self.person_id = entry["person_id"]
        for field, spin in self.ranking.items():
            spin.setValue(int(entry.get(field) or 0))
            spin.setEnabled(entry["status"] == "waiting")
        ui.notes.setPlainText(entry.get("notes") or "")
        state = waiting_list.STATUS_WORDS.get(entry["status"], entry["status"])
        ui.person_state.setText(f"Inscrição {state}" + (
            "; só as observações podem mudar." if entry["status"] == "called" else "."))
        (next(iter(self.ranking.values())) if self.ranking and entry["status"] == "waiting"
         else ui.notes).setFocus()

    def _preselect(self, person_id: int) -> None:
        from ...services.register import persons
        person = persons.person(person_id)
        self.ui.person_query.setText(person["cpf_text"])
        self.ui.person.addItem(f"{person['name']} — CPF {person['cpf_text']}", person_id)
        self._person_chosen()
        (next(iter(self.ranking.values())) if self.ranking else self.ui.notes).setFocus()

    # --- choosing the person ---------------------------------------------------------------
    def _search_and_go_on(self) -> None:
        self.run_search()
        if self.save_button.isEnabled():
            (next(iter(self.ranking.values())) if self.ranking else self.ui.notes).setFocus()

    def run_search(self) -> None:
        self._timer.stop()
        ui = self.ui
        ui.person.blockSignals(True)
        ui.person.clear()
        seen = set()
        for hit in search.search(ui.person_query.text(), limit=20):
            if hit["person_id"] not in seen:
                seen.add(hit["person_id"])
                ui.person.addItem(f"{hit['name']} — CPF {hit['cpf']}", hit["person_id"])
        ui.person.blockSignals(False)
        self._person_chosen()

    def _person_chosen(self) -> None:
        """Say at once whether the person can be enrolled (and why not)."""
        ui = self.ui
        if self.entry is not None:
            return
        self.person_id = ui.person.currentData()
        if self.person_id is None:
            typed = ui.person_query.text().strip()
            ui.person_state.setStyleSheet(REFUSED_TEXT if typed else "")
            ui.person_state.setText("Ninguém encontrado; cadastre a pessoa no Atendimento."
                                    if typed else "Busque a pessoa pelo CPF ou pelo nome.")
            self.save_button.setEnabled(False)
            return
        try:
            waiting_list.check_can_enrol(self.person_id)
        except DomainError as exc:
            ui.person_state.setStyleSheet(REFUSED_TEXT)
            ui.person_state.setText(str(exc))
            self.save_button.setEnabled(False)
            return
        ui.person_state.setStyleSheet(OK_TEXT)
        ui.person_state.setText("Pode ser inscrita.")
        self.save_button.setEnabled(True)

    # --- saving --------------------------------------------------------------------------
    def values(self) -> dict:
        data = {field: spin.value() for field, spin in self.ranking.items()
                if spin.isEnabled()}
        data["notes"] = self.ui.notes.toPlainText().strip()
        return data

    def save(self) -> bool:
        ui = self.ui
        ui.message.setText("")
        if not self.save_button.isEnabled() or self.person_id is None:
            return False
        try:
            if self.entry is None:
                self.result_value = waiting_list.enrol(self.actor, self.person_id,
                                                       **self.values())
                self.done_text = (f"{self.result_value['person_name']} inscrito(a) na lista "
                                  f"de espera (inscrição nº {self.result_value['id']}).")
            else:
                self.result_value = waiting_list.update_entry(self.actor, self.entry["id"],
                                                              self.values())
                self.done_text = f"Inscrição nº {self.entry['id']} alterada."
        except ValidationError as exc:
            ui.message.setText(str(exc))
            return False
        except DomainError as exc:
            ui.message.setText(str(exc))
            return False
        self.mark_clean()
        self.accept()
        return True


class WaitingRemoveDialog(DiscardGuard, QDialog):
    """'Retirar da lista de espera': the reason (a list of the usual ones and details;
    'Outro motivo' needs the details), audited."""

    def __init__(self, actor: Actor, entry: dict, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.entry = entry
        self.result_value: dict | None = None
        self.done_text = ""
        self.ui = ui = Ui_WaitingRemoveDialog()
        ui.setupUi(self)
        state = waiting_list.STATUS_WORDS.get(entry["status"], entry["status"])
        self.setWindowTitle(f"Retirar da lista — {entry['person_name']}")
        ui.intro.setText(f"<b>{entry['person_name']}</b> · CPF {entry['cpf_text']}<br>"
                         f"Inscrição nº {entry['id']}, {state}. A saída fica registrada com o "
                         "motivo; a pessoa pode se inscrever de novo depois."
                         + (_next_call_note() if entry["status"] == "called" else ""))
        for text in REASONS:
            ui.reason_kind.addItem(text, text)
        ui.details.setPlaceholderText("ex.: pedido por escrito em 02/03/2026")
        self.save_button = _buttons(ui.buttons, "&Retirar da lista")
        ui.buttons.accepted.connect(self.save)
        ui.buttons.rejected.connect(self.reject)
        ui.reason_kind.setFocus()
        min_width_in_chars(self, 90)
        self.mark_clean()

    def reason(self) -> str:
        kind = self.ui.reason_kind.currentData()
        details = " ".join(self.ui.details.text().split())
        if kind == REASONS[-1]:
            if not details:
                raise ValidationError("Detalhes", "descreva o motivo da saída.")
            return details
        return f"{kind}: {details}" if details else kind

    def save(self) -> bool:
        ui = self.ui
        ui.message.setText("")
        try:
            self.result_value = waiting_list.leave(self.actor, self.entry["id"],
                                                   reason=self.reason())
        except ValidationError as exc:
            ui.message.setText(str(exc))
            ui.details.setFocus()
            return False
        except DomainError as exc:
            ui.message.setText(str(exc))
            return False
        self.done_text = " ".join(filter(None, (
            f"{self.entry['person_name']} retirado(a) da lista de espera.",
            self.result_value.get("next_call_text", ""))))
        self.mark_clean()
        self.accept()
        return True


def _next_call_note() -> str:
    """What leaving does to a call: the law that calls by itself calls the next (PF Art. 12
    §ú), else the clerk calls."""
    article = setup.profile_today().waiting_list.article
    if waiting_list.calls_by_itself():
        return (f"<br>A convocação passa ao próximo da lista, se houver vaga livre ({article}: "
                "convocação automática).")
    return f"<br>O próximo da lista é convocado pelo atendente ({article})."


def new_permit_application(person_id: int) -> dict | None:
    """The person's new-permit application still going (not refused, archived or already
    granted), newest first; None when there is none."""
    from ...services.licensing import applications
    for app in applications.list_applications(person_id=person_id):
        if app["type"] == "new_permit" and app["status"] not in ("indeferido", "arquivado") \
                and not app["permit_id"]:
            return app
    return None
