"""Access control (issue 8 part 4): every service checks the acting user's role against the
one table in services/permissions.py, refusals are audited even when their transaction is
rolled back, and a role unknown to the program is refused everything (and the login)."""
from __future__ import annotations

import datetime as dt
import importlib
import inspect
import json
import pkgutil
from pathlib import Path

import pytest

import mototaxi_desk.services as services_package
from mototaxi_desk.domain.errors import DomainError
from mototaxi_desk.services.trust import acknowledgement, clock_trust, keys, seal_review
from mototaxi_desk.services.licensing import (applications, auxiliary, card_licensing, permits,
                                              summons, waiting_list)
from mototaxi_desk.services.administration import (backups, certificate, holidays, privacy,
                                                   profile_versions, users)
from mototaxi_desk.services.payments import bank_returns, charges, collection, fees, guias
from mototaxi_desk.services.messaging import campaigns, mail
from mototaxi_desk.services import clock, documents, permissions, setup
from mototaxi_desk.services.ledger import defences, impounds, notices, sanctions
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services.exchange import importing, register_export, verifier
from mototaxi_desk.services.register import inspections, persons, stands, vehicles
from mototaxi_desk.services.views import records, reports
from mototaxi_desk.services.context import Actor, PermissionDenied
from mototaxi_desk.store.connection import write_transaction
from mototaxi_desk.store.models import AuditLog, Person, User

from ..conftest import row_counts

ON = dt.date(2026, 3, 2)
ROLES = ("atendente", "fiscal", "supervisor", "admin", "chefe")  # 'chefe': unknown to the code
NOBODY = 999_999

# Each service that writes (or shows a person's full data), called with arguments that name
# nothing: a refused role stops at the role check; an allowed one gets past it and fails later.
CALLS = {
    "application.file": lambda a: applications.file_application(a, NOBODY, "grant"),
    "application.checklist": lambda a: applications.set_checklist_items(a, NOBODY, ["x"],
                                                                        received=True),
    "application.move": lambda a: applications.change_status(a, NOBODY, "em_analise"),
    "application.decide": lambda a: applications.change_status(a, NOBODY, "deferido"),
    "person.register": lambda a: persons.register_person(a, {}),
    "person.update": lambda a: persons.update_person(a, NOBODY, {}),
    "person.cnh": lambda a: persons.set_cnh(a, NOBODY, {}),
    "person.view": lambda a: records.person_record(a, NOBODY),
    "person.export": lambda a: privacy.export_person(a, "000.000.000-00"),
    "vehicle.register": lambda a: vehicles.register_vehicle(a, NOBODY, {}),
    "vehicle.insurance": lambda a: vehicles.update_insurance(a, NOBODY, {}),
    "vehicle.substitute": lambda a: vehicles.substitute(a, NOBODY, NOBODY),
    "vehicle.declare_replacement": lambda a: vehicles.declare_replacement(a, NOBODY),
    "permit.grant": lambda a: permits.grant_permit(a, holder_id=NOBODY, vehicle_id=NOBODY),
    "permit.renew": lambda a: permits.renew_permit(a, NOBODY),
    "permit.transfer": lambda a: permits.transfer_permit(a, NOBODY, new_holder_id=NOBODY,
                                                         new_vehicle_id=NOBODY),
    "permit.interrupt": lambda a: permits.interrupt_permit(a, NOBODY, days=10),
    "permit.extend_interruption": lambda a: permits.extend_interruption(a, NOBODY, days=10),
    "permit.resume": lambda a: permits.resume_permit(a, NOBODY),
    "permit.desist": lambda a: permits.desist(a, NOBODY),
    "permit.suspend": lambda a: permits.suspend(a, NOBODY, until=ON, reason="x"),
    "permit.revoke": lambda a: permits.revoke(a, NOBODY, reason="x"),
    "permit.cassate": lambda a: permits.cassate(a, NOBODY, reason="x"),
    "permit.reinstate": lambda a: permits.reinstate(a, NOBODY, reason="x"),
    "permit.refresh": lambda a: permits.refresh_statuses(a, on=ON),
    "permit.stoppage": lambda a: permits.record_stoppage(a, NOBODY, since=ON),
    "permit.license_card": lambda a: card_licensing.license_card(a, NOBODY, on=ON),
    "clock.tick": lambda a: clock.tick(a, on=ON),
    "clock.confirm": lambda a: clock_trust.confirm(a, ON),
    "clock.undo": lambda a: clock_trust.undo(a, ON),
    "auxiliary.credential": lambda a: auxiliary.credential(a, NOBODY, NOBODY),
    "auxiliary.recredential": lambda a: auxiliary.recredential(a, NOBODY),
    "auxiliary.end": lambda a: auxiliary.end(a, NOBODY, reason="x"),
    "auxiliary.cassate": lambda a: auxiliary.cassate_credential(a, NOBODY, reason="x"),
    "stand.create": lambda a: stands.create_stand(a, {}),
    "stand.edit": lambda a: stands.edit_stand(a, NOBODY, {}),
    "stand.close": lambda a: stands.close_stand(a, NOBODY, reason="x"),
    "stand.reopen": lambda a: stands.reopen_stand(a, NOBODY),
    "stand.assign": lambda a: stands.assign_permit(a, NOBODY, NOBODY),
    "stand.release": lambda a: stands.release_place(a, NOBODY),
    "stand.change": lambda a: stands.change_stand(a, NOBODY, NOBODY),
    "waiting.enrol": lambda a: waiting_list.enrol(a, NOBODY),
    "waiting.edit": lambda a: waiting_list.update_entry(a, NOBODY, {}),
    "waiting.draw": lambda a: waiting_list.draw_lottery(a, on=ON),
    "waiting.call": lambda a: waiting_list.call_next(a, on=ON),
    "waiting.grant": lambda a: waiting_list.mark_granted(a, NOBODY, on=ON),
    "import.register": lambda a: importing.apply(a, "/nenhum/cadastro.xlsx"),
    "register.export": lambda a: register_export.export(a),
    "waiting.leave": lambda a: waiting_list.leave(a, NOBODY, reason="x"),
    "waiting.expire": lambda a: waiting_list.expire_calls(a, on=ON),
    "inspection.record": lambda a: inspections.record_inspection(a, NOBODY, {}),
    "inspection.summon": lambda a: summons.summon(a, NOBODY, deadline="x"),
    "campaign.create": lambda a: campaigns.create(a, name="", year=2026),
    "campaign.attend": lambda a: campaigns.attend(a, NOBODY, NOBODY, on=ON),
    "sticker.void": lambda a: inspections.void_sticker(a, "2026-999999", reason="x"),
    "sticker.reissue": lambda a: inspections.reissue_sticker(a, "2026-999999", reason="x"),
    "fee.charge": lambda a: fees.charge(a, NOBODY, "nenhuma", on=ON),
    "fee.pay": lambda a: fees.pay(a, NOBODY, paid_on=ON, receipt="1"),
    "fee.cancel": lambda a: fees.cancel(a, NOBODY, reason="x"),
    "notice.record": lambda a: notices.record_notice(a, {}),
    "notice.notify": lambda a: notices.record_notification(a, NOBODY, notified_on=ON,
                                                          channel="pessoal"),
    "notice.void": lambda a: notices.void_notice(a, NOBODY, reason="x"),
    "notice.reissue": lambda a: notices.reissue_notice(a, NOBODY, {}, reason="x"),
    "notice.revelia": lambda a: defences.record_revelia(a, NOBODY),
    "defence.file": lambda a: defences.file_defence(a, NOBODY, text="x"),
    "defence.judge": lambda a: defences.judge(a, NOBODY, accepted=True, reason="x"),
    "charge.pay": lambda a: charges.pay_charge(a, NOBODY, paid_on=ON, receipt="1", amount="1"),
    "sanction.apply": lambda a: sanctions.apply_sanction(a, NOBODY, "x"),
    "impound.record": lambda a: impounds.impound_vehicle(a, place="x", deposited_at=None),
    "impound.release": lambda a: impounds.release_vehicle(a, NOBODY, released_at=None),
    "guia.issue": lambda a: guias.issue(a, "fee", NOBODY),
    "bank_return.import": lambda a: bank_returns.import_file(a, b""),
    "print.card": lambda a: documents.print_cards(a, [NOBODY]),
    "print.aux_card": lambda a: documents.print_aux_cards(a, [NOBODY]),
    "print.sticker": lambda a: documents.print_stickers(a, ["2026-999999"]),
    "print.termo": lambda a: documents.print_termo(a, NOBODY),
    "print.roster": lambda a: documents.print_roster(a, NOBODY),
    "print.campaign_letter": lambda a: documents.print_campaign_letters(a, NOBODY),
    "print.receipt": lambda a: documents.print_application_receipt(a, NOBODY),
    "print.notice": lambda a: documents.print_notice(a, "99999/2026"),
    "print.release": lambda a: documents.print_release(a, "99999/2026"),
    "print.guia": lambda a: guias.print_guia(a, "2026/999999"),
    "settings.profile_number": lambda a: setup.set_profile_number(a, "nada", 1),
    "settings.profile_adopt": lambda a: profile_versions.adopt(a, Path("/proc/sem-perfil.toml"),
                                                               "01/01/2030"),
    "settings.population": lambda a: setup.set_population(a, "-1"),
    "settings.fiscal_unit": lambda a: setup.set_fiscal_unit_value(a, 1800, "x"),
    "settings.tariff": lambda a: setup.set_tariff(a, "x", "x"),
    "settings.brasao": lambda a: setup.set_brasao(a, b"nao e imagem"),
    "settings.sticker_size": lambda a: documents.set_sticker_size(a, 1, 1),
    "settings.collection": lambda a: collection.update(a, cnpj="x"),
    "settings.holiday_add": lambda a: holidays.add_holiday(a, "31/02/2026", ""),
    "settings.holiday_remove": lambda a: holidays.remove_holiday(a, "31/02/2026"),
    "user.add": lambda a: users.add_user(a, "x", "", "admin", ""),
    "user.disable": lambda a: users.disable_user(a, "ninguem"),
    "user.enable": lambda a: users.enable_user(a, "ninguem"),
    "user.role": lambda a: users.set_role(a, "ninguem", "fiscal"),
    "keys.rotate": None,  # succeeds for an admin; checked in its own test below
    "keys.trust": lambda a: keys.install_trusted(a, Path("/proc/sem-chaves.json")),
    "certificate.install": lambda a: certificate.install(a, Path("/proc/sem-a1.pfx"), "x"),
    "certificate.remove": lambda a: certificate.remove(a),
    "certificate.timestamp": lambda a: certificate.set_timestamp_url(a, "ftp://x"),
    "mail.setup": lambda a: mail.configure(a, host="", port="x", security="", sender=""),
    "mail.send": lambda a: mail.send_document(a, "x", "carta", "1"),
    "mail.consent": lambda a: mail.set_consent(a, 0, "talvez"),
    "verifier.export": lambda a: verifier.export_file(a, Path("/proc/sem-pasta/v.html")),
    "settings.verifier": lambda a: verifier.set_max_age_days(a, "0"),
    "demo.fill": lambda a: demo.fill_demo(a, 0),
    "report.export": lambda a: reports.export(a, {}, "odt"),
    "report.print": lambda a: reports.print_report(a, {}),
    "backup.make": lambda a: backups.make_backup(a, Path("/proc/sem-pasta/copia.db")),
    "backup.restore": lambda a: backups.restore(a, Path("/proc/sem-banco.db"),
                                                Path("/proc/sem-copia.db")),
    "backup.settings": lambda a: backups.set_retention(a, -1, -1, True),
    "integrity.accept": lambda a: seal_review.accept(a, "pessoa", NOBODY, "conferido"),
    "audit.acknowledge": lambda a: acknowledgement.acknowledge(a),  # nothing to acknowledge
}

# Actor-taking functions that are parts of a checked action, not actions of their own.
INTERNAL = {
    "audit.record", "audit.record_many", "audit.seal_pending", "impounds.release_for_void", "keys.ensure_key",
    "keys.signing_key", "permit_history.record", "refusals.note", "permissions.can",
    "permissions.require", "documents.print_document",  # dispatches to the print_* above
    "users.change_password", "users.must_change_password",  # the user's own account
    "permissions.still_active",  # asked by permissions.require for every action
    "permissions.current_role",
    "privacy.write_export",  # writes the files of privacy.export_person, which checks
    "counter.actions",  # reads: tells each role which buttons apply and why not
    "counter.pay_debt",  # dispatches to fees.pay / ledger.pay_charge, which check
    "counter.pay_debts",  # counter.pay_debt for each debt
    "counter.second_copy_card",  # checks print.card itself (tests/services/test_counter.py)
    "permissions.cpf_text",  # shows a CPF whole or masked by role (tests/services/test_privacy.py)
    "counter.waiting_calls",  # a read: the list any role sees, CPFs as the role may see them
    "guias.action_state",  # a read: the record's 'Emitir guia' button, enabled or why not
    "next_steps.for_person",  # a read: the record's next steps, each enabled or why not
    "first_steps.pending",  # a read: the Painel's first steps, each allowed or not
    # the prontuário's "Mais ▾" acts (tests/services/test_permit_actions.py, test_decisions.py)
    "permit_actions.run",  # dispatches to the permits / decisions / auxiliary services
    "permit_actions.dry_run", "permit_actions.preview",  # run, rolled back; a role that may
    # not act is told so without running it (no refused:* entry for a preview)
    "permit_actions.states",  # a read, like counter.actions
    "decisions.decide",  # checks sanction.apply, then permit.suspend / revoke / cassate
    "decisions.reinstate",  # permits.reinstate checks permit.reinstate
    "act_documents.print_act",  # checks print.termo (the acts are printed like the termo)
    # issue the copies a print_* function reserved (and checked the role for)
    "documents.confirm", "documents.write_file",
    # documents.common: the parts every print_* function shares, after its role check
    "documents.may_print", "documents.log_copy", "documents.finish", "documents.audit_print",
    "profile_versions.record_first",  # version 1 of the rules, part of `init` (setup.initialise)
    # steps of the penalty ledger's checked actions, inside their transactions
    "charges.charge_fine", "notice_terms.revelia", "notice_voiding.void_and_undo",
    "notice_voiding.void_charge", "sanctions.undo_sanctions",
    "campaigns.mark_person",  # a step of persons.update_person(recadastramento=True)
    "summons.resolve",  # a step of the passage of time (clock.tick, which checks)
    # PF Art. 12 §ú: the call the law makes after a permit or a call ends, a step of the
    # act that ended it (waiting_list.leave / mark_granted / expire_calls, permits.*)
    "waiting_list.call_for_free_place",
    "importing.dry_run", "importing.read",  # check import.register, like importing.apply
    "importing.runs",  # the imports made: checks import.register, like importing.apply
    "applications.set_checklist_item",  # one document: set_checklist_items, which checks
    "keys.trust_plan",  # what keys.install_trusted would add, shown first; checks keys.trust
    "seal_review.restore",  # checks integrity.accept, as seal_review.accept (test_seal_guard.py)
    # what adopting a wording would do, nothing written; checks settings.profile_adopt, as
    # adopt does (tests/services/test_profile_adopt_preview.py)
    "profile_versions.preview",
    # e-mail (services/messaging/mail.py): the test message checks mail.setup, reminders and retries
    # mail.send, the unsubscribe mail.consent, each at its start like the three in CALLS
    "mail.send_test", "mail.reminders", "mail.retry", "mail.unsubscribe",
    "mail.update_person",  # persons.update_person (person.update) and mail.set_consent
    "as_of.as_of",  # the actor's day and wording for an action, not an action (services/as_of.py)
    # the prontuário as the screen opens it: checks person.view at its start, as
    # records.person_record (person.view's call above) does, then reads that record
    "records.prontuario",
    "records.person_history",  # the prontuário's Histórico: checks person.view, as prontuario
}


def _actor_functions() -> set[str]:
    """package.function for every public function taking an actor first; the functions of a
    subpackage face (services/documents/) under its name, as callers write them."""
    names = set()
    for info in pkgutil.walk_packages(services_package.__path__, "mototaxi_desk.services."):
        module = importlib.import_module(info.name)
        # a function of services/documents/ by the package's name, as callers write it;
        # any other by its module's name (services/licensing/permits.py: permits.x)
        parts = info.name.split(".")[2:]
        top = parts[0] if parts[0] == "documents" else parts[-1]
        for name, fn in inspect.getmembers(module, inspect.isfunction):
            if fn.__module__ == module.__name__ and not name.startswith("_"):
                params = list(inspect.signature(fn).parameters)
                if params and params[0] == "actor":
                    names.add(f"{top}.{name}")
    return names


def _called_function(action: str) -> str:
    source = inspect.getsource(CALLS[action]).split("lambda a:", 1)[1]
    return source.strip().split("(", 1)[0]


def test_every_service_taking_an_actor_is_in_the_matrix_or_declared_internal():
    covered = {_called_function(a) for a, call in CALLS.items() if call is not None}
    covered.add("keys.rotate")
    assert _actor_functions() - covered - INTERNAL == set()
    # person.view_cpf is not refused but masks the CPF (tests/services/test_privacy.py)
    assert set(CALLS) | {"person.view_cpf"} == set(permissions.PERMISSIONS)


def test_the_policy_of_the_issue():
    """Issue 8: a fiscal cannot grant permits; an atendente cannot judge defences or appeals,
    nor change the profile, the settings or the users."""
    fiscal, atendente = Actor(1, "f", "fiscal"), Actor(2, "a", "atendente")
    assert not permissions.can(fiscal, "permit.grant")
    for action in ("defence.judge", "settings.profile_number", "settings.profile_adopt",
                   "settings.population",
                   "settings.fiscal_unit", "settings.brasao", "user.add", "user.disable",
                   "person.export"):
        assert not permissions.can(atendente, action), action
    assert permissions.can(Actor(3, "s", "supervisor"), "permit.grant")
    assert permissions.can(fiscal, "notice.record") and not permissions.can(atendente,
                                                                           "notice.record")
    assert not any(permissions.can(Actor(4, "c", "chefe"), a) for a in permissions.PERMISSIONS)


@pytest.mark.parametrize("role", ROLES)
def test_each_service_allows_exactly_the_roles_of_the_matrix(municipio, role):
    actor = Actor(None, f"teste.{role}", role)
    wrong = []
    for action, call in CALLS.items():
        if call is None:
            continue
        allowed = permissions.can(actor, action)
        try:
            call(actor)
            outcome = "passed"
        except PermissionDenied:
            outcome = "refused"
        except TypeError as exc:  # a call that does not match the service's signature
            raise AssertionError(f"{action}: {exc}") from exc
        except (DomainError, LookupError, ValueError, Exception):  # noqa: BLE001
            outcome = "passed"  # got past the role check, stopped by the bad arguments
        if (outcome == "passed") != allowed:
            wrong.append((action, outcome))
    assert wrong == []


def test_key_rotation_is_for_admins_only(municipio):
    before = keys.list_keys()
    for role in ("atendente", "fiscal", "supervisor", "chefe"):
        with pytest.raises(PermissionDenied):
            keys.rotate(Actor(None, role, role))
    assert keys.list_keys() == before
    keys.rotate(Actor(None, "admin", "admin"))
    assert len(keys.list_keys()) == len(before) + 1


def _refusals(action: str) -> list[AuditLog]:
    return list(AuditLog.select().where(AuditLog.action == f"refused:{action}"))


def test_a_refusal_is_audited_and_nothing_else_is_written(municipio):
    fiscal = Actor(None, "fiscal.rua", "fiscal")
    before = row_counts()
    with pytest.raises(PermissionDenied, match="Perfil 'Fiscal' não pode outorgar permissões"):
        permits.grant_permit(fiscal, holder_id=1, vehicle_id=1)
    assert row_counts() == before
    [entry] = _refusals("permit.grant")
    after = json.loads(entry.after)
    assert after["login"] == "fiscal.rua" and after["role"] == "fiscal"
    assert "outorgar permissões" in after["message"]


def test_a_refusal_inside_a_transaction_survives_its_rollback(municipio):
    atendente = Actor(None, "balcao", "atendente")
    persons_before = Person.select().count()
    with pytest.raises(PermissionDenied):
        with write_transaction():
            Person.create(cpf="52998224725", name="Escrita Desfeita", name_folded="escrita")
            with write_transaction():  # a nested step of the same action
                permissions.require(atendente, "defence.judge")
    assert Person.select().count() == persons_before  # the action was rolled back...
    assert len(_refusals("defence.judge")) == 1       # ...its refusal was not


def test_an_unknown_role_is_refused_everything_with_a_clear_message(municipio):
    chefe = Actor(None, "chefe", "chefe")
    before = row_counts()
    for action in ("print.card", "person.view", "permit.refresh"):  # even what all may do
        with pytest.raises(PermissionDenied, match="'chefe' não é conhecido por este programa"):
            CALLS[action](chefe)
    assert row_counts() == before
    assert len(_refusals("person.view")) == 1


def test_login_with_a_role_unknown_to_the_code_is_refused(municipio):
    users.add_user(Actor(None, "admin", "admin"), "maria", "Maria Souza", "supervisor",
                   "senha-da-maria")
    User.update(role="chefe").where(User.login == "maria").execute()  # edited by hand
    with pytest.raises(users.LoginFailed, match="'chefe' não é conhecido"):
        users.authenticate("maria", "senha-da-maria")
    assert AuditLog.select().where(AuditLog.action == "refused:user.login").count() == 1
    assert [u["role_label"] for u in users.list_users() if u["login"] == "maria"] == \
        ["desconhecido (chefe)"]  # the list still shows the row, so an admin can see it
