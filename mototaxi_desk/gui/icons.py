"""The program's icons: Tabler Icons (MIT), bundled as SVG under resources/icons/ (its README
says where from). `icon(name)` is drawn by Qt's SVG icon engine, sharp at 125% and 150%."""
from __future__ import annotations

from functools import cache

from PySide6.QtGui import QIcon

from .. import package_data

# a page's icon by its title (main window's navigation)
PAGE_ICONS = {"Painel": "layout-dashboard", "Atendimento": "id", "Requerimentos": "file-text",
              "Permissionários": "users", "Veículos": "motorbike", "Pontos": "map-pin",
              "Vistorias": "clipboard-check", "Infrações": "alert-triangle",
              "Lista de espera": "list-numbers", "Relatórios": "report-analytics",
              "Configurações": "settings"}


@cache
def icon(name: str) -> QIcon:
    """The bundled icon NAME (an empty icon if the file is missing: a damaged install
    still works, without pictures)."""
    path = package_data.file("icons", f"{name}.svg")
    return QIcon(str(path)) if path.is_file() else QIcon()
