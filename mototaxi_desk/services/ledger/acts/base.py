"""What every act of the penalty ledger declares (one module per act in this package;
docs/developers.md, "How to add an act of the ledger")."""
from __future__ import annotations

import argparse
from dataclasses import dataclass, field

from ....domain.errors import RuleRefusal
from ....domain.notice_stage import NoticeStage
from ....domain.profiles import RuleProfile
from ...context import Actor

NOTICE_ARG = ("notice", "NNNNN/AAAA", "nº do auto de infração (NNNNN/AAAA)")
# a proceeding's stage in words (defence and appeal)
PROCEEDING_STAGES = {"defence": "Defesa", "appeal": "Recurso"}


@dataclass(frozen=True)
class Field:
    """A field of an act's plain form in the notice's dialog (gui/dialogs/notice_detail
    builds it when the act has no form of its own): kind "text", "date" or "datetime"."""
    key: str
    label: str
    kind: str = "text"
    default: str = ""


@dataclass
class NoticeState:
    """What the dialog knows of the notice when it enables its buttons: the notice
    (services/ledger.notice), its impounds, the law in force on the infraction date and the
    user's role."""
    notice: dict
    profile: RuleProfile
    role: str
    impounds: list = field(default_factory=list)

    @property
    def active(self) -> bool:
        return self.notice["status"] == "active"

    @property
    def pending(self) -> list[dict]:
        """Defences and appeals filed and not judged yet."""
        return [p for p in self.notice["proceedings"]
                if p["event"] == "filed" and not p["decision"]]

    @property
    def open_fines(self) -> list[dict]:
        return [c for c in self.notice["charges"] if c["status"] == "open"]

    @property
    def held(self) -> list[dict]:
        return [i for i in self.impounds if i["status"] == "held"]

    @property
    def released(self) -> list[dict]:
        return [i for i in self.impounds if i["status"] == "released"]


class LedgerAct:
    """One act of the penalty ledger: a subclass per act, decorated with
    services.ledger.acts.register."""
    # --- who and when
    key = ""            # the act's code (the dialog's button key)
    label = ""          # the button's words
    title = ""          # the form's title
    confirm = "Confirmar"  # the form's confirm button
    permission = ""     # services/permissions.py: the button is enabled for its roles
    # the notice stages it applies to (empty: any); and whether the notice must be active
    stages: tuple[NoticeStage, ...] = ()
    active_only = True
    order = 100         # its place in the dialog's rows and among the commands
    # --- audit and the printed document
    audit: dict[str, str] = {}    # audit action -> its words (services/audit_words.py)
    document = ""                 # the document it prints ("" none)
    print_button = ("", "")       # (key, words) of the dialog's button printing it
    # --- the window
    button = ""          # the dialog's button key ("" no button)
    button_row = 0       # 0 the notice's acts, 1 payment, vehicle and printing
    # the dialog's own form, by name (NoticeDetailDialog.open_<form>); "": the plain form
    # built from `fields`
    form = ""
    fields: tuple[Field, ...] = ()
    # --- the command line
    cli_group = ""       # "notice" or "impound" ("": no command)
    cli_name = ""        # default: the key
    cli_help = ""
    cli_actor_first = False  # the user is checked before the arguments are looked up

    # --- the law ---------------------------------------------------------------------------
    def law_refusal(self, profile: RuleProfile) -> RuleRefusal | None:
        """None when the law in force on the infraction date provides the act."""
        return None

    # --- the window's button ----------------------------------------------------------------
    def ready(self, state: NoticeState) -> bool:
        """What the notice needs beyond its stage (a pending defence, an open fine...)."""
        return True

    def enabled(self, state: NoticeState) -> bool:
        from ...permissions import roles_for
        return ((not self.active_only or state.active)
                and (not self.stages or state.notice["stage"] in self.stages)
                and state.role in roles_for(self.permission)
                and self.law_refusal(state.profile) is None and self.ready(state))

    def why_not(self, state: NoticeState) -> str:
        """The disabled button's tooltip where the law lacks the act (with its article)."""
        refusal = self.law_refusal(state.profile)
        return str(refusal) if refusal is not None else ""

    # --- doing it -----------------------------------------------------------------------------
    def run(self, actor: Actor, *, notice_id=None, **inputs) -> dict:
        """Do the act through its service (one transaction, audited)."""
        raise NotImplementedError

    def intro(self, state: NoticeState) -> str:
        """The plain form's opening line (the law it applies, with the article)."""
        return ""

    def done_text(self, result: dict, inputs: dict) -> str:
        """The dialog's line after the act."""
        return ""

    # --- the printed document -----------------------------------------------------------------
    def can_print(self, state: NoticeState) -> bool:
        from ...documents import PRINT_ROLES
        return state.role in PRINT_ROLES

    def print_document(self, actor: Actor, state: NoticeState) -> dict | None:
        return None

    # --- the command line -----------------------------------------------------------------------
    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        notice_argument(parser)

    def cli_inputs(self, args) -> dict:
        """The run's inputs from the command's arguments (inside the database)."""
        return {"notice_id": notice_by_number(args.notice).id}

    def done_lines(self, result: dict, inputs: dict) -> list[str]:
        return []


def notice_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(NOTICE_ARG[0], metavar=NOTICE_ARG[1], help=NOTICE_ARG[2])


def notice_by_number(text):
    from ...licensing import decisions
    return decisions.notice_by_number(text)


def cite(article: str) -> str:
    """' (Art. 35 §2º)' as the município's law numbers it, or nothing where it is silent."""
    return f" ({article})" if article else ""
