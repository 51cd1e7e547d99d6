"""Issue 23: the list pages read a page at a time, never every row."""
from __future__ import annotations

from mototaxi_desk.services import applications

from ..querycount import count_queries


def test_requerimentos_page_by_page_in_one_query_each(demo_data):
    """The Requerimentos list: each page one query (applicants joined), the pages in
    order make the whole list, the same rows list_applications gives."""
    whole = applications.list_applications(limit=10_000)
    assert len(whole) >= 3 and applications.count_applications() == len(whole)
    pages = []
    for offset in range(0, len(whole), 2):
        with count_queries() as counted:
            pages += applications.application_rows(offset=offset, limit=2)
        assert counted.queries == 1
    assert [r["id"] for r in pages] == [a["id"] for a in whole]
    keys = ("protocol", "type_label", "person_name", "status_label", "filed_at",
            "decision_reason", "person_id")
    assert [{k: r[k] for k in keys} for r in pages] == [{k: a[k] for k in keys} for a in whole]
    status = whole[0]["status"]
    assert applications.count_applications(status) == sum(a["status"] == status for a in whole)
    assert all(r["status"] == status for r in applications.application_rows(status=status))


def test_pontos_page_by_page(demo_data):
    """The Pontos list: pages of stands with the counts of their own permits are the whole
    list (stands.list_stands), each page two queries."""
    from mototaxi_desk.services import stands
    whole = stands.list_stands()
    assert len(whole) >= 4 and stands.count_stands() == len(whole)
    pages = []
    for offset in range(0, len(whole), 3):
        with count_queries() as counted:
            pages += stands.list_stands(offset=offset, limit=3)
        assert counted.queries == 2
    assert pages == whole
