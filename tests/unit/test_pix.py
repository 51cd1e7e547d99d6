"""PIX BR Code (Banco Central do Brasil, Manual de Padrões para Iniciação do Pix, Anexo I)
and the key formats the DICT accepts."""
import pytest

from mototaxi_desk.domain import pix
from mototaxi_desk.domain.errors import ValidationError

# The static QR code example of the Manual de Padrões para Iniciação do Pix (BCB), as also
# used in the tests of ACBr (ACBrPIXCD) and other public implementations.
BCB_EXAMPLE = ("00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000"
               "5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D")


def test_crc16_is_ccitt_false():
    """CRC-16/CCITT-FALSE check value (the CRC catalogue's '123456789' -> 0x29B1)."""
    assert pix.crc16(b"123456789") == 0x29B1


def test_the_central_bank_example_is_rebuilt_exactly():
    built = pix.brcode(key="123e4567-e12b-12d1-a456-426655440000", name="Fulano de Tal",
                       city="BRASILIA", cents=None, once=False)
    assert built == BCB_EXAMPLE
    parsed = pix.parse(BCB_EXAMPLE)
    assert parsed.account["00"] == "br.gov.bcb.pix" and parsed.txid == "***"


def test_a_guia_code_carries_key_amount_txid_and_a_valid_crc():
    text = pix.brcode(key="11222333000181", name="Prefeitura de São Raimundo das Mangabeiras",
                      city="São Raimundo das Mangabeiras", cents=14478,
                      transaction_id="DAM2026000000123")
    parsed = pix.parse(text)
    assert parsed.fields["00"] == "01" and parsed.fields["01"] == "12"
    assert parsed.key == "11222333000181" and parsed.cents == 14478
    assert parsed.fields["54"] == "144.78" and parsed.fields["53"] == "986"
    assert parsed.fields["58"] == "BR"
    assert parsed.fields["59"] == "Prefeitura de Sao Raimund"      # 25 characters, no accent
    assert parsed.fields["60"] == "Sao Raimundo da"                # 15
    assert parsed.txid == "DAM2026000000123"
    with pytest.raises(ValueError, match="CRC"):
        pix.parse(text[:-1] + ("0" if text[-1] != "0" else "1"))


@pytest.mark.parametrize("typed, kind, key", [
    ("11.222.333/0001-81", "cnpj", "11222333000181"),
    ("12.ABC.345/01DE-35", "cnpj", "12ABC34501DE35"),      # alphanumeric CNPJ (Receita, 2026)
    ("529.982.247-25", "cpf", "52998224725"),
    ("Tesouraria@Prefeitura.MA.gov.br", "email", "tesouraria@prefeitura.ma.gov.br"),
    ("+55 (99) 98765-4321", "phone", "+5599987654321"),
    ("123E4567-E12B-12D1-A456-426655440000", "evp", "123e4567-e12b-12d1-a456-426655440000"),
])
def test_keys_of_each_kind_are_normalised(typed, kind, key):
    assert pix.pix_key(typed) == (kind, key)


def test_a_phone_typed_without_country_code_gets_it_when_the_kind_is_chosen():
    assert pix.pix_key("(99) 98765-4321", "phone") == ("phone", "+5599987654321")


@pytest.mark.parametrize("typed, kind, why", [
    ("529.982.247-24", None, "CPF inválido"),
    ("11.222.333/0001-80", None, "CNPJ inválido"),
    ("fulano@", None, "e-mail inválido"),
    ("+55 99 1234", None, "telefone inválido"),
    ("123e4567-e12b-12d1-a456-42665544000", "evp", "chave aleatória inválida"),
    ("", None, "obrigatório"),
])
def test_bad_keys_are_refused_naming_the_field(typed, kind, why):
    with pytest.raises(ValidationError) as err:
        pix.pix_key(typed, kind)
    assert "Chave PIX" in str(err.value) and why in str(err.value)


@pytest.mark.parametrize("typed", ["11222333000180", "1122233300018", "11111111111111", "x"])
def test_cnpj_is_checked(typed):
    with pytest.raises(ValidationError, match="CNPJ"):
        pix.cnpj(typed)


def test_transaction_id_is_letters_and_digits_up_to_25():
    with pytest.raises(ValidationError):
        pix.brcode(key="k@x.com.br", name="A", city="B", cents=100, transaction_id="DAM 1")
    with pytest.raises(ValidationError):
        pix.txid("A" * 26)
