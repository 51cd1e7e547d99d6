import pytest

# Every test in this folder needs a QApplication (pytest-qt's qapp, offscreen).
pytestmark = pytest.mark.gui


def pytest_collection_modifyitems(items):
    for item in items:
        if "/gui/" in str(item.fspath):
            item.add_marker(pytest.mark.gui)
