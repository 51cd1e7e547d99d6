"""Issue 23: the list pages read a page at a time, never every row."""
from __future__ import annotations

from mototaxi_desk.services.licensing import applications

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
    from mototaxi_desk.services.register import stands
    whole = stands.list_stands()
    assert len(whole) >= 4 and stands.count_stands() == len(whole)
    pages = []
    for offset in range(0, len(whole), 3):
        with count_queries() as counted:
            pages += stands.list_stands(offset=offset, limit=3)
        assert counted.queries == 2
    assert pages == whole


def test_lista_de_espera_page_by_page(demo_data):
    """The Lista de espera (SRM: by enrolment order): each page a fixed number of queries
    whose rows are the page's own, whatever the length of the list; the pages in order are
    the whole list (waiting_list.ordered), positions included."""
    from mototaxi_desk.services.licensing import waiting_list
    whole = waiting_list.ordered()
    assert len(whole) >= 4 and waiting_list.count_waiting() == len(whole)
    pages, counts = [], set()
    for offset in range(0, len(whole), 2):
        with count_queries() as counted:
            pages += waiting_list.ordered(offset=offset, limit=2)
        counts.add(counted.queries)
        assert counted.rows <= 2 + 2  # the page's entries (people joined), the profile
    assert len(counts) == 1 and counts.pop() <= 3
    assert pages == whole
    assert [r["position"] for r in pages] == list(range(1, len(whole) + 1))


def test_lista_de_espera_page_reads_the_same_on_a_longer_list(demo_data):
    """Issue 23: the first page of the Lista de espera costs the same statements and rows
    after the list grew by many people (the page shows 200, never the whole list)."""
    from mototaxi_desk.demo import data as demo
    from mototaxi_desk.services.licensing import waiting_list
    waiting_list.ordered(limit=3)
    with count_queries() as small:
        waiting_list.ordered(limit=3)
    demo.fill_bulk(40, seed=11, with_users=False)  # a tenth of them join the list
    assert waiting_list.count_waiting() > 3
    with count_queries() as big:
        waiting_list.ordered(limit=3)
    assert (big.queries, big.rows) == (small.queries, small.rows), big.report()


def test_lista_de_espera_ranked_pages_are_the_ranked_list(make_municipio):
    """Where the list is ranked (L1745 Art. 12 §2º, edital), the pages in order are the
    ranked list with its positions."""
    import datetime as dt

    from mototaxi_desk.demo import data as demo
    from mototaxi_desk.services.licensing import waiting_list
    make_municipio("lei-1745-2011", today=dt.date(2024, 3, 1))
    demo.fill_bulk(60, seed=4, with_users=False, today=dt.date(2024, 3, 1))
    whole = waiting_list.ordered()
    assert len(whole) >= 4
    ranked, _rows, _candidates = waiting_list._ranked(dt.date.today())  # what call_next ranks
    assert [r["id"] for r in whole] == [c.entry_id for c in ranked]
    pages = []
    for offset in range(0, len(whole), 3):
        pages += waiting_list.ordered(offset=offset, limit=3)
    assert pages == whole


def test_relatorios_register_wide_report_page_by_page(demo_data):
    """Relatórios, permits by stand (the register as it is): run with a limit reads the
    first rows and counts the rest in the database; the pages read on (more_rows, one query
    each, and the profile) make the whole report, totals and summary the same as the whole report's."""
    from mototaxi_desk.services.views import reports
    whole = reports.run("permits_by_stand")
    assert whole["complete"] and whole["total"] == len(whole["rows"]) >= 6
    first = reports.run("permits_by_stand", limit=2)
    assert (first["total"], first["summary"]) == (whole["total"], whole["summary"])
    assert not first["complete"] and len(first["rows"]) == 2
    rows = list(first["rows"])
    while len(rows) < first["total"]:
        with count_queries() as counted:
            rows += reports.more_rows(first, len(rows), 2)
        assert counted.queries <= 2 and counted.rows <= 3, counted.report()
    assert rows == whole["rows"]
    assert reports.complete(first)["rows"] == whole["rows"]


def test_relatorios_first_page_reads_the_same_on_a_bigger_register(demo_data):
    """Issue 23: the first screen of the Relatórios page (permits by stand) reads the same
    number of permit rows after the register grew: a page of them, the totals counted."""
    from mototaxi_desk.demo import data as demo
    from mototaxi_desk.services.views import reports
    reports.run("permits_by_stand", limit=3)
    with count_queries() as small:
        reports.run("permits_by_stand", limit=3)
    demo.fill_bulk(40, seed=13, with_users=False)
    with count_queries() as big:
        report = reports.run("permits_by_stand", limit=3)
    assert len(report["rows"]) == 3 < report["total"]
    assert big.queries == small.queries, big.report()
    # the stands are listed for the summary (a row per stand, far fewer than permits);
    # the permits themselves are not read
    assert big.rows - small.rows <= 40, (small, big)


def test_stand_flags_for_a_summary_are_the_stand_lists(demo_data):
    """stands.flag_rows (narrow rows, counted by the database, for the Relatórios summary)
    gives each stand the count and flags stands.list_stands gives it."""
    from mototaxi_desk.services.register import stands
    keys = ("number", "label", "name", "active", "min_vehicles", "max_vehicles", "count",
            "free", "full", "below_minimum")
    listed = [{k: s[k] for k in keys} for s in stands.list_stands()]
    assert stands.flag_rows() == listed and any(s["full"] for s in listed)
    assert stands.flag_rows(listed[1]["number"]) == [listed[1]]
