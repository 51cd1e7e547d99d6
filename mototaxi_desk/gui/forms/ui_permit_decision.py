# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'permit_decision.ui'
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
    QLineEdit, QListWidget, QListWidgetItem, QPlainTextEdit,
    QSizePolicy, QSpinBox, QTextBrowser, QVBoxLayout,
    QWidget)

from mototaxi_desk.gui.widgets.dates import DateField

class Ui_PermitDecisionDialog(object):
    def setupUi(self, PermitDecisionDialog):
        if not PermitDecisionDialog.objectName():
            PermitDecisionDialog.setObjectName(u"PermitDecisionDialog")
        PermitDecisionDialog.setMinimumSize(QSize(740, 0))
        self.layout = QVBoxLayout(PermitDecisionDialog)
        self.layout.setObjectName(u"layout")
        self.intro = QLabel(PermitDecisionDialog)
        self.intro.setObjectName(u"intro")
        self.intro.setWordWrap(True)
        self.intro.setTextFormat(Qt.TextFormat.RichText)

        self.layout.addWidget(self.intro)

        self.form = QFormLayout()
        self.form.setObjectName(u"form")
        self.permit_label = QLabel(PermitDecisionDialog)
        self.permit_label.setObjectName(u"permit_label")

        self.form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.permit_label)

        self.permit = QComboBox(PermitDecisionDialog)
        self.permit.setObjectName(u"permit")
        self.permit.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.permit.setMinimumContentsLength(30)
        self.permit.setMinimumSize(QSize(360, 0))

        self.form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.permit)

        self.ground_label = QLabel(PermitDecisionDialog)
        self.ground_label.setObjectName(u"ground_label")

        self.form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.ground_label)

        self.ground = QComboBox(PermitDecisionDialog)
        self.ground.setObjectName(u"ground")
        self.ground.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.ground.setMinimumContentsLength(30)
        self.ground.setMinimumSize(QSize(420, 0))

        self.form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.ground)

        self.date_label = QLabel(PermitDecisionDialog)
        self.date_label.setObjectName(u"date_label")

        self.form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.date_label)

        self.date = DateField(PermitDecisionDialog)
        self.date.setObjectName(u"date")

        self.form.setWidget(2, QFormLayout.ItemRole.FieldRole, self.date)

        self.days_label = QLabel(PermitDecisionDialog)
        self.days_label.setObjectName(u"days_label")

        self.form.setWidget(3, QFormLayout.ItemRole.LabelRole, self.days_label)

        self.days = QSpinBox(PermitDecisionDialog)
        self.days.setObjectName(u"days")
        self.days.setMinimum(1)
        self.days.setMaximum(3660)

        self.form.setWidget(3, QFormLayout.ItemRole.FieldRole, self.days)

        self.act_label = QLabel(PermitDecisionDialog)
        self.act_label.setObjectName(u"act_label")

        self.form.setWidget(4, QFormLayout.ItemRole.LabelRole, self.act_label)

        self.act_number = QLineEdit(PermitDecisionDialog)
        self.act_number.setObjectName(u"act_number")
        self.act_number.setMaxLength(60)

        self.form.setWidget(4, QFormLayout.ItemRole.FieldRole, self.act_number)

        self.reason_label = QLabel(PermitDecisionDialog)
        self.reason_label.setObjectName(u"reason_label")

        self.form.setWidget(5, QFormLayout.ItemRole.LabelRole, self.reason_label)

        self.reason = QPlainTextEdit(PermitDecisionDialog)
        self.reason.setObjectName(u"reason")
        self.reason.setMaximumSize(QSize(16777215, 50))
        self.reason.setTabChangesFocus(True)

        self.form.setWidget(5, QFormLayout.ItemRole.FieldRole, self.reason)

        self.notices_label = QLabel(PermitDecisionDialog)
        self.notices_label.setObjectName(u"notices_label")

        self.form.setWidget(6, QFormLayout.ItemRole.LabelRole, self.notices_label)

        self.notices = QListWidget(PermitDecisionDialog)
        self.notices.setObjectName(u"notices")
        self.notices.setMaximumSize(QSize(16777215, 46))

        self.form.setWidget(6, QFormLayout.ItemRole.FieldRole, self.notices)


        self.layout.addLayout(self.form)

        self.preview = QTextBrowser(PermitDecisionDialog)
        self.preview.setObjectName(u"preview")
        self.preview.setMinimumSize(QSize(0, 170))
        self.preview.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.preview.setOpenLinks(False)

        self.layout.addWidget(self.preview)

        self.print_check = QCheckBox(PermitDecisionDialog)
        self.print_check.setObjectName(u"print_check")
        self.print_check.setChecked(True)

        self.layout.addWidget(self.print_check)

        self.message = QLabel(PermitDecisionDialog)
        self.message.setObjectName(u"message")
        self.message.setStyleSheet(u"color: #b71c1c; font-weight: bold;")
        self.message.setWordWrap(True)

        self.layout.addWidget(self.message)

        self.buttons = QDialogButtonBox(PermitDecisionDialog)
        self.buttons.setObjectName(u"buttons")
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Cancel|QDialogButtonBox.StandardButton.Ok)

        self.layout.addWidget(self.buttons)

#if QT_CONFIG(shortcut)
        self.permit_label.setBuddy(self.permit)
        self.ground_label.setBuddy(self.ground)
        self.date_label.setBuddy(self.date)
        self.days_label.setBuddy(self.days)
        self.act_label.setBuddy(self.act_number)
        self.reason_label.setBuddy(self.reason)
        self.notices_label.setBuddy(self.notices)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.permit, self.ground)
        QWidget.setTabOrder(self.ground, self.date)
        QWidget.setTabOrder(self.date, self.days)
        QWidget.setTabOrder(self.days, self.act_number)
        QWidget.setTabOrder(self.act_number, self.reason)
        QWidget.setTabOrder(self.reason, self.notices)
        QWidget.setTabOrder(self.notices, self.print_check)

        self.retranslateUi(PermitDecisionDialog)

        QMetaObject.connectSlotsByName(PermitDecisionDialog)
    # setupUi

    def retranslateUi(self, PermitDecisionDialog):
        PermitDecisionDialog.setWindowTitle(QCoreApplication.translate("PermitDecisionDialog", u"San\u00e7\u00e3o por decis\u00e3o", None))
        self.permit_label.setText(QCoreApplication.translate("PermitDecisionDialog", u"&Permiss\u00e3o:", None))
        self.ground_label.setText(QCoreApplication.translate("PermitDecisionDialog", u"&Fundamento:", None))
        self.date_label.setText(QCoreApplication.translate("PermitDecisionDialog", u"&Data da decis\u00e3o:", None))
        self.days_label.setText(QCoreApplication.translate("PermitDecisionDialog", u"D&ias de suspens\u00e3o:", None))
        self.days.setSuffix(QCoreApplication.translate("PermitDecisionDialog", u" dia(s)", None))
        self.act_label.setText(QCoreApplication.translate("PermitDecisionDialog", u"&N\u00ba do ato:", None))
        self.act_number.setPlaceholderText(QCoreApplication.translate("PermitDecisionDialog", u"portaria ou decreto, ex.: Decreto n\u00ba 12/2026", None))
        self.reason_label.setText(QCoreApplication.translate("PermitDecisionDialog", u"&Motivo:", None))
        self.notices_label.setText(QCoreApplication.translate("PermitDecisionDialog", u"A&utos em que se apoia:", None))
        self.print_check.setText(QCoreApplication.translate("PermitDecisionDialog", u"Imprimir a n&otifica\u00e7\u00e3o ao confirmar", None))
    # retranslateUi

