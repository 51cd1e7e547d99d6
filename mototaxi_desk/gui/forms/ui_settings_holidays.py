# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'settings_holidays.ui'
##
## Created by: Qt User Interface Compiler version 6.12.0
##
## WARNING! All changes made in this file will be lost when recompiling UI file!
################################################################################

from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QApplication, QHBoxLayout, QHeaderView, QLabel,
    QPushButton, QSizePolicy, QTableView, QVBoxLayout,
    QWidget)

from mototaxi_desk.gui.widgets.common import MessageLine
from mototaxi_desk.gui.widgets.dates import DateField
from mototaxi_desk.gui.widgets.fields import FormField

class Ui_SettingsHolidaysTab(object):
    def setupUi(self, SettingsHolidaysTab):
        if not SettingsHolidaysTab.objectName():
            SettingsHolidaysTab.setObjectName(u"SettingsHolidaysTab")
        self.layout = QVBoxLayout(SettingsHolidaysTab)
        self.layout.setObjectName(u"layout")
        self.note = QLabel(SettingsHolidaysTab)
        self.note.setObjectName(u"note")
        self.note.setWordWrap(True)

        self.layout.addWidget(self.note)

        self.holiday_view = QTableView(SettingsHolidaysTab)
        self.holiday_view.setObjectName(u"holiday_view")

        self.layout.addWidget(self.holiday_view)

        self.form = QHBoxLayout()
        self.form.setObjectName(u"form")
        self.holiday_day_label = QLabel(SettingsHolidaysTab)
        self.holiday_day_label.setObjectName(u"holiday_day_label")

        self.form.addWidget(self.holiday_day_label)

        self.holiday_day = DateField(SettingsHolidaysTab)
        self.holiday_day.setObjectName(u"holiday_day")

        self.form.addWidget(self.holiday_day)

        self.holiday_name_label = QLabel(SettingsHolidaysTab)
        self.holiday_name_label.setObjectName(u"holiday_name_label")

        self.form.addWidget(self.holiday_name_label)

        self.holiday_name = FormField(SettingsHolidaysTab)
        self.holiday_name.setObjectName(u"holiday_name")

        self.form.addWidget(self.holiday_name)

        self.holiday_add = QPushButton(SettingsHolidaysTab)
        self.holiday_add.setObjectName(u"holiday_add")

        self.form.addWidget(self.holiday_add)

        self.holiday_remove = QPushButton(SettingsHolidaysTab)
        self.holiday_remove.setObjectName(u"holiday_remove")

        self.form.addWidget(self.holiday_remove)

        self.form.setStretch(3, 1)

        self.layout.addLayout(self.form)

        self.holiday_message = MessageLine(SettingsHolidaysTab)
        self.holiday_message.setObjectName(u"holiday_message")

        self.layout.addWidget(self.holiday_message)

        self.layout.setStretch(1, 1)
#if QT_CONFIG(shortcut)
        self.holiday_day_label.setBuddy(self.holiday_day)
        self.holiday_name_label.setBuddy(self.holiday_name)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.holiday_view, self.holiday_day)
        QWidget.setTabOrder(self.holiday_day, self.holiday_name)
        QWidget.setTabOrder(self.holiday_name, self.holiday_add)
        QWidget.setTabOrder(self.holiday_add, self.holiday_remove)

        self.retranslateUi(SettingsHolidaysTab)

        QMetaObject.connectSlotsByName(SettingsHolidaysTab)
    # setupUi

    def retranslateUi(self, SettingsHolidaysTab):
        SettingsHolidaysTab.setWindowTitle(QCoreApplication.translate("SettingsHolidaysTab", u"Feriados municipais", None))
        self.note.setText(QCoreApplication.translate("SettingsHolidaysTab", u"Feriados criados por lei municipal. Os feriados nacionais e estaduais j\u00e1 s\u00e3o conhecidos pelo sistema. Prazos em dias \u00fateis deixam de contar os feriados cadastrados aqui.", None))
        self.holiday_day_label.setText(QCoreApplication.translate("SettingsHolidaysTab", u"&Data:", None))
        self.holiday_name_label.setText(QCoreApplication.translate("SettingsHolidaysTab", u"&Nome:", None))
        self.holiday_add.setText(QCoreApplication.translate("SettingsHolidaysTab", u"Adicionar feriado", None))
        self.holiday_remove.setText(QCoreApplication.translate("SettingsHolidaysTab", u"Remover o selecionado", None))
    # retranslateUi

