# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'notice_entry.ui'
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
    QDialog, QDialogButtonBox, QFormLayout, QGroupBox,
    QHBoxLayout, QLabel, QLineEdit, QListWidget,
    QListWidgetItem, QPlainTextEdit, QPushButton, QSizePolicy,
    QSpacerItem, QVBoxLayout, QWidget)

from mototaxi_desk.gui.widgets.dates import DateField

class Ui_NoticeEntryDialog(object):
    def setupUi(self, NoticeEntryDialog):
        if not NoticeEntryDialog.objectName():
            NoticeEntryDialog.setObjectName(u"NoticeEntryDialog")
        self.layout = QVBoxLayout(NoticeEntryDialog)
        self.layout.setObjectName(u"layout")
        self.body = QHBoxLayout()
        self.body.setObjectName(u"body")
        self.left = QGroupBox(NoticeEntryDialog)
        self.left.setObjectName(u"left")
        self.lbox = QVBoxLayout(self.left)
        self.lbox.setObjectName(u"lbox")
        self.filter = QLineEdit(self.left)
        self.filter.setObjectName(u"filter")
        self.filter.setClearButtonEnabled(True)

        self.lbox.addWidget(self.filter)

        self.catalogue = QListWidget(self.left)
        self.catalogue.setObjectName(u"catalogue")
        self.catalogue.setWordWrap(True)

        self.lbox.addWidget(self.catalogue)

        self.item_detail = QLabel(self.left)
        self.item_detail.setObjectName(u"item_detail")
        self.item_detail.setWordWrap(True)

        self.lbox.addWidget(self.item_detail)

        self.lbox.setStretch(1, 1)

        self.body.addWidget(self.left)

        self.right = QVBoxLayout()
        self.right.setObjectName(u"right")
        self.form = QFormLayout()
        self.form.setObjectName(u"form")
        self.permit_label = QLabel(NoticeEntryDialog)
        self.permit_label.setObjectName(u"permit_label")

        self.form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.permit_label)

        self.permit_row = QHBoxLayout()
        self.permit_row.setObjectName(u"permit_row")
        self.permit_edit = QLineEdit(NoticeEntryDialog)
        self.permit_edit.setObjectName(u"permit_edit")

        self.permit_row.addWidget(self.permit_edit)

        self.find_button = QPushButton(NoticeEntryDialog)
        self.find_button.setObjectName(u"find_button")
        self.find_button.setAutoDefault(False)

        self.permit_row.addWidget(self.find_button)

        self.permit_row.setStretch(0, 1)

        self.form.setLayout(0, QFormLayout.ItemRole.FieldRole, self.permit_row)

        self.permit_info = QLabel(NoticeEntryDialog)
        self.permit_info.setObjectName(u"permit_info")
        self.permit_info.setWordWrap(True)

        self.form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.permit_info)

        self.infractor_label = QLabel(NoticeEntryDialog)
        self.infractor_label.setObjectName(u"infractor_label")

        self.form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.infractor_label)

        self.infractor = QComboBox(NoticeEntryDialog)
        self.infractor.setObjectName(u"infractor")

        self.form.setWidget(2, QFormLayout.ItemRole.FieldRole, self.infractor)

        self.plate_label = QLabel(NoticeEntryDialog)
        self.plate_label.setObjectName(u"plate_label")

        self.form.setWidget(3, QFormLayout.ItemRole.LabelRole, self.plate_label)

        self.plate = QLineEdit(NoticeEntryDialog)
        self.plate.setObjectName(u"plate")

        self.form.setWidget(3, QFormLayout.ItemRole.FieldRole, self.plate)

        self.place_label = QLabel(NoticeEntryDialog)
        self.place_label.setObjectName(u"place_label")

        self.form.setWidget(4, QFormLayout.ItemRole.LabelRole, self.place_label)

        self.place = QLineEdit(NoticeEntryDialog)
        self.place.setObjectName(u"place")

        self.form.setWidget(4, QFormLayout.ItemRole.FieldRole, self.place)

        self.occurred_at_label = QLabel(NoticeEntryDialog)
        self.occurred_at_label.setObjectName(u"occurred_at_label")

        self.form.setWidget(5, QFormLayout.ItemRole.LabelRole, self.occurred_at_label)

        self.occurred_at = DateField(NoticeEntryDialog)
        self.occurred_at.setObjectName(u"occurred_at")

        self.form.setWidget(5, QFormLayout.ItemRole.FieldRole, self.occurred_at)

        self.occurred_error = QLabel(NoticeEntryDialog)
        self.occurred_error.setObjectName(u"occurred_error")
        self.occurred_error.setWordWrap(True)

        self.form.setWidget(6, QFormLayout.ItemRole.FieldRole, self.occurred_error)

        self.description_label = QLabel(NoticeEntryDialog)
        self.description_label.setObjectName(u"description_label")

        self.form.setWidget(7, QFormLayout.ItemRole.LabelRole, self.description_label)

        self.description = QPlainTextEdit(NoticeEntryDialog)
        self.description.setObjectName(u"description")
        self.description.setTabChangesFocus(True)

        self.form.setWidget(7, QFormLayout.ItemRole.FieldRole, self.description)

        self.agent_name_label = QLabel(NoticeEntryDialog)
        self.agent_name_label.setObjectName(u"agent_name_label")

        self.form.setWidget(8, QFormLayout.ItemRole.LabelRole, self.agent_name_label)

        self.agent_name = QLineEdit(NoticeEntryDialog)
        self.agent_name.setObjectName(u"agent_name")

        self.form.setWidget(8, QFormLayout.ItemRole.FieldRole, self.agent_name)

        self.agent_registration_label = QLabel(NoticeEntryDialog)
        self.agent_registration_label.setObjectName(u"agent_registration_label")

        self.form.setWidget(9, QFormLayout.ItemRole.LabelRole, self.agent_registration_label)

        self.agent_registration = QLineEdit(NoticeEntryDialog)
        self.agent_registration.setObjectName(u"agent_registration")

        self.form.setWidget(9, QFormLayout.ItemRole.FieldRole, self.agent_registration)

        self.signed = QCheckBox(NoticeEntryDialog)
        self.signed.setObjectName(u"signed")

        self.form.setWidget(10, QFormLayout.ItemRole.FieldRole, self.signed)

        self.notification_label = QLabel(NoticeEntryDialog)
        self.notification_label.setObjectName(u"notification_label")

        self.form.setWidget(11, QFormLayout.ItemRole.LabelRole, self.notification_label)

        self.notified_row = QHBoxLayout()
        self.notified_row.setObjectName(u"notified_row")
        self.notified = QCheckBox(NoticeEntryDialog)
        self.notified.setObjectName(u"notified")

        self.notified_row.addWidget(self.notified)

        self.notified_on = DateField(NoticeEntryDialog)
        self.notified_on.setObjectName(u"notified_on")

        self.notified_row.addWidget(self.notified_on)

        self.channel = QComboBox(NoticeEntryDialog)
        self.channel.setObjectName(u"channel")

        self.notified_row.addWidget(self.channel)

        self.notified_row.setStretch(2, 1)

        self.form.setLayout(11, QFormLayout.ItemRole.FieldRole, self.notified_row)

        self.units_label = QLabel(NoticeEntryDialog)
        self.units_label.setObjectName(u"units_label")

        self.form.setWidget(12, QFormLayout.ItemRole.LabelRole, self.units_label)

        self.units = QLineEdit(NoticeEntryDialog)
        self.units.setObjectName(u"units")

        self.form.setWidget(12, QFormLayout.ItemRole.FieldRole, self.units)

        self.reason_label = QLabel(NoticeEntryDialog)
        self.reason_label.setObjectName(u"reason_label")

        self.form.setWidget(13, QFormLayout.ItemRole.LabelRole, self.reason_label)

        self.reason = QLineEdit(NoticeEntryDialog)
        self.reason.setObjectName(u"reason")

        self.form.setWidget(13, QFormLayout.ItemRole.FieldRole, self.reason)


        self.right.addLayout(self.form)

        self.right_stretch = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)

        self.right.addItem(self.right_stretch)


        self.body.addLayout(self.right)

        self.body.setStretch(0, 5)
        self.body.setStretch(1, 5)

        self.layout.addLayout(self.body)

        self.preview_label = QLabel(NoticeEntryDialog)
        self.preview_label.setObjectName(u"preview_label")
        self.preview_label.setWordWrap(True)
        self.preview_label.setTextFormat(Qt.TextFormat.RichText)

        self.layout.addWidget(self.preview_label)

        self.message = QLabel(NoticeEntryDialog)
        self.message.setObjectName(u"message")
        self.message.setWordWrap(True)

        self.layout.addWidget(self.message)

        self.buttons = QDialogButtonBox(NoticeEntryDialog)
        self.buttons.setObjectName(u"buttons")

        self.layout.addWidget(self.buttons)

        self.layout.setStretch(0, 1)
#if QT_CONFIG(shortcut)
        self.permit_label.setBuddy(self.permit_edit)
        self.infractor_label.setBuddy(self.infractor)
        self.plate_label.setBuddy(self.plate)
        self.place_label.setBuddy(self.place)
        self.occurred_at_label.setBuddy(self.occurred_at)
        self.description_label.setBuddy(self.description)
        self.agent_name_label.setBuddy(self.agent_name)
        self.agent_registration_label.setBuddy(self.agent_registration)
        self.notification_label.setBuddy(self.notified)
        self.units_label.setBuddy(self.units)
        self.reason_label.setBuddy(self.reason)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.filter, self.catalogue)
        QWidget.setTabOrder(self.catalogue, self.permit_edit)
        QWidget.setTabOrder(self.permit_edit, self.find_button)
        QWidget.setTabOrder(self.find_button, self.infractor)
        QWidget.setTabOrder(self.infractor, self.plate)
        QWidget.setTabOrder(self.plate, self.place)
        QWidget.setTabOrder(self.place, self.occurred_at)
        QWidget.setTabOrder(self.occurred_at, self.description)
        QWidget.setTabOrder(self.description, self.agent_name)
        QWidget.setTabOrder(self.agent_name, self.agent_registration)
        QWidget.setTabOrder(self.agent_registration, self.signed)
        QWidget.setTabOrder(self.signed, self.notified)
        QWidget.setTabOrder(self.notified, self.notified_on)
        QWidget.setTabOrder(self.notified_on, self.channel)
        QWidget.setTabOrder(self.channel, self.units)
        QWidget.setTabOrder(self.units, self.reason)

        self.retranslateUi(NoticeEntryDialog)

        QMetaObject.connectSlotsByName(NoticeEntryDialog)
    # setupUi

    def retranslateUi(self, NoticeEntryDialog):
        NoticeEntryDialog.setWindowTitle(QCoreApplication.translate("NoticeEntryDialog", u"Lavrar auto de infra\u00e7\u00e3o", None))
        self.left.setTitle(QCoreApplication.translate("NoticeEntryDialog", u"Infra\u00e7\u00e3o \u2014 cat\u00e1logo", None))
        self.filter.setPlaceholderText(QCoreApplication.translate("NoticeEntryDialog", u"C\u00f3digo ou palavras (ex.: 36-II, higiene, capacete)", None))
        self.item_detail.setText(QCoreApplication.translate("NoticeEntryDialog", u"Escolha a infra\u00e7\u00e3o no cat\u00e1logo.", None))
        self.permit_label.setText(QCoreApplication.translate("NoticeEntryDialog", u"&Permiss\u00e3o:", None))
        self.permit_edit.setPlaceholderText(QCoreApplication.translate("NoticeEntryDialog", u"N\u00ba de ordem ou placa", None))
        self.find_button.setText(QCoreApplication.translate("NoticeEntryDialog", u"&Localizar", None))
        self.permit_info.setText(QCoreApplication.translate("NoticeEntryDialog", u"\u2014", None))
        self.infractor_label.setText(QCoreApplication.translate("NoticeEntryDialog", u"&Infrator:", None))
        self.plate_label.setText(QCoreApplication.translate("NoticeEntryDialog", u"Pl&aca:", None))
        self.plate.setPlaceholderText(QCoreApplication.translate("NoticeEntryDialog", u"placa do ve\u00edculo (da permiss\u00e3o, se vazio)", None))
        self.place_label.setText(QCoreApplication.translate("NoticeEntryDialog", u"L&ocal:", None))
        self.occurred_at_label.setText(QCoreApplication.translate("NoticeEntryDialog", u"&Data e hora:", None))
        self.occurred_error.setStyleSheet(QCoreApplication.translate("NoticeEntryDialog", u"color: #b71c1c;", None))
        self.description_label.setText(QCoreApplication.translate("NoticeEntryDialog", u"D&escri\u00e7\u00e3o:", None))
        self.agent_name_label.setText(QCoreApplication.translate("NoticeEntryDialog", u"Agente (&nome):", None))
        self.agent_registration_label.setText(QCoreApplication.translate("NoticeEntryDialog", u"&Matr\u00edcula:", None))
        self.signed.setText(QCoreApplication.translate("NoticeEntryDialog", u"O infrator a&ssinou o auto (vale como notifica\u00e7\u00e3o)", None))
        self.notification_label.setText(QCoreApplication.translate("NoticeEntryDialog", u"Notifica\u00e7\u00e3o:", None))
        self.notified.setText(QCoreApplication.translate("NoticeEntryDialog", u"No&tificado em", None))
        self.units_label.setText(QCoreApplication.translate("NoticeEntryDialog", u"M&ulta:", None))
        self.units.setPlaceholderText(QCoreApplication.translate("NoticeEntryDialog", u"valor na faixa da lei", None))
        self.reason_label.setText(QCoreApplication.translate("NoticeEntryDialog", u"Moti&vo da corre\u00e7\u00e3o:", None))
        self.preview_label.setStyleSheet(QCoreApplication.translate("NoticeEntryDialog", u"background: #eef3fb; border: 1px solid #9fb3d1; border-radius: 4px; padding: 6px;", None))
        self.message.setStyleSheet(QCoreApplication.translate("NoticeEntryDialog", u"color: #b71c1c; font-weight: bold;", None))
    # retranslateUi

