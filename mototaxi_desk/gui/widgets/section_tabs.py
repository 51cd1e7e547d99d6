"""Tabs for a page with many sections (Configurações: nine, eleven for an administrator),
whose titles wrap onto a second row instead of going behind Qt's scroll arrows. At 1366×768
and 125% a window is 1093 logical pixels wide: the sections' titles, which the program's
messages name ("Configurações → Unidade fiscal e tarifa"), no longer fit in one row, and even
the narrowed padding of gui/widgets/fitting_tabs.py is not enough.

A QTabWidget (its whole interface unchanged: addTab, setCurrentWidget, tabText...) whose own
tab bar is hidden; `header` holds one checkable button per tab, in a FlowLayout, kept in step
with the tabs. The page puts `header` just above the tab widget. Like a tab bar, the header
is one stop of the Tab key, and the arrow keys move between sections (Ctrl+Tab and
Ctrl+PgDown still work from inside a section, as on any tab widget)."""
from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QButtonGroup, QTabWidget, QToolButton, QWidget

from .flow import FlowLayout

_STYLE = ("QToolButton { border: 1px solid #b8b8b8; border-radius: 3px; background: #ececec;"
          " padding: 3px 9px; }"
          "QToolButton:hover { background: #f6f6f6; }"
          "QToolButton:checked { background: #ffffff; border: 1px solid #7a7a7a;"
          " border-bottom: 3px solid #1565c0; }"
          "QToolButton:focus { border: 1px dashed #1565c0; }")
_NEXT = {Qt.Key.Key_Right: 1, Qt.Key.Key_Down: 1, Qt.Key.Key_Left: -1, Qt.Key.Key_Up: -1}


class SectionTabs(QTabWidget):
    HEADER_NAME = "section_tabs_header"  # the buttons' parent: tabs, not acts of a page

    def __init__(self, parent=None):
        super().__init__(parent)
        self.tabBar().hide()
        self.header = QWidget()
        self.header.setObjectName(self.HEADER_NAME)
        self.header.setStyleSheet(_STYLE)
        self._flow = FlowLayout(self.header, spacing=4)
        self._flow.setContentsMargins(0, 0, 0, 2)
        self._group = QButtonGroup(self.header)
        self._group.setExclusive(True)
        self._group.idClicked.connect(self.setCurrentIndex)
        self.currentChanged.connect(self._mark_current)

    # --- the buttons, in step with the tabs ---------------------------------------------
    def tabInserted(self, index: int) -> None:  # noqa: N802 (Qt API)
        super().tabInserted(index)
        self._rebuild()

    def tabRemoved(self, index: int) -> None:  # noqa: N802 (Qt API)
        super().tabRemoved(index)
        self._rebuild()

    def setTabText(self, index: int, text: str) -> None:  # noqa: N802 (Qt API)
        super().setTabText(index, text)
        button = self._group.button(index)
        if button is not None:
            button.setText(_shown(text))

    def setTabToolTip(self, index: int, tip: str) -> None:  # noqa: N802 (Qt API)
        super().setTabToolTip(index, tip)
        button = self._group.button(index)
        if button is not None:
            button.setToolTip(tip)

    def buttons(self) -> list[QToolButton]:
        """The header's buttons, in the tabs' order."""
        return [self._group.button(i) for i in range(self.count())]

    def _rebuild(self) -> None:
        """Every button made again (a page has a dozen at most; tabs are added at start)."""
        while self._flow.count():
            self._flow.takeAt(0)  # the layout's items are Python's (FlowLayout's list)
        for button in self._group.buttons():
            self._group.removeButton(button)
            button.hide()
            button.deleteLater()
        for index in range(self.count()):
            button = QToolButton(self.header)
            button.setText(_shown(self.tabText(index)))
            button.setToolTip(self.tabToolTip(index))
            button.setCheckable(True)
            button.setAccessibleName(f"Seção {self.tabText(index)}")
            button.installEventFilter(self)  # the arrow keys: eventFilter
            self._group.addButton(button, index)
            self._flow.addWidget(button)
        self._mark_current(self.currentIndex())
        self.header.updateGeometry()

    def _mark_current(self, index: int) -> None:
        """The current section's button checked, and the header's one Tab stop."""
        for button in self._group.buttons():  # (a tab being inserted has none yet)
            i = self._group.id(button)
            button.setChecked(i == index)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus if i == index else
                                  Qt.FocusPolicy.NoFocus)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt API)
        """The arrow keys on a section's button move to the next or previous section."""
        if event.type() == QEvent.Type.KeyPress and event.key() in _NEXT and \
                not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier and \
                watched in self._group.buttons():
            self.step(_NEXT[event.key()])
            return True
        return super().eventFilter(watched, event)

    def step(self, by: int) -> None:
        """The next (or previous) section, its button keeping the keyboard's focus."""
        if not self.count():
            return
        had_focus = any(b.hasFocus() for b in self.buttons())
        self.setCurrentIndex((self.currentIndex() + by) % self.count())
        if had_focus:
            self._group.button(self.currentIndex()).setFocus(Qt.FocusReason.TabFocusReason)


def _shown(title: str) -> str:
    """A tab's title as a button's text: an "&" is a letter, not a shortcut's mark."""
    return title.replace("&", "&&")
