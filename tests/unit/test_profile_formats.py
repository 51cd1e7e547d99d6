"""Issue 35 item 1: a profile declares its format; an earlier one is upgraded step by step on
load, every change a notice and never an error; a newer one is refused; a key reaches the
format only with its upgrade step (domain/profile_formats.py, domain/profile_upgrades.py)."""
from __future__ import annotations

import dataclasses
import tomllib
import typing
from pathlib import Path

import pytest

from mototaxi_desk.domain import profile_formats, profile_schema, profiles, vehicle_rules
from mototaxi_desk.domain import waiting_rank
from mototaxi_desk.domain.errors import RuleRefusal
from mototaxi_desk.domain.profile_formats import CURRENT, STEPS, Added, Moved, Removed
from mototaxi_desk.domain.profile_reader import ProfileProblems, has_default

HISTORY = Path(__file__).resolve().parents[1] / "profiles" / "history"
SRM = "sao-raimundo-das-mangabeiras-2019"
SRM_TEXT = profiles.PROFILES_DIR.joinpath(f"{SRM}.toml").read_text(encoding="utf-8")


def _history(name: str) -> str:
    return (HISTORY / name).read_text(encoding="utf-8")


def _load(text: str, name: str = "perfil.toml"):
    return profiles.load_text(text, name)


def _notice(loaded, key: str) -> str:
    found = [n.message for n in loaded.notices if n.key == key]
    assert len(found) == 1, (key, [str(n) for n in loaded.notices])
    return found[0]


# --- the format history holds every key --------------------------------------------------

def test_every_key_the_loader_reads_comes_from_format_1_or_an_upgrade_step():
    """A key added to domain/profiles.py without its step in domain/profile_formats.py fails
    here, named: texts written before it (a município's file, a database's stored version)
    would no longer load."""
    reads = profile_schema.loader_keys()
    formats = profile_formats.format_keys(CURRENT)
    assert not reads - formats, ("keys the loader reads that no upgrade step introduces "
                                 f"(add a format with its step): {sorted(reads - formats)}")
    assert not formats - reads, ("keys the steps introduce that the loader does not read "
                                 f"(remove them with a step): {sorted(formats - reads)}")


def _field(path: str) -> dataclasses.Field:
    cls = profiles.RuleProfile
    *parents, key = path.replace("[]", "").split(".")
    for part in parents:
        hint = typing.get_type_hints(cls)[part]
        cls = typing.get_args(hint)[0] if typing.get_origin(hint) is tuple else hint
    return next(f for f in dataclasses.fields(cls)
                if profile_schema.TOML_NAME.get(f.name, f.name) == key)


def test_a_required_key_arrives_with_its_value_an_optional_one_with_its_default():
    """A step that adds a required key gives the value an earlier text lacks; an optional
    key's value is its default in domain/profiles.py (docs/profiles.md, "Adding a key"). A
    key of a table no earlier text can have (a new [[decisions]]) needs neither."""
    for step in STEPS:
        before = profile_formats.format_keys(step.to - 1)
        for change in step.changes:
            if isinstance(change, Added):
                optional = has_default(_field(change.path))
                parent = change.path.rsplit(".", 1)[0]
                new_table = not any(k.startswith(parent + ".") for k in before)
                if change.value is None:
                    assert optional or new_table, (step.to, change.path, "needs a value")
                else:
                    assert not optional and change.why, (step.to, change.path)


def test_formats_follow_one_another_each_with_its_changes():
    assert [s.to for s in STEPS] == list(range(2, CURRENT + 1))
    assert all(s.changes and s.title and len(s.commit) == 7 for s in STEPS)


def test_shipped_profiles_declare_the_current_format():
    for profile_id in profiles.available_profiles():
        text = profiles.PROFILES_DIR.joinpath(f"{profile_id}.toml").read_text("utf-8")
        assert tomllib.loads(text)["format"] == CURRENT
        assert profiles.load_text(text, f"{profile_id}.toml").notices == ()


# --- declaring the format ---------------------------------------------------------------

def test_a_newer_format_is_refused_saying_a_newer_program_is_needed():
    text = SRM_TEXT.replace(f"format = {CURRENT}", f"format = {CURRENT + 1}")
    with pytest.raises(profiles.ProfileError) as err:
        _load(text, f"{SRM}.toml")
    assert str(err.value) == (f"Perfil {SRM}.toml: este perfil usa o formato {CURRENT + 1}; "
                              f"este programa conhece até o formato {CURRENT}: atualize o "
                              "Mototáxi Desk.")


@pytest.mark.parametrize("value", ['"13"', "0", "true", "2.5"])
def test_a_format_that_is_not_a_whole_number_is_a_problem_on_its_line(value):
    text = SRM_TEXT.replace(f"format = {CURRENT}", f"format = {value}")
    with pytest.raises(ProfileProblems) as err:
        _load(text)
    (problem,) = err.value.problems
    line = text.splitlines().index(next(x for x in text.splitlines()
                                        if x.startswith("format ="))) + 1
    assert (problem.key, problem.line) == ("format", line)
    assert f"número inteiro de 1 a {CURRENT}" in problem.message


def test_a_declared_format_is_not_upgraded_from_before_it():
    """Declared current, a missing key is the error it always was (no value is assumed)."""
    text = SRM_TEXT.replace('owner_rule = "holder"', "")
    with pytest.raises(ProfileProblems) as err:
        _load(text)
    assert [(p.key, p.message) for p in err.value.problems] == [
        ("vehicle.owner_rule", "obrigatória e ausente")]
    assert len(_load(text.replace(f"format = {CURRENT}", "format = 10")).notices) == 2


def test_a_current_text_without_the_declaration_only_hears_about_it():
    loaded = _load(SRM_TEXT.replace(f"format = {CURRENT}", ""))
    assert [n.key for n in loaded.notices] == ["format"]
    assert f"as chaves dele são as do formato {CURRENT}" in loaded.notices[0].message
    assert loaded.profile == _load(SRM_TEXT).profile


def test_a_misspelt_key_in_an_old_text_is_still_an_error():
    text = _history("b3e31ff/lei-1745-2011.toml").replace("min_age = ", "min_agee = ")
    with pytest.raises(ProfileProblems) as err:
        _load(text)
    assert [(p.key, p.message) for p in err.value.problems] == [
        ("holder.min_agee", "chave desconhecida; quis dizer 'min_age'? (obrigatória e ausente)")]


# --- what each upgrade assumes keeps the earlier behaviour --------------------------------

def test_format_1_recidivism_doubling_moves_to_every_class():
    """L1745 Art. 8 §3º: format 1 said 'recidivism doubles the fine' for the whole profile;
    each class takes that value (what the text said), and the notice asks to check which
    classes the law doubles."""
    loaded = _load(_history("b3e31ff/lei-1745-2011.toml"))
    assert all(c.recidivism_double for c in loaded.profile.penalties.classes)
    assert "movida (formato 2)" in _notice(loaded, "penalties.recidivism_double")
    note = _notice(loaded, "penalties.classes[6].recidivism_double")
    assert "com o valor true" in note and "L1745 Art. 8 §3º" in note


def test_substitution_compares_no_engine_after_the_upgrade():
    """PF Art. 17 §1º ('igual capacidade') arrived in format 3: a text before it keeps the
    earlier behaviour, a smaller engine may replace a larger one."""
    profile = _load(_history("2a24620/porto-feliz-2017.toml")).profile
    assert profile.vehicle.replacement_same_capacity is False
    old = vehicle_rules.VehicleFacts(manufacture_year=2018, cc=160, owner_id=1)
    new = vehicle_rules.VehicleFacts(manufacture_year=2022, cc=125, owner_id=1)
    vehicle_rules.check_substitution(profile, old, new)  # not refused


def test_articles_split_out_cite_what_the_program_cited_before():
    """Format 4 (SRM Art. 31 XVIII, Art. 23 III, Art. 17 §1º) gave the stand distance, the
    auxiliary maximum and the inspection conditions articles of their own; before, the
    section's article was cited, and the upgrade cites it still."""
    loaded = _load(_history("79e0d87/sao-raimundo-das-mangabeiras-2019.toml"))
    p = loaded.profile
    assert p.stand.min_distance_article == p.stand.article
    assert p.auxiliary.max_article == p.auxiliary.article
    assert p.inspection.requires_article == p.inspection.article
    assert "que o programa citava antes" in _notice(loaded, "stand.min_distance_article")


def test_penalty_ledger_keys_take_the_rules_every_law_had_when_they_came():
    """Format 5 (the penalty ledger, version 0.1.0): months counted by the calendar (Código
    Civil Art. 132 §3º), a deadline on a non-business day moved to the next (Lei 9.784/1999
    Art. 66 §1º), count thresholds over every infraction of the permit (SRM Art. 38 sets no
    period), recidivism without a time limit, a removed vehicle released on payment (the
    reason PF Art. 36, SRM Art. 46 and L1745 Art. 8 §3º all admit)."""
    loaded = _load(_history("496ff0a/sao-raimundo-das-mangabeiras-2019.toml"))
    p = loaded.profile
    assert (p.penalties.month_rule, p.penalties.count_window_months,
            p.penalties.recidivism_months) == ("calendar", 0, 0)
    assert p.defence.extend_to_business_day is True
    assert p.impound.release_reasons == ("payment",)
    assert "'fault_corrected'" in _notice(loaded, "impound.release_reasons")


def test_infraction_gravity_follows_the_order_the_classes_are_listed():
    """L1745 Art. 12 §2º I weighs infractions by gravity (format 9): an earlier text gets its
    classes in the order it lists them (least grave first, as the laws list them), and the
    notice asks to check it."""
    loaded = _load(_history("f3762b6/sao-raimundo-das-mangabeiras-2019.toml"))
    p = loaded.profile
    assert p.waiting_list.infraction_gravity == tuple(c.code for c in p.penalties.classes)
    assert waiting_rank.weighted_infractions(p, ["leve", "gravissima"], 1) == 1 + 4
    assert "confira" in _notice(loaded, "waiting_list.infraction_gravity")


def test_auxiliary_credential_cassation_stays_unoffered():
    """SRM Art. 38 IV, §3º: the cassation of an auxiliary's own credential arrived in format
    10; before it the program had no such act, and an empty article keeps it unoffered
    (services/permit_actions.py refuses 'aux_cassate' without one)."""
    loaded = _load(_history("d62e41f/sao-raimundo-das-mangabeiras-2019.toml"))
    aux = loaded.profile.auxiliary
    assert (aux.cassation_article, aux.cassation_bar_years, aux.cassation_bar_forever) == \
        ("", 0, False)


def test_only_the_holders_own_vehicle_citing_the_holders_article():
    """Format 11 made the owner rule profile data (PF Art. 15 VII, SRM Art. 20 II, L1745
    Art. 2 §2º I); before it the program accepted only the holder's own vehicle and cited
    holder.article, and the upgrade keeps both."""
    loaded = _load(_history("9610f33/lei-1745-2011.toml"))
    p = loaded.profile
    assert (p.vehicle.owner_rule, p.vehicle.owner_article) == ("holder", p.holder.article)
    vehicle_rules.check_owner(p, owner_id=7, holder_id=7)
    with pytest.raises(RuleRefusal) as err:
        vehicle_rules.check_owner(p, owner_id=8, holder_id=7, owner_relation="conjuge")
    assert err.value.article == p.holder.article


def test_format_12_articles_keep_what_was_cited_and_drop_the_inert_key():
    """Format 12: an unauthorised interruption cites interruption.article as before (PF
    Art. 12; L1745, with no interruption, keeps it empty and unregistered); a missed
    inspection summons that leads to cassation cites inspection.article as before (L1745
    Art. 10 §ú); defence.accepted_defence_voids had no effect and is dropped with a note."""
    loaded = _load(_history("f009ba3/lei-1745-2011.toml"))
    p = loaded.profile
    assert p.interruption.unauthorised_article == p.interruption.article == ""
    assert p.inspection.missed_summons_article == p.inspection.article == "Art. 10"
    assert "removida (formato 12; valia false)" in _notice(
        loaded, "defence.accepted_defence_voids")
    pf = _load(_history("f009ba3/porto-feliz-2017.toml")).profile
    assert pf.interruption.unauthorised_article == pf.interruption.article != ""
    assert pf.inspection.missed_summons_article == ""  # no cassation for a missed summons


def test_format_15_admits_the_three_means_of_notification_srm_art_34_par_2():
    """Format 15: a text written before defence.notification_means admits in person, by post
    with receipt and in the Diário Oficial (SRM Art. 34 §2º), the three means the program
    recorded before; e-mail is never among them."""
    for name in ("259c66d/sao-raimundo-das-mangabeiras-2019.toml",
                 "5dceaa2/porto-feliz-2017.toml", "5dceaa2/lei-1745-2011.toml"):
        loaded = _load(_history(name))
        assert loaded.profile.defence.notification_means == ("in_person", "post", "gazette")
        message = _notice(loaded, "defence.notification_means")
        assert "formato 15" in message and "SRM Art. 34 §2º" in message, message
        assert "o e-mail nunca é notificação" in message


def test_every_change_of_an_old_text_is_a_notice_on_its_line():
    text = _history("b3e31ff/lei-1745-2011.toml")
    loaded = _load(text, "lei-1745-2011.toml")
    lines = text.splitlines()
    moved = next(n for n in loaded.notices if n.key == "penalties.recidivism_double")
    assert lines[moved.line - 1].startswith("recidivism_double = true")
    added = next(n for n in loaded.notices if n.key == "vehicle.owner_rule")
    assert lines[added.line - 1] == "[vehicle]"
    assert str(added).startswith(f"linha {added.line}: chave 'vehicle.owner_rule': "
                                 "acrescentada (formato 11) com o valor \"holder\"")


def test_each_step_declares_the_kind_of_change_it_makes():
    kinds = {type(c) for s in STEPS for c in s.changes}
    assert kinds == {Added, Moved, Removed}


# --- writing the upgraded file ----------------------------------------------------------

def test_the_upgraded_text_keeps_the_laws_comments_and_reads_as_the_original():
    text = _history("b3e31ff/lei-1745-2011.toml")
    new, notices = profiles.upgrade_text(text, "lei-1745-2011.toml")
    assert notices == _load(text).notices
    assert tomllib.loads(new)["format"] == CURRENT
    dropped = ("recidivism_double = true", "accepted_defence_voids")  # removed with their line
    for line in text.splitlines():
        if "#" in line and not line.startswith(dropped):
            assert line in new.splitlines(), line
    again = _load(new)
    assert again.notices == () and again.profile == _load(text).profile
    assert "owner_rule = \"holder\" # acrescentada na atualização para o formato 11" in new
    assert profiles.upgrade_text(new, "lei-1745-2011.toml")[1] == ()


def test_docs_list_every_format_with_its_commit():
    docs = (Path(__file__).resolve().parents[2] / "docs" / "profiles.md").read_text("utf-8")
    rows = [line for line in docs.splitlines() if line.startswith("| ") and "| " in line[2:]]
    for step in ({"to": 1, "commit": "b3e31ff"}, *({"to": s.to, "commit": s.commit}
                                                    for s in STEPS)):
        assert any(row.startswith(f"| {step['to']} | {step['commit']} |") for row in rows), step
    assert f"format = {CURRENT}" in docs
