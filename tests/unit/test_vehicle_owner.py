"""Who may own the holder's vehicle is profile data with its own article (vehicle.owner_rule,
vehicle.owner_article): the holder only under PF Art. 15 VII, SRM Art. 20 II and L1745
Art. 2 §2º I; a município's law may also accept the spouse or a relative to the 2nd degree,
or anyone."""
import dataclasses

import pytest

from mototaxi_desk.domain import vehicle_rules
from mototaxi_desk.domain.errors import ProfileError, RuleRefusal, ValidationError
from mototaxi_desk.domain.profiles import load_profile, parse_profile

PF, SRM, L1745 = (load_profile(p) for p in ("porto-feliz-2017",
                                            "sao-raimundo-das-mangabeiras-2019",
                                            "lei-1745-2011"))


def _with_rule(profile, rule):
    return dataclasses.replace(profile, vehicle=dataclasses.replace(profile.vehicle,
                                                                    owner_rule=rule))


@pytest.mark.parametrize("profile, article", [(PF, "Art. 15 VII"), (SRM, "Art. 20 II"),
                                              (L1745, "Art. 2 §2º I")])
def test_the_holder_must_own_the_vehicle_citing_the_ownership_article(profile, article):
    vehicle_rules.check_owner(profile, 7, 7)
    with pytest.raises(RuleRefusal, match="propriedade do permissionário") as err:
        vehicle_rules.check_owner(profile, 8, 7, "irmao")  # no family under these laws
    assert err.value.article == article != profile.holder.article


def test_holder_or_family_needs_the_declared_relation():
    rule = _with_rule(SRM, "holder_or_family")
    vehicle_rules.check_owner(rule, 8, 7, "conjuge")
    vehicle_rules.check_owner(rule, 8, 7, "cunhado")  # 2nd degree by marriage
    with pytest.raises(RuleRefusal, match="informe o parentesco"):
        vehicle_rules.check_owner(rule, 8, 7, None)
    with pytest.raises(ValidationError, match="Parentesco do proprietário"):
        vehicle_rules.clean_owner_relation("primo")  # 4th degree
    assert vehicle_rules.clean_owner_relation("") is None


def test_any_owner():
    vehicle_rules.check_owner(_with_rule(PF, "any"), 8, 7)


def test_an_unknown_owner_rule_is_a_profile_error(tmp_path):
    source = (load_profile.__globals__["PROFILES_DIR"] / "porto-feliz-2017.toml").read_text(
        encoding="utf-8").replace('owner_rule = "holder"', 'owner_rule = "vizinho"')
    path = tmp_path / "porto-feliz-2017.toml"
    path.write_text(source, encoding="utf-8")
    with pytest.raises(ProfileError, match="vehicle.owner_rule"):
        parse_profile(path)
