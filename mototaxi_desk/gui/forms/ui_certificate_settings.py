# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'certificate_settings.ui'
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
from PySide6.QtWidgets import (QApplication, QFormLayout, QGroupBox, QHBoxLayout,
    QLabel, QLineEdit, QPushButton, QSizePolicy,
    QSpacerItem, QVBoxLayout, QWidget)

class Ui_CertificateSettings(object):
    def setupUi(self, CertificateSettings):
        if not CertificateSettings.objectName():
            CertificateSettings.setObjectName(u"CertificateSettings")
        self.layout = QVBoxLayout(CertificateSettings)
        self.layout.setObjectName(u"layout")
        self.intro = QLabel(CertificateSettings)
        self.intro.setObjectName(u"intro")
        self.intro.setWordWrap(True)

        self.layout.addWidget(self.intro)

        self.warning = QLabel(CertificateSettings)
        self.warning.setObjectName(u"warning")
        self.warning.setWordWrap(True)

        self.layout.addWidget(self.warning)

        self.installed_box = QGroupBox(CertificateSettings)
        self.installed_box.setObjectName(u"installed_box")
        self.installed_form = QFormLayout(self.installed_box)
        self.installed_form.setObjectName(u"installed_form")
        self.holder_label = QLabel(self.installed_box)
        self.holder_label.setObjectName(u"holder_label")

        self.installed_form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.holder_label)

        self.holder = QLabel(self.installed_box)
        self.holder.setObjectName(u"holder")
        self.holder.setWordWrap(True)
        self.holder.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.installed_form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.holder)

        self.cnpj_label = QLabel(self.installed_box)
        self.cnpj_label.setObjectName(u"cnpj_label")

        self.installed_form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.cnpj_label)

        self.cnpj = QLabel(self.installed_box)
        self.cnpj.setObjectName(u"cnpj")
        self.cnpj.setWordWrap(True)
        self.cnpj.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.installed_form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.cnpj)

        self.issuer_label = QLabel(self.installed_box)
        self.issuer_label.setObjectName(u"issuer_label")

        self.installed_form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.issuer_label)

        self.issuer = QLabel(self.installed_box)
        self.issuer.setObjectName(u"issuer")
        self.issuer.setWordWrap(True)
        self.issuer.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.installed_form.setWidget(2, QFormLayout.ItemRole.FieldRole, self.issuer)

        self.validity_label = QLabel(self.installed_box)
        self.validity_label.setObjectName(u"validity_label")

        self.installed_form.setWidget(3, QFormLayout.ItemRole.LabelRole, self.validity_label)

        self.validity = QLabel(self.installed_box)
        self.validity.setObjectName(u"validity")
        self.validity.setWordWrap(True)
        self.validity.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.installed_form.setWidget(3, QFormLayout.ItemRole.FieldRole, self.validity)

        self.fingerprint_label = QLabel(self.installed_box)
        self.fingerprint_label.setObjectName(u"fingerprint_label")

        self.installed_form.setWidget(4, QFormLayout.ItemRole.LabelRole, self.fingerprint_label)

        self.fingerprint = QLabel(self.installed_box)
        self.fingerprint.setObjectName(u"fingerprint")
        self.fingerprint.setWordWrap(True)
        self.fingerprint.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.installed_form.setWidget(4, QFormLayout.ItemRole.FieldRole, self.fingerprint)

        self.signing_label = QLabel(self.installed_box)
        self.signing_label.setObjectName(u"signing_label")

        self.installed_form.setWidget(5, QFormLayout.ItemRole.LabelRole, self.signing_label)

        self.signing = QLabel(self.installed_box)
        self.signing.setObjectName(u"signing")
        self.signing.setWordWrap(True)
        self.signing.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.installed_form.setWidget(5, QFormLayout.ItemRole.FieldRole, self.signing)


        self.layout.addWidget(self.installed_box)

        self.install_box = QGroupBox(CertificateSettings)
        self.install_box.setObjectName(u"install_box")
        self.install_form = QFormLayout(self.install_box)
        self.install_form.setObjectName(u"install_form")
        self.file_label = QLabel(self.install_box)
        self.file_label.setObjectName(u"file_label")

        self.install_form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.file_label)

        self.file_row = QHBoxLayout()
        self.file_row.setObjectName(u"file_row")
        self.file_path = QLineEdit(self.install_box)
        self.file_path.setObjectName(u"file_path")

        self.file_row.addWidget(self.file_path)

        self.choose_file = QPushButton(self.install_box)
        self.choose_file.setObjectName(u"choose_file")

        self.file_row.addWidget(self.choose_file)

        self.file_row.setStretch(0, 1)

        self.install_form.setLayout(0, QFormLayout.ItemRole.FieldRole, self.file_row)

        self.password_label = QLabel(self.install_box)
        self.password_label.setObjectName(u"password_label")

        self.install_form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.password_label)

        self.password = QLineEdit(self.install_box)
        self.password.setObjectName(u"password")
        self.password.setEchoMode(QLineEdit.EchoMode.Password)

        self.install_form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.password)

        self.install_buttons = QHBoxLayout()
        self.install_buttons.setObjectName(u"install_buttons")
        self.install = QPushButton(self.install_box)
        self.install.setObjectName(u"install")

        self.install_buttons.addWidget(self.install)

        self.remove = QPushButton(self.install_box)
        self.remove.setObjectName(u"remove")

        self.install_buttons.addWidget(self.remove)

        self.install_spacer = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.install_buttons.addItem(self.install_spacer)

        self.install_buttons.setStretch(2, 1)

        self.install_form.setLayout(2, QFormLayout.ItemRole.FieldRole, self.install_buttons)


        self.layout.addWidget(self.install_box)

        self.timestamp_box = QGroupBox(CertificateSettings)
        self.timestamp_box.setObjectName(u"timestamp_box")
        self.timestamp_form = QFormLayout(self.timestamp_box)
        self.timestamp_form.setObjectName(u"timestamp_form")
        self.timestamp_label = QLabel(self.timestamp_box)
        self.timestamp_label.setObjectName(u"timestamp_label")

        self.timestamp_form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.timestamp_label)

        self.timestamp_row = QHBoxLayout()
        self.timestamp_row.setObjectName(u"timestamp_row")
        self.timestamp_url = QLineEdit(self.timestamp_box)
        self.timestamp_url.setObjectName(u"timestamp_url")

        self.timestamp_row.addWidget(self.timestamp_url)

        self.save_timestamp = QPushButton(self.timestamp_box)
        self.save_timestamp.setObjectName(u"save_timestamp")

        self.timestamp_row.addWidget(self.save_timestamp)

        self.timestamp_row.setStretch(0, 1)

        self.timestamp_form.setLayout(0, QFormLayout.ItemRole.FieldRole, self.timestamp_row)


        self.layout.addWidget(self.timestamp_box)

        self.message = QLabel(CertificateSettings)
        self.message.setObjectName(u"message")
        self.message.setWordWrap(True)

        self.layout.addWidget(self.message)

        self.bottom_spacer = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)

        self.layout.addItem(self.bottom_spacer)

#if QT_CONFIG(shortcut)
        self.file_label.setBuddy(self.file_path)
        self.password_label.setBuddy(self.password)
        self.timestamp_label.setBuddy(self.timestamp_url)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.file_path, self.choose_file)
        QWidget.setTabOrder(self.choose_file, self.password)
        QWidget.setTabOrder(self.password, self.install)
        QWidget.setTabOrder(self.install, self.remove)
        QWidget.setTabOrder(self.remove, self.timestamp_url)
        QWidget.setTabOrder(self.timestamp_url, self.save_timestamp)

        self.retranslateUi(CertificateSettings)

        QMetaObject.connectSlotsByName(CertificateSettings)
    # setupUi

    def retranslateUi(self, CertificateSettings):
        CertificateSettings.setWindowTitle(QCoreApplication.translate("CertificateSettings", u"Certificado digital", None))
        self.intro.setText(QCoreApplication.translate("CertificateSettings", u"Com o certificado A1 (ICP-Brasil, e-CNPJ) da prefeitura instalado nesta esta\u00e7\u00e3o, todo documento oficial emitido aqui sai assinado digitalmente (PAdES, PDF/A-2b). Cada esta\u00e7\u00e3o instala o certificado; a senha n\u00e3o fica guardada.", None))
        self.installed_box.setTitle(QCoreApplication.translate("CertificateSettings", u"Certificado desta esta\u00e7\u00e3o", None))
        self.holder_label.setText(QCoreApplication.translate("CertificateSettings", u"Titular:", None))
        self.cnpj_label.setText(QCoreApplication.translate("CertificateSettings", u"CNPJ:", None))
        self.issuer_label.setText(QCoreApplication.translate("CertificateSettings", u"Emitido por:", None))
        self.validity_label.setText(QCoreApplication.translate("CertificateSettings", u"Validade:", None))
        self.fingerprint_label.setText(QCoreApplication.translate("CertificateSettings", u"Impress\u00e3o digital (SHA-256):", None))
        self.signing_label.setText(QCoreApplication.translate("CertificateSettings", u"Documentos:", None))
        self.install_box.setTitle(QCoreApplication.translate("CertificateSettings", u"Instalar ou substituir o certificado A1", None))
        self.file_label.setText(QCoreApplication.translate("CertificateSettings", u"&Arquivo (.pfx, .p12):", None))
        self.file_path.setPlaceholderText(QCoreApplication.translate("CertificateSettings", u"certificado-da-prefeitura.pfx", None))
        self.choose_file.setText(QCoreApplication.translate("CertificateSettings", u"&Escolher...", None))
        self.password_label.setText(QCoreApplication.translate("CertificateSettings", u"&Senha do certificado:", None))
        self.install.setText(QCoreApplication.translate("CertificateSettings", u"&Instalar certificado", None))
        self.remove.setText(QCoreApplication.translate("CertificateSettings", u"&Remover certificado", None))
        self.timestamp_box.setTitle(QCoreApplication.translate("CertificateSettings", u"Carimbo do tempo (opcional)", None))
        self.timestamp_label.setText(QCoreApplication.translate("CertificateSettings", u"Ser&vidor (RFC 3161):", None))
        self.timestamp_url.setPlaceholderText(QCoreApplication.translate("CertificateSettings", u"https://... (vazio: assinatura sem carimbo do tempo, PAdES-B-B)", None))
        self.save_timestamp.setText(QCoreApplication.translate("CertificateSettings", u"Sa&lvar servidor", None))
    # retranslateUi

