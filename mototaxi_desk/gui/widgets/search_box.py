"""The one search box (Ctrl+K): CPF, name, plate, permit number or protocol, results as you
type (after a short pause), Enter or a click opens the person's record. Nothing found for a
CPF, a plate or a name: the list offers to register it, and Enter (or a click) asks the
window for the form with it filled in (`register_asked`, services.search.register_offer)."""
from __future__ import annotations

from PySide6.QtCore import QStringListModel, Qt, QTimer, Signal
from PySide6.QtWidgets import QCompleter, QLineEdit

from ...services import permissions
from ...services.views import search

TYPING_PAUSE_MS = 30  # results must show within 100 ms of the last key (issue 6)


class SearchBox(QLineEdit):
    person_chosen = Signal(int)
    register_asked = Signal(object)  # services.search.register_offer's dict

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setPlaceholderText("Buscar: CPF, nome, placa, nº da permissão ou protocolo (Ctrl+K)")
        self.setClearButtonEnabled(True)
        self.setMaxLength(100)
        self.hits: list[dict] = []
        self.offer: dict | None = None  # what a search with no hit offers to register
        self.actor = None  # set after login: a fiscal sees masked CPFs (LGPD)
        self._labels = QStringListModel(self)
        self.completer_ = QCompleter(self._labels, self)
        self.completer_.setCompletionMode(QCompleter.CompletionMode.UnfilteredPopupCompletion)
        self.completer_.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer_.setWidget(self)
        self.completer_.popup().clicked.connect(lambda index: self.choose(index.row()))
        self._timer = QTimer(self, singleShot=True, interval=TYPING_PAUSE_MS)
        self._timer.timeout.connect(self.run_search)
        self.textEdited.connect(lambda _text: self._timer.start())
        self.returnPressed.connect(self._enter)

    def run_search(self) -> None:
        self.hits = search.search(self.text(), actor=self.actor)
        self.offer = None if self.hits else search.register_offer(self.text())
        wanted = {"person": "person.register", "vehicle": "vehicle.register"}
        if self.offer and self.actor and not permissions.can(self.actor,
                                                             wanted[self.offer["kind"]]):
            self.offer = None  # a role that cannot register it (a fiscal) is not offered it
        self._labels.setStringList([f"{h['matched']} — {h['name']} (CPF {h['cpf']})"
                                    for h in self.hits] or self._nothing_found())
        if self.hasFocus() and self.text().strip():
            self.completer_.complete()

    def _nothing_found(self) -> list[str]:
        if not self.text().strip():
            return []
        if self.offer is None:
            return ["Nada encontrado"]
        what = "o veículo" if self.offer["kind"] == "vehicle" else (
            "a pessoa" if self.offer["cpf"] else "uma pessoa nova:")
        return [f"Nada encontrado — Enter cadastra {what} {self.offer['text']}"]

    def _enter(self) -> None:
        if self._timer.isActive():
            self._timer.stop()
            self.run_search()
        popup = self.completer_.popup()
        row = popup.currentIndex().row() if popup.isVisible() else -1
        self.choose(max(row, 0))

    def choose(self, row: int) -> None:
        if 0 <= row < len(self.hits):
            self.completer_.popup().hide()
            self.person_chosen.emit(self.hits[row]["person_id"])
        elif not self.hits and self.offer is not None and row == 0:
            self.completer_.popup().hide()
            self.register_asked.emit(dict(self.offer))
