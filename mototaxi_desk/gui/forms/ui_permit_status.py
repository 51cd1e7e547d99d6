# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'permit_status.ui'
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
from PySide6.QtWidgets import (QAbstractButton, QApplication, QCheckBox, QComboBox,
    QDialog, QDialogButtonBox, QFormLayout, QLabel,
    QLineEdit, QSizePolicy, QTextBrowser, QVBoxLayout,
    QWidget)

from mototaxi_desk.gui.widgets.dates import DateField

class Ui_PermitStatusDialog(object):
    def setupUi(self, PermitStatusDialog):
        if not PermitStatusDialog.objectName():
            PermitStatusDialog.setObjectName(u"PermitStatusDialog")
        PermitStatusDialog.setMinimumSize(QSize(620, 0))
        self.layout = QVBoxLayout(PermitStatusDialog)
        self.layout.setObjectName(u"layout")
        self.intro = QLabel(PermitStatusDialog)
        self.intro.setObjectName(u"intro")
        self.intro.setWordWrap(True)
        self.intro.setTextFormat(Qt.TextFormat.RichText)

        self.layout.addWidget(self.intro)

        self.form = QFormLayout()
        self.form.setObjectName(u"form")
        self.permit_label = QLabel(PermitStatusDialog)
        self.permit_label.setObjectName(u"permit_label")

        self.form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.permit_label)

        self.permit = QComboBox(PermitStatusDialog)
        self.permit.setObjectName(u"permit")
        self.permit.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.permit.setMinimumContentsLength(30)
        self.permit.setMinimumSize(QSize(360, 0))

        self.form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.permit)

        self.date_label = QLabel(PermitStatusDialog)
        self.date_label.setObjectName(u"date_label")

        self.form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.date_label)

        self.date = DateField(PermitStatusDialog)
        self.date.setObjectName(u"date")

        self.form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.date)

        self.act_label = QLabel(PermitStatusDialog)
        self.act_label.setObjectName(u"act_label")

        self.form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.act_label)

        self.act_number = QLineEdit(PermitStatusDialog)
        self.act_number.setObjectName(u"act_number")
        self.act_number.setMaxLength(60)

        self.form.setWidget(2, QFormLayout.ItemRole.FieldRole, self.act_number)

        self.reason_label = QLabel(PermitStatusDialog)
        self.reason_label.setObjectName(u"reason_label")

        self.form.setWidget(3, QFormLayout.ItemRole.LabelRole, self.reason_label)

        self.reason = QLineEdit(PermitStatusDialog)
        self.reason.setObjectName(u"reason")
        self.reason.setMaxLength(500)

        self.form.setWidget(3, QFormLayout.ItemRole.FieldRole, self.reason)


        self.layout.addLayout(self.form)

        self.preview = QTextBrowser(PermitStatusDialog)
        self.preview.setObjectName(u"preview")
        self.preview.setMinimumSize(QSize(0, 150))
        self.preview.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.preview.setOpenLinks(False)

        self.layout.addWidget(self.preview)

        self.print_check = QCheckBox(PermitStatusDialog)
        self.print_check.setObjectName(u"print_check")
        self.print_check.setChecked(True)

        self.layout.addWidget(self.print_check)

        self.message = QLabel(PermitStatusDialog)
        self.message.setObjectName(u"message")
        self.message.setStyleSheet(u"color: #b71c1c; font-weight: bold;")
        self.message.setWordWrap(True)

        self.layout.addWidget(self.message)

        self.buttons = QDialogButtonBox(PermitStatusDialog)
        self.buttons.setObjectName(u"buttons")
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Cancel|QDialogButtonBox.StandardButton.Ok)

        self.layout.addWidget(self.buttons)

#if QT_CONFIG(shortcut)
        self.permit_label.setBuddy(self.permit)
        self.date_label.setBuddy(self.date)
        self.act_label.setBuddy(self.act_number)
        self.reason_label.setBuddy(self.reason)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.permit, self.date)
        QWidget.setTabOrder(self.date, self.act_number)
        QWidget.setTabOrder(self.act_number, self.reason)
        QWidget.setTabOrder(self.reason, self.print_check)

        self.retranslateUi(PermitStatusDialog)

        QMetaObject.connectSlotsByName(PermitStatusDialog)
    # setupUi

    def retranslateUi(self, PermitStatusDialog):
        PermitStatusDialog.setWindowTitle(QCoreApplication.translate("PermitStatusDialog", u"Situa\u00e7\u00e3o da permiss\u00e3o", None))
        self.permit_label.setText(QCoreApplication.translate("PermitStatusDialog", u"&Permiss\u00e3o:", None))
        self.date_label.setText(QCoreApplication.translate("PermitStatusDialog", u"&Data:", None))
        self.act_label.setText(QCoreApplication.translate("PermitStatusDialog", u"&N\u00ba do ato:", None))
        self.reason_label.setText(QCoreApplication.translate("PermitStatusDialog", u"&Motivo:", None))
        self.print_check.setText(QCoreApplication.translate("PermitStatusDialog", u"&Imprimir o documento ao confirmar", None))
    # retranslateUi

