"""Every dialog's keys (issue 36 item 3), from a município made by `init`: the dialogs the
program opens — those built from ui/*.ui and the main forms, the record's action forms and
the acts of "Mais ▾" — are opened as a clerk, a fiscal or a supervisor opens them, shown,
and checked:

- Enter: exactly one visible default button, and it is the forward action (never Cancelar,
  Fechar, Sair or Voltar) — but in the verifier, whose Enter is the code reader's;
- Alt+letter: every visible button has a mnemonic (except the one Esc presses: Cancelar,
  Fechar, Sair, which need none, and a field's own button, the calendar's F4), a letter
  the keyboard has (not í or ç), and no letter is taken twice in the window — buttons,
  labels with a buddy, checkable group boxes and tabs share the window's Alt+letters."""
from __future__ import annotations

import datetime as dt
import re

import pytest
from PySide6.QtWidgets import (QAbstractButton, QDialog, QGroupBox, QLabel, QPushButton,
                               QLineEdit, QRadioButton, QTabBar, QCheckBox, QWidget, QWizard)

from mototaxi_desk.domain import inspection_rules
from mototaxi_desk.gui.main_window import MainWindow
from mototaxi_desk.services.licensing import applications, permits, waiting_list
from mototaxi_desk.services.payments import collection, fees
from mototaxi_desk.services.register import inspections, stands
from mototaxi_desk.services import setup
from mototaxi_desk.services.context import SYSTEM

from ..factories import make_vehicle
from .town import _isolated_data_dir, new_person, town  # noqa: F401 (fixtures)

ESC_WORDS = {"Cancelar", "Fechar", "Sair"}  # Esc presses them: no letter needed
NO_DEFAULT = "(nenhum)"  # a window whose Enter belongs to a field (the verifier's reader)
BACKWARD = ESC_WORDS | {"< Voltar", "Voltar", "Não", "Descartar"}


def _letter(text: str) -> str | None:
    found = re.search(r"&([^&\s])", text.replace("&&", ""))
    return found.group(1).lower() if found else None


def _plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").strip()


def _mine(widget: QWidget, window: QWidget) -> bool:
    """Shown in this window (not in a window of its own opened from it)."""
    return widget.window() is window and widget.isVisibleTo(window)


def key_problems(window: QWidget, name: str, default: str | None = None) -> list[str]:
    """What is wrong with the window's Enter and Alt+letters (empty: nothing)."""
    found = []
    buttons = [b for b in window.findChildren(QPushButton) if _mine(b, window)]
    defaults = [b for b in buttons if b.isDefault()]
    if default == NO_DEFAULT:
        if defaults:
            found.append(f"{name}: Enter deveria ficar com o campo, não com "
                         f"'{defaults[0].text()}'")
    elif len(defaults) != 1:
        found.append(f"{name}: {len(defaults)} botões padrão (Enter): "
                     f"{[b.text() for b in defaults]}")
    else:
        text = _plain(defaults[0].text())
        if default is not None and text != default:
            found.append(f"{name}: Enter aperta '{text}', esperado '{default}'")
        elif default is None and text in BACKWARD:
            found.append(f"{name}: Enter aperta '{text}' (volta ou fecha)")
    letters: dict[str, list[str]] = {}
    for button in window.findChildren(QAbstractButton):
        if not _mine(button, window) or isinstance(button, (QRadioButton, QCheckBox)) \
                and not _letter(button.text()):
            continue  # a radio or check box without a letter: Tab and arrows reach it
        if isinstance(button.parentWidget(), QLineEdit):
            continue  # a field's own button (the calendar): its key is the field's (F4)
        letter = _letter(button.text())
        if letter is None:
            if _plain(button.text()) not in ESC_WORDS and button.text().strip():
                found.append(f"{name}: botão '{button.text()}' sem tecla de atalho (&)")
            continue
        if not letter.isascii():  # Alt+í, Alt+ç: no such key on the keyboard
            found.append(f"{name}: '{button.text()}' tem Alt+{letter}, que não se digita")
        letters.setdefault(letter, []).append(button.text())
    for label in window.findChildren(QLabel):
        if _mine(label, window) and label.buddy() is not None and _letter(label.text()):
            letters.setdefault(_letter(label.text()), []).append(label.text())
    for box in window.findChildren(QGroupBox):
        if _mine(box, window) and box.isCheckable() and _letter(box.title()):
            letters.setdefault(_letter(box.title()), []).append(box.title())
    for bar in window.findChildren(QTabBar):
        if _mine(bar, window):
            for index in range(bar.count()):
                if _letter(bar.tabText(index)):
                    letters.setdefault(_letter(bar.tabText(index)), []).append(
                        bar.tabText(index))
    for letter, texts in sorted(letters.items()):
        if len(texts) > 1:
            found.append(f"{name}: Alt+{letter.upper()} em {texts}")
    return found


@pytest.fixture(scope="module")
def holder(town):
    """A holder with a permit on a stand, a vehicle and an inspection, all by the services
    from the empty município; and a second person's application still open."""
    supervisor, clerk = town.actor("supervisor"), town.actor("atendente")
    person = new_person("Joana Batista Ferreira")
    stand = stands.create_stand(supervisor, {"number": 1, "name": "Praça da Matriz",
                                             "location": "Praça da Matriz, centro"})
    vehicle = make_vehicle(person["id"])
    app = applications.file_application(clerk, person["id"], "new_permit")
    applications.set_checklist_items(clerk, app["id"], [c["code"] for c in app["checklist"]],
                                     received=True)
    applications.change_status(supervisor, app["id"], "deferido", reason="Conferido")
    permit = permits.grant_permit(supervisor, holder_id=person["id"], vehicle_id=vehicle["id"],
                                  stand_id=stand["id"], application_id=app["id"],
                                  act_number="Portaria 1/2026")
    for debt in fees.open_debts(person["id"]):
        fees.pay(clerk, debt["id"], paid_on=dt.date.today(), receipt="DAM 1")
    inspections.record_inspection(supervisor, vehicle["id"], {
        "kind": "annual", "inspected_on": dt.date.today(),
        "results": {item.code: "pass" for item in
                    inspection_rules.checklist(setup.profile(), "annual")}})
    fees.charge(supervisor, person["id"], "card", on=dt.date.today(), permit_id=permit["id"])
    other = new_person("Marcos Requerente Silva")
    open_app = applications.file_application(clerk, other["id"], "new_permit")
    deferred = applications.file_application(clerk, new_person("Rita Deferida")["id"],
                                             "new_permit")
    applications.set_checklist_items(clerk, deferred["id"],
                                     [c["code"] for c in deferred["checklist"]], received=True)
    applications.change_status(supervisor, deferred["id"], "deferido", reason="Conferido")
    collection.update(SYSTEM, cnpj="11222333000181", febraban_code="1234")  # guias possible
    waiting = waiting_list.enrol(clerk, new_person("Ana Na Lista")["id"], seniority_years=1)
    return {"person": person, "permit": permit, "vehicle": vehicle, "stand": stand,
            "waiting": waiting,
            "open_app": open_app, "deferred": applications.application(deferred["id"])}


def _makers(town, holder, window):
    """name → (make the dialog, the default expected or None: any forward action)."""
    from mototaxi_desk.gui.dialogs.application_detail import ApplicationDetailDialog
    from mototaxi_desk.gui.dialogs.batch_print import BatchPrintDialog
    from mototaxi_desk.gui.dialogs.change_password import ChangePasswordDialog
    from mototaxi_desk.gui.dialogs.grant import GrantDialog
    from mototaxi_desk.gui.dialogs.import_register import ImportDialog
    from mototaxi_desk.gui.dialogs.inspection_form import InspectionForm
    from mototaxi_desk.gui.dialogs.login import LoginDialog
    from mototaxi_desk.gui.dialogs.new_application import NewApplicationWizard
    from mototaxi_desk.gui.dialogs.notice_entry import NoticeEntryDialog
    from mototaxi_desk.gui.dialogs.person_forms import (CnhDialog, NewPersonDialog,
                                                        PersonEditDialog)
    from mototaxi_desk.gui.dialogs.profile_adopt import ProfileAdoptDialog
    from mototaxi_desk.gui.dialogs.setup_wizard import SetupWizard
    from mototaxi_desk.gui.dialogs.stand_forms import StandCloseDialog, StandFormDialog
    from mototaxi_desk.gui.dialogs.vehicle_form import VehicleForm
    from mototaxi_desk.gui.dialogs.verify import VerifyDialog
    from mototaxi_desk.gui.dialogs.waiting_forms import WaitingEnrolDialog, WaitingRemoveDialog
    from mototaxi_desk.gui.dialogs.crash import CrashDialog
    from mototaxi_desk.gui.dialogs.guia import GuiaDialog
    from mototaxi_desk.gui.dialogs.seal_review import SealReviewDialog
    from mototaxi_desk.gui.idle_lock import LockDialog
    clerk, fiscal, boss = (town.actor(r) for r in ("atendente", "fiscal", "supervisor"))
    person, vehicle = holder["person"]["id"], holder["vehicle"]["id"]
    stand = stands.stand(holder["stand"]["id"])
    record = window.person_page
    makers = {
        "nova-pessoa": (lambda: NewPersonDialog(clerk, parent=window), None),
        "cadastro": (lambda: PersonEditDialog(clerk, person, window), None),
        "cnh": (lambda: CnhDialog(clerk, person, window), None),
        "veiculo-novo": (lambda: VehicleForm(clerk, owner_id=person, parent=window), None),
        "veiculo-seguro": (lambda: VehicleForm(clerk, vehicle, parent=window), None),
        "ponto-novo": (lambda: StandFormDialog(boss, None, window), None),
        "ponto-fechar": (lambda: StandCloseDialog(boss, stand, window), None),
        "lista-de-espera": (lambda: WaitingEnrolDialog(clerk, parent=window), None),
        "requerimento-novo": (lambda: NewApplicationWizard(clerk, parent=window), None),
        "requerimento-aberto": (lambda: ApplicationDetailDialog(
            clerk, holder["open_app"]["id"], window), None),
        "outorga": (lambda: GrantDialog(boss, holder["deferred"], window), None),
        "vistoria": (lambda: InspectionForm(fiscal, parent=window), None),
        "auto-novo": (lambda: NoticeEntryDialog(fiscal, window), None),
        "senha": (lambda: ChangePasswordDialog(boss, forced=True, parent=window), None),
        "bloqueio": (lambda: LockDialog(boss, window), None),
        "entrar": (lambda: LoginDialog("Mototáxi Desk", window), None),
        "verificar": (lambda: VerifyDialog(window), NO_DEFAULT),
        "lote": (lambda: BatchPrintDialog(boss, window), None),
        "importar": (lambda: ImportDialog(town.actor("supervisor"), window), None),
        "nova-versao-da-lei": (lambda: ProfileAdoptDialog(boss, window), None),
        "configuracao-inicial": (lambda: SetupWizard(window), None),
        "guia": (lambda: GuiaDialog(clerk, fees.open_debts(person), window), None),
        "lista-de-espera-retirar": (lambda: WaitingRemoveDialog(
            clerk, waiting_list.get_entry(holder["waiting"]["id"], clerk), parent=window),
            None),
        "erro": (lambda: CrashDialog("Traceback (most recent call last):\n", window), None),
        "conferir-e-corrigir": (lambda: SealReviewDialog(town.actor("supervisor"), window),
                                None),
    }
    record.open_person(person)
    for key, action in (("renovar", record.renew), ("ponto", record.change_stand),
                        ("pagar", record.pay), ("guia", record.issue_guia),
                        ("segunda-via", record.second_copy)):
        makers[f"prontuario-{key}"] = (action, None)
    from mototaxi_desk.gui.dialogs.permit_acts import MENU
    for entry in MENU:  # the acts of "Mais ▾" the law provides
        if entry is not None:
            makers[f"ato-{entry[0]}"] = (lambda key=entry[0]: record.permit_act(key), None)
    return makers


def test_every_dialog_has_its_forward_default_and_one_letter_per_button(town, holder, qtbot):
    window = MainWindow(town.actor("supervisor"))
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    found, opened = [], []
    for name, (make, default) in _makers(town, holder, window).items():
        try:
            dialog = make()
        except Exception as exc:  # noqa: BLE001 — named in the failure, the rest still run
            found.append(f"{name}: não abriu ({type(exc).__name__}: {exc})")
            continue
        if dialog is None:
            continue  # the act does not apply to this holder (its reason is shown instead)
        if not dialog.isVisible():
            dialog.show()
        qtbot.waitExposed(dialog)
        if isinstance(dialog, QWizard):  # each page of a wizard is a window of its own
            found += key_problems(dialog, f"{name} (página 1)", default)
        else:
            found += key_problems(dialog, name, default)
        opened.append(name)
        if hasattr(dialog, "mark_clean"):
            dialog.mark_clean()
        dialog.close()
    assert len(opened) >= 35, opened
    assert not found, "\n".join(found)


def test_the_checker_sees_a_clash_a_missing_letter_and_enter_on_cancel(qtbot):
    """The checker itself: a window it must refuse."""
    dialog = QDialog()
    qtbot.addWidget(dialog)
    from PySide6.QtWidgets import QHBoxLayout
    row = QHBoxLayout(dialog)
    for text in ("&Pagar…", "&Ponto…", "Imprimir", "Cancelar"):
        row.addWidget(QPushButton(text))
    dialog.findChildren(QPushButton)[3].setDefault(True)
    dialog.show()
    problems = key_problems(dialog, "teste")
    assert any("Alt+P" in p for p in problems)
    assert any("'Imprimir' sem tecla" in p for p in problems)
    assert any("Enter aperta 'Cancelar'" in p for p in problems)
    assert not any("Cancelar' sem tecla" in p for p in problems)
