"""Lista de espera: the people waiting in the profile's calling order."""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ...services import setup, waiting_list
from ..models.dict_table import Column, DictTableModel
from ..widgets.common import heading, table_view

MODE_TEXT = {"automatic": "por ordem de inscrição; o próximo é convocado automaticamente "
                          "quando uma permissão é revertida",
             "licitacao": "por ordem de inscrição; as outorgas seguem licitação",
             "edital": "pela classificação do edital (antiguidade, menos infrações, situação "
                       "familiar, estado do veículo, sorteio)"}
STATUS_TEXT = {"waiting": "Aguardando", "called": "Convocado", "granted": "Atendido",
               "left": "Saiu", "expired": "Convocação expirada"}


class WaitingListPage(QWidget):
    person_chosen = Signal(int)
    title = "Lista de espera"

    def __init__(self, parent=None):
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.addWidget(heading("Lista de espera"))
        self.mode = QLabel()
        self.mode.setWordWrap(True)
        layout.addWidget(self.mode)
        self.model = DictTableModel(
            [Column("position", "Ordem"), Column("person_name", "Nome"),
             Column("cpf_text", "CPF"), Column("enrolled_at", "Inscrição"),
             Column("status", "Situação", lambda s: STATUS_TEXT.get(s, s)),
             Column("call_deadline", "Prazo da convocação")], parent=self)
        self.view = table_view(self.model)
        self.view.doubleClicked.connect(
            lambda index: self.person_chosen.emit(self.model.row(index.row())["person_id"]))
        layout.addWidget(self.view, 1)

    def refresh(self) -> None:
        profile = setup.profile()
        self.mode.setText(f"Chamada {MODE_TEXT[profile.waiting_list.mode]} "
                          f"({profile.waiting_list.article}).")
        self.model.set_rows(waiting_list.ordered())
