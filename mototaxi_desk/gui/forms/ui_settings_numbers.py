# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'settings_numbers.ui'
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
from PySide6.QtWidgets import (QApplication, QComboBox, QHBoxLayout, QHeaderView,
    QLabel, QPushButton, QSizePolicy, QTableView,
    QVBoxLayout, QWidget)

from mototaxi_desk.gui.widgets.common import MessageLine
from mototaxi_desk.gui.widgets.fields import FormField

class Ui_SettingsNumbersTab(object):
    def setupUi(self, SettingsNumbersTab):
        if not SettingsNumbersTab.objectName():
            SettingsNumbersTab.setObjectName(u"SettingsNumbersTab")
        self.layout = QVBoxLayout(SettingsNumbersTab)
        self.layout.setObjectName(u"layout")
        self.note = QLabel(SettingsNumbersTab)
        self.note.setObjectName(u"note")
        self.note.setWordWrap(True)

        self.layout.addWidget(self.note)

        self.number_view = QTableView(SettingsNumbersTab)
        self.number_view.setObjectName(u"number_view")

        self.layout.addWidget(self.number_view)

        self.edit = QHBoxLayout()
        self.edit.setObjectName(u"edit")
        self.number_label = QLabel(SettingsNumbersTab)
        self.number_label.setObjectName(u"number_label")

        self.edit.addWidget(self.number_label)

        self.number_field = FormField(SettingsNumbersTab)
        self.number_field.setObjectName(u"number_field")

        self.edit.addWidget(self.number_field)

        self.number_bool = QComboBox(SettingsNumbersTab)
        self.number_bool.setObjectName(u"number_bool")

        self.edit.addWidget(self.number_bool)

        self.number_button = QPushButton(SettingsNumbersTab)
        self.number_button.setObjectName(u"number_button")

        self.edit.addWidget(self.number_button)

        self.number_reset = QPushButton(SettingsNumbersTab)
        self.number_reset.setObjectName(u"number_reset")

        self.edit.addWidget(self.number_reset)

        self.edit.setStretch(0, 2)
        self.edit.setStretch(1, 1)
        self.edit.setStretch(2, 1)

        self.layout.addLayout(self.edit)

        self.number_message = MessageLine(SettingsNumbersTab)
        self.number_message.setObjectName(u"number_message")

        self.layout.addWidget(self.number_message)

        self.layout.setStretch(1, 1)
        QWidget.setTabOrder(self.number_view, self.number_field)
        QWidget.setTabOrder(self.number_field, self.number_bool)
        QWidget.setTabOrder(self.number_bool, self.number_button)
        QWidget.setTabOrder(self.number_button, self.number_reset)

        self.retranslateUi(SettingsNumbersTab)

        QMetaObject.connectSlotsByName(SettingsNumbersTab)
    # setupUi

    def retranslateUi(self, SettingsNumbersTab):
        SettingsNumbersTab.setWindowTitle(QCoreApplication.translate("SettingsNumbersTab", u"N\u00fameros do perfil", None))
        self.note.setText(QCoreApplication.translate("SettingsNumbersTab", u"N\u00fameros e regras de sim/n\u00e3o da lei que o munic\u00edpio pode ajustar. As linhas em destaque foram alteradas em rela\u00e7\u00e3o ao texto da lei.", None))
        self.number_label.setText(QCoreApplication.translate("SettingsNumbersTab", u"Selecione uma regra.", None))
        self.number_button.setText(QCoreApplication.translate("SettingsNumbersTab", u"Salvar valor", None))
        self.number_reset.setText(QCoreApplication.translate("SettingsNumbersTab", u"Voltar ao valor da lei", None))
    # retranslateUi

