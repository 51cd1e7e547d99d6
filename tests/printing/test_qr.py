"""The signed QR payload (ARCHITECTURE "Signed QR"): compact binary record + Ed25519
signature, base45 with a short prefix, version 6 at error correction M; an altered or
forged code never verifies."""
import datetime as dt

import pytest

from mototaxi_desk.printing import qr

from .samples import KEY, KEYS, card_record

BASE45 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"


def test_record_round_trip_and_size():
    record = card_record()
    assert len(qr.pack(record)) == qr.RECORD_SIZE == 32
    assert qr.unpack(qr.pack(record)) == record
    text = qr.sign(record, KEY)
    assert text.startswith(qr.PREFIX) and len(text) == 148
    assert set(text) <= set(BASE45)  # QR alphanumeric mode, ASCII
    assert qr.verify(text, KEYS) == record


def test_symbol_is_version_6_at_m_and_about_21_mm_with_quiet_zone():
    modules = qr.matrix(qr.sign(card_record(), KEY))
    assert len(modules) == 41  # version 6
    side_mm = qr.symbol_size(41) / 72 * 25.4
    assert 20 <= side_mm <= 22
    assert qr.MODULE_DOTS * qr.DOT_PT * 300 / 72 == pytest.approx(qr.MODULE_DOTS)


def test_no_more_personal_data_than_the_card():
    """Only the six middle CPF digits the card shows; no name."""
    record = qr.unpack(qr.pack(card_record()))
    assert record.person == "456789"
    with pytest.raises(ValueError):
        qr.pack(card_record(person="12345678909"))


def test_every_altered_character_fails_verification():
    """Flipping any byte of the text fails: malformed or bad signature, never valid."""
    text = qr.sign(card_record(), KEY)
    for i, ch in enumerate(text):
        for other in {chr(ord(ch) ^ 1), BASE45[(BASE45.index(ch) + 1) % 45]
                      if ch in BASE45 else "A"}:
            altered = text[:i] + other + text[i + 1:]
            with pytest.raises(qr.QrError) as err:
                qr.verify(altered, KEYS)
            assert err.value.reason in ("malformed", "bad_signature", "unknown_key")


def test_forged_and_unknown_keys():
    forger = qr.new_private_key()
    with pytest.raises(qr.QrError, match="assinatura inválida") as err:
        qr.verify(qr.sign(card_record(), forger), KEYS)
    assert err.value.reason == "bad_signature"
    with pytest.raises(qr.QrError) as err:
        qr.verify(qr.sign(card_record(key_id=7), KEY), KEYS)
    assert err.value.reason == "unknown_key"


@pytest.mark.parametrize("text", ["", "MT1:", "MT2:ABC", "https://example.org", "MT1:AB",
                                  "MT1:" + "0" * 144, "mt1:abc", "MT1:ÀÉÍ"])
def test_malformed(text):
    with pytest.raises(qr.QrError) as err:
        qr.verify(text, KEYS)
    assert err.value.reason == "malformed"


def test_reader_line_ending_is_ignored():
    text = qr.sign(card_record(), KEY)
    assert qr.verify(text + "\r\n", KEYS).number == 12


def test_sticker_serial_packing():
    assert qr.sticker_number("2026-000123") == 2026000123
    assert qr.sticker_serial(2026000123) == "2026-000123"
    record = card_record(kind="sticker_semiannual", number=qr.sticker_number("2099-999999"),
                         person="", date1=dt.date(2099, 1, 1), valid_until=None)
    assert qr.unpack(qr.pack(record)) == record


def test_cpf_middle_digits_all_zero_are_kept():
    record = card_record(person="000000")
    assert qr.unpack(qr.pack(record)).person == "000000"
    assert qr.unpack(qr.pack(card_record(person=""))).person == ""
