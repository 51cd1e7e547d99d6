"""Portuguese words for the codes the services return (audit actions, entities, kinds)."""
from __future__ import annotations

AUDIT_ACTIONS = {
    "person.register": "Cadastro da pessoa", "person.update": "Cadastro alterado",
    "person.cnh": "CNH registrada", "person.view": "Prontuário consultado",
    "application.file": "Requerimento protocolado", "application.checklist": "Documento conferido",
    "application.em_analise": "Requerimento em análise", "application.pendente": "Requerimento pendente",
    "application.deferido": "Requerimento deferido", "application.indeferido": "Requerimento indeferido",
    "application.arquivado": "Requerimento arquivado",
    "permit.grant": "Permissão outorgada", "permit.renew": "Permissão renovada",
    "permit.transfer": "Permissão transferida", "permit.interrupt": "Interrupção autorizada",
    "permit.interrupt_extend": "Interrupção prorrogada", "permit.resume": "Retorno ao serviço",
    "permit.withdraw": "Desistência", "permit.suspend": "Permissão suspensa",
    "permit.revoke": "Permissão revogada", "permit.cassate": "Permissão cassada",
    "permit.reinstate": "Permissão restabelecida", "permit.expire": "Permissão vencida",
    "permit.lapse": "Permissão caducada",
    "vehicle.register": "Veículo cadastrado", "vehicle.insurance": "Seguro atualizado",
    "vehicle.substitute": "Veículo substituído", "vehicle.declare_replacement":
    "Substituição declarada", "vehicle.out_of_service": "Veículo fora de circulação",
    "fee.charge": "Taxa lançada", "fee.pay": "Taxa paga", "fee.cancel": "Taxa cancelada",
    "inspection.record": "Vistoria registrada", "auxiliary.credential": "Auxiliar credenciado",
    "auxiliary.recredential": "Auxiliar recredenciado", "auxiliary.end": "Credencial encerrada",
    "waiting_list.enrol": "Inscrito na lista de espera",
    "waiting_list.call": "Convocado da lista de espera",
    "waiting_list.grant": "Saiu da lista (permissão outorgada)",
    "waiting_list.leave": "Saiu da lista de espera", "waiting_list.expire": "Convocação expirada",
    "permit.stand_assign": "Ponto atribuído", "permit.stand_release": "Ponto liberado",
    "permit.stand_change": "Mudança de ponto", "stand.create": "Ponto criado",
    "inspection.sticker": "Selo emitido", "sticker.void": "Selo anulado",
    "sticker.reissue": "Selo reemitido", "vehicle.deactivate": "Veículo baixado",
    "waiting_list.lottery": "Sorteio da lista de espera",
    "municipio.init": "Município configurado", "municipio.population": "População alterada",
    "municipio.fiscal_unit_value": "Valor da unidade fiscal", "municipio.profile_number":
    "Número do perfil alterado", "user.add": "Usuário cadastrado",
    "user.disable": "Usuário desativado", "user.login": "Entrada no sistema",
    "user.login_failed": "Senha incorreta", "demo.fill": "Dados de demonstração",
}
ENTITIES = {"person": "Pessoa", "permit": "Permissão", "vehicle": "Veículo",
            "application": "Requerimento", "fee": "Taxa", "inspection": "Vistoria",
            "auxiliary_driver": "Condutor auxiliar", "cnh": "CNH", "stand": "Ponto",
            "waiting_list_entry": "Lista de espera", "sticker": "Selo"}
INSPECTION_KINDS = {"annual": "Anual", "semiannual": "Semestral", "on_demand": "Extraordinária"}


def audit_action(code: str) -> str:
    if code in AUDIT_ACTIONS:
        return AUDIT_ACTIONS[code]
    area, _, verb = code.partition(".")
    return f"{ENTITIES.get(area, area.capitalize())}: {verb.replace('_', ' ')}"


def entity(code: str) -> str:
    return ENTITIES.get(code, code)
