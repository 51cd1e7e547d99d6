# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'permit_transfer.ui'
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
    QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout,
    QLabel, QLineEdit, QPushButton, QSizePolicy,
    QTextBrowser, QVBoxLayout, QWidget)

from mototaxi_desk.gui.widgets.dates import DateField
from mototaxi_desk.gui.widgets.fields import FormField

class Ui_PermitTransferDialog(object):
    def setupUi(self, PermitTransferDialog):
        if not PermitTransferDialog.objectName():
            PermitTransferDialog.setObjectName(u"PermitTransferDialog")
        PermitTransferDialog.setMinimumSize(QSize(640, 0))
        self.layout = QVBoxLayout(PermitTransferDialog)
        self.layout.setObjectName(u"layout")
        self.intro = QLabel(PermitTransferDialog)
        self.intro.setObjectName(u"intro")
        self.intro.setWordWrap(True)
        self.intro.setTextFormat(Qt.TextFormat.RichText)

        self.layout.addWidget(self.intro)

        self.form = QFormLayout()
        self.form.setObjectName(u"form")
        self.permit_label = QLabel(PermitTransferDialog)
        self.permit_label.setObjectName(u"permit_label")

        self.form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.permit_label)

        self.permit = QComboBox(PermitTransferDialog)
        self.permit.setObjectName(u"permit")
        self.permit.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.permit.setMinimumContentsLength(30)
        self.permit.setMinimumSize(QSize(360, 0))

        self.form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.permit)

        self.cpf_label = QLabel(PermitTransferDialog)
        self.cpf_label.setObjectName(u"cpf_label")

        self.form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.cpf_label)

        self.cpf = FormField(PermitTransferDialog)
        self.cpf.setObjectName(u"cpf")

        self.form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.cpf)

        self.holder_label = QLabel(PermitTransferDialog)
        self.holder_label.setObjectName(u"holder_label")

        self.form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.holder_label)

        self.holder_info = QLabel(PermitTransferDialog)
        self.holder_info.setObjectName(u"holder_info")
        self.holder_info.setWordWrap(True)
        self.holder_info.setTextFormat(Qt.TextFormat.RichText)

        self.form.setWidget(2, QFormLayout.ItemRole.FieldRole, self.holder_info)

        self.vehicle_label = QLabel(PermitTransferDialog)
        self.vehicle_label.setObjectName(u"vehicle_label")

        self.form.setWidget(3, QFormLayout.ItemRole.LabelRole, self.vehicle_label)

        self.vehicle_row = QHBoxLayout()
        self.vehicle_row.setObjectName(u"vehicle_row")
        self.vehicle = QComboBox(PermitTransferDialog)
        self.vehicle.setObjectName(u"vehicle")
        self.vehicle.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.vehicle.setMinimumContentsLength(24)

        self.vehicle_row.addWidget(self.vehicle)

        self.new_vehicle = QPushButton(PermitTransferDialog)
        self.new_vehicle.setObjectName(u"new_vehicle")
        self.new_vehicle.setAutoDefault(False)

        self.vehicle_row.addWidget(self.new_vehicle)


        self.form.setLayout(3, QFormLayout.ItemRole.FieldRole, self.vehicle_row)

        self.on_death = QCheckBox(PermitTransferDialog)
        self.on_death.setObjectName(u"on_death")

        self.form.setWidget(4, QFormLayout.ItemRole.SpanningRole, self.on_death)

        self.date_label = QLabel(PermitTransferDialog)
        self.date_label.setObjectName(u"date_label")

        self.form.setWidget(5, QFormLayout.ItemRole.LabelRole, self.date_label)

        self.date = DateField(PermitTransferDialog)
        self.date.setObjectName(u"date")

        self.form.setWidget(5, QFormLayout.ItemRole.FieldRole, self.date)

        self.act_label = QLabel(PermitTransferDialog)
        self.act_label.setObjectName(u"act_label")

        self.form.setWidget(6, QFormLayout.ItemRole.LabelRole, self.act_label)

        self.act_number = QLineEdit(PermitTransferDialog)
        self.act_number.setObjectName(u"act_number")
        self.act_number.setMaxLength(60)

        self.form.setWidget(6, QFormLayout.ItemRole.FieldRole, self.act_number)


        self.layout.addLayout(self.form)

        self.preview = QTextBrowser(PermitTransferDialog)
        self.preview.setObjectName(u"preview")
        self.preview.setMinimumSize(QSize(0, 150))
        self.preview.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.preview.setOpenLinks(False)

        self.layout.addWidget(self.preview)

        self.print_check = QCheckBox(PermitTransferDialog)
        self.print_check.setObjectName(u"print_check")
        self.print_check.setChecked(True)

        self.layout.addWidget(self.print_check)

        self.message = QLabel(PermitTransferDialog)
        self.message.setObjectName(u"message")
        self.message.setStyleSheet(u"color: #b71c1c; font-weight: bold;")
        self.message.setWordWrap(True)

        self.layout.addWidget(self.message)

        self.buttons = QDialogButtonBox(PermitTransferDialog)
        self.buttons.setObjectName(u"buttons")
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Cancel|QDialogButtonBox.StandardButton.Ok)

        self.layout.addWidget(self.buttons)

#if QT_CONFIG(shortcut)
        self.permit_label.setBuddy(self.permit)
        self.cpf_label.setBuddy(self.cpf)
        self.vehicle_label.setBuddy(self.vehicle)
        self.date_label.setBuddy(self.date)
        self.act_label.setBuddy(self.act_number)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.permit, self.cpf)
        QWidget.setTabOrder(self.cpf, self.vehicle)
        QWidget.setTabOrder(self.vehicle, self.new_vehicle)
        QWidget.setTabOrder(self.new_vehicle, self.on_death)
        QWidget.setTabOrder(self.on_death, self.date)
        QWidget.setTabOrder(self.date, self.act_number)
        QWidget.setTabOrder(self.act_number, self.print_check)

        self.retranslateUi(PermitTransferDialog)

        QMetaObject.connectSlotsByName(PermitTransferDialog)
    # setupUi

    def retranslateUi(self, PermitTransferDialog):
        PermitTransferDialog.setWindowTitle(QCoreApplication.translate("PermitTransferDialog", u"Transfer\u00eancia de permiss\u00e3o", None))
        self.permit_label.setText(QCoreApplication.translate("PermitTransferDialog", u"&Permiss\u00e3o:", None))
        self.cpf_label.setText(QCoreApplication.translate("PermitTransferDialog", u"&CPF do novo permission\u00e1rio:", None))
        self.holder_label.setText(QCoreApplication.translate("PermitTransferDialog", u"Novo permission\u00e1rio:", None))
        self.vehicle_label.setText(QCoreApplication.translate("PermitTransferDialog", u"&Ve\u00edculo:", None))
        self.new_vehicle.setText(QCoreApplication.translate("PermitTransferDialog", u"Ca&dastrar ve\u00edculo\u2026", None))
        self.on_death.setText(QCoreApplication.translate("PermitTransferDialog", u"Por &falecimento ou invalidez do permission\u00e1rio (ao c\u00f4njuge ou aos filhos)", None))
        self.date_label.setText(QCoreApplication.translate("PermitTransferDialog", u"Da&ta da transfer\u00eancia:", None))
        self.act_label.setText(QCoreApplication.translate("PermitTransferDialog", u"&N\u00ba do ato de anu\u00eancia:", None))
        self.act_number.setPlaceholderText(QCoreApplication.translate("PermitTransferDialog", u"ex.: Portaria n\u00ba 40/2026", None))
        self.print_check.setText(QCoreApplication.translate("PermitTransferDialog", u"&Imprimir o termo de transfer\u00eancia ao confirmar", None))
    # retranslateUi

