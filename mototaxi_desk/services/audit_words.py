"""Portuguese words for the audit trail's codes (its actions and the records it names): the
prontuário's Histórico, the trail's window and the documents that list entries (the LGPD
export's PDF) show them, never the codes."""
from __future__ import annotations

from . import acts
from .ledger import acts as ledger_acts

AUDIT_ACTIONS = {
    "person.register": "Cadastro da pessoa", "person.update": "Cadastro alterado",
    "person.cnh": "CNH registrada", "person.view": "Prontuário consultado",
    "application.file": "Requerimento protocolado", "application.checklist": "Documento conferido",
    "application.em_analise": "Requerimento em análise", "application.pendente": "Requerimento pendente",
    "application.deferido": "Requerimento deferido", "application.indeferido": "Requerimento indeferido",
    "application.arquivado": "Requerimento arquivado",
    "permit.expire": "Permissão vencida", "permit.lapse": "Permissão caducada",
    "vehicle.register": "Veículo cadastrado", "vehicle.insurance": "Seguro atualizado",
    "vehicle.substitute": "Veículo substituído", "vehicle.declare_replacement":
    "Substituição declarada", "vehicle.out_of_service": "Veículo fora de circulação",
    "fee.charge": "Taxa lançada", "fee.pay": "Taxa paga", "fee.cancel": "Taxa cancelada",
    "inspection.record": "Vistoria registrada",
    "waiting_list.enrol": "Inscrito na lista de espera",
    "waiting_list.call": "Convocado da lista de espera",
    "waiting_list.grant": "Saiu da lista (permissão outorgada)",
    "waiting_list.leave": "Saiu da lista de espera", "waiting_list.expire": "Convocação expirada",
    "permit.stand_assign": "Ponto atribuído", "permit.stand_release": "Ponto liberado",
    "permit.stand_change": "Mudança de ponto", "stand.create": "Ponto criado",
    "stand.edit": "Ponto alterado", "stand.close": "Ponto desativado",
    "stand.reopen": "Ponto reativado", "waiting_list.edit": "Inscrição alterada",
    "inspection.sticker": "Selo emitido", "sticker.void": "Selo anulado",
    "sticker.reissue": "Selo reemitido", "vehicle.deactivate": "Veículo baixado",
    "waiting_list.lottery": "Sorteio da lista de espera",
    "municipio.init": "Município configurado", "municipio.population": "População alterada",
    "municipio.fiscal_unit_value": "Valor da unidade fiscal", "municipio.profile_number":
    "Número do perfil alterado", "user.add": "Usuário cadastrado",
    "user.disable": "Usuário desativado", "user.enable": "Usuário reativado",
    "user.role": "Perfil de acesso alterado", "user.login": "Entrada no sistema",
    "user.login_failed": "Senha incorreta", "demo.fill": "Dados de demonstração",
    "refused:user.login": "Entrada recusada (usuário inexistente, desativado, bloqueado ou "
                          "perfil desconhecido)",
    "refused:cli.login": "Comando recusado: sem usuário",
}
ENTITIES = {"person": "Pessoa", "permit": "Permissão", "vehicle": "Veículo",
            "application": "Requerimento", "fee": "Taxa", "inspection": "Vistoria",
            "auxiliary_driver": "Condutor auxiliar", "cnh": "CNH", "stand": "Ponto",
            "waiting_list_entry": "Lista de espera", "sticker": "Selo"}


# penalty ledger (issue 6 item 9): each act of the ledger declares its audit words
AUDIT_ACTIONS.update(ledger_acts.audit_labels())
# the passage of time and the rules of issue 16
AUDIT_ACTIONS.update({
    "clock.tick": "Atualização diária das situações",
    "clock.confirm": "Data do computador confirmada",
    "clock.undo": "Atualizações diárias desfeitas (data errada)",
    "clock.undo_row": "Registro de volta ao que era antes da atualização desfeita",
    "permit.revert": "Permissão revertida ao município", "municipio.tariff": "Tarifa alterada",
    "inspection.summons_resolve": "Intimação para vistoria apurada"})
ENTITIES.update({"clock_tick": "Passagem do tempo", "inspection_summons": "Intimação para vistoria"})
ENTITIES.update({"infraction_notice": "Auto de infração", "notice_proceeding": "Defesa/recurso",
                 "penalty_charge": "Multa", "sanction": "Sanção", "impound": "Apreensão"})
# guias and bank returns (issue 22)
AUDIT_ACTIONS.update({
    "guia.issue": "Guia de recolhimento emitida", "guia.replace": "Guia substituída",
    "guia.pay": "Guia paga (retorno bancário)", "bank_return.import": "Retorno bancário importado",
    "municipio.collection": "Dados de cobrança alterados"})
ENTITIES.update({"guia": "Guia", "bank_return_file": "Retorno bancário",
                 "certificate": "Certificado digital", "mail": "Servidor de e-mail",
                 "email_delivery": "Envio de e-mail"})

# copies, keys, exports, imports, printing, the rule profile and the chain's own seals
# (tests/unit/test_audit_labels.py finds every action the code writes and wants its label here)
AUDIT_ACTIONS.update({
    "backup.create": "Cópia de segurança feita",
    "certificate.install": "Certificado digital A1 instalado numa estação",
    "certificate.remove": "Certificado digital A1 removido de uma estação",
    "certificate.timestamp": "Servidor de carimbo do tempo alterado numa estação",
    "mail.setup": "Servidor de e-mail configurado numa estação",
    "mail.send": "E-mail enviado (ou tentado) a um permissionário",
    "mail.retry": "Envio de e-mail tentado de novo",
    "mail.consent": "Consentimento de e-mail registrado (LGPD)",
    "mail.unsubscribe": "Descadastramento dos lembretes por e-mail (LGPD)",
    "backup.restore": "Cópia de segurança restaurada",
    "backup.settings": "Cópias de segurança: configuração alterada",
    "audit.acknowledge": "Trilha de auditoria reconhecida numa estação",
    "demo.fill_bulk": "Dados de demonstração em volume",
    "document.print": "Documento impresso",
    "holiday.add": "Feriado municipal incluído", "holiday.remove": "Feriado municipal excluído",
    "import.apply": "Importação de dados aplicada", "import.create": "Registro importado",
    "import.update": "Registro atualizado pela importação",
    "key.create": "Chave de assinatura criada", "key.retire": "Chave de assinatura retirada de uso",
    "key.trust": "Chaves confiáveis da estação atualizadas",
    "municipio.brasao": "Brasão alterado", "municipio.sticker_size": "Tamanho do selo alterado",
    "municipio.verifier_max_age": "Validade da situação no verificador alterada",
    "person.export": "Dados da pessoa exportados (LGPD)",
    "profile.adopt": "Versão das regras adotada",
    "register.export": "Cadastro exportado", "report.export": "Relatório exportado",
    "registro.selo": "Registros selados", "sticker.issue": "Selo emitido",
    "registro.selo_aceito": "Linha alterada fora do programa aceita pelo administrador",
    "registro.selo_restaurado": "Linha alterada fora do programa restaurada aos valores "
                                "selados",
    "refused:registro.selo": "Ação recusada: linha alterada fora do programa",
    "user.password_change": "Senha alterada", "verifier.export": "Página do verificador exportada"})
ENTITIES.update({"backup": "Cópia de segurança", "municipal_holiday": "Feriado municipal",
                 "signing_key": "Chave de assinatura", "profile_version": "Versão das regras",
                 "municipio_settings": "Município", "import_run": "Importação",
                 "report": "Relatório", "register": "Cadastro", "user": "Usuário",
                 "audit_log": "Trilha de auditoria"})
# the permit acts' own, grant and renew among them (services/acts: each act declares its
# audit actions and words)
AUDIT_ACTIONS.update(acts.audit_labels())
# recadastramento campaigns (issue 21 item 2)
AUDIT_ACTIONS.update({"campaign.create": "Campanha de recadastramento criada",
                      "campaign.attend": "Comparecimento ao recadastramento",
                      "campaign.letters": "Cartas de convocação do recadastramento"})
ENTITIES.update({"campaign": "Campanha de recadastramento",
                 "campaign_attendance": "Comparecimento ao recadastramento"})
REFUSED = "refused:"


def audit_action(code: str) -> str:
    if code in AUDIT_ACTIONS:
        return AUDIT_ACTIONS[code]
    # an act registered after this module was imported
    act_words = {**acts.audit_labels(), **ledger_acts.audit_labels()}
    if code in act_words:
        return act_words[code]
    if code.startswith(REFUSED):  # 'refused:<permission key>' (services/refusals.py)
        from .permissions import PERMISSIONS
        permission = PERMISSIONS.get(code[len(REFUSED):])
        if permission is not None:
            return f"Ação recusada: {permission.label}"
    area, _, verb = code.partition(".")
    return f"{ENTITIES.get(area, area.capitalize())}: {verb.replace('_', ' ')}"


def entity(code: str) -> str:
    return ENTITIES.get(code, code)


def history_detail(entry: dict) -> str:
    """What an entry of a record's history was about, in words (never an internal id):
    the document conferred, the plate, the protocol... from the audit's before/after."""
    after = entry.get("after") if isinstance(entry.get("after"), dict) else {}
    before = entry.get("before") if isinstance(entry.get("before"), dict) else {}
    data = {**before, **after}
    if entry.get("action") == "application.checklist":
        document = data.get("text") or data.get("code") or "documento"
        state = "recebido" if after.get("received") else "não recebido"
        return f"{document}: {state}"
    for key, shown in (("protocol", "Protocolo {}"), ("plate_original", "Placa {}"),
                       ("plate", "Placa {}"), ("order_number", "Nº {}"),
                       ("name", "{}")):
        value = data.get(key)
        if value not in (None, ""):
            return shown.format(value)
    return ""
