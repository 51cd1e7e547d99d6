# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'auxiliary_credential.ui'
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
    QSizePolicy, QTextBrowser, QVBoxLayout, QWidget)

from mototaxi_desk.gui.widgets.dates import DateField
from mototaxi_desk.gui.widgets.fields import FormField

class Ui_AuxiliaryCredentialDialog(object):
    def setupUi(self, AuxiliaryCredentialDialog):
        if not AuxiliaryCredentialDialog.objectName():
            AuxiliaryCredentialDialog.setObjectName(u"AuxiliaryCredentialDialog")
        AuxiliaryCredentialDialog.setMinimumSize(QSize(640, 0))
        self.layout = QVBoxLayout(AuxiliaryCredentialDialog)
        self.layout.setObjectName(u"layout")
        self.intro = QLabel(AuxiliaryCredentialDialog)
        self.intro.setObjectName(u"intro")
        self.intro.setWordWrap(True)
        self.intro.setTextFormat(Qt.TextFormat.RichText)

        self.layout.addWidget(self.intro)

        self.form = QFormLayout()
        self.form.setObjectName(u"form")
        self.permit_label = QLabel(AuxiliaryCredentialDialog)
        self.permit_label.setObjectName(u"permit_label")

        self.form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.permit_label)

        self.permit = QComboBox(AuxiliaryCredentialDialog)
        self.permit.setObjectName(u"permit")
        self.permit.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.permit.setMinimumContentsLength(30)
        self.permit.setMinimumSize(QSize(360, 0))

        self.form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.permit)

        self.cpf_label = QLabel(AuxiliaryCredentialDialog)
        self.cpf_label.setObjectName(u"cpf_label")

        self.form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.cpf_label)

        self.cpf = FormField(AuxiliaryCredentialDialog)
        self.cpf.setObjectName(u"cpf")

        self.form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.cpf)

        self.person_label = QLabel(AuxiliaryCredentialDialog)
        self.person_label.setObjectName(u"person_label")

        self.form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.person_label)

        self.person_info = QLabel(AuxiliaryCredentialDialog)
        self.person_info.setObjectName(u"person_info")
        self.person_info.setWordWrap(True)
        self.person_info.setTextFormat(Qt.TextFormat.RichText)

        self.form.setWidget(2, QFormLayout.ItemRole.FieldRole, self.person_info)

        self.date_label = QLabel(AuxiliaryCredentialDialog)
        self.date_label.setObjectName(u"date_label")

        self.form.setWidget(3, QFormLayout.ItemRole.LabelRole, self.date_label)

        self.date = DateField(AuxiliaryCredentialDialog)
        self.date.setObjectName(u"date")

        self.form.setWidget(3, QFormLayout.ItemRole.FieldRole, self.date)

        self.sheet_label = QLabel(AuxiliaryCredentialDialog)
        self.sheet_label.setObjectName(u"sheet_label")

        self.form.setWidget(4, QFormLayout.ItemRole.LabelRole, self.sheet_label)

        self.sheet = QComboBox(AuxiliaryCredentialDialog)
        self.sheet.setObjectName(u"sheet")
        self.sheet.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.sheet.setMinimumContentsLength(30)

        self.form.setWidget(4, QFormLayout.ItemRole.FieldRole, self.sheet)


        self.layout.addLayout(self.form)

        self.preview = QTextBrowser(AuxiliaryCredentialDialog)
        self.preview.setObjectName(u"preview")
        self.preview.setMinimumSize(QSize(0, 150))
        self.preview.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.preview.setOpenLinks(False)

        self.layout.addWidget(self.preview)

        self.print_check = QCheckBox(AuxiliaryCredentialDialog)
        self.print_check.setObjectName(u"print_check")
        self.print_check.setChecked(True)

        self.layout.addWidget(self.print_check)

        self.message = QLabel(AuxiliaryCredentialDialog)
        self.message.setObjectName(u"message")
        self.message.setStyleSheet(u"color: #b71c1c; font-weight: bold;")
        self.message.setWordWrap(True)

        self.layout.addWidget(self.message)

        self.buttons = QDialogButtonBox(AuxiliaryCredentialDialog)
        self.buttons.setObjectName(u"buttons")
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Cancel|QDialogButtonBox.StandardButton.Ok)

        self.layout.addWidget(self.buttons)

#if QT_CONFIG(shortcut)
        self.permit_label.setBuddy(self.permit)
        self.cpf_label.setBuddy(self.cpf)
        self.date_label.setBuddy(self.date)
        self.sheet_label.setBuddy(self.sheet)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.permit, self.cpf)
        QWidget.setTabOrder(self.cpf, self.date)
        QWidget.setTabOrder(self.date, self.sheet)
        QWidget.setTabOrder(self.sheet, self.print_check)

        self.retranslateUi(AuxiliaryCredentialDialog)

        QMetaObject.connectSlotsByName(AuxiliaryCredentialDialog)
    # setupUi

    def retranslateUi(self, AuxiliaryCredentialDialog):
        AuxiliaryCredentialDialog.setWindowTitle(QCoreApplication.translate("AuxiliaryCredentialDialog", u"Credenciamento de condutor auxiliar", None))
        self.permit_label.setText(QCoreApplication.translate("AuxiliaryCredentialDialog", u"&Permiss\u00e3o:", None))
        self.cpf_label.setText(QCoreApplication.translate("AuxiliaryCredentialDialog", u"&CPF do condutor auxiliar:", None))
        self.person_label.setText(QCoreApplication.translate("AuxiliaryCredentialDialog", u"Condutor auxiliar:", None))
        self.date_label.setText(QCoreApplication.translate("AuxiliaryCredentialDialog", u"&Data do credenciamento:", None))
        self.sheet_label.setText(QCoreApplication.translate("AuxiliaryCredentialDialog", u"Cart\u00e3o &em:", None))
        self.print_check.setText(QCoreApplication.translate("AuxiliaryCredentialDialog", u"&Imprimir o cart\u00e3o do condutor auxiliar ao confirmar", None))
    # retranslateUi

