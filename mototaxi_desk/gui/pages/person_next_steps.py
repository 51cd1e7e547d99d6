"""What each of the record's "Próximos passos" opens (issue 36): the payment form with the
debt chosen (or its guia), the inspection form with the plate, the card's print, the
application, the renewal, the CNH, the vehicle, the defence or the deadline itself. The
form opened is the record's `form`, as for its other buttons."""
from __future__ import annotations


def open_step(page, step: dict, guia: bool = False):
    if not step.get("enabled", True) and not guia:
        return None
    action, target = step["action"], step["target"]
    if action == "pay":  # the one step the guia's button also opens
        return _debt(page, target, guia)
    if action == "vehicle" and target.get("entity") != "vehicle":
        return page._open_due(target)
    opener = _OPENERS.get(action)
    return opener(page, target) if opener else page._open_due(target)


def _inspect(page, target: dict):
    from ..dialogs.inspection_form import InspectionForm
    form = InspectionForm(page.actor, plate=target.get("plate") or "", parent=page)
    form.done_text = "Vistoria registrada."
    return page._open(form)


def _application(page, target: dict):
    from ..dialogs.application_detail import ApplicationDetailDialog
    dialog = ApplicationDetailDialog(page.actor, target["application_id"], page)
    dialog.finished.connect(lambda *_: page.refresh())
    return page._look(dialog)


def _debt(page, target: dict, guia: bool):
    debts = page.available.get("pay", {}).get("debts", [])
    chosen = [d for d in debts if d["source"] == target["source"] and d["id"] == target["id"]]
    if not chosen:
        return None
    if guia:
        from ..dialogs.guia import GuiaDialog
        form = GuiaDialog(page.actor, chosen, page)
        form.accepted.connect(lambda: page._guia_issued(form.result_value))
        return page._open(form)
    from ..dialogs.counter_actions import pay_form
    form = pay_form(page.actor, debts, page)
    form.widget("debt").setCurrentIndex(debts.index(chosen[0]))
    return page._open(form)


def _card(page, permit_id: int):
    state = page.available.get("second_copy", {})
    if not state.get("enabled"):
        return None
    from ..dialogs.counter_actions import second_copy_form
    form = second_copy_form(page.actor, page._permit_rows(), state["permit_ids"], page)
    combo = form.widget("permit")
    combo.setCurrentIndex(max(0, combo.findData(permit_id)))
    form.accepted.connect(lambda: page._printed(form.result_value))
    return page._open(form)


# a step's action -> what opens it (services/views/next_steps.py names the actions)
_OPENERS = {
    "inspect": _inspect,
    "print_card": lambda page, target: _card(page, target["permit_id"]),
    "application": _application,
    "renew": lambda page, target: page.renew(),
    "cnh": lambda page, target: page.edit_cnh(),
    "defence": lambda page, target: page.defence(),
    "vehicle": lambda page, target: page._open_vehicle(int(target["entity_id"])),
}
