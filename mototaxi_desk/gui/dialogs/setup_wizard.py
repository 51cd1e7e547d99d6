"""First run: on an empty database, the município, its rule profile and the first
administrator are asked here, then services.setup.initialise creates them (and the
município's signing key) in one transaction. Nothing else opens until this is done."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import (QComboBox, QFormLayout, QLabel, QLineEdit, QMessageBox,
                               QVBoxLayout, QWidget, QWizard, QWizardPage)

from ...domain import usual_ranges, validators, wallclock
from ...domain.errors import DomainError, ValidationError
from ...domain.money import format_money, parse_money
from ...domain.search_terms import fold
from ... import profile_files
from ...domain.profiles import ProfileError
from ...services import setup
from ...services.administration import users
from ...services.context import Actor
from .. import prompts
from ..widgets.brasao import BrasaoPicker
from ..widgets.fields import CheckedField

PAGE_MUNICIPIO, PAGE_PROFILE, PAGE_ADMIN = range(3)


_read: dict = {}  # the files as read when the wizard listed them (parsed once)


def _profiles() -> dict:
    """id → profile of every file that loads: the município's own (<pasta de dados>/profiles)
    before the shipped ones, as `init` chooses; a broken file is left out (profiles check)."""
    if not _read:
        for candidate in profile_files.candidates():
            if candidate.profile is not None and candidate.id not in _read:
                _read[candidate.id] = candidate.profile
    return _read


def _profile_choices() -> list[tuple[str, str]]:
    _read.clear()  # a new wizard reads the folders again
    return [(pid, p.profile.name) for pid, p in _profiles().items()]


class _Page(QWizardPage):
    """A page whose `check` (a wizard method) decides whether Avançar/Concluir may go on."""

    def __init__(self, title: str, subtitle: str, check, parent=None):
        super().__init__(parent)
        self.setTitle(title)
        self.setSubTitle(subtitle)
        self._check = check
        self.form = QFormLayout()
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addStretch(1)

    def validatePage(self) -> bool:  # noqa: N802 (Qt API)
        return self._check()


class SetupWizard(QWizard):
    """`result_summary` is setup.summary() once the database is set up; `admin_login` the
    first administrator's login (for the login dialog that follows)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Mototáxi Desk — Configuração inicial")
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        for button, text in ((QWizard.WizardButton.BackButton, "< &Voltar"),
                             (QWizard.WizardButton.NextButton, "&Avançar >"),
                             (QWizard.WizardButton.FinishButton, "&Concluir"),
                             (QWizard.WizardButton.CancelButton, "Sair")):
            self.setButtonText(button, text)
        self.result_summary: dict | None = None
        self.admin_login = ""
        self._build_municipio_page()
        self._build_profile_page()
        self._build_admin_page()
        self._forward_tab_order()
        self.setMinimumSize(720, 560)

    def _forward_tab_order(self, page_id: int | None = None) -> None:
        """Tab from the page's last field goes to Avançar/Concluir, never to "< Voltar" (a
        button with the focus takes Enter: Enter went back); Voltar only by Alt+V or by
        Tab past Sair. Set again for each page (a widget has one place in the chain)."""
        back, forward, finish, leave = (self.button(b) for b in (
            QWizard.WizardButton.BackButton, QWizard.WizardButton.NextButton,
            QWizard.WizardButton.FinishButton, QWizard.WizardButton.CancelButton))
        if page_id is None:  # once: Enter on a focused Voltar still goes forward
            back.setAutoDefault(False)
            self.currentIdChanged.connect(self._forward_tab_order)
            page_id = PAGE_MUNICIPIO
        last = {PAGE_MUNICIPIO: self.brasao.remove_button,
                PAGE_PROFILE: self.unit_value.editor,
                PAGE_ADMIN: self.password_again.editor}.get(page_id)
        if last is None:
            return
        QWidget.setTabOrder(last, forward)
        QWidget.setTabOrder(forward, finish)
        QWidget.setTabOrder(finish, leave)
        QWidget.setTabOrder(leave, back)

    # --- pages ---------------------------------------------------------------------------

    def _build_municipio_page(self) -> None:
        page = _Page("Município",
                     "Este banco de dados ainda não foi configurado. Informe o município que "
                     "vai usar o Mototáxi Desk.", self._check_municipio)
        self.name = CheckedField(QLineEdit(), lambda t: validators.text(t, "Município"))
        self.name.editor.setMaxLength(120)
        self.name.editor.setPlaceholderText("ex.: São Raimundo das Mangabeiras")
        uf_combo = QComboBox()
        uf_combo.addItem("— escolha —", "")
        for uf in sorted(validators.UFS):
            uf_combo.addItem(uf, uf)
        self.uf = CheckedField(uf_combo, validators.uf)
        uf_combo.currentIndexChanged.connect(lambda _i: self.uf.validate(quiet_when_empty=True))
        ibge = QLineEdit()
        ibge.setInputMask("9999999;_")
        self.ibge = CheckedField(ibge, validators.ibge_code)
        ibge.textChanged.connect(lambda _t: self.ibge.validate(quiet_when_empty=True))
        population = QLineEdit()
        population.setValidator(QIntValidator(0, 20_000_000, population))
        population.setPlaceholderText("habitantes (estimativa do IBGE)")
        self.population = CheckedField(
            population, lambda t: validators.positive_int(t, "População", maximum=20_000_000))
        self.brasao = BrasaoPicker()
        page.form.addRow("Nome do município:", self.name)
        page.form.addRow("UF:", self.uf)
        page.form.addRow("Código IBGE:", self.ibge)
        page.form.addRow("População:", self.population)
        page.form.addRow("Brasão:", self.brasao)
        self.setPage(PAGE_MUNICIPIO, page)

    def _build_profile_page(self) -> None:
        page = _Page("Perfil de regras",
                     "A lei municipal que o sistema vai aplicar (limites, prazos, multas, "
                     "pontos). Os números podem ser ajustados depois em Configurações.",
                     self._check_profile)
        combo = QComboBox()
        for pid, name in _profile_choices():  # the part before the dash; the rest shown below
            combo.addItem(name.split(" — ")[0], pid)
            combo.setItemData(combo.count() - 1, name, Qt.ItemDataRole.ToolTipRole)
        self.profile = CheckedField(combo)
        self.law = QLabel()
        self.law.setWordWrap(True)
        self.unit_label = QLabel("Valor da unidade fiscal (R$):")
        unit = QLineEdit()
        unit.setPlaceholderText("ex.: 48,26")
        self.unit_value = CheckedField(
            unit, lambda t: parse_money(t, "Valor da unidade fiscal"))
        self.tariff = QLabel()
        self.tariff.setWordWrap(True)
        self.cap = QLabel()
        self.cap.setWordWrap(True)
        page.form.addRow("Perfil:", self.profile)
        page.form.addRow("", self.law)
        page.form.addRow(self.unit_label, self.unit_value)
        page.form.addRow("", self.tariff)
        page.form.addRow("", self.cap)
        combo.currentIndexChanged.connect(lambda _i: self._profile_changed())
        self.setPage(PAGE_PROFILE, page)
        self._profile_changed()

    def _build_admin_page(self) -> None:
        minimum = users.MIN_PASSWORD_LENGTH
        page = _Page("Administrador",
                     "O primeiro usuário, que cadastra os demais e altera as configurações.",
                     self._check_admin)
        login = QLineEdit("admin")
        self.login = CheckedField(login, users.check_login)
        self.admin_name = CheckedField(
            QLineEdit(), lambda t: validators.person_name(t, "Nome do administrador"))
        password = QLineEdit()
        password.setEchoMode(QLineEdit.EchoMode.Password)
        password.setPlaceholderText(f"ao menos {minimum} caracteres")
        self.password = CheckedField(password, users.check_password)
        again = QLineEdit()
        again.setEchoMode(QLineEdit.EchoMode.Password)
        self.password_again = CheckedField(again, self._check_same_password)
        password.textEdited.connect(lambda _t: self.password_again.has_error()
                                    and self.password_again.validate())
        page.form.addRow("Usuário:", self.login)
        page.form.addRow("Nome completo:", self.admin_name)
        page.form.addRow("Senha:", self.password)
        page.form.addRow("Repita a senha:", self.password_again)
        self.message = QLabel("")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #c62828; font-weight: bold;")
        page.layout().insertWidget(1, self.message)
        self.setPage(PAGE_ADMIN, page)

    def _check_same_password(self, text: str) -> None:
        if text != self.password.text():
            raise ValidationError("Senha", "as duas senhas não são iguais.")

    # --- the profile's fiscal unit and tariff -----------------------------------------------

    def selected_profile(self):
        return _profiles()[self.profile.editor.currentData()]

    def _profile_changed(self) -> None:
        profile = self.selected_profile()
        info = profile.profile
        self.law.setText(info.name if info.law in info.name
                         else f"{info.name}<br><i>{info.law}</i>")
        unit = profile.fiscal_unit
        self.unit_label.setText(f"Valor da {unit} em R$:" if unit else "")
        self.unit_label.setVisible(bool(unit))
        self.unit_value.setVisible(bool(unit))
        uses_tariff = any(c.fine_tariff_multiple for c in profile.penalties.classes)
        tariff = int(profile.defaults.initial_tariff * 100)
        self.tariff.setText(
            f"As multas desta lei são múltiplos da tarifa inicial: {format_money(tariff)} "
            "(valor do perfil)." if uses_tariff else "")
        self.tariff.setVisible(uses_tariff)
        self._show_cap()

    def _show_cap(self) -> None:
        try:
            population = validators.positive_int(self.population.text(), "População",
                                                 maximum=20_000_000)
        except ValidationError:
            self.cap.setText("")
            return
        profile = self.selected_profile()
        cap = setup.permit_cap(population, profile)
        self.cap.setText(f"Com {population:,} habitantes o limite é de <b>{cap}</b> "
                         f"permissões ({profile.cap.article}).".replace(",", "."))

    # --- checks per page -----------------------------------------------------------------

    def _first_bad(self, fields: list[CheckedField]) -> bool:
        bad = [f for f in fields if not f.validate()]
        if bad:
            bad[0].setFocus(Qt.FocusReason.OtherFocusReason)
            return False
        return True

    def _check_municipio(self) -> bool:
        ok = self._first_bad([self.name, self.uf, self.ibge, self.population])
        if ok:
            self._suggest_profile()
            self._show_cap()
        return ok

    def _suggest_profile(self) -> None:
        """The profile written for this município, when there is one (the user may change)."""
        name = fold(self.name.text())
        for index in range(self.profile.editor.count()):
            info = _profiles()[self.profile.editor.itemData(index)].profile
            same = fold(info.municipio) == name
            if info.municipio and same and info.uf == self.uf.text():
                self.profile.editor.setCurrentIndex(index)
                return

    def _check_profile(self) -> bool:
        if not self.selected_profile().fiscal_unit:
            return True
        if not self._first_bad([self.unit_value]):
            return False
        # far from the usual (R$ 1.234,00 typed for 48,26): asked, not refused
        warning = usual_ranges.fiscal_unit_warning(
            parse_money(self.unit_value.text(), "Valor da unidade fiscal"),
            wallclock.today().year)
        if not prompts.confirm_unusual(self, warning):
            self.unit_value.setFocus()
            return False
        return True

    def _check_admin(self) -> bool:
        self.message.setText("")
        if not self._first_bad([self.login, self.admin_name, self.password,
                                self.password_again]):
            return False
        return self.finish_setup()

    # --- the set-up itself -----------------------------------------------------------------

    def values(self) -> dict:
        profile = self.selected_profile()
        return {"profile_id": profile.id, "municipio": self.name.text(), "uf": self.uf.text(),
                "ibge": self.ibge.text(), "population": self.population.text(),
                # none where the law counts in no fiscal unit (services/setup.py)
                "fiscal_unit_value": self.unit_value.text() if profile.fiscal_unit else None,
                "admin_login": self.login.text(), "admin_name": self.admin_name.text(),
                "admin_password": self.password.text()}

    def _field_widget(self, name: str) -> tuple[int, CheckedField] | None:
        return {"Município": (PAGE_MUNICIPIO, self.name), "UF": (PAGE_MUNICIPIO, self.uf),
                "Código IBGE": (PAGE_MUNICIPIO, self.ibge),
                "População": (PAGE_MUNICIPIO, self.population),
                "Valor da unidade fiscal": (PAGE_PROFILE, self.unit_value),
                "Usuário": (PAGE_ADMIN, self.login),
                "Nome do administrador": (PAGE_ADMIN, self.admin_name),
                "Nome completo": (PAGE_ADMIN, self.admin_name),
                "Senha do administrador": (PAGE_ADMIN, self.password),
                "Senha": (PAGE_ADMIN, self.password)}.get(name)

    def finish_setup(self) -> bool:
        """Set the database up; a refusal goes back to the page of the bad field, focuses it
        and keeps everything typed."""
        try:
            # the admin chose and typed this password twice: not a provisional one
            self.result_summary = setup.initialise(provisional_password=False,
                                                   **self.values())
        except ValidationError as exc:
            self.show_refusal(exc.field, exc.message)
            return False
        except (DomainError, ProfileError) as exc:
            self.message.setText(str(exc))
            return False
        self.admin_login = users.check_login(self.login.text())
        if self.brasao.image is not None:
            admin = next(u for u in users.list_users() if u["login"] == self.admin_login)
            try:
                setup.set_brasao(Actor(admin["id"], admin["login"], "admin"), self.brasao.image)
            except DomainError as exc:  # the município is set up; the brasão can wait
                QMessageBox.warning(self, "Brasão não gravado",
                                    f"{exc}\nEscolha outra imagem em Configurações.")
        key = self.result_summary["signing_key"]
        if not key["trusted"]:  # this station already trusts keys of this IBGE code
            prompts.inform(self, "Chave de assinatura não confiável nesta estação",
                           f"Esta estação já tem chaves confiáveis deste município "
                           f"({key['path']}). A chave de assinatura deste banco "
                           f"({key['key_ref']}, impressão digital {key['fingerprint_text']}) "
                           "não é confiável aqui: nada assinado com ela é aceito. Se este é "
                           "de fato o novo banco do município, um administrador confirma a "
                           "chave em Configurações → Verificação dos documentos.")
        return True

    def show_refusal(self, field: str, message: str) -> None:
        target = self._field_widget(field)
        if target is None:
            self.message.setText(f"{field}: {message}")
            return
        page_id, widget = target
        widget.show_error(message)
        while self.currentId() > page_id:
            self.back()
        widget.setFocus(Qt.FocusReason.OtherFocusReason)
        if page_id == PAGE_ADMIN:
            self.message.setText(f"{field}: {message}")

    def _typed_anything(self) -> bool:
        return any(f.text().strip() for f in (self.name, self.ibge, self.population,
                                             self.admin_name, self.password))

    def reject(self) -> None:
        if self._typed_anything() and not prompts.ask_yes_no(
                self, "Sair sem configurar?",
                "A configuração não foi concluída e nada foi gravado. Sair mesmo assim?"):
            return
        super().reject()
