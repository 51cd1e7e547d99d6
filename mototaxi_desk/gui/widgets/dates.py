"""The one date field of the program (and its date-and-time twin): the clerk types the digits
— 15031990 becomes 15/03/1990, 150319901430 becomes 15/03/1990 14:30 — and one Tab leaves
the field. A QDateEdit moves the Tab from section to section and, with
`setSpecialValueText(" ")` for "no date", turned typed digits into garbage (issue 15).

    field = DateField(label="Data de nascimento", required=False,
                      earliest=dt.date(1900, 1, 1), latest=wallclock.today())
    field.date()        # a dt.date, None when empty and optional; ValidationError otherwise
    field.set_date(dt.date(1990, 3, 15))   # or None to empty it
    DateField(with_time=True).datetime()   # dd/mm/aaaa hh:mm

It is a FormField (fields.py): the red border and the Portuguese message of
domain.validators.parse_date appear under it while typing. In a Designer file it is a
QWidget promoted to `DateField` (header `mototaxi_desk.gui.widgets.dates`), configured by
the view with `configure(...)`. F4 or Alt+↓ opens a calendar, and so does the small
calendar button inside the field."""
from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QDate, QDateTime, QPoint, Qt, Signal
from PySide6.QtGui import QAction, QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QCalendarWidget, QFrame, QLineEdit, QVBoxLayout

from ...domain import validators
from ...domain.errors import ValidationError
from .fields import ValidatedField
from ...domain import wallclock

DATE_MASK = "99/99/9999;_"
DATETIME_MASK = "99/99/9999 99:99;_"
EARLIEST = dt.date(1900, 1, 1)
LATEST = dt.date(2200, 12, 31)


def _calendar_icon() -> QIcon:
    """A small calendar drawn here (the program ships no icon theme)."""
    pixmap = QPixmap(16, 16)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setPen(QColor("#555"))
    painter.drawRect(1, 2, 13, 12)
    painter.fillRect(2, 3, 12, 3, QColor("#c62828"))
    for x in (4, 7, 10):
        for y in (8, 11):
            painter.drawPoint(x, y)
    painter.end()
    return QIcon(pixmap)


class DateEdit(QLineEdit):
    """The editor: an input mask that skips the separators, the cursor at the start of an
    empty field wherever it was clicked, and the calendar on F4 / Alt+Down."""

    def __init__(self, with_time: bool = False, parent=None):
        super().__init__(parent)
        self.with_time = with_time
        self.setInputMask(DATETIME_MASK if with_time else DATE_MASK)
        self.setPlaceholderText("dd/mm/aaaa hh:mm" if with_time else "dd/mm/aaaa")
        self.calendar_action = QAction(_calendar_icon(), "Calendário (F4)", self)
        self.calendar_action.triggered.connect(self.show_calendar)
        self.addAction(self.calendar_action, QLineEdit.ActionPosition.TrailingPosition)
        self._popup: QFrame | None = None
        self._fit()

    def _fit(self) -> None:
        """Wide enough for the whole date (and time) beside the calendar button, at any
        scale: measured with the font, not a fixed number of pixels."""
        sample = "00/00/0000 00:00" if self.with_time else "00/00/0000"
        self.setMinimumWidth(self.fontMetrics().horizontalAdvance(sample) + 44)
        # never squeezed below its height: the calendar button inside was cut when a form
        # with its messages shown was short of room
        self.setMinimumHeight(self.sizeHint().height())

    def is_blank(self) -> bool:
        return not any(c.isdigit() for c in self.text())

    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt API)
        super().mousePressEvent(event)
        if self.is_blank():  # typing starts at the day, not where the mouse landed
            self.setCursorPosition(0)

    def keyPressEvent(self, event) -> None:  # noqa: N802
        alt_down = (event.key() == Qt.Key.Key_Down
                    and event.modifiers() & Qt.KeyboardModifier.AltModifier)
        if event.key() == Qt.Key.Key_F4 or alt_down:
            self.show_calendar()
            return
        super().keyPressEvent(event)

    # --- the calendar ------------------------------------------------------------------

    def show_calendar(self) -> QCalendarWidget:
        popup = QFrame(self, Qt.WindowType.Popup)
        popup.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)  # one calendar at a time
        popup.setFrameShape(QFrame.Shape.Box)
        calendar = QCalendarWidget(popup)
        calendar.setGridVisible(True)
        owner = self.parent()
        current = None
        if isinstance(owner, DateField):
            try:
                current = owner.date()
            except ValidationError:
                current = None
        day = current or wallclock.today()
        calendar.setSelectedDate(QDate(day.year, day.month, day.day))
        calendar.activated.connect(lambda d: self._picked(d.toPython(), popup))
        calendar.clicked.connect(lambda d: self._picked(d.toPython(), popup))
        layout = QVBoxLayout(popup)
        layout.setContentsMargins(1, 1, 1, 1)
        layout.addWidget(calendar)
        popup.move(self.mapToGlobal(QPoint(0, self.height())))
        popup.show()
        calendar.setFocus()
        self._popup = popup
        popup.calendar = calendar
        return calendar

    def _picked(self, day: dt.date, popup: QFrame) -> None:
        popup.close()
        time = self.text()[11:] if self.with_time else ""
        text = day.strftime("%d/%m/%Y") + (f" {time}" if time.strip(" :_") else
                                           (" 00:00" if self.with_time else ""))
        self.setText(text)
        self.textEdited.emit(self.text())  # the owner validates as if it were typed
        self.setFocus()


class DateField(ValidatedField):
    """A validated date (or date-and-time) field; see the module's docstring. `changed`
    carries the new value each time the text becomes a whole valid date (None: emptied)."""

    changed = Signal(object)

    def __init__(self, parent=None, *, with_time: bool = False, label: str = "Data",
                 required: bool = True, earliest: dt.date | None = None,
                 latest: dt.date | None = None, value=None):
        super().__init__(self._check, editor=DateEdit(with_time), required=required,
                         parent=parent)
        self.label = label
        self.earliest, self.latest = earliest or EARLIEST, latest or LATEST
        self.editor.textChanged.connect(self._text_changed)
        if value is not None:
            self.set_value(value)

    def _text_changed(self, _text: str) -> None:
        if self.is_empty():
            self.changed.emit(None)
            return
        try:
            self.changed.emit(self._parse(self.editor.text()))
        except ValidationError:
            pass  # half typed: nothing to announce yet

    def configure(self, *, label: str | None = None, required: bool | None = None,
                  earliest: dt.date | None = None, latest: dt.date | None = None,
                  with_time: bool | None = None) -> "DateField":
        if label is not None:
            self.label = label
        if required is not None:
            self.required = required
        if earliest is not None:
            self.earliest = earliest
        if latest is not None:
            self.latest = latest
        if with_time is not None and with_time != self.with_time:
            self.editor.with_time = with_time
            self.editor.setInputMask(DATETIME_MASK if with_time else DATE_MASK)
            self.editor._fit()
            self.editor.setPlaceholderText("dd/mm/aaaa hh:mm" if with_time else "dd/mm/aaaa")
        return self

    @property
    def with_time(self) -> bool:
        return self.editor.with_time

    # --- reading -----------------------------------------------------------------------

    def _parse(self, text: str):
        """The date (or datetime) in `text`; ValidationError naming the field."""
        text = text.strip()
        date_part, _, time_part = text.partition(" ")
        if len(date_part) != 10:
            raise ValidationError(self.label, "data incompleta; digite dd/mm/aaaa "
                                              "(ex.: 15031990 para 15/03/1990).")
        day = validators.parse_date(date_part, self.label, earliest=self.earliest,
                                    latest=self.latest)
        if not self.with_time:
            return day
        time_part = time_part.strip()
        if len(time_part) != 5:
            raise ValidationError(self.label, "hora incompleta; digite hh:mm (ex.: 1430 "
                                              "para 14:30).")
        hours, minutes = int(time_part[:2]), int(time_part[3:])
        if hours > 23 or minutes > 59:
            raise ValidationError(self.label, f"hora inválida '{time_part}'; use hh:mm de "
                                              "00:00 a 23:59.")
        return dt.datetime.combine(day, dt.time(hours, minutes))

    def _check(self, text: str) -> None:
        if not text.strip(" /:"):
            raise ValidationError(self.label, "campo obrigatório.")
        self._parse(text)

    def is_empty(self) -> bool:
        return self.editor.is_blank()

    def value(self):
        """The date or datetime; None when empty and optional; ValidationError otherwise
        (the message is shown under the field too)."""
        if self.is_empty():
            if self.required:
                self.show_error("Campo obrigatório.")
                raise ValidationError(self.label, "campo obrigatório.")
            self.show_error("")
            return None
        try:
            result = self._parse(self.editor.text())
        except ValidationError as exc:
            self.show_error(exc.message)
            raise
        self.show_error("")
        return result

    def date(self) -> dt.date | None:
        result = self.value()
        return result.date() if isinstance(result, dt.datetime) else result

    def datetime(self) -> dt.datetime | None:
        result = self.value()
        if result is None or isinstance(result, dt.datetime):
            return result
        return dt.datetime.combine(result, dt.time())

    # --- writing -----------------------------------------------------------------------

    def set_value(self, value) -> None:
        """A date, a datetime, a QDate / QDateTime, or None (empty)."""
        if isinstance(value, (QDate, QDateTime)):
            value = value.toPython()
        if value is None:
            self.editor.clear()
        elif self.with_time:
            if not isinstance(value, dt.datetime):
                value = dt.datetime.combine(value, dt.time())
            self.editor.setText(value.strftime("%d/%m/%Y %H:%M"))
        else:
            if isinstance(value, dt.datetime):
                value = value.date()
            self.editor.setText(value.strftime("%d/%m/%Y"))
        self.show_error("")

    set_date = set_value
    setDate = set_value  # noqa: N815 (the QDateEdit spelling the older forms and tests use)
    setDateTime = set_value  # noqa: N815

    def clear(self) -> None:
        self.set_value(None)

    # the spelling of FieldBox (fields.py), which the vehicle form's boxes use
    @property
    def field(self):
        return self.editor

    def error(self, text: str) -> None:
        self.show_error(text)

    def hint(self, text: str = "") -> None:
        self.show_hint(text)


def date_field(value: dt.date | None = None, **options) -> DateField:
    """A date field holding `value` (today when None; pass empty=True for none)."""
    empty = options.pop("empty", False)
    return DateField(value=None if empty else (value or wallclock.today()), **options)


def datetime_field(value: dt.datetime | None = None, **options) -> DateField:
    """A date-and-time field holding `value` (now, to the minute, when None)."""
    moment = value or wallclock.now().replace(second=0, microsecond=0)
    return DateField(with_time=True, value=moment, **options)
