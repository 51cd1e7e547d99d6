# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'stand_close.ui'
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
from PySide6.QtWidgets import (QAbstractButton, QApplication, QDialog, QDialogButtonBox,
    QFormLayout, QLabel, QLineEdit, QSizePolicy,
    QVBoxLayout, QWidget)

from mototaxi_desk.gui.widgets.dates import DateField
from mototaxi_desk.gui.widgets.fields import FormField

class Ui_StandCloseDialog(object):
    def setupUi(self, StandCloseDialog):
        if not StandCloseDialog.objectName():
            StandCloseDialog.setObjectName(u"StandCloseDialog")
        self.layout = QVBoxLayout(StandCloseDialog)
        self.layout.setObjectName(u"layout")
        self.intro = QLabel(StandCloseDialog)
        self.intro.setObjectName(u"intro")
        self.intro.setTextFormat(Qt.TextFormat.RichText)
        self.intro.setWordWrap(True)

        self.layout.addWidget(self.intro)

        self.form = QFormLayout()
        self.form.setObjectName(u"form")
        self.reason_label = QLabel(StandCloseDialog)
        self.reason_label.setObjectName(u"reason_label")

        self.form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.reason_label)

        self.reason = FormField(StandCloseDialog)
        self.reason.setObjectName(u"reason")

        self.form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.reason)

        self.act_label = QLabel(StandCloseDialog)
        self.act_label.setObjectName(u"act_label")

        self.form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.act_label)

        self.act_number = QLineEdit(StandCloseDialog)
        self.act_number.setObjectName(u"act_number")
        self.act_number.setMaxLength(60)

        self.form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.act_number)

        self.date_label = QLabel(StandCloseDialog)
        self.date_label.setObjectName(u"date_label")

        self.form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.date_label)

        self.closed_on = DateField(StandCloseDialog)
        self.closed_on.setObjectName(u"closed_on")

        self.form.setWidget(2, QFormLayout.ItemRole.FieldRole, self.closed_on)


        self.layout.addLayout(self.form)

        self.message = QLabel(StandCloseDialog)
        self.message.setObjectName(u"message")
        self.message.setWordWrap(True)

        self.layout.addWidget(self.message)

        self.buttons = QDialogButtonBox(StandCloseDialog)
        self.buttons.setObjectName(u"buttons")
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Cancel|QDialogButtonBox.StandardButton.Save)

        self.layout.addWidget(self.buttons)

#if QT_CONFIG(shortcut)
        self.reason_label.setBuddy(self.reason)
        self.act_label.setBuddy(self.act_number)
        self.date_label.setBuddy(self.closed_on)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.reason, self.act_number)
        QWidget.setTabOrder(self.act_number, self.closed_on)

        self.retranslateUi(StandCloseDialog)

        QMetaObject.connectSlotsByName(StandCloseDialog)
    # setupUi

    def retranslateUi(self, StandCloseDialog):
        StandCloseDialog.setWindowTitle(QCoreApplication.translate("StandCloseDialog", u"Desativar ponto", None))
        self.reason_label.setText(QCoreApplication.translate("StandCloseDialog", u"&Motivo:", None))
        self.act_label.setText(QCoreApplication.translate("StandCloseDialog", u"N\u00ba do &ato:", None))
        self.date_label.setText(QCoreApplication.translate("StandCloseDialog", u"&Data:", None))
        self.message.setStyleSheet(QCoreApplication.translate("StandCloseDialog", u"color: #b71c1c; font-weight: bold;", None))
    # retranslateUi

