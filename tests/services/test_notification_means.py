"""The means of notification each law admits (profile defence.notification_means, format 15;
SRM Art. 34 §2º: in person, by post with receipt or in the Diário Oficial): a notification
by any other means is refused naming the field and the article, nothing written; the law in
force on the infraction date judges it — on SQLite and PostgreSQL."""
import datetime as dt

import pytest

from mototaxi_desk.domain.errors import ValidationError
from mototaxi_desk.domain.profiles import PROFILES_DIR
from mototaxi_desk.services import ledger, setup
from mototaxi_desk.services.administration import profile_versions

from ..conftest import SRM, row_counts
from .ledger_helpers import ADMIN, FISCAL, TODAY, holder_permit, notice_data

THREE = 'notification_means = ["in_person", "post", "gazette"]'


def _srm_by_post_only(tmp_path, since="01/06/2026"):
    """A wording of SRM that notifies by post with receipt or in the Diário Oficial only."""
    text = PROFILES_DIR.joinpath(f"{SRM}.toml").read_text(encoding="utf-8")
    assert THREE in text
    path = tmp_path / f"{SRM}.toml"
    path.write_text(text.replace(THREE, 'notification_means = ["post", "gazette"]', 1),
                    encoding="utf-8")
    profile_versions.adopt(ADMIN, path, since, on=TODAY)


def test_srm_admits_in_person_post_and_gazette_art_34_par_2(srm):
    rule = setup.profile(on=TODAY).defence
    assert rule.notification_means == ("in_person", "post", "gazette")
    assert rule.notification_article == "Art. 34 §2º"
    assert ledger.means_text(setup.profile(on=TODAY)) == (
        "pessoalmente, via postal com recibo ou Diário Oficial do Município")


@pytest.mark.parametrize("channel", ["in_person", "post", "gazette"])
def test_each_means_srm_art_34_par_2_admits_is_recorded(srm, channel):
    _, permit = holder_permit()
    n = ledger.record_notice(FISCAL, notice_data(permit, "36-IX", "10/06/2026 10:00"), on=TODAY)
    done = ledger.record_notification(FISCAL, n["id"], notified_on="12/06/2026",
                                      channel=channel, on=TODAY)
    assert done["notification_channel"] == channel and done["notified_on"] == dt.date(2026, 6, 12)


def test_a_means_the_law_does_not_admit_is_refused_citing_art_34_par_2(srm, tmp_path):
    """SRM Art. 34 §2º as worded from 01/06/2026 (post or Diário Oficial): 'in person' is
    refused naming the field and the article; nothing written; 'post' is recorded."""
    _srm_by_post_only(tmp_path)
    _, permit = holder_permit()
    n = ledger.record_notice(FISCAL, notice_data(permit, "36-IX", "10/06/2026 10:00"), on=TODAY)
    before = row_counts()
    for channel in ("in_person", "email", ""):
        with pytest.raises(ValidationError) as exc:
            ledger.record_notification(FISCAL, n["id"], notified_on="12/06/2026",
                                       channel=channel, on=TODAY)
        assert exc.value.field == "Meio de notificação"
        assert "(Art. 34 §2º)" in str(exc.value)
        assert "use via postal com recibo ou Diário Oficial do Município" in str(exc.value)
    assert "'pessoalmente' não é meio de notificação admitido" in _refusal(n, "in_person")
    assert row_counts() == before
    assert ledger.notice_dict(ledger.get_notice(n["id"]))["notified_on"] is None
    done = ledger.record_notification(FISCAL, n["id"], notified_on="12/06/2026",
                                      channel="post", on=TODAY)
    assert done["notification_channel"] == "post"


def _refusal(notice, channel) -> str:
    with pytest.raises(ValidationError) as exc:
        ledger.record_notification(FISCAL, notice["id"], notified_on="12/06/2026",
                                   channel=channel, on=TODAY)
    return str(exc.value)


def test_recording_a_notice_notified_by_a_means_not_admitted_is_refused(srm, tmp_path):
    _srm_by_post_only(tmp_path)
    _, permit = holder_permit()
    before = row_counts()
    with pytest.raises(ValidationError) as exc:
        ledger.record_notice(FISCAL, notice_data(permit, "36-IX", "10/06/2026 10:00",
                                                 notified_on="10/06/2026",
                                                 notification_channel="in_person"), on=TODAY)
    assert exc.value.field == "Meio de notificação" and "Art. 34 §2º" in str(exc.value)
    assert row_counts() == before


def test_a_signature_notifies_in_person_only_where_the_law_admits_it(srm, tmp_path):
    """SRM Art. 35 X: the infractor's signature is the notification — in person, so under a
    wording without 'in_person' the signed notice still awaits its notification."""
    _, permit = holder_permit()
    old = ledger.record_notice(FISCAL, notice_data(permit, "36-IX", "20/05/2026 10:00",
                                                   infractor_signed=True), on=TODAY)
    _srm_by_post_only(tmp_path)
    new = ledger.record_notice(FISCAL, notice_data(permit, "36-IX", "10/06/2026 10:00",
                                                   infractor_signed=True), on=TODAY)
    assert (old["notified_on"], old["notification_channel"]) == (dt.date(2026, 5, 20),
                                                                 "in_person")
    assert new["notified_on"] is None and new["stage"] == "awaiting_notification"


def test_the_law_in_force_on_the_infraction_date_judges_the_means(srm, tmp_path):
    """A notice of 20/05/2026 is under the wording before 01/06/2026 (three means): it is
    still notified in person after the new wording, which admits no such means."""
    _, permit = holder_permit()
    n = ledger.record_notice(FISCAL, notice_data(permit, "36-IX", "20/05/2026 10:00"), on=TODAY)
    _srm_by_post_only(tmp_path)
    done = ledger.record_notification(FISCAL, n["id"], notified_on="12/06/2026",
                                      channel="in_person", on=TODAY)
    assert done["notification_channel"] == "in_person"
