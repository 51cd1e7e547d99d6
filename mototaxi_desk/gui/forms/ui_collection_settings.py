# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'collection_settings.ui'
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

from mototaxi_desk.gui.widgets.fields import FormField

class Ui_CollectionSettings(object):
    def setupUi(self, CollectionSettings):
        if not CollectionSettings.objectName():
            CollectionSettings.setObjectName(u"CollectionSettings")
        self.layout = QHBoxLayout(CollectionSettings)
        self.layout.setObjectName(u"layout")
        self.data_box = QGroupBox(CollectionSettings)
        self.data_box.setObjectName(u"data_box")
        self.form = QFormLayout(self.data_box)
        self.form.setObjectName(u"form")
        self.data_intro = QLabel(self.data_box)
        self.data_intro.setObjectName(u"data_intro")
        self.data_intro.setWordWrap(True)

        self.form.setWidget(0, QFormLayout.ItemRole.SpanningRole, self.data_intro)

        self.cnpj_label = QLabel(self.data_box)
        self.cnpj_label.setObjectName(u"cnpj_label")

        self.form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.cnpj_label)

        self.cnpj = FormField(self.data_box)
        self.cnpj.setObjectName(u"cnpj")

        self.form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.cnpj)

        self.febraban_label = QLabel(self.data_box)
        self.febraban_label.setObjectName(u"febraban_label")

        self.form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.febraban_label)

        self.febraban = FormField(self.data_box)
        self.febraban.setObjectName(u"febraban")

        self.form.setWidget(2, QFormLayout.ItemRole.FieldRole, self.febraban)

        self.module_label = QLabel(self.data_box)
        self.module_label.setObjectName(u"module_label")

        self.form.setWidget(3, QFormLayout.ItemRole.LabelRole, self.module_label)

        self.module = QComboBox(self.data_box)
        self.module.setObjectName(u"module")

        self.form.setWidget(3, QFormLayout.ItemRole.FieldRole, self.module)

        self.pix_kind_label = QLabel(self.data_box)
        self.pix_kind_label.setObjectName(u"pix_kind_label")

        self.form.setWidget(4, QFormLayout.ItemRole.LabelRole, self.pix_kind_label)

        self.pix_kind = QComboBox(self.data_box)
        self.pix_kind.setObjectName(u"pix_kind")

        self.form.setWidget(4, QFormLayout.ItemRole.FieldRole, self.pix_kind)

        self.pix_key_label = QLabel(self.data_box)
        self.pix_key_label.setObjectName(u"pix_key_label")

        self.form.setWidget(5, QFormLayout.ItemRole.LabelRole, self.pix_key_label)

        self.pix_key = FormField(self.data_box)
        self.pix_key.setObjectName(u"pix_key")

        self.form.setWidget(5, QFormLayout.ItemRole.FieldRole, self.pix_key)

        self.save = QPushButton(self.data_box)
        self.save.setObjectName(u"save")

        self.form.setWidget(6, QFormLayout.ItemRole.FieldRole, self.save)

        self.data_message = QLabel(self.data_box)
        self.data_message.setObjectName(u"data_message")
        self.data_message.setWordWrap(True)

        self.form.setWidget(7, QFormLayout.ItemRole.SpanningRole, self.data_message)


        self.layout.addWidget(self.data_box)

        self.return_box = QGroupBox(CollectionSettings)
        self.return_box.setObjectName(u"return_box")
        self.return_layout = QVBoxLayout(self.return_box)
        self.return_layout.setObjectName(u"return_layout")
        self.import_row = QHBoxLayout()
        self.import_row.setObjectName(u"import_row")
        self.import_button = QPushButton(self.return_box)
        self.import_button.setObjectName(u"import_button")

        self.import_row.addWidget(self.import_button)

        self.import_spacer = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.import_row.addItem(self.import_spacer)


        self.return_layout.addLayout(self.import_row)

        self.summary = QLabel(self.return_box)
        self.summary.setObjectName(u"summary")
        self.summary.setWordWrap(True)

        self.return_layout.addWidget(self.summary)

        self.items_label = QLabel(self.return_box)
        self.items_label.setObjectName(u"items_label")

        self.return_layout.addWidget(self.items_label)

        self.items = QTableView(self.return_box)
        self.items.setObjectName(u"items")

        self.return_layout.addWidget(self.items)

        self.files_label = QLabel(self.return_box)
        self.files_label.setObjectName(u"files_label")

        self.return_layout.addWidget(self.files_label)

        self.files = QTableView(self.return_box)
        self.files.setObjectName(u"files")

        self.return_layout.addWidget(self.files)


        self.layout.addWidget(self.return_box)

        self.layout.setStretch(0, 2)
        self.layout.setStretch(1, 3)
#if QT_CONFIG(shortcut)
        self.cnpj_label.setBuddy(self.cnpj)
        self.febraban_label.setBuddy(self.febraban)
        self.module_label.setBuddy(self.module)
        self.pix_kind_label.setBuddy(self.pix_kind)
        self.pix_key_label.setBuddy(self.pix_key)
        self.items_label.setBuddy(self.items)
        self.files_label.setBuddy(self.files)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.cnpj, self.febraban)
        QWidget.setTabOrder(self.febraban, self.module)
        QWidget.setTabOrder(self.module, self.pix_kind)
        QWidget.setTabOrder(self.pix_kind, self.pix_key)
        QWidget.setTabOrder(self.pix_key, self.save)
        QWidget.setTabOrder(self.save, self.import_button)
        QWidget.setTabOrder(self.import_button, self.items)
        QWidget.setTabOrder(self.items, self.files)

        self.retranslateUi(CollectionSettings)

        QMetaObject.connectSlotsByName(CollectionSettings)
    # setupUi

    def retranslateUi(self, CollectionSettings):
        self.data_box.setTitle(QCoreApplication.translate("CollectionSettings", u"Dados de cobran\u00e7a (guias de recolhimento)", None))
        self.data_intro.setText(QCoreApplication.translate("CollectionSettings", u"Impressos em toda guia. O c\u00f3digo FEBRABAN e o m\u00f3dulo v\u00eam do conv\u00eanio de arrecada\u00e7\u00e3o com o banco; a chave PIX recebe os pagamentos no balc\u00e3o.", None))
        self.cnpj_label.setText(QCoreApplication.translate("CollectionSettings", u"C&NPJ do munic\u00edpio:", None))
        self.febraban_label.setText(QCoreApplication.translate("CollectionSettings", u"C\u00f3digo &FEBRABAN:", None))
        self.module_label.setText(QCoreApplication.translate("CollectionSettings", u"&M\u00f3dulo do d\u00edgito verificador:", None))
        self.pix_kind_label.setText(QCoreApplication.translate("CollectionSettings", u"&Tipo da chave PIX:", None))
        self.pix_key_label.setText(QCoreApplication.translate("CollectionSettings", u"C&have PIX:", None))
        self.save.setText(QCoreApplication.translate("CollectionSettings", u"&Salvar dados de cobran\u00e7a", None))
        self.return_box.setTitle(QCoreApplication.translate("CollectionSettings", u"Retorno banc\u00e1rio (arquivo FEBRABAN de 150 posi\u00e7\u00f5es)", None))
        self.import_button.setText(QCoreApplication.translate("CollectionSettings", u"&Importar arquivo de retorno\u2026", None))
        self.items_label.setText(QCoreApplication.translate("CollectionSettings", u"&Pagamentos do arquivo:", None))
        self.files_label.setText(QCoreApplication.translate("CollectionSettings", u"Importa\u00e7\u00f5es &realizadas:", None))
        pass
    # retranslateUi

