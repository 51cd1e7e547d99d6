# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'waiting_remove.ui'
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
    QDialogButtonBox, QFormLayout, QLabel, QLineEdit,
    QSizePolicy, QVBoxLayout, QWidget)

class Ui_WaitingRemoveDialog(object):
    def setupUi(self, WaitingRemoveDialog):
        if not WaitingRemoveDialog.objectName():
            WaitingRemoveDialog.setObjectName(u"WaitingRemoveDialog")
        self.layout = QVBoxLayout(WaitingRemoveDialog)
        self.layout.setObjectName(u"layout")
        self.intro = QLabel(WaitingRemoveDialog)
        self.intro.setObjectName(u"intro")
        self.intro.setTextFormat(Qt.TextFormat.RichText)
        self.intro.setWordWrap(True)

        self.layout.addWidget(self.intro)

        self.form = QFormLayout()
        self.form.setObjectName(u"form")
        self.reason_label = QLabel(WaitingRemoveDialog)
        self.reason_label.setObjectName(u"reason_label")

        self.form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.reason_label)

        self.reason_kind = QComboBox(WaitingRemoveDialog)
        self.reason_kind.setObjectName(u"reason_kind")

        self.form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.reason_kind)

        self.details_label = QLabel(WaitingRemoveDialog)
        self.details_label.setObjectName(u"details_label")

        self.form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.details_label)

        self.details = QLineEdit(WaitingRemoveDialog)
        self.details.setObjectName(u"details")
        self.details.setMaxLength(400)

        self.form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.details)


        self.layout.addLayout(self.form)

        self.message = QLabel(WaitingRemoveDialog)
        self.message.setObjectName(u"message")
        self.message.setWordWrap(True)

        self.layout.addWidget(self.message)

        self.buttons = QDialogButtonBox(WaitingRemoveDialog)
        self.buttons.setObjectName(u"buttons")
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Cancel|QDialogButtonBox.StandardButton.Save)

        self.layout.addWidget(self.buttons)

#if QT_CONFIG(shortcut)
        self.reason_label.setBuddy(self.reason_kind)
        self.details_label.setBuddy(self.details)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.reason_kind, self.details)

        self.retranslateUi(WaitingRemoveDialog)

        QMetaObject.connectSlotsByName(WaitingRemoveDialog)
    # setupUi

    def retranslateUi(self, WaitingRemoveDialog):
        WaitingRemoveDialog.setWindowTitle(QCoreApplication.translate("WaitingRemoveDialog", u"Retirar da lista de espera", None))
        self.reason_label.setText(QCoreApplication.translate("WaitingRemoveDialog", u"&Motivo:", None))
        self.details_label.setText(QCoreApplication.translate("WaitingRemoveDialog", u"&Detalhes:", None))
        self.message.setStyleSheet(QCoreApplication.translate("WaitingRemoveDialog", u"color: #b71c1c; font-weight: bold;", None))
    # retranslateUi

