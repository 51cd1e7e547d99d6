"""Configurações: the município (data, brasão, population and the permit cap, sticker size),
the rule profile's editable numbers, the fiscal-unit value per year, municipal holidays and
users. Only the administrator changes anything (every change is audited by the service);
the other roles see the same screen read-only."""
from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from ...domain import usual_ranges, validators
from ...domain.errors import DomainError, ValidationError
from ...domain.money import format_money, parse_money
from ...domain.profiles import ProfileError, editable_numbers
from ... import settings_registry
from ...services import documents, ledger, setup
from ...services.administration import users
from ...services.context import ROLE_LABELS, Actor
from .. import labels
from .. import prompts
from ..models.dict_table import Column, DictTableModel
from ..forms.ui_settings_fiscal_unit import Ui_SettingsFiscalUnitTab
from ..forms.ui_settings_holidays import Ui_SettingsHolidaysTab
from ..forms.ui_settings_municipio import Ui_SettingsMunicipioTab
from ..forms.ui_settings_numbers import Ui_SettingsNumbersTab
from ..forms.ui_settings_users import Ui_SettingsUsersTab
from ..widgets.brasao import BrasaoPicker
from ..widgets.common import (AMBER, GREY, MessageLine, heading, open_rows, table_view_setup)
from ..widgets.tariff_box import TariffBox
from .settings_backup import add_backup_tab
from .settings_verifier import add_verifier_tab
from ..widgets.section_tabs import SectionTabs
from ...domain import wallclock

OK_STYLE = "color: #1b5e20;"
ERROR_STYLE = "color: #c62828; font-weight: bold;"


def _value_text(value, key: str = "", unit: str = "") -> str:
    if isinstance(value, bool):
        return "Sim" if value else "Não"
    if isinstance(value, (int, Decimal)) and "(R$)" in labels.profile_number(key, unit):
        return format_money(int(Decimal(value) * 100))  # "Cobertura": R$ 10.000,00, not 10000
    if isinstance(value, Decimal):
        return f"{value.normalize():f}".replace(".", ",")
    return str(value)


_Message = MessageLine  # the other tabs' message lines


class SettingsPage(QWidget):
    title = "Configurações"

    def __init__(self, actor: Actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.is_admin = actor.role == "admin"
        layout = QVBoxLayout(self)
        layout.addWidget(heading("Configurações do município"))
        self.read_only_note = QLabel(
            "Somente o administrador altera as configurações; você pode consultá-las.")
        self.read_only_note.setStyleSheet(f"background: {AMBER}; padding: 4px;")
        self.read_only_note.setVisible(not self.is_admin)
        layout.addWidget(self.read_only_note)
        self.tabs = SectionTabs()  # eleven sections: their titles wrap, none hidden
        layout.addWidget(self.tabs.header)
        layout.addWidget(self.tabs, 1)
        self._save_actions = {}  # tab widget -> what Ctrl+S does on it
        for tab, title, save in ((self._municipio_tab(), "Município", self.save_population),
                                 (self._numbers_tab(), "Números do perfil", self.save_number),
                                 (self._fiscal_unit_tab(), "Unidade fiscal e tarifa",
                                  self.save_fiscal_unit),
                                 (self._holidays_tab(), "Feriados municipais", self.add_holiday),
                                 (self._users_tab(), "Usuários", self.add_user)):
            self.tabs.addTab(tab, title)
            self._save_actions[tab] = save
        from .settings_collection import add_collection_tab  # guias and bank returns
        self.collection_tab = add_collection_tab(self)
        self.verifier_tab = add_verifier_tab(self)  # keys' fingerprints, verifier export
        from .settings_certificate import add_certificate_tab  # the A1 that signs documents
        self.certificate_tab = add_certificate_tab(self)
        from .settings_mail import add_mail_tab  # the SMTP server, reminders (issue 41)
        self.mail_tab = add_mail_tab(self)
        from .settings_import import add_import_tab  # the register from a spreadsheet
        self.import_tab = add_import_tab(self) if self.is_admin else None  # admins only
        self.backup_tab = add_backup_tab(self) if self.is_admin else None  # admins only
        QShortcut(QKeySequence("Ctrl+S"), self, activated=self._save_current,
                  context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        for widget in self._editors:
            widget.setEnabled(self.is_admin)
        for widget, name in ((self.population, "population"), (self.brasao, "brasao"),
                             (self.sticker_width, "sticker_width_mm"),
                             (self.sticker_height, "sticker_height_mm")):  # where it is kept
            widget.setToolTip(settings_registry.tooltip(settings_registry.DATABASE, name))

    # --- Município -------------------------------------------------------------------------

    def _municipio_tab(self) -> QWidget:
        """ui/settings_municipio.ui; the brasão picker goes in at the top of its box."""
        tab = QWidget()
        self.municipio_ui = ui = Ui_SettingsMunicipioTab()
        ui.setupUi(tab)
        for name in ("municipio_info", "profile_button", "population", "population_button",
                     "cap_label", "municipio_message", "sticker_width", "sticker_height",
                     "sticker_button", "sticker_message", "brasao_button", "brasao_message"):
            setattr(self, name, getattr(ui, name))
        # a new wording of the law (an amendment): the admin's alone, as the command is
        self.profile_button.setVisible(self.is_admin)
        self.profile_button.clicked.connect(lambda: self.open_profile_adopt())
        self.profile_dialog = None
        self.population.configure(lambda t: validators.positive_int(
            t, "População", maximum=20_000_000))
        self.population_button.clicked.connect(self.save_population)
        self.population.editor.returnPressed.connect(self.save_population)
        self.sticker_button.clicked.connect(self.save_sticker_size)
        self.brasao = BrasaoPicker()
        ui.brasao_layout.insertWidget(0, self.brasao)
        QWidget.setTabOrder(self.sticker_button, self.brasao)
        QWidget.setTabOrder(self.brasao, self.brasao_button)
        self.brasao_button.clicked.connect(self.save_brasao)
        self.brasao.changed.connect(lambda: self.brasao_button.setEnabled(self.is_admin))
        self._editors = [self.population, self.population_button, self.sticker_width,
                         self.sticker_height, self.sticker_button, self.brasao,
                         self.brasao_button]
        return tab

    def _load_municipio(self) -> None:
        info = setup.summary()
        profile = setup.profile_today()
        self.municipio_info.setText(
            f"<b>{info['municipio']}/{info['uf']}</b> · código IBGE {info['ibge']}<br>"
            f"Perfil de regras: {profile.profile.name}<br>{_version_text()}")
        self.population.editor.setText(str(info["population"]))
        self.population.show_error("")
        basis = ("número fixado pela lei" if profile.cap.fixed_permits else
                 f"1 para cada {profile.cap.inhabitants_per_permit} habitantes")
        self.cap_label.setText(
            f"Limite de {labels.plural(profile.instrument.title).lower()}: "
            f"<b>{info['permit_cap']}</b> ({basis}, {profile.cap.article}).")
        width, height = documents.sticker_size()
        self.sticker_width.setValue(width)
        self.sticker_height.setValue(height)
        self.brasao.set_image(setup.brasao(), emit=False)
        self.brasao_button.setEnabled(False)

    def open_profile_adopt(self):
        """Configurações → Município → 'Adotar nova versão da lei...' (admin)."""
        from ..dialogs.profile_adopt import ProfileAdoptDialog
        self.profile_dialog = dialog = ProfileAdoptDialog(self.actor, self)
        dialog.accepted.connect(lambda: self._profile_adopted(dialog))
        dialog.open()
        return dialog

    def _profile_adopted(self, dialog) -> None:
        self.refresh()  # the version line, the law's numbers
        self.municipio_message.ok(dialog.done_text())

    def save_population(self) -> None:
        if not self.population.validate(force=True):
            self.population.setFocus()
            return
        typed = validators.positive_int(self.population.text(), "População",
                                        maximum=20_000_000)
        if not prompts.confirm_unusual(self, usual_ranges.population_warning(typed)):
            self.population.setFocus()  # kept as typed, to correct
            return
        try:
            info = setup.set_population(self.actor, self.population.text())
        except ValidationError as exc:
            self.population.show_error(exc.message)
            self.population.setFocus()
            return
        except DomainError as exc:
            self.municipio_message.error(str(exc))
            return
        self._load_municipio()
        self.municipio_message.ok(f"População salva; o limite passa a {info['permit_cap']} "
                                  "permissões.")

    def save_sticker_size(self) -> None:
        try:
            size = documents.set_sticker_size(self.actor, self.sticker_width.value(),
                                              self.sticker_height.value())
        except DomainError as exc:
            self.sticker_message.error(str(exc))
            self.sticker_width.setFocus()
            return
        self.sticker_message.ok(f"Selo de {size['width_mm']} × {size['height_mm']} mm salvo.")

    def save_brasao(self) -> None:
        try:
            setup.set_brasao(self.actor, self.brasao.image)
        except DomainError as exc:
            self.brasao_message.error(str(exc))
            return
        self.brasao_button.setEnabled(False)
        self.brasao_message.ok("Brasão salvo." if self.brasao.image else "Brasão removido.")

    # --- profile numbers -------------------------------------------------------------------

    def _numbers_tab(self) -> QWidget:
        """ui/settings_numbers.ui; the value is typed in number_field, or chosen in
        number_bool for a yes/no rule."""
        tab = QWidget()
        self.numbers_ui = ui = Ui_SettingsNumbersTab()
        ui.setupUi(tab)
        for name in ("number_view", "number_label", "number_field", "number_bool",
                     "number_button", "number_reset", "number_message"):
            setattr(self, name, getattr(ui, name))
        self.number_model = DictTableModel(
            [Column("section", "Seção"), Column("label", "Regra"),
             Column("current_text", "Valor atual"), Column("law_text", "Valor da lei"),
             Column("state", "Situação")],
            colour_of=lambda r: AMBER if r["edited"] else None, parent=self)
        table_view_setup(self.number_view, self.number_model, stretch_last=False)
        self.number_view.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.number_view.selectionModel().currentRowChanged.connect(
            lambda current, _previous: self._number_selected(current.row()))
        open_rows(self.number_view, self._edit_number)  # Enter: type the new value
        self.number_text = self.number_field.editor
        self.number_text.returnPressed.connect(self.save_number)
        self.number_bool.addItem("Sim", True)
        self.number_bool.addItem("Não", False)
        self.number_bool.hide()
        self.number_button.clicked.connect(self.save_number)
        self.number_reset.clicked.connect(self.reset_number)
        self._editors += [self.number_text, self.number_bool, self.number_button,
                          self.number_reset]
        return tab

    def _load_numbers(self) -> None:
        current_profile = setup.profile_today()
        unit = current_profile.fiscal_unit
        from ...services.administration import profile_versions  # the law's own numbers, as adopted
        law = editable_numbers(profile_versions.profile_on(wallclock.today()))
        rows = []
        for key, value in editable_numbers(current_profile).items():
            section = key.partition(".")[0]
            edited = value != law[key]
            rows.append({"key": key, "section": labels.PROFILE_SECTIONS.get(section, section),
                         "label": labels.profile_number(key, unit), "value": value,
                         "law": law[key], "current_text": _value_text(value, key, unit),
                         "law_text": _value_text(law[key], key, unit), "edited": edited,
                         "state": "Alterado pelo município" if edited else "Como na lei"})
        selected = self.number_view.currentIndex().row()
        self.number_model.set_rows(rows)
        if rows:
            row = selected if 0 <= selected < len(rows) else 0
            self.number_view.selectRow(row)
            self._number_selected(row)

    def _number_selected(self, row: int) -> None:
        if not 0 <= row < len(self.number_model.rows):
            return
        item = self.number_model.row(row)
        self.number_label.setText(f"<b>{item['label']}</b>")
        is_bool = isinstance(item["value"], bool)
        self.number_field.setVisible(not is_bool)
        self.number_bool.setVisible(is_bool)
        if is_bool:
            self.number_bool.setCurrentIndex(0 if item["value"] else 1)
        else:
            self.number_text.setText(_value_text(item["value"]))
        self.number_field.show_error("")
        self.number_reset.setEnabled(self.is_admin and item["edited"])

    def _edit_number(self, row: int) -> None:
        self._number_selected(row)
        editor = self.number_bool if self.number_bool.isVisible() else self.number_text
        editor.setFocus()
        if editor is self.number_text:
            self.number_text.selectAll()

    def _edit_unit(self, row: int) -> None:
        if 0 <= row < len(self.unit_model.rows):
            item = self.unit_model.row(row)
            self.unit_year.setValue(item["year"])
            self.unit_value.editor.setText(format_money(item["value_cents"])[3:])
            self.unit_value.editor.setFocus()
            self.unit_value.editor.selectAll()

    def _selected_number(self) -> dict | None:
        row = self.number_view.currentIndex().row()
        return self.number_model.row(row) if 0 <= row < len(self.number_model.rows) else None

    def save_number(self) -> None:
        item = self._selected_number()
        if item is None:
            return
        value = (self.number_bool.currentData() if isinstance(item["value"], bool)
                 else self.number_text.text().strip().replace("R$", "").strip())
        if isinstance(item["value"], Decimal) and isinstance(value, str) and "," in value:
            value = value.replace(".", "")  # 10.000,00 → 10000,00; the service reads the comma
        self._set_number(item, value)

    def reset_number(self) -> None:
        item = self._selected_number()
        if item is not None:
            self._set_number(item, item["law"])

    def _set_number(self, item: dict, value) -> None:
        try:
            setup.set_profile_number(self.actor, item["key"], value)
        except ValidationError as exc:
            self.number_field.show_error(exc.message)
            self.number_text.setFocus()
            return
        except (DomainError, ProfileError) as exc:
            self.number_message.error(str(exc))
            self.number_text.setFocus()
            return
        self._load_numbers()
        from ...services.register import stands  # a ponto number: say what it reaches
        note = stands.setting_note(item["key"])
        self.number_message.ok(f"“{item['label']}” salvo." + (f" {note}" if note else ""))

    # --- fiscal unit -----------------------------------------------------------------------

    def _fiscal_unit_tab(self) -> QWidget:
        """ui/settings_fiscal_unit.ui; the tariff box goes in at the bottom, in code."""
        tab = QWidget()
        self.fiscal_unit_ui = ui = Ui_SettingsFiscalUnitTab()
        ui.setupUi(tab)
        for name in ("unit_note", "unit_view", "unit_year", "unit_value", "unit_button",
                     "unit_message"):
            setattr(self, name, getattr(ui, name))
        self.unit_model = DictTableModel(
            [Column("year", "Ano"), Column("value_cents", "Valor", format_money)], parent=self)
        table_view_setup(self.unit_view, self.unit_model)
        open_rows(self.unit_view, self._edit_unit)  # Enter: that year's value to correct
        self.unit_year.setValue(wallclock.today().year)
        self.unit_value.configure(lambda t: parse_money(t, "Valor da unidade fiscal"),
                                  placeholder="ex.: 48,26")
        self.unit_value.editor.returnPressed.connect(self.save_fiscal_unit)
        self.unit_button.clicked.connect(self.save_fiscal_unit)
        self._editors += [self.unit_year, self.unit_value, self.unit_button]
        self.tariff_box = TariffBox(self.actor)  # PF Art. 32: the tariff in force
        ui.layout.addWidget(self.tariff_box)
        self._editors += self.tariff_box.editors
        return tab

    def _load_fiscal_units(self) -> None:
        unit = setup.profile_today().fiscal_unit
        self.unit_note.setText(
            f"Valor em reais da {unit} em cada ano; multas e taxas em {unit} são convertidas "
            "pelo valor do ano em que são lançadas." if unit else
            "A lei deste município não usa unidade fiscal (as multas são calculadas de outra "
            "forma); os valores abaixo não são usados nos cálculos.")
        self.unit_model.set_rows([{"year": y, "value_cents": c}
                                  for y, c in setup.fiscal_unit_values().items()])
        self.tariff_box.load()

    def save_fiscal_unit(self) -> None:
        if not self.unit_value.validate(force=True):
            self.unit_value.setFocus()
            return
        warning = usual_ranges.fiscal_unit_warning(
            parse_money(self.unit_value.text(), "Valor da unidade fiscal"),
            self.unit_year.value(), setup.fiscal_unit_values())
        if not prompts.confirm_unusual(self, warning):
            self.unit_value.setFocus()  # kept as typed, to correct
            return
        try:
            result = setup.set_fiscal_unit_value(self.actor, self.unit_year.value(),
                                                 self.unit_value.text())
        except ValidationError as exc:
            (self.unit_year if exc.field == "Ano" else self.unit_value).setFocus()
            if exc.field != "Ano":
                self.unit_value.show_error(exc.message)
            self.unit_message.error(str(exc))
            return
        except DomainError as exc:
            self.unit_message.error(str(exc))
            return
        self._load_fiscal_units()
        self.unit_value.editor.clear()
        self.unit_message.ok(f"Valor de {result['year']} salvo: "
                             f"{format_money(result['value_cents'])}.")

    # --- holidays --------------------------------------------------------------------------

    def _holidays_tab(self) -> QWidget:
        """ui/settings_holidays.ui."""
        tab = QWidget()
        self.holidays_ui = ui = Ui_SettingsHolidaysTab()
        ui.setupUi(tab)
        for name in ("holiday_view", "holiday_day", "holiday_name", "holiday_add",
                     "holiday_remove", "holiday_message"):
            setattr(self, name, getattr(ui, name))
        self.holiday_model = DictTableModel(
            [Column("day", "Data"), Column("weekday", "Dia da semana"), Column("name", "Feriado")],
            parent=self)
        table_view_setup(self.holiday_view, self.holiday_model)
        self.holiday_day.configure(label="Data do feriado")
        self.holiday_day.set_value(wallclock.today())
        self.holiday_name.configure(lambda t: validators.text(
            t, "Nome do feriado", max_length=120), placeholder="ex.: Aniversário do município")
        self.holiday_name.editor.returnPressed.connect(self.add_holiday)
        self.holiday_add.clicked.connect(self.add_holiday)
        self.holiday_remove.clicked.connect(self.remove_holiday)
        self._editors += [self.holiday_day, self.holiday_name, self.holiday_add,
                          self.holiday_remove]
        return tab

    def _load_holidays(self) -> None:
        days = ("segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira",
                "sábado", "domingo")
        self.holiday_model.set_rows([{**h, "weekday": days[h["day"].weekday()]}
                                     for h in ledger.list_holidays()])

    def add_holiday(self) -> None:
        if not self.holiday_name.validate(force=True):
            self.holiday_name.setFocus()
            return
        try:
            day = self.holiday_day.date()
            ledger.add_holiday(self.actor, day, self.holiday_name.text())
        except ValidationError as exc:
            self.holiday_message.error(str(exc))
            (self.holiday_day if exc.field.startswith("Data") else self.holiday_name).setFocus()
            return
        except DomainError as exc:
            self.holiday_message.error(str(exc))
            return
        self._load_holidays()
        self.holiday_name.editor.clear()
        self.holiday_message.ok(f"Feriado de {validators.format_date(day)} cadastrado.")

    def remove_holiday(self) -> None:
        row = self.holiday_view.currentIndex().row()
        if not 0 <= row < len(self.holiday_model.rows):
            self.holiday_message.error("Selecione o feriado a remover.")
            return
        holiday = self.holiday_model.row(row)
        when = validators.format_date(holiday["day"])
        if not prompts.ask_yes_no(self, "Remover feriado",
                                           f"Remover o feriado de {when} ({holiday['name']})?"):
            return
        try:
            ledger.remove_holiday(self.actor, holiday["day"])
        except DomainError as exc:
            self.holiday_message.error(str(exc))
            return
        self._load_holidays()
        self.holiday_message.ok(f"Feriado de {when} removido.")

    # --- users -----------------------------------------------------------------------------

    def _users_tab(self) -> QWidget:
        """ui/settings_users.ui."""
        tab = QWidget()
        self.users_ui = ui = Ui_SettingsUsersTab()
        ui.setupUi(tab)
        for name in ("user_view", "user_disable", "user_enable", "user_new_role",
                     "user_set_role", "user_login", "user_name", "user_role", "user_password",
                     "user_password_again", "user_add", "user_message"):
            setattr(self, name, getattr(ui, name))
        self.user_model = DictTableModel(
            [Column("login", "Usuário"), Column("full_name", "Nome"),
             Column("role_label", "Perfil de acesso"),
             Column("active", "Situação", lambda a: "Ativo" if a else "Desativado")],
            colour_of=lambda r: None if r["active"] else GREY, parent=self)
        table_view_setup(self.user_view, self.user_model)
        self.user_view.selectionModel().currentRowChanged.connect(
            lambda *_: self._update_user_buttons())
        self.user_disable.clicked.connect(self.disable_user)
        self.user_enable.clicked.connect(self.enable_user)
        self.user_set_role.clicked.connect(self.set_user_role)
        self.user_login.configure(users.check_login)
        self.user_name.configure(lambda t: validators.person_name(t, "Nome completo"))
        for code, label in ROLE_LABELS.items():
            self.user_role.addItem(label, code)
            self.user_new_role.addItem(label, code)
        self.user_password.configure(
            users.check_password,
            placeholder=f"ao menos {users.MIN_PASSWORD_LENGTH} caracteres")
        self.user_password_again.configure(self._same_password)
        for field in (self.user_password, self.user_password_again):
            field.editor.setEchoMode(QLineEdit.EchoMode.Password)
        self.user_password_again.editor.returnPressed.connect(self.add_user)
        self.user_add.clicked.connect(self.add_user)
        # the selected user's buttons follow the selection (_update_user_buttons)
        self._editors += [self.user_login, self.user_name, self.user_role,
                          self.user_password, self.user_password_again, self.user_add]
        self._update_user_buttons()
        return tab

    def _same_password(self, text: str) -> None:
        if text != self.user_password.text():
            raise ValidationError("Senha", "as duas senhas não são iguais.")

    def _load_users(self, select: str | None = None) -> None:
        """The list again, with the user `select` (a login) selected if given."""
        self.user_model.set_rows(users.list_users())
        logins = [u["login"] for u in self.user_model.rows]
        if select in logins:
            self.user_view.selectRow(logins.index(select))
        self._update_user_buttons()

    def _selected_user(self) -> dict | None:
        row = self.user_view.currentIndex().row()
        return self.user_model.row(row) if 0 <= row < len(self.user_model.rows) else None

    def _update_user_buttons(self) -> None:
        """Desativar for an active user, Reativar for a disabled one, the new role offered
        from the user's own: the administrator's alone, as the services check."""
        user = self._selected_user()
        self.user_disable.setEnabled(self.is_admin and user is not None and user["active"])
        self.user_enable.setEnabled(self.is_admin and user is not None and not user["active"])
        for widget in (self.user_new_role, self.user_set_role):
            widget.setEnabled(self.is_admin and user is not None)
        if user is not None:
            self.user_new_role.setCurrentIndex(self.user_new_role.findData(user["role"]))

    def add_user(self) -> None:
        fields = [self.user_login, self.user_name, self.user_password, self.user_password_again]
        bad = [f for f in fields if not f.validate(force=True)]
        if bad:
            bad[0].setFocus()
            return
        try:
            user = users.add_user(self.actor, self.user_login.text(), self.user_name.text(),
                                  self.user_role.currentData(), self.user_password.text())
        except ValidationError as exc:
            target = {"Usuário": self.user_login, "Nome completo": self.user_name,
                      "Senha": self.user_password}.get(exc.field)
            if target is not None:
                target.show_error(exc.message)
                target.setFocus()
            self.user_message.error(str(exc))
            return
        except DomainError as exc:
            self.user_message.error(str(exc))
            return
        for field in fields:
            field.editor.clear()
        self._load_users()
        self.user_message.ok(f"Usuário {user['login']} ({user['role_label']}) cadastrado; a "
                             "senha é provisória: será trocada no primeiro acesso.")

    def disable_user(self) -> None:
        user = self._selected_user()
        if user is None:
            self.user_message.error("Selecione o usuário a desativar.")
            return
        if not prompts.ask_yes_no(
                self, "Desativar usuário",
                f"Desativar {user['login']} ({user['full_name']})? Ele não poderá mais entrar."):
            return
        try:
            users.disable_user(self.actor, user["login"])
        except DomainError as exc:
            self.user_message.error(str(exc))
            return
        self._load_users(user["login"])
        self.user_message.ok(f"Usuário {user['login']} desativado.")

    def enable_user(self) -> None:
        user = self._selected_user()
        if user is None:
            self.user_message.error("Selecione o usuário a reativar.")
            return
        if not prompts.ask_yes_no(
                self, "Reativar usuário",
                f"Reativar {user['login']} ({user['full_name']})? Ele volta a entrar com a "
                "senha que tinha."):
            return
        try:
            users.enable_user(self.actor, user["login"])
        except DomainError as exc:
            self.user_message.error(str(exc))
            return
        self._load_users(user["login"])
        self.user_message.ok(f"Usuário {user['login']} reativado.")

    def set_user_role(self) -> None:
        user = self._selected_user()
        if user is None:
            self.user_message.error("Selecione o usuário cujo perfil será alterado.")
            return
        role, label = self.user_new_role.currentData(), self.user_new_role.currentText()
        if role != user["role"] and not prompts.ask_yes_no(
                self, "Alterar perfil de acesso",
                f"Alterar o perfil de {user['login']} ({user['full_name']}) de "
                f"{user['role_label']} para {label}? Ele passa a poder o que esse perfil "
                "pode."):
            return
        try:  # the same role is refused by the service, in its words
            users.set_role(self.actor, user["login"], role)
        except DomainError as exc:
            self.user_message.error(str(exc))
            return
        self._load_users(user["login"])
        self.user_message.ok(f"Perfil de {user['login']} alterado para {label}.")

    # --- page ------------------------------------------------------------------------------

    def _save_current(self) -> None:
        save = self._save_actions.get(self.tabs.currentWidget())
        if self.is_admin and save is not None:
            save()

    def refresh(self) -> None:
        self._load_municipio()
        self._load_numbers()
        self._load_fiscal_units()
        self._load_holidays()
        self._load_users()
        self.collection_tab.refresh()


def _version_text() -> str:
    """The profile version in force, the one scheduled, and the files that differ from it
    (noticed here; an admin adopts one with 'Adotar nova versão da lei...' below, or
    `mototaxi-desk profiles adopt`)."""
    from ...services.administration import profile_versions
    state = profile_versions.status()
    now = state["in_force"]
    text = f"Versão {now['number']} do perfil, em vigor desde {now['since']}"
    text += "".join(f"; versão {v['number']} a partir de "
                    f"{validators.format_date(v['effective_from'])}" for v in state["scheduled"])
    changed = [f for f in state["files"] if not f["same_as_in_force"] and not f["adopted_as"]
               and not f["error"]]
    if changed:
        text += (f"<br><span style='color:#8a5a00'>O arquivo {changed[0]['location']} difere "
                 "da versão em vigor e não foi adotado (o administrador o adota como nova "
                 "versão em “Adotar nova versão da lei...”, abaixo).</span>")
    return text
