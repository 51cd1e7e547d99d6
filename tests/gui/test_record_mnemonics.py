"""Every Alt+letter of the prontuário's buttons opens one thing: "&Pagar…" and "&Ponto…"
both took Alt+P (the first one won, the other was out of the keyboard's reach)."""
import re

from mototaxi_desk.gui.pages.person import PersonPage

from .town import _isolated_data_dir, town  # noqa: F401 (fixtures)


def _letter(text: str) -> str | None:
    found = re.search(r"&([^&\s])", text.replace("&&", ""))
    return found.group(1).lower() if found else None


def test_the_record_buttons_have_one_mnemonic_each(town, qtbot):
    page = PersonPage(town.actor("supervisor"))
    qtbot.addWidget(page)
    texts = [b.text() for b in page.buttons.values()] + [page.more_button.text()]
    letters = [_letter(t) for t in texts if _letter(t)]
    clashes = {x for x in letters if letters.count(x) > 1}
    assert not clashes, [t for t in texts if _letter(t) in clashes]
    assert page.buttons["stand"].text() == "P&onto…"
