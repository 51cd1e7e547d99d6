"""The words of each permit act's form, from the município's profile: the rule with its
article, the fee the law charges, and the notes the database cannot show (what the law warns
of, the appeal, the document to print). Each act says its own (services/acts/<act>.py); what
the act itself will change comes from running it (permit_actions.preview); nothing here
decides anything."""
from __future__ import annotations

from ..domain.profiles import RuleProfile
from . import acts


def fees(profile: RuleProfile, act: str) -> list[str]:
    """The fee the law charges for the act, before it runs."""
    return acts.get(act).fees(profile) or ["A lei do município não cobra taxa por este ato."]


def rules(profile: RuleProfile, act: str, inputs: dict) -> list[str]:
    """The rule of the act, each line with its article."""
    return acts.get(act).rules(profile, inputs)


def notes(profile: RuleProfile, act: str, inputs: dict) -> list[str]:
    """What the law warns of and what to print, after what the act changes."""
    return acts.get(act).notes(profile, inputs)
