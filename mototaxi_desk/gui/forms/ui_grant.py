# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'grant.ui'
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
from PySide6.QtWidgets import (QApplication, QComboBox, QDialog, QFormLayout,
    QGridLayout, QGroupBox, QHBoxLayout, QLabel,
    QLineEdit, QPushButton, QSizePolicy, QSpacerItem,
    QSpinBox, QVBoxLayout, QWidget)

from mototaxi_desk.gui.widgets.dates import DateField
from mototaxi_desk.gui.widgets.fields import FormField

class Ui_GrantDialog(object):
    def setupUi(self, GrantDialog):
        if not GrantDialog.objectName():
            GrantDialog.setObjectName(u"GrantDialog")
        self.layout = QVBoxLayout(GrantDialog)
        self.layout.setObjectName(u"layout")
        self.intro = QLabel(GrantDialog)
        self.intro.setObjectName(u"intro")
        self.intro.setTextFormat(Qt.TextFormat.RichText)
        self.intro.setWordWrap(True)

        self.layout.addWidget(self.intro)

        self.form = QFormLayout()
        self.form.setObjectName(u"form")
        self.vehicle_label = QLabel(GrantDialog)
        self.vehicle_label.setObjectName(u"vehicle_label")

        self.form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.vehicle_label)

        self.vehicle = QComboBox(GrantDialog)
        self.vehicle.setObjectName(u"vehicle")

        self.form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.vehicle)

        self.vehicle_warning = QLabel(GrantDialog)
        self.vehicle_warning.setObjectName(u"vehicle_warning")
        self.vehicle_warning.setWordWrap(True)

        self.form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.vehicle_warning)

        self.new_box = QGroupBox(GrantDialog)
        self.new_box.setObjectName(u"new_box")
        self.new_box.setCheckable(True)
        self.new_box.setChecked(False)
        self.new_grid = QGridLayout(self.new_box)
        self.new_grid.setObjectName(u"new_grid")
        self.plate_label = QLabel(self.new_box)
        self.plate_label.setObjectName(u"plate_label")

        self.new_grid.addWidget(self.plate_label, 0, 0, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.plate = FormField(self.new_box)
        self.plate.setObjectName(u"plate")

        self.new_grid.addWidget(self.plate, 0, 1, 1, 1)

        self.renavam_label = QLabel(self.new_box)
        self.renavam_label.setObjectName(u"renavam_label")

        self.new_grid.addWidget(self.renavam_label, 0, 2, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.renavam = FormField(self.new_box)
        self.renavam.setObjectName(u"renavam")

        self.new_grid.addWidget(self.renavam, 0, 3, 1, 1)

        self.chassis_label = QLabel(self.new_box)
        self.chassis_label.setObjectName(u"chassis_label")

        self.new_grid.addWidget(self.chassis_label, 1, 0, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.chassis = FormField(self.new_box)
        self.chassis.setObjectName(u"chassis")

        self.new_grid.addWidget(self.chassis, 1, 1, 1, 1)

        self.colour_label = QLabel(self.new_box)
        self.colour_label.setObjectName(u"colour_label")

        self.new_grid.addWidget(self.colour_label, 1, 2, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.colour = QLineEdit(self.new_box)
        self.colour.setObjectName(u"colour")
        self.colour.setMaxLength(30)

        self.new_grid.addWidget(self.colour, 1, 3, 1, 1)

        self.make_label = QLabel(self.new_box)
        self.make_label.setObjectName(u"make_label")

        self.new_grid.addWidget(self.make_label, 2, 0, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.make = FormField(self.new_box)
        self.make.setObjectName(u"make")

        self.new_grid.addWidget(self.make, 2, 1, 1, 1)

        self.model_label = QLabel(self.new_box)
        self.model_label.setObjectName(u"model_label")

        self.new_grid.addWidget(self.model_label, 2, 2, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.model = FormField(self.new_box)
        self.model.setObjectName(u"model")

        self.new_grid.addWidget(self.model, 2, 3, 1, 1)

        self.manufacture_year_label = QLabel(self.new_box)
        self.manufacture_year_label.setObjectName(u"manufacture_year_label")

        self.new_grid.addWidget(self.manufacture_year_label, 3, 0, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.manufacture_year = QSpinBox(self.new_box)
        self.manufacture_year.setObjectName(u"manufacture_year")

        self.new_grid.addWidget(self.manufacture_year, 3, 1, 1, 1)

        self.model_year_label = QLabel(self.new_box)
        self.model_year_label.setObjectName(u"model_year_label")

        self.new_grid.addWidget(self.model_year_label, 3, 2, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.model_year = QSpinBox(self.new_box)
        self.model_year.setObjectName(u"model_year")

        self.new_grid.addWidget(self.model_year, 3, 3, 1, 1)

        self.cc_label = QLabel(self.new_box)
        self.cc_label.setObjectName(u"cc_label")

        self.new_grid.addWidget(self.cc_label, 4, 0, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.cc = QSpinBox(self.new_box)
        self.cc.setObjectName(u"cc")
        self.cc.setMinimum(50)
        self.cc.setMaximum(3000)
        self.cc.setValue(150)

        self.new_grid.addWidget(self.cc, 4, 1, 1, 1)

        self.insurer_label = QLabel(self.new_box)
        self.insurer_label.setObjectName(u"insurer_label")

        self.new_grid.addWidget(self.insurer_label, 4, 2, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.insurer = QLineEdit(self.new_box)
        self.insurer.setObjectName(u"insurer")
        self.insurer.setMaxLength(80)

        self.new_grid.addWidget(self.insurer, 4, 3, 1, 1)

        self.policy_label = QLabel(self.new_box)
        self.policy_label.setObjectName(u"policy_label")

        self.new_grid.addWidget(self.policy_label, 5, 0, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.policy = QLineEdit(self.new_box)
        self.policy.setObjectName(u"policy")
        self.policy.setMaxLength(40)

        self.new_grid.addWidget(self.policy, 5, 1, 1, 1)

        self.cover_label = QLabel(self.new_box)
        self.cover_label.setObjectName(u"cover_label")

        self.new_grid.addWidget(self.cover_label, 5, 2, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.cover = FormField(self.new_box)
        self.cover.setObjectName(u"cover")

        self.new_grid.addWidget(self.cover, 5, 3, 1, 1)

        self.insurance_expiry_label = QLabel(self.new_box)
        self.insurance_expiry_label.setObjectName(u"insurance_expiry_label")

        self.new_grid.addWidget(self.insurance_expiry_label, 6, 0, 1, 1, Qt.AlignmentFlag.AlignTop)

        self.insurance_expiry = DateField(self.new_box)
        self.insurance_expiry.setObjectName(u"insurance_expiry")

        self.new_grid.addWidget(self.insurance_expiry, 6, 1, 1, 1)

        self.new_grid.setColumnStretch(1, 1)
        self.new_grid.setColumnStretch(3, 1)

        self.form.setWidget(2, QFormLayout.ItemRole.SpanningRole, self.new_box)

        self.stand_label = QLabel(GrantDialog)
        self.stand_label.setObjectName(u"stand_label")

        self.form.setWidget(3, QFormLayout.ItemRole.LabelRole, self.stand_label)

        self.stand = QComboBox(GrantDialog)
        self.stand.setObjectName(u"stand")

        self.form.setWidget(3, QFormLayout.ItemRole.FieldRole, self.stand)

        self.act_label = QLabel(GrantDialog)
        self.act_label.setObjectName(u"act_label")

        self.form.setWidget(4, QFormLayout.ItemRole.LabelRole, self.act_label)

        self.act = QLineEdit(GrantDialog)
        self.act.setObjectName(u"act")
        self.act.setMaxLength(60)

        self.form.setWidget(4, QFormLayout.ItemRole.FieldRole, self.act)


        self.layout.addLayout(self.form)

        self.message = QLabel(GrantDialog)
        self.message.setObjectName(u"message")
        self.message.setWordWrap(True)

        self.layout.addWidget(self.message)

        self.stretch = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)

        self.layout.addItem(self.stretch)

        self.buttons = QHBoxLayout()
        self.buttons.setObjectName(u"buttons")
        self.card_button = QPushButton(GrantDialog)
        self.card_button.setObjectName(u"card_button")
        self.card_button.setEnabled(False)

        self.buttons.addWidget(self.card_button)

        self.termo_button = QPushButton(GrantDialog)
        self.termo_button.setObjectName(u"termo_button")
        self.termo_button.setEnabled(False)

        self.buttons.addWidget(self.termo_button)

        self.buttons_spacer = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.buttons.addItem(self.buttons_spacer)

        self.grant_button = QPushButton(GrantDialog)
        self.grant_button.setObjectName(u"grant_button")

        self.buttons.addWidget(self.grant_button)

        self.close_button = QPushButton(GrantDialog)
        self.close_button.setObjectName(u"close_button")

        self.buttons.addWidget(self.close_button)


        self.layout.addLayout(self.buttons)

#if QT_CONFIG(shortcut)
        self.vehicle_label.setBuddy(self.vehicle)
        self.plate_label.setBuddy(self.plate)
        self.renavam_label.setBuddy(self.renavam)
        self.chassis_label.setBuddy(self.chassis)
        self.colour_label.setBuddy(self.colour)
        self.make_label.setBuddy(self.make)
        self.model_label.setBuddy(self.model)
        self.manufacture_year_label.setBuddy(self.manufacture_year)
        self.model_year_label.setBuddy(self.model_year)
        self.cc_label.setBuddy(self.cc)
        self.insurer_label.setBuddy(self.insurer)
        self.policy_label.setBuddy(self.policy)
        self.cover_label.setBuddy(self.cover)
        self.insurance_expiry_label.setBuddy(self.insurance_expiry)
        self.stand_label.setBuddy(self.stand)
        self.act_label.setBuddy(self.act)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.vehicle, self.new_box)
        QWidget.setTabOrder(self.new_box, self.plate)
        QWidget.setTabOrder(self.plate, self.renavam)
        QWidget.setTabOrder(self.renavam, self.chassis)
        QWidget.setTabOrder(self.chassis, self.colour)
        QWidget.setTabOrder(self.colour, self.make)
        QWidget.setTabOrder(self.make, self.model)
        QWidget.setTabOrder(self.model, self.manufacture_year)
        QWidget.setTabOrder(self.manufacture_year, self.model_year)
        QWidget.setTabOrder(self.model_year, self.cc)
        QWidget.setTabOrder(self.cc, self.insurer)
        QWidget.setTabOrder(self.insurer, self.policy)
        QWidget.setTabOrder(self.policy, self.cover)
        QWidget.setTabOrder(self.cover, self.insurance_expiry)
        QWidget.setTabOrder(self.insurance_expiry, self.stand)
        QWidget.setTabOrder(self.stand, self.act)
        QWidget.setTabOrder(self.act, self.card_button)
        QWidget.setTabOrder(self.card_button, self.termo_button)
        QWidget.setTabOrder(self.termo_button, self.grant_button)
        QWidget.setTabOrder(self.grant_button, self.close_button)

        self.retranslateUi(GrantDialog)

        self.grant_button.setDefault(True)


        QMetaObject.connectSlotsByName(GrantDialog)
    # setupUi

    def retranslateUi(self, GrantDialog):
        GrantDialog.setWindowTitle(QCoreApplication.translate("GrantDialog", u"Outorgar permiss\u00e3o", None))
        self.vehicle_label.setText(QCoreApplication.translate("GrantDialog", u"&Ve\u00edculo:", None))
        self.vehicle_warning.setStyleSheet(QCoreApplication.translate("GrantDialog", u"color: #8a5300;", None))
        self.new_box.setTitle(QCoreApplication.translate("GrantDialog", u"Cadastrar ve\u00edculo novo do re&querente", None))
        self.plate_label.setText(QCoreApplication.translate("GrantDialog", u"P&laca:", None))
        self.renavam_label.setText(QCoreApplication.translate("GrantDialog", u"&RENAVAM:", None))
        self.chassis_label.setText(QCoreApplication.translate("GrantDialog", u"C&hassi:", None))
        self.colour_label.setText(QCoreApplication.translate("GrantDialog", u"Cor:", None))
        self.make_label.setText(QCoreApplication.translate("GrantDialog", u"&Marca:", None))
        self.model_label.setText(QCoreApplication.translate("GrantDialog", u"Mo&delo:", None))
        self.manufacture_year_label.setText(QCoreApplication.translate("GrantDialog", u"Ano de &fabrica\u00e7\u00e3o:", None))
        self.model_year_label.setText(QCoreApplication.translate("GrantDialog", u"A&no do modelo:", None))
        self.cc_label.setText(QCoreApplication.translate("GrantDialog", u"C&ilindradas:", None))
        self.cc.setSuffix(QCoreApplication.translate("GrantDialog", u" cc", None))
        self.insurer_label.setText(QCoreApplication.translate("GrantDialog", u"&Seguradora:", None))
        self.policy_label.setText(QCoreApplication.translate("GrantDialog", u"N\u00ba da ap\u00f3lic&e:", None))
        self.cover_label.setText(QCoreApplication.translate("GrantDialog", u"Cobert&ura por pessoa:", None))
        self.insurance_expiry_label.setText(QCoreApplication.translate("GrantDialog", u"Se&guro v\u00e1lido at\u00e9:", None))
        self.stand_label.setText(QCoreApplication.translate("GrantDialog", u"&Ponto:", None))
        self.act_label.setText(QCoreApplication.translate("GrantDialog", u"&Ato de outorga:", None))
        self.act.setPlaceholderText(QCoreApplication.translate("GrantDialog", u"ex.: Portaria n\u00ba 12/2026", None))
        self.card_button.setText(QCoreApplication.translate("GrantDialog", u"Imprimir &cart\u00e3o", None))
        self.termo_button.setText(QCoreApplication.translate("GrantDialog", u"Imprimir &termo", None))
        self.grant_button.setText(QCoreApplication.translate("GrantDialog", u"&Outorgar", None))
        self.close_button.setText(QCoreApplication.translate("GrantDialog", u"Cancelar", None))
    # retranslateUi

