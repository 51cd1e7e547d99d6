# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'settings_municipio.ui'
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
    QLabel, QPushButton, QSizePolicy, QSpacerItem,
    QSpinBox, QVBoxLayout, QWidget)

from mototaxi_desk.gui.widgets.common import MessageLine
from mototaxi_desk.gui.widgets.fields import FormField

class Ui_SettingsMunicipioTab(object):
    def setupUi(self, SettingsMunicipioTab):
        if not SettingsMunicipioTab.objectName():
            SettingsMunicipioTab.setObjectName(u"SettingsMunicipioTab")
        self.layout = QHBoxLayout(SettingsMunicipioTab)
        self.layout.setObjectName(u"layout")
        self.left = QVBoxLayout()
        self.left.setObjectName(u"left")
        self.data = QGroupBox(SettingsMunicipioTab)
        self.data.setObjectName(u"data")
        self.form = QFormLayout(self.data)
        self.form.setObjectName(u"form")
        self.municipio_info = QLabel(self.data)
        self.municipio_info.setObjectName(u"municipio_info")
        self.municipio_info.setTextFormat(Qt.TextFormat.RichText)
        self.municipio_info.setWordWrap(True)

        self.form.setWidget(0, QFormLayout.ItemRole.SpanningRole, self.municipio_info)

        self.profile_row = QHBoxLayout()
        self.profile_row.setObjectName(u"profile_row")
        self.profile_button = QPushButton(self.data)
        self.profile_button.setObjectName(u"profile_button")

        self.profile_row.addWidget(self.profile_button)

        self.profile_stretch = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.profile_row.addItem(self.profile_stretch)

        self.profile_row.setStretch(1, 1)

        self.form.setLayout(1, QFormLayout.ItemRole.SpanningRole, self.profile_row)

        self.population_label = QLabel(self.data)
        self.population_label.setObjectName(u"population_label")

        self.form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.population_label)

        self.population_row = QHBoxLayout()
        self.population_row.setObjectName(u"population_row")
        self.population = FormField(self.data)
        self.population.setObjectName(u"population")

        self.population_row.addWidget(self.population)

        self.population_button = QPushButton(self.data)
        self.population_button.setObjectName(u"population_button")

        self.population_row.addWidget(self.population_button)

        self.population_row.setStretch(0, 1)

        self.form.setLayout(2, QFormLayout.ItemRole.FieldRole, self.population_row)

        self.cap_label = QLabel(self.data)
        self.cap_label.setObjectName(u"cap_label")
        self.cap_label.setWordWrap(True)

        self.form.setWidget(3, QFormLayout.ItemRole.FieldRole, self.cap_label)

        self.municipio_message = MessageLine(self.data)
        self.municipio_message.setObjectName(u"municipio_message")

        self.form.setWidget(4, QFormLayout.ItemRole.SpanningRole, self.municipio_message)


        self.left.addWidget(self.data)

        self.sticker = QGroupBox(SettingsMunicipioTab)
        self.sticker.setObjectName(u"sticker")
        self.sticker_form = QFormLayout(self.sticker)
        self.sticker_form.setObjectName(u"sticker_form")
        self.size_row = QHBoxLayout()
        self.size_row.setObjectName(u"size_row")
        self.sticker_width_label = QLabel(self.sticker)
        self.sticker_width_label.setObjectName(u"sticker_width_label")

        self.size_row.addWidget(self.sticker_width_label)

        self.sticker_width = QSpinBox(self.sticker)
        self.sticker_width.setObjectName(u"sticker_width")
        self.sticker_width.setMinimum(1)
        self.sticker_width.setMaximum(1000)

        self.size_row.addWidget(self.sticker_width)

        self.sticker_height_label = QLabel(self.sticker)
        self.sticker_height_label.setObjectName(u"sticker_height_label")

        self.size_row.addWidget(self.sticker_height_label)

        self.sticker_height = QSpinBox(self.sticker)
        self.sticker_height.setObjectName(u"sticker_height")
        self.sticker_height.setMinimum(1)
        self.sticker_height.setMaximum(1000)

        self.size_row.addWidget(self.sticker_height)

        self.size_stretch = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.size_row.addItem(self.size_stretch)

        self.size_row.setStretch(4, 1)

        self.sticker_form.setLayout(0, QFormLayout.ItemRole.SpanningRole, self.size_row)

        self.sticker_button = QPushButton(self.sticker)
        self.sticker_button.setObjectName(u"sticker_button")

        self.sticker_form.setWidget(1, QFormLayout.ItemRole.SpanningRole, self.sticker_button)

        self.sticker_message = MessageLine(self.sticker)
        self.sticker_message.setObjectName(u"sticker_message")

        self.sticker_form.setWidget(2, QFormLayout.ItemRole.SpanningRole, self.sticker_message)


        self.left.addWidget(self.sticker)

        self.left_stretch = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)

        self.left.addItem(self.left_stretch)

        self.left.setStretch(2, 1)

        self.layout.addLayout(self.left)

        self.brasao_box = QGroupBox(SettingsMunicipioTab)
        self.brasao_box.setObjectName(u"brasao_box")
        self.brasao_layout = QVBoxLayout(self.brasao_box)
        self.brasao_layout.setObjectName(u"brasao_layout")
        self.brasao_button = QPushButton(self.brasao_box)
        self.brasao_button.setObjectName(u"brasao_button")

        self.brasao_layout.addWidget(self.brasao_button, 0, Qt.AlignmentFlag.AlignLeft)

        self.brasao_message = MessageLine(self.brasao_box)
        self.brasao_message.setObjectName(u"brasao_message")

        self.brasao_layout.addWidget(self.brasao_message)

        self.brasao_stretch = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)

        self.brasao_layout.addItem(self.brasao_stretch)

        self.brasao_layout.setStretch(2, 1)

        self.layout.addWidget(self.brasao_box)

        self.layout.setStretch(0, 3)
        self.layout.setStretch(1, 2)
#if QT_CONFIG(shortcut)
        self.population_label.setBuddy(self.population)
        self.sticker_width_label.setBuddy(self.sticker_width)
        self.sticker_height_label.setBuddy(self.sticker_height)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.profile_button, self.population)
        QWidget.setTabOrder(self.population, self.population_button)
        QWidget.setTabOrder(self.population_button, self.sticker_width)
        QWidget.setTabOrder(self.sticker_width, self.sticker_height)
        QWidget.setTabOrder(self.sticker_height, self.sticker_button)
        QWidget.setTabOrder(self.sticker_button, self.brasao_button)

        self.retranslateUi(SettingsMunicipioTab)

        QMetaObject.connectSlotsByName(SettingsMunicipioTab)
    # setupUi

    def retranslateUi(self, SettingsMunicipioTab):
        SettingsMunicipioTab.setWindowTitle(QCoreApplication.translate("SettingsMunicipioTab", u"Munic\u00edpio", None))
        self.data.setTitle(QCoreApplication.translate("SettingsMunicipioTab", u"Dados do munic\u00edpio", None))
        self.profile_button.setText(QCoreApplication.translate("SettingsMunicipioTab", u"Adotar nova &vers\u00e3o da lei...", None))
        self.population_label.setText(QCoreApplication.translate("SettingsMunicipioTab", u"&Popula\u00e7\u00e3o:", None))
        self.population_button.setText(QCoreApplication.translate("SettingsMunicipioTab", u"Salvar popula\u00e7\u00e3o", None))
        self.sticker.setTitle(QCoreApplication.translate("SettingsMunicipioTab", u"Selo de vistoria", None))
        self.sticker_width_label.setText(QCoreApplication.translate("SettingsMunicipioTab", u"&Largura:", None))
        self.sticker_width.setSuffix(QCoreApplication.translate("SettingsMunicipioTab", u" mm", None))
        self.sticker_height_label.setText(QCoreApplication.translate("SettingsMunicipioTab", u"&Altura:", None))
        self.sticker_height.setSuffix(QCoreApplication.translate("SettingsMunicipioTab", u" mm", None))
        self.sticker_button.setText(QCoreApplication.translate("SettingsMunicipioTab", u"Salvar tamanho do selo", None))
        self.brasao_box.setTitle(QCoreApplication.translate("SettingsMunicipioTab", u"Bras\u00e3o (cart\u00f5es, selos e documentos)", None))
        self.brasao_button.setText(QCoreApplication.translate("SettingsMunicipioTab", u"Salvar bras\u00e3o", None))
    # retranslateUi

