"""The acts of the prontuário's "Mais ▾" menu (services/permit_actions): offered only where the
município's law has them, enabled only where they apply, a preview that runs the act and
writes nothing, the same refusals as the services, and the document each act leaves."""
import datetime as dt

import pytest

from mototaxi_desk.domain.errors import DomainError, RuleRefusal
from mototaxi_desk.services import act_documents, documents, permit_actions, setup
from mototaxi_desk.services.licensing import auxiliary
from mototaxi_desk.services.views import counter
from mototaxi_desk.services.payments import fees
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.connection import write_transaction
from mototaxi_desk.store.models import AuditLog, Permit, PrintLog

from ..conftest import L1745, PF, SRM, row_counts
from ..factories import CLERK, SUPERVISOR, make_person, make_vehicle
from ..printing import pdf_tools
from .ledger_helpers import holder_permit

DAY = dt.date(2026, 3, 2)
FISCAL = Actor(None, "fiscal.teste", "fiscal")


def _pay_all(person_id):
    for debt in fees.open_debts(person_id):
        fees.pay(CLERK, debt["id"], paid_on=DAY, receipt=f"DAM {debt['id']}")


def _newcomer(name="Novo Titular Sá"):
    person = make_person(name, today=DAY)
    vehicle = make_vehicle(person["id"], year=2025, today=DAY,
                           insured_until=dt.date(2032, 12, 31))
    return person, vehicle


def test_each_law_offers_its_own_acts(make_municipio):
    """PF: no transfer (Art. 12: the permit reverts), no suspension, no cassation of the
    preposto's own registration (Art. 30), no vistoria on demand; SRM: suspension and
    revocation only by count (Art. 38 I-II), the auxiliary's cassation (Art. 38 IV), summons
    (Art. 17 §2º); L1745: no interruption nor desistência (so no unauthorised stoppage), the
    auxiliary's cassation (Art. 17 IV), summons (Art. 10)."""
    expected = {
        "porto-feliz-2017": {"interrupt", "resume", "desist", "revoke", "cassate",
                             "reinstate", "aux_issue", "aux_end", "stoppage"},
        "sao-raimundo-das-mangabeiras-2019": {"transfer", "interrupt", "extend", "resume",
                                              "desist", "cassate", "reinstate", "aux_issue",
                                              "aux_renew", "aux_end", "aux_cassate",
                                              "stoppage", "summon", "license"},
        "lei-1745-2011": {"transfer", "resume", "suspend", "cassate", "reinstate",
                          "aux_issue", "aux_end", "aux_cassate", "summon"},
    }
    for profile_id, acts in expected.items():
        from mototaxi_desk.domain.profiles import load_profile
        assert set(permit_actions.offered(load_profile(profile_id))) == acts, profile_id


def test_desistance_refused_where_the_law_has_none_l1745(l1745):
    _, permit = holder_permit()
    before = row_counts()
    with pytest.raises(RuleRefusal, match="não prevê desistência"):
        permit_actions.run(SUPERVISOR, "desist", permit_id=permit["id"], reason="x")
    with pytest.raises(RuleRefusal, match="não prevê interrupção"):
        permit_actions.preview(SUPERVISOR, "interrupt", permit_id=permit["id"], days=5)
    assert row_counts() == before


def test_transfer_refused_in_pf_art_12(pf):
    _, permit = holder_permit()
    with pytest.raises(RuleRefusal, match="Art. 12"):
        permit_actions.run(SUPERVISOR, "transfer", permit_id=permit["id"], new_holder_id=1,
                           new_vehicle_id=1)


def test_record_menu_enables_what_applies_and_says_why_not(srm):
    holder, permit = holder_permit()
    boss = counter.actions(SUPERVISOR, holder["id"])["permit_acts"]
    clerk = counter.actions(CLERK, holder["id"])["permit_acts"]
    assert "suspend" not in boss and "revoke" not in boss  # SRM Art. 38 I-II: by count only
    assert boss["transfer"]["enabled"] and boss["transfer"]["permit_ids"] == [permit["id"]]
    assert not clerk["transfer"]["enabled"]
    assert clerk["transfer"]["why"] == "Seu perfil não pode transferir permissões."
    assert clerk["aux_issue"]["enabled"]  # the counter credentials auxiliary drivers
    assert boss["resume"]["why"] == "Nenhuma permissão interrompida ou suspensa."
    assert not boss["reinstate"]["enabled"] and not boss["aux_end"]["enabled"]
    _pay_all(holder["id"])
    aux = auxiliary.credential(CLERK, permit["id"], make_person("Aux Iliar", today=DAY)["id"],
                               on=DAY)
    # the holder's record and the auxiliary's own record both reach the credential
    assert counter.actions(CLERK, holder["id"])["permit_acts"]["aux_renew"]["auxiliary_ids"] \
        == [aux["id"]]
    assert counter.actions(CLERK, aux["person"])["permit_acts"]["aux_end"]["auxiliary_ids"] \
        == [aux["id"]]


def test_preview_runs_the_act_and_writes_nothing_srm_art_4_par_9(srm):
    """SRM Art. 4 §9º: after 3 years, the transferor barred; Art. 47 IX: 15 UFM."""
    holder, permit = holder_permit()
    new, vehicle = _newcomer()
    inputs = {"permit_id": permit["id"], "new_holder_id": new["id"],
              "new_vehicle_id": vehicle["id"], "on": DAY}
    before, chain = row_counts(), AuditLog.select().count()
    early = permit_actions.preview(SUPERVISOR, "transfer", **inputs)
    assert "3 anos" in early["refusal"] and not early["consequences"]
    Permit.update(held_since=dt.date(2022, 1, 10)).where(Permit.id == permit["id"]).execute()
    shown = permit_actions.preview(SUPERVISOR, "transfer", **inputs)
    assert shown["refusal"] == ""
    text = " ".join(shown["consequences"])
    assert "Raimundo Nonato Sá → Novo Titular Sá" in text
    assert "impedido(a) de nova outorga" in text and "Art. 4 §9º" in text
    assert shown["fees"] == ["Transferência de permissão — R$ 723,90 (15 UFM, Art. 47 IX), "
                             "lançada para Novo Titular Sá"]
    assert row_counts() == before and AuditLog.select().count() == chain
    assert Permit.get_by_id(permit["id"]).holder_id == holder["id"]


def test_preview_of_a_role_that_may_not_is_not_run(srm):
    _, permit = holder_permit()
    chain = AuditLog.select().count()
    shown = permit_actions.preview(FISCAL, "interrupt", permit_id=permit["id"], days=5)
    assert shown["refusal"] == "Seu perfil não pode autorizar interrupções."
    assert AuditLog.select().count() == chain  # no refused:* entry for a mere preview


def test_interruption_preview_warns_of_cassation_srm_art_29_par_unico(srm):
    _, permit = holder_permit()
    shown = permit_actions.preview(SUPERVISOR, "interrupt", permit_id=permit["id"],
                                   start=DAY, days=10)
    assert "Até 30 dias" in " ".join(shown["rules"]) or "até 30 dias" in " ".join(shown["rules"])
    joined = " ".join(shown["consequences"])
    assert "Ativa → Interrompida até 11/03/2026" in joined and "Art. 29 §ú" in joined
    refused = permit_actions.preview(SUPERVISOR, "interrupt", permit_id=permit["id"],
                                     start=DAY, days=31)
    assert "máximo de 30" in refused["refusal"] and "Art. 29" in refused["refusal"]


@pytest.mark.parametrize("profile_id, acts", [
    (SRM, ("transfer", "interrupt", "extend", "resume", "desist", "cassate", "reinstate",
           "aux_issue", "stoppage", "license")),
    (L1745, ("suspend",)),
    (PF, ("revoke",)),
])
def test_menu_statuses_agree_with_the_services(make_municipio, profile_id, acts):
    """The statuses that enable a menu entry are those the service accepts: in any other
    status the service refuses because of the status ("não é possível" / "situação")."""
    make_municipio(profile_id, today=dt.date(2026, 1, 2))
    _, permit = holder_permit()
    new, vehicle = _newcomer()
    aux_person = make_person("Auxiliar Teste", today=DAY)
    grounds = {"suspend": "17", "revoke": "12", "cassate": "38-III-b"}
    inputs = {"new_holder_id": new["id"], "new_vehicle_id": vehicle["id"], "days": 5,
              "start": DAY, "person_id": aux_person["id"], "reason": "x", "act_number": "y",
              "since": DAY}
    for act in acts:
        spec = permit_actions.ACTS[act]
        for status in ("active", "suspended", "interrupted", "expired", "revoked",
                       "cassated", "withdrawn", "lapsed"):
            with write_transaction():  # saved and sealed, as the program would (issue 34)
                row = Permit.get_by_id(permit["id"])
                row.status, row.status_until = status, DAY + dt.timedelta(days=9)
                row.save()
            outcome = permit_actions.dry_run(SUPERVISOR, act, permit_id=permit["id"],
                                             ground=grounds.get(act), **inputs)
            refusal = outcome.get("refusal", "")
            by_status = "não é possível" in refusal or "situação" in refusal
            assert by_status == (status not in spec.statuses), (act, status, refusal)


def test_transfer_termo_names_both_parties_and_the_bar_srm_art_4_par_9(srm):
    holder, permit = holder_permit()
    _pay_all(holder["id"])
    Permit.update(held_since=dt.date(2022, 1, 10)).where(Permit.id == permit["id"]).execute()
    new, vehicle = _newcomer()
    permit_actions.run(SUPERVISOR, "transfer", permit_id=permit["id"], new_holder_id=new["id"],
                       new_vehicle_id=vehicle["id"], act_number="Portaria 7/2026", on=DAY)
    line = act_documents.latest_act(permit["id"], ("transfer",))
    printed = act_documents.print_act(CLERK, line)
    text = pdf_tools.text(printed["pdf"])
    assert "TERMO DE TRANSFERÊNCIA DA PERMISSÃO Nº 0001" in text
    assert "Raimundo Nonato Sá" in text and "Novo Titular Sá" in text
    assert "vedada nova outorga" in text and "Portaria 7/2026" in text
    assert "R$ 723,90" in text and pdf_tools.page_sizes_mm(printed["pdf"]) == [(210.0, 297.0)]
    again = act_documents.print_act(CLERK, line)
    assert [c["copy"] for c in printed["copies"] + again["copies"]] == [1, 2]
    assert PrintLog.select().where(PrintLog.document == "permit_act").count() == 2


def test_sanction_notification_carries_ground_and_appeal_term_l1745_arts_17_19(l1745):
    _, permit = holder_permit()
    permit_actions.run(SUPERVISOR, "suspend", permit_id=permit["id"], ground="17", days=15,
                       reason="Cobrança acima da tarifa", act_number="Portaria 3/2026", on=DAY)
    text = pdf_tools.text(act_documents.print_act(
        SUPERVISOR, act_documents.latest_act(permit["id"]))["pdf"])
    assert "NOTIFICAÇÃO DE SUSPENSÃO DA PERMISSÃO" in text
    assert "de 02/03/2026 a 16/03/2026" in text and "Art. 17 §3º" in text
    assert "15 dias" in text and "Art. 19" in text and "Cobrança acima da tarifa" in text


def test_desistance_termo_says_the_permit_reverts_pf_art_12(pf):
    _, permit = holder_permit()
    permit_actions.run(SUPERVISOR, "desist", permit_id=permit["id"], reason="Mudou de cidade",
                       on=DAY)
    text = pdf_tools.text(act_documents.print_act(
        CLERK, act_documents.latest_act(permit["id"]))["pdf"])
    assert "TERMO DE DESISTÊNCIA" in text and "revertida ao Poder Público (Art. 12)" in text
    assert "próximo requerente da lista de espera" in text


def test_print_act_refuses_an_unknown_line(srm):
    with pytest.raises(DomainError, match="ato de permissão nº 999"):
        act_documents.print_act(CLERK, 999)
    assert setup.profile().transfer.allowed


def test_new_holders_first_card_is_not_a_second_copy_l1745_art_8_par_1(l1745):
    """L1745 has no 2ª via: after a transfer the new holder's first card is an expedição
    (charged where the law charges the card, SRM Art. 47 I; L1745 charges none)."""
    holder, permit = holder_permit()
    _pay_all(holder["id"])
    card = counter.second_copy_card(SUPERVISOR, permit["id"], on=DAY)  # the transferor's card
    documents.confirm(SUPERVISOR, card)  # printed: the copy counts from here
    with pytest.raises(RuleRefusal, match="segunda via"):
        counter.second_copy_card(SUPERVISOR, permit["id"], on=DAY)
    new, vehicle = _newcomer()
    permit_actions.run(SUPERVISOR, "transfer", permit_id=permit["id"], new_holder_id=new["id"],
                       new_vehicle_id=vehicle["id"], on=DAY)
    assert counter.actions(CLERK, new["id"])["second_copy"]["enabled"]
    printed = counter.second_copy_card(CLERK, permit["id"], on=DAY)
    assert documents.confirm(CLERK, printed)["fee"] is None
    assert printed["copies"][0]["copy"] == 2
    with pytest.raises(RuleRefusal, match="segunda via"):
        counter.second_copy_card(CLERK, permit["id"], on=DAY)


def test_reprint_after_an_amendment_cites_the_wording_of_the_acts_date_pf_art_12(pf, tmp_path):
    """A desistência of 02/03/2026 under PF Art. 12 §ú, reprinted after the município
    adopted from 01/06/2026 a wording that moves the call-up to another article, still
    cites the article in force when the act was made; an act of June cites the new one."""
    from mototaxi_desk.services.administration import profile_versions
    from .ledger_helpers import ADMIN
    from .test_profile_versions import amended
    _, permit = holder_permit()
    permit_actions.run(SUPERVISOR, "desist", permit_id=permit["id"], reason="Mudou de cidade",
                       on=DAY)
    march = act_documents.latest_act(permit["id"])
    profile_versions.adopt(ADMIN, amended(tmp_path, ('article = "Art. 12 §ú"',
                                                     'article = "Art. 12-A"')),
                           "01/06/2026", on=dt.date(2026, 5, 20))
    text = pdf_tools.text(act_documents.print_act(CLERK, march)["pdf"])
    assert "(Art. 12 §ú)" in text and "Art. 12-A" not in text
    _, june_permit = holder_permit(name="Maria Desistente Lopes")
    permit_actions.run(SUPERVISOR, "desist", permit_id=june_permit["id"],
                       reason="Mudou de cidade", on=dt.date(2026, 6, 10))
    june = pdf_tools.text(act_documents.print_act(
        CLERK, act_documents.latest_act(june_permit["id"]))["pdf"])
    assert "(Art. 12-A)" in june
