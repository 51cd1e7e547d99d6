"""Auxiliary drivers: SRM Arts. 21, 23 III; PF prepostos (Art. 25 I); L1745 Art. 16."""
import datetime as dt
import json

import pytest

from mototaxi_desk.domain.errors import DomainError, RuleRefusal, ValidationError
from mototaxi_desk.services.licensing import auxiliary, bars, permit_history
from mototaxi_desk.services.payments import fees
from mototaxi_desk.services import setup
from mototaxi_desk.services.context import PermissionDenied
from mototaxi_desk.store.models import AuditLog, AuxiliaryDriver, Fee, PersonBar

from ..conftest import L1745, PF, SRM, row_counts
from . import fleet_helpers as h
from .fleet_helpers import ON






def a_permit(name="Titular da Permissão", **fields):
    return h.holder_with_permit(name, **fields)[2]


def test_srm_credential_valid_for_12_months_with_history_and_audit(srm):
    """SRM Art. 21: yearly renewal."""
    permit = a_permit()
    person = h.person("Joaquim Auxiliar")
    result = auxiliary.credential(h.clerk(), permit.id, person, on=ON)
    assert result["valid_until"] == dt.date(2027, 6, 1) and result["active"]
    assert result["person_name"] == "Joaquim Auxiliar"
    line = permit_history.history(permit.id)[-1]
    assert line["action"] == "auxiliary_credential" and line["details"]["person_id"] == person
    log = AuditLog.get(AuditLog.action == "auxiliary.credential")
    assert json.loads(log.after)["permit"] == permit.id


def test_srm_one_auxiliary_per_vehicle(srm):
    """SRM Art. 23 III: 1 condutor auxiliar por veículo."""
    permit = a_permit()
    first = auxiliary.credential(h.clerk(), permit.id, h.person("Primeiro"), on=ON)
    second = h.person("Segundo")
    before = row_counts()
    with pytest.raises(RuleRefusal, match="máximo 1 por veículo") as err:
        auxiliary.credential(h.clerk(), permit.id, second, on=ON)
    assert err.value.article == "Art. 23 III"
    assert row_counts() == before
    fee = Fee.get(Fee.person == permit.holder_id)  # SRM Art. 47 II: the auxiliary's card
    assert fee.code == "aux_card" and fee.units == 1
    auxiliary.end(h.clerk(), first["id"], on=ON, reason="Dispensado pelo permissionário")
    h.pay_fees(permit.holder_id)  # the first card fee (SRM Art. 47 II)
    assert auxiliary.credential(h.clerk(), permit.id, second, on=ON)["active"]


@pytest.mark.parametrize("profile_id", [PF, L1745])
def test_no_limit_and_no_renewal_where_the_law_sets_none(make_municipio, profile_id):
    """PF Art. 25 I (prepostos) and L1745 Art. 16 set no number nor yearly renewal."""
    make_municipio(profile_id, today=ON)
    permit = a_permit()
    for name in ("Um Preposto", "Dois Preposto", "Tres Preposto"):
        result = auxiliary.credential(h.clerk(), permit.id, h.person(name), on=ON)
        assert result["valid_until"] is None
    assert len(auxiliary.active_for_permit(permit.id, on=ON)) == 3
    with pytest.raises(RuleRefusal, match="não exige renovação"):
        auxiliary.recredential(h.clerk(), result["id"], on=ON)


def test_refused_where_the_municipio_turned_auxiliaries_off(srm):
    setup.set_profile_number(h.admin(), "auxiliary.allowed", False)
    permit = a_permit()
    person = h.person("Auxiliar")
    before = row_counts()
    with pytest.raises(RuleRefusal, match="não prevê condutor auxiliar") as err:
        auxiliary.credential(h.clerk(), permit.id, person, on=ON)
    assert err.value.article == "Art. 21"
    assert row_counts() == before


def test_holder_is_not_his_own_auxiliary(srm):
    holder, _, permit = h.holder_with_permit()
    with pytest.raises(RuleRefusal, match="própria permissão"):
        auxiliary.credential(h.clerk(), permit.id, holder, on=ON)


def test_one_vehicle_at_a_time(srm):
    """SRM Art. 23 IV: the auxiliary operates only the vehicle he is credentialed on."""
    first, second = a_permit("Titular Um"), a_permit("Titular Dois")
    person = h.person("Auxiliar")
    auxiliary.credential(h.clerk(), first.id, person, on=ON)
    with pytest.raises(RuleRefusal, match=f"permissão nº {first.order_number}"):
        auxiliary.credential(h.clerk(), second.id, person, on=ON)


@pytest.mark.parametrize("profile_id, changes, words, article", [
    (SRM, {"birth": dt.date(2005, 6, 2)}, "Idade de 20 anos", "Art. 20"),      # SRM Art. 21 I
    (SRM, {"ear": False}, "EAR", "Art. 20"),                                   # SRM Art. 21 II
    (SRM, {"first": dt.date(2025, 1, 1)}, "pelo menos 2 anos", "Art. 20"),     # SRM Art. 21 II
    (SRM, {"category": "B"}, "categoria B", "Art. 20"),
    (PF, {"birth": dt.date(2005, 6, 2)}, "Idade de 20 anos", "Art. 13 §1º"),  # PF Art. 13 §1º
    (PF, {"expiry": dt.date(2026, 5, 1)}, "CNH vencida", "Art. 13 §1º"),
    (L1745, {"cnh": False}, "CNH não cadastrada", "Art. 2 §1º"),             # L1745 Art. 2 §1º I
    (L1745, {"ear": False}, "EAR", "Art. 2 §1º"),
])
def test_auxiliary_meets_the_holders_personal_requirements(make_municipio, profile_id,
                                                          changes, words, article):
    make_municipio(profile_id, today=ON)
    permit = a_permit()
    person = h.person("Candidato", **changes)
    before = row_counts()
    with pytest.raises(RuleRefusal, match=words) as err:
        auxiliary.credential(h.clerk(), permit.id, person, on=ON)
    assert err.value.article == article
    assert row_counts() == before


def test_pf_preposto_needs_no_ear(pf):
    """PF Art. 13 §1º does not ask for the EAR remark."""
    permit = a_permit()
    assert auxiliary.credential(h.clerk(), permit.id, h.person("Sem EAR", ear=False), on=ON)


def test_a_cassated_credential_bars_a_new_one_for_2_years_srm_art_38_par_3(srm):
    """SRM Art. 38 IV and §3º: the auxiliary whose credential is cassated "somente poderá
    obter outro após decorridos 2 (dois) anos" — a credential bar, not a permit bar."""
    permit = a_permit()
    person = h.person("Cassado")
    aux = auxiliary.credential(h.clerk(), permit.id, person, on=ON)
    result = auxiliary.cassate_credential(h.admin(), aux["id"], on=ON, reason="Embriaguez "
                                          "reincidente (Art. 38 IV a)",
                                          act_number="Portaria 9/2026")
    assert not result["active"] and result["barred_until"] == dt.date(2028, 6, 1)
    assert permit_history.history(permit.id)[-1]["action"] == "auxiliary_cassate"
    other = a_permit("Outro Titular")
    before = row_counts()
    with pytest.raises(RuleRefusal, match="impedido\\(a\\) até 01/06/2028") as err:
        auxiliary.credential(h.clerk(), other.id, person, on=dt.date(2028, 6, 1))
    assert err.value.article == "Art. 38 IV; §3º" and row_counts() == before
    assert bars.active_bars(person, dt.date(2027, 1, 1)) == []  # a new permit: not barred
    assert auxiliary.credential(h.clerk(), other.id, person, on=dt.date(2028, 6, 2))


def test_a_cassated_credential_bars_for_good_l1745_art_17_par_2(l1745):
    """L1745 Art. 17 IV and §2º: "impedido de conduzir moto-táxi no Município", no end."""
    permit = a_permit()
    person = h.person("Registro Cassado")
    aux = auxiliary.credential(h.clerk(), permit.id, person, on=ON)
    assert auxiliary.cassate_credential(h.admin(), aux["id"], on=ON,
                                        reason="Art. 17 IV")["barred_until"] is None
    with pytest.raises(RuleRefusal, match="por tempo indeterminado"):
        auxiliary.credential(h.clerk(), a_permit("Outro").id, person, on=dt.date(2040, 1, 1))


def test_pf_has_no_cassation_of_the_prepostos_credential_art_30(pf):
    """PF Art. 30: the holder answers for his prepostos; the law punishes the permit."""
    aux = auxiliary.credential(h.clerk(), a_permit().id, h.person("Preposto"), on=ON)
    before = row_counts()
    with pytest.raises(RuleRefusal, match="não prevê a cassação do credenciamento"):
        auxiliary.cassate_credential(h.admin(), aux["id"], on=ON, reason="x")
    assert row_counts() == before


def test_only_deciders_cassate_a_credential(srm):
    aux = auxiliary.credential(h.clerk(), a_permit().id, h.person("Auxiliar"), on=ON)
    with pytest.raises(PermissionDenied):
        auxiliary.cassate_credential(h.clerk(), aux["id"], on=ON, reason="x")


def test_lifted_forever_and_permit_bars(srm):
    """Only a credential's own cassation stops a credential: a cassated holder's bar is on a
    new permit (PF Art. 37 §ú, SRM Art. 38 §1º, L1745 Art. 17 §1º) like a transferor's (SRM
    Art. 4 §9º II)."""
    permit = a_permit()
    lifted, forever, transferor, holder = (h.person("Anistiado"), h.person("Para Sempre"),
                                           h.person("Transferente"), h.person("Ex-titular"))
    PersonBar.create(person=lifted, reason="credential_cassation", since=ON, until=None,
                     article="A", lifted=True)
    PersonBar.create(person=forever, reason="credential_cassation", since=ON, until=None,
                     article="Art. 17 §2º")
    PersonBar.create(person=transferor, reason="transferor", since=ON, until=None,
                     article="Art. 4 §9º")
    PersonBar.create(person=holder, reason="cassation", since=ON, until=dt.date(2028, 6, 1),
                     article="Art. 38 §1º")
    with pytest.raises(RuleRefusal, match="por tempo indeterminado"):
        auxiliary.credential(h.clerk(), permit.id, forever, on=ON)
    assert auxiliary.credential(h.clerk(), permit.id, lifted, on=ON)
    assert auxiliary.credential(h.clerk(), a_permit("Outro Titular").id, transferor, on=ON)
    assert auxiliary.credential(h.clerk(), a_permit("Mais Um").id, holder, on=ON)


def test_srm_debts_of_holder_or_auxiliary_block(srm):
    """SRM Art. 50 names the credential of the auxiliary driver."""
    holder, _, permit = h.holder_with_permit()
    person = h.person("Auxiliar")
    fee = fees.charge(h.clerk(), holder, "card", on=ON)
    with pytest.raises(RuleRefusal, match="débitos") as err:
        auxiliary.credential(h.clerk(), permit.id, person, on=ON)
    assert err.value.article == "Art. 50"
    fees.pay(h.clerk(), fee.id, paid_on=ON, receipt="DAM 1")
    fees.charge(h.clerk(), person, "aux_card", on=ON)
    before = row_counts()
    with pytest.raises(RuleRefusal, match="débitos"):
        auxiliary.credential(h.clerk(), permit.id, person, on=ON)
    assert row_counts() == before


def test_l1745_debts_do_not_block(l1745):
    """L1745: debts block only the renewal (Art. 9), not this request."""
    holder, _, permit = h.holder_with_permit()
    fees.charge(h.clerk(), holder, "permit_grant", on=ON)
    assert auxiliary.credential(h.clerk(), permit.id, h.person("Auxiliar"), on=ON)


@pytest.mark.parametrize("status", ["expired", "revoked", "cassated", "withdrawn", "lapsed"])
def test_permit_must_be_live(srm, status):
    permit = a_permit(status=status)
    with pytest.raises(DomainError, match="situação"):
        auxiliary.credential(h.clerk(), permit.id, h.person("Auxiliar"), on=ON)


def test_srm_recredential_renews_from_the_day_and_rechecks(srm):
    """SRM Art. 21: recadastramento anual with the requirements proven again."""
    permit = a_permit()
    aux = auxiliary.credential(h.clerk(), permit.id, h.person("Auxiliar"), on=ON)
    h.pay_fees(permit.holder_id)
    renewed = auxiliary.recredential(h.clerk(), aux["id"], on=dt.date(2027, 5, 20))
    h.pay_fees(permit.holder_id)
    assert renewed["valid_until"] == dt.date(2028, 5, 20)
    line = permit_history.history(permit.id)[-1]
    assert line["action"] == "auxiliary_recredential"
    assert line["details"]["previous_valid_until"] == "2027-06-01"
    # by 2030 the auxiliary's CNH (valid to 20/01/2030) has expired
    before = row_counts()
    with pytest.raises(RuleRefusal, match="CNH vencida"):
        auxiliary.recredential(h.clerk(), aux["id"], on=dt.date(2030, 2, 1))
    assert row_counts() == before


def test_end_credential(srm):
    permit = a_permit()
    aux = auxiliary.credential(h.clerk(), permit.id, h.person("Auxiliar"), on=ON)
    before = row_counts()
    with pytest.raises(ValidationError, match="Motivo do encerramento"):
        auxiliary.end(h.clerk(), aux["id"], on=ON, reason="  ")
    with pytest.raises(ValidationError, match="Motivo do encerramento"):
        auxiliary.end(h.clerk(), aux["id"], on=ON, reason="x" * 300)
    assert row_counts() == before
    ended = auxiliary.end(h.clerk(), aux["id"], on=dt.date(2026, 9, 1), reason="Pediu para sair")
    assert not ended["active"] and ended["ended_on"] == dt.date(2026, 9, 1)
    row = AuxiliaryDriver.get_by_id(aux["id"])
    assert row.end_reason == "Pediu para sair"
    assert permit_history.history(permit.id)[-1]["action"] == "auxiliary_end"
    with pytest.raises(DomainError, match="já foi encerrado"):
        auxiliary.end(h.clerk(), aux["id"], on=ON, reason="de novo")
    with pytest.raises(DomainError, match="foi encerrado"):
        auxiliary.recredential(h.clerk(), aux["id"], on=ON)


def test_roles_and_unknown_ids(srm):
    permit = a_permit()
    person = h.person("Auxiliar")
    with pytest.raises(PermissionDenied):
        auxiliary.credential(h.FISCAL, permit.id, person, on=ON)
    with pytest.raises(ValidationError, match="Pessoa"):
        auxiliary.credential(h.clerk(), permit.id, 9999, on=ON)
    with pytest.raises(ValidationError, match="Permissão"):
        auxiliary.credential(h.clerk(), 9999, person, on=ON)
    with pytest.raises(ValidationError, match="Condutor auxiliar"):
        auxiliary.end(h.clerk(), 9999, on=ON, reason="x")
