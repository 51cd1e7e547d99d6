"""Password hashes as the program ships them. Every other test hashes with conftest's cheap
argon2 (CHEAP_HASHER) to stay fast; these run with the production parameters."""
import pytest
from argon2 import Type

from mototaxi_desk.services.administration import users
from mototaxi_desk.store.connection import write_transaction
from mototaxi_desk.store.models import User

from ..conftest import CHEAP_HASHER

# argon2id, RFC 9106 low-memory profile: 64 MiB, 3 passes, 4 lanes
PRODUCTION = {"type": Type.ID, "memory_cost": 65536, "time_cost": 3, "parallelism": 4,
              "hash_len": 32, "salt_len": 16}
PREFIX = "$argon2id$v=19$m=65536,t=3,p=4$"


def test_the_program_hashes_with_argon2id_at_the_production_parameters(production_hashing):
    assert {name: getattr(production_hashing, name) for name in PRODUCTION} == PRODUCTION


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_init_stores_a_production_hash_and_the_login_checks_it(production_hashing, municipio):
    admin = User.get(User.login == "admin")
    assert admin.password_hash.startswith(PREFIX)
    assert users.authenticate("admin", "senha-forte-1").login == "admin"
    with pytest.raises(users.LoginFailed):
        users.authenticate("admin", "senha-errada-1")


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_weaker_hash_is_replaced_at_the_next_login(production_hashing, municipio):
    """A hash made with other parameters (here the tests' cheap one) is upgraded to the
    production parameters when its owner logs in."""
    with write_transaction():  # as an older program saved it (sealed: issue 34)
        admin = User.get(User.login == "admin")
        admin.password_hash = CHEAP_HASHER.hash("senha-forte-1")
        admin.save()
    users.authenticate("admin", "senha-forte-1")
    assert User.get(User.login == "admin").password_hash.startswith(PREFIX)
