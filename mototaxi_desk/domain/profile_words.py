"""A rule profile's keys in the law's words (Portuguese): the sections, the numbers a município
may edit (Configurações → Números do perfil) and every other key, for the screens and for the
comparison of two wordings of a law (domain/profile_diff.py). A key with no words here is
shown by its section and name; tests/unit/test_profile_diff.py keeps every key worded."""
from __future__ import annotations

PROFILE_SECTIONS = {
    "profile": "Lei", "defaults": "Valores iniciais", "cap": "Limite de permissões",
    "holder": "Permissionário", "permit": "Permissão", "renewal": "Renovação",
    "transfer": "Transferência", "interruption": "Interrupção", "vehicle": "Veículo",
    "inspection": "Vistoria", "stand": "Pontos", "auxiliary": "Condutor auxiliar",
    "debts": "Débitos", "waiting_list": "Lista de espera", "penalties": "Penalidades",
    "defence": "Defesa e recurso", "impound": "Remoção e depósito",
    "instrument": "Ato de delegação", "service": "Serviço", "documents": "Documentos impressos",
    "recadastramento": "Recadastramento", "licensing": "Licenciamento do cartão",
}
# The profile numbers a município may edit (domain.profiles.editable_numbers), in the law's
# words; "{unit}" is the profile's fiscal unit (UFM, UFICA).
PROFILE_NUMBERS = {
    "defaults.fiscal_unit_value": "Valor padrão da unidade fiscal (R$)",
    "defaults.initial_tariff": "Tarifa inicial do perfil (R$)",
    "cap.inhabitants_per_permit": "Habitantes por permissão",
    "holder.min_age": "Idade mínima (anos)",
    "holder.cnh_min_years": "Tempo mínimo de habilitação (anos)",
    "holder.ear_required": "CNH com observação EAR exigida",
    "permit.max_per_person": "Máximo de permissões por pessoa",
    "permit.fleet_owner_exception": "Exceção para frotista",
    "permit.validity_months": "Validade da permissão (meses)",
    "permit.order_number_digits": "Dígitos do número de ordem",
    "permit.cassation_bar_years": "Impedimento após cassação (anos)",
    "permit.cassation_bar_forever": "Impedimento definitivo após cassação",
    "renewal.grace_days": "Tolerância após o prazo de renovação (dias)",
    "renewal.late_fine_units": "Multa por renovação em atraso ({unit})",
    "transfer.allowed": "Transferência permitida",
    "transfer.min_years_held": "Tempo mínimo com a permissão para transferir (anos)",
    "transfer.transferor_barred": "Quem transfere fica impedido de nova permissão",
    "interruption.allowed": "Interrupção permitida",
    "interruption.max_days": "Interrupção máxima (dias)",
    "interruption.per_year": "Limite de interrupção contado por ano",
    "interruption.extensions": "Prorrogações da interrupção",
    "interruption.unauthorised_revert_days": "Paralisação não autorizada que extingue (dias)",
    "vehicle.max_age_years": "Idade máxima do veículo (anos)",
    "vehicle.max_age_at_grant_only": "Idade máxima só na outorga",
    "vehicle.cc_min": "Cilindrada mínima (cc)",
    "vehicle.cc_max": "Cilindrada máxima (cc)",
    "vehicle.replacement_newer_only": "Substituto deve ser mais novo",
    "vehicle.replacement_same_capacity": "Substituto de igual cilindrada",
    "vehicle.replacement_declare_days_before": "Aviso prévio da substituição (dias)",
    "vehicle.replacement_grace_days": "Prazo para apresentar o substituto (dias)",
    "vehicle.replacement_needs_authorisation": "Substituição depende de autorização",
    "vehicle.insurance_min_cover_per_person": "Cobertura mínima do seguro por pessoa (R$)",
    "inspection.annual": "Vistoria anual",
    "inspection.semiannual": "Vistoria semestral",
    "inspection.on_demand": "Vistoria extraordinária",
    "inspection.requires_permit_up_to_date": "Vistoria exige permissão em dia",
    "inspection.requires_no_debts": "Vistoria exige ausência de débitos",
    "inspection.missed_summons_cassation": "Falta à convocação leva à cassação",
    "stand.min_vehicles": "Mínimo de motocicletas por ponto",
    "stand.max_vehicles": "Máximo de motocicletas por ponto",
    "stand.max_may_be_raised": "Máximo do ponto pode ser ampliado",
    "stand.min_distance_m": "Distância mínima entre pontos (m)",
    "stand.change_min_months": "Tempo mínimo no ponto antes de mudar (meses)",
    "stand.change_needs_vacancy": "Mudança de ponto exige vaga",
    "auxiliary.allowed": "Condutor auxiliar permitido",
    "auxiliary.max_per_vehicle": "Condutores auxiliares por veículo",
    "auxiliary.recredential_months": "Recredenciamento do auxiliar (meses)",
    "licensing.card_months": "Licenciamento do cartão de permissão (meses)",
    "licensing.justify_days": "Prazo para justificar a falta ao licenciamento (dias)",
    "auxiliary.cassation_bar_years": "Impedimento após cassação do credenciamento (anos)",
    "auxiliary.cassation_bar_forever": "Impedimento definitivo após cassação do credenciamento",
    "debts.block_requests": "Débitos impedem requerimentos",
    "debts.blocks_renewal": "Débitos impedem a renovação",
    "waiting_list.enrol_days": "Prazo de inscrição do edital (dias)",
    "penalties.counts_points": "Infrações somam pontos",
    "penalties.same_infraction_double_months": "Reincidência na mesma infração dobra a multa (meses)",
    "penalties.simultaneous_each_count": "Infrações simultâneas contam cada uma",
    "penalties.count_window_months": "Janela de contagem de infrações (meses; 0 = toda a permissão)",
    "penalties.recidivism_months": "Prazo da reincidência (meses; 0 = sem limite)",
    "defence.defence_days": "Prazo de defesa (dias)",
    "defence.business_days": "Prazos em dias úteis",
    "defence.appeal_days": "Prazo de recurso (dias)",
    "defence.extend_to_business_day": "Prazo que vence em dia não útil passa ao próximo",
    "impound.storage_fee_units_per_day": "Diária de depósito ({unit})",
}

# The other keys of the sections: texts, lists, choices and the articles each rule cites.
PROFILE_TEXTS = {
    "profile.id": "Identificador do perfil", "profile.short_name": "Sigla",
    "profile.name": "Nome do perfil", "profile.law": "Lei", "profile.municipio": "Município",
    "profile.uf": "UF", "profile.fiscal_unit": "Unidade fiscal",
    "cap.fixed_permits": "Número de permissões fixado pela lei", "cap.article": "Artigo do limite",
    "holder.cnh_category": "Categoria da CNH exigida",
    "holder.article": "Artigo dos requisitos do permissionário",
    "permit.max_per_person_article": "Artigo do máximo por pessoa",
    "permit.validity_article": "Artigo da validade",
    "permit.cassation_bar_article": "Artigo do impedimento após cassação",
    "permit.no_term": "Permissão sem prazo de validade",
    "renewal.deadline": "Prazo anual de renovação (mês-dia)",
    "renewal.article": "Artigo da renovação",
    "transfer.fee_key": "Taxa da transferência", "transfer.article": "Artigo da transferência",
    "interruption.article": "Artigo da interrupção",
    "interruption.unauthorised_article": "Artigo da paralisação não autorizada",
    "vehicle.age_article": "Artigo da idade do veículo",
    "vehicle.cc_article": "Artigo da cilindrada",
    "vehicle.replacement_article": "Artigo da substituição",
    "vehicle.insurance_article": "Artigo do seguro",
    "vehicle.owner_rule": "Quem pode ser o proprietário do veículo",
    "vehicle.owner_article": "Artigo da propriedade do veículo",
    "inspection.article": "Artigo da vistoria",
    "inspection.requires_article": "Artigo das condições da vistoria",
    "inspection.missed_summons_article": "Artigo da falta à convocação",
    "stand.min_distance_article": "Artigo da distância entre pontos",
    "stand.change_fee_key": "Taxa da mudança de ponto", "stand.article": "Artigo dos pontos",
    "auxiliary.max_article": "Artigo do máximo de auxiliares",
    "auxiliary.article": "Artigo do condutor auxiliar",
    "auxiliary.cassation_article": "Artigo da cassação do credenciamento",
    "debts.article": "Artigo dos débitos",
    "waiting_list.mode": "Forma da lista de espera",
    "waiting_list.ranking": "Critérios de classificação, em ordem",
    "waiting_list.article": "Artigo da lista de espera",
    "waiting_list.infraction_gravity": "Classes por gravidade (da menor à maior)",
    "penalties.warning_for_classes": "Classes punidas com advertência na primeira vez",
    "penalties.warning_article": "Artigo da advertência",
    "penalties.article": "Artigo das penalidades",
    "penalties.month_rule": "Contagem dos meses",
    "penalties.month_rule_article": "Artigo da contagem dos meses",
    "penalties.payment_article": "Artigo do pagamento da multa",
    "defence.defence_article": "Artigo da defesa", "defence.appeal_article": "Artigo do recurso",
    "defence.extend_article": "Artigo da prorrogação para dia útil",
    "defence.notification_article": "Artigo da notificação",
    "defence.notification_means": "Meios de notificação",
    "defence.accepted_defence_article": "Artigo da defesa acolhida",
    "defence.revelia_article": "Artigo da revelia",
    "impound.release_requires": "Exigências para liberar o veículo",
    "impound.article": "Artigo da remoção",
    "impound.release_reasons": "Motivos de liberação",
    "instrument.kind": "Tipo de ato", "instrument.title": "Nome do ato",
    "instrument.holder_title": "Nome do titular", "instrument.article": "Artigo do ato",
    "service.passengers": "Transporte de passageiros", "service.cargo": "Transporte de cargas",
    "service.vehicle_kinds": "Tipos de veículo", "service.article": "Artigo do serviço",
    "documents.card_article": "Artigo da carteira",
    "documents.aux_card_article": "Artigo da carteira do auxiliar",
    "documents.sticker_article": "Artigo do selo",
    "recadastramento.missed": "Quem falta ao recadastramento",
    "recadastramento.article": "Artigo do recadastramento",
    "licensing.article": "Artigo do licenciamento do cartão",
    "licensing.fee_key": "Taxa do licenciamento do cartão",
    "licensing.missed_article": "Artigo da falta ao licenciamento",
}
# The keys of a list's items ([[infractions]], [[penalties.classes]], [fees.X]...).
ITEM_KEYS = {
    "code": "código", "label": "nome", "text": "texto", "article": "artigo",
    "class": "classe", "measure": "medida administrativa", "units": "valor",
    "fine_units": "multa", "fine_units_max": "multa máxima",
    "fine_tariff_multiple": "multa (em tarifas)", "points": "pontos",
    "recidivism_double": "em dobro na reincidência", "months": "meses", "count": "infrações",
    "sanction": "sanção", "suspension_months": "suspensão (meses)", "kind": "tipo",
    "type": "tipo", "allowed": "permitido", "fee_key": "taxa", "mandatory": "obrigatório",
    "valid_months": "validade (meses)", "authority": "autoridade",
    "max_days": "prazo máximo (dias)", "warns": "avisa nos atos", "checklist": "documentos",
    "grounds": "motivos",
}


def profile_number(key: str, unit: str = "") -> str:
    """A section key in the law's words ('renewal.late_fine_units' → 'Multa por renovação
    em atraso (UFM)')."""
    label = PROFILE_NUMBERS.get(key) or PROFILE_TEXTS.get(key)
    if label is None:
        section, _, name = key.partition(".")
        label = f"{PROFILE_SECTIONS.get(section, section)}: {name.replace('_', ' ')}"
    return label.replace("{unit}", unit or "unidades fiscais")


# The program's words a choice key may hold (domain/profile_vocabulary.py), as the law says them.
CHOICE_WORDS = {
    # waiting_list.mode and .ranking
    "automatic": "automática (ordem de inscrição)", "licitacao": "licitação",
    "edital": "edital", "none": "sem lista",
    "seniority": "tempo de atividade no serviço",
    "fewer_infractions_weighted": "menos infrações por ano, pela gravidade",
    "family_situation": "situação familiar (dependentes)",
    "vehicle_condition": "estado de conservação do veículo", "lottery": "sorteio",
    # penalties.month_rule
    "calendar": "meses do calendário", "days30": "30 dias por mês",
    # impound.release_requires and .release_reasons
    "fines": "multas pagas", "removal": "remoção paga", "storage": "diárias pagas",
    "permit": "permissão apresentada", "payment": "pagamento",
    "fault_corrected": "falha corrigida", "maintenance": "manutenção",
    # defence.notification_means
    "in_person": "pessoalmente", "post": "via postal com recibo",
    "gazette": "Diário Oficial", "email": "e-mail",
    # vehicle.owner_rule
    "holder": "só o permissionário", "holder_or_family": "o permissionário ou familiar",
    "any": "qualquer pessoa",
    # instrument.kind
    "permissao": "permissão", "autorizacao": "autorização", "licenca": "licença",
    # recadastramento.missed
    "nothing": "nada", "alert": "alerta no prontuário", "sanction": "sanção",
    # inspection items' kind
    "annual": "anual", "semiannual": "semestral", "both": "anual e semestral",
    # count thresholds' and decisions' sanction
    "suspension": "suspensão", "revocation": "revogação", "cassation": "cassação",
    # decision grounds' warns
    "interrupt": "interrupção", "extend": "prorrogação", "renew": "renovação",
    "license": "licenciamento do cartão",
}
# the keys whose values are those words (a section's 'section.key', an item's 'key')
CHOICE_KEYS = frozenset({
    "waiting_list.mode", "waiting_list.ranking", "penalties.month_rule",
    "impound.release_requires", "impound.release_reasons", "vehicle.owner_rule",
    "defence.notification_means",
    "instrument.kind", "recadastramento.missed", "kind", "sanction", "warns",
})
