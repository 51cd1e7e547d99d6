"""A permit's place on a stand: assign one (a permit without a place), change stand at the
holder's request (the law's minimum time at the stand, vacancy and fee are the service's),
or free the place. Used by the person's record and by the Pontos page."""
from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLineEdit

from ...domain.errors import ValidationError
from ...services.views import counter
from ...services.register import stands
from ..widgets.ledger_view import ActionForm


def _stand_combo(exclude: int | None) -> QComboBox:
    combo = QComboBox()
    for s in stands.list_stands():
        if s["id"] == exclude or not s["active"] or s["full"]:
            continue
        combo.addItem(f"{s['label']} — {s['name']} ({s['free']} vaga(s) livre(s))", s["id"])
    return combo


def _permit_text(permit: dict) -> str:
    where = stands.label(permit["stand_number"]) if permit.get("stand_number") else "sem ponto"
    return f"Nº {permit['order_text']} — {permit['holder_name']} ({where})"


def place_form(actor, permit: dict, parent=None, *, stand_id: int | None = None) -> ActionForm:
    """Change of stand when the permit has a place, else assignment to one. `stand_id`
    preselects the destination."""
    moving = bool(permit.get("stand_number"))
    combo = _stand_combo(permit.get("stand") if moving else None)
    if stand_id is not None and combo.findData(stand_id) >= 0:
        combo.setCurrentIndex(combo.findData(stand_id))

    def submit(v):
        if v["stand"] is None:
            raise ValidationError("Novo ponto", "nenhum ponto com vaga livre.")
        if moving:
            result = stands.change_stand(actor, permit["id"], v["stand"])
            fee = result.get("fee")
            form.done_text = (f"Permissão nº {permit['order_text']} mudou do "
                              f"{stands.label(result['old_stand_number'])} para o "
                              f"{result['stand_label']}, vaga {result['position']}"
                              + (f"; lançada a taxa {fee['amount_text']}." if fee else "."))
        else:
            result = stands.assign_permit(actor, permit["id"], v["stand"])
            form.done_text = (f"Permissão nº {permit['order_text']} no "
                              f"{result['stand_label']}, vaga {result['position']}.")
        return result
    if moving:
        fee = counter.stand_change_fee_text()
        intro = ("Mudança de ponto a pedido do permissionário: só para ponto com vaga, após o "
                 "prazo mínimo no ponto atual que a lei fixar, sem débitos em aberto"
                 + (f"; taxa — {fee}." if fee else "; a lei não cobra taxa."))
    else:
        intro = "A permissão não tem vaga em ponto: escolha um ponto com vaga livre."
    form = ActionForm("Mudar de ponto" if moving else "Vincular a ponto", [
        ("stand", "Novo ponto" if moving else "Ponto", combo)], submit,
        confirm="Mudar de ponto" if moving else "Vincular", parent=parent,
        intro=f"<b>{_permit_text(permit)}</b><br>{intro}")
    return form


def release_form(actor, permit: dict, parent=None) -> ActionForm:
    """Free the permit's place (stands.release_place), with the reason."""
    reason = QLineEdit()
    reason.setMaxLength(200)

    def submit(v):
        result = stands.release_place(actor, permit["id"], reason=v["reason"])
        form.done_text = (f"Vaga {result.get('position')} do "
                          f"{stands.label(result['stand_number'])} liberada.")
        return result
    form = ActionForm("Liberar vaga no ponto", [("reason", "Motivo", reason)], submit,
                      confirm="Liberar vaga", parent=parent,
                      intro=f"<b>{_permit_text(permit)}</b><br>A permissão fica sem ponto "
                            "até ser vinculada a outro.")
    return form


def assign_form(actor, stand: dict, parent=None) -> ActionForm:
    """From the Pontos page: put a permit that has no place on this stand."""
    combo = QComboBox()
    for p in counter.unplaced_permits():
        combo.addItem(f"Nº {p['order_text']} — {p['holder_name']} ({p['status_label']})",
                      p["id"])

    def submit(v):
        if v["permit"] is None:
            raise ValidationError("Permissão", "não há permissão em vigor sem ponto.")
        result = stands.assign_permit(actor, v["permit"], stand["id"])
        form.done_text = (f"Permissão nº {combo.currentText().split(' — ')[0][3:]} no "
                          f"{result['stand_label']}, vaga {result['position']}.")
        return result
    form = ActionForm(f"Vincular permissão ao {stand['label']}", [
        ("permit", "Permissão sem ponto", combo)], submit, confirm="Vincular", parent=parent,
        intro=f"<b>{stand['label']} — {stand['name']}</b>: {stand['free']} vaga(s) livre(s) "
              f"de {stand['max_vehicles']}.")
    return form
