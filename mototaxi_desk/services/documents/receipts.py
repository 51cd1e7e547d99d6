"""The protocol receipt of an application (A5)."""
from __future__ import annotations


from ...domain import validators
from ...printing import receipt
from ...store.connection import write_transaction
from ...store.models import Person, User
from ..licensing import applications
from .. import setup
from ..context import Actor
from .common import finish, log_copy, may_print, municipio_header, order_text
from ...domain import wallclock


def print_application_receipt(actor: Actor, application_id) -> dict:
    """The protocol receipt of an application (A5): protocol, type, applicant with the masked
    CPF, when and by whom it was filed, the checklist (received / pending)."""
    may_print(actor, "print.receipt")
    with write_transaction():
        app = applications.get_application(application_id)
        info = applications.as_dict(app)
        person: Person = app.person
        filer = User.get_or_none(User.id == app.filed_by_id) if app.filed_by_id else None
        key = info["protocol"]
        # the receipt reads as the wording in force on the day the application was filed
        profile = setup.profile(on=wallclock.local_day(app.filed_at))
        copy = log_copy(actor, "receipt", key, "a5")
        data = receipt.ReceiptData(
            municipio=municipio_header(profile=profile), protocol=key, type_label=info["type_label"],
            status_label=info["status_label"], applicant=person.name,
            cpf_masked=validators.mask_cpf(person.cpf), filed_at=info["filed_at"],
            attendant=filer.login if filer else "—", copy=copy,
            printed_at=wallclock.now(), login=actor.login,
            permit=order_text(app.permit.order_number, profile) if app.permit_id else "",
            items=[receipt.ReceiptItem(c["text"], c["mandatory"], c["received"])
                   for c in info["checklist"]])
        copies = [{"key": key, "copy": copy}]
    return finish(actor, "receipt", copies, "a5", lambda: receipt.render(data))
