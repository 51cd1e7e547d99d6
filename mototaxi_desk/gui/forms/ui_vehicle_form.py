# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'vehicle_form.ui'
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
    QDialogButtonBox, QFormLayout, QGridLayout, QGroupBox,
    QHBoxLayout, QLabel, QLineEdit, QSizePolicy,
    QVBoxLayout, QWidget)

from mototaxi_desk.gui.widgets.dates import DateField
from mototaxi_desk.gui.widgets.fields import FormFieldBox

class Ui_VehicleForm(object):
    def setupUi(self, VehicleForm):
        if not VehicleForm.objectName():
            VehicleForm.setObjectName(u"VehicleForm")
        self.layout = QVBoxLayout(VehicleForm)
        self.layout.setObjectName(u"layout")
        self.ident = QGroupBox(VehicleForm)
        self.ident.setObjectName(u"ident")
        self.grid = QGridLayout(self.ident)
        self.grid.setObjectName(u"grid")
        self.owner_label = QLabel(self.ident)
        self.owner_label.setObjectName(u"owner_label")

        self.grid.addWidget(self.owner_label, 0, 0, 1, 1)

        self.owner_row = QHBoxLayout()
        self.owner_row.setObjectName(u"owner_row")
        self.owner_box = FormFieldBox(self.ident)
        self.owner_box.setObjectName(u"owner_box")

        self.owner_row.addWidget(self.owner_box)

        self.owner_combo = QComboBox(self.ident)
        self.owner_combo.setObjectName(u"owner_combo")

        self.owner_row.addWidget(self.owner_combo, 0, Qt.AlignmentFlag.AlignTop)

        self.owner_row.setStretch(0, 2)
        self.owner_row.setStretch(1, 3)

        self.grid.addLayout(self.owner_row, 0, 1, 1, 3)

        self.plate_label = QLabel(self.ident)
        self.plate_label.setObjectName(u"plate_label")

        self.grid.addWidget(self.plate_label, 1, 0, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.plate_box = FormFieldBox(self.ident)
        self.plate_box.setObjectName(u"plate_box")

        self.grid.addWidget(self.plate_box, 1, 1, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.renavam_label = QLabel(self.ident)
        self.renavam_label.setObjectName(u"renavam_label")

        self.grid.addWidget(self.renavam_label, 1, 2, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.renavam_box = FormFieldBox(self.ident)
        self.renavam_box.setObjectName(u"renavam_box")

        self.grid.addWidget(self.renavam_box, 1, 3, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.chassis_label = QLabel(self.ident)
        self.chassis_label.setObjectName(u"chassis_label")

        self.grid.addWidget(self.chassis_label, 2, 0, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.chassis_box = FormFieldBox(self.ident)
        self.chassis_box.setObjectName(u"chassis_box")

        self.grid.addWidget(self.chassis_box, 2, 1, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.colour_label = QLabel(self.ident)
        self.colour_label.setObjectName(u"colour_label")

        self.grid.addWidget(self.colour_label, 2, 2, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.colour = QLineEdit(self.ident)
        self.colour.setObjectName(u"colour")
        self.colour.setMaxLength(30)

        self.grid.addWidget(self.colour, 2, 3, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.make_label = QLabel(self.ident)
        self.make_label.setObjectName(u"make_label")

        self.grid.addWidget(self.make_label, 3, 0, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.make_box = FormFieldBox(self.ident)
        self.make_box.setObjectName(u"make_box")

        self.grid.addWidget(self.make_box, 3, 1, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.model_label = QLabel(self.ident)
        self.model_label.setObjectName(u"model_label")

        self.grid.addWidget(self.model_label, 3, 2, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.model_box = FormFieldBox(self.ident)
        self.model_box.setObjectName(u"model_box")

        self.grid.addWidget(self.model_box, 3, 3, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.manufacture_year_label = QLabel(self.ident)
        self.manufacture_year_label.setObjectName(u"manufacture_year_label")

        self.grid.addWidget(self.manufacture_year_label, 4, 0, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.manufacture_year_box = FormFieldBox(self.ident)
        self.manufacture_year_box.setObjectName(u"manufacture_year_box")

        self.grid.addWidget(self.manufacture_year_box, 4, 1, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.model_year_label = QLabel(self.ident)
        self.model_year_label.setObjectName(u"model_year_label")

        self.grid.addWidget(self.model_year_label, 4, 2, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.model_year_box = FormFieldBox(self.ident)
        self.model_year_box.setObjectName(u"model_year_box")

        self.grid.addWidget(self.model_year_box, 4, 3, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.cc_label = QLabel(self.ident)
        self.cc_label.setObjectName(u"cc_label")

        self.grid.addWidget(self.cc_label, 5, 0, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.cc_box = FormFieldBox(self.ident)
        self.cc_box.setObjectName(u"cc_box")

        self.grid.addWidget(self.cc_box, 5, 1, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.age_limit = QLabel(self.ident)
        self.age_limit.setObjectName(u"age_limit")
        self.age_limit.setWordWrap(True)
        self.age_limit.setTextFormat(Qt.TextFormat.RichText)

        self.grid.addWidget(self.age_limit, 6, 0, 1, 4)

        self.grid.setColumnStretch(1, 1)
        self.grid.setColumnStretch(3, 1)

        self.layout.addWidget(self.ident)

        self.insurance = QGroupBox(VehicleForm)
        self.insurance.setObjectName(u"insurance")
        self.insurance_form = QFormLayout(self.insurance)
        self.insurance_form.setObjectName(u"insurance_form")
        self.insurer_label = QLabel(self.insurance)
        self.insurer_label.setObjectName(u"insurer_label")

        self.insurance_form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.insurer_label)

        self.insurer_box = FormFieldBox(self.insurance)
        self.insurer_box.setObjectName(u"insurer_box")

        self.insurance_form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.insurer_box)

        self.policy_label = QLabel(self.insurance)
        self.policy_label.setObjectName(u"policy_label")

        self.insurance_form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.policy_label)

        self.policy_box = FormFieldBox(self.insurance)
        self.policy_box.setObjectName(u"policy_box")

        self.insurance_form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.policy_box)

        self.cover_label = QLabel(self.insurance)
        self.cover_label.setObjectName(u"cover_label")

        self.insurance_form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.cover_label)

        self.cover_row = QHBoxLayout()
        self.cover_row.setObjectName(u"cover_row")
        self.currency = QLabel(self.insurance)
        self.currency.setObjectName(u"currency")

        self.cover_row.addWidget(self.currency, 0, Qt.AlignmentFlag.AlignTop)

        self.cover_box = FormFieldBox(self.insurance)
        self.cover_box.setObjectName(u"cover_box")

        self.cover_row.addWidget(self.cover_box)

        self.cover_row.setStretch(1, 1)

        self.insurance_form.setLayout(2, QFormLayout.ItemRole.FieldRole, self.cover_row)

        self.expiry_label = QLabel(self.insurance)
        self.expiry_label.setObjectName(u"expiry_label")

        self.insurance_form.setWidget(3, QFormLayout.ItemRole.LabelRole, self.expiry_label)

        self.expiry = DateField(self.insurance)
        self.expiry.setObjectName(u"expiry")

        self.insurance_form.setWidget(3, QFormLayout.ItemRole.FieldRole, self.expiry)


        self.layout.addWidget(self.insurance)

        self.message = QLabel(VehicleForm)
        self.message.setObjectName(u"message")
        self.message.setWordWrap(True)

        self.layout.addWidget(self.message)

        self.buttons = QDialogButtonBox(VehicleForm)
        self.buttons.setObjectName(u"buttons")

        self.layout.addWidget(self.buttons)

#if QT_CONFIG(shortcut)
        self.owner_label.setBuddy(self.owner_box)
        self.plate_label.setBuddy(self.plate_box)
        self.renavam_label.setBuddy(self.renavam_box)
        self.chassis_label.setBuddy(self.chassis_box)
        self.colour_label.setBuddy(self.colour)
        self.make_label.setBuddy(self.make_box)
        self.model_label.setBuddy(self.model_box)
        self.manufacture_year_label.setBuddy(self.manufacture_year_box)
        self.model_year_label.setBuddy(self.model_year_box)
        self.cc_label.setBuddy(self.cc_box)
        self.insurer_label.setBuddy(self.insurer_box)
        self.policy_label.setBuddy(self.policy_box)
        self.cover_label.setBuddy(self.cover_box)
        self.expiry_label.setBuddy(self.expiry)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.owner_box, self.owner_combo)
        QWidget.setTabOrder(self.owner_combo, self.plate_box)
        QWidget.setTabOrder(self.plate_box, self.renavam_box)
        QWidget.setTabOrder(self.renavam_box, self.chassis_box)
        QWidget.setTabOrder(self.chassis_box, self.colour)
        QWidget.setTabOrder(self.colour, self.make_box)
        QWidget.setTabOrder(self.make_box, self.model_box)
        QWidget.setTabOrder(self.model_box, self.manufacture_year_box)
        QWidget.setTabOrder(self.manufacture_year_box, self.model_year_box)
        QWidget.setTabOrder(self.model_year_box, self.cc_box)
        QWidget.setTabOrder(self.cc_box, self.insurer_box)
        QWidget.setTabOrder(self.insurer_box, self.policy_box)
        QWidget.setTabOrder(self.policy_box, self.cover_box)
        QWidget.setTabOrder(self.cover_box, self.expiry)

        self.retranslateUi(VehicleForm)

        QMetaObject.connectSlotsByName(VehicleForm)
    # setupUi

    def retranslateUi(self, VehicleForm):
        VehicleForm.setWindowTitle(QCoreApplication.translate("VehicleForm", u"Ve\u00edculo \u2014 cadastro", None))
        self.ident.setTitle(QCoreApplication.translate("VehicleForm", u"Identifica\u00e7\u00e3o", None))
        self.owner_label.setText(QCoreApplication.translate("VehicleForm", u"&Propriet\u00e1rio", None))
        self.plate_label.setText(QCoreApplication.translate("VehicleForm", u"P&laca", None))
        self.renavam_label.setText(QCoreApplication.translate("VehicleForm", u"&RENAVAM", None))
        self.chassis_label.setText(QCoreApplication.translate("VehicleForm", u"C&hassi", None))
        self.colour_label.setText(QCoreApplication.translate("VehicleForm", u"C&or", None))
        self.make_label.setText(QCoreApplication.translate("VehicleForm", u"&Marca", None))
        self.model_label.setText(QCoreApplication.translate("VehicleForm", u"Mo&delo", None))
        self.manufacture_year_label.setText(QCoreApplication.translate("VehicleForm", u"Ano de &fabrica\u00e7\u00e3o", None))
        self.model_year_label.setText(QCoreApplication.translate("VehicleForm", u"A&no do modelo", None))
        self.cc_label.setText(QCoreApplication.translate("VehicleForm", u"C&ilindradas (cc)", None))
        self.insurance.setTitle(QCoreApplication.translate("VehicleForm", u"Seguro (APP)", None))
        self.insurer_label.setText(QCoreApplication.translate("VehicleForm", u"Se&guradora", None))
        self.policy_label.setText(QCoreApplication.translate("VehicleForm", u"N\u00ba da &ap\u00f3lice", None))
        self.cover_label.setText(QCoreApplication.translate("VehicleForm", u"Cober&tura por pessoa", None))
        self.currency.setText(QCoreApplication.translate("VehicleForm", u"R$", None))
        self.expiry_label.setText(QCoreApplication.translate("VehicleForm", u"&Vencimento do seguro", None))
    # retranslateUi

