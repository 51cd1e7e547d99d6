# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'person_edit.ui'
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
    QDialogButtonBox, QFormLayout, QGroupBox, QHBoxLayout,
    QLabel, QLineEdit, QSizePolicy, QVBoxLayout,
    QWidget)

from mototaxi_desk.gui.widgets.dates import DateField
from mototaxi_desk.gui.widgets.fields import FormField

class Ui_PersonEditDialog(object):
    def setupUi(self, PersonEditDialog):
        if not PersonEditDialog.objectName():
            PersonEditDialog.setObjectName(u"PersonEditDialog")
        self.layout = QVBoxLayout(PersonEditDialog)
        self.layout.setObjectName(u"layout")
        self.intro = QLabel(PersonEditDialog)
        self.intro.setObjectName(u"intro")
        self.intro.setTextFormat(Qt.TextFormat.RichText)
        self.intro.setWordWrap(True)

        self.layout.addWidget(self.intro)

        self.columns = QHBoxLayout()
        self.columns.setObjectName(u"columns")
        self.personal_box = QGroupBox(PersonEditDialog)
        self.personal_box.setObjectName(u"personal_box")
        self.personal_form = QFormLayout(self.personal_box)
        self.personal_form.setObjectName(u"personal_form")
        self.name_label = QLabel(self.personal_box)
        self.name_label.setObjectName(u"name_label")

        self.personal_form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.name_label)

        self.name = FormField(self.personal_box)
        self.name.setObjectName(u"name")

        self.personal_form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.name)

        self.rg_label = QLabel(self.personal_box)
        self.rg_label.setObjectName(u"rg_label")

        self.personal_form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.rg_label)

        self.rg = QLineEdit(self.personal_box)
        self.rg.setObjectName(u"rg")
        self.rg.setMaxLength(20)

        self.personal_form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.rg)

        self.rg_issuer_label = QLabel(self.personal_box)
        self.rg_issuer_label.setObjectName(u"rg_issuer_label")

        self.personal_form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.rg_issuer_label)

        self.rg_issuer = QLineEdit(self.personal_box)
        self.rg_issuer.setObjectName(u"rg_issuer")
        self.rg_issuer.setMaxLength(20)

        self.personal_form.setWidget(2, QFormLayout.ItemRole.FieldRole, self.rg_issuer)

        self.birth_label = QLabel(self.personal_box)
        self.birth_label.setObjectName(u"birth_label")

        self.personal_form.setWidget(3, QFormLayout.ItemRole.LabelRole, self.birth_label)

        self.birth = DateField(self.personal_box)
        self.birth.setObjectName(u"birth")

        self.personal_form.setWidget(3, QFormLayout.ItemRole.FieldRole, self.birth)

        self.blood_label = QLabel(self.personal_box)
        self.blood_label.setObjectName(u"blood_label")

        self.personal_form.setWidget(4, QFormLayout.ItemRole.LabelRole, self.blood_label)

        self.blood = QComboBox(self.personal_box)
        self.blood.setObjectName(u"blood")

        self.personal_form.setWidget(4, QFormLayout.ItemRole.FieldRole, self.blood)

        self.nationality_label = QLabel(self.personal_box)
        self.nationality_label.setObjectName(u"nationality_label")

        self.personal_form.setWidget(5, QFormLayout.ItemRole.LabelRole, self.nationality_label)

        self.nationality = QLineEdit(self.personal_box)
        self.nationality.setObjectName(u"nationality")
        self.nationality.setMaxLength(40)

        self.personal_form.setWidget(5, QFormLayout.ItemRole.FieldRole, self.nationality)

        self.profession_label = QLabel(self.personal_box)
        self.profession_label.setObjectName(u"profession_label")

        self.personal_form.setWidget(6, QFormLayout.ItemRole.LabelRole, self.profession_label)

        self.profession = QLineEdit(self.personal_box)
        self.profession.setObjectName(u"profession")
        self.profession.setMaxLength(60)

        self.personal_form.setWidget(6, QFormLayout.ItemRole.FieldRole, self.profession)


        self.columns.addWidget(self.personal_box)

        self.address_box = QGroupBox(PersonEditDialog)
        self.address_box.setObjectName(u"address_box")
        self.address_form = QFormLayout(self.address_box)
        self.address_form.setObjectName(u"address_form")
        self.street_label = QLabel(self.address_box)
        self.street_label.setObjectName(u"street_label")

        self.address_form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.street_label)

        self.street = QLineEdit(self.address_box)
        self.street.setObjectName(u"street")
        self.street.setMaxLength(120)

        self.address_form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.street)

        self.number_label = QLabel(self.address_box)
        self.number_label.setObjectName(u"number_label")

        self.address_form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.number_label)

        self.number = QLineEdit(self.address_box)
        self.number.setObjectName(u"number")
        self.number.setMaxLength(20)

        self.address_form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.number)

        self.complement_label = QLabel(self.address_box)
        self.complement_label.setObjectName(u"complement_label")

        self.address_form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.complement_label)

        self.complement = QLineEdit(self.address_box)
        self.complement.setObjectName(u"complement")
        self.complement.setMaxLength(60)

        self.address_form.setWidget(2, QFormLayout.ItemRole.FieldRole, self.complement)

        self.district_label = QLabel(self.address_box)
        self.district_label.setObjectName(u"district_label")

        self.address_form.setWidget(3, QFormLayout.ItemRole.LabelRole, self.district_label)

        self.district = QLineEdit(self.address_box)
        self.district.setObjectName(u"district")
        self.district.setMaxLength(60)

        self.address_form.setWidget(3, QFormLayout.ItemRole.FieldRole, self.district)

        self.city_label = QLabel(self.address_box)
        self.city_label.setObjectName(u"city_label")

        self.address_form.setWidget(4, QFormLayout.ItemRole.LabelRole, self.city_label)

        self.city = QLineEdit(self.address_box)
        self.city.setObjectName(u"city")
        self.city.setMaxLength(80)

        self.address_form.setWidget(4, QFormLayout.ItemRole.FieldRole, self.city)

        self.uf_label = QLabel(self.address_box)
        self.uf_label.setObjectName(u"uf_label")

        self.address_form.setWidget(5, QFormLayout.ItemRole.LabelRole, self.uf_label)

        self.uf = QComboBox(self.address_box)
        self.uf.setObjectName(u"uf")

        self.address_form.setWidget(5, QFormLayout.ItemRole.FieldRole, self.uf)

        self.cep_label = QLabel(self.address_box)
        self.cep_label.setObjectName(u"cep_label")

        self.address_form.setWidget(6, QFormLayout.ItemRole.LabelRole, self.cep_label)

        self.cep = FormField(self.address_box)
        self.cep.setObjectName(u"cep")

        self.address_form.setWidget(6, QFormLayout.ItemRole.FieldRole, self.cep)

        self.address_proof_date_label = QLabel(self.address_box)
        self.address_proof_date_label.setObjectName(u"address_proof_date_label")

        self.address_form.setWidget(7, QFormLayout.ItemRole.LabelRole, self.address_proof_date_label)

        self.address_proof_date = DateField(self.address_box)
        self.address_proof_date.setObjectName(u"address_proof_date")

        self.address_form.setWidget(7, QFormLayout.ItemRole.FieldRole, self.address_proof_date)

        self.phone_label = QLabel(self.address_box)
        self.phone_label.setObjectName(u"phone_label")

        self.address_form.setWidget(8, QFormLayout.ItemRole.LabelRole, self.phone_label)

        self.phone = FormField(self.address_box)
        self.phone.setObjectName(u"phone")

        self.address_form.setWidget(8, QFormLayout.ItemRole.FieldRole, self.phone)

        self.email_label = QLabel(self.address_box)
        self.email_label.setObjectName(u"email_label")

        self.address_form.setWidget(9, QFormLayout.ItemRole.LabelRole, self.email_label)

        self.email = FormField(self.address_box)
        self.email.setObjectName(u"email")

        self.address_form.setWidget(9, QFormLayout.ItemRole.FieldRole, self.email)


        self.columns.addWidget(self.address_box)


        self.layout.addLayout(self.columns)

        self.message = QLabel(PersonEditDialog)
        self.message.setObjectName(u"message")
        self.message.setWordWrap(True)

        self.layout.addWidget(self.message)

        self.buttons = QDialogButtonBox(PersonEditDialog)
        self.buttons.setObjectName(u"buttons")
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Cancel|QDialogButtonBox.StandardButton.Save)

        self.layout.addWidget(self.buttons)

#if QT_CONFIG(shortcut)
        self.name_label.setBuddy(self.name)
        self.rg_label.setBuddy(self.rg)
        self.rg_issuer_label.setBuddy(self.rg_issuer)
        self.birth_label.setBuddy(self.birth)
        self.blood_label.setBuddy(self.blood)
        self.nationality_label.setBuddy(self.nationality)
        self.profession_label.setBuddy(self.profession)
        self.street_label.setBuddy(self.street)
        self.number_label.setBuddy(self.number)
        self.complement_label.setBuddy(self.complement)
        self.district_label.setBuddy(self.district)
        self.city_label.setBuddy(self.city)
        self.uf_label.setBuddy(self.uf)
        self.cep_label.setBuddy(self.cep)
        self.address_proof_date_label.setBuddy(self.address_proof_date)
        self.phone_label.setBuddy(self.phone)
        self.email_label.setBuddy(self.email)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.name, self.rg)
        QWidget.setTabOrder(self.rg, self.rg_issuer)
        QWidget.setTabOrder(self.rg_issuer, self.birth)
        QWidget.setTabOrder(self.birth, self.blood)
        QWidget.setTabOrder(self.blood, self.nationality)
        QWidget.setTabOrder(self.nationality, self.profession)
        QWidget.setTabOrder(self.profession, self.street)
        QWidget.setTabOrder(self.street, self.number)
        QWidget.setTabOrder(self.number, self.complement)
        QWidget.setTabOrder(self.complement, self.district)
        QWidget.setTabOrder(self.district, self.city)
        QWidget.setTabOrder(self.city, self.uf)
        QWidget.setTabOrder(self.uf, self.cep)
        QWidget.setTabOrder(self.cep, self.address_proof_date)
        QWidget.setTabOrder(self.address_proof_date, self.phone)
        QWidget.setTabOrder(self.phone, self.email)

        self.retranslateUi(PersonEditDialog)

        QMetaObject.connectSlotsByName(PersonEditDialog)
    # setupUi

    def retranslateUi(self, PersonEditDialog):
        PersonEditDialog.setWindowTitle(QCoreApplication.translate("PersonEditDialog", u"Editar cadastro", None))
        self.personal_box.setTitle(QCoreApplication.translate("PersonEditDialog", u"Dados pessoais", None))
        self.name_label.setText(QCoreApplication.translate("PersonEditDialog", u"&Nome completo:", None))
        self.rg_label.setText(QCoreApplication.translate("PersonEditDialog", u"&RG:", None))
        self.rg_issuer_label.setText(QCoreApplication.translate("PersonEditDialog", u"\u00d3rg\u00e3o emi&ssor:", None))
        self.birth_label.setText(QCoreApplication.translate("PersonEditDialog", u"&Data de nascimento:", None))
        self.blood_label.setText(QCoreApplication.translate("PersonEditDialog", u"Tipo san&gu\u00edneo:", None))
        self.nationality_label.setText(QCoreApplication.translate("PersonEditDialog", u"Nac&ionalidade:", None))
        self.profession_label.setText(QCoreApplication.translate("PersonEditDialog", u"Pro&fiss\u00e3o:", None))
        self.address_box.setTitle(QCoreApplication.translate("PersonEditDialog", u"Endere\u00e7o e contato", None))
        self.street_label.setText(QCoreApplication.translate("PersonEditDialog", u"&Logradouro:", None))
        self.number_label.setText(QCoreApplication.translate("PersonEditDialog", u"N\u00fa&mero:", None))
        self.complement_label.setText(QCoreApplication.translate("PersonEditDialog", u"C&omplemento:", None))
        self.district_label.setText(QCoreApplication.translate("PersonEditDialog", u"&Bairro:", None))
        self.city_label.setText(QCoreApplication.translate("PersonEditDialog", u"&Cidade:", None))
        self.uf_label.setText(QCoreApplication.translate("PersonEditDialog", u"&UF:", None))
        self.cep_label.setText(QCoreApplication.translate("PersonEditDialog", u"CE&P:", None))
        self.address_proof_date_label.setText(QCoreApplication.translate("PersonEditDialog", u"Data do compro&vante:", None))
        self.phone_label.setText(QCoreApplication.translate("PersonEditDialog", u"&Telefone:", None))
        self.email_label.setText(QCoreApplication.translate("PersonEditDialog", u"&E-mail:", None))
        self.message.setStyleSheet(QCoreApplication.translate("PersonEditDialog", u"color: #b71c1c; font-weight: bold;", None))
    # retranslateUi

