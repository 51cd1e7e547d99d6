# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'stand_form.ui'
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
from PySide6.QtWidgets import (QAbstractButton, QApplication, QDialog, QDialogButtonBox,
    QFormLayout, QHBoxLayout, QLabel, QSizePolicy,
    QSpinBox, QVBoxLayout, QWidget)

from mototaxi_desk.gui.widgets.dates import DateField
from mototaxi_desk.gui.widgets.fields import FormField

class Ui_StandFormDialog(object):
    def setupUi(self, StandFormDialog):
        if not StandFormDialog.objectName():
            StandFormDialog.setObjectName(u"StandFormDialog")
        self.layout = QVBoxLayout(StandFormDialog)
        self.layout.setObjectName(u"layout")
        self.intro = QLabel(StandFormDialog)
        self.intro.setObjectName(u"intro")
        self.intro.setTextFormat(Qt.TextFormat.RichText)
        self.intro.setWordWrap(True)

        self.layout.addWidget(self.intro)

        self.form = QFormLayout()
        self.form.setObjectName(u"form")
        self.number_label = QLabel(StandFormDialog)
        self.number_label.setObjectName(u"number_label")

        self.form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.number_label)

        self.number = QSpinBox(StandFormDialog)
        self.number.setObjectName(u"number")
        self.number.setMinimum(1)
        self.number.setMaximum(9999)

        self.form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.number)

        self.name_label = QLabel(StandFormDialog)
        self.name_label.setObjectName(u"name_label")

        self.form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.name_label)

        self.name = FormField(StandFormDialog)
        self.name.setObjectName(u"name")

        self.form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.name)

        self.location_label = QLabel(StandFormDialog)
        self.location_label.setObjectName(u"location_label")

        self.form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.location_label)

        self.location = FormField(StandFormDialog)
        self.location.setObjectName(u"location")

        self.form.setWidget(2, QFormLayout.ItemRole.FieldRole, self.location)

        self.latitude_label = QLabel(StandFormDialog)
        self.latitude_label.setObjectName(u"latitude_label")

        self.form.setWidget(3, QFormLayout.ItemRole.LabelRole, self.latitude_label)

        self.coordinates = QHBoxLayout()
        self.coordinates.setObjectName(u"coordinates")
        self.latitude = FormField(StandFormDialog)
        self.latitude.setObjectName(u"latitude")

        self.coordinates.addWidget(self.latitude)

        self.longitude_label = QLabel(StandFormDialog)
        self.longitude_label.setObjectName(u"longitude_label")

        self.coordinates.addWidget(self.longitude_label)

        self.longitude = FormField(StandFormDialog)
        self.longitude.setObjectName(u"longitude")

        self.coordinates.addWidget(self.longitude)


        self.form.setLayout(3, QFormLayout.ItemRole.FieldRole, self.coordinates)

        self.distance_note = QLabel(StandFormDialog)
        self.distance_note.setObjectName(u"distance_note")
        self.distance_note.setWordWrap(True)

        self.form.setWidget(4, QFormLayout.ItemRole.SpanningRole, self.distance_note)

        self.extension_label = QLabel(StandFormDialog)
        self.extension_label.setObjectName(u"extension_label")

        self.form.setWidget(5, QFormLayout.ItemRole.LabelRole, self.extension_label)

        self.extension_point = FormField(StandFormDialog)
        self.extension_point.setObjectName(u"extension_point")

        self.form.setWidget(5, QFormLayout.ItemRole.FieldRole, self.extension_point)

        self.min_label = QLabel(StandFormDialog)
        self.min_label.setObjectName(u"min_label")

        self.form.setWidget(6, QFormLayout.ItemRole.LabelRole, self.min_label)

        self.limits = QHBoxLayout()
        self.limits.setObjectName(u"limits")
        self.min_vehicles = QSpinBox(StandFormDialog)
        self.min_vehicles.setObjectName(u"min_vehicles")
        self.min_vehicles.setMaximum(999)

        self.limits.addWidget(self.min_vehicles)

        self.max_label = QLabel(StandFormDialog)
        self.max_label.setObjectName(u"max_label")

        self.limits.addWidget(self.max_label)

        self.max_vehicles = QSpinBox(StandFormDialog)
        self.max_vehicles.setObjectName(u"max_vehicles")
        self.max_vehicles.setMinimum(1)
        self.max_vehicles.setMaximum(999)

        self.limits.addWidget(self.max_vehicles)


        self.form.setLayout(6, QFormLayout.ItemRole.FieldRole, self.limits)

        self.act_note = QLabel(StandFormDialog)
        self.act_note.setObjectName(u"act_note")
        self.act_note.setTextFormat(Qt.TextFormat.RichText)
        self.act_note.setWordWrap(True)

        self.form.setWidget(7, QFormLayout.ItemRole.SpanningRole, self.act_note)

        self.act_label = QLabel(StandFormDialog)
        self.act_label.setObjectName(u"act_label")

        self.form.setWidget(8, QFormLayout.ItemRole.LabelRole, self.act_label)

        self.act = QHBoxLayout()
        self.act.setObjectName(u"act")
        self.act_number = FormField(StandFormDialog)
        self.act_number.setObjectName(u"act_number")

        self.act.addWidget(self.act_number)

        self.act_date_label = QLabel(StandFormDialog)
        self.act_date_label.setObjectName(u"act_date_label")

        self.act.addWidget(self.act_date_label)

        self.act_date = DateField(StandFormDialog)
        self.act_date.setObjectName(u"act_date")

        self.act.addWidget(self.act_date)


        self.form.setLayout(8, QFormLayout.ItemRole.FieldRole, self.act)

        self.responsible_label = QLabel(StandFormDialog)
        self.responsible_label.setObjectName(u"responsible_label")

        self.form.setWidget(9, QFormLayout.ItemRole.LabelRole, self.responsible_label)

        self.responsible = FormField(StandFormDialog)
        self.responsible.setObjectName(u"responsible")

        self.form.setWidget(9, QFormLayout.ItemRole.FieldRole, self.responsible)

        self.responsible_name = QLabel(StandFormDialog)
        self.responsible_name.setObjectName(u"responsible_name")
        self.responsible_name.setWordWrap(True)

        self.form.setWidget(10, QFormLayout.ItemRole.SpanningRole, self.responsible_name)


        self.layout.addLayout(self.form)

        self.message = QLabel(StandFormDialog)
        self.message.setObjectName(u"message")
        self.message.setWordWrap(True)

        self.layout.addWidget(self.message)

        self.buttons = QDialogButtonBox(StandFormDialog)
        self.buttons.setObjectName(u"buttons")
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Cancel|QDialogButtonBox.StandardButton.Save)

        self.layout.addWidget(self.buttons)

#if QT_CONFIG(shortcut)
        self.number_label.setBuddy(self.number)
        self.name_label.setBuddy(self.name)
        self.location_label.setBuddy(self.location)
        self.latitude_label.setBuddy(self.latitude)
        self.longitude_label.setBuddy(self.longitude)
        self.extension_label.setBuddy(self.extension_point)
        self.min_label.setBuddy(self.min_vehicles)
        self.max_label.setBuddy(self.max_vehicles)
        self.act_label.setBuddy(self.act_number)
        self.act_date_label.setBuddy(self.act_date)
        self.responsible_label.setBuddy(self.responsible)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.number, self.name)
        QWidget.setTabOrder(self.name, self.location)
        QWidget.setTabOrder(self.location, self.latitude)
        QWidget.setTabOrder(self.latitude, self.longitude)
        QWidget.setTabOrder(self.longitude, self.extension_point)
        QWidget.setTabOrder(self.extension_point, self.min_vehicles)
        QWidget.setTabOrder(self.min_vehicles, self.max_vehicles)
        QWidget.setTabOrder(self.max_vehicles, self.act_number)
        QWidget.setTabOrder(self.act_number, self.act_date)
        QWidget.setTabOrder(self.act_date, self.responsible)

        self.retranslateUi(StandFormDialog)

        QMetaObject.connectSlotsByName(StandFormDialog)
    # setupUi

    def retranslateUi(self, StandFormDialog):
        StandFormDialog.setWindowTitle(QCoreApplication.translate("StandFormDialog", u"Ponto de motot\u00e1xi", None))
        self.number_label.setText(QCoreApplication.translate("StandFormDialog", u"N\u00ba do &ponto:", None))
        self.name_label.setText(QCoreApplication.translate("StandFormDialog", u"&Nome:", None))
        self.location_label.setText(QCoreApplication.translate("StandFormDialog", u"&Localiza\u00e7\u00e3o:", None))
        self.latitude_label.setText(QCoreApplication.translate("StandFormDialog", u"La&titude:", None))
        self.longitude_label.setText(QCoreApplication.translate("StandFormDialog", u"Lon&gitude:", None))
        self.extension_label.setText(QCoreApplication.translate("StandFormDialog", u"Ponto de &extens\u00e3o:", None))
        self.min_label.setText(QCoreApplication.translate("StandFormDialog", u"&M\u00ednimo de motocicletas:", None))
        self.max_label.setText(QCoreApplication.translate("StandFormDialog", u"M\u00e1&ximo:", None))
        self.act_label.setText(QCoreApplication.translate("StandFormDialog", u"N\u00ba do &ato do m\u00e1ximo:", None))
        self.act_date_label.setText(QCoreApplication.translate("StandFormDialog", u"&Data do ato:", None))
        self.responsible_label.setText(QCoreApplication.translate("StandFormDialog", u"&Respons\u00e1vel (CPF):", None))
        self.message.setStyleSheet(QCoreApplication.translate("StandFormDialog", u"color: #b71c1c; font-weight: bold;", None))
    # retranslateUi

