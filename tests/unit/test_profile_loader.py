"""The profile loader refuses a bad file with a message naming the file and the key."""
import shutil

import pytest

from mototaxi_desk.domain.profiles import (APPLICATION_TYPES, PROFILES_DIR, ProfileError,
                                           available_profiles, load_profile, parse_profile)

SHIPPED = ["lei-1745-2011", "porto-feliz-2017", "sao-raimundo-das-mangabeiras-2019"]
SRM = PROFILES_DIR / "sao-raimundo-das-mangabeiras-2019.toml"


def test_three_profiles_ship_and_load():
    assert available_profiles() == SHIPPED
    for profile_id in SHIPPED:
        p = load_profile(profile_id)
        assert p.id == profile_id
        assert {a.type for a in p.applications} == set(APPLICATION_TYPES)
        assert p.infractions and p.penalties.classes and p.inspection.items


def test_every_number_carries_an_article():
    for profile_id in SHIPPED:
        p = load_profile(profile_id)
        for item in p.infractions:
            assert item.article.startswith("Art."), (profile_id, item.code)
        for app in p.applications:
            for check in app.checklist:
                assert check.article, (profile_id, app.type, check.code)


def _variant(tmp_path, edit, name="sao-raimundo-das-mangabeiras-2019"):
    text = SRM.read_text(encoding="utf-8")
    target = tmp_path / f"{name}.toml"
    target.write_text(edit(text), encoding="utf-8")
    return target


def _error(path) -> str:
    with pytest.raises(ProfileError) as err:
        parse_profile(path)
    return str(err.value)


def test_unknown_key_is_named(tmp_path):
    path = _variant(tmp_path, lambda t: t.replace("[cap]\n", "[cap]\ninhabitants_per_permitt = 3\n", 1))
    message = _error(path)
    assert "sao-raimundo-das-mangabeiras-2019.toml" in message
    assert "cap.inhabitants_per_permitt" in message and "desconhecida" in message


def test_missing_number_is_named(tmp_path):
    def drop_line(text):
        lines = text.splitlines()
        start = lines.index("[cap]")
        for i in range(start, len(lines)):
            if lines[i].startswith("inhabitants_per_permit"):
                del lines[i]
                break
        return "\n".join(lines)
    assert "cap.inhabitants_per_permit" in _error(_variant(tmp_path, drop_line))


def test_duplicate_infraction_code_is_named(tmp_path):
    path = _variant(tmp_path, lambda t: t.replace('code = "36-II"', 'code = "36-I"', 1))
    message = _error(path)
    # items counted from 1, as people count; the line is the duplicate's own
    line = SRM.read_text(encoding="utf-8").splitlines().index('code = "36-II"') + 1
    assert f"linha {line}: chave 'infractions[2].code'" in message and "repetido" in message


def test_wrong_type_and_float_money_refused(tmp_path):
    path = _variant(tmp_path, lambda t: t.replace('storage_fee_units_per_day = "0.20"',
                                                  "storage_fee_units_per_day = 0.20"))
    assert "impound.storage_fee_units_per_day" in _error(path)


def test_undefined_class_refused(tmp_path):
    path = _variant(tmp_path, lambda t: t.replace('class = "leve"', 'class = "levíssima"', 1))
    assert "levíssima" in _error(path)


def test_broken_toml_and_wrong_id(tmp_path):
    assert "TOML inválido" in _error(_variant(tmp_path, lambda t: t + "\n[[[x"))
    other = _variant(tmp_path, lambda t: t, name="outro-municipio")
    assert "profile.id" in _error(other)


def test_unknown_profile_id():
    with pytest.raises(ProfileError, match="desconhecido"):
        load_profile("atlantida-2099")


def test_a_fourth_municipio_is_one_more_file(tmp_path):
    """README: adding a município is writing one TOML file."""
    shutil.copy(SRM, tmp_path / SRM.name)
    _variant(tmp_path, lambda t: t.replace('id = "sao-raimundo-das-mangabeiras-2019"',
                                           'id = "nova-cidade-2026"', 1), name="nova-cidade-2026")
    assert available_profiles(tmp_path) == ["nova-cidade-2026", SRM.stem]
    assert load_profile("nova-cidade-2026", tmp_path).cap.inhabitants_per_permit == 300
