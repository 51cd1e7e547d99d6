"""Issue 38 item 2, "One clock and an 'as of' context": an action carries its actor, its day
and the wording of the profile in force on that day (services/as_of.py); a backdated act is
judged by the wording of its date, and a document printed again reads as it did on its own
date, not as the wording adopted since."""
from __future__ import annotations

import datetime as dt

import pytest

from mototaxi_desk.domain.errors import RuleRefusal
from mototaxi_desk.printing import cards, stickers
from mototaxi_desk.services import as_of, documents, setup
from mototaxi_desk.services.licensing import permits
from mototaxi_desk.services.administration import profile_versions
from mototaxi_desk.store.models import Inspection, PersonBar, Sticker

from .ledger_helpers import ADMIN, holder_permit
from .licensing_rows import ATENDENTE, SUPERVISOR, holder_with_vehicle
from .test_profile_versions import amended

TODAY = dt.date(2026, 6, 15)
AMENDED_ON = dt.date(2026, 6, 1)
OLD_LAW = "Projeto de Lei de 2017 (Câmara Municipal de Porto Feliz, matéria nº 181/2017)"
NEW_LAW = "Lei Municipal nº 2.026/2026 (Porto Feliz)"
NEW_WORDING = (
    (f'law = "{OLD_LAW}"', f'law = "{NEW_LAW}"'),
    ('card_article = "Art. 15 §ú d"', 'card_article = "Art. 40"'),
    ('sticker_article = "Art. 19"', 'sticker_article = "Art. 41"'),
    ("cassation_bar_years = 2", "cassation_bar_years = 5"),
    ("max_days = 90 ", "max_days = 30 "),
)


@pytest.fixture
def amend(pf, tmp_path, clock_at):
    """The PF law reworded from 01/06/2026 (the program's day: 15/06/2026): another law's
    name, the card's and the sticker's articles, a 5-year cassation bar, 30-day
    interruptions."""
    clock_at(TODAY)

    def adopt():
        profile_versions.adopt(ADMIN, amended(tmp_path, *NEW_WORDING), AMENDED_ON, on=TODAY)
    return adopt


def _spy(monkeypatch, module) -> list:
    """The data each print of `module` (cards, stickers) drew."""
    drawn, render = [], module.render

    def spy(data, **kwargs):
        drawn.extend(data)
        return render(data, **kwargs)
    monkeypatch.setattr(module, "render", spy)
    return drawn


def test_as_of_takes_the_day_from_the_one_clock_and_the_profile_of_that_day(amend):
    before = as_of.as_of(SUPERVISOR, dt.date(2026, 5, 31))
    assert before.profile_version == 1 and before.profile.permit.cassation_bar_years == 2
    amend()
    today = as_of.as_of(SUPERVISOR)
    assert today.on == TODAY and today.actor == SUPERVISOR
    assert today.profile_version == 2 and today.profile.permit.cassation_bar_years == 5
    assert setup.profile_today() is today.profile
    backdated = as_of.as_of(SUPERVISOR, dt.date(2026, 5, 31))
    assert backdated.profile_version == 1 and backdated.profile.profile.law == OLD_LAW


def test_a_card_reprinted_after_an_amendment_keeps_the_wording_of_its_grant_pf_art_15(
        amend, monkeypatch):
    """PF Art. 15 §ú d (the crachá): a card of a permit granted under the 2017 wording,
    printed again after the law was reworded, still cites that law and article; a card of
    a permit granted under the new wording cites the new ones."""
    drawn = _spy(monkeypatch, cards)
    _, _, old = holder_with_vehicle(TODAY - dt.timedelta(days=30))  # granted 16/05/2025
    documents.confirm(ATENDENTE, documents.print_cards(ATENDENTE, [old.order_number]))
    assert drawn[-1].legal_basis == f"{OLD_LAW}, Art. 15 §ú d"
    assert drawn[-1].municipio.law == OLD_LAW
    amend()
    documents.confirm(ATENDENTE, documents.print_cards(ATENDENTE, [old.order_number]))
    assert drawn[-1].copy == 2
    assert drawn[-1].legal_basis == f"{OLD_LAW}, Art. 15 §ú d"
    assert drawn[-1].municipio.law == OLD_LAW
    _, _, new = holder_with_vehicle(dt.date(2027, 6, 10), name="Outorgado Em Junho")
    assert new.issued_on == dt.date(2026, 6, 10)
    documents.print_cards(ATENDENTE, [new.order_number])
    assert drawn[-1].legal_basis == f"{NEW_LAW}, Art. 40"
    assert drawn[-1].municipio.law == NEW_LAW


def test_a_sticker_reprinted_after_an_amendment_keeps_its_inspection_wording_pf_art_19(
        amend, monkeypatch):
    """PF Art. 19 (the selo comprobatório of the vistoria): a sticker of an inspection of
    May, printed after the June wording, still cites Art. 19 of the 2017 law."""
    drawn = _spy(monkeypatch, stickers)
    _, vehicle, permit = holder_with_vehicle(TODAY)
    inspection = Inspection.create(vehicle=vehicle, permit=permit, kind="annual",
                                   inspected_on=dt.date(2026, 5, 20), approved=True,
                                   valid_until=dt.date(2027, 5, 20), sticker_serial="2026-000009")
    Sticker.create(serial="2026-000009", inspection=inspection, status="issued")
    amend()
    documents.print_stickers(ATENDENTE, ["2026-000009"])
    assert drawn[-1].legal_basis == f"{OLD_LAW}, Art. 19"
    assert drawn[-1].municipio.law == OLD_LAW


def test_a_backdated_cassation_bars_by_the_wording_of_its_date_pf_art_37(amend):
    """PF Art. 37 §ú: the holder of a cassated permit waits 2 years for a new one. Reworded
    to 5 years from 01/06/2026, a cassation decided on 20/05/2026 and entered on 15/06/2026
    (on=) bars for 2 years; one of 10/06/2026 for 5."""
    _, may = holder_permit("Cassado Em Maio")
    _, june = holder_permit("Cassado Em Junho")
    amend()
    permits.cassate(SUPERVISOR, may["id"], on=dt.date(2026, 5, 20), reason="Art. 37")
    permits.cassate(SUPERVISOR, june["id"], on=dt.date(2026, 6, 10), reason="Art. 37")
    bars = {b.permit_id: b.until for b in PersonBar.select()}
    assert bars == {may["id"]: dt.date(2028, 5, 20), june["id"]: dt.date(2031, 6, 10)}


def test_a_backdated_interruption_is_checked_against_the_wording_of_its_date_pf_art_11(amend):
    """PF Art. 11 §ú: an authorised interruption of up to 90 days; reworded to 30 from
    01/06/2026. Entered today, 60 days from 20/05/2026 are allowed by the wording of that
    day; 60 days from 10/06/2026 are refused by the new one."""
    _, may = holder_permit("Interrompe Em Maio")
    _, june = holder_permit("Interrompe Em Junho")
    amend()
    done = permits.interrupt_permit(SUPERVISOR, may["id"], start=dt.date(2026, 5, 20), days=60)
    assert done["status"] == "interrupted"
    with pytest.raises(RuleRefusal, match="máximo de 30 dias"):
        permits.interrupt_permit(SUPERVISOR, june["id"], start=dt.date(2026, 6, 10), days=60)


def test_the_preview_of_a_backdated_interruption_reads_the_wording_of_its_date_pf_art_11(amend):
    """PF Art. 11 §ú (90 days; 30 from 01/06/2026): the preview of the act — its rules and its
    refusal — reads the wording of the interruption's first day, as the act itself does, not
    today's: 60 days from 20/05/2026 preview as allowed, from 10/06/2026 as refused."""
    from mototaxi_desk.services import permit_actions
    _, permit = holder_permit("Previa Interrupcao")
    amend()
    may = permit_actions.preview(SUPERVISOR, "interrupt", permit_id=permit["id"],
                                 start="20/05/2026", days=60)
    assert may["refusal"] == ""
    assert any("90 dias" in line for line in may["rules"]), may["rules"]
    june = permit_actions.preview(SUPERVISOR, "interrupt", permit_id=permit["id"],
                                  start="10/06/2026", days=60)
    assert "máximo de 30 dias" in june["refusal"]
    assert any("30 dias" in line for line in june["rules"]), june["rules"]
