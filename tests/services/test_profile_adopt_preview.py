"""Issue 35 item 2 (and issue 37 item 5): before adopting a new wording of the law the admin
sees what it would do — the upgrade's notices and every rule that changes against the
version in force, with its article — from `profile_versions.preview`, which writes nothing
and refuses what `adopt` refuses; another law's file is refused unless the admin names the
law it replaces."""
from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from mototaxi_desk.domain.errors import ProfileError, RuleRefusal, ValidationError
from mototaxi_desk.domain.profiles import PROFILES_DIR, text_hash
from mototaxi_desk.services.administration import profile_versions
from mototaxi_desk.services import setup
from mototaxi_desk.services.context import PermissionDenied
from mototaxi_desk.store.models import AuditLog, ProfileVersion

from ..conftest import L1745, PF, row_counts
from ..factories import CLERK
from .ledger_helpers import ADMIN, TODAY
from .test_profile_versions import GROUP_A_DEARER, amended

HISTORY = Path(__file__).resolve().parents[1] / "profiles" / "history"
RELEASE_0_1_0 = HISTORY / "6e9dc85" / f"{PF}.toml"  # PF as 0.1.0 shipped it (no format line)


def _texts(result: dict) -> list[str]:
    return [c["text"] for c in result["changes"]]


def test_preview_names_each_change_with_its_article_and_writes_nothing_pf_art_32(pf, tmp_path):
    """PF Art. 32 (group A: 50 tariffs, 1 point) amended to 80 and 2; PF Art. 17 (the
    vehicle's age, 5 years) to 7: each change with the article it cites; nothing written."""
    wording = amended(tmp_path, GROUP_A_DEARER, ("max_age_years = 5 ", "max_age_years = 7 "))
    counts = row_counts()
    seen = profile_versions.preview(ADMIN, wording)
    assert row_counts() == counts
    assert (seen["number"], seen["profile_id"], seen["notices"]) == (2, PF, [])
    assert seen["follows"]["number"] == 1 and seen["follows"]["since"] == "a instalação"
    texts = _texts(seen)
    assert "Veículo, idade máxima do veículo (anos): 5 → 7 (Art. 15 I; Art. 17)" in texts
    dearer = next(c for c in seen["changes"] if c["key"] == "penalties.classes[A]"
                  ".fine_tariff_multiple")
    assert (dearer["kind"], dearer["before"], dearer["after"], dearer["article"]) == \
        ("changed", "50", "80", "Art. 32")
    assert dearer["text"].startswith("Classe A (Grupo A), multa (em tarifas): 50 → 80 "
                                     "(Art. 32) [vale para as infrações 24-I")
    assert len(seen["changes"]) == 3  # the points too; nothing else


def test_adopt_returns_the_same_comparison_and_audits_as_before(pf, tmp_path):
    wording = amended(tmp_path, GROUP_A_DEARER)
    seen = profile_versions.preview(ADMIN, wording, "01/06/2026")
    done = profile_versions.adopt(ADMIN, wording, "01/06/2026", on=TODAY)
    assert done["changes"] == seen["changes"] and done["number"] == seen["number"] == 2
    entry = AuditLog.select().where(AuditLog.action == "profile.adopt").order_by(
        AuditLog.id.desc()).first()
    assert json.loads(entry.after) == {"number": 2, "profile_id": PF,
                                       "effective_from": "2026-06-01",
                                       "sha256": text_hash(wording.read_text(encoding="utf-8")),
                                       "source": str(wording)}


def test_an_earlier_format_file_shows_what_was_assumed_and_what_its_rules_change(pf,
                                                                                 tmp_path):
    """A município's 0.1.0 file amended (PF Art. 17, 5 → 7 years): the notices say what the
    upgrade assumed, and the comparison shows what adopting that old text would really
    change — the sanctions decided case by case (PF Art. 37) it never had included."""
    text = RELEASE_0_1_0.read_text(encoding="utf-8").replace("max_age_years = 5",
                                                              "max_age_years = 7", 1)
    wording = tmp_path / f"{PF}.toml"
    wording.write_text(text, encoding="utf-8")
    seen = profile_versions.preview(ADMIN, wording)
    assert seen["notices"][0].startswith("chave 'format': o perfil não declara o formato")
    assert any("vehicle.owner_rule" in n for n in seen["notices"])
    texts = _texts(seen)
    assert "Veículo, idade máxima do veículo (anos): 5 → 7 (Art. 15 I; Art. 17)" in texts
    assert any(t.startswith("Exclusão: Decisão «Cassação da permissão» (Art. 37)")
               for t in texts)
    assert ProfileVersion.select().count() == 1


def test_a_number_the_municipio_edited_is_noted_in_its_change(pf, tmp_path):
    setup.set_profile_number(ADMIN, "vehicle.max_age_years", 6)
    seen = profile_versions.preview(
        ADMIN, amended(tmp_path, ("max_age_years = 5 ", "max_age_years = 7 ")))
    (change,) = seen["changes"]
    assert "o município alterou este número para 6: esse valor continua valendo" in \
        change["text"]


def test_another_laws_file_is_refused_naming_both_laws(pf, tmp_path):
    """Issue 37 item 5: a file of another law adopted as a 'new version' of the one in
    force replaced the município's law without a word. Refused by preview and adopt, naming
    both laws; adopted only when the admin names the law it replaces."""
    other = tmp_path / f"{L1745}.toml"
    other.write_text(PROFILES_DIR.joinpath(f"{L1745}.toml").read_text(encoding="utf-8"),
                     encoding="utf-8")
    counts = row_counts()
    for attempt in (lambda: profile_versions.preview(ADMIN, other),
                    lambda: profile_versions.adopt(ADMIN, other, "01/06/2026", on=TODAY),
                    lambda: profile_versions.adopt(ADMIN, other, "01/06/2026", on=TODAY,
                                                   replaces_law=L1745)):  # the wrong one
        with pytest.raises(RuleRefusal) as refused:
            attempt()
        message = str(refused.value)
        assert "é de outra lei: Lei Ordinária nº 1.745" in message
        assert f"(perfil {L1745})" in message and f"(perfil {PF})" in message
        assert f"--replaces-law {PF}" in message
    assert row_counts() == counts
    done = profile_versions.adopt(ADMIN, other, "01/06/2026", on=TODAY, replaces_law=PF)
    assert (done["number"], done["profile_id"]) == (2, L1745)
    assert setup.profile(on=dt.date(2026, 6, 2)).id == L1745


def test_preview_refuses_what_adopt_refuses_with_nothing_written(pf, tmp_path):
    same = tmp_path / "same" / f"{PF}.toml"
    same.parent.mkdir()
    same.write_text(PROFILES_DIR.joinpath(f"{PF}.toml").read_text(encoding="utf-8"),
                    encoding="utf-8")
    broken = amended(tmp_path, ("validity_months = 12 ", "validity_months = 0 "),
                     ('uf = "SP"', 'uf = "XX"'))
    counts = row_counts()
    with pytest.raises(RuleRefusal, match="igual ao da versão em vigor"):
        profile_versions.preview(ADMIN, same)
    with pytest.raises(ProfileError, match="2 problemas"):
        profile_versions.preview(ADMIN, broken)
    with pytest.raises(ProfileError, match="não encontrado"):
        profile_versions.preview(ADMIN, tmp_path / "nada.toml")
    with pytest.raises(PermissionDenied):
        profile_versions.preview(CLERK, amended(tmp_path, GROUP_A_DEARER))
    assert row_counts() == counts


def test_a_date_not_after_the_latest_version_is_refused_as_soon_as_it_is_given(pf, tmp_path):
    profile_versions.adopt(ADMIN, amended(tmp_path, GROUP_A_DEARER), "01/06/2026", on=TODAY)
    later = amended(tmp_path, ("max_age_years = 5 ", "max_age_years = 7 "))
    assert profile_versions.latest_version()["earliest"] == dt.date(2026, 6, 2)
    counts = row_counts()
    for date in ("01/06/2026", "15/05/2026"):
        with pytest.raises(RuleRefusal, match=r"depois da versão 2 \(em vigor desde "
                                              r"01/06/2026\)"):
            profile_versions.check_effective_date(date)
        with pytest.raises(RuleRefusal, match="depois da versão 2"):
            profile_versions.preview(ADMIN, later, date)
    with pytest.raises(ValidationError, match="Data de vigência"):
        profile_versions.check_effective_date("31/02/2027")
    assert profile_versions.check_effective_date("02/06/2026") == dt.date(2026, 6, 2)
    assert row_counts() == counts
