"""Recadastramento campaign schedules (issue 21 item 2): who is called in which month, and
where a holder stands on a date."""
import datetime as dt
from pathlib import Path

import pytest

from mototaxi_desk.domain import campaigns as C
from mototaxi_desk.domain import profiles
from mototaxi_desk.domain.errors import ValidationError


def test_plate_last_digit_either_format():
    assert C.plate_digit("ABC-1234") == 4
    assert C.plate_digit("ABC1D23") == 3
    assert C.plate_digit("abc1d20") == 0
    assert C.plate_digit("") is None
    assert C.plate_digit("ABC123D") is None


def test_default_plate_schedule_covers_every_digit():
    s = C.default_plate_schedule()
    assert s.month_for(plate="ABC1D21") == 2
    assert s.month_for(plate="ABC1239") == 10
    assert s.month_for(plate="ABC1230") == 11
    assert s.month_for(plate="") is None
    assert C.parse_schedule("plate_digit", "") == s


def test_typed_plate_schedule_with_ranges_of_digits():
    s = C.parse_schedule("plate_digit", "1-2:3; 3-5:4, 6-9:5, 0:6")
    assert s.month_for(plate="ABC1D22") == 3
    assert s.month_for(plate="ABC1D24") == 4
    assert s.month_for(plate="ABC1D20") == 6
    assert s.text() == "1-2:3, 3-5:4, 6-9:5, 0:6"
    assert s.lines()[0] == "Placas com final 1 a 2: março"


def test_permit_range_schedule():
    s = C.parse_schedule("permit_range", "1-50:3, 51-100:4")
    assert s.month_for(permit_number=1) == 3
    assert s.month_for(permit_number=50) == 3
    assert s.month_for(permit_number=51) == 4
    assert s.month_for(permit_number=101) is None
    assert s.lines() == ["Alvarás nº 1 a 50: março", "Alvarás nº 51 a 100: abril"]


@pytest.mark.parametrize("kind,text,fragment", [
    ("placa", "1:2", "Critério do calendário"),
    ("plate_digit", "1:2", "faltam os finais de placa"),
    ("plate_digit", "1:13, 2-9:2, 0:3", "mês 13"),
    ("plate_digit", "10:2", "de 0 a 9"),
    ("plate_digit", "x", "formato"),
    ("permit_range", "", "informe as faixas"),
    ("permit_range", "1-50:3, 40-60:4", "repete"),
    ("permit_range", "50-1:3", "fim é menor"),
    ("permit_range", "0-5:3", "começam em 1"),
])
def test_bad_schedules_name_the_field(kind, text, fragment):
    with pytest.raises(ValidationError) as exc:
        C.parse_schedule(kind, text)
    assert fragment in str(exc.value)
    assert exc.value.field in ("Calendário", "Critério do calendário")


def test_status_on_a_date():
    called_march = 3
    assert C.status_on(2026, called_march, None, dt.date(2026, 2, 28)) == C.LATER
    assert C.status_on(2026, called_march, None, dt.date(2026, 3, 1)) == C.DUE
    assert C.status_on(2026, called_march, None, dt.date(2026, 3, 31)) == C.DUE
    assert C.status_on(2026, called_march, None, dt.date(2026, 4, 1)) == C.MISSED
    assert C.status_on(2026, called_march, dt.date(2026, 3, 10), dt.date(2026, 4, 1)) == C.CAME
    # an attendance recorded after the date asked about does not count yet
    assert C.status_on(2026, called_march, dt.date(2026, 3, 10), dt.date(2026, 3, 5)) == C.DUE
    assert C.status_on(2026, None, None, dt.date(2026, 4, 1)) == C.UNSCHEDULED


def test_name_and_year_checked():
    assert C.check_name_year("  Recadastramento 2026 ", 2026) == "Recadastramento 2026"
    with pytest.raises(ValidationError, match="Nome da campanha"):
        C.check_name_year(" ", 2026)
    with pytest.raises(ValidationError, match="Ano da campanha"):
        C.check_name_year("X", 1999)


def test_shipped_profiles_say_what_a_miss_means():
    """L1745, PF and Acari give no sanction for missing the recadastramento: "alert" with no
    article. SRM does: Art. 38 III d cassates the holder who does not come to renew the card
    (the licenciamento, "a renovação anual do cadastro", Art. 6 XX) on the date."""
    ids = profiles.available_profiles()
    loaded = [profiles.load_profile(i) for i in ids]
    loaded.append(profiles.parse_profile(
        Path(__file__).parents[1] / "profiles" / "acari-rn-2021.toml"))
    for p in loaded:
        expected = ("sanction", "Art. 38 III d") if p.short_name == "SRM" else ("alert", "")
        assert (p.recadastramento.missed, p.recadastramento.article) == expected, p.id


def test_profile_recadastramento_key_checked():
    text = (profiles.PROFILES_DIR / "lei-1745-2011.toml").read_text(encoding="utf-8")
    bad = text.replace('missed = "alert"', 'missed = "multa"')
    with pytest.raises(profiles.ProfileError, match="recadastramento.missed"):
        profiles.parse_profile_text(bad, "x.toml")
    no_article = text.replace('missed = "alert"', 'missed = "sanction"')
    with pytest.raises(profiles.ProfileError, match="recadastramento.article"):
        profiles.parse_profile_text(no_article, "x.toml")
    # a text written before the key (the ones databases keep) still loads: a miss means nothing
    start = text.index("[recadastramento]")
    old = text[:start] + text[text.index("[documents]"):]
    assert profiles.parse_profile_text(old, "x.toml").recadastramento.missed == "nothing"
