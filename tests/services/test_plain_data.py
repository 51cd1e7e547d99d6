"""The services hand the screens plain data (issue 14 item 5; ARCHITECTURE "Services return
plain data"): no peewee row, so no lazy query runs on the GUI thread. Three guards: every
service function the GUI calls declares a return type that names no model (read from the
source), the one-record getters and the readers the screens call return no model object on
the demo register, and import-linter forbids gui/ to import store.models (pyproject.toml)."""
from __future__ import annotations

import ast
import dataclasses
import datetime as dt
import importlib
import importlib.util
import inspect
import re
from pathlib import Path

import peewee

from mototaxi_desk.services import ledger
from mototaxi_desk.store import models
from mototaxi_desk.store.models import (Application, AuxiliaryDriver, InfractionNotice, Permit,
                                        Person, Stand, Vehicle)

from .ledger_helpers import FISCAL, notice_data

GUI = Path(__file__).resolve().parents[2] / "mototaxi_desk" / "gui"
MODEL_NAMES = {name for name, value in vars(models).items()
               if isinstance(value, type) and issubclass(value, peewee.Model)}

# Readers the screens call with no argument (the rest need an id: below). Never an action.
READERS = ["licensing.applications.list_applications", "administration.backups.status", "payments.bank_returns.list_files",
           "payments.collection.current", "views.counter.unplaced_permits", "views.counter.waiting_calls",
           "register.inspections.list_inspections", "trust.keys.trust_summary", "ledger.list_holidays", "ledger.list_notices", "views.overview.identity",
           "licensing.permits.list_permits", "administration.profile_versions.status", "setup.brasao",
           "setup.summary", "setup.tariff_values", "register.stands.list_stands", "administration.users.list_users",
           "register.vehicles.list_vehicles", "licensing.waiting_list.ordered", "licensing.waiting_list.ranking_inputs"]


def gui_service_calls() -> dict[str, set[str]]:
    """'module.function' of every service function called in gui/ -> the files calling it."""
    found: dict[str, set[str]] = {}
    for path in GUI.rglob("*.py"):
        if path.parent.name == "forms":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules, functions = {}, {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and \
                    "services" in node.module.split("."):
                tail = node.module.split("services", 1)[1].lstrip(".")
                for alias in node.names:
                    dotted = f"{tail}.{alias.name}" if tail else alias.name
                    if _is_module(f"mototaxi_desk.services.{dotted}"):
                        modules[alias.asname or alias.name] = dotted
                    else:
                        functions[alias.asname or alias.name] = dotted
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = None
            if isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) \
                    and node.func.value.id in modules:
                name = f"{modules[node.func.value.id]}.{node.func.attr}"
            elif isinstance(node.func, ast.Name) and node.func.id in functions:
                name = functions[node.func.id]
            if name:
                found.setdefault(name, set()).add(path.name)
    return found


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def _resolve(name: str):
    module, _, attr = name.rpartition(".")
    return getattr(importlib.import_module(f"mototaxi_desk.services.{module}"), attr)


def models_named(annotation: str) -> set[str]:
    return set(re.findall(r"[A-Za-z_]\w*", annotation)) & MODEL_NAMES


def test_every_service_function_the_gui_calls_returns_no_model_by_its_signature():
    calls = gui_service_calls()
    assert len(calls) > 100  # the scan sees the screens' calls
    wrong = {}
    for name, files in sorted(calls.items()):
        target = _resolve(name)
        if inspect.isclass(target) or not callable(target):
            continue  # an exception or a constant table
        annotation = inspect.signature(target).return_annotation
        if annotation is inspect.Signature.empty:
            wrong[name] = f"sem tipo de retorno declarado ({', '.join(sorted(files))})"
        elif models_named(str(annotation)):
            wrong[name] = f"devolve {annotation} ({', '.join(sorted(files))})"
    assert wrong == {}


def test_the_signature_check_sees_a_model_getter():
    assert models_named(str(inspect.signature(_resolve("register.persons.get_person")).return_annotation)) \
        == {"Person"}
    assert models_named("list[dict] | None") == set()


def model_objects(value, path="resultado") -> list[str]:
    """Where a peewee row hides in a result (dicts, lists, tuples, dataclasses)."""
    if isinstance(value, peewee.Model):
        return [f"{path}: {type(value).__name__}"]
    if isinstance(value, dict):
        return [hit for key, item in value.items() for hit in model_objects(item, f"{path}[{key!r}]")]
    if isinstance(value, (list, tuple, set, frozenset)):
        return [hit for i, item in enumerate(value) for hit in model_objects(item, f"{path}[{i}]")]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [hit for field in dataclasses.fields(value)
                for hit in model_objects(getattr(value, field.name), f"{path}.{field.name}")]
    return []


def test_the_finder_finds_a_row_inside_a_result():
    assert model_objects({"rows": [{"permit": Permit()}]}) == ["resultado['rows'][0]['permit']: Permit"]


def test_the_screens_getters_return_plain_data(demo_data):
    person = Person.select().join(Permit, on=Permit.holder == Person.id).first()
    permit = Permit.select().where(Permit.vehicle.is_null(False) &
                                   (Permit.status == "active")).first()
    vehicle = Vehicle.get_by_id(permit.vehicle_id)
    yesterday = dt.datetime.now() - dt.timedelta(days=1)
    ledger.record_notice(FISCAL, notice_data({"id": permit.id}, "36-IX",
                                             f"{yesterday:%d/%m/%Y} 10:00"))
    calls = {
        "register.persons.person": [person.id], "register.persons.cnh": [person.id],
        "register.vehicles.vehicle": [vehicle.id], "register.vehicles.vehicle_for_plate": [vehicle.plate_original],
        "licensing.permits.permit": [permit.id], "licensing.permits.permit_by_order_number": [permit.order_number],
        "register.stands.stand": [Stand.select().first().id],
        "licensing.applications.application": [Application.select().first().id],
        "ledger.notice": [InfractionNotice.select().first().id],
        "ledger.ledger": [str(permit.order_number)],
        **{name: [] for name in READERS},
    }
    aux = AuxiliaryDriver.select().first()
    if aux is not None:
        calls["licensing.auxiliary.auxiliary"] = [aux.id]
    gui_calls = gui_service_calls()
    assert set(calls) - set(gui_calls) == set()  # each of them is one the screens call
    found = {name: hits for name, args in calls.items()
             if (hits := model_objects(_resolve(name)(*args)))}
    assert found == {}
