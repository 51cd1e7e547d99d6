"""A município set up by `init` (setup.initialise, what `mototaxi-desk init` runs) for a whole
test module — never the demo — with one user of each role, so the counter's screens are
driven from an empty register. Building the database and the windows once per module keeps
the GUI suite fast; each test makes the people it needs (new CPFs), so tests do not depend
on each other's order.

    from .town import town, _isolated_data_dir  # noqa: F401 (fixtures)
"""
from __future__ import annotations

import datetime as dt
import itertools
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from validate_docbr import CNH, CPF

from mototaxi_desk.services.register import persons
from mototaxi_desk.services import setup
from mototaxi_desk.services.administration import users
from mototaxi_desk.services.context import SYSTEM, Actor
from mototaxi_desk.store.migrations import close_database, open_database
from mototaxi_desk.store.models import User

from ..conftest import MUNICIPIOS, SRM

PASSWORD = "senha-forte-1"
ROLES = ("atendente", "fiscal", "supervisor")
_names = itertools.count(1)


@dataclass
class Town:
    data_dir: Path
    profile_id: str
    actors: dict[str, Actor] = field(default_factory=dict)

    def actor(self, role: str) -> Actor:
        return self.actors[role]


def build_town(data_dir: Path, profile_id: str = SRM) -> Town:
    name, uf, ibge, population = MUNICIPIOS[profile_id]
    open_database(str(data_dir / "municipio.db"), backup_dir=data_dir / "backups")
    setup.initialise(profile_id=profile_id, municipio=name, uf=uf, ibge=ibge,
                     population=population, fiscal_unit_value="48,26", admin_password=PASSWORD)
    town = Town(data_dir, profile_id)
    for role in ROLES:
        users.add_user(SYSTEM, role, f"Usuário {role}", role, PASSWORD)
        # accounts in use already: no forced password change at their next login
        User.update(must_change_password=False).where(User.login == role).execute()
        town.actors[role] = users.authenticate(role, PASSWORD)
    return town


@pytest.fixture(scope="module")
def town(tmp_path_factory, request):
    """The module's município (SRM unless the module sets TOWN_PROFILE)."""
    data_dir = tmp_path_factory.mktemp("town")
    profile_id = getattr(request.module, "TOWN_PROFILE", SRM)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MOTOTAXI_DATA_DIR", str(data_dir))
        patch.delenv("MOTOTAXI_DB", raising=False)
        built = build_town(data_dir, profile_id)
        try:
            yield built
        finally:
            close_database()


@pytest.fixture(autouse=True)
def _isolated_data_dir(town, monkeypatch):
    """Replaces the conftest's per-test data folder: the module's keys and settings."""
    monkeypatch.setenv("MOTOTAXI_DATA_DIR", str(town.data_dir))
    monkeypatch.delenv("MOTOTAXI_DB", raising=False)


def new_cpf() -> str:
    return CPF().generate()


def new_person(name: str | None = None, *, birth=dt.date(1985, 5, 20), cnh: bool = True,
               first=dt.date(2012, 3, 1), expiry=None, ear: bool = True) -> dict:
    """A registered person (with a CNH that meets every profile unless told otherwise)."""
    name = name or f"Pessoa de Teste {chr(65 + next(_names) % 26)}lves"
    person = persons.register_person(SYSTEM, {"cpf": new_cpf(), "name": name,
                                              "birth_date": birth})
    if cnh:
        persons.set_cnh(SYSTEM, person["id"], {
            "number": CNH().generate(), "category": "A", "first_licence_date": first,
            "expiry_date": expiry or dt.date.today() + dt.timedelta(days=3 * 365),
            "ear": ear})
    return person
