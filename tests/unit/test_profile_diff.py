"""What a new wording of a law changes against the one in force (domain/profile_diff.py), in
the law's words with the article each rule cites — what the admin reads before adopting it
(issue 35 item 2)."""
from __future__ import annotations

import dataclasses
import typing

import pytest

from mototaxi_desk.domain import profile_diff, profile_schema, profiles
from mototaxi_desk.domain.profile_diff import ADDED, CHANGED, REMOVED
from mototaxi_desk.domain.profile_reader import element_type
from mototaxi_desk.domain.profile_words import ITEM_KEYS, PROFILE_NUMBERS, PROFILE_TEXTS

PF, SRM, L1745 = "porto-feliz-2017", "sao-raimundo-das-mangabeiras-2019", "lei-1745-2011"


def _text(profile_id: str) -> str:
    return profiles.PROFILES_DIR.joinpath(f"{profile_id}.toml").read_text(encoding="utf-8")


def _wording(profile_id: str, *edits: tuple[str, str]) -> profiles.RuleProfile:
    text = _text(profile_id)
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    return profiles.parse_profile_text(text, f"{profile_id}.toml")


def _law(profile_id: str) -> profiles.RuleProfile:
    return profiles.parse_profile_text(_text(profile_id), f"{profile_id}.toml")


def test_the_same_rules_change_nothing_whatever_the_comments():
    commented = _wording(PF, ("[profile]", "# emenda: só comentários\n[profile]"))
    assert profile_diff.compare(_law(PF), commented) == []


def test_a_penalty_class_fine_pf_art_32_names_its_article_and_its_infractions():
    """PF Art. 32: group A is 50 tariffs and 1 point; an amendment makes it 80 and 2."""
    new = _wording(PF, ("fine_tariff_multiple = 50\npoints = 1",
                        "fine_tariff_multiple = 80\npoints = 2"))
    fine, points = profile_diff.compare(_law(PF), new)
    assert (fine.kind, fine.key, fine.where, fine.what, fine.before, fine.after,
            fine.article) == (CHANGED, "penalties.classes[A].fine_tariff_multiple",
                              "Classe A (Grupo A)", "multa (em tarifas)", "50", "80", "Art. 32")
    assert fine.note.startswith("vale para as infrações 24-I, ")
    assert str(fine).startswith("Classe A (Grupo A), multa (em tarifas): 50 → 80 (Art. 32) "
                                "[vale para as infrações")
    assert (points.what, points.before, points.after) == ("pontos", "1", "2")


def test_a_fine_in_the_fiscal_unit_srm_art_39_is_shown_with_its_unit():
    """SRM Art. 39 III: a grave infraction is 4 UFM."""
    new = _wording(SRM, ('fine_units = "4"', 'fine_units = "5"'))
    (change,) = profile_diff.compare(_law(SRM), new)
    assert str(change).startswith("Classe grave (Grave), multa: 4 UFM → 5 UFM (Art. 39 III)")


def test_a_section_number_cites_its_own_article_pf_art_17():
    """PF Art. 17: the vehicle's age limit (5 years) cites age_article, not the section's."""
    (change,) = profile_diff.compare(_law(PF), _wording(PF, ("max_age_years = 5 ",
                                                             "max_age_years = 7 ")))
    assert str(change) == "Veículo, idade máxima do veículo (anos): 5 → 7 (Art. 15 I; Art. 17)"


@pytest.mark.parametrize("key, article", [
    ("validity_months", "validity_article"), ("max_per_person", "max_per_person_article"),
    ("cassation_bar_years", "cassation_bar_article"), ("order_number_digits", None),
    ("fleet_owner_exception", "max_per_person_article"), ("no_term", "validity_article"),
])
def test_which_article_a_permit_key_cites(key, article):
    assert profile_diff._article_field("permit", _law(SRM).permit, key) == article


def test_the_article_itself_changed_is_not_cited_twice():
    old = _law(PF)
    renewal = dataclasses.replace(old.renewal, article="Art. 99")
    (change,) = profile_diff.compare(old, dataclasses.replace(old, renewal=renewal))
    assert change.after == change.article == "Art. 99"
    assert str(change) == f"Renovação, artigo da renovação: {old.renewal.article} → Art. 99"


def test_an_infraction_added_and_one_removed_each_in_a_line_with_its_article():
    old = _law(PF)
    gone = old.infractions[0]
    added = dataclasses.replace(gone, code="99-X", article="Art. 99", text="Nova infração")
    new = dataclasses.replace(old, infractions=(added,) + old.infractions[1:])
    removed, included = profile_diff.compare(old, new)
    assert (removed.kind, removed.key, removed.article) == \
        (REMOVED, f"infractions[{gone.code}]", gone.article)
    assert str(removed).startswith(f"Exclusão: Infração {gone.code} ({gone.article}): "
                                   f"«{gone.text}»; classe: {gone.class_code}")
    assert (included.kind, included.after.split(";")[0]) == (ADDED, "«Nova infração»")
    assert str(included).startswith("Inclusão: Infração 99-X (Art. 99): «Nova infração»")


def test_a_fee_and_an_application_document_are_compared_by_their_codes():
    old = _law(SRM)
    fee = old.fees["card"]
    application = old.applications[0]
    item = application.checklist[0]
    new = dataclasses.replace(
        old, fees={**old.fees, "card": dataclasses.replace(fee, units=fee.units + 1)},
        applications=(dataclasses.replace(application, checklist=(
            dataclasses.replace(item, mandatory=not item.mandatory),)
            + application.checklist[1:]),) + old.applications[1:])
    fee_change, document = profile_diff.compare(old, new)
    assert fee_change.key == "fees.card" + ".units"
    assert str(fee_change) == (f"Taxa card ({fee.label}), valor: 1 UFM → 2 UFM ({fee.article})")
    assert document.key == f"applications[{application.type}].checklist[{item.code}].mandatory"
    assert document.where == f"Requerimento «{application.label}», documento {item.code}"
    assert (document.before, document.after) == ("sim", "não")


def test_items_without_a_code_are_told_apart_by_their_values_srm_art_38():
    """SRM Art. 38 I: 3 infractions suspend; the amendment makes it 4 — the old threshold
    excluded, the new one included, in the law's words (suspensão, not 'suspension')."""
    old = _law(SRM)
    first = old.penalties.count_thresholds[0]
    new = dataclasses.replace(old, penalties=dataclasses.replace(
        old.penalties, count_thresholds=(dataclasses.replace(first, count=4),)
        + old.penalties.count_thresholds[1:]))
    removed, added = profile_diff.compare(old, new)
    assert (removed.kind, added.kind) == (REMOVED, ADDED)
    assert str(added) == ("Inclusão: Limite de infrações (Art. 38 I): infrações: 4; sanção: "
                          "suspensão; suspensão (meses): 2")


def test_another_law_compared_shows_its_name_and_choices_in_portuguese():
    changes = {c.key: c for c in profile_diff.compare(_law(SRM), _law(L1745))}
    assert changes["profile.law"].after == "Lei Ordinária nº 1.745, de 22 de agosto de 2011"
    assert changes["waiting_list.mode"].after == "edital"
    assert changes["waiting_list.ranking"].after.startswith("tempo de atividade no serviço, ")


def test_every_key_of_the_format_has_words():
    """A key added to the profile format gets its words in domain/profile_words.py, or the
    admin would read its internal name in the comparison."""
    missing = []
    for path in profile_schema.loader_keys():
        if "[]" in path or path.startswith("fees."):
            name = path.rsplit(".", 1)[1]
            if name not in ITEM_KEYS:
                missing.append(path)
        elif path not in PROFILE_NUMBERS and path not in PROFILE_TEXTS:
            missing.append(path)
    assert missing == []


def test_every_list_of_items_is_told_apart():
    hints = typing.get_type_hints(profiles.RuleProfile)
    owners = [profiles.RuleProfile] + [hints[f.name] for f in dataclasses.fields(
        profiles.RuleProfile) if dataclasses.is_dataclass(hints[f.name])]
    owners += [profiles.ApplicationType, profiles.Decision]
    lists = {(owner, f.name) for owner in owners for f in dataclasses.fields(owner)
             if element_type(typing.get_type_hints(owner)[f.name])}
    assert lists == set(profile_diff._LISTS)
