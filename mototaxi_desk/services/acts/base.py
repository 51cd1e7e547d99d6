"""What every permit act declares (one module per act in this package; docs/developers.md,
"Adding a permit act"), and the pieces several acts share."""
from __future__ import annotations

import argparse
from dataclasses import dataclass

from ...domain.errors import DomainError, RuleRefusal
from ...domain.profiles import RuleProfile
from ..context import Actor


@dataclass(frozen=True)
class Field:
    """A field of an act's small form in the window (gui/dialogs/permit_acts._small_form):
    kind "permit" (the record's permits the act applies to), "credential" (its auxiliary
    credentials), "date" (today, or today + `days_ahead`) or "text"."""
    key: str
    label: str
    kind: str = "text"
    max_length: int = 60
    placeholder: str = ""
    days_ahead: int | None = None


class Act:
    """One act of a permit's life. A subclass per act, decorated with acts.register, says
    everything the program needs: the menu, the law, the service run, the preview's texts,
    the printed document, the window's form, the command line."""
    # --- who and when
    key = ""            # the act's code (run, preview, the menu's object name act_<key>)
    label = ""          # the menu entry, without its mnemonic
    menu_text = ""      # the menu entry with its mnemonic (&)
    title = ""          # the form's title
    permission = ""     # services/permissions.py
    # the permit statuses the act applies to: the same lists as the services' own checks
    # (tests/services/test_permit_actions proves they agree), used to enable the menu
    statuses: tuple[str, ...] = ()
    credential = False  # acts on an auxiliary credential, not on a permit
    order = 100         # its place in the law's list and in the menu
    # where the window offers it: "more_menu" (the record's "Mais ▾" menu, enabled by
    # `statuses`: permit_actions.offered/states), "record_button" (a button of its own on the
    # record, e.g. renew) or "application" (from a deferred application, e.g. grant); only
    # the menu's acts are in the menu, the law's list and the record's states
    offered_in = "more_menu"
    menu_group = 0      # the menu puts a separator between groups
    none_why = ""       # the menu's tooltip when no permit or credential of the record applies
    # --- audit and the printed document
    audit: dict[str, str] = {}    # audit action -> its words (services/audit_words.py)
    printed: dict[str, str] = {}  # permit history action -> the printed document's name
    # permit history actions it writes that domain/permit_status.PermitAction lacks -> words
    history: dict[str, str] = {}
    ends_permit = False           # its printed act names the stand it freed
    print_note = ""               # "Depois de confirmar, imprima ..."
    warns = False                 # the preview warns of the grounds whose `warns` name it
    # the documents (services/documents) the clerk prints after the act, beyond `printed`:
    # "card" (print card N), "termo" (print termo N)
    prints: tuple[str, ...] = ()
    # --- the window
    confirm = ""        # the confirm button's word
    date_label = "Data"  # how a mistyped date field is named (as the service names it)
    date_input = "on"   # the input carrying the act's date: its law is the wording of that day
    # a fixed form, by its Designer file's name (gui/dialogs/permit_acts.FORMS: ui/<form>.ui,
    # e.g. "permit_transfer"); "": the small form built from `fields`
    form = ""
    fields: tuple[Field, ...] = ()  # the small form's fields
    # the status form's (form "permit_status") words: "print" (the print box), "placeholder" and
    # "reason" (the reason's hint and default), "act_number" and "print_checked" (False: off)
    status_form: dict = {}
    # --- the command line
    cli_group = "permit"  # `permit <name>`, `aux <name>`, or "" for a command of its own
    cli_name = ""         # default: the key
    cli_help = ""
    cli_date = True       # --date
    cli_date_help = "data do ato (padrão: hoje)"
    cli_preview = True    # --preview
    cli_pdf = True        # --pdf (the act's document)
    cli_card = ""         # --card: "permit" or "aux" (the card printed after the act)
    cli_wrapped = True    # --json prints {"result": ...} (False: the result itself)

    # --- the law -------------------------------------------------------------------------
    def statuses_on(self, profile: RuleProfile) -> tuple[str, ...]:
        """The permit statuses the act applies to under this wording of the law."""
        return self.statuses

    def act_day(self, inputs: dict):
        """The act's date from its inputs (today when none): the day whose wording judges it.
        A date still being typed, or mistyped, is today's here; the service names the field."""
        from ...domain import validators, wallclock
        from ...domain.errors import ValidationError
        value = inputs.get(self.date_input)
        try:
            return validators.parse_date(value, self.date_label) if value else wallclock.today()
        except ValidationError:
            return wallclock.today()

    def law_refusal(self, profile: RuleProfile) -> RuleRefusal | None:
        """None when the município's law provides the act; otherwise the refusal."""
        return None

    # --- doing it --------------------------------------------------------------------------
    def run(self, actor: Actor, *, permit_id=None, auxiliary_id=None, **inputs) -> dict:
        """Do the act through its service (one transaction, audited)."""
        raise NotImplementedError

    def placeholders(self, profile: RuleProfile, filled: dict) -> None:
        """Inputs the clerk has not chosen yet, filled so the preview can run."""

    # --- the preview's texts (services/permit_act_texts) ---------------------------------
    def rules(self, profile: RuleProfile, inputs: dict) -> list[str]:
        return []

    def fees(self, profile: RuleProfile) -> list[str]:
        return []

    def notes(self, profile: RuleProfile, inputs: dict) -> list[str]:
        lines = []
        if self.warns:
            for rule in profile.decisions:
                for ground in rule.grounds:
                    if self.key in ground.warns:
                        lines.append(f"Atenção: {ground.text} — {rule.label.lower()} "
                                     f"({ground.article}).")
        if self.print_note:
            lines.append(self.print_note)
        return lines

    # --- the printed document (services/act_documents) -----------------------------------
    def content(self, line, order: str, doc) -> dict:
        """Title, opening, sections, clauses and signatures of the document of one history
        line (`doc`: the helpers of services/act_documents)."""
        raise NotImplementedError

    # --- the window's small form -----------------------------------------------------------
    def form_inputs(self, values: dict) -> dict:
        """The act's inputs from the small form's field values."""
        renamed = {"permit": "permit_id", "credential": "auxiliary_id"}
        return {renamed.get(k, k): v for k, v in values.items()}

    def describe(self, result: dict) -> str:
        """The line the record shows after the act (small forms)."""
        permit = result.get("permit", result)
        return f"Permissão nº {permit.get('order_text')}: {permit.get('status_label', '')}."

    # --- the command line -----------------------------------------------------------------
    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("permit", metavar="PERMISSAO")

    def cli_inputs(self, args) -> dict:
        """The service inputs of the command (inside the database)."""
        return {"permit_id": permit_by_number(args.permit).id, "on": getattr(args, "date", None),
                "act_number": getattr(args, "act", ""), "reason": getattr(args, "reason", "")}

    def done_lines(self, result: dict, inputs: dict) -> list[str]:
        permit = result.get("permit", result)
        number = permit.get("order_text", permit.get("order_number"))
        return [f"Permissão nº {number}: {permit.get('status_label', '')}."]


# --- shared pieces -------------------------------------------------------------------------

def permit_by_number(text):
    from ...domain import validators
    from ..licensing import permits
    return permits.by_order_number(validators.positive_int(
        str(text).strip(), "Nº da permissão", maximum=2**31 - 1))


# the codes are domain.vehicle_rules.FAMILY_RELATIONS' (checked by the service; not imported
# here, so parsing a command loads no rule module; a test compares them)
OWNER_RELATION_HELP = ("parentesco do proprietário do veículo com o permissionário, onde a lei "
                       "admite veículo de familiar (vehicle.owner_rule): conjuge, pai_mae, "
                       "filho, avo, neto, irmao, sogro, genro_nora, cunhado")

# the command printing each document an act names in `prints` (cli/documents.py)
PRINT_COMMANDS = {"card": "print card {number} -o cartao.pdf",
                  "termo": "print termo {number} -o termo.pdf"}


def print_hint(prints: tuple[str, ...], number) -> str:
    """'Imprima: print card 7 -o cartao.pdf; print termo 7 -o termo.pdf'."""
    return "Imprima: " + "; ".join(PRINT_COMMANDS[d].format(number=number) for d in prints)


def optional_day(value, field: str):
    """The act's date when given (a date or dd/mm/aaaa), else None: the service takes today."""
    from ...domain import validators
    return validators.parse_date(value, field) if value else None


def fee_lines(fee_key: str, payer: str) -> list[str]:
    """The fee the law charges, before the act runs."""
    from ..payments.fees import fee_text
    try:
        text = fee_text(fee_key)
    except DomainError as exc:  # the fiscal unit's value is not set for this year
        return [str(exc)]
    return [f"{text} — paga pelo {payer}."] if text else []


def debts_lines(profile: RuleProfile) -> list[str]:
    return ([f"Débitos em aberto impedem o pedido ({profile.debts.article})."]
            if profile.debts.block_requests else [])


def day(value, field: str):
    from ...domain import validators, wallclock
    return validators.parse_date(value or wallclock.today(), field)


def auxiliary_refusal(profile: RuleProfile) -> RuleRefusal | None:
    rule, kind = profile.auxiliary, profile.application("auxiliary_driver")
    if not rule.allowed or not kind.allowed:
        return RuleRefusal("A lei do município não prevê condutor auxiliar",
                           rule.article or kind.article or profile.profile.law)
    return None


def credential_argument(parser: argparse.ArgumentParser, help_text: str) -> None:
    parser.add_argument("credential", metavar="Nº")


def credential_number(args) -> int:
    from ...domain import validators
    return validators.positive_int(str(args.credential).strip(), "Nº da credencial",
                                   maximum=2**31 - 1)
