# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'profile_adopt.ui'
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
    QFormLayout, QHBoxLayout, QHeaderView, QLabel,
    QListWidget, QListWidgetItem, QPushButton, QSizePolicy,
    QTabWidget, QTableView, QVBoxLayout, QWidget)

from mototaxi_desk.gui.widgets.common import MessageLine
from mototaxi_desk.gui.widgets.dates import DateField

class Ui_ProfileAdoptDialog(object):
    def setupUi(self, ProfileAdoptDialog):
        if not ProfileAdoptDialog.objectName():
            ProfileAdoptDialog.setObjectName(u"ProfileAdoptDialog")
        ProfileAdoptDialog.setMinimumSize(QSize(640, 420))
        self.layout = QVBoxLayout(ProfileAdoptDialog)
        self.layout.setObjectName(u"layout")
        self.intro = QLabel(ProfileAdoptDialog)
        self.intro.setObjectName(u"intro")
        self.intro.setWordWrap(True)

        self.layout.addWidget(self.intro)

        self.form = QFormLayout()
        self.form.setObjectName(u"form")
        self.file_caption = QLabel(ProfileAdoptDialog)
        self.file_caption.setObjectName(u"file_caption")

        self.form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.file_caption)

        self.file_row = QHBoxLayout()
        self.file_row.setObjectName(u"file_row")
        self.file_name = QLabel(ProfileAdoptDialog)
        self.file_name.setObjectName(u"file_name")
        self.file_name.setWordWrap(True)

        self.file_row.addWidget(self.file_name)

        self.choose_button = QPushButton(ProfileAdoptDialog)
        self.choose_button.setObjectName(u"choose_button")

        self.file_row.addWidget(self.choose_button)

        self.file_row.setStretch(0, 1)

        self.form.setLayout(0, QFormLayout.ItemRole.FieldRole, self.file_row)

        self.in_force_caption = QLabel(ProfileAdoptDialog)
        self.in_force_caption.setObjectName(u"in_force_caption")

        self.form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.in_force_caption)

        self.in_force = QLabel(ProfileAdoptDialog)
        self.in_force.setObjectName(u"in_force")
        self.in_force.setWordWrap(True)

        self.form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.in_force)

        self.effective_label = QLabel(ProfileAdoptDialog)
        self.effective_label.setObjectName(u"effective_label")

        self.form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.effective_label)

        self.effective = DateField(ProfileAdoptDialog)
        self.effective.setObjectName(u"effective")

        self.form.setWidget(2, QFormLayout.ItemRole.FieldRole, self.effective)


        self.layout.addLayout(self.form)

        self.summary = QLabel(ProfileAdoptDialog)
        self.summary.setObjectName(u"summary")
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setWordWrap(True)

        self.layout.addWidget(self.summary)

        self.details = QTabWidget(ProfileAdoptDialog)
        self.details.setObjectName(u"details")
        self.changes_tab = QWidget()
        self.changes_tab.setObjectName(u"changes_tab")
        self.changes_layout = QVBoxLayout(self.changes_tab)
        self.changes_layout.setObjectName(u"changes_layout")
        self.changes_view = QTableView(self.changes_tab)
        self.changes_view.setObjectName(u"changes_view")

        self.changes_layout.addWidget(self.changes_view)

        self.change_detail = QLabel(self.changes_tab)
        self.change_detail.setObjectName(u"change_detail")
        self.change_detail.setWordWrap(True)
        self.change_detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.changes_layout.addWidget(self.change_detail)

        self.changes_layout.setStretch(0, 1)
        self.details.addTab(self.changes_tab, "")
        self.notices_tab = QWidget()
        self.notices_tab.setObjectName(u"notices_tab")
        self.notices_layout = QVBoxLayout(self.notices_tab)
        self.notices_layout.setObjectName(u"notices_layout")
        self.notices_view = QListWidget(self.notices_tab)
        self.notices_view.setObjectName(u"notices_view")
        self.notices_view.setWordWrap(True)

        self.notices_layout.addWidget(self.notices_view)

        self.details.addTab(self.notices_tab, "")

        self.layout.addWidget(self.details)

        self.message = MessageLine(ProfileAdoptDialog)
        self.message.setObjectName(u"message")

        self.layout.addWidget(self.message)

        self.buttons = QDialogButtonBox(ProfileAdoptDialog)
        self.buttons.setObjectName(u"buttons")
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Cancel|QDialogButtonBox.StandardButton.Ok)

        self.layout.addWidget(self.buttons)

        self.layout.setStretch(3, 1)
#if QT_CONFIG(shortcut)
        self.effective_label.setBuddy(self.effective)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.choose_button, self.effective)
        QWidget.setTabOrder(self.effective, self.details)
        QWidget.setTabOrder(self.details, self.changes_view)
        QWidget.setTabOrder(self.changes_view, self.notices_view)

        self.retranslateUi(ProfileAdoptDialog)

        QMetaObject.connectSlotsByName(ProfileAdoptDialog)
    # setupUi

    def retranslateUi(self, ProfileAdoptDialog):
        ProfileAdoptDialog.setWindowTitle(QCoreApplication.translate("ProfileAdoptDialog", u"Adotar nova vers\u00e3o da lei", None))
        self.intro.setText(QCoreApplication.translate("ProfileAdoptDialog", u"Uma altera\u00e7\u00e3o da lei municipal entra como nova vers\u00e3o das regras, a partir da data de vig\u00eancia: os atos dessa data em diante seguem o novo texto; os anteriores continuam julgados pela vers\u00e3o da \u00e9poca. Escolha o arquivo do perfil com o novo texto e confira o que muda antes de adotar.", None))
        self.file_caption.setText(QCoreApplication.translate("ProfileAdoptDialog", u"Arquivo:", None))
        self.file_name.setText(QCoreApplication.translate("ProfileAdoptDialog", u"Nenhum arquivo escolhido.", None))
        self.choose_button.setText(QCoreApplication.translate("ProfileAdoptDialog", u"&Escolher arquivo...", None))
        self.in_force_caption.setText(QCoreApplication.translate("ProfileAdoptDialog", u"Em vigor:", None))
        self.effective_label.setText(QCoreApplication.translate("ProfileAdoptDialog", u"Data de &vig\u00eancia:", None))
        self.details.setTabText(self.details.indexOf(self.changes_tab), QCoreApplication.translate("ProfileAdoptDialog", u"O que muda", None))
        self.details.setTabText(self.details.indexOf(self.notices_tab), QCoreApplication.translate("ProfileAdoptDialog", u"Avisos do formato", None))
    # retranslateUi

