# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'settings_fiscal_unit.ui'
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
    QPushButton, QSizePolicy, QSpinBox, QTableView,
    QVBoxLayout, QWidget)

from mototaxi_desk.gui.widgets.common import MessageLine
from mototaxi_desk.gui.widgets.fields import FormField

class Ui_SettingsFiscalUnitTab(object):
    def setupUi(self, SettingsFiscalUnitTab):
        if not SettingsFiscalUnitTab.objectName():
            SettingsFiscalUnitTab.setObjectName(u"SettingsFiscalUnitTab")
        self.layout = QVBoxLayout(SettingsFiscalUnitTab)
        self.layout.setObjectName(u"layout")
        self.unit_note = QLabel(SettingsFiscalUnitTab)
        self.unit_note.setObjectName(u"unit_note")
        self.unit_note.setWordWrap(True)

        self.layout.addWidget(self.unit_note)

        self.unit_view = QTableView(SettingsFiscalUnitTab)
        self.unit_view.setObjectName(u"unit_view")

        self.layout.addWidget(self.unit_view)

        self.form = QHBoxLayout()
        self.form.setObjectName(u"form")
        self.unit_year_label = QLabel(SettingsFiscalUnitTab)
        self.unit_year_label.setObjectName(u"unit_year_label")

        self.form.addWidget(self.unit_year_label)

        self.unit_year = QSpinBox(SettingsFiscalUnitTab)
        self.unit_year.setObjectName(u"unit_year")
        self.unit_year.setMinimum(2000)
        self.unit_year.setMaximum(2200)

        self.form.addWidget(self.unit_year)

        self.unit_value_label = QLabel(SettingsFiscalUnitTab)
        self.unit_value_label.setObjectName(u"unit_value_label")

        self.form.addWidget(self.unit_value_label)

        self.unit_value = FormField(SettingsFiscalUnitTab)
        self.unit_value.setObjectName(u"unit_value")

        self.form.addWidget(self.unit_value)

        self.unit_button = QPushButton(SettingsFiscalUnitTab)
        self.unit_button.setObjectName(u"unit_button")

        self.form.addWidget(self.unit_button)

        self.form.setStretch(3, 1)

        self.layout.addLayout(self.form)

        self.unit_message = MessageLine(SettingsFiscalUnitTab)
        self.unit_message.setObjectName(u"unit_message")

        self.layout.addWidget(self.unit_message)

        self.layout.setStretch(1, 1)
#if QT_CONFIG(shortcut)
        self.unit_year_label.setBuddy(self.unit_year)
        self.unit_value_label.setBuddy(self.unit_value)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.unit_view, self.unit_year)
        QWidget.setTabOrder(self.unit_year, self.unit_value)
        QWidget.setTabOrder(self.unit_value, self.unit_button)

        self.retranslateUi(SettingsFiscalUnitTab)

        QMetaObject.connectSlotsByName(SettingsFiscalUnitTab)
    # setupUi

    def retranslateUi(self, SettingsFiscalUnitTab):
        SettingsFiscalUnitTab.setWindowTitle(QCoreApplication.translate("SettingsFiscalUnitTab", u"Unidade fiscal e tarifa", None))
        self.unit_year_label.setText(QCoreApplication.translate("SettingsFiscalUnitTab", u"&Ano:", None))
        self.unit_value_label.setText(QCoreApplication.translate("SettingsFiscalUnitTab", u"&Valor (R$):", None))
        self.unit_button.setText(QCoreApplication.translate("SettingsFiscalUnitTab", u"Salvar valor do ano", None))
    # retranslateUi

