"""Staff accounts: argon2 hashes, roles, lock after repeated wrong passwords."""
from __future__ import annotations

import base64
import datetime as dt
import os
import re

from argon2 import PasswordHasher, extract_parameters
from argon2.exceptions import InvalidHashError, VerificationError
from argon2.low_level import ARGON2_VERSION

from ...domain import validators
from ...domain.errors import DomainError, ValidationError
from ...store.connection import write_transaction
from ...store.models import User, utcnow
from .. import audit, permissions
from ..trust import seal_refusal
from ..context import ROLE_LABELS, Actor, unknown_role_message

MIN_PASSWORD_LENGTH = 8
MAX_FAILED_LOGINS = 5
LOCK_MINUTES = 5
_LOGIN = re.compile(r"^[a-z0-9._-]{3,40}$")
_hasher = PasswordHasher()


class LoginFailed(DomainError):
    pass


def check_password(password: str, field: str = "Senha") -> str:
    if not isinstance(password, str) or len(password) < MIN_PASSWORD_LENGTH:
        raise ValidationError(field, f"a senha deve ter ao menos {MIN_PASSWORD_LENGTH} caracteres.")
    if len(password) > 200:
        raise ValidationError(field, "senha longa demais (máximo 200 caracteres).")
    return password


def check_login(value) -> str:
    login = str(value or "").strip().lower()
    if not _LOGIN.match(login):
        raise ValidationError("Usuário", "use de 3 a 40 letras minúsculas, números, ponto, "
                                         "hífen ou sublinhado, sem espaços.")
    return login


def _role(value) -> str:
    if value not in ROLE_LABELS:
        raise ValidationError("Perfil de acesso", f"use um de: {', '.join(ROLE_LABELS)}.")
    return value


def as_dict(user: User) -> dict:
    return {"id": user.id, "login": user.login, "full_name": user.full_name, "role": user.role,
            "role_label": ROLE_LABELS.get(user.role, f"desconhecido ({user.role})"),
            "active": user.active, "must_change_password": user.must_change_password}


def create_user(login, full_name, role, password, *, must_change_password=False) -> User:
    """Insert without checks on the actor: used inside set-up and by add_user."""
    user = User.create(login=check_login(login),
                       full_name=validators.person_name(full_name, "Nome completo"),
                       role=_role(role), password_hash=_hasher.hash(check_password(password)),
                       must_change_password=must_change_password)
    return user


def add_user(actor: Actor, login, full_name, role, password) -> dict:
    """A new user with the temporary password the administrator chose: changed by its owner
    at the first login (gui/account.py), so only the owner knows the password in use."""
    permissions.require(actor, "user.add")
    login = check_login(login)
    with write_transaction():
        if User.select().where(User.login == login).exists():
            raise ValidationError("Usuário", f"'{login}' já existe.")
        user = create_user(login, full_name, role, password, must_change_password=True)
        audit.record(actor, "user.add", "user", user.id, after=audit.snapshot(user))
    return as_dict(user)


def list_users() -> list[dict]:
    return [as_dict(u) for u in User.select().order_by(User.login)]


def _only_admin_left(user: User) -> bool:
    """Whether `user` is the one active administrator (who must not stop being one)."""
    return user.role == "admin" and user.active and User.select().where(
        (User.role == "admin") & User.active).count() == 1


def _existing(login) -> User:
    login = check_login(login)
    user = User.get_or_none(User.login == login)
    if user is None:
        raise ValidationError("Usuário", f"'{login}' não existe.")
    return user


def disable_user(actor: Actor, login) -> dict:
    permissions.require(actor, "user.disable")
    with write_transaction():
        user = _existing(login)
        if user.id == actor.user_id:
            raise DomainError("Você não pode desativar o próprio usuário.")
        if _only_admin_left(user):
            raise DomainError("Não é possível desativar o único administrador ativo.")
        before = audit.snapshot(user)
        user.active = False
        user.save()
        audit.record(actor, "user.disable", "user", user.id, before=before,
                     after=audit.snapshot(user))
    return as_dict(user)


def set_role(actor: Actor, login, role) -> dict:
    """Change a user's role (perfil de acesso): never the administrator's own, nor the last
    active administrator's, so the município always keeps one who can manage users."""
    permissions.require(actor, "user.role")
    role = _role(role)
    with write_transaction():
        user = _existing(login)
        if user.role == role:
            raise ValidationError("Perfil de acesso", f"'{user.login}' já é "
                                                      f"{ROLE_LABELS[role].lower()}.")
        if user.id == actor.user_id:
            raise DomainError("Você não pode alterar o próprio perfil de acesso.")
        if _only_admin_left(user):
            raise DomainError("Não é possível tirar o perfil de administrador do único "
                              "administrador ativo.")
        before = audit.snapshot(user)
        user.role = role
        user.save()
        audit.record(actor, "user.role", "user", user.id, before=before,
                     after=audit.snapshot(user))
    return as_dict(user)


def enable_user(actor: Actor, login) -> dict:
    """Re-enable a disabled user, with the failed logins and the lock cleared; the password
    stays the one the user had."""
    permissions.require(actor, "user.enable")
    with write_transaction():
        user = _existing(login)
        if user.active:
            raise DomainError(f"O usuário '{user.login}' já está ativo.")
        before = audit.snapshot(user)
        user.active = True
        user.failed_logins = 0
        user.locked_until = None
        user.save()
        audit.record(actor, "user.enable", "user", user.id, before=before,
                     after=audit.snapshot(user))
    return as_dict(user)


LOGIN_REFUSED = ("Usuário ou senha incorretos. Após 5 tentativas erradas o acesso fica "
                 "bloqueado por 5 minutos.")


def authenticate(login, password, *, now: dt.datetime | None = None,
                 via: str | None = None) -> Actor:
    """The Actor for a correct login and password; LoginFailed otherwise, with the same
    message for an unknown or disabled user, a wrong password and a locked account, so
    logins cannot be guessed nor a lock told apart. `via` (e.g. "linha de comando") goes
    into the audit entries.

    Every refusal costs the same (issue 34 item 7): one argon2 check — against the user's
    hash, or a dummy one for an unknown, disabled or locked login — and one audit entry
    (an unknown login's names the text tried, never the password). The check runs before
    the write transaction, which queues every counter's writes: a script trying logins
    must not hold them for the check's 0.3 s each time."""
    now = now or utcnow()
    login = str(login or "").strip().lower()
    extra = {"via": via} if via else None
    seen = User.get_or_none(User.login == login)
    usable = seen is not None and seen.active and not _locked(seen, now)
    matches = _verify(seen.password_hash if usable else _dummy_hash(), password)
    # The failure count must be committed, so the refusal is raised after the transaction.
    with write_transaction():
        user = User.get_or_none(User.login == login)
        if user is None:
            refusal = LOGIN_REFUSED
            audit.record(Actor(None, "", "nenhum"), "refused:user.login", "user", "",
                         after={"reason": "desconhecido", "login": _attempted(login),
                                **(extra or {})})
        elif not user.active:
            refusal = LOGIN_REFUSED
            audit.record(Actor(user.id, user.login, user.role), "refused:user.login",
                         "user", user.id, after={"reason": "desativado", **(extra or {})})
        elif (tampered := seal_refusal.login_problem(user.id)) is not None:
            # a row changed outside the program (a role raised, a hash copied): refused
            # whatever the password, and nothing saved (a save would seal it over); why, only
            # to who knows the password (it says the login exists), as for an unknown role
            refusal = (LOGIN_REFUSED if not (matches and usable) else
                       unknown_role_message(user.role) if user.role not in ROLE_LABELS else
                       seal_refusal.LOGIN_TAMPERED)
            audit.record(Actor(user.id, user.login, user.role), "refused:user.login", "user",
                         user.id, after={"reason": "selo", **tampered, **(extra or {})})
        elif _locked(user, now):
            refusal = LOGIN_REFUSED
            audit.record(Actor(user.id, user.login, user.role), "refused:user.login", "user",
                         user.id, after={"reason": "bloqueado", **(extra or {})})
        elif not (matches and usable and user.password_hash == seen.password_hash):
            refusal = LOGIN_REFUSED  # (a hash changed meanwhile: checked against the old)
            user.failed_logins += 1
            if user.failed_logins >= MAX_FAILED_LOGINS:
                user.locked_until = now + dt.timedelta(minutes=LOCK_MINUTES)
                user.failed_logins = 0
            user.save()
            audit.record(Actor(user.id, user.login, user.role), "user.login_failed", "user",
                         user.id, after=extra)
        elif user.role not in ROLE_LABELS:  # e.g. a row edited by hand to 'chefe': said
            refusal = unknown_role_message(user.role)  # only to who knows the password
            audit.record(Actor(user.id, user.login, user.role), "refused:user.login", "user",
                         user.id, after={"role": user.role, **(extra or {})})
        else:
            refusal = ""
            user.failed_logins = 0
            user.locked_until = None
            if _hasher.check_needs_rehash(user.password_hash):
                user.password_hash = _hasher.hash(password)
            user.save()
            audit.record(Actor(user.id, user.login, user.role), "user.login", "user", user.id,
                         after=extra)
    if refusal:
        raise LoginFailed(refusal)
    return Actor(user.id, user.login, user.role)


def _locked(user: User, now: dt.datetime) -> bool:
    return bool(user.locked_until and user.locked_until > now)


def _attempted(login: str) -> str:
    """An unknown login as the audit keeps it: the text when it has a login's shape (at most
    40 characters), else only its length — what cannot be a login is most likely a password
    typed in the wrong field, and the audit log can never be cleaned."""
    if _LOGIN.match(login):
        return login
    return f"(texto que não é um nome de usuário: {len(login)} caracteres)"


def _dummy_hash() -> str:
    """A hash with the current hasher's parameters (tests swap in a cheap one) and a random
    salt and tag: checking a password against it costs what a real check costs and never
    succeeds. Made up, not hashed: hashing costs as much as a check, and the command line
    logs in once per process, so a hash made on first use would double the refusal's cost."""
    salt, tag = (base64.b64encode(os.urandom(size)).decode().rstrip("=")
                 for size in (_hasher.salt_len, _hasher.hash_len))
    return (f"$argon2{_hasher.type.name.lower()}$v={ARGON2_VERSION}$m={_hasher.memory_cost},"
            f"t={_hasher.time_cost},p={_hasher.parallelism}${salt}${tag}")


def must_change_password(actor: Actor) -> bool:
    """True while the user still has to replace the password given to them (the admin made
    at `init`): the GUI asks for a new one before opening the main window."""
    user = User.get_or_none(User.id == actor.user_id)
    return bool(user and user.must_change_password)


def change_password(actor: Actor, old_password, new_password) -> dict:
    """The acting user replaces their own password (knowing the current one)."""
    user = User.get_or_none(User.id == actor.user_id)
    if user is None or not user.active:
        raise DomainError("Usuário não encontrado ou desativado.")
    if not _verify(user.password_hash, old_password):
        raise ValidationError("Senha atual", "incorreta.")
    new_password = check_password(new_password, "Nova senha")
    if new_password == old_password:
        raise ValidationError("Nova senha", "deve ser diferente da senha atual.")
    if new_password.strip().lower() == user.login:
        raise ValidationError("Nova senha", "não pode ser igual ao nome de usuário.")
    with write_transaction():
        user.password_hash = _hasher.hash(new_password)
        user.must_change_password = False
        user.save()
        audit.record(actor, "user.password_change", "user", user.id)  # no hash in the log
    return as_dict(user)


def _verify(password_hash: str, password) -> bool:
    """One argon2 check. A hash that is not argon2's (edited by hand) costs a check too."""
    try:
        extract_parameters(password_hash)
    except InvalidHashError:
        password_hash = _dummy_hash()
    try:
        return _hasher.verify(password_hash, str(password or ""))
    except (VerificationError, InvalidHashError):
        return False
