"""Issue #13: `profiles check` names every problem of a profile at once, each with its line,
the misspelt key itself (with the key it should have been), and values no law can mean."""
from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
import tomllib

from mototaxi_desk.domain import profile_schema
from mototaxi_desk.domain.profile_reader import ProfileProblems, line_index
from mototaxi_desk.domain.profiles import PROFILES_DIR, available_profiles, parse_profile_text

PF = PROFILES_DIR.joinpath("porto-feliz-2017.toml").read_text(encoding="utf-8")
SRM = PROFILES_DIR.joinpath("sao-raimundo-das-mangabeiras-2019.toml").read_text(encoding="utf-8")
L1745 = PROFILES_DIR.joinpath("lei-1745-2011.toml").read_text(encoding="utf-8")
SCHEMA_FILE = Path(__file__).resolve().parents[2] / "docs" / "profile.schema.json"


def problems(text: str, name: str = "porto-feliz-2017") -> list[str]:
    with pytest.raises(ProfileProblems) as err:
        parse_profile_text(text, f"{name}.toml", expected_id=name)
    return [str(p) for p in err.value.problems]


def edit(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def line_of(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if fragment in line)


def test_every_problem_at_once_each_with_its_line():
    text = edit(edit(edit(PF, 'uf = "SP"', 'uf = "XYZ"'),
                     "validity_months = 12 ", "validity_months = 0 "),
                "max_per_person = 1", "max_per_person = 0")
    found = problems(text)
    assert found == [
        f"linha {line_of(text, 'uf = ')}: chave 'profile.uf': 'XYZ' não é a sigla de um estado "
        "(ex.: MA, SP)",
        f"linha {line_of(text, 'max_per_person = 0')}: chave 'permit.max_per_person': deveria "
        "ser pelo menos 1",
        f"linha {line_of(text, 'validity_months = 0')}: chave 'permit.validity_months': deveria "
        "ser pelo menos 1 mês (ou permit.no_term = true quando a lei não dá prazo)",
    ]


def test_misspelt_key_is_named_with_the_key_it_should_be():
    text = edit(PF, "validity_months = 12 ", "validty_months = 12 ")
    assert problems(text) == [
        f"linha {line_of(text, 'validty_months')}: chave 'permit.validty_months': chave "
        "desconhecida; quis dizer 'validity_months'? (obrigatória e ausente)"]


def test_unknown_key_far_from_any_and_unknown_section():
    text = edit(PF, "[cap]\n", "[cap]\nxyz = 1\n") + "\n[vehicel]\nmax_age_years = 3\n"
    found = problems(text)
    assert any("chave 'cap.xyz': chave desconhecida" in p and "quis dizer" not in p for p in found)
    assert any("chave 'vehicel': seção desconhecida; quis dizer 'vehicle'?" in p for p in found)


def test_missing_key_is_placed_on_its_table_line():
    text = edit(PF, "cnh_min_years = 2\n", "")
    assert problems(text) == [f"linha {line_of(text, '[holder]')}: chave 'holder.cnh_min_years': "
                              "obrigatória e ausente"]


def test_wrong_types_each_named():
    text = edit(edit(edit(PF, "min_age = 21", 'min_age = "21"'), "ear_required = false",
                     "ear_required = 1"), 'initial_tariff = "5.00"', "initial_tariff = 5.0")
    found = "\n".join(problems(text))
    assert "'holder.min_age': deveria ser um número inteiro" in found
    assert "'holder.ear_required': deveria ser true ou false" in found
    assert "'defaults.initial_tariff': deveria ser um número decimal entre aspas" in found


@pytest.mark.parametrize("old, new, key, message", [
    ('deadline = "03-31"', 'deadline = "02-31"', "renewal.deadline",
     "'02-31' não é um dia do ano"),
    ('deadline = "03-31"', 'deadline = "02-29"', "renewal.deadline",
     "29 de fevereiro não existe todo ano"),
    ('deadline = "03-31"', 'deadline = "3-31"', "renewal.deadline", "formato 'MM-DD'"),
    ("inhabitants_per_permit = 590", "inhabitants_per_permit = 0",
     "cap.inhabitants_per_permit", "pelo menos 1"),
    ('uf = ""', 'uf = "ma"', "profile.uf", "não é a sigla de um estado"),
    ('cnh_category = ""', 'cnh_category = "Z"', "holder.cnh_category", "não é categoria de CNH"),
    ("min_age = 0", "min_age = 12", "holder.min_age", "entre 18 e 80"),
    ('mode = "edital"', 'mode = "sorteio"', "waiting_list.mode", "'sorteio' não é um de"),
    ('mode = "edital"', 'mode = "none"', "waiting_list.mode", "ranking e enrol_days"),
    ("defence_days = 0 ", "defence_days = 400 ", "defence.defence_days", "no máximo 365"),
    ("max_age_years = 5 ", "max_age_years = 500000 ", "vehicle.max_age_years",
     "inteiro entre 0 e 100000"),
])
def test_semantic_checks_on_l1745(old, new, key, message):
    """Each value no law can mean is refused with its key (L1745, the profile with a renewal
    deadline, an edital waiting list and no defence term)."""
    found = "\n".join(problems(edit(L1745, old, new), "lei-1745-2011"))
    assert f"chave '{key}'" in found and message in found, found


def test_points_window_of_zero_months_refused():
    """PF Art. 37 II: a points window of 0 months would count nothing."""
    text = edit(PF, "points = 12\nmonths = 4", "points = 12\nmonths = 0")
    assert problems(text) == [
        f"linha {text.splitlines().index('months = 0') + 1}: chave "
        "'penalties.points_windows[1].months': "
        "deveria ser pelo menos 1 (uma janela de pontos de 0 meses não conta nada)"]


@pytest.mark.parametrize("section, message", [
    ("[instrument]\nkind = \"concessao\"\n", "'instrument.kind': 'concessao' não é um de"),
    ("[service]\npassengers = false\n", "o serviço transporta passageiros, cargas ou ambos"),
    ("[service]\nvehicle_kinds = [\"carro\"]\n", "'service.vehicle_kinds[1]': 'carro' não é um de"),
    ("[service]\nvehicle_kinds = []\n", "'service.vehicle_kinds': ao menos um tipo"),
])
def test_new_sections_are_checked(section, message):
    found = "\n".join(problems(PF + "\n" + section))
    assert message in found, found


def test_no_term_and_fixed_cap_are_checked():
    text = edit(PF, "validity_months = 12 ", "validity_months = 12\nno_term = true ")
    found = "\n".join(problems(text))
    assert "'permit.validity_months': use 0 quando permit.no_term = true" in found
    text = edit(PF, 'article = "Art. 7 §4º"', 'article = "Art. 7 §4º"\nfixed_permits = 75')
    assert "'cap.inhabitants_per_permit': use 0 quando a lei fixa o número" in \
        "\n".join(problems(text))


def test_checklist_item_numbering_and_line_in_nested_arrays():
    lines = SRM.splitlines()
    second_app = [i for i, line in enumerate(lines) if line.startswith("[[applications]]")][1]
    first_item = next(i for i in range(second_app, len(lines))
                      if lines[i].startswith("[[applications.checklist]]"))
    code_line = next(i for i in range(first_item, len(lines)) if lines[i].startswith("code ="))
    lines[code_line] = "codigo = " + lines[code_line].split("=", 1)[1]
    found = problems("\n".join(lines), "sao-raimundo-das-mangabeiras-2019")
    assert f"linha {code_line + 1}: chave 'applications[2].checklist[1].codigo': chave " \
           "desconhecida; quis dizer 'code'? (obrigatória e ausente)" in found


def test_line_index_numbers_arrays_of_tables_like_the_reader():
    index = line_index('[a]\nx = 1\n[[b]]\ny = 2\n[[b.c]]\nz = 3\n[[b]]\n[[b.c]]\n[[b.c]]\nz = 4\n'
                       's = """\nw = 1\n"""\n')
    assert index["a.x"] == 2 and index["b[0].y"] == 4 and index["b[0].c[0].z"] == 6
    assert index["b[1].c[1].z"] == 10 and index["b[1].c[1].s"] == 11
    assert "b[1].c[1].w" not in index  # inside a multi-line string


def test_the_shipped_profiles_load_unchanged():
    for profile_id in available_profiles():
        text = PROFILES_DIR.joinpath(f"{profile_id}.toml").read_text(encoding="utf-8")
        profile = parse_profile_text(text, f"{profile_id}.toml", expected_id=profile_id)
        # the new keys take the values that keep the three laws' behaviour
        assert profile.instrument.title == "Permissão"
        assert profile.instrument.holder_title == "Permissionário"
        assert profile.cap.fixed_permits == 0 and not profile.permit.no_term
        assert profile.service.passengers and not profile.service.cargo
        assert all(not item.valid_months for app in profile.applications for item in app.checklist)


# --- the JSON Schema published for editors -----------------------------------------------------

def test_published_schema_is_the_generated_one():
    """docs/profile.schema.json is made from the dataclasses (regenerate with
    `python -m mototaxi_desk.domain.profile_schema > docs/profile.schema.json`)."""
    assert SCHEMA_FILE.read_text(encoding="utf-8") == profile_schema.text()


def test_schema_accepts_every_shipped_profile_and_refuses_a_typo():
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    for profile_id in available_profiles():
        data = tomllib.loads(PROFILES_DIR.joinpath(f"{profile_id}.toml").read_text("utf-8"))
        assert not list(validator.iter_errors(data)), profile_id
    data = tomllib.loads(edit(PF, "validity_months = 12 ", "validty_months = 12 "))
    messages = [e.message for e in validator.iter_errors(data)]
    assert any("validty_months" in m for m in messages)
    assert any(re.search("'validity_months' is a required property", m) for m in messages)
