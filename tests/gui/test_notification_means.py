"""The window offers only the means of notification the law admits (profile
defence.notification_means; SRM Art. 34 §2º: in person, by post with receipt, Diário
Oficial), in the notice's "Registrar notificação" and in the notice entry form — on a
município set up empty (init), SQLite and PostgreSQL."""
import datetime as dt

from mototaxi_desk.domain.profiles import PROFILES_DIR
from mototaxi_desk.gui.dialogs.notice_detail import NoticeDetailDialog
from mototaxi_desk.gui.dialogs.notice_entry import NoticeEntryDialog
from mototaxi_desk.services import ledger
from mototaxi_desk.services.administration import profile_versions
from mototaxi_desk.store.models import InfractionNotice

from ..conftest import SRM, row_counts
from ..factories import SUPERVISOR
from ..services.ledger_helpers import ADMIN, FISCAL, TODAY, holder_permit, notice_data


def _codes(combo) -> list[str]:
    return [combo.itemData(i) for i in range(combo.count())]


def _by_post_only(tmp_path) -> None:
    text = PROFILES_DIR.joinpath(f"{SRM}.toml").read_text(encoding="utf-8")
    path = tmp_path / f"{SRM}.toml"
    path.write_text(text.replace('notification_means = ["in_person", "post", "gazette"]',
                                 'notification_means = ["post", "gazette"]', 1),
                    encoding="utf-8")
    profile_versions.adopt(ADMIN, path, "01/06/2026", on=TODAY)


def test_srm_offers_the_three_means_of_art_34_par_2(qtbot, srm, clock_at):
    clock_at(dt.datetime.combine(TODAY, dt.time(12, 0)))
    _, permit = holder_permit()
    notice = ledger.record_notice(FISCAL, notice_data(permit, "36-IX", "10/06/2026 10:00"))
    dialog = NoticeDetailDialog(SUPERVISOR, notice["id"])
    qtbot.addWidget(dialog)
    form = dialog.open_notify()
    assert _codes(form.widget("channel")) == ["in_person", "post", "gazette"]
    assert form.intro.text() == ("Pessoalmente, via postal com recibo ou Diário Oficial do "
                                 "Município (Art. 34 §2º). O e-mail não é notificação.")
    entry = NoticeEntryDialog(SUPERVISOR)
    qtbot.addWidget(entry)
    assert _codes(entry.channel) == ["in_person", "post", "gazette"]


def test_a_wording_without_in_person_is_not_offered_and_post_is_recorded(qtbot, srm, clock_at,
                                                                         tmp_path):
    """SRM Art. 34 §2º worded from 01/06/2026 as post or Diário Oficial: 'Pessoalmente' is
    in neither list; the notification by post is recorded from the window."""
    clock_at(dt.datetime.combine(TODAY, dt.time(12, 0)))
    _by_post_only(tmp_path)
    _, permit = holder_permit()
    notice = ledger.record_notice(FISCAL, notice_data(permit, "36-IX", "10/06/2026 10:00"))
    dialog = NoticeDetailDialog(SUPERVISOR, notice["id"])
    qtbot.addWidget(dialog)
    form = dialog.open_notify()
    assert _codes(form.widget("channel")) == ["post", "gazette"]
    assert form.intro.text().startswith("Via postal com recibo ou Diário Oficial do "
                                        "Município (Art. 34 §2º).")
    before = row_counts()
    assert form.submit(), form.message.text()
    assert row_counts()["AuditLog"] == before["AuditLog"] + 1
    assert InfractionNotice.get_by_id(notice["id"]).notification_channel == "post"
    entry = NoticeEntryDialog(SUPERVISOR)
    qtbot.addWidget(entry)
    assert _codes(entry.channel) == ["post", "gazette"]
