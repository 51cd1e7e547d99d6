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


class Answers:
    """The user's side of gui/prompts.py in a test: every question answered yes (set `yes`
    to False for no); what was asked, told, warned and previewed, and whether the program
    closed."""

    def __init__(self):
        self.yes = True
        self.asked: list[str] = []
        self.informed: list[str] = []
        self.warned: list[str] = []
        self.previews: list[dict] = []
        self.closed: list[bool] = []

    def ask_yes_no(self, parent, title, text) -> bool:
        self.asked.append(text)
        return self.yes


@pytest.fixture(autouse=True)
def prompts(monkeypatch):
    """No modal window waits for a user in a test: gui/prompts.py is answered here (the
    screens have no test switches). Ask for `prompts` to change an answer or read them."""
    from mototaxi_desk.gui import prompts as module
    answers = Answers()
    monkeypatch.setattr(module, "ask_yes_no", answers.ask_yes_no)
    monkeypatch.setattr(module, "inform", lambda parent, title, text: answers.informed.append(text))
    monkeypatch.setattr(module, "warn", lambda parent, title, text: answers.warned.append(text))
    monkeypatch.setattr(module, "show_preview",
                        lambda parent, result, **_: answers.previews.append(result))
    monkeypatch.setattr(module, "close_program", lambda: answers.closed.append(True))
    return answers
