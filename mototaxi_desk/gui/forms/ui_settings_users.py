# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'settings_users.ui'
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
    QHBoxLayout, QHeaderView, QLabel, QPushButton,
    QSizePolicy, QSpacerItem, QTableView, QVBoxLayout,
    QWidget)

from mototaxi_desk.gui.widgets.common import MessageLine
from mototaxi_desk.gui.widgets.fields import FormField

class Ui_SettingsUsersTab(object):
    def setupUi(self, SettingsUsersTab):
        if not SettingsUsersTab.objectName():
            SettingsUsersTab.setObjectName(u"SettingsUsersTab")
        self.layout = QHBoxLayout(SettingsUsersTab)
        self.layout.setObjectName(u"layout")
        self.left = QVBoxLayout()
        self.left.setObjectName(u"left")
        self.user_view = QTableView(SettingsUsersTab)
        self.user_view.setObjectName(u"user_view")

        self.left.addWidget(self.user_view)

        self.user_actions = QHBoxLayout()
        self.user_actions.setObjectName(u"user_actions")
        self.user_disable = QPushButton(SettingsUsersTab)
        self.user_disable.setObjectName(u"user_disable")

        self.user_actions.addWidget(self.user_disable)

        self.user_enable = QPushButton(SettingsUsersTab)
        self.user_enable.setObjectName(u"user_enable")

        self.user_actions.addWidget(self.user_enable)

        self.user_actions_end = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.user_actions.addItem(self.user_actions_end)


        self.left.addLayout(self.user_actions)

        self.user_role_row = QHBoxLayout()
        self.user_role_row.setObjectName(u"user_role_row")
        self.user_new_role_label = QLabel(SettingsUsersTab)
        self.user_new_role_label.setObjectName(u"user_new_role_label")

        self.user_role_row.addWidget(self.user_new_role_label)

        self.user_new_role = QComboBox(SettingsUsersTab)
        self.user_new_role.setObjectName(u"user_new_role")

        self.user_role_row.addWidget(self.user_new_role)

        self.user_set_role = QPushButton(SettingsUsersTab)
        self.user_set_role.setObjectName(u"user_set_role")

        self.user_role_row.addWidget(self.user_set_role)

        self.user_role_row_end = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.user_role_row.addItem(self.user_role_row_end)


        self.left.addLayout(self.user_role_row)

        self.left.setStretch(0, 1)

        self.layout.addLayout(self.left)

        self.box = QGroupBox(SettingsUsersTab)
        self.box.setObjectName(u"box")
        self.user_form = QFormLayout(self.box)
        self.user_form.setObjectName(u"user_form")
        self.user_login_label = QLabel(self.box)
        self.user_login_label.setObjectName(u"user_login_label")

        self.user_form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.user_login_label)

        self.user_login = FormField(self.box)
        self.user_login.setObjectName(u"user_login")

        self.user_form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.user_login)

        self.user_name_label = QLabel(self.box)
        self.user_name_label.setObjectName(u"user_name_label")

        self.user_form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.user_name_label)

        self.user_name = FormField(self.box)
        self.user_name.setObjectName(u"user_name")

        self.user_form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.user_name)

        self.user_role_label = QLabel(self.box)
        self.user_role_label.setObjectName(u"user_role_label")

        self.user_form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.user_role_label)

        self.user_role = QComboBox(self.box)
        self.user_role.setObjectName(u"user_role")

        self.user_form.setWidget(2, QFormLayout.ItemRole.FieldRole, self.user_role)

        self.user_password_label = QLabel(self.box)
        self.user_password_label.setObjectName(u"user_password_label")

        self.user_form.setWidget(3, QFormLayout.ItemRole.LabelRole, self.user_password_label)

        self.user_password = FormField(self.box)
        self.user_password.setObjectName(u"user_password")

        self.user_form.setWidget(3, QFormLayout.ItemRole.FieldRole, self.user_password)

        self.user_password_again_label = QLabel(self.box)
        self.user_password_again_label.setObjectName(u"user_password_again_label")

        self.user_form.setWidget(4, QFormLayout.ItemRole.LabelRole, self.user_password_again_label)

        self.user_password_again = FormField(self.box)
        self.user_password_again.setObjectName(u"user_password_again")

        self.user_form.setWidget(4, QFormLayout.ItemRole.FieldRole, self.user_password_again)

        self.user_add = QPushButton(self.box)
        self.user_add.setObjectName(u"user_add")

        self.user_form.setWidget(5, QFormLayout.ItemRole.SpanningRole, self.user_add)

        self.user_message = MessageLine(self.box)
        self.user_message.setObjectName(u"user_message")

        self.user_form.setWidget(6, QFormLayout.ItemRole.SpanningRole, self.user_message)


        self.layout.addWidget(self.box)

        self.layout.setStretch(0, 3)
        self.layout.setStretch(1, 2)
#if QT_CONFIG(shortcut)
        self.user_new_role_label.setBuddy(self.user_new_role)
        self.user_login_label.setBuddy(self.user_login)
        self.user_name_label.setBuddy(self.user_name)
        self.user_role_label.setBuddy(self.user_role)
        self.user_password_label.setBuddy(self.user_password)
        self.user_password_again_label.setBuddy(self.user_password_again)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.user_view, self.user_disable)
        QWidget.setTabOrder(self.user_disable, self.user_enable)
        QWidget.setTabOrder(self.user_enable, self.user_new_role)
        QWidget.setTabOrder(self.user_new_role, self.user_set_role)
        QWidget.setTabOrder(self.user_set_role, self.user_login)
        QWidget.setTabOrder(self.user_login, self.user_name)
        QWidget.setTabOrder(self.user_name, self.user_role)
        QWidget.setTabOrder(self.user_role, self.user_password)
        QWidget.setTabOrder(self.user_password, self.user_password_again)
        QWidget.setTabOrder(self.user_password_again, self.user_add)

        self.retranslateUi(SettingsUsersTab)

        QMetaObject.connectSlotsByName(SettingsUsersTab)
    # setupUi

    def retranslateUi(self, SettingsUsersTab):
        SettingsUsersTab.setWindowTitle(QCoreApplication.translate("SettingsUsersTab", u"Usu\u00e1rios", None))
        self.user_disable.setText(QCoreApplication.translate("SettingsUsersTab", u"Desativar o selecionado", None))
        self.user_enable.setText(QCoreApplication.translate("SettingsUsersTab", u"Reativar o selecionado", None))
        self.user_new_role_label.setText(QCoreApplication.translate("SettingsUsersTab", u"No&vo perfil:", None))
        self.user_set_role.setText(QCoreApplication.translate("SettingsUsersTab", u"Alterar perfil\u2026", None))
        self.box.setTitle(QCoreApplication.translate("SettingsUsersTab", u"Novo usu\u00e1rio", None))
        self.user_login_label.setText(QCoreApplication.translate("SettingsUsersTab", u"&Usu\u00e1rio:", None))
        self.user_name_label.setText(QCoreApplication.translate("SettingsUsersTab", u"&Nome completo:", None))
        self.user_role_label.setText(QCoreApplication.translate("SettingsUsersTab", u"&Perfil de acesso:", None))
        self.user_password_label.setText(QCoreApplication.translate("SettingsUsersTab", u"&Senha:", None))
        self.user_password_again_label.setText(QCoreApplication.translate("SettingsUsersTab", u"&Repita a senha:", None))
        self.user_add.setText(QCoreApplication.translate("SettingsUsersTab", u"Cadastrar usu\u00e1rio", None))
    # retranslateUi

