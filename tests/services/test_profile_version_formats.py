"""Issue 35 item 3: the profile versions a database keeps were written for the format of the
release that adopted them; after an upgrade of the program they load through the upgrader,
the text kept as adopted (its SHA-256 unchanged), and the acts they judge go on."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

from mototaxi_desk.domain import profiles, wallclock
from mototaxi_desk.domain.profile_formats import CURRENT
from mototaxi_desk.services.trust import integrity
from mototaxi_desk.services import ledger, setup
from mototaxi_desk.services.administration import profile_versions
from mototaxi_desk.store.models import ProfileVersion

from ..conftest import PF
from .ledger_helpers import ADMIN, FISCAL, TODAY, holder_permit, notice_data

HISTORY = Path(__file__).resolve().parents[1] / "profiles" / "history"
# Porto Feliz as version 0.1.0 shipped it (format 5, no declaration): what a município set
# up with that release keeps as version 1 in its database
RELEASE_0_1_0 = HISTORY / "6e9dc85" / f"{PF}.toml"
# the município's own law written from that release's docs/profiles.md
OWN_LAW = HISTORY / "v0.1.0-docs" / "lagoa-serena-2020.toml"


def _initialise(path: Path) -> dict:
    with wallclock.travel(dt.date(2026, 1, 5)):
        return setup.initialise(profile_id=str(path), municipio="Porto Feliz", uf="SP",
                                ibge="3540606", population="52000", fiscal_unit_value="1,00",
                                admin_password="senha-forte-1")


def test_a_version_stored_by_release_0_1_0_loads_with_its_text_and_hash_unchanged(db):
    text = RELEASE_0_1_0.read_text(encoding="utf-8")
    _initialise(RELEASE_0_1_0)
    (row,) = ProfileVersion.select()
    assert (row.text, row.sha256) == (text, profiles.text_hash(text))  # as adopted
    in_force = setup.profile(on=TODAY)
    assert in_force == profiles.apply_overrides(profiles.load_text(text, "x").profile, {})
    assert in_force.vehicle.owner_rule == "holder"  # a key format 5 lacked, upgraded in memory
    assert integrity.check(file_check=False) == []
    (version,) = profile_versions.versions()
    assert (version["format"], version["upgraded"]) == (1, True)
    assert ProfileVersion.get().sha256 == profiles.text_hash(text)  # reading changed nothing


def test_acts_go_on_under_a_stored_earlier_format(db):
    """A notice recorded under the 0.1.0 wording of PF: its catalogue and fine (PF Art. 32,
    a multiple of the tariff) come from the upgraded text."""
    _initialise(RELEASE_0_1_0)
    _, permit = holder_permit()
    notice = ledger.record_notice(FISCAL, notice_data(permit, "24-I", "10/05/2026 10:00"),
                                  on=TODAY)
    assert notice["infraction_code"] == "24-I" and notice["fine_cents"] > 0
    assert integrity.check(file_check=False) == []


def test_adopting_an_earlier_format_wording_keeps_its_text_and_says_what_was_upgraded(
        db, tmp_path):
    _initialise(RELEASE_0_1_0)
    amended = RELEASE_0_1_0.read_text(encoding="utf-8").replace(
        "max_age_years = 5", "max_age_years = 7", 1)
    assert amended != RELEASE_0_1_0.read_text(encoding="utf-8")
    file = tmp_path / f"{PF}.toml"
    file.write_text(amended, encoding="utf-8")
    done = profile_versions.adopt(ADMIN, file, "01/06/2026", on=TODAY)
    assert done["number"] == 2 and done["notices"]
    assert done["notices"][0].startswith("chave 'format': o perfil não declara o formato")
    stored = ProfileVersion.get(ProfileVersion.number == 2)
    assert (stored.text, stored.sha256) == (amended, profiles.text_hash(amended))
    assert setup.profile(on=dt.date(2026, 6, 2)).vehicle.max_age_years == 7
    assert setup.profile(on=dt.date(2026, 5, 31)).vehicle.max_age_years == 5
    assert integrity.check(file_check=False) == []


def test_a_municipios_own_law_of_release_0_1_0_sets_up_a_database(db):
    _initialise(OWN_LAW)
    assert setup.summary()["profile_id"] == "lagoa-serena-2020"
    assert setup.profile().defence.notification_article == ""  # assumed, with a notice
    assert integrity.check(file_check=False) == []
    (version,) = profile_versions.versions()
    assert version["upgraded"] and version["format"] < CURRENT
