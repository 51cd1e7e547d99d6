"""Issue #13: the database keeps the text and hash of each profile version it adopted, with
its effective date; an admin adopts a new wording (audited); each act is judged by the version
in force on its date; a wording that would orphan records is refused, naming them."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from mototaxi_desk.domain.errors import ProfileError, RuleRefusal, ValidationError
from mototaxi_desk.domain.profiles import EARLIEST, PROFILES_DIR, text_hash
from mototaxi_desk.services import ledger, setup
from mototaxi_desk.services.administration import profile_versions
from mototaxi_desk.services.register import vehicles
from mototaxi_desk.services.context import PermissionDenied
from mototaxi_desk.store.models import AuditLog, InfractionNotice, ProfileVersion

from ..conftest import PF, row_counts
from ..factories import CLERK, make_person, make_vehicle
from .ledger_helpers import ADMIN, FISCAL, TODAY, holder_permit, notice_data

PF_TEXT = PROFILES_DIR.joinpath(f"{PF}.toml").read_text(encoding="utf-8")
AMENDED_ON = dt.date(2026, 6, 1)


def amended(tmp_path: Path, *edits: tuple[str, str], name: str = PF) -> Path:
    """A new wording of the PF law, as the município's IT person would write it."""
    text = PF_TEXT
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


GROUP_A_DEARER = ("fine_tariff_multiple = 50\npoints = 1", "fine_tariff_multiple = 80\npoints = 2")


def test_init_keeps_version_1_text_and_hash_in_force_for_every_date(pf):
    (row,) = ProfileVersion.select()
    assert (row.number, row.profile_id, row.effective_from) == (1, PF, EARLIEST)
    assert row.text == PF_TEXT and row.sha256 == text_hash(PF_TEXT)
    assert setup.profile(on=dt.date(1990, 1, 1)).id == PF


def test_old_notice_keeps_its_price_and_points_pf_art_32(pf, tmp_path):
    """PF Art. 32 (group A: 50 tariffs, 1 point) amended from 01/06/2026 to 80 tariffs and
    2 points: a notice of May keeps 50 tariffs and 1 point, one of June gets the new ones."""
    person, permit = holder_permit()
    may = ledger.record_notice(FISCAL, notice_data(permit, "24-I", "10/05/2026 10:00"),
                               on=TODAY)
    done = profile_versions.adopt(ADMIN, amended(tmp_path, GROUP_A_DEARER), "01/06/2026",
                                  on=TODAY)
    assert done["number"] == 2 and done["effective_from"] == AMENDED_ON
    june = ledger.record_notice(FISCAL, notice_data(permit, "24-I", "10/06/2026 10:00"),
                                on=TODAY)
    # a notice entered today for an infraction of May is still judged by the May wording
    late = ledger.record_notice(FISCAL, notice_data(permit, "24-I", "20/05/2026 10:00"),
                                on=TODAY)
    assert (may["fine_cents"], june["fine_cents"], late["fine_cents"]) == \
        (50 * 500, 80 * 500, 50 * 500)
    book = ledger.ledger(person_id=person["id"], on=TODAY)
    points = {n["number"]: n["points"] for n in book["notices"]}
    # each notice's own points, doubled as a reincidence of the one of 10/05 (PF Art. 30 §2º)
    assert points == {may["number"]: 1, june["number"]: 2 * 2, late["number"]: 1 * 2}
    assert setup.profile().penalty_class("A").fine_tariff_multiple == 80
    assert setup.profile(on=dt.date(2026, 5, 31)).penalty_class("A").fine_tariff_multiple == 50


def test_adoption_is_audited_and_listed(pf, tmp_path):
    profile_versions.adopt(ADMIN, amended(tmp_path, GROUP_A_DEARER), AMENDED_ON, on=TODAY)
    entry = AuditLog.select().where(AuditLog.action == "profile.adopt").order_by(
        AuditLog.id.desc()).first()
    assert '"number": 2' in entry.after and '"effective_from": "2026-06-01"' in entry.after
    assert '"number": 1' in entry.before
    listed = profile_versions.versions()
    assert [(v["number"], v["effective_from"]) for v in listed] == \
        [(1, EARLIEST), (2, AMENDED_ON)]
    assert listed[1]["source"].endswith(f"{PF}.toml")


def test_vehicle_judged_by_the_version_of_its_registration_pf_art_17(pf, tmp_path):
    """PF Art. 17 (5 years) amended to 7: a vehicle registered before keeps the 5-year
    limit, one registered after gets 7."""
    person = make_person("Benedito Camargo", today=dt.date(2026, 1, 5))
    before = make_vehicle(person["id"], year=2022, today=dt.date(2026, 1, 5))
    profile_versions.adopt(ADMIN, amended(tmp_path, ("max_age_years = 5 ", "max_age_years = 7 ")),
                           "02/01/2026", on=TODAY)
    after = make_vehicle(person["id"], year=2022, today=dt.date(2026, 6, 5))
    from mototaxi_desk.store.models import Vehicle
    Vehicle.update(created_at=dt.datetime(2025, 12, 20)).where(
        Vehicle.id == before["id"]).execute()
    old = vehicles.as_dict(Vehicle.get_by_id(before["id"]))
    new = vehicles.as_dict(Vehicle.get_by_id(after["id"]))
    assert old["age_limit"] == dt.date(2027, 12, 31)
    assert new["age_limit"] == dt.date(2029, 12, 31)


def test_orphaning_version_is_refused_naming_the_records(pf, tmp_path):
    """Renaming the class 'A' used by a notice (the crash of the issue) is refused, naming
    the notice; nothing is written."""
    _, permit = holder_permit()
    n = ledger.record_notice(FISCAL, notice_data(permit, "24-I", "10/05/2026 10:00"), on=TODAY)
    renamed = amended(tmp_path, ('code = "A"', 'code = "A1"'))
    text = renamed.read_text(encoding="utf-8").replace('class = "A"', 'class = "A1"').replace(
        'warning_for_classes = ["A"', 'warning_for_classes = ["A1"').replace(
        'infraction_gravity = ["A"', 'infraction_gravity = ["A1"')
    renamed.write_text(text, encoding="utf-8")
    counts = row_counts()
    with pytest.raises(RuleRefusal) as err:
        profile_versions.adopt(ADMIN, renamed, AMENDED_ON, on=TODAY)
    message = str(err.value)
    assert f"auto de infração nº {n['number']} (classe 'A')" in message
    assert "Mantenha esses códigos" in message
    assert row_counts() == counts
    # an infraction removed from the catalogue is named the same way
    removed = amended(tmp_path, ('code = "24-I"', 'code = "24-I-revogado"'))
    with pytest.raises(RuleRefusal, match=rf"nº {n['number']} \(infração '24-I'\)"):
        profile_versions.adopt(ADMIN, removed, AMENDED_ON, on=TODAY)
    assert row_counts() == counts


@pytest.mark.parametrize("date, message", [
    ("01/01/1900", "depois da versão 1"),
    ("31/02/2026", "data impossível"),  # fevereiro de 2026 tem 28 dias
])
def test_bad_effective_date_refused(pf, tmp_path, date, message):
    counts = row_counts()
    with pytest.raises((RuleRefusal, ValidationError), match=message):
        profile_versions.adopt(ADMIN, amended(tmp_path, GROUP_A_DEARER), date, on=TODAY)
    assert row_counts() == counts


def test_same_text_broken_file_and_non_admin_refused(pf, tmp_path):
    same = tmp_path / f"{PF}.toml"
    same.write_text(PF_TEXT, encoding="utf-8")
    with pytest.raises(RuleRefusal, match="igual ao da versão em vigor"):
        profile_versions.adopt(ADMIN, same, AMENDED_ON, on=TODAY)
    broken = amended(tmp_path, ("validity_months = 12 ", "validity_months = 0 "),
                     ('uf = "SP"', 'uf = "XX"'))
    with pytest.raises(ProfileError) as err:
        profile_versions.adopt(ADMIN, broken, AMENDED_ON, on=TODAY)
    assert "2 problemas" in str(err.value)
    with pytest.raises(PermissionDenied):
        profile_versions.adopt(CLERK, amended(tmp_path, GROUP_A_DEARER), AMENDED_ON, on=TODAY)
    with pytest.raises(ProfileError, match="não encontrado"):
        profile_versions.adopt(ADMIN, tmp_path / "nada.toml", AMENDED_ON, on=TODAY)
    assert ProfileVersion.select().count() == 1


def test_edited_numbers_must_fit_the_new_wording(pf, tmp_path):
    setup.set_profile_number(ADMIN, "stand.max_vehicles", 3)  # below the law's minimum of 5?
    stricter = amended(tmp_path, ("min_vehicles = 0", "min_vehicles = 4"))
    with pytest.raises(ProfileError, match="stand.min_vehicles"):
        profile_versions.adopt(ADMIN, stricter, AMENDED_ON, on=TODAY)


def test_changed_file_is_noticed_not_adopted(pf, tmp_path, monkeypatch):
    from mototaxi_desk import profile_files
    own = profile_files.data_folder()
    own.mkdir(parents=True, exist_ok=True)
    amended(own, GROUP_A_DEARER)
    state = profile_versions.status()
    assert state["in_force"]["number"] == 1
    changed = [f for f in state["files"] if f["origin"] == profile_files.DATA_FOLDER]
    assert changed and not changed[0]["same_as_in_force"] and changed[0]["adopted_as"] is None
    assert setup.profile().penalty_class("A").fine_tariff_multiple == 50  # only a candidate


def test_two_counters_one_adopts_the_other_follows(db_url, pf, tmp_path):
    """Two counters on one database (PostgreSQL in CI): counter A adopts a new wording with
    the command line, in a process of its own; counter B, open all along, reads the new
    rules at its next action, from the database — no file on B's machine, no restart."""
    import os
    import subprocess
    import sys
    _, permit = holder_permit()
    assert setup.profile().penalty_class("A").fine_tariff_multiple == 50  # B has read it
    wording = amended(tmp_path, GROUP_A_DEARER)
    result = subprocess.run(
        [sys.executable, "-m", "mototaxi_desk", "--db", db_url, "profiles", "adopt",
         str(wording), "--from", "01/06/2026"],
        capture_output=True, text=True, timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen", "MOTOTAXI_USER": "admin",
             "MOTOTAXI_PASSWORD": "senha-forte-1"})  # the admin make_municipio made
    assert result.returncode == 0, result.stderr
    assert "Versão 2 do perfil porto-feliz-2017 adotada" in result.stdout
    wording.unlink()  # the file was only A's: B reads the text from the database
    june = ledger.record_notice(FISCAL, notice_data(permit, "24-I", "10/06/2026 10:00"),
                                on=TODAY)
    may = ledger.record_notice(FISCAL, notice_data(permit, "24-I", "10/05/2026 10:00"),
                               on=TODAY)
    assert (june["fine_cents"], may["fine_cents"]) == (80 * 500, 50 * 500)
    assert profile_versions.version_on(TODAY)["number"] == 2


def test_check_names_a_tampered_version_and_orphaned_notices(pf, tmp_path):
    """`mototaxi-desk check` no longer says "whole" over rules it cannot trust (issue #13:
    a class renamed by hand made ledger crash while check said the database was whole)."""
    from mototaxi_desk.services.trust import integrity
    _, permit = holder_permit()
    ledger.record_notice(FISCAL, notice_data(permit, "24-I", "10/05/2026 10:00"), on=TODAY)
    assert integrity.check(file_check=False) == []
    InfractionNotice.update(class_code="Z").execute()  # a row edited by hand
    orphan, edited = integrity.check(file_check=False)
    assert orphan == ("1 auto(s) de infração sem a infração ou a classe no perfil em vigor "
                      "na data da infração: nº 00001/2026.")
    assert edited.startswith("Auto de infração id 1 (auto nº 00001/2026) foi alterado fora "
                             "do programa")  # its audit seal (issue 18)
    ProfileVersion.update(text=ProfileVersion.text + " ").execute()
    assert integrity.check(file_check=False)[0].startswith(
        "Versão 1 do perfil de regras alterada fora do programa")


NEW_ITEM = ('[[infractions]]\ncode = "24-I"', '[[infractions]]\ncode = "24-IA"\n'
            'article = "Art. 24, I-A"\ntext = "Item acrescido pela nova redação"\nclass = "A"\n'
            'measure = ""\n\n[[infractions]]\ncode = "24-I"')


def test_check_judges_each_notice_by_the_version_in_force_on_its_date(pf, tmp_path):
    """When the versions' catalogues differ, a notice's code must exist in the version in
    force on its date (issue 23: the check reads the date only then; one catalogue for
    every version is filtered by the database)."""
    from mototaxi_desk.services.trust import integrity
    _, permit = holder_permit()
    profile_versions.adopt(ADMIN, amended(tmp_path, NEW_ITEM), "01/06/2026", on=TODAY)
    june = ledger.record_notice(FISCAL, notice_data(permit, "24-IA", "10/06/2026 10:00"),
                                on=TODAY)
    ledger.record_notice(FISCAL, notice_data(permit, "24-I", "10/05/2026 10:00"), on=TODAY)
    assert integrity.check(file_check=False) == []
    InfractionNotice.update(occurred_at=dt.datetime(2026, 5, 10, 10, 0)).where(
        InfractionNotice.id == june["id"]).execute()  # moved back by hand, before the item
    orphan = integrity.check(file_check=False)[0]
    assert orphan == ("1 auto(s) de infração sem a infração ou a classe no perfil em vigor "
                      f"na data da infração: nº {june['number']}.")
