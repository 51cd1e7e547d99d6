# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'cnh_form.ui'
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
from PySide6.QtWidgets import (QApplication, QCheckBox, QComboBox, QFormLayout,
    QLabel, QSizePolicy, QVBoxLayout, QWidget)

from mototaxi_desk.gui.widgets.dates import DateField
from mototaxi_desk.gui.widgets.fields import FormField

class Ui_CnhForm(object):
    def setupUi(self, CnhForm):
        if not CnhForm.objectName():
            CnhForm.setObjectName(u"CnhForm")
        self.layout = QVBoxLayout(CnhForm)
        self.layout.setObjectName(u"layout")
        self.layout.setContentsMargins(0, 0, 0, 0)
        self.rule = QLabel(CnhForm)
        self.rule.setObjectName(u"rule")
        self.rule.setTextFormat(Qt.TextFormat.RichText)
        self.rule.setWordWrap(True)

        self.layout.addWidget(self.rule)

        self.form = QFormLayout()
        self.form.setObjectName(u"form")
        self.number_label = QLabel(CnhForm)
        self.number_label.setObjectName(u"number_label")

        self.form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.number_label)

        self.number = FormField(CnhForm)
        self.number.setObjectName(u"number")

        self.form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.number)

        self.category_label = QLabel(CnhForm)
        self.category_label.setObjectName(u"category_label")

        self.form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.category_label)

        self.category = QComboBox(CnhForm)
        self.category.setObjectName(u"category")

        self.form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.category)

        self.first_licence_label = QLabel(CnhForm)
        self.first_licence_label.setObjectName(u"first_licence_label")

        self.form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.first_licence_label)

        self.first_licence = DateField(CnhForm)
        self.first_licence.setObjectName(u"first_licence")

        self.form.setWidget(2, QFormLayout.ItemRole.FieldRole, self.first_licence)

        self.expiry_label = QLabel(CnhForm)
        self.expiry_label.setObjectName(u"expiry_label")

        self.form.setWidget(3, QFormLayout.ItemRole.LabelRole, self.expiry_label)

        self.expiry = DateField(CnhForm)
        self.expiry.setObjectName(u"expiry")

        self.form.setWidget(3, QFormLayout.ItemRole.FieldRole, self.expiry)

        self.ear = QCheckBox(CnhForm)
        self.ear.setObjectName(u"ear")

        self.form.setWidget(4, QFormLayout.ItemRole.SpanningRole, self.ear)


        self.layout.addLayout(self.form)

        self.problems = QLabel(CnhForm)
        self.problems.setObjectName(u"problems")
        self.problems.setTextFormat(Qt.TextFormat.RichText)
        self.problems.setWordWrap(True)

        self.layout.addWidget(self.problems)

#if QT_CONFIG(shortcut)
        self.number_label.setBuddy(self.number)
        self.category_label.setBuddy(self.category)
        self.first_licence_label.setBuddy(self.first_licence)
        self.expiry_label.setBuddy(self.expiry)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.number, self.category)
        QWidget.setTabOrder(self.category, self.first_licence)
        QWidget.setTabOrder(self.first_licence, self.expiry)
        QWidget.setTabOrder(self.expiry, self.ear)

        self.retranslateUi(CnhForm)

        QMetaObject.connectSlotsByName(CnhForm)
    # setupUi

    def retranslateUi(self, CnhForm):
        self.number_label.setText(QCoreApplication.translate("CnhForm", u"N\u00ba do &registro:", None))
        self.category_label.setText(QCoreApplication.translate("CnhForm", u"Ca&tegoria:", None))
        self.first_licence_label.setText(QCoreApplication.translate("CnhForm", u"Data da &1\u00aa habilita\u00e7\u00e3o:", None))
        self.expiry_label.setText(QCoreApplication.translate("CnhForm", u"Va&lidade:", None))
        self.ear.setText(QCoreApplication.translate("CnhForm", u"Observa\u00e7\u00e3o &EAR (exerce atividade remunerada)", None))
        pass
    # retranslateUi

