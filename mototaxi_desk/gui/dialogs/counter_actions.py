"""The small forms behind the buttons of the person's record: renew a permit (supervisor,
with the act), second copy of the card (card printer or A4 sheet, the choice remembered),
pay an open fee or fine, file a defence or appeal. Each calls one service; a refusal stays
in the form with its Portuguese message and nothing typed is lost (ActionForm)."""
from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QComboBox, QLineEdit, QPlainTextEdit

from ... import config, settings_registry
from ...domain.errors import DomainError
from ...domain.validators import format_date
from ...services.views import counter
from ...services import acts, ledger, permit_actions, setup
from ..widgets.ledger_view import ActionForm, date_edit
from .payment_form import pay_form  # noqa: F401 (the record's "Pagar…" imports it from here)
from ...domain.notice_stage import Proceeding

SHEETS = (("Impressora de cartões (cartão avulso)", None), ("Folha A4 (impressora comum)", "a4"))


def _permit_combo(permit_rows: list[dict], ids: list[int]) -> QComboBox:
    combo = QComboBox()
    for p in permit_rows:
        if p["id"] in ids:
            combo.addItem(f"Nº {p['order_text']} — {p['status_label']}, validade "
                          f"{format_date(p['valid_until'])}", p["id"])
    return combo


def print_settings() -> QSettings:
    # beside the window's geometry in the data folder: "remember the choice per document"
    return QSettings(str(config.data_dir() / settings_registry.JANELA_INI),
                     QSettings.Format.IniFormat)


def renew_form(actor, permit_rows: list[dict], ids: list[int], parent=None) -> ActionForm:
    """Direct renewal by the supervisor (services/acts/renew.py, through
    permit_actions.run) with the preview of the new validity and of what is charged."""
    spec = acts.get("renew")
    combo = _permit_combo(permit_rows, ids)
    act = QLineEdit()
    act.setPlaceholderText("ex.: Portaria nº 40/2026")
    act.setMaxLength(60)

    def submit(v):
        result = permit_actions.run(actor, spec.key, permit_id=v["permit"],
                                    act_number=v["act"])
        form.done_text = spec.describe(result)
        return result
    form = ActionForm(spec.title, [("permit", "Permissão", combo),
                                   ("act", "Nº do ato", act)], submit,
                      confirm=spec.confirm, parent=parent)

    def preview():
        try:
            p = counter.renewal_preview(combo.currentData())
        except DomainError as exc:  # the rule's own message (too early, lapsed...)
            form.intro.setText(f"<span style='color:#b71c1c'>{exc}</span>")
            return
        charges = "".join(f"<br>Este ato cobra {c['amount_text']} ({c['label']}, "
                          f"{c['article']})." for c in p["charges"]) or \
            "<br>A lei do município não cobra taxa pela renovação."
        form.intro.setText(f"Validade atual: {format_date(p['valid_until'])} → nova validade: "
                           f"<b>{format_date(p['new_valid_until'])}</b> ({p['article']})"
                           f"{charges}")
        blocking = p["blocking"]
        if blocking or getattr(form, "debt_offer", None) is not None:
            from .debt_offer import attach  # the debt shows now, with pay / guia (issue 36)
            offer = attach(form, actor, form.message, form.ok_button, recheck=preview)
            if blocking:
                form.message.setText(blocking["message"])
                offer.offer(blocking["person_id"], blocking["debts"],
                            "depois clique em “Renovar”.")
            else:
                form.message.setText("")
                offer.clear()
    from .debt_offer import offer_on_refusal
    offer_on_refusal(form, actor)
    form.intro.setVisible(True)
    combo.currentIndexChanged.connect(lambda *_: preview())
    preview()
    return form


def second_copy_form(actor, permit_rows: list[dict], ids: list[int], parent=None) -> ActionForm:
    """Print the card again (counter.second_copy_card): the fee of the 2ª via is charged
    and the print preview opens on success (the caller shows `form.result_value`)."""
    combo = _permit_combo(permit_rows, ids)
    sheet = QComboBox()
    for text, code in SHEETS:
        sheet.addItem(text, code)
    saved = print_settings().value("print/card_sheet", "")
    sheet.setCurrentIndex(1 if saved == "a4" else 0)

    def submit(v):
        result = counter.second_copy_card(actor, v["permit"], sheet=v["sheet"])
        print_settings().setValue("print/card_sheet", v["sheet"] or "")
        return result
    fee = counter.second_copy_fee_text()
    article = setup.profile_today().application("card_second_copy").article
    return ActionForm("2ª via do cartão de permissão", [
        ("permit", "Permissão", combo), ("sheet", "Imprimir em", sheet)], submit,
        confirm="Imprimir", parent=parent,
        intro=(f"A partir da segunda impressão é 2ª via ({article})"
               + (f": lança a taxa {fee}." if fee else "; a lei não cobra taxa.")
               + " Débitos em aberto impedem o pedido onde a lei assim determina."))


def defence_form(actor, notices: list[dict], parent=None) -> ActionForm:
    """File a defence (or the appeal, once the defence stage is over) for one notice whose
    term is running; the supervisor judges it in the notice's dialog."""
    which = QComboBox()
    for n in notices:
        kind = "recurso" if n["stage"] == "appeal_open" else "defesa"
        due = n["appeal_deadline"] if kind == "recurso" else n["defence_deadline"]
        which.addItem(f"Auto nº {n['number']} — {n['infraction_code']}: {kind} até "
                      f"{format_date(due)}", n["id"])
    text = QPlainTextEdit()
    text.setFixedHeight(110)
    text.setTabChangesFocus(True)
    rule = setup.profile_today().defence

    def submit(v):
        notice = notices[which.currentIndex()]
        stage = "appeal" if notice["stage"] == "appeal_open" else "defence"
        result = ledger.file_defence(actor, v["notice"], stage_=stage, filed_on=v["filed_on"],
                                     text=v["text"], attachments=[
                                         a.strip() for a in v["attachments"].split(";")
                                         if a.strip()])
        form.done_text = (f"{'Recurso' if stage == Proceeding.APPEAL else 'Defesa'} do auto nº "
                          f"{notice['number']} protocolado; aguarda o julgamento do "
                          "supervisor.")
        return result
    form = ActionForm("Protocolar defesa ou recurso", [
        ("notice", "Auto de infração", which), ("filed_on", "Data do protocolo", date_edit()),
        ("text", "Texto da defesa", text),
        ("attachments", "Anexos (separados por ;)", QLineEdit())], submit,
        confirm="Protocolar", parent=parent,
        intro=f"Defesa prévia: {rule.defence_days} dias ({rule.defence_article}); recurso: "
              f"{rule.appeal_days} dias ({rule.appeal_article}). O julgamento é do "
              "supervisor.")
    return form
