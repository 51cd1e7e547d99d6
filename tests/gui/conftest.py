import pytest

# Every test in this folder needs a QApplication (pytest-qt's qapp, offscreen).
pytestmark = pytest.mark.gui


def pytest_collection_modifyitems(items):
    for item in items:
        if "/gui/" in str(item.fspath):
            item.add_marker(pytest.mark.gui)


@pytest.fixture(autouse=True)
def _discard_without_asking(monkeypatch):
    """Closing a form with typing asks "Descartar alterações?" in a modal box; pytest-qt
    closes the test's widgets at teardown, so the answer here is Descartar (the tests of
    the question set their own answer)."""
    from mototaxi_desk.gui.widgets import unsaved
    monkeypatch.setattr(unsaved, "ask_discard", lambda parent: True)
