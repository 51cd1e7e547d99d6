"""The record's Veículos tab registers a vehicle for the person on screen (issue 36 item 2):
a button above the table and the table's right-click (or menu key) — the vehicle form
(dialogs/vehicle_form.py) with this person as owner; the record reloads once it is saved."""
from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from ...services import permissions
from ..widgets.row_menu import row_menu


def add_vehicle_actions(page) -> QPushButton:
    """Put the button above the Veículos tab's table and its menu on the table; the
    button (`page.new_vehicle_button`) is on while a record is open and the role may."""
    view = page.views["vehicles"]
    index = page.tabs.indexOf(view)
    title = page.tabs.tabText(index)
    tab = QWidget()
    layout = QVBoxLayout(tab)
    layout.setContentsMargins(0, 4, 0, 0)
    row = QHBoxLayout()
    button = QPushButton("Cadastrar veícu&lo para esta pessoa…")
    button.setObjectName("record_new_vehicle_button")
    button.setEnabled(False)
    button.clicked.connect(lambda: new_vehicle(page))
    row.addWidget(button)
    row.addStretch(1)
    layout.addLayout(row)
    page.tabs.removeTab(index)
    layout.addWidget(view, 1)
    view.show()  # the tab's stack hid it as it was taken out
    page.tabs.insertTab(index, tab, title)
    row_menu(view, lambda r: [
        *([("Abrir veículo…", lambda: page.open_item("vehicles", r))] if r >= 0 else []),
        ("Cadastrar veículo para esta pessoa…", lambda: new_vehicle(page),
         button.isEnabled())])
    page.new_vehicle_button = button
    return button


def may_register(page) -> bool:
    return page.person_id is not None and permissions.can(page.actor, "vehicle.register")


def new_vehicle(page):
    """The vehicle form with the person on screen as owner (the plate first)."""
    if not may_register(page):
        return None
    from ..dialogs.vehicle_form import VehicleForm
    form = VehicleForm(page.actor, owner_id=page.person_id, parent=page)
    form.done_text = "Veículo cadastrado."
    return page._open(form)
