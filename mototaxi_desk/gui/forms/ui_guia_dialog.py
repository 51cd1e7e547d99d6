# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'guia_dialog.ui'
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
from PySide6.QtWidgets import (QAbstractButton, QApplication, QComboBox, QDialog,
    QDialogButtonBox, QFormLayout, QLabel, QSizePolicy,
    QVBoxLayout, QWidget)

from mototaxi_desk.gui.widgets.dates import DateField

class Ui_GuiaDialog(object):
    def setupUi(self, GuiaDialog):
        if not GuiaDialog.objectName():
            GuiaDialog.setObjectName(u"GuiaDialog")
        GuiaDialog.setMinimumSize(QSize(560, 0))
        self.layout = QVBoxLayout(GuiaDialog)
        self.layout.setObjectName(u"layout")
        self.intro = QLabel(GuiaDialog)
        self.intro.setObjectName(u"intro")
        self.intro.setWordWrap(True)

        self.layout.addWidget(self.intro)

        self.form = QFormLayout()
        self.form.setObjectName(u"form")
        self.debt_label = QLabel(GuiaDialog)
        self.debt_label.setObjectName(u"debt_label")

        self.form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.debt_label)

        self.debt = QComboBox(GuiaDialog)
        self.debt.setObjectName(u"debt")

        self.form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.debt)

        self.due_label = QLabel(GuiaDialog)
        self.due_label.setObjectName(u"due_label")

        self.form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.due_label)

        self.due = DateField(GuiaDialog)
        self.due.setObjectName(u"due")

        self.form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.due)

        self.due_note = QLabel(GuiaDialog)
        self.due_note.setObjectName(u"due_note")
        self.due_note.setWordWrap(True)

        self.form.setWidget(2, QFormLayout.ItemRole.FieldRole, self.due_note)

        self.amount_label = QLabel(GuiaDialog)
        self.amount_label.setObjectName(u"amount_label")

        self.form.setWidget(3, QFormLayout.ItemRole.LabelRole, self.amount_label)

        self.amount = QLabel(GuiaDialog)
        self.amount.setObjectName(u"amount")

        self.form.setWidget(3, QFormLayout.ItemRole.FieldRole, self.amount)


        self.layout.addLayout(self.form)

        self.message = QLabel(GuiaDialog)
        self.message.setObjectName(u"message")
        self.message.setWordWrap(True)

        self.layout.addWidget(self.message)

        self.buttons = QDialogButtonBox(GuiaDialog)
        self.buttons.setObjectName(u"buttons")
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Cancel|QDialogButtonBox.StandardButton.Ok)

        self.layout.addWidget(self.buttons)

#if QT_CONFIG(shortcut)
        self.debt_label.setBuddy(self.debt)
        self.due_label.setBuddy(self.due)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.debt, self.due)

        self.retranslateUi(GuiaDialog)

        QMetaObject.connectSlotsByName(GuiaDialog)
    # setupUi

    def retranslateUi(self, GuiaDialog):
        GuiaDialog.setWindowTitle(QCoreApplication.translate("GuiaDialog", u"Emitir guia de recolhimento (DAM)", None))
        self.debt_label.setText(QCoreApplication.translate("GuiaDialog", u"&D\u00e9bito:", None))
        self.due_label.setText(QCoreApplication.translate("GuiaDialog", u"&Vencimento:", None))
        self.amount_label.setText(QCoreApplication.translate("GuiaDialog", u"Valor:", None))
    # retranslateUi

