"""Permissionários: the list loads page by page and filters by status."""
from mototaxi_desk.gui.models import paged_table
from mototaxi_desk.gui.pages.holders import HoldersPage
from mototaxi_desk.store.models import Permit


def test_holders_load_by_pages_and_filter(qtbot, demo_data, monkeypatch):
    monkeypatch.setattr(paged_table, "PAGE_SIZE", 15)
    page = HoldersPage()
    qtbot.addWidget(page)
    page.refresh()
    assert len(page.model.rows) == 15 and page.model.canFetchMore()
    while page.model.canFetchMore():
        page.model.fetchMore()
    assert [r["order_number"] for r in page.model.rows] == sorted(
        p.order_number for p in Permit.select())
    page.status.setCurrentIndex(page.status.findData("suspended"))
    assert {r["status"] for r in page.model.rows} == {"suspended"}
    chosen = []
    page.person_chosen.connect(chosen.append)
    page.view.doubleClicked.emit(page.model.index(0, 0))
    assert chosen == [page.model.rows[0]["holder_id"]]


def test_a_fiscal_sees_masked_cpfs_in_the_list(qtbot, demo_data):
    """LGPD: the fiscal's Permissionários list shows the card's masked CPF, as the search."""
    from mototaxi_desk.domain import validators
    from mototaxi_desk.services.context import Actor
    page = HoldersPage(Actor(None, "fiscal", "fiscal"))
    qtbot.addWidget(page)
    page.refresh()
    first = Permit.select().order_by(Permit.order_number).first()
    shown = page.model.data(page.model.index(0, 3))
    assert shown == validators.mask_cpf(first.holder.cpf)
