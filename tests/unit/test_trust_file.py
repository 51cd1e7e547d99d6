"""The trust file's format (services/trust/trust_file.py, issue 34): format 1 upgraded in memory,
what a file may hold, the rotation's signed statement, and what an admin's confirmation
names."""
import copy

import pytest

from mototaxi_desk.domain.errors import DomainError
from mototaxi_desk.printing import qr
from mototaxi_desk.services.trust import trust_file

IBGE = "2111102"


def _entry(serial: int, private) -> dict:
    raw = qr.public_raw(private)
    return {"key_id": f"{IBGE}-{serial}", "serial": serial, "public_key": raw.hex(),
            "fingerprint": trust_file.fingerprint(raw), "created_at": "2026-01-02T10:00:00Z",
            "retired_at": None}


def _file(*entries, format_=trust_file.TRUST_FORMAT) -> dict:
    return {"format": format_, "ibge": IBGE, "keys": [dict(e) for e in entries]}


@pytest.fixture
def chain():
    """Keys 1 and 2 of a rotation: key 2 carries key 1's signed statement."""
    first, second = qr.new_private_key(), qr.new_private_key()
    one, two = _entry(1, first), _entry(2, second)
    two["succeeds"] = trust_file.sign_succession(IBGE, one, two, first)
    return one, two, first, second


def test_format_1_is_upgraded_in_memory():
    one = _entry(1, qr.new_private_key())
    data = trust_file.parse(_file(one, format_=trust_file.FORMAT_1), "x.json")
    assert data["format"] == trust_file.TRUST_FORMAT and data["keys"] == [one]


@pytest.mark.parametrize("damage", [
    lambda d: d.update(format="mototaxi-desk-trusted-keys/3"),
    lambda d: d["keys"].append(dict(d["keys"][0])),  # the same key twice
    lambda d: d["keys"][1].update(serial=3, key_id=f"{IBGE}-3", public_key=d["keys"][0][
        "public_key"], fingerprint=d["keys"][0]["fingerprint"]),  # one public key, two ids
    lambda d: d["keys"][1]["succeeds"].update(key_id=f"{IBGE}-2"),  # succeeds itself
    lambda d: d["keys"][1]["succeeds"].update(key_id="3540606-1"),  # another município's
    lambda d: d["keys"][1]["succeeds"].update(signature="00"),
    lambda d: d["keys"][0].update(fingerprint="0" * 64),
])
def test_a_malformed_file_is_refused(chain, damage):
    data = _file(chain[0], chain[1])
    damage(data)
    with pytest.raises(DomainError, match="não é um arquivo de chaves confiáveis"):
        trust_file.parse(data, "x.json")


def test_a_statement_signed_by_a_trusted_key_needs_no_confirmation(chain):
    one, two, *_ = chain
    plan = trust_file.plan(_file(one), _file(one, two))
    assert plan["kept"] == [f"{IBGE}-1"] and plan["unsigned"] == []
    assert [(k["key_id"], k["signed_by"]) for k in plan["signed"]] == [(f"{IBGE}-2",
                                                                       f"{IBGE}-1")]


def test_a_first_install_confirms_the_root_and_the_chain_follows(chain):
    one, two, *_ = chain
    plan = trust_file.plan(None, _file(one, two))
    assert [k["key_id"] for k in plan["unsigned"]] == [f"{IBGE}-1"]
    assert [k["key_id"] for k in plan["signed"]] == [f"{IBGE}-2"]


def test_a_statement_by_a_key_neither_trusted_nor_in_the_file_is_no_proof(chain):
    _, two, *_ = chain
    plan = trust_file.plan(None, _file(two))
    assert [k["key_id"] for k in plan["unsigned"]] == [f"{IBGE}-2"] and plan["signed"] == []


def test_a_statement_that_does_not_verify_is_refused(chain):
    """Key 2's statement names key 1, but the key 1 trusted here is another key."""
    _, two, *_ = chain
    other_one = _entry(1, qr.new_private_key())
    with pytest.raises(DomainError, match="não confere"):
        trust_file.plan(_file(other_one), _file(other_one, two))


def test_a_file_without_the_keys_trusted_here_is_refused(chain):
    one, two, *_ = chain
    changed = copy.deepcopy(one)
    changed.update(public_key=two["public_key"], fingerprint=two["fingerprint"])
    for incoming in (_file(two), _file(changed)):
        with pytest.raises(DomainError, match="não traz as chaves já confiáveis"):
            trust_file.plan(_file(one), incoming)


def test_a_confirmation_names_a_new_key_by_at_least_16_digits(chain):
    one, two, *_ = chain
    unsigned = [one, two]
    text = " ".join(one["fingerprint"][i:i + 4] for i in range(0, 16, 4)).upper()
    assert trust_file.confirmed(unsigned, [text]) == [one]
    assert trust_file.confirmed(unsigned, [two["fingerprint"], two["fingerprint"][:20]]) == [two]
    for wrong in (one["fingerprint"][:15], "f" * 16, ""):
        with pytest.raises(DomainError, match="não é de nenhuma chave nova"):
            trust_file.confirmed(unsigned, [wrong])
