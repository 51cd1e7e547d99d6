"""The sanctions each law lets the authority decide case by case ([[decisions]] in the
profiles): which exist, on which grounds, and the loader's refusals."""
import pytest

from mototaxi_desk.domain.profiles import PROFILES_DIR, ProfileError, load_profile, parse_profile

SRM = PROFILES_DIR / "sao-raimundo-das-mangabeiras-2019.toml"


def _kinds(profile_id):
    return {d.sanction: d for d in load_profile(profile_id).decisions}


def test_pf_decides_cassation_art_37_and_loss_art_12_no_suspension():
    """PF Art. 30 has no suspension; Art. 37 I, III-V cassation; Art. 12 loss of the permit."""
    kinds = _kinds("porto-feliz-2017")
    assert set(kinds) == {"cassation", "revocation"}
    assert [g.article for g in kinds["cassation"].grounds] == [
        "Art. 37 I", "Art. 37 III", "Art. 37 IV", "Art. 37 V"]
    assert "Art. 38 §2º" in kinds["cassation"].authority
    assert {g.article for g in kinds["revocation"].grounds} == {"Art. 11 §ú", "Art. 12",
                                                                "Art. 9 §2º"}


def test_srm_decides_only_cassation_arts_29_and_38_iii():
    """SRM Art. 38 I-II (suspension, revocation) follow the count of infractions: not decided."""
    kinds = _kinds("sao-raimundo-das-mangabeiras-2019")
    assert set(kinds) == {"cassation"}
    articles = {g.article for g in kinds["cassation"].grounds}
    assert "Art. 29 §ú" in articles and {f"Art. 38 III {x}" for x in "abcdefgh"} <= articles
    assert "Art. 41 §ú" in kinds["cassation"].authority


def test_l1745_suspension_up_to_30_days_art_17_par_3_and_cassation_by_decree_art_18():
    kinds = _kinds("lei-1745-2011")
    assert set(kinds) == {"suspension", "cassation"}
    assert kinds["suspension"].max_days == 30
    assert "Decreto" in kinds["cassation"].authority
    assert "Art. 10 §ú" in {g.article for g in kinds["cassation"].grounds}


def _variant(tmp_path, edit):
    target = tmp_path / SRM.name
    target.write_text(edit(SRM.read_text(encoding="utf-8")), encoding="utf-8")
    return target


@pytest.mark.parametrize("edit, words", [
    (lambda t: t.replace('sanction = "cassation"', 'sanction = "exílio"'),
     "decisions[1].sanction"),
    (lambda t: t.replace('code = "38-III-b"', 'code = "38-III-a"'), "decisions[1].grounds[2].code"),
    (lambda t: t.replace('warns = ["renew"]', 'warns = ["voar"]', 1), "warns[1]"),
    (lambda t: t.replace("max_days = 0\n\n[[decisions.grounds]]\ncode = \"38-III-a\"",
                         "max_days = 9\n\n[[decisions.grounds]]\ncode = \"38-III-a\""),
     "decisions[1].max_days"),
])
def test_bad_decisions_are_named(tmp_path, edit, words):
    """Items are counted from 1 in the messages (profiles check)."""
    with pytest.raises(ProfileError) as err:
        parse_profile(_variant(tmp_path, edit))
    assert words in str(err.value) and SRM.name in str(err.value)
