# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'change_password.ui'
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
    QFormLayout, QLabel, QLineEdit, QSizePolicy,
    QVBoxLayout, QWidget)

class Ui_ChangePasswordDialog(object):
    def setupUi(self, ChangePasswordDialog):
        if not ChangePasswordDialog.objectName():
            ChangePasswordDialog.setObjectName(u"ChangePasswordDialog")
        ChangePasswordDialog.setMinimumSize(QSize(460, 0))
        self.layout = QVBoxLayout(ChangePasswordDialog)
        self.layout.setObjectName(u"layout")
        self.intro = QLabel(ChangePasswordDialog)
        self.intro.setObjectName(u"intro")
        self.intro.setWordWrap(True)

        self.layout.addWidget(self.intro)

        self.form = QFormLayout()
        self.form.setObjectName(u"form")
        self.current_label = QLabel(ChangePasswordDialog)
        self.current_label.setObjectName(u"current_label")

        self.form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.current_label)

        self.current = QLineEdit(ChangePasswordDialog)
        self.current.setObjectName(u"current")
        self.current.setMaxLength(200)
        self.current.setEchoMode(QLineEdit.EchoMode.Password)

        self.form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.current)

        self.new_label = QLabel(ChangePasswordDialog)
        self.new_label.setObjectName(u"new_label")

        self.form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.new_label)

        self.new = QLineEdit(ChangePasswordDialog)
        self.new.setObjectName(u"new")
        self.new.setMaxLength(200)
        self.new.setEchoMode(QLineEdit.EchoMode.Password)

        self.form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.new)

        self.confirm_label = QLabel(ChangePasswordDialog)
        self.confirm_label.setObjectName(u"confirm_label")

        self.form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.confirm_label)

        self.confirm = QLineEdit(ChangePasswordDialog)
        self.confirm.setObjectName(u"confirm")
        self.confirm.setMaxLength(200)
        self.confirm.setEchoMode(QLineEdit.EchoMode.Password)

        self.form.setWidget(2, QFormLayout.ItemRole.FieldRole, self.confirm)


        self.layout.addLayout(self.form)

        self.message = QLabel(ChangePasswordDialog)
        self.message.setObjectName(u"message")
        self.message.setStyleSheet(u"color: #b00020")
        self.message.setWordWrap(True)

        self.layout.addWidget(self.message)

        self.buttons = QDialogButtonBox(ChangePasswordDialog)
        self.buttons.setObjectName(u"buttons")
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Cancel|QDialogButtonBox.StandardButton.Ok)

        self.layout.addWidget(self.buttons)

#if QT_CONFIG(shortcut)
        self.current_label.setBuddy(self.current)
        self.new_label.setBuddy(self.new)
        self.confirm_label.setBuddy(self.confirm)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.current, self.new)
        QWidget.setTabOrder(self.new, self.confirm)

        self.retranslateUi(ChangePasswordDialog)

        QMetaObject.connectSlotsByName(ChangePasswordDialog)
    # setupUi

    def retranslateUi(self, ChangePasswordDialog):
        ChangePasswordDialog.setWindowTitle(QCoreApplication.translate("ChangePasswordDialog", u"Motot\u00e1xi Desk \u2014 Troque sua senha", None))
        self.current_label.setText(QCoreApplication.translate("ChangePasswordDialog", u"Senha &atual:", None))
        self.new_label.setText(QCoreApplication.translate("ChangePasswordDialog", u"&Nova senha:", None))
        self.confirm_label.setText(QCoreApplication.translate("ChangePasswordDialog", u"&Confirme a nova senha:", None))
    # retranslateUi

