# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'import_register.ui'
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
from PySide6.QtWidgets import (QApplication, QComboBox, QDialog, QFormLayout,
    QHBoxLayout, QHeaderView, QLabel, QPushButton,
    QSizePolicy, QSpacerItem, QStackedWidget, QTabWidget,
    QTableView, QTableWidget, QTableWidgetItem, QVBoxLayout,
    QWidget)

class Ui_ImportDialog(object):
    def setupUi(self, ImportDialog):
        if not ImportDialog.objectName():
            ImportDialog.setObjectName(u"ImportDialog")
        ImportDialog.setMinimumSize(QSize(900, 560))
        self.layout = QVBoxLayout(ImportDialog)
        self.layout.setObjectName(u"layout")
        self.file_row = QHBoxLayout()
        self.file_row.setObjectName(u"file_row")
        self.file_label = QLabel(ImportDialog)
        self.file_label.setObjectName(u"file_label")
        self.file_label.setWordWrap(True)

        self.file_row.addWidget(self.file_label)

        self.choose_button = QPushButton(ImportDialog)
        self.choose_button.setObjectName(u"choose_button")

        self.file_row.addWidget(self.choose_button)

        self.file_row.setStretch(0, 1)

        self.layout.addLayout(self.file_row)

        self.pages = QStackedWidget(ImportDialog)
        self.pages.setObjectName(u"pages")
        self.mapping_page = QWidget()
        self.mapping_page.setObjectName(u"mapping_page")
        self.mapping_layout = QVBoxLayout(self.mapping_page)
        self.mapping_layout.setObjectName(u"mapping_layout")
        self.mapping_intro = QLabel(self.mapping_page)
        self.mapping_intro.setObjectName(u"mapping_intro")
        self.mapping_intro.setWordWrap(True)

        self.mapping_layout.addWidget(self.mapping_intro)

        self.sheet_form = QFormLayout()
        self.sheet_form.setObjectName(u"sheet_form")
        self.sheet_label = QLabel(self.mapping_page)
        self.sheet_label.setObjectName(u"sheet_label")

        self.sheet_form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.sheet_label)

        self.sheet_combo = QComboBox(self.mapping_page)
        self.sheet_combo.setObjectName(u"sheet_combo")

        self.sheet_form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.sheet_combo)

        self.kind_label = QLabel(self.mapping_page)
        self.kind_label.setObjectName(u"kind_label")

        self.sheet_form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.kind_label)

        self.kind_combo = QComboBox(self.mapping_page)
        self.kind_combo.setObjectName(u"kind_combo")

        self.sheet_form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.kind_combo)


        self.mapping_layout.addLayout(self.sheet_form)

        self.columns_table = QTableWidget(self.mapping_page)
        if (self.columns_table.columnCount() < 3):
            self.columns_table.setColumnCount(3)
        __qtablewidgetitem = QTableWidgetItem()
        self.columns_table.setHorizontalHeaderItem(0, __qtablewidgetitem)
        __qtablewidgetitem1 = QTableWidgetItem()
        self.columns_table.setHorizontalHeaderItem(1, __qtablewidgetitem1)
        __qtablewidgetitem2 = QTableWidgetItem()
        self.columns_table.setHorizontalHeaderItem(2, __qtablewidgetitem2)
        self.columns_table.setObjectName(u"columns_table")
        self.columns_table.setColumnCount(3)

        self.mapping_layout.addWidget(self.columns_table)

        self.pages.addWidget(self.mapping_page)
        self.report_page = QWidget()
        self.report_page.setObjectName(u"report_page")
        self.report_layout = QVBoxLayout(self.report_page)
        self.report_layout.setObjectName(u"report_layout")
        self.summary = QLabel(self.report_page)
        self.summary.setObjectName(u"summary")
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setWordWrap(True)

        self.report_layout.addWidget(self.summary)

        self.report_tabs = QTabWidget(self.report_page)
        self.report_tabs.setObjectName(u"report_tabs")
        self.problems_tab = QWidget()
        self.problems_tab.setObjectName(u"problems_tab")
        self.problems_layout = QVBoxLayout(self.problems_tab)
        self.problems_layout.setObjectName(u"problems_layout")
        self.problems_view = QTableView(self.problems_tab)
        self.problems_view.setObjectName(u"problems_view")

        self.problems_layout.addWidget(self.problems_view)

        self.report_tabs.addTab(self.problems_tab, "")
        self.changes_tab = QWidget()
        self.changes_tab.setObjectName(u"changes_tab")
        self.changes_layout = QVBoxLayout(self.changes_tab)
        self.changes_layout.setObjectName(u"changes_layout")
        self.changes_view = QTableView(self.changes_tab)
        self.changes_view.setObjectName(u"changes_view")

        self.changes_layout.addWidget(self.changes_view)

        self.report_tabs.addTab(self.changes_tab, "")

        self.report_layout.addWidget(self.report_tabs)

        self.pages.addWidget(self.report_page)

        self.layout.addWidget(self.pages)

        self.button_row = QHBoxLayout()
        self.button_row.setObjectName(u"button_row")
        self.back_button = QPushButton(ImportDialog)
        self.back_button.setObjectName(u"back_button")

        self.button_row.addWidget(self.back_button)

        self.report_button = QPushButton(ImportDialog)
        self.report_button.setObjectName(u"report_button")

        self.button_row.addWidget(self.report_button)

        self.button_spacer = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.button_row.addItem(self.button_spacer)

        self.check_button = QPushButton(ImportDialog)
        self.check_button.setObjectName(u"check_button")

        self.button_row.addWidget(self.check_button)

        self.import_button = QPushButton(ImportDialog)
        self.import_button.setObjectName(u"import_button")

        self.button_row.addWidget(self.import_button)

        self.close_button = QPushButton(ImportDialog)
        self.close_button.setObjectName(u"close_button")

        self.button_row.addWidget(self.close_button)


        self.layout.addLayout(self.button_row)

#if QT_CONFIG(shortcut)
        self.sheet_label.setBuddy(self.sheet_combo)
        self.kind_label.setBuddy(self.kind_combo)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.choose_button, self.sheet_combo)
        QWidget.setTabOrder(self.sheet_combo, self.kind_combo)
        QWidget.setTabOrder(self.kind_combo, self.columns_table)
        QWidget.setTabOrder(self.columns_table, self.report_tabs)
        QWidget.setTabOrder(self.report_tabs, self.problems_view)
        QWidget.setTabOrder(self.problems_view, self.changes_view)
        QWidget.setTabOrder(self.changes_view, self.back_button)
        QWidget.setTabOrder(self.back_button, self.report_button)
        QWidget.setTabOrder(self.report_button, self.check_button)
        QWidget.setTabOrder(self.check_button, self.import_button)
        QWidget.setTabOrder(self.import_button, self.close_button)

        self.retranslateUi(ImportDialog)

        QMetaObject.connectSlotsByName(ImportDialog)
    # setupUi

    def retranslateUi(self, ImportDialog):
        ImportDialog.setWindowTitle(QCoreApplication.translate("ImportDialog", u"Importar cadastro de planilha", None))
        self.file_label.setText(QCoreApplication.translate("ImportDialog", u"Nenhuma planilha escolhida.", None))
        self.choose_button.setText(QCoreApplication.translate("ImportDialog", u"&Escolher planilha...", None))
        self.mapping_intro.setText(QCoreApplication.translate("ImportDialog", u"Confira o que cada coluna cont\u00e9m. O programa reconheceu as colunas pelos cabe\u00e7alhos; corrija o que estiver errado e clique em Conferir. Nada \u00e9 gravado antes de Importar.", None))
        self.sheet_label.setText(QCoreApplication.translate("ImportDialog", u"&Aba:", None))
        self.kind_label.setText(QCoreApplication.translate("ImportDialog", u"&Tipo de registro:", None))
        ___qtablewidgetitem = self.columns_table.horizontalHeaderItem(0)
        ___qtablewidgetitem.setText(QCoreApplication.translate("ImportDialog", u"Coluna da planilha", None))
        ___qtablewidgetitem1 = self.columns_table.horizontalHeaderItem(1)
        ___qtablewidgetitem1.setText(QCoreApplication.translate("ImportDialog", u"Exemplo", None))
        ___qtablewidgetitem2 = self.columns_table.horizontalHeaderItem(2)
        ___qtablewidgetitem2.setText(QCoreApplication.translate("ImportDialog", u"Campo do cadastro", None))
        self.report_tabs.setTabText(self.report_tabs.indexOf(self.problems_tab), QCoreApplication.translate("ImportDialog", u"Problemas", None))
        self.report_tabs.setTabText(self.report_tabs.indexOf(self.changes_tab), QCoreApplication.translate("ImportDialog", u"Altera\u00e7\u00f5es em registros existentes", None))
        self.back_button.setText(QCoreApplication.translate("ImportDialog", u"&Voltar ao mapeamento", None))
        self.report_button.setText(QCoreApplication.translate("ImportDialog", u"Salvar &relat\u00f3rio...", None))
        self.check_button.setText(QCoreApplication.translate("ImportDialog", u"&Conferir", None))
        self.import_button.setText(QCoreApplication.translate("ImportDialog", u"&Importar", None))
        self.close_button.setText(QCoreApplication.translate("ImportDialog", u"&Fechar", None))
    # retranslateUi

