"""The auto de infração: every field, its deadlines and stage, the fine and its payment, the
defence and appeal, impound and release — and the ledger actions the user's role allows. The
action buttons (words, order, enabling, tooltips), the forms' titles and what each runs come
from the acts of the ledger (services/ledger/acts); the forms with their own widgets are
the open_<form> methods here, an act with plain `fields` gets a form built from them."""
from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QGridLayout, QGroupBox, QHBoxLayout,
                               QLabel, QLineEdit, QPlainTextEdit, QPushButton, QTabWidget,
                               QVBoxLayout)

from .. import screen_fit
from ...domain.errors import DomainError
from ...domain.money import format_money
from ...domain.validators import format_date
from ...services import ledger, setup
from ...services.ledger import acts as ledger_acts
from ...services.ledger import impounds
from ...services.ledger.acts import NoticeState
from ...services.ledger.acts.base import PROCEEDING_STAGES
from ...services.record_words import DECISIONS, IMPOUND_STATUS, PROCEEDING_EVENTS
from .. import labels, prompts
from ..models.dict_table import Column, DictTableModel
from ..widgets.common import STATUS_COLOURS, table_view
from ..widgets.ledger_view import (ActionForm, date_edit, datetime_edit, deadline_colour,
                                   fine_text, status_colour, status_word)
from .notice_entry import admitted_channels
from ...domain import wallclock
from ...domain.notice_stage import Proceeding



class NoticeDetailDialog(QDialog):
    def __init__(self, actor, notice_id: int, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.notice_id = notice_id
        self.last_print: dict | None = None
        self.form: ActionForm | None = None
        self.changed = False
        layout = QVBoxLayout(self)
        self.header = QLabel()
        self.header.setTextFormat(Qt.TextFormat.RichText)
        self.status = QLabel()
        top = QHBoxLayout()
        top.addWidget(self.header, 1)
        top.addWidget(self.status)
        layout.addLayout(top)

        self.facts = QGridLayout()
        self.facts.setHorizontalSpacing(12)
        box = QGroupBox("Dados do auto")
        box.setLayout(self.facts)
        layout.addWidget(box)

        self.tabs = QTabWidget()
        self.charges = DictTableModel(
            [Column("kind", "Lançamento", lambda k: labels.CHARGE_KINDS.get(k, k)),
             Column("label", "Descrição"), Column("units_text", "Unidades"),
             Column("amount_text", "Valor"),
             Column("status", "Situação", lambda s: labels.CHARGE_STATUS.get(s, s)),
             Column("paid_on", "Pago em"), Column("receipt", "Recibo / DAM")],
            colour_of=lambda r: STATUS_COLOURS.get(r["status"], "#e4e4e4"), parent=self)
        self.proceedings = DictTableModel(
            [Column("stage", "Fase", lambda s: PROCEEDING_STAGES.get(s, s)),
             Column("event", "Evento", lambda e: PROCEEDING_EVENTS.get(e, e)),
             Column("filed_on", "Protocolo"),
             Column("decision", "Decisão", lambda d: DECISIONS.get(d, d)),
             Column("decided_on", "Decidido em"), Column("decision_reason", "Fundamentação"),
             Column("text", "Texto")], parent=self)
        self.impounds = DictTableModel(
            [Column("plate", "Placa"), Column("place", "Depósito"),
             Column("deposited_at", "Depositado em"),
             Column("status", "Situação", lambda s: IMPOUND_STATUS.get(s, s)),
             Column("released_at", "Liberado em"), Column("storage_days", "Diárias")],
            parent=self)
        for model, title in ((self.charges, "Multa e pagamentos"),
                             (self.proceedings, "Defesa e recurso"),
                             (self.impounds, "Apreensão")):
            view = table_view(model)
            self.tabs.addTab(view, title)
        layout.addWidget(self.tabs, 1)

        self.buttons = {}
        self.button_acts = {}  # button key -> the act of the ledger it opens or prints
        prints = [act for act in ledger_acts.registry().values() if act.print_button[0]]
        rows = [[(act.button, act.label, lambda a=act: self.open_act(a.key), act)
                 for act in ledger_acts.buttons(0)],
                [(act.button, act.label, lambda a=act: self.open_act(a.key), act)
                 for act in ledger_acts.buttons(1)]
                + [(act.print_button[0], act.print_button[1],
                    lambda a=act: self.print_act(a.key), act) for act in prints]
                + [("close", "Fechar", self.accept, None)]]
        for row in rows:
            line = QHBoxLayout()
            for key, text, slot, act in row:
                button = QPushButton(text)
                button.setAutoDefault(False)
                button.clicked.connect(lambda _=False, s=slot: s())
                self.buttons[key] = button
                if act is not None:
                    self.button_acts[key] = act
                line.addWidget(button)
            layout.addLayout(line)
        self.message = QLabel()
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        QShortcut(QKeySequence("Ctrl+P"), self, activated=self.print_notice)
        QShortcut(QKeySequence("F5"), self, activated=self.refresh)
        screen_fit.preferred_size(self, 1180, 720)
        self.refresh()

    def _notice_profile(self):
        """The wording in force on the notice's infraction date: the one it is judged by
        (as its printed auto, services/documents/ledger_documents.py)."""
        return setup.profile(on=self.notice["occurred_at"].date())

    # --- showing ---------------------------------------------------------------------------
    def refresh(self) -> None:
        notice = ledger.notice(self.notice_id)
        self.notice = notice
        profile = self._notice_profile()
        try:
            klass = profile.penalty_class(notice["class_code"]).label
        except KeyError:
            klass = notice["class_code"]
        self.setWindowTitle(f"Auto de infração nº {notice['number']}")
        self.header.setText(f"<h2 style='margin:0'>Auto de infração nº {notice['number']}</h2>"
                            f"{notice['holder_name']} · "
                            + (f"Permissão nº {notice['permit_order_text']}"
                               if notice["permit_order_text"] else "sem permissão") +
                            f" · placa {notice['plate'] or '—'}")
        self.status.setText(status_word(notice))
        self.status.setStyleSheet(f"background: {status_colour(notice)}; border: 1px solid "
                                  "#999; border-radius: 4px; padding: 4px 10px; "
                                  "font-weight: bold;")
        today = wallclock.today()
        defence = notice["defence_deadline"]
        appeal = notice["appeal_deadline"]
        channel = ledger.CHANNEL_LABELS.get(notice["notification_channel"], "")
        pairs = [
            ("Infração", f"{notice['infraction_code']} — {notice['article']} ({klass})"),
            ("Descrição legal", notice["text"]),
            ("Infrator", f"{notice['infractor_name']} "
                         f"({labels.INFRACTOR_ROLES.get(notice['infractor_role'], '')})"),
            ("Local", notice["place"]),
            ("Data e hora", notice["occurred_at"].strftime("%d/%m/%Y %H:%M")),
            ("Ocorrência", notice["description"] or "—"),
            ("Agente", f"{notice['agent_name']} — matrícula {notice['agent_registration']}"),
            ("Assinatura", "o infrator assinou" if notice["infractor_signed"] else
             "o infrator não assinou"),
            ("Notificação", f"{format_date(notice['notified_on'])} — {channel}"
             if notice["notified_on"] else "ainda não notificado"),
            ("Multa", fine_text(notice) + (" — em dobro (reincidência)" if notice["recidivism"]
                                           else "") + (" + advertência" if notice["warning"]
                                                       else "")),
            ("Pontos", str(notice["points"]) + (" (em dobro)" if notice["points_doubled"]
                                                 else "")),
            ("Medida", notice["measure"] or "—"),
            ("Prazo de defesa", _deadline_html(defence, notice, today, "defence")
             + _note_html(notice["defence_deadline_note"])),
            ("Prazo de recurso", _deadline_html(appeal, notice, today, "appeal")
             + _note_html(notice["appeal_deadline_note"])),
            ("Fase", notice["stage_label"]),
        ]
        if notice["status"] == "voided":
            pairs.append(("Anulação", f"{format_date(notice['voided_on'])}: "
                                      f"{notice['void_reason']}"))
        while self.facts.count():
            self.facts.takeAt(0).widget().deleteLater()
        half = (len(pairs) + 1) // 2
        for i, (label, value) in enumerate(pairs):
            col = 0 if i < half else 2
            row = i if i < half else i - half
            name = QLabel(f"<b>{label}:</b>")
            name.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
            text = QLabel(value)
            text.setWordWrap(True)
            text.setTextFormat(Qt.TextFormat.RichText)
            text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.facts.addWidget(name, row, col)
            self.facts.addWidget(text, row, col + 1)
        self.facts.setColumnStretch(1, 1)
        self.facts.setColumnStretch(3, 1)
        self.charges.set_rows(notice["charges"])
        self.proceedings.set_rows(notice["proceedings"])
        self.impound_rows = [i for i in impounds.for_person(notice["holder_id"])
                             if i["notice_id"] == notice["id"]]
        self.impounds.set_rows(self.impound_rows)
        self._enable()

    def _state(self) -> NoticeState:
        return NoticeState(self.notice, self._notice_profile(), self.actor.role,
                           self.impound_rows)

    def _enable(self) -> None:
        state = self._state()
        for key, button in self.buttons.items():
            act = self.button_acts.get(key)
            if act is None:  # Fechar
                button.setEnabled(True)
                continue
            printing = key == act.print_button[0]
            enabled = act.can_print(state) if printing else act.enabled(state)
            button.setEnabled(enabled)
            button.setToolTip("" if enabled or printing else act.why_not(state))

    def _done(self, text: str) -> None:
        self.changed = True
        self.refresh()
        self.message.setStyleSheet("color: #1b5e20; font-weight: bold;")
        self.message.setText(text)

    def _open(self, form: ActionForm) -> ActionForm:
        self.form = form
        form.open()
        return form

    # --- actions ---------------------------------------------------------------------------
    def open_act(self, key: str):
        """The act's form: its own (open_<form>) or the plain one from its fields."""
        act = ledger_acts.get(key)
        if act.form:
            return getattr(self, f"open_{act.form}")()
        return self._plain_form(act)

    def _run(self, key: str, **inputs) -> dict:
        """Do the act through its declaration and say what was done."""
        act = ledger_acts.get(key)
        result = act.run(self.actor, notice_id=self.notice_id, **inputs)
        self._done(act.done_text(result, inputs))
        return result

    def _plain_form(self, act) -> ActionForm:
        made = {"date": date_edit, "datetime": datetime_edit}
        fields = [(f.key, f.label, made[f.kind]() if f.kind in made else QLineEdit(f.default))
                  for f in act.fields]
        form = ActionForm(act.title, fields, lambda v: self._run(act.key, **v),
                          intro=act.intro(self._state()), confirm=act.confirm, parent=self)
        form.setObjectName(f"ledger_act_{act.key}")
        return self._open(form)

    def open_notify(self) -> ActionForm:
        channel = QComboBox()
        # the means the law in force on the infraction date admits (it sets the terms)
        profile = setup.profile(on=self.notice["occurred_at"].date())
        for code, label in admitted_channels(profile):
            channel.addItem(label, code)

        act = ledger_acts.get("notify")

        def submit(v):
            return self._run(act.key, **v)
        return self._open(ActionForm(act.title, [
            ("on", "Data da notificação", date_edit()), ("channel", "Meio de notificação",
                                                          channel)], submit,
            intro=_initial_capital(ledger.means_text(profile))
                  + _cite(profile.defence.notification_article)
                  + ". O e-mail não é notificação.",
            parent=self))

    def open_defence(self) -> ActionForm:
        stage = QComboBox()
        rule = self._notice_profile().defence
        if rule.defence_days:
            stage.addItem(f"Defesa prévia ({rule.defence_article})", "defence")
        if rule.appeal_days:
            stage.addItem(f"Recurso ({rule.appeal_article})", "appeal")
        if self.notice["stage"].startswith("appeal"):
            stage.setCurrentIndex(max(0, stage.findData("appeal")))
        text = QPlainTextEdit()
        text.setFixedHeight(110)
        text.setTabChangesFocus(True)

        act = ledger_acts.get("defence")

        def submit(v):
            return self._run(act.key, stage=v["stage"], filed_on=v["filed_on"], text=v["text"],
                             attachments=[a.strip() for a in v["attachments"].split(";")
                                          if a.strip()])
        return self._open(ActionForm(act.title, [
            ("stage", "Fase", stage), ("filed_on", "Data do protocolo", date_edit()),
            ("text", "Texto da defesa", text),
            ("attachments", "Anexos (separados por ;)", QLineEdit())], submit,
            intro=f"Prazo de defesa: {format_date(self.notice['defence_deadline']) or '—'}"
                  f" · prazo de recurso: {format_date(self.notice['appeal_deadline']) or '—'}",
            parent=self))

    def open_judge(self) -> ActionForm:
        which = QComboBox()
        for p in self.notice["proceedings"]:
            if p["event"] == "filed" and not p["decision"]:
                which.addItem(f"{PROCEEDING_STAGES.get(p['stage'], p['stage'])} "
                              f"protocolada em {format_date(p['filed_on'])}", p["id"])
        decision = QComboBox()
        decision.addItem("Rejeitada (o auto mantém-se)", False)
        decision.addItem("Acolhida (o auto é anulado, com multa e sanções)", True)
        reason = QPlainTextEdit()
        reason.setFixedHeight(90)
        reason.setTabChangesFocus(True)

        act = ledger_acts.get("judge")

        def submit(v):
            return self._run(act.key, **v)
        return self._open(ActionForm(act.title, [
            ("proceeding", "Defesa/recurso", which), ("accepted", "Decisão", decision),
            ("reason", "Fundamentação da decisão", reason)], submit,
            intro="Acolhida a defesa, o auto é anulado e a multa, as sanções e as medidas "
                  "dele decorrentes são desfeitas"
                  + _cite(self._notice_profile().defence.accepted_defence_article) + ".",
            parent=self))

    def open_revelia(self) -> ActionForm:
        act = ledger_acts.get("revelia")

        def submit(_v):
            return self._run(act.key)
        return self._open(ActionForm(act.title, [], submit, confirm=act.confirm,
                                     intro="Sem defesa no prazo"
                                           + _cite(self._notice_profile().defence.revelia_article)
                                           + ": as "
                                           "penalidades do auto se aplicam.", parent=self))

    def open_void(self) -> ActionForm:
        reason = QLineEdit()

        act = ledger_acts.get("void")

        def submit(v):
            return self._run(act.key, **v)
        return self._open(ActionForm(act.title, [
            ("reason", "Motivo da anulação", reason)], submit, confirm=act.confirm,
            intro="O auto fica no histórico, anulado; a multa em aberto, as sanções e a "
                  "apreensão decorrentes são desfeitas.", parent=self))

    def open_reissue(self):
        from .notice_entry import NoticeEntryDialog
        dialog = NoticeEntryDialog(self.actor, self, reissue=self.notice)
        dialog.accepted.connect(lambda: self._reissued(dialog))
        self.form = dialog
        dialog.open()
        return dialog

    def _reissued(self, dialog) -> None:
        self._done(ledger_acts.get("reissue").done_text(dialog.result_notice, {}))

    def open_pay(self) -> ActionForm:
        which = QComboBox()
        for c in self.notice["charges"]:
            if c["status"] == "open":
                which.addItem(f"{c['label']} — {c['amount_text']}", c["id"])
        first = next((c for c in self.notice["charges"] if c["status"] == "open"), None)
        amount = QLineEdit(format_money(first["amount_cents"]) if first else "")
        payment = setup.profile_today().penalties.payment_article

        act = ledger_acts.get("pay")

        def submit(v):
            return self._run(act.key, **v)
        return self._open(ActionForm(act.title, [
            ("charge", "Multa", which), ("paid_on", "Data do pagamento", date_edit()),
            ("receipt", "Nº do recibo / DAM", QLineEdit()), ("amount", "Valor pago", amount)],
            submit, intro="Só o pagamento integral é aceito." + (
                f" Pagar não exime de sanar a falta ({payment})." if payment else ""),
            parent=self))

    def open_impound(self) -> ActionForm:
        act = ledger_acts.get("impound")

        def submit(v):
            return self._run(act.key, **v)
        return self._open(ActionForm(act.title, [
            ("place", "Local de depósito", QLineEdit("Pátio municipal")),
            ("deposited_at", "Data e hora do depósito", datetime_edit()),
            ("boletim", "Boletim de ocorrência", QLineEdit())], submit,
            intro=f"Medida do catálogo: {self.notice['measure'] or '—'}", parent=self))

    def open_release(self) -> ActionForm:
        held = [i for i in self.impound_rows if i["status"] == "held"][0]
        profile = setup.profile_today()
        reason = QComboBox()
        for code in profile.impound.release_reasons:
            reason.addItem(impounds.REASON_LABELS.get(code, code), code)
        released_at = datetime_edit()
        removal = QLineEdit()
        removal.setPlaceholderText("R$ 0,00")
        form_fields = [("reason", "Motivo da liberação", reason),
                       ("released_at", "Data e hora da liberação", released_at),
                       ("removal", "Despesas de remoção", removal),
                       ("removal_receipt", "Recibo da remoção", QLineEdit()),
                       ("storage_receipt", "Recibo da estadia", QLineEdit())]
        shown = QCheckBox("o permissionário exibiu o alvará de permissão")
        form_fields.append(("permit_shown", "Alvará", shown))

        act = ledger_acts.get("release")

        def submit(v):
            return self._run(act.key, **{**v, "impound": held["id"],
                                         "removal": v["removal"] or None})
        form = ActionForm(act.title, form_fields, submit, confirm=act.confirm, parent=self)

        def quote():
            values = form.values()
            try:
                q = impounds.release_quote(held["id"], released_at=values["released_at"],
                                           removal=values["removal"] or None)
            except DomainError as exc:
                form.intro.setText(f"<span style='color:#b71c1c'>{exc}</span>")
                return
            fines = "; ".join(f"{f['label']}: {f['amount_text']}" for f in q["fines"]) or \
                "nenhuma em aberto"
            form.intro.setText(
                f"<b>A pagar para liberar ({q['article']}):</b><br>"
                f"Estadia: {q['storage_text'] or 'sem taxa'} = "
                f"<b>{format_money(q['storage_cents'])}</b><br>"
                f"Remoção: {format_money(q['removal_cents'])}<br>Multas: {fines}<br>"
                f"<b>Total: {format_money(q['total_cents'])}</b>")
            form.quote = q
        form.intro.setVisible(True)
        released_at.changed.connect(lambda *_: quote())
        removal.textChanged.connect(lambda *_: quote())
        quote()
        return self._open(form)

    def print_act(self, key: str) -> dict | None:
        """Print the document the act declares (the auto, the release receipt)."""
        try:
            result = ledger_acts.get(key).print_document(self.actor, self._state())
        except DomainError as exc:
            self.message.setStyleSheet("color: #b71c1c; font-weight: bold;")
            self.message.setText(str(exc))
            return None
        if result is None:
            return None
        self.last_print = result
        prompts.show_preview(self, result, modal=True)
        return result

    def print_notice(self) -> dict | None:
        if not self.buttons["print"].isEnabled():
            return None
        return self.print_act("record")

    def print_release(self) -> dict | None:
        return self.print_act("release")


def _initial_capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _cite(article: str) -> str:
    """' (Art. 35 §2º)' as the município's law numbers it, or nothing where it is silent."""
    return f" ({article})" if article else ""


def _note_html(note: str) -> str:
    return f"<br><small>{escape(note)}</small>" if note else ""


def _deadline_html(due, notice, today, kind) -> str:
    if due is None:
        return "—"
    text = format_date(due)
    running = notice["stage"].startswith(kind) or (kind == Proceeding.DEFENCE and
                                                  notice["stage"] == "revelia_due")
    colour = deadline_colour(notice, today) if running else None
    if colour:
        word = "vencido" if (due < today or notice["stage"] == "revelia_due") else \
            f"faltam {(due - today).days} dia(s)"
        return f"<span style='background:{colour}; padding:1px 4px'>{text} ({word})</span>"
    return text
