"""Two or more counters at once on PostgreSQL: protocol numbers stay unique and gap-free."""
import pytest

from mototaxi_desk.store.models import Application

from ..conftest import PG_URL
from ..factories import make_person
from .concurrency_workers import file_applications, run_workers


@pytest.mark.skipif(not PG_URL, reason="MOTOTAXI_TEST_PG não definido")
@pytest.mark.parametrize("db_url", ["postgres"], indirect=True)
def test_four_counters_file_at_once_without_duplicate_or_gap(db_url, municipio):
    """Protocol AAAA/NNNNNN: sequential per year, no gaps, no duplicates with several
    counters (four processes, ten requests each, all at the same moment)."""
    person = make_person("Requerente Concorrido")
    outcomes = run_workers(file_applications, [(db_url, person["id"], 10)] * 4)
    assert [o for o in outcomes if o[0] == "error"] == []
    numbers = sorted(int(p.split("/")[1]) for o in outcomes for p in o[1])
    assert numbers == list(range(1, 41))
    assert Application.select().count() == 40
