"""Tabs whose titles all stay in sight on a narrow screen (UX.md: 1366×768 at 125%, where a
window is 1093 logical pixels wide). Qt's tab bar hides the tabs that do not fit behind two
small arrows: at 125% the prontuário lost "Infrações" and "Histórico" that way, and the
Painel its "Primeiros passos". Where the titles at the style's padding do not fit, this bar
narrows the padding around each title (down to FLOOR_EM of the font's height); the arrows
come back only when even that is not enough. Where they fit, nothing changes.

The padding is the style's own measure (PM_TabBarTabHSpace), given by a proxy of the style
on this bar only: the style sizes the tab and draws its title with the same measure, so a
title is never cut by a tab made narrower than the style draws in."""
from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QSize
from PySide6.QtWidgets import QProxyStyle, QStyle, QTabBar, QTabWidget

FLOOR_EM = 0.6  # the least padding left around a title, in the font's height
_HSPACE = QStyle.PixelMetric.PM_TabBarTabHSpace


class _Padding(QProxyStyle):
    """The application's style, with the tab's padding this bar asks for."""

    def __init__(self):
        super().__init__()
        self.hspace: int | None = None  # None: the style's own

    def pixelMetric(self, metric, option=None, widget=None):
        if metric == _HSPACE and self.hspace is not None:
            return self.hspace
        return super().pixelMetric(metric, option, widget)


class FittingTabBar(QTabBar):
    def __init__(self, parent=None):
        super().__init__(parent)
        self._padding = _Padding()  # kept: a widget does not own the style it is given
        self.setStyle(self._padding)
        if parent is not None:  # its tab widget's width is the room the tabs have
            parent.installEventFilter(self)

    def _fitting_hspace(self, room: int) -> int | None:
        """The padding that fits the titles in `room` pixels (None: the style's own)."""
        asked, self._padding.hspace = self._padding.hspace, None
        try:
            if room <= 0 or self.count() < 2:
                return None
            excess = sum(QTabBar.tabSizeHint(self, i).width()
                         for i in range(self.count())) - room
            if excess <= 0:
                return None
            own = self._padding.pixelMetric(_HSPACE, None, self)
            floor = math.ceil(FLOOR_EM * self.fontMetrics().height())
            return max(min(floor, own), own - math.ceil(excess / self.count()))
        finally:
            self._padding.hspace = asked

    def _room(self) -> int:
        return self.parentWidget().width() if self.parentWidget() is not None else 0

    def tabSizeHint(self, index: int) -> QSize:
        self._padding.hspace = self._fitting_hspace(self._room())
        return super().tabSizeHint(index)

    def eventFilter(self, watched, event) -> bool:
        # Qt lays the tabs out again when they change, not when their tab widget is
        # resized: a window made wider (or narrower) asks for it here
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize and \
                self._fitting_hspace(self._room()) != self._padding.hspace:
            self.setIconSize(self.iconSize())  # Qt's public way to have the tabs laid again
        return False


def fitting_tab_widget() -> QTabWidget:
    """A QTabWidget with a FittingTabBar."""
    tabs = QTabWidget()
    tabs.setTabBar(FittingTabBar(tabs))
    return tabs
