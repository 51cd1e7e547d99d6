"""Pontos: every stand with its places (filled / free), flags below the minimum and full;
the roster of the selected stand; create, edit, close and reopen a ponto (supervisor);
assign a permit to a free place, change a holder's stand, free a place, print the roster
(relação do ponto) with preview. Enter or a double click on a place opens the holder's
record."""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QBoxLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...domain import permit_rules
from ...domain.errors import DomainError
from ...domain.validators import format_date
from ...services import documents, permissions, setup
from ...services.licensing import permits
from ...services.register import stands
from ...services.context import Actor
from ...services.licensing.permits import STATUS_LABELS
from .. import prompts
from ..labels import instrument_words
from ..models.dict_table import Column, DictTableModel
from ..models.paged_table import PagedTableModel
from ..widgets import table_fit
from ..widgets.flow import FlowLayout
from ..widgets.common import (
    AMBER,
    GREY,
    RED,
    STATUS_COLOURS,
    heading,
    open_rows,
    table_view,
)


def _stand_colour(row: dict) -> str | None:
    if not row["active"]:
        return GREY
    if row["below_minimum"]:
        return RED
    return AMBER if row["full"] else None


def _stand_state(row: dict) -> str:
    if not row["active"]:
        return "Desativado"
    if row["below_minimum"]:
        return "Abaixo do mínimo"
    return "Completo" if row["full"] else "Com vagas"


class StandsPage(QWidget):
    person_chosen = Signal(int)
    title = "Pontos"

    def __init__(self, actor: Actor | None = None, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.form = None
        self.last_print: dict | None = None
        layout = QVBoxLayout(self)
        layout.addWidget(heading("Pontos de mototáxi"))
        self.buttons: dict[str, QPushButton] = {}
        # side by side when both tables fit sideways, the roster below the list otherwise
        # (1366×768 at 125%): neither scrolls sideways, neither hides "Local" (_arrange)
        self.body = body = QHBoxLayout()
        # a page of stands at a time as the list scrolls (issue 23)
        self.stand_model = PagedTableModel(
            [Column("label", "Ponto"), Column("occupation", "Vagas"),
             Column("state", "Situação"), Column("name", "Local")],
            fetch=lambda offset, limit: [
                {**s, "state": _stand_state(s), "occupation": f"{s['count']}/{s['max_vehicles']}"}
                for s in stands.list_stands(offset=offset, limit=limit)],
            total=stands.count_stands, colour_of=_stand_colour, parent=self)
        self.stand_view = table_view(self.stand_model)
        self.stand_view.selectionModel().currentRowChanged.connect(
            lambda current, _previous: self.show_roster(current.row()))
        left = QVBoxLayout()
        left.addWidget(self.stand_view, 1)
        manage = FlowLayout()  # wraps on a narrow screen (widgets/flow.py)
        for key, text, slot in (("create", "&Novo ponto…", self.create),
                                ("edit", "&Editar ponto…", self.edit),
                                ("close", "&Desativar ponto…", self.close_or_reopen)):
            button = QPushButton(text)
            button.setObjectName(f"stand_{key}_button")
            button.clicked.connect(lambda _=False, s=slot: s())
            self.buttons[key] = button
            manage.addWidget(button)
        manage.addStretch(1)
        left.addLayout(manage)
        body.addLayout(left, 0)
        right = QVBoxLayout()
        self.roster_title = QLabel("Selecione um ponto.")
        right.addWidget(self.roster_title)
        self.place_model = DictTableModel(
            [Column("position", "Vaga"), Column("order_text", "Permissão"),
             Column("status", "Situação", lambda s: STATUS_LABELS.get(s, "Livre")),
             Column("since", "Desde"), Column("plate", "Placa"),
             Column("holder_name", instrument_words()["holder"]),
             Column("auxiliary_name", "Condutor auxiliar")],
            colour_of=lambda r: STATUS_COLOURS.get(r["status"], GREY), parent=self)
        self.place_view = table_view(self.place_model)
        open_rows(self.place_view, self._open_holder)
        open_rows(self.stand_view, lambda _row: self._enter_roster())
        self.place_view.selectionModel().currentRowChanged.connect(lambda *_: self._enable())
        right.addWidget(self.place_view, 1)
        row = FlowLayout()
        for key, text, slot in (("assign", "&Vincular permissão…", self.assign),
                                ("move", "&Mudar de ponto…", self.move),
                                ("release", "&Liberar vaga…", self.release),
                                ("print", "&Imprimir relação (Ctrl+P)", self.print_roster)):
            button = QPushButton(text)
            button.clicked.connect(lambda _=False, s=slot: s())
            self.buttons[key] = button
            row.addWidget(button)
        row.addStretch(1)
        right.addLayout(row)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.hide()
        right.addWidget(self.message)
        body.addLayout(right, 1)
        layout.addLayout(body, 1)
        QShortcut(QKeySequence("Ctrl+P"), self, activated=self.print_roster)
        self.roster: dict | None = None
        self._enable()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt API)
        super().resizeEvent(event)
        self._arrange()

    def _arrange(self) -> None:
        """The list of pontos as wide as its columns; the roster beside it when the rest of
        the page holds the roster's columns (its names narrowed at most), below it when not."""
        list_width = table_fit.width_needed(self.stand_view)
        roster_width = table_fit.width_needed(self.place_view, narrowed=True)
        spacing = self.body.spacing() + 2 * self.layout().contentsMargins().left()
        beside = self.width() >= list_width + roster_width + spacing
        direction = (QBoxLayout.Direction.LeftToRight if beside
                     else QBoxLayout.Direction.TopToBottom)
        if self.body.direction() != direction:
            self.body.setDirection(direction)
        self.stand_view.setMinimumWidth(list_width if beside else 0)
        self.body.setStretch(0, 0 if beside else 2)
        self.body.setStretch(1, 1 if beside else 3)

    def refresh(self) -> None:
        current = self.current_stand()
        self.stand_model.reload()
        rows = self.stand_model.rows  # the first page; the view fetches more as it scrolls
        if rows:
            ids = [r["id"] for r in rows]
            row = ids.index(current["id"]) if current and current["id"] in ids else 0
            self.stand_view.selectRow(row)
            self.show_roster(row)
            self._arrange()  # the list's columns as wide as their new contents
        else:
            self.roster_title.setText("Nenhum ponto cadastrado ainda. <b>Novo ponto</b> cria o "
                                      "primeiro (supervisor).")
            self._enable()

    def current_stand(self) -> dict | None:
        index = self.stand_view.currentIndex()
        return self.stand_model.row(index.row()) if index.isValid() else None

    def current_place(self) -> dict | None:
        index = self.place_view.currentIndex()
        return self.place_model.row(index.row()) if index.isValid() else None

    def show_roster(self, row: int) -> None:
        if not 0 <= row < len(self.stand_model.rows):
            return
        roster = stands.roster(self.stand_model.row(row)["id"])
        self.roster = roster
        act = (f" · máximo fixado por {roster['max_raised_by_act']}"
               + (f" de {format_date(roster['max_act_date'])}" if roster["max_act_date"]
                  else "") if roster["max_raised_by_act"] else "")
        closed = (f"<br><span style='color:#a00'>Desativado em "
                  f"{format_date(roster['closed_on'])}: {roster['close_reason']}"
                  + (f" ({roster['close_act']})" if roster["close_act"] else "") + "</span>"
                  if not roster["active"] else "")
        self.roster_title.setText(
            f"<b>{roster['label']} — {roster['name']}</b> · {roster['location']}<br>"
            f"{roster['count']} de {roster['max_vehicles']} vagas ocupadas "
            f"(mínimo {roster['min_vehicles']}){act}"
            + (f" · <span style='color:#a00'>abaixo do mínimo de {roster['min_vehicles']}</span>"
               if roster["below_minimum"] and roster["active"] else "") + closed)
        profile = setup.profile_today()
        self.place_model.set_rows([
            {**p, "order_text": permit_rules.format_order_number(profile, p["order_number"])
             if p["order_number"] else ""} for p in roster["places"]])
        self._arrange()
        self._enable()

    def _enable(self) -> None:
        role = self.actor.role if self.actor else ""
        stand = self.current_stand()
        place = self.current_place()
        filled = bool(place and place["permit_id"])
        may_place = bool(self.actor) and permissions.can(self.actor, "stand.change")
        may = {action: bool(self.actor) and permissions.can(self.actor, action)
               for action in ("stand.create", "stand.edit", "stand.close", "stand.reopen")}
        active = bool(stand) and stand["active"]
        can = {"assign": may_place and active and not stand["full"],
               "move": may_place and filled, "release": may_place and filled,
               "print": role in documents.PRINT_ROLES and bool(stand),
               "create": may["stand.create"], "edit": may["stand.edit"] and active,
               "close": may["stand.close" if active or not stand else "stand.reopen"]
               and bool(stand)}
        for key, button in self.buttons.items():
            button.setEnabled(can[key])
        self.buttons["close"].setText("&Desativar ponto…" if active or not stand else
                                      "&Reativar ponto")
        if not may["stand.create"]:
            for key in ("create", "edit", "close"):
                self.buttons[key].setToolTip("Seu perfil não pode criar nem alterar pontos "
                                             "(supervisor).")
        if not may_place:
            for key in ("assign", "move", "release"):
                self.buttons[key].setToolTip("Seu perfil não pode mudar permissões de ponto.")

    def say(self, text: str, ok: bool = False) -> None:
        self.message.setStyleSheet(f"color: {'#1b5e20' if ok else '#b71c1c'}; "
                                   "font-weight: bold;")
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def _open(self, form):
        self.form = form
        form.accepted.connect(lambda: (self.refresh(), self.say(form.done_text, ok=True)))
        form.open()
        return form

    def _place_permit(self) -> dict | None:
        place = self.current_place()
        if not place or not place["permit_id"]:
            return None
        return permits.permit(place["permit_id"])

    def create(self):
        """'Novo ponto' (ui/stand_form.ui)."""
        if not self.buttons["create"].isEnabled():
            return None
        from ..dialogs.stand_forms import StandFormDialog
        form = self._open(StandFormDialog(self.actor, parent=self))
        form.accepted.connect(lambda: self.select_stand(form.result_value["id"]))
        return form

    def edit(self):
        """'Editar ponto': name, address, coordinates, limits (the maximum by act)."""
        stand = self.current_stand()
        if not self.buttons["edit"].isEnabled() or stand is None:
            return None
        from ..dialogs.stand_forms import StandFormDialog
        return self._open(StandFormDialog(self.actor, stands.stand(stand["id"]),
                                          parent=self))

    def close_or_reopen(self):
        """'Desativar ponto' (ui/stand_close.ui) on an active ponto; 'Reativar ponto' on a
        closed one, after a confirmation."""
        stand = self.current_stand()
        if not self.buttons["close"].isEnabled() or stand is None:
            return None
        if stand["active"]:
            from ..dialogs.stand_forms import StandCloseDialog
            return self._open(StandCloseDialog(self.actor, stand, parent=self))
        if not self.confirm(f"Reativar o {stand['label']} — {stand['name']}?"):
            return None
        try:
            result = stands.reopen_stand(self.actor, stand["id"])
        except DomainError as exc:
            self.say(str(exc))
            return None
        self.refresh()
        self.say(f"{result['label']} reativado.", ok=True)
        return result

    def confirm(self, text: str) -> bool:
        """The question before reopening a ponto (gui/prompts.py, which tests answer)."""
        from .. import prompts
        return prompts.ask_yes_no(self, "Pontos", text)

    def select_stand(self, stand_id: int) -> None:
        ids = [r["id"] for r in self.stand_model.rows]
        while stand_id not in ids and self.stand_model.canFetchMore():  # on a later page
            self.stand_model.fetchMore()
            ids = [r["id"] for r in self.stand_model.rows]
        if stand_id in ids:
            self.stand_view.selectRow(ids.index(stand_id))
            self.show_roster(ids.index(stand_id))

    def assign(self):
        stand = self.current_stand()
        if not self.buttons["assign"].isEnabled() or stand is None:
            return None
        from ..dialogs.stand_place import assign_form
        return self._open(assign_form(self.actor, stand, self))

    def move(self):
        permit = self._place_permit()
        if not self.buttons["move"].isEnabled() or permit is None:
            return None
        from ..dialogs.stand_place import place_form
        return self._open(place_form(self.actor, permit, self))

    def release(self):
        permit = self._place_permit()
        if not self.buttons["release"].isEnabled() or permit is None:
            return None
        from ..dialogs.stand_place import release_form
        return self._open(release_form(self.actor, permit, self))

    def print_roster(self) -> dict | None:
        stand = self.current_stand()
        if not self.buttons["print"].isEnabled() or stand is None:
            return None
        try:
            result = documents.print_roster(self.actor, stand["number"])
        except DomainError as exc:
            self.say(str(exc))
            return None
        self.last_print = result
        self.say(f"Relação do {stand['label']} emitida ({result['copies'][0]['copy']}ª via).",
                 ok=True)
        prompts.show_preview(self, result)
        return result

    def _enter_roster(self) -> None:
        """A stand's item is its roster: Enter goes to its first place."""
        if self.place_model.rows:
            self.place_view.setFocus()
            self.place_view.selectRow(0)

    def _open_holder(self, row: int) -> None:
        holder = self.place_model.row(row).get("holder_id")
        if holder:
            self.person_chosen.emit(holder)
