"""The one live-validation field (gui/widgets/fields.py) and the two constructor spellings
the older forms use."""
from PySide6.QtWidgets import QComboBox, QLineEdit

from mototaxi_desk.domain import validators
from mototaxi_desk.gui.widgets.fields import (ERROR_COLOUR, CheckedField, FieldBox,
                                              ValidatedField)
from mototaxi_desk.services.administration import users

CPF_MASK = "999.999.999-99;_"


def test_masked_field_validates_as_typed_and_on_save(qtbot):
    field = ValidatedField(validators.cpf, mask=CPF_MASK)
    qtbot.addWidget(field)
    assert field.is_empty() and field.validate() is False  # required, quiet while empty
    assert not field.has_error() and field.message.isHidden()
    assert not field.validate(force=True) and field.message.text() == "Campo obrigatório."
    qtbot.keyClicks(field.editor, "11111111111")  # all-equal digits: invalid
    assert field.has_error() and "CPF" in field.message.text()
    assert ERROR_COLOUR in field.editor.styleSheet()
    field.editor.clear()
    qtbot.keyClicks(field.editor, "52998224725")
    assert not field.has_error() and field.editor.styleSheet() == ""
    assert field.raw() == "529.982.247-25" and field.validate(force=True)


def test_optional_field_may_stay_empty(qtbot):
    field = ValidatedField(validators.phone, required=False, placeholder="(99) 99999-9999")
    qtbot.addWidget(field)
    assert field.validate(force=True) and not field.has_error()
    assert field.editor.placeholderText() == "(99) 99999-9999"


def test_without_a_mask_the_text_goes_to_the_check_as_typed(qtbot):
    seen = []
    field = ValidatedField(lambda text: seen.append(text), editor=QLineEdit())
    qtbot.addWidget(field)
    qtbot.keyClicks(field.editor, "joao_silva")
    assert seen[-1] == "joao_silva" and field.edit is field.editor


def test_checked_field_wraps_a_combo_and_reads_its_data(qtbot):
    combo = QComboBox()
    combo.addItem("Maranhão", "MA")
    field = CheckedField(combo, validators.uf)
    qtbot.addWidget(field)
    assert field.text() == "MA" and field.validate()
    login = CheckedField(QLineEdit(), users.check_login)
    qtbot.addWidget(login)
    assert login.validate(quiet_when_empty=True) is False and not login.has_error()
    assert not login.validate() and login.has_error()  # on save an empty login is refused


def test_field_box_shows_what_the_form_says(qtbot):
    box = FieldBox(QLineEdit())
    qtbot.addWidget(box)
    box.error("placa inválida.")
    assert box.has_error and box.message.text() == "Placa inválida."
    assert ERROR_COLOUR in box.field.styleSheet()
    box.hint("Outra grafia: ABC1C34")
    assert not box.has_error and box.field.styleSheet() == ""
    assert box.message.text() == "Outra grafia: ABC1C34"
