"""Strict input through the services (issue 18 item 3): pt-BR money, whole numbers, ranges of
the editable profile numbers, the IBGE code's state. Each refusal names the field and writes
nothing."""
import pytest

from mototaxi_desk.domain import profile_ranges
from mototaxi_desk.domain.errors import ValidationError
from mototaxi_desk.domain.profiles import ProfileError, available_profiles, editable_numbers, \
    load_profile
from mototaxi_desk.services import setup
from mototaxi_desk.services.context import SYSTEM
from mototaxi_desk.store.models import FiscalUnitValue

from ..conftest import row_counts
from .test_setup_users import INIT


def test_every_editable_number_has_a_range():
    """A new editable number cannot arrive without a range (profile_ranges.RANGES)."""
    for pid in available_profiles():
        for key, value in editable_numbers(load_profile(pid)).items():
            if isinstance(value, bool):
                continue
            assert key in profile_ranges.RANGES, key
            low, high = profile_ranges.RANGES[key]
            assert low <= value <= high, (pid, key, value)


@pytest.mark.parametrize("key, value, words", [
    ("stand.max_vehicles", "999999999", "entre 0 e 999"),
    ("stand.max_vehicles", "12.5", "sem casas decimais"),
    ("stand.max_vehicles", "1,5", "sem casas decimais"),
    ("stand.max_vehicles", "１２", "0 a 9"),
    ("defence.defence_days", "-3", "negativo"),
    ("impound.storage_fee_units_per_day", "1e9", "científica"),
    ("impound.storage_fee_units_per_day", "0.25", "ambíguo"),
    ("impound.storage_fee_units_per_day", "5000", "até 1.000"),
    ("vehicle.insurance_min_cover_per_person", "1,234.56", "ambíguo"),
])
def test_profile_numbers_out_of_range_or_ambiguous_are_refused(municipio, key, value, words):
    before = row_counts()
    with pytest.raises((ValidationError, ProfileError)) as err:
        setup.set_profile_number(SYSTEM, key, value)
    assert key in str(err.value) and words in str(err.value)
    assert row_counts() == before
    assert setup.summary()["edited_numbers"] == {}


def test_a_stored_override_out_of_range_is_refused_too(municipio):
    """The range holds for values that do not come as text (the GUI passes numbers)."""
    with pytest.raises(ProfileError, match="stand.max_vehicles"):
        setup.set_profile_number(SYSTEM, "stand.max_vehicles", 999_999_999)


def test_fiscal_unit_value_thousands_are_thousands(municipio):
    """'1.234' is mil duzentos e trinta e quatro reais, not R$ 1,23."""
    setup.set_fiscal_unit_value(SYSTEM, 2030, "1.234")
    assert FiscalUnitValue.get(FiscalUnitValue.year == 2030).value_cents == 123_400
    before = row_counts()
    for bad in ("1.23", "٣٤,٠٠", "1e3", "-5"):
        with pytest.raises(ValidationError, match="Valor da unidade fiscal"):
            setup.set_fiscal_unit_value(SYSTEM, 2031, bad)
    assert row_counts() == before


def test_init_refuses_an_ibge_code_of_another_state(db):
    """UF SP with a Maranhão code (21…) would bring the wrong state's holidays."""
    before = row_counts()
    with pytest.raises(ValidationError, match="Código IBGE.*SP"):
        setup.initialise(**{**INIT, "ibge": "2111102"})
    assert row_counts() == before
