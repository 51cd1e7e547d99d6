"""Qt's own texts in Portuguese: the Qt catalogues the program's modules use and the few
texts Qt 6.12's catalogue lacks (UX.md). Apart from the application module so that the look
(gui/look.py) installs them without importing the whole start-up."""
from __future__ import annotations

from PySide6.QtCore import QLibraryInfo, QLocale, QTranslator
from PySide6.QtWidgets import QApplication

# Qt 6.12's qtbase_pt_BR lacks the texts its own file dialog now shows (with their
# mnemonics), and the three its print dialog and printer properties (page set-up) gained
# with theirs: tests/gui/test_look.py asks every text those dialogs show
MISSING_QT_TEXTS = {
    ("QFileDialog", "&Look in:"): "&Procurar em:",
    ("QFileDialog", "Files of &type:"): "Arquivos do &tipo:",
    ("QPrintSettingsOutput", "Page &Set:"): "&Conjunto de páginas:",
    ("QPageSetupWidget", "Pages &per sheet:"): "&Páginas por folha:",
    ("QPageSetupWidget", "Page &order:"): "&Ordem das páginas:",
}


class _MissingQtTexts(QTranslator):
    """Asked before qtbase_pt_BR (the last translator installed is asked first): the few
    texts that catalogue lacks, nothing else."""

    def translate(self, context, source, disambiguation=None, n=-1):  # noqa: ARG002
        return MISSING_QT_TEXTS.get((context, source))  # None: not ours, the next asked

    def isEmpty(self) -> bool:  # noqa: N802 (Qt API)
        return False


def install_translations(app: QApplication) -> None:
    """Qt's own dialogs (files, messages, printing, wizards) in Portuguese: every Qt
    catalogue the program's modules use, plus the texts they lack (UX.md)."""
    QLocale.setDefault(QLocale(QLocale.Language.Portuguese, QLocale.Country.Brazil))
    if getattr(app, "_mototaxi_translators", None):
        return
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    installed = []
    for catalogue in QT_CATALOGUES:
        translator = QTranslator(app)
        if translator.load(catalogue, folder):
            app.installTranslator(translator)
            installed.append(translator)
    supplement = _MissingQtTexts(app)
    app.installTranslator(supplement)
    installed.append(supplement)
    app._mototaxi_translators = installed


# qtbase: widgets, dialogs, printing; qtmultimedia: the camera's messages
QT_CATALOGUES = ("qtbase_pt_BR", "qtmultimedia_pt_BR")
