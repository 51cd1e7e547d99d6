"""Who may do what: the one table of actions and the roles allowed to do each.

Every service checks its action here (`require`), so a role is refused the same way from the
GUI, the command line or a script; the GUI asks `can` to hide what a role may not do.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..domain import validators
from .context import ROLE_LABELS, Actor

EVERYONE = tuple(ROLE_LABELS)
COUNTER = ("atendente", "supervisor", "admin")   # serves people at the counter
FIELD = ("fiscal", "supervisor", "admin")        # street notices, impounds, inspections
DECIDERS = ("supervisor", "admin")               # acts of the authority: grant, judge, punish
ADMIN = ("admin",)                               # município set-up, users, keys


@dataclass(frozen=True)
class Permission:
    roles: tuple[str, ...]
    label: str  # completes "Perfil 'X' não pode ..."


PERMISSIONS: dict[str, Permission] = {
    # applications (protocol and checklist at the counter; the decision is the authority's)
    "application.file": Permission(COUNTER, "protocolar requerimentos"),
    "application.checklist": Permission(COUNTER, "conferir documentos"),
    "application.move": Permission(COUNTER, "movimentar requerimentos"),
    "application.decide": Permission(DECIDERS, "decidir requerimentos"),
    # persons, CNH, vehicles
    "person.register": Permission(COUNTER, "cadastrar pessoas"),
    "person.update": Permission(COUNTER, "alterar cadastros"),
    "person.cnh": Permission(COUNTER, "registrar CNH"),
    "person.view": Permission(EVERYONE, "ver o prontuário"),
    "person.view_cpf": Permission(COUNTER, "ver o CPF completo"),
    "person.export": Permission(DECIDERS, "exportar os dados de uma pessoa (LGPD)"),
    "vehicle.register": Permission(COUNTER, "cadastrar veículos"),
    "vehicle.insurance": Permission(COUNTER, "alterar o seguro do veículo"),
    "vehicle.substitute": Permission(COUNTER, "substituir o veículo da permissão"),
    "vehicle.declare_replacement": Permission(COUNTER,
                                              "registrar a declaração de substituição"),
    # permits
    "permit.grant": Permission(DECIDERS, "outorgar permissões"),
    "permit.renew": Permission(DECIDERS, "renovar permissões"),
    "permit.transfer": Permission(DECIDERS, "transferir permissões"),
    "permit.interrupt": Permission(DECIDERS, "autorizar interrupções"),
    "permit.extend_interruption": Permission(DECIDERS, "prorrogar interrupções"),
    "permit.resume": Permission(COUNTER, "registrar o retorno ao serviço"),
    "permit.license_card": Permission(COUNTER, "licenciar o cartão de permissão (anual)"),
    "permit.desist": Permission(DECIDERS, "registrar desistências"),
    "permit.suspend": Permission(DECIDERS, "suspender permissões"),
    "permit.revoke": Permission(DECIDERS, "revogar permissões"),
    "permit.cassate": Permission(DECIDERS, "cassar permissões"),
    "permit.reinstate": Permission(DECIDERS, "restabelecer permissões"),
    "permit.refresh": Permission(EVERYONE, "atualizar as situações das permissões"),
    "permit.stoppage": Permission(FIELD, "registrar interrupção do serviço sem autorização"),
    "clock.tick": Permission(EVERYONE, "registrar a passagem do tempo"),
    "clock.confirm": Permission(ADMIN, "confirmar a data do computador"),
    "clock.undo": Permission(ADMIN, "desfazer atualizações diárias feitas com data errada"),
    # auxiliary drivers, stands, waiting list
    "auxiliary.credential": Permission(COUNTER, "credenciar condutores auxiliares"),
    "auxiliary.recredential": Permission(COUNTER, "recredenciar condutores auxiliares"),
    "auxiliary.end": Permission(COUNTER, "encerrar credenciamentos de condutor auxiliar"),
    "auxiliary.cassate": Permission(DECIDERS, "cassar credenciamentos de condutor auxiliar"),
    "stand.create": Permission(DECIDERS, "criar pontos"),
    "stand.edit": Permission(DECIDERS, "alterar pontos"),
    "stand.close": Permission(DECIDERS, "desativar pontos"),
    "stand.reopen": Permission(DECIDERS, "reativar pontos"),
    "stand.assign": Permission(COUNTER, "vincular permissões a pontos"),
    "stand.release": Permission(COUNTER, "liberar vagas de ponto"),
    "stand.change": Permission(COUNTER, "mudar permissões de ponto"),
    "waiting.enrol": Permission(COUNTER, "inscrever na lista de espera"),
    "waiting.edit": Permission(COUNTER, "alterar inscrições da lista de espera"),
    "waiting.draw": Permission(DECIDERS, "realizar o sorteio da lista de espera"),
    "waiting.call": Permission(COUNTER, "convocar da lista de espera"),
    "waiting.grant": Permission(COUNTER, "registrar a concessão na lista de espera"),
    "waiting.leave": Permission(COUNTER, "retirar da lista de espera"),
    "waiting.expire": Permission(COUNTER, "encerrar convocações vencidas"),
    # recadastramento campaigns (issue 21 item 2)
    "campaign.create": Permission(DECIDERS, "criar campanhas de recadastramento"),
    "campaign.attend": Permission(COUNTER, "registrar o comparecimento ao recadastramento"),
    # inspections and stickers
    "inspection.record": Permission(FIELD, "registrar vistorias"),
    "inspection.summon": Permission(FIELD, "intimar para vistoria"),
    "sticker.void": Permission(DECIDERS, "cancelar selos de vistoria"),
    "sticker.reissue": Permission(DECIDERS, "reemitir selos de vistoria"),
    # fees, notices, defences, sanctions, impounds
    # a fee is charged by the act that causes it (an inspection, a second copy, a grant):
    # that act's permission decides who; this one refuses unknown roles and disabled users
    "fee.charge": Permission(EVERYONE, "lançar taxas"),
    "fee.pay": Permission(COUNTER, "registrar pagamentos"),
    "fee.cancel": Permission(DECIDERS, "cancelar taxas"),
    "notice.record": Permission(FIELD, "lavrar autos de infração"),
    "notice.notify": Permission(EVERYONE, "registrar notificações"),
    "notice.void": Permission(DECIDERS, "anular autos de infração"),
    "notice.reissue": Permission(DECIDERS, "corrigir autos de infração"),
    "notice.revelia": Permission(DECIDERS, "declarar revelia"),
    "defence.file": Permission(COUNTER, "protocolar defesas e recursos"),
    "defence.judge": Permission(DECIDERS, "julgar defesas e recursos"),
    "charge.pay": Permission(COUNTER, "registrar pagamentos"),
    "sanction.apply": Permission(DECIDERS, "aplicar sanções"),
    "impound.record": Permission(FIELD, "registrar apreensões"),
    "impound.release": Permission(COUNTER, "liberar veículos apreendidos"),
    # guias de recolhimento (DAM) and the bank's collection return
    "guia.issue": Permission(COUNTER, "emitir guias de recolhimento"),
    "bank_return.import": Permission(DECIDERS, "importar o retorno bancário"),
    # printing (every role prints what its work needs)
    "print.card": Permission(EVERYONE, "imprimir cartões de permissão"),
    "print.aux_card": Permission(EVERYONE, "imprimir cartões de condutor auxiliar"),
    "print.sticker": Permission(EVERYONE, "imprimir selos de vistoria"),
    "print.termo": Permission(EVERYONE, "imprimir termos de permissão"),
    "print.roster": Permission(EVERYONE, "imprimir relações de pontos"),
    "print.receipt": Permission(EVERYONE, "imprimir comprovantes de protocolo"),
    "print.notice": Permission(EVERYONE, "imprimir autos de infração"),
    "print.release": Permission(EVERYONE, "imprimir recibos de liberação"),
    "print.campaign_letter": Permission(EVERYONE, "imprimir cartas de convocação"),
    "print.guia": Permission(COUNTER, "imprimir guias de recolhimento"),
    # município settings, users, keys
    "settings.profile_number": Permission(ADMIN, "alterar os números do perfil de regras"),
    "settings.profile_adopt": Permission(ADMIN, "adotar uma nova versão do perfil de regras"),
    "settings.population": Permission(ADMIN, "alterar a população do município"),
    "settings.fiscal_unit": Permission(ADMIN, "alterar o valor da unidade fiscal"),
    "settings.tariff": Permission(ADMIN, "alterar a tarifa inicial"),
    "settings.brasao": Permission(ADMIN, "alterar o brasão do município"),
    "settings.sticker_size": Permission(ADMIN, "alterar o tamanho do selo de vistoria"),
    "settings.collection": Permission(ADMIN, "alterar os dados de cobrança (CNPJ, código "
                                             "FEBRABAN, chave PIX)"),
    "settings.holiday_add": Permission(ADMIN, "cadastrar feriados municipais"),
    "settings.holiday_remove": Permission(ADMIN, "remover feriados municipais"),
    "user.add": Permission(ADMIN, "cadastrar usuários"),
    "user.disable": Permission(ADMIN, "desativar usuários"),
    "user.enable": Permission(ADMIN, "reativar usuários"),
    "user.role": Permission(ADMIN, "alterar o perfil de acesso de usuários"),
    "keys.rotate": Permission(ADMIN, "trocar a chave de assinatura"),
    "keys.trust": Permission(ADMIN, "instalar as chaves confiáveis do município"),
    "certificate.install": Permission(ADMIN, "instalar o certificado digital A1 da prefeitura"),
    "certificate.remove": Permission(ADMIN, "remover o certificado digital A1 da prefeitura"),
    "certificate.timestamp": Permission(ADMIN, "alterar o servidor de carimbo do tempo"),
    "mail.setup": Permission(ADMIN, "configurar o servidor de e-mail (SMTP)"),
    "mail.send": Permission(COUNTER, "enviar documentos e lembretes por e-mail"),
    "mail.consent": Permission(COUNTER, "registrar o consentimento e o descadastramento de "
                                        "e-mail"),
    "verifier.export": Permission(EVERYONE, "exportar o verificador de documentos"),
    "settings.verifier": Permission(ADMIN, "alterar a validade da situação do verificador"),
    "report.export": Permission(EVERYONE, "exportar relatórios"),
    "report.print": Permission(EVERYONE, "imprimir relatórios"),
    "demo.fill": Permission(ADMIN, "gravar dados de demonstração"),
    "backup.make": Permission(ADMIN, "fazer cópias de segurança"),
    "backup.restore": Permission(ADMIN, "restaurar cópias de segurança"),
    "integrity.accept": Permission(ADMIN, "aceitar ou restaurar linhas alteradas fora do "
                                          "programa"),
    "backup.settings": Permission(ADMIN, "alterar a configuração das cópias de segurança"),
    "audit.acknowledge": Permission(ADMIN, "reconhecer a trilha de auditoria atual nesta "
                                           "estação"),
    "import.register": Permission(ADMIN, "importar o cadastro de uma planilha"),
    "register.export": Permission(ADMIN, "exportar o cadastro completo"),
}


def roles_for(action: str) -> tuple[str, ...]:
    return PERMISSIONS[action].roles


def can(actor: Actor, action: str) -> bool:
    """Whether the actor's role may do the action (the GUI hides what it may not)."""
    return actor.role in ROLE_LABELS and actor.role in PERMISSIONS[action].roles


def cpf_text(actor: Actor | None, digits: str) -> str:
    """A CPF as this actor may see it in a list (LGPD): whole for the counter roles and for
    the system itself (None: command line, reports), the card's masked form otherwise."""
    if actor is None or can(actor, "person.view_cpf"):
        return validators.format_cpf(digits)
    return validators.mask_cpf(digits)


def require(actor: Actor, action: str) -> None:
    """PermissionDenied (and an audit entry 'refused:<action>') unless the role may do it."""
    permission = PERMISSIONS[action]
    if actor.user_id is not None:
        role = current_role(actor)
        message = None
        if role is None:  # the user may have been disabled since the login
            message = (f"O usuário '{actor.login}' foi desativado; nada mais é permitido "
                       "nesta sessão. Entre com outro usuário.")
        elif role != actor.role and role not in permission.roles:
            # lowered since the login: the role held now must allow it too (a role raised
            # since counts at the next login: the session keeps the one it was given)
            from .context import ROLE_LABELS
            message = (f"O perfil do usuário '{actor.login}' mudou para "
                       f"{ROLE_LABELS.get(role, role)} depois da entrada; saia e entre de novo "
                       "para continuar.")
        if message:
            from . import refusals
            from .context import PermissionDenied
            refusals.note(actor, action, message)
            raise PermissionDenied(message)
    actor.require(*permission.roles, action=permission.label, key=action)


def still_active(actor: Actor) -> bool:
    """Whether a logged-in user may still act: a user disabled (or removed) since the login
    may not, so an open window stops working at its next action. The system's own actor
    (no user id) always may."""
    return actor.user_id is None or current_role(actor) is not None


def current_role(actor: Actor) -> str | None:
    """The role the user holds now (None: disabled or removed), read at every action, so a
    role lowered by another admin binds an open window at once, not at its next login: an
    action needs both the session's role and this one to allow it. The system's own actor
    keeps its own."""
    from ..store.models import DB, User  # the users' table; services/users writes it
    if actor.user_id is None or DB.obj is None:
        return actor.role
    row = (User.select(User.role).where((User.id == actor.user_id) & User.active)
           .tuples().first())
    return row[0] if row else None
