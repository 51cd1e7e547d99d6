"""The main window's navigation: each page's icon and title, and a count beside the pages
that have work waiting (requerimentos to decide, prazos vencidos) — a number in a badge,
with its meaning in the tooltip."""
from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QStyledItemDelegate

from ..icons import PAGE_ICONS, icon

COUNT_ROLE = Qt.ItemDataRole.UserRole + 1   # the number shown in the badge (0: none)
TONE_ROLE = Qt.ItemDataRole.UserRole + 2    # "overdue" (red) or "info" (blue)
TONES = {"overdue": "#c62828", "info": "#2f6fb0"}


class _CountDelegate(QStyledItemDelegate):
    def sizeHint(self, option, index) -> QSize:  # noqa: N802 (Qt API)
        size = super().sizeHint(option, index)
        return QSize(size.width(), max(size.height(), option.fontMetrics.height() + 14))

    def paint(self, painter: QPainter, option, index) -> None:
        super().paint(painter, option, index)
        count = index.data(COUNT_ROLE) or 0
        if not count:
            return
        # on the icon's upper right corner, like a notification: no width taken from titles
        text = str(count) if count < 100 else "99+"
        painter.save()
        font = painter.font()
        font.setBold(True)
        font.setPointSizeF(max(7.0, font.pointSizeF() * 0.75))
        metrics = QFontMetrics(font)
        height = metrics.height()
        width = max(metrics.horizontalAdvance(text) + 8, height)
        icon_side = self.parent().iconSize().width()
        rect = QRect(option.rect.left() + 3 + 6 + icon_side + 3 - width,
                     option.rect.top() + 1, width, height)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(TONES.get(index.data(TONE_ROLE), TONES["info"])))
        painter.drawRoundedRect(rect, height / 2, height / 2)
        painter.setPen(QColor("white"))
        painter.setFont(font)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()


class Navigation(QListWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("navigation")
        self.setItemDelegate(_CountDelegate(self))
        self.setSpacing(1)
        self.setIconSize(QSize(20, 20))
        self.setUniformItemSizes(True)

    def add_page(self, title: str) -> QListWidgetItem:
        item = QListWidgetItem(icon(PAGE_ICONS.get(title, "")), title)
        self.addItem(item)
        return item

    def fit_width(self) -> None:
        """As narrow as the titles allow, in the font's measure (holds at 125% and 150%):
        the selected title is bold; a count sits on its icon's corner."""
        bold = self.font()
        bold.setBold(True)
        metrics = QFontMetrics(bold)
        chrome = self.iconSize().width() + 6 + 2 * 6 + 3 + 2 * self.frameWidth()
        width = max(metrics.horizontalAdvance(self.item(row).text()) + chrome
                    for row in range(self.count()))
        self.setFixedWidth(width)

    def set_count(self, row: int, count: int, *, tone: str = "info", meaning: str = "") -> None:
        """The badge of page `row` (0 hides it); `meaning` is its tooltip."""
        item = self.item(row)
        item.setData(COUNT_ROLE, int(count or 0))
        item.setData(TONE_ROLE, tone)
        item.setToolTip(meaning if count else "")

    def count_of(self, row: int) -> int:
        return self.item(row).data(COUNT_ROLE) or 0
