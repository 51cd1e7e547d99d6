"""Issue 37 item 3: every act the window offers has a command, so scripts, training and the
município's IT can do it without the window.

The window's acts are read from the running window, not from a list kept by hand: every
button and action of the main window with all its pages built, of a person's record with a
permit (its "Mais ▾" menu, and the entries the declared table permit_acts.MENU gives for the
acts other laws provide), of the auto de infração's dialog and of the application's dialog,
and the entries of every context menu a widget of theirs offers. Each must be in ACTS (the
command that does the same act, which must exist in the command line's parser) or in
WINDOW_ONLY (a control of the window itself: a calendar, a folder to open, a tab to show).
A new button or menu entry without a line here fails the test, as does a line whose command
the parser does not have, and a line whose button the window no longer has.

GAPS are the window's acts that have no command, with the reason: a command added for one
moves its line to ACTS."""
from __future__ import annotations

import argparse
import re

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (QAbstractButton, QApplication, QCheckBox, QMenu, QPushButton,
                               QRadioButton, QWidget)

from mototaxi_desk.cli import build_parser
from mototaxi_desk.domain import wallclock
from mototaxi_desk.gui.dialogs import permit_acts
from mototaxi_desk.gui.dialogs.application_detail import ApplicationDetailDialog
from mototaxi_desk.gui.dialogs.notice_detail import NoticeDetailDialog
from mototaxi_desk.gui.widgets.section_tabs import SectionTabs
from mototaxi_desk.gui.main_window import MainWindow
from mototaxi_desk.services import acts, ledger, setup
from mototaxi_desk.services.administration import users
from mototaxi_desk.store.models import Application, Permit

# (where the window offers it, its words) -> the command that does the same act
ACTS = {
    # the main window's toolbar
    ("MainWindow", "Verificar documento"): "verify",
    ("MainWindow", "Impressão em lote"): "print card",
    ("ClockBanner", "Confirmar a data de hoje"): "clock confirm",
    ("ClockBanner", "Desfazer atualizações"): "clock undo",
    # the person's record (prontuário) and its "Mais ▾" menu (permit_acts.MENU)
    ("PersonPage", "Editar cadastro"): "person edit",
    ("PersonPage", "CNH"): "person cnh",
    ("PersonPage", "Novo requerimento"): "application file",
    ("PersonPage", "Renovar"): "permit renew",
    ("PersonPage", "2ª via do cartão"): "print card",
    ("PersonPage", "Pagar"): "guia pay",
    ("PersonPage", "Emitir guia"): "guia issue",
    ("PersonPage", "Defesa/recurso"): "notice defence",
    ("PersonPage", "Mudar de ponto"): "stand move",
    ("PersonPage", "Vincular a ponto"): "stand assign",
    ("PersonPage", "Renovar (requerimento)"): "application file",
    ("PersonPage", "Exportar dados"): "person export",
    ("PersonPage", "Mais"): "permit acts",
    ("PersonPage", "Imprimir documento de um ato"): "permit print-act",
    ("PersonPage", "Imprimir cartão do condutor auxiliar"): "print aux-card",
    ("SanctionsPanel", "Aplicar sanção"): "sanction apply",
    # the auto de infração (SRM Arts. 35, 46-49; PF Arts. 34-38; L1745 Arts. 8, 19)
    ("NoticeDetailDialog", "Registrar notificação"): "notice notify",
    ("NoticeDetailDialog", "Protocolar defesa/recurso"): "notice defence",
    ("NoticeDetailDialog", "Julgar"): "notice judge",
    ("NoticeDetailDialog", "Declarar revelia"): "notice revelia",
    ("NoticeDetailDialog", "Anular"): "notice void",
    ("NoticeDetailDialog", "Corrigir (reemitir)"): "notice reissue",
    ("NoticeDetailDialog", "Pagar multa"): "guia pay",
    ("NoticeDetailDialog", "Apreender veículo"): "impound record",
    ("NoticeDetailDialog", "Liberar veículo"): "impound release",
    ("NoticeDetailDialog", "Imprimir auto"): "print notice",
    ("NoticeDetailDialog", "Imprimir recibo de liberação"): "print release",
    ("InfractionsPage", "Lavrar auto de infração"): "notice record",
    ("InfractionsPage", "Abrir auto"): "notice show",
    # applications
    ("ApplicationsPage", "Novo requerimento"): "application file",
    ("ApplicationsPage", "Abrir"): "application show",
    ("ApplicationDetailDialog", "Em análise"): "application move",
    ("ApplicationDetailDialog", "Pendente"): "application move",
    ("ApplicationDetailDialog", "Deferir"): "application decide",
    ("ApplicationDetailDialog", "Indeferir"): "application decide",
    ("ApplicationDetailDialog", "Outorgar permissão"): "permit grant",
    # pontos (SRM Arts. 20 XVIII, 22 §1º; L1745 Art. 15)
    ("StandsPage", "Novo ponto"): "stand create",
    ("StandsPage", "Editar ponto"): "stand edit",
    ("StandsPage", "Desativar ponto"): "stand close",
    ("StandsPage", "Vincular permissão"): "stand assign",
    ("StandsPage", "Mudar de ponto"): "stand move",
    ("StandsPage", "Liberar vaga"): "stand release",
    ("StandsPage", "Imprimir relação"): "print roster",
    # the waiting list
    ("WaitingListPage", "Inscrever"): "waiting enrol",
    ("WaitingListPage", "Editar inscrição"): "waiting edit",
    ("WaitingListPage", "Retirar da lista"): "waiting remove",
    ("WaitingListPage", "Convocar o próximo"): "waiting call",
    ("WaitingListPage", "Encerrar convocações vencidas"): "tick",
    ("WaitingListPage", "Requerimento / outorga"): "application file",
    # vehicles and inspections
    ("VehiclesPage", "Novo veículo"): "vehicle add",
    ("VehiclesPage", "Substituir na permissão"): "vehicle substitute",
    ("InspectionsPage", "Nova vistoria"): "inspection record",
    ("InspectionsPage", "Imprimir selo"): "print sticker",
    ("ReportsPage", "Recadastramento"): "campaign create",
    # Configurações
    ("SettingsPage", "Salvar população"): "settings population",
    ("SettingsPage", "Salvar valor do ano"): "settings fiscal-unit",
    ("SettingsPage", "Salvar valor"): "settings set",
    ("SettingsPage", "Voltar ao valor da lei"): "settings set",
    ("SettingsPage", "Adotar nova versão da lei"): "profiles adopt",
    ("SettingsPage", "Adicionar feriado"): "settings holiday-add",
    ("SettingsPage", "Remover o selecionado"): "settings holiday-remove",
    ("SettingsPage", "Cadastrar usuário"): "users add",
    ("SettingsPage", "Desativar o selecionado"): "users disable",
    ("SettingsPage", "Reativar o selecionado"): "users enable",
    ("SettingsPage", "Alterar perfil"): "users role",
    ("TariffBox", "Salvar tarifa"): "settings tariff",
    ("CollectionTab", "Salvar dados de cobrança"): "settings set",
    ("CollectionTab", "Importar arquivo de retorno"): "bank-return import",
    ("VerifierTab", "Exportar verificador"): "verifier export",
    ("VerifierTab", "Confiar nas chaves deste banco"): "keys trust",
    ("VerifierTab", "Instalar arquivo de chaves"): "keys trust",
    ("BackupTab", "Fazer cópia agora"): "backup",
    ("BackupTab", "Restaurar a selecionada"): "restore",
    ("BackupTab", "Restaurar de outro arquivo"): "restore",
    ("ImportTab", "Importar cadastro de planilha"): "import",
    ("ImportTab", "Exportar o cadastro completo (XLSX)"): "export-register",
    ("MainWindow", "Conferir e corrigir"): "check accept",  # the integrity banner
    # found by this walk (issue 37): the record's other acts and Configurações
    ("ApplicationDetailDialog", "Imprimir comprovante"): "print receipt",
    ("VehiclesPage", "Seguro / dados"): "vehicle insurance",
    ("VehiclesPage", "Declarar substituição"): "vehicle declare",
    ("InspectionsPage", "Cancelar selo"): "inspection void-sticker",
    ("InspectionsPage", "Reemitir selo"): "inspection reissue-sticker",
    ("BrasaoPicker", "Escolher imagem"): "settings brasao",
    ("BrasaoPicker", "Remover"): "settings brasao",
    ("SettingsPage", "Salvar brasão"): "settings brasao",
    ("SettingsPage", "Salvar tamanho do selo"): "settings sticker-size",
    ("BackupTab", "Salvar"): "settings backups",
    ("VerifierTab", "Salvar"): "settings verifier-age",
    ("PersonPage", "Foto"): "person photo",
    ("PersonPage", "Escolher arquivo"): "person photo",
    ("ReportsPage", "Gerar"): "report",
    ("ReportsPage", "Exportar CSV"): "report",
    ("ReportsPage", "Exportar Excel"): "report",
    ("ReportsPage", "Exportar PDF"): "report",
    ("ReportsPage", "Imprimir / PDF"): "report",
    # the record's "Próximos passos" (issue 36): each step's button, as the person needs it
    ("NextStepsView", "Pagar"): "guia pay",
    ("NextStepsView", "Emitir guia"): "guia issue",
    ("NextStepsView", "Imprimir cartão"): "print card",
    ("NextStepsView", "Abrir requerimento"): "application show",
    ("NextStepsView", "Vistoriar"): "inspection record",
    ("NextStepsView", "Renovar"): "permit renew",
    ("NextStepsView", "CNH"): "person cnh",
    ("NextStepsView", "Veículo"): "vehicle insurance",
    ("NextStepsView", "Defesa/recurso"): "notice defence",
    ("NextStepsView", "Abrir"): "person next",
    # records created where they are looked for, check lists by keyboard (issue 36)
    ("ApplicationDetailDialog", "Marcar todos como recebidos"): "application receive",
    ("HoldersPage", "Nova pessoa"): "person add",
    ("PersonPage", "Nova pessoa"): "person add",
    ("PersonPage", "Cadastrar veículo para esta pessoa"): "vehicle add",
    # Configurações → Certificado digital (issue 41)
    ("CertificateTab", "Escolher"): "certificate install",
    ("CertificateTab", "Instalar certificado"): "certificate install",
    ("CertificateTab", "Remover certificado"): "certificate remove",
    ("CertificateTab", "Salvar servidor"): "certificate timestamp",
    # Configurações → E-mail and the record's "Enviar por e-mail…" (issue 41 items 3-4)
    ("MailTab", "Salvar servidor"): "mail setup",
    ("MailTab", "Enviar e-mail de teste"): "mail test",
    ("MailTab", "Enviar lembretes"): "mail reminders",
    ("MailTab", "Tentar de novo os envios com falha"): "mail retry",
    ("PersonPage", "Enviar por e-mail"): "mail send",
}

# words a button has only in some states of the record shown (gui/pages/person.py)
VARIANTS = {("PersonPage", "Vincular a ponto"), ("PersonPage", "Renovar (requerimento)")}
# the next steps' buttons are those the person shown needs (services/views/next_steps.py)
VARIANTS |= {key for key in ACTS if key[0] == "NextStepsView"}

# what the window offers that acts on the window, not on the register
WINDOW_ONLY = {
    ("MainWindow", "Ferramentas"): "mostra ou esconde a barra de ferramentas",
    ("DateEdit", "Calendário"): "escolhe a data de um campo",
    ("NoticeDetailDialog", "Fechar"): "fecha o diálogo",
    ("ApplicationDetailDialog", "Fechar"): "fecha o diálogo",
    ("ApplicationsPage", "Abrir prontuário"): "abre a página da pessoa ('search', 'ledger')",
    ("InfractionsPage", "Abrir prontuário"): "abre a página da pessoa ('ledger')",
    ("ReportsPage", "Abrir prontuário"): "abre a página da pessoa ('ledger')",
    ("VehiclesPage", "Abrir proprietário"): "abre a página da pessoa ('vehicle show')",
    ("PersonPage", "Abrir veículo"): "abre o veículo na página Veículos ('vehicle show')",
    ("BackupTab", "Abrir a pasta das cópias"): "abre a pasta no gerenciador de arquivos "
                                               "('backup --list')",
}

# the window's acts with no command yet, and why they are left
GAPS = {
    ("PersonPage", "Tirar foto com a câmera"): "a câmera é da janela; a foto tirada é gravada "
                                               "por 'person photo CPF ARQUIVO'",
}

_SHORTCUT = re.compile(r"\s*\((?:Ctrl\+\w+|F\d+)\)$")


def words(text: str) -> str:
    """A button's words as a clerk reads them: no mnemonic, no '…', no shortcut, no '▾'."""
    text = text.replace("&&", "\0").replace("&", "").replace("\0", "&")
    text = _SHORTCUT.sub("", text.replace("▾", "").strip())
    return text.rstrip(".…").strip()


# the permit acts of "Mais ▾": each act (services/acts) declares its entry and its command
ACTS.update({("PersonPage", words(act.menu_text or act.label)):
             " ".join(filter(None, (act.cli_group, act.cli_name or act.key)))
             for act in acts.in_menu().values()})


def area(widget) -> str:
    """Where the window offers it: the nearest enclosing widget of the program's own."""
    parent = widget.parent()
    while parent is not None:
        # (a page's sections, gui/widgets/section_tabs.py, are a tab widget: not an area)
        if type(parent).__module__.startswith("mototaxi_desk.gui") and \
                not isinstance(parent, SectionTabs):
            return type(parent).__name__
        parent = parent.parent()
    return "MainWindow"


def offered(root: QWidget) -> set[tuple[str, str]]:
    """(area, words) of every button, action and context-menu entry under `root`. Check
    boxes and radio buttons are fields of a form, not acts; Qt's own unnamed buttons (tab
    scrolling, a table's corner, a line edit's clear) have no words; a section's button
    (gui/widgets/section_tabs.py) is a tab, not an act."""
    found = set()
    for button in root.findChildren(QAbstractButton):
        if button.parent() is not None and \
                button.parent().objectName() == SectionTabs.HEADER_NAME:
            continue
        if not isinstance(button, (QCheckBox, QRadioButton)) and words(button.text()):
            found.add((area(button), words(button.text())))
    for action in root.findChildren(QAction):
        if words(action.text()) and not action.isSeparator():
            found.add((area(action), words(action.text())))
    for where, action in _context_menus(root):
        found.add((where, words(action.text())))
    return found


def _context_menus(root: QWidget) -> list[tuple[str, QAction]]:
    """The entries of every context menu: a widget's own actions, or the menu its handler
    builds (asked for on the widget's first pixel, read and closed as soon as it shows)."""
    entries = []

    def harvest(where: str) -> None:
        for top in QApplication.topLevelWidgets():
            if isinstance(top, QMenu) and top.isVisible():
                entries.extend((where, a) for a in top.actions()
                               if words(a.text()) and not a.isSeparator())
                top.close()
    for widget in [root, *root.findChildren(QWidget)]:
        where = area(widget) if widget is not root else type(root).__name__
        policy = widget.contextMenuPolicy()
        if policy == Qt.ContextMenuPolicy.ActionsContextMenu:
            entries.extend((where, a) for a in widget.actions() if words(a.text()))
        elif policy == Qt.ContextMenuPolicy.CustomContextMenu:
            QTimer.singleShot(0, lambda w=where: harvest(w))  # a menu.exec(): inside its loop
            widget.customContextMenuRequested.emit(QPoint(1, 1))
            harvest(where)  # a menu.popup(): shown already
    return entries


def commands() -> set[str]:
    """Every command of the parser, with the documents `print` takes (`print card`)."""
    found = set()

    def walk(parser, prefix):
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not subs:
            found.add(" ".join(prefix))
            for action in parser._actions:
                if not action.option_strings and action.choices and action.dest != "help":
                    found.update(" ".join([*prefix, str(c)]) for c in action.choices)
                    break
            return
        for name, child in subs[0].choices.items():
            walk(child, [*prefix, name])
    walk(build_parser(), [])
    return found


@pytest.fixture
def window_acts(qtbot, demo_data) -> set[tuple[str, str]]:
    """What the running window offers an administrator: every page built, a holder's record
    open, an auto de infração's dialog and an application's dialog."""
    actor = users.authenticate("admin", "senha-forte-1")
    window = MainWindow(actor)
    qtbot.addWidget(window)
    window.pages  # noqa: B018 (builds every page)
    permit = Permit.select().where(Permit.status == "active").first()
    window.open_person(permit.holder_id)
    notice = ledger.record_notice(actor, {
        "permit_id": permit.id, "infraction_code": setup.profile().infractions[0].code,
        "occurred_at": wallclock.now().replace(hour=0, minute=1), "place": "Praça da Matriz",
        "agent_name": "José Fiscal Souza", "agent_registration": "M-77",
        "infractor_signed": True})
    dialogs = [NoticeDetailDialog(actor, notice["id"]),
               ApplicationDetailDialog(actor, Application.select().first().id)]
    for dialog in dialogs:
        qtbot.addWidget(dialog)
    found = offered(window)
    for dialog in dialogs:
        found |= offered(dialog)
    # the acts of the other laws, which this município's record does not show
    found |= {("PersonPage", words(text)) for entry in permit_acts.MENU if entry
              for _key, text in [entry]}
    return found


def test_every_act_of_the_window_has_a_command(window_acts):
    """Issue 37 item 3 (SRM Arts. 35/46-49, PF Arts. 34/38, L1745 Arts. 8/19, SRM Art. 20
    XVIII): nothing the window offers is left out of the table, and every command named
    exists."""
    unmapped = sorted(window_acts - set(ACTS) - set(WINDOW_ONLY) - set(GAPS))
    assert unmapped == [], f"a window act with no command mapped: {unmapped}"
    parser_commands = commands()
    missing = sorted({c for c in ACTS.values() if c not in parser_commands})
    assert missing == [], f"commands the parser does not have: {missing}"


def test_the_table_names_only_what_the_window_offers(window_acts):
    stale = sorted((set(ACTS) | set(WINDOW_ONLY) | set(GAPS)) - window_acts - VARIANTS)
    assert stale == [], f"lines for buttons the window no longer has: {stale}"


def test_a_new_button_or_context_menu_entry_without_a_command_fails(window_acts, qtbot):
    """The walk finds a button added to a page and the entries of a context menu built on
    demand, so a new act cannot slip past the table."""
    page = QWidget()
    qtbot.addWidget(page)
    QPushButton("Cassar o &universo…", page)
    table = QWidget(page)
    table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)

    def menu(_point):
        shown = QMenu(table)
        shown.addAction("&Apagar tudo…")
        shown.addSeparator()
        shown.exec(table.mapToGlobal(_point))
    table.customContextMenuRequested.connect(menu)
    found = window_acts | offered(page)
    assert sorted(found - set(ACTS) - set(WINDOW_ONLY) - set(GAPS)) == [
        ("MainWindow", "Apagar tudo"), ("MainWindow", "Cassar o universo")]
