"""Issue 37 item 2: the yearly licensing of the permit card. SRM Art. 6 XX ("Licenciamento: a
renovação anual do cadastro de permissionário, do cartão de permissão e vistoria"), Art. 30
XXIV d (the holder comes in person for the "licenciamento anual"), Art. 38 III d (cassation
of the holder who does not come to renew the card on the date, unless justified within 30
days by protocol) and Art. 47 I (1 UFM "por expedição e renovação do cartão de permissão"):
the card prints its licensing date — not the permit's five years (Art. 51) —, an alert comes
before it, verify says the licensing is overdue after it (never VÁLIDO), and the licensing
is an act that charges the card's fee and is followed by a new card. PF (Art. 2 §3º) and
L1745 (Art. 9) renew the permit itself every year: their cards last as long as the permit."""
import datetime as dt

import pytest

from mototaxi_desk.domain import permit_rules
from mototaxi_desk.domain.errors import RuleRefusal
from mototaxi_desk.domain.profiles import load_profile
from mototaxi_desk.services.views import alerts
from mototaxi_desk.services.licensing import card_licensing
from mototaxi_desk.services import documents, permit_actions
from mototaxi_desk.services.payments import fees
from mototaxi_desk.services.exchange import verifier
from mototaxi_desk.store.models import AuditLog, Fee, Permit, PermitHistory

from ..conftest import L1745, PF, SRM, row_counts
from ..factories import CLERK, SUPERVISOR
from ..printing.pdf_tools import text as pdf_text
from .ledger_helpers import holder_permit

GRANT = dt.date(2026, 1, 10)          # the permit: valid to 09/01/2031 (SRM Art. 51)
CARD = dt.date(2027, 1, 10)           # its card: to the grant's first anniversary
D = dt.date


def _card(order: int, on: dt.date) -> dict:
    printed = documents.print_cards(CLERK, [order], on=on)
    documents.confirm(CLERK, printed)
    return printed


# --- the rule ---------------------------------------------------------------------------------

def test_the_card_runs_to_the_grants_anniversary_srm_art_6_xx():
    """SRM Art. 6 XX: licensed yearly, the calendar on the grant's anniversary whether the
    licensing is made early (up to 60 days) or late; never past the permit's term (Art. 51)."""
    srm = load_profile(SRM)
    until = dt.date(2031, 1, 9)
    valid = dict(issued_on=GRANT, valid_until=until)
    assert permit_rules.card_valid_until(srm, **valid) == CARD
    assert permit_rules.card_valid_until(srm, **valid, licensed_on=D(2026, 11, 11)) == \
        D(2028, 1, 10)  # 60 days before: this year's licensing
    assert permit_rules.card_valid_until(srm, **valid, licensed_on=D(2027, 2, 5)) == \
        D(2028, 1, 10)  # late: the calendar stays the grant's
    assert permit_rules.card_valid_until(srm, **valid, licensed_on=D(2030, 1, 2)) == until
    # the permit renewed for 5 more years (Art. 51) licenses the card too: to the next
    # anniversary of the grant
    assert permit_rules.card_valid_until(srm, issued_on=GRANT, valid_until=D(2036, 1, 9),
                                         licensed_on=D(2031, 1, 5)) == D(2032, 1, 10)
    with pytest.raises(RuleRefusal, match="a partir de 11/11/2026") as refused:
        permit_rules.check_licensing_opens(srm, CARD, until, D(2026, 11, 10))
    assert refused.value.article == "Art. 6 XX; Art. 30 XXIV d"
    with pytest.raises(RuleRefusal, match="renovação da permissão"):
        permit_rules.check_licensing_opens(srm, until, until, D(2030, 12, 1))


def test_pf_and_l1745_renew_the_permit_itself_yearly_pf_art_2_par_3_l1745_art_9():
    """PF Art. 2 §3º and L1745 Art. 9: the permit is renewed every year, so the card lasts
    as long as the permit and there is no licensing act."""
    for profile_id in (PF, L1745):
        profile = load_profile(profile_id)
        assert not permit_rules.licenses_cards(profile)
        assert permit_rules.card_valid_until(profile, issued_on=GRANT,
                                             valid_until=D(2027, 1, 9)) == D(2027, 1, 9)
        assert "license" not in permit_actions.offered(profile)
    assert "license" in permit_actions.offered(load_profile(SRM))


# --- the card, verify, the phone's list, the alerts ------------------------------------------

def test_card_prints_the_licensing_date_and_verifies_overdue_after_it_srm_art_6_xx(srm):
    """SRM Art. 6 XX: the card says it is valid to 10/01/2027, not to the permit's 2031; the
    day after, verify says the card's licensing is overdue (INVÁLIDO), as the phone's status
    list does."""
    _, permit = holder_permit(on=GRANT)
    printed = _card(permit["order_number"], GRANT)
    text = pdf_text(printed["pdf"])
    assert "10/01/2027" in text and "09/01/2031" not in text
    qr_text = printed["copies"][0]["qr_text"]
    assert documents.verify(qr_text, on=CARD)["verdict"] == "VÁLIDO"
    late = documents.verify(qr_text, on=CARD + dt.timedelta(days=1))
    assert late["verdict"] == "INVÁLIDO" and late["reason"] == "licensing_overdue"
    assert late["headline"] == ("INVÁLIDO — licenciamento anual do cartão vencido (cartão "
                                "válido até 10/01/2027)")
    listed = verifier.status_list(dt.datetime(2026, 6, 1, 9, 0))
    assert listed["card_licensing"] == {str(permit["order_number"]): "2027-01-10"}


def test_a_card_printed_with_the_permits_term_is_judged_by_the_licensing_srm_art_6_xx(srm):
    """A card printed before the licensing rule carries the permit's five years in its QR:
    verify reads the licensing from the register, not from the card."""
    _, permit = holder_permit(on=GRANT)
    printed = _card(permit["order_number"], GRANT)
    row = Permit.get_by_id(permit["id"])
    assert card_licensing.overdue(row, CARD + dt.timedelta(days=1)) == CARD
    result = documents.verify(printed["copies"][0]["qr_text"], on=D(2027, 6, 1))
    assert result["reasons"][0] == "licensing_overdue"
    assert result["status"]["card_valid_until"] == CARD


def test_alert_before_the_date_and_the_cassation_after_it_srm_art_38_iii_d(srm):
    """The licensing date is in the alerts 30 days ahead; once passed, the alert says that
    not coming is a cause of cassation (Art. 38 III d) and until when it may be justified."""
    _, permit = holder_permit(on=GRANT)
    [soon] = [a for a in alerts.due(on=D(2026, 12, 20), days=30)
              if a["kind"] == "card_licensing"]
    assert (soon["due_date"], soon["days_left"], soon["article"]) == \
        (CARD, 21, "Art. 6 XX; Art. 30 XXIV d")
    assert soon["permit_id"] == permit["id"] and soon["urgency"] == "soon"
    [late] = [a for a in alerts.due(on=D(2027, 1, 12), days=0) if a["kind"] == "card_licensing"]
    assert late["urgency"] == "overdue"
    assert "causa de cassação (Art. 38 III d)" in late["label"]
    assert "justificativa por protocolo até 09/02/2027" in late["label"]
    assert [a["kind"] for a in alerts.for_person(late["person_id"], on=D(2027, 1, 12))
            if a["kind"] == "card_licensing"] == ["card_licensing"]


# --- the act ----------------------------------------------------------------------------------

def test_licensing_charges_the_card_fee_and_the_new_card_verifies_srm_art_47_i(srm):
    """SRM Art. 6 XX and 47 I: licensed at the counter, the card's fee (1 UFM) is charged, the
    act is audited with a history line, the new card runs to the next anniversary, and the
    card printed before is superseded."""
    holder, permit = holder_permit(on=GRANT)
    old = _card(permit["order_number"], GRANT)
    shown = permit_actions.preview(CLERK, "license", permit_id=permit["id"], on=D(2026, 12, 20))
    assert "Validade do cartão de permissão: 10/01/2027 → 10/01/2028." in shown["consequences"]
    assert any("Art. 47 I" in line for line in shown["fees"]), shown["fees"]
    assert any("Art. 38 III d" in line for line in shown["rules"] + shown["consequences"])
    result = permit_actions.run(CLERK, "license", permit_id=permit["id"], on=D(2026, 12, 20),
                                act_number="Protocolo 55/2026")
    assert (result["card_valid_until_before"], result["card_valid_until"]) == \
        (CARD, D(2028, 1, 10))
    [fee] = Fee.select().where((Fee.person == holder["id"]) & (Fee.status == "open"))
    assert (fee.code, fee.article, fee.units) == ("card", "Art. 47 I", 1)
    line = PermitHistory.get((PermitHistory.permit == permit["id"]) &
                             (PermitHistory.action == "card_licensing"))
    assert (line.effective_on, line.act_number) == (D(2026, 12, 20), "Protocolo 55/2026")
    entry = AuditLog.select().where(AuditLog.action == "permit.license_card").get()
    assert entry.entity == "permit" and entry.entity_id == str(permit["id"])
    new = _card(permit["order_number"], D(2026, 12, 20))
    assert "10/01/2028" in pdf_text(new["pdf"])
    assert documents.verify(new["copies"][0]["qr_text"], on=D(2027, 6, 1))["verdict"] == \
        "VÁLIDO"
    assert documents.verify(old["copies"][0]["qr_text"], on=D(2027, 6, 1))["reasons"] == \
        ["expired", "superseded"]  # its own date passed, and it is no longer the latest
    assert not [a for a in alerts.due(on=D(2027, 1, 12), days=0)
                if a["kind"] == "card_licensing"]


def test_licensing_refused_too_early_with_debts_or_where_the_law_has_none(srm):
    """SRM Art. 6 XX: once a year (from 60 days before the date); Art. 50: debts block every
    request; nothing is written by a refusal."""
    holder, permit = holder_permit(on=GRANT)
    before = row_counts()
    with pytest.raises(RuleRefusal, match="a partir de 11/11/2026"):
        permit_actions.run(CLERK, "license", permit_id=permit["id"], on=D(2026, 11, 10))
    fees.charge(SUPERVISOR, holder["id"], "inspection", on=D(2026, 12, 1),
                permit_id=permit["id"])
    counts = row_counts()
    with pytest.raises(RuleRefusal, match="Art. 50"):
        permit_actions.run(CLERK, "license", permit_id=permit["id"], on=D(2026, 12, 20))
    assert row_counts() == counts and counts["Fee"] == before["Fee"] + 1
    states = permit_actions.states(CLERK, holder["id"], on=D(2026, 12, 20))
    assert states["license"]["enabled"] and states["license"]["permit_ids"] == [permit["id"]]


def test_licensing_not_offered_under_pf(pf):
    _, permit = holder_permit(on=GRANT)
    with pytest.raises(RuleRefusal, match="não prevê licenciamento anual do cartão"):
        permit_actions.run(CLERK, "license", permit_id=permit["id"], on=D(2026, 12, 20))
    assert verifier.status_list(dt.datetime(2026, 6, 1))["card_licensing"] == {}
