# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'permit_interruption.ui'
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
    QLineEdit, QSizePolicy, QSpinBox, QTextBrowser,
    QVBoxLayout, QWidget)

from mototaxi_desk.gui.widgets.dates import DateField

class Ui_PermitInterruptionDialog(object):
    def setupUi(self, PermitInterruptionDialog):
        if not PermitInterruptionDialog.objectName():
            PermitInterruptionDialog.setObjectName(u"PermitInterruptionDialog")
        PermitInterruptionDialog.setMinimumSize(QSize(660, 0))
        self.layout = QVBoxLayout(PermitInterruptionDialog)
        self.layout.setObjectName(u"layout")
        self.intro = QLabel(PermitInterruptionDialog)
        self.intro.setObjectName(u"intro")
        self.intro.setWordWrap(True)
        self.intro.setTextFormat(Qt.TextFormat.RichText)

        self.layout.addWidget(self.intro)

        self.form = QFormLayout()
        self.form.setObjectName(u"form")
        self.permit_label = QLabel(PermitInterruptionDialog)
        self.permit_label.setObjectName(u"permit_label")

        self.form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.permit_label)

        self.permit = QComboBox(PermitInterruptionDialog)
        self.permit.setObjectName(u"permit")
        self.permit.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.permit.setMinimumContentsLength(30)
        self.permit.setMinimumSize(QSize(360, 0))

        self.form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.permit)

        self.start_label = QLabel(PermitInterruptionDialog)
        self.start_label.setObjectName(u"start_label")

        self.form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.start_label)

        self.start = DateField(PermitInterruptionDialog)
        self.start.setObjectName(u"start")

        self.form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.start)

        self.days_label = QLabel(PermitInterruptionDialog)
        self.days_label.setObjectName(u"days_label")

        self.form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.days_label)

        self.days = QSpinBox(PermitInterruptionDialog)
        self.days.setObjectName(u"days")
        self.days.setMinimum(1)
        self.days.setMaximum(366)

        self.form.setWidget(2, QFormLayout.ItemRole.FieldRole, self.days)

        self.until_title = QLabel(PermitInterruptionDialog)
        self.until_title.setObjectName(u"until_title")

        self.form.setWidget(3, QFormLayout.ItemRole.LabelRole, self.until_title)

        self.until = QLabel(PermitInterruptionDialog)
        self.until.setObjectName(u"until")
        self.until.setWordWrap(True)
        self.until.setTextFormat(Qt.TextFormat.RichText)

        self.form.setWidget(3, QFormLayout.ItemRole.FieldRole, self.until)

        self.act_label = QLabel(PermitInterruptionDialog)
        self.act_label.setObjectName(u"act_label")

        self.form.setWidget(4, QFormLayout.ItemRole.LabelRole, self.act_label)

        self.act_number = QLineEdit(PermitInterruptionDialog)
        self.act_number.setObjectName(u"act_number")
        self.act_number.setMaxLength(60)

        self.form.setWidget(4, QFormLayout.ItemRole.FieldRole, self.act_number)

        self.reason_label = QLabel(PermitInterruptionDialog)
        self.reason_label.setObjectName(u"reason_label")

        self.form.setWidget(5, QFormLayout.ItemRole.LabelRole, self.reason_label)

        self.reason = QLineEdit(PermitInterruptionDialog)
        self.reason.setObjectName(u"reason")
        self.reason.setMaxLength(500)

        self.form.setWidget(5, QFormLayout.ItemRole.FieldRole, self.reason)


        self.layout.addLayout(self.form)

        self.preview = QTextBrowser(PermitInterruptionDialog)
        self.preview.setObjectName(u"preview")
        self.preview.setMinimumSize(QSize(0, 200))
        self.preview.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.preview.setOpenLinks(False)

        self.layout.addWidget(self.preview)

        self.print_check = QCheckBox(PermitInterruptionDialog)
        self.print_check.setObjectName(u"print_check")
        self.print_check.setChecked(True)

        self.layout.addWidget(self.print_check)

        self.message = QLabel(PermitInterruptionDialog)
        self.message.setObjectName(u"message")
        self.message.setStyleSheet(u"color: #b71c1c; font-weight: bold;")
        self.message.setWordWrap(True)

        self.layout.addWidget(self.message)

        self.buttons = QDialogButtonBox(PermitInterruptionDialog)
        self.buttons.setObjectName(u"buttons")
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Cancel|QDialogButtonBox.StandardButton.Ok)

        self.layout.addWidget(self.buttons)

#if QT_CONFIG(shortcut)
        self.permit_label.setBuddy(self.permit)
        self.start_label.setBuddy(self.start)
        self.days_label.setBuddy(self.days)
        self.act_label.setBuddy(self.act_number)
        self.reason_label.setBuddy(self.reason)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.permit, self.start)
        QWidget.setTabOrder(self.start, self.days)
        QWidget.setTabOrder(self.days, self.act_number)
        QWidget.setTabOrder(self.act_number, self.reason)
        QWidget.setTabOrder(self.reason, self.print_check)

        self.retranslateUi(PermitInterruptionDialog)

        QMetaObject.connectSlotsByName(PermitInterruptionDialog)
    # setupUi

    def retranslateUi(self, PermitInterruptionDialog):
        PermitInterruptionDialog.setWindowTitle(QCoreApplication.translate("PermitInterruptionDialog", u"Interrup\u00e7\u00e3o do servi\u00e7o", None))
        self.permit_label.setText(QCoreApplication.translate("PermitInterruptionDialog", u"&Permiss\u00e3o:", None))
        self.start_label.setText(QCoreApplication.translate("PermitInterruptionDialog", u"&In\u00edcio:", None))
        self.days_label.setText(QCoreApplication.translate("PermitInterruptionDialog", u"&Dias:", None))
        self.days.setSuffix(QCoreApplication.translate("PermitInterruptionDialog", u" dia(s)", None))
        self.until_title.setText(QCoreApplication.translate("PermitInterruptionDialog", u"At\u00e9:", None))
        self.act_label.setText(QCoreApplication.translate("PermitInterruptionDialog", u"&N\u00ba do ato:", None))
        self.act_number.setPlaceholderText(QCoreApplication.translate("PermitInterruptionDialog", u"ex.: Portaria n\u00ba 41/2026", None))
        self.reason_label.setText(QCoreApplication.translate("PermitInterruptionDialog", u"&Motivo:", None))
        self.reason.setPlaceholderText(QCoreApplication.translate("PermitInterruptionDialog", u"ex.: tratamento de sa\u00fade", None))
        self.print_check.setText(QCoreApplication.translate("PermitInterruptionDialog", u"Imprimir a &autoriza\u00e7\u00e3o ao confirmar", None))
    # retranslateUi

