"""Portuguese words for the codes the services return (audit actions, entities, kinds)."""
from __future__ import annotations

# the profile's sections and editable numbers in the law's words live beside the rules (the
# comparison of two wordings of a law uses them too)
from ..domain.profile_words import PROFILE_NUMBERS, PROFILE_SECTIONS, profile_number  # noqa: F401
# the audit trail's words are the services' (the LGPD export's PDF lists entries too)
from ..services.audit_words import (AUDIT_ACTIONS, ENTITIES, REFUSED,  # noqa: F401
                                    audit_action, entity, history_detail)

# and the records' codes (the LGPD export's PDF shows them too)
from ..services.record_words import (CHARGE_KINDS, CHARGE_STATUS,  # noqa: F401
                                     INFRACTOR_ROLES, INSPECTION_KINDS)


def instrument_words() -> dict[str, str]:
    """What the law in force calls the act and its holder ([instrument] of the profile):
    'title' Permissão, 'titles' Permissões, 'holder' Permissionário, 'holders'
    Permissionários — an autorização's or a licença's words where the law grants those."""
    from ..domain.errors import DomainError
    from ..services import setup
    try:
        instrument = setup.profile_today().instrument  # the words of today's law
        title, holder = instrument.title, instrument.holder_title
    except DomainError:  # no município yet (the first-run wizard)
        title, holder = "Permissão", "Permissionário"
    return {"title": title, "titles": plural(title), "holder": holder, "holders": plural(holder)}


def plural(word: str) -> str:
    """Permissionário → Permissionários, Autorização → Autorizações, Licença → Licenças."""
    return word[:-2] + "ões" if word.endswith("ão") else word + "s"


def deadline_words(days: int | None) -> str:
    """A deadline's word beside its colour (UX.md: never a colour alone): vencido red,
    ≤ 30 dias amber."""
    if days is None:
        return ""
    if days < 0:
        return f"vencido há {-days} dia(s)"
    return "vence hoje" if days == 0 else f"em {days} dia(s)"
