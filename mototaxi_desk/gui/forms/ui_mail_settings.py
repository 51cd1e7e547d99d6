# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'mail_settings.ui'
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
from PySide6.QtWidgets import (QApplication, QComboBox, QFormLayout, QGroupBox,
    QHBoxLayout, QLabel, QLineEdit, QPushButton,
    QSizePolicy, QSpacerItem, QVBoxLayout, QWidget)

class Ui_MailSettings(object):
    def setupUi(self, MailSettings):
        if not MailSettings.objectName():
            MailSettings.setObjectName(u"MailSettings")
        self.layout = QVBoxLayout(MailSettings)
        self.layout.setObjectName(u"layout")
        self.intro = QLabel(MailSettings)
        self.intro.setObjectName(u"intro")
        self.intro.setWordWrap(True)

        self.layout.addWidget(self.intro)

        self.server_box = QGroupBox(MailSettings)
        self.server_box.setObjectName(u"server_box")
        self.server_form = QFormLayout(self.server_box)
        self.server_form.setObjectName(u"server_form")
        self.host_label = QLabel(self.server_box)
        self.host_label.setObjectName(u"host_label")

        self.server_form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.host_label)

        self.host = QLineEdit(self.server_box)
        self.host.setObjectName(u"host")
        self.host.setMaxLength(120)

        self.server_form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.host)

        self.port_label = QLabel(self.server_box)
        self.port_label.setObjectName(u"port_label")

        self.server_form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.port_label)

        self.port = QLineEdit(self.server_box)
        self.port.setObjectName(u"port")
        self.port.setMaxLength(5)

        self.server_form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.port)

        self.security_label = QLabel(self.server_box)
        self.security_label.setObjectName(u"security_label")

        self.server_form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.security_label)

        self.security = QComboBox(self.server_box)
        self.security.setObjectName(u"security")

        self.server_form.setWidget(2, QFormLayout.ItemRole.FieldRole, self.security)

        self.user_label = QLabel(self.server_box)
        self.user_label.setObjectName(u"user_label")

        self.server_form.setWidget(3, QFormLayout.ItemRole.LabelRole, self.user_label)

        self.user = QLineEdit(self.server_box)
        self.user.setObjectName(u"user")
        self.user.setMaxLength(120)

        self.server_form.setWidget(3, QFormLayout.ItemRole.FieldRole, self.user)

        self.password_label = QLabel(self.server_box)
        self.password_label.setObjectName(u"password_label")

        self.server_form.setWidget(4, QFormLayout.ItemRole.LabelRole, self.password_label)

        self.password = QLineEdit(self.server_box)
        self.password.setObjectName(u"password")
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setMaxLength(200)

        self.server_form.setWidget(4, QFormLayout.ItemRole.FieldRole, self.password)

        self.sender_label = QLabel(self.server_box)
        self.sender_label.setObjectName(u"sender_label")

        self.server_form.setWidget(5, QFormLayout.ItemRole.LabelRole, self.sender_label)

        self.sender = QLineEdit(self.server_box)
        self.sender.setObjectName(u"sender")
        self.sender.setMaxLength(120)

        self.server_form.setWidget(5, QFormLayout.ItemRole.FieldRole, self.sender)

        self.save_row = QHBoxLayout()
        self.save_row.setObjectName(u"save_row")
        self.save = QPushButton(self.server_box)
        self.save.setObjectName(u"save")

        self.save_row.addWidget(self.save)

        self.password_state = QLabel(self.server_box)
        self.password_state.setObjectName(u"password_state")

        self.save_row.addWidget(self.password_state)

        self.save_spacer = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.save_row.addItem(self.save_spacer)


        self.server_form.setLayout(6, QFormLayout.ItemRole.FieldRole, self.save_row)


        self.layout.addWidget(self.server_box)

        self.test_box = QGroupBox(MailSettings)
        self.test_box.setObjectName(u"test_box")
        self.test_form = QFormLayout(self.test_box)
        self.test_form.setObjectName(u"test_form")
        self.test_address_label = QLabel(self.test_box)
        self.test_address_label.setObjectName(u"test_address_label")

        self.test_form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.test_address_label)

        self.test_address = QLineEdit(self.test_box)
        self.test_address.setObjectName(u"test_address")

        self.test_form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.test_address)

        self.test_row = QHBoxLayout()
        self.test_row.setObjectName(u"test_row")
        self.send_test = QPushButton(self.test_box)
        self.send_test.setObjectName(u"send_test")

        self.test_row.addWidget(self.send_test)

        self.test_spacer = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.test_row.addItem(self.test_spacer)


        self.test_form.setLayout(1, QFormLayout.ItemRole.FieldRole, self.test_row)


        self.layout.addWidget(self.test_box)

        self.reminders_box = QGroupBox(MailSettings)
        self.reminders_box.setObjectName(u"reminders_box")
        self.reminders_form = QFormLayout(self.reminders_box)
        self.reminders_form.setObjectName(u"reminders_form")
        self.reminder_kind_label = QLabel(self.reminders_box)
        self.reminder_kind_label.setObjectName(u"reminder_kind_label")

        self.reminders_form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.reminder_kind_label)

        self.reminder_kind = QComboBox(self.reminders_box)
        self.reminder_kind.setObjectName(u"reminder_kind")

        self.reminders_form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.reminder_kind)

        self.reminders_row = QHBoxLayout()
        self.reminders_row.setObjectName(u"reminders_row")
        self.send_reminders = QPushButton(self.reminders_box)
        self.send_reminders.setObjectName(u"send_reminders")

        self.reminders_row.addWidget(self.send_reminders)

        self.retry = QPushButton(self.reminders_box)
        self.retry.setObjectName(u"retry")

        self.reminders_row.addWidget(self.retry)

        self.reminders_spacer = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.reminders_row.addItem(self.reminders_spacer)


        self.reminders_form.setLayout(1, QFormLayout.ItemRole.FieldRole, self.reminders_row)

        self.failures = QLabel(self.reminders_box)
        self.failures.setObjectName(u"failures")
        self.failures.setWordWrap(True)

        self.reminders_form.setWidget(2, QFormLayout.ItemRole.FieldRole, self.failures)


        self.layout.addWidget(self.reminders_box)

        self.message = QLabel(MailSettings)
        self.message.setObjectName(u"message")
        self.message.setWordWrap(True)

        self.layout.addWidget(self.message)

        self.bottom_spacer = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)

        self.layout.addItem(self.bottom_spacer)

#if QT_CONFIG(shortcut)
        self.host_label.setBuddy(self.host)
        self.port_label.setBuddy(self.port)
        self.security_label.setBuddy(self.security)
        self.user_label.setBuddy(self.user)
        self.password_label.setBuddy(self.password)
        self.sender_label.setBuddy(self.sender)
        self.test_address_label.setBuddy(self.test_address)
        self.reminder_kind_label.setBuddy(self.reminder_kind)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.host, self.port)
        QWidget.setTabOrder(self.port, self.security)
        QWidget.setTabOrder(self.security, self.user)
        QWidget.setTabOrder(self.user, self.password)
        QWidget.setTabOrder(self.password, self.sender)
        QWidget.setTabOrder(self.sender, self.save)
        QWidget.setTabOrder(self.save, self.test_address)
        QWidget.setTabOrder(self.test_address, self.send_test)
        QWidget.setTabOrder(self.send_test, self.reminder_kind)
        QWidget.setTabOrder(self.reminder_kind, self.send_reminders)
        QWidget.setTabOrder(self.send_reminders, self.retry)

        self.retranslateUi(MailSettings)

        QMetaObject.connectSlotsByName(MailSettings)
    # setupUi

    def retranslateUi(self, MailSettings):
        MailSettings.setWindowTitle(QCoreApplication.translate("MailSettings", u"E-mail", None))
        self.intro.setText(QCoreApplication.translate("MailSettings", u"O servidor de e-mail (SMTP) da prefeitura, para enviar documentos e lembretes ao e-mail cadastrado dos permission\u00e1rios. Cada esta\u00e7\u00e3o que envia \u00e9 configurada uma vez; a senha fica guardada cifrada. E-mail n\u00e3o \u00e9 notifica\u00e7\u00e3o oficial: n\u00e3o abre prazo de defesa nem de recurso.", None))
        self.server_box.setTitle(QCoreApplication.translate("MailSettings", u"Servidor desta esta\u00e7\u00e3o", None))
        self.host_label.setText(QCoreApplication.translate("MailSettings", u"&Servidor SMTP:", None))
        self.host.setPlaceholderText(QCoreApplication.translate("MailSettings", u"smtp.prefeitura.gov.br", None))
        self.port_label.setText(QCoreApplication.translate("MailSettings", u"&Porta:", None))
        self.port.setPlaceholderText(QCoreApplication.translate("MailSettings", u"587", None))
        self.security_label.setText(QCoreApplication.translate("MailSettings", u"Se&guran\u00e7a:", None))
        self.user_label.setText(QCoreApplication.translate("MailSettings", u"&Usu\u00e1rio:", None))
        self.user.setPlaceholderText(QCoreApplication.translate("MailSettings", u"vazio: servidor sem login", None))
        self.password_label.setText(QCoreApplication.translate("MailSettings", u"Sen&ha:", None))
        self.sender_label.setText(QCoreApplication.translate("MailSettings", u"&Remetente:", None))
        self.sender.setPlaceholderText(QCoreApplication.translate("MailSettings", u"mototaxi@prefeitura.gov.br", None))
        self.save.setText(QCoreApplication.translate("MailSettings", u"Sal&var servidor", None))
        self.test_box.setTitle(QCoreApplication.translate("MailSettings", u"Teste", None))
        self.test_address_label.setText(QCoreApplication.translate("MailSettings", u"E-mail de &teste:", None))
        self.test_address.setPlaceholderText(QCoreApplication.translate("MailSettings", u"ti@prefeitura.gov.br", None))
        self.send_test.setText(QCoreApplication.translate("MailSettings", u"&Enviar e-mail de teste", None))
        self.reminders_box.setTitle(QCoreApplication.translate("MailSettings", u"Lembretes de prazo e envios com falha", None))
        self.reminder_kind_label.setText(QCoreApplication.translate("MailSettings", u"&Lembrete:", None))
        self.send_reminders.setText(QCoreApplication.translate("MailSettings", u"Enviar lem&bretes\u2026", None))
        self.retry.setText(QCoreApplication.translate("MailSettings", u"Tentar de novo os envios com &falha", None))
    # retranslateUi

