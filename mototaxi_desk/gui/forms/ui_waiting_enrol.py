# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'waiting_enrol.ui'
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
    QDialogButtonBox, QFormLayout, QGroupBox, QLabel,
    QLineEdit, QPlainTextEdit, QSizePolicy, QVBoxLayout,
    QWidget)

class Ui_WaitingEnrolDialog(object):
    def setupUi(self, WaitingEnrolDialog):
        if not WaitingEnrolDialog.objectName():
            WaitingEnrolDialog.setObjectName(u"WaitingEnrolDialog")
        self.layout = QVBoxLayout(WaitingEnrolDialog)
        self.layout.setObjectName(u"layout")
        self.intro = QLabel(WaitingEnrolDialog)
        self.intro.setObjectName(u"intro")
        self.intro.setTextFormat(Qt.TextFormat.RichText)
        self.intro.setWordWrap(True)

        self.layout.addWidget(self.intro)

        self.form = QFormLayout()
        self.form.setObjectName(u"form")
        self.query_label = QLabel(WaitingEnrolDialog)
        self.query_label.setObjectName(u"query_label")

        self.form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.query_label)

        self.person_query = QLineEdit(WaitingEnrolDialog)
        self.person_query.setObjectName(u"person_query")
        self.person_query.setMaxLength(120)

        self.form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.person_query)

        self.person_label = QLabel(WaitingEnrolDialog)
        self.person_label.setObjectName(u"person_label")

        self.form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.person_label)

        self.person = QComboBox(WaitingEnrolDialog)
        self.person.setObjectName(u"person")

        self.form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.person)

        self.person_state = QLabel(WaitingEnrolDialog)
        self.person_state.setObjectName(u"person_state")
        self.person_state.setTextFormat(Qt.TextFormat.RichText)
        self.person_state.setWordWrap(True)

        self.form.setWidget(2, QFormLayout.ItemRole.SpanningRole, self.person_state)


        self.layout.addLayout(self.form)

        self.ranking_box = QGroupBox(WaitingEnrolDialog)
        self.ranking_box.setObjectName(u"ranking_box")
        self.ranking_layout = QVBoxLayout(self.ranking_box)
        self.ranking_layout.setObjectName(u"ranking_layout")
        self.ranking_note = QLabel(self.ranking_box)
        self.ranking_note.setObjectName(u"ranking_note")
        self.ranking_note.setTextFormat(Qt.TextFormat.RichText)
        self.ranking_note.setWordWrap(True)

        self.ranking_layout.addWidget(self.ranking_note)

        self.ranking_form = QFormLayout()
        self.ranking_form.setObjectName(u"ranking_form")

        self.ranking_layout.addLayout(self.ranking_form)


        self.layout.addWidget(self.ranking_box)

        self.notes_form = QFormLayout()
        self.notes_form.setObjectName(u"notes_form")
        self.notes_label = QLabel(WaitingEnrolDialog)
        self.notes_label.setObjectName(u"notes_label")

        self.notes_form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.notes_label)

        self.notes = QPlainTextEdit(WaitingEnrolDialog)
        self.notes.setObjectName(u"notes")
        self.notes.setTabChangesFocus(True)

        self.notes_form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.notes)


        self.layout.addLayout(self.notes_form)

        self.message = QLabel(WaitingEnrolDialog)
        self.message.setObjectName(u"message")
        self.message.setWordWrap(True)

        self.layout.addWidget(self.message)

        self.buttons = QDialogButtonBox(WaitingEnrolDialog)
        self.buttons.setObjectName(u"buttons")
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Cancel|QDialogButtonBox.StandardButton.Save)

        self.layout.addWidget(self.buttons)

#if QT_CONFIG(shortcut)
        self.query_label.setBuddy(self.person_query)
        self.person_label.setBuddy(self.person)
        self.notes_label.setBuddy(self.notes)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.person_query, self.person)
        QWidget.setTabOrder(self.person, self.notes)

        self.retranslateUi(WaitingEnrolDialog)

        QMetaObject.connectSlotsByName(WaitingEnrolDialog)
    # setupUi

    def retranslateUi(self, WaitingEnrolDialog):
        WaitingEnrolDialog.setWindowTitle(QCoreApplication.translate("WaitingEnrolDialog", u"Inscri\u00e7\u00e3o na lista de espera", None))
        self.query_label.setText(QCoreApplication.translate("WaitingEnrolDialog", u"&Pessoa (CPF ou nome):", None))
        self.person_label.setText(QCoreApplication.translate("WaitingEnrolDialog", u"&Escolha:", None))
        self.ranking_box.setTitle(QCoreApplication.translate("WaitingEnrolDialog", u"Crit\u00e9rios de classifica\u00e7\u00e3o", None))
        self.notes_label.setText(QCoreApplication.translate("WaitingEnrolDialog", u"&Observa\u00e7\u00f5es:", None))
        self.message.setStyleSheet(QCoreApplication.translate("WaitingEnrolDialog", u"color: #b71c1c; font-weight: bold;", None))
    # retranslateUi

