"""Issue 19: Qt's own dialogs speak Portuguese, default file names are Portuguese in the
Documentos folder, a deadline's colour has its word, the lock says why it locked."""
import pytest
from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QDialogButtonBox, QFileDialog, QLabel, QMessageBox, QPushButton

from mototaxi_desk.gui import labels, look
from mototaxi_desk.gui.translations import install_translations
from mototaxi_desk.services.views import reports
from mototaxi_desk.services.context import Actor


def test_qt_file_dialog_and_message_box_speak_portuguese(qapp):
    install_translations(qapp)
    dialog = QFileDialog(None, "Exportar")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    texts = {label.text() for label in dialog.findChildren(QLabel)}
    assert {"&Procurar em:", "&Nome do arquivo:", "Arquivos do &tipo:"} <= texts
    assert not any("Look in" in t or "Files of" in t for t in texts)
    assert "Cancelar" in {b.text() for b in dialog.findChildren(QPushButton)}
    box = QMessageBox(QMessageBox.Icon.Question, "t", "x",
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
    assert sorted(b.text() for b in box.buttons()) == ["&Não", "&Sim"]
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save |
                               QDialogButtonBox.StandardButton.Close)
    assert sorted(b.text().replace("&", "") for b in buttons.buttons()) == ["Fechar", "Salvar"]
    dialog.deleteLater()


def test_default_export_names_are_portuguese_in_documentos(qapp):
    from mototaxi_desk.gui.pages.reports import FILE_NAMES
    assert set(FILE_NAMES) == set(reports.KIND_BY_KEY)
    assert FILE_NAMES["permits_by_stand"] == "permissoes_por_ponto"
    documents = QStandardPaths.writableLocation(
        QStandardPaths.StandardLocation.DocumentsLocation)
    assert look.in_documents("permissoes_por_ponto-20261201.csv") == \
        f"{documents}/permissoes_por_ponto-20261201.csv"


def test_a_deadline_has_its_word_beside_its_colour():
    assert labels.deadline_words(-3) == "vencido há 3 dia(s)"
    assert labels.deadline_words(0) == "vence hoje"
    assert labels.deadline_words(12) == "em 12 dia(s)"


def test_the_lock_after_ctrl_l_does_not_say_idle(qapp):
    from mototaxi_desk.gui.idle_lock import LockDialog
    actor = Actor(1, "atendente", "atendente")
    asked = LockDialog(actor, idle=False)
    idle = LockDialog(actor)
    words = lambda d: " ".join(label.text() for label in d.findChildren(QLabel))  # noqa: E731
    assert "inatividade" not in words(asked) and "Sessão bloqueada" in words(asked)
    assert "inatividade" in words(idle)


def test_phone_is_shaped_as_it_is_typed(qtbot):
    from PySide6.QtWidgets import QLineEdit

    from mototaxi_desk.gui.widgets.phone import mask_phone, phone_text
    assert phone_text("99987654321") == "(99) 98765-4321"
    assert phone_text("9934211234") == "(99) 3421-1234"
    assert phone_text("999") == "(99) 9"
    editor = mask_phone(QLineEdit())
    qtbot.addWidget(editor)
    qtbot.keyClicks(editor, "99987654321x")
    assert editor.text() == "(99) 98765-4321"


def test_history_says_which_document_was_conferred_without_ids():
    entry = {"action": "application.checklist", "entity": "application", "entity_id": "17",
             "before": {"id": 55, "text": "Cópia da CNH", "received": False},
             "after": {"id": 55, "text": "Cópia da CNH", "received": True}}
    assert labels.history_detail(entry) == "Cópia da CNH: recebido"
    assert "17" not in labels.history_detail(entry) and "55" not in labels.history_detail(entry)


def test_money_profile_numbers_read_as_money():
    from mototaxi_desk.gui.pages.settings import _value_text
    assert _value_text(10000, "vehicle.insurance_min_cover_per_person") == "R$ 10.000,00"


def test_a_dialog_larger_than_the_screen_is_capped_when_shown(qapp, qtbot):
    """screen_fit (one helper for every window): a dialog asking for more than the screen
    gets the screen's free area less the title bar, and stays on it."""
    from PySide6.QtWidgets import QDialog

    from mototaxi_desk.gui import screen_fit
    screen_fit.install(qapp)
    dialog = QDialog()
    qtbot.addWidget(dialog)
    dialog.resize(5000, 4000)
    dialog.move(-300, 2000)
    dialog.show()
    free = screen_fit.available(dialog)
    width, height = screen_fit.room(dialog)
    assert dialog.width() <= width and dialog.height() <= height
    assert free.contains(dialog.geometry())


@pytest.mark.qt_log_ignore("QPageSetupDialog: Cannot be used on non-native printers")
def test_qt_print_and_page_setup_dialogs_speak_portuguese(qapp):
    """Issue 36 item 5: "Page Set:", "Pages per sheet:", "Page order:" showed in English.
    Every text Qt asks while building its print dialog and its page set-up is in
    qtbase_pt_BR or among the texts the program adds (gui/translations.py)."""
    from PySide6.QtCore import QLibraryInfo, QTranslator
    from PySide6.QtPrintSupport import QPageSetupDialog, QPrintDialog, QPrinter

    from mototaxi_desk.gui.translations import MISSING_QT_TEXTS
    install_translations(qapp)
    asked: list[tuple[str, str]] = []

    class Listening(QTranslator):  # installed last: asked first, answers nothing
        def translate(self, context, source, disambiguation=None, n=-1):  # noqa: ARG002
            asked.append((context, source))
            return None

        def isEmpty(self) -> bool:  # noqa: N802 (Qt API)
            return False

    listening = Listening(qapp)
    qapp.installTranslator(listening)
    try:
        printer = QPrinter()
        dialogs = [QPrintDialog(printer), QPageSetupDialog(printer)]
        for dialog in dialogs:
            dialog.show()
            qapp.processEvents()
            dialog.close()
    finally:
        qapp.removeTranslator(listening)
    catalogue = QTranslator()
    assert catalogue.load("qtbase_pt_BR",
                          QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    english = sorted({(context, source) for context, source in asked
                      if any(c.isalpha() for c in source)
                      and context not in ("QGuiApplication", "QMimeType")  # no dialog text
                      and not catalogue.translate(context, source)
                      and (context, source) not in MISSING_QT_TEXTS})
    assert english == []
    assert ("QPageSetupWidget", "Pages &per sheet:") in asked  # the dialogs were built
    labels = {label.text() for d in dialogs for label in d.findChildren(QLabel)}
    assert {"&Conjunto de páginas:", "&Páginas por folha:", "&Ordem das páginas:"} <= labels
    for dialog in dialogs:
        dialog.deleteLater()
