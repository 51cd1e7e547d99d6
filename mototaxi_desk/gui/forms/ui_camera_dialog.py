# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'camera_dialog.ui'
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
from PySide6.QtWidgets import (QApplication, QDialog, QHBoxLayout, QLabel,
    QPushButton, QSizePolicy, QSpacerItem, QVBoxLayout,
    QWidget)

from mototaxi_desk.gui.widgets.camera_view import CameraView

class Ui_CameraDialog(object):
    def setupUi(self, CameraDialog):
        if not CameraDialog.objectName():
            CameraDialog.setObjectName(u"CameraDialog")
        self.layout = QVBoxLayout(CameraDialog)
        self.layout.setObjectName(u"layout")
        self.intro = QLabel(CameraDialog)
        self.intro.setObjectName(u"intro")
        self.intro.setWordWrap(True)

        self.layout.addWidget(self.intro)

        self.view = CameraView(CameraDialog)
        self.view.setObjectName(u"view")
        self.view.setMinimumSize(QSize(480, 360))

        self.layout.addWidget(self.view)

        self.message = QLabel(CameraDialog)
        self.message.setObjectName(u"message")
        self.message.setWordWrap(True)

        self.layout.addWidget(self.message)

        self.button_row = QHBoxLayout()
        self.button_row.setObjectName(u"button_row")
        self.capture = QPushButton(CameraDialog)
        self.capture.setObjectName(u"capture")

        self.button_row.addWidget(self.capture)

        self.from_file = QPushButton(CameraDialog)
        self.from_file.setObjectName(u"from_file")

        self.button_row.addWidget(self.from_file)

        self.spacer = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.button_row.addItem(self.spacer)

        self.cancel = QPushButton(CameraDialog)
        self.cancel.setObjectName(u"cancel")

        self.button_row.addWidget(self.cancel)


        self.layout.addLayout(self.button_row)


        self.retranslateUi(CameraDialog)

        QMetaObject.connectSlotsByName(CameraDialog)
    # setupUi

    def retranslateUi(self, CameraDialog):
        CameraDialog.setWindowTitle(QCoreApplication.translate("CameraDialog", u"Tirar foto 3\u00d74", None))
        self.intro.setText(QCoreApplication.translate("CameraDialog", u"Posicione o rosto dentro do ret\u00e2ngulo 3\u00d74 e clique em Capturar. Depois voc\u00ea ajusta o recorte.", None))
        self.capture.setText(QCoreApplication.translate("CameraDialog", u"&Capturar", None))
        self.from_file.setText(QCoreApplication.translate("CameraDialog", u"Escolher &arquivo\u2026", None))
        self.cancel.setText(QCoreApplication.translate("CameraDialog", u"Cancelar", None))
    # retranslateUi

