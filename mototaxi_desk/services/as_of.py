"""What an action carries with it: who acts, the day it is done (or dated), and the wording of
the município's rule profile in force on that day (issue 38).

A service that takes `actor` and `on=` resolves the day once (`as_of(actor, on)`): the day
comes from the one clock (domain/wallclock.py) when none is given, and every rule of the
action is read from the profile of that day, never from "the wording in force today". A
backdated decision is thus judged by the wording of its date, and a document printed again
reads as it did on its own date (setup.profile(on=the document's date)).
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..domain import wallclock
from .context import Actor

if TYPE_CHECKING:
    from ..domain.profiles import RuleProfile


@dataclass(frozen=True)
class AsOf:
    """An action's "as of": the actor, the act's day and the profile in force on it."""
    actor: Actor
    on: dt.date
    profile: RuleProfile

    @property
    def profile_version(self) -> int | None:
        """The number of the adopted version in force on the act's day (asked when needed,
        e.g. to record it: one more read of the version list)."""
        from .administration import profile_versions
        return profile_versions.version_on(self.on)["number"]


def as_of(actor: Actor, on: dt.date | None = None) -> AsOf:
    """The action of `actor` on `on` (the program's today when not given), with the profile
    in force on that day: resolved here, once per action (the same one read as
    setup.profile(on), edited numbers included)."""
    from . import setup
    day = on or wallclock.today()
    return AsOf(actor=actor, on=day, profile=setup.profile(day))
