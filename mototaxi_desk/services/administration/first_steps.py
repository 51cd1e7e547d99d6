"""The Painel's "Primeiros passos" (issue 36 item 4): what a new município does first —
pontos, the existing register imported or the holders registered, the users, the
município's data for guias and documents, the backups — each read from the database, so a
step leaves the list as soon as it is done, wherever it was done (window or command line).
Plain data: the window decides how each step's place opens."""
from __future__ import annotations

from ...store.models import AuditLog, MunicipioSettings, Person, Stand, User
from .. import permissions
from ..context import Actor

# key, what to do, why (shown beside it), the permission of its place, the button's text
STEPS = (
    ("stands", "Cadastrar os pontos de estacionamento",
     "cada permissão é lotada num ponto", "stand.create", "Abrir &Pontos"),
    ("holders", "Importar o cadastro ou cadastrar os permissionários",
     "uma planilha do cadastro atual, ou uma pessoa de cada vez", "person.register",
     "Importar ou ca&dastrar"),
    ("users", "Cadastrar os usuários (atendentes, fiscais, supervisores)",
     "cada um com a sua senha: o registro de auditoria diz quem fez o quê", "user.add",
     "Abrir &Usuários"),
    ("municipio", "Completar os dados do município (brasão, CNPJ e cobrança)",
     "aparecem nos cartões, termos e guias", "settings.collection", "Dados do &município"),
    ("backups", "Configurar as cópias de segurança",
     "onde ficam e quantas guardar; faça a primeira cópia", "backup.settings",
     "Abrir &Cópias de segurança"),
)
# a backup step done by a person, not by the copy the program makes as it opens (SYSTEM)
_BACKUP_ACTIONS = ("backup.settings", "backup.create")


def _done() -> dict[str, bool]:
    settings = MunicipioSettings.get()
    return {
        "stands": Stand.select().exists(),
        "holders": Person.select().exists(),
        "users": User.select().where(User.role != "admin").exists(),
        "municipio": bool(settings.cnpj) and settings.brasao is not None,
        # by entity first: its index finds the few backup rows (the actions alone scanned
        # the whole log, 0.17 s of the Painel's first turn at 100,000 holders)
        "backups": AuditLog.select().where(AuditLog.entity == "backup",
                                           AuditLog.action.in_(_BACKUP_ACTIONS),
                                           AuditLog.user.is_null(False)).exists(),
    }


def pending(actor: Actor | None = None) -> list[dict]:
    """The steps not done yet, in order: key, label, detail, button (its text with a
    mnemonic), place (stands, holders, users, municipio, collection or backups: the
    window opens it) and whether this actor may open its place (`allowed`). Empty once all are
    done: the Painel then shows no list."""
    done = _done()
    # the município's data: the brasão on its tab first, then the CNPJ on Cobrança
    places = {"municipio": "collection" if MunicipioSettings.get().brasao is not None
              else "municipio"}
    return [{"key": key, "label": label, "detail": detail, "button": button,
             "place": places.get(key, key),
             "allowed": actor is None or permissions.can(actor, permission)}
            for key, label, detail, permission, button in STEPS if not done[key]]
