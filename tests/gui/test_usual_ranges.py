"""Issue 36 item 6: a município number far from the usual is asked about, not taken in
silence — a fiscal unit of R$ 1.234,00 (26 times the R$ 48,26 of the year before) typed in
Configurações or in the first-run wizard asks "Salvar assim mesmo?" (no: nothing written,
the typing kept); the command line's `settings` says it in a warning line. The ranges are
data: mototaxi_desk/domain/usual_ranges.py."""
import datetime as dt

import pytest

from mototaxi_desk.domain import usual_ranges
from mototaxi_desk.gui.pages.settings import SettingsPage
from mototaxi_desk.services import setup
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.models import User

from ..conftest import row_counts

YEAR = dt.date.today().year


def _admin() -> Actor:
    user = User.get(User.login == "admin")
    return Actor(user.id, user.login, user.role)


def test_the_usual_ranges_are_data_and_say_how_far():
    assert usual_ranges.fiscal_unit_warning(4826, YEAR, {YEAR - 1: 4700}) is None
    said = usual_ranges.fiscal_unit_warning(123400, YEAR, {YEAR - 1: 4826})
    assert said == (f"Unidade fiscal de {YEAR}: R$ 1.234,00 é 26 vezes o valor de {YEAR - 1} "
                    "(R$ 48,26); confira o valor.")
    assert "fora do usual (de R$ 1,00 a R$ 500,00)" in usual_ranges.fiscal_unit_warning(
        123400, YEAR)
    assert usual_ranges.population_warning(18540) is None
    assert "fora do usual" in usual_ranges.population_warning(185_000_000)
    assert "Tarifa inicial de R$ 500,00" in usual_ranges.tariff_warning(50000)
    assert usual_ranges.tariff_warning(450) is None


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_configuracoes_asks_before_saving_a_fiscal_unit_far_from_the_usual(qtbot, srm,
                                                                           prompts):
    page = SettingsPage(_admin())
    qtbot.addWidget(page)
    page.refresh()
    assert setup.fiscal_unit_values()  # the wizard's value for this year: R$ 48,26
    page.unit_year.setValue(YEAR + 1)
    page.unit_value.editor.setText("1.234,00")
    before = row_counts()
    prompts.yes = False
    page.save_fiscal_unit()
    assert prompts.asked and "26 vezes o valor de" in prompts.asked[-1]
    assert "Salvar assim mesmo?" in prompts.asked[-1]
    assert row_counts() == before and page.unit_value.editor.text() == "1.234,00"
    prompts.yes = True
    page.save_fiscal_unit()
    assert setup.fiscal_unit_values()[YEAR + 1] == 123400
    asked = len(prompts.asked)
    page.unit_year.setValue(YEAR + 1)
    page.unit_value.editor.setText("50,00")  # corrected, beside the year before: no question
    page.save_fiscal_unit()
    assert len(prompts.asked) == asked and setup.fiscal_unit_values()[YEAR + 1] == 5000


def test_the_wizard_asks_about_a_fiscal_unit_far_from_the_usual(qtbot, db, prompts):
    from mototaxi_desk.gui.dialogs.setup_wizard import PAGE_ADMIN, PAGE_PROFILE, SetupWizard
    wizard = SetupWizard()
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.name.editor.setText("São Raimundo das Mangabeiras")
    wizard.uf.editor.setCurrentIndex(wizard.uf.editor.findData("MA"))
    qtbot.keyClicks(wizard.ibge.editor, "2111102")
    qtbot.keyClicks(wizard.population.editor, "18540")
    wizard.next()
    assert wizard.currentId() == PAGE_PROFILE
    wizard.profile.editor.setCurrentIndex(
        wizard.profile.editor.findData("sao-raimundo-das-mangabeiras-2019"))
    qtbot.keyClicks(wizard.unit_value.editor, "1.234,00")
    prompts.yes = False
    wizard.next()
    assert wizard.currentId() == PAGE_PROFILE  # kept, to correct
    assert "R$ 1.234,00 está fora do usual" in prompts.asked[-1]
    wizard.unit_value.editor.clear()
    qtbot.keyClicks(wizard.unit_value.editor, "48,26")
    asked = len(prompts.asked)
    wizard.next()
    assert wizard.currentId() == PAGE_ADMIN and len(prompts.asked) == asked


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_population_far_from_the_usual_is_asked_about_too(qtbot, srm, prompts):
    page = SettingsPage(_admin())
    qtbot.addWidget(page)
    page.refresh()
    before = setup.summary()["population"]
    page.population.editor.setText("18540000")  # three zeros too many
    prompts.yes = False
    page.save_population()
    assert "População de 18.540.000 habitantes está fora do usual" in prompts.asked[-1]
    assert setup.summary()["population"] == before
