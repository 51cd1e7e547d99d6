"""The words of each permit act's form, from the município's profile: the rule with its
article, the fee the law charges, and the notes the database cannot show (what the law warns
of, the appeal, the document to print). What the act itself will change comes from running it
(permit_actions.preview); nothing here decides anything."""
from __future__ import annotations

import datetime as dt

from ..domain.errors import DomainError
from ..domain.profiles import RuleProfile
from .licensing import decisions, permits
from .views import lookup
from .payments.fees import fee_text
from ..domain import wallclock

SANCTION_ACTS = ("suspend", "revoke", "cassate")


def _fee(fee_key: str, payer: str) -> list[str]:
    try:
        text = fee_text(fee_key)
    except DomainError as exc:  # the fiscal unit's value is not set for this year
        return [str(exc)]
    return [f"{text} — paga pelo {payer}."] if text else []


def fees(profile: RuleProfile, act: str) -> list[str]:
    """The fee the law charges for the act, before it runs."""
    if act == "transfer":
        found = _fee(profile.transfer.fee_key, "novo permissionário")
    elif act == "license":
        found = _fee(profile.licensing.fee_key, "permissionário")
    elif act in ("aux_issue", "aux_renew"):
        found = _fee(profile.application("auxiliary_driver").fee_key,
                     "permissionário, que responde pelo condutor auxiliar")
    else:
        found = []
    return found or ["A lei do município não cobra taxa por este ato."]


def _sanction_rules(profile: RuleProfile, act: str, inputs: dict) -> list[str]:
    rule = profile.decision(decisions.SANCTION_OF_ACT[act])
    if rule is None:
        return []
    lines = [f"{rule.label} ({rule.article}). Decide: {rule.authority}."]
    if rule.max_days:
        lines.append(f"Prazo da suspensão: até {rule.max_days} dias ({rule.article}).")
    ground = next((g for g in rule.grounds
                   if str(inputs.get("ground") or "").lower() == g.code.lower()), None)
    if ground is not None:
        lines.append(f"Fundamento: {ground.text} ({ground.article}).")
    if act == "cassate":
        p = profile.permit
        if p.cassation_bar_forever:
            lines.append("Cassada a permissão, não é concedida nova permissão ao "
                         f"permissionário ({p.cassation_bar_article}).")
        elif p.cassation_bar_years:
            lines.append(f"Cassada a permissão, o permissionário só obtém outra após "
                         f"{p.cassation_bar_years} anos ({p.cassation_bar_article}).")
    d = profile.defence
    if d.appeal_days:
        lines.append(f"Recurso: {d.appeal_days} dias a contar da notificação "
                     f"({d.appeal_article}).")
    return lines


def _interruption_used(profile: RuleProfile, inputs: dict) -> list[str]:
    if not profile.interruption.per_year or not inputs.get("permit_id"):
        return []
    start = inputs.get("start")
    year = start.year if isinstance(start, dt.date) else wallclock.today().year
    used, _ = permits.interruption_days_used(lookup.get_permit(inputs["permit_id"]), year)
    return [f"Já usados em {year}: {used} dia(s)."]


def rules(profile: RuleProfile, act: str, inputs: dict) -> list[str]:
    """The rule of the act, each line with its article."""
    if act in SANCTION_ACTS:
        return _sanction_rules(profile, act, inputs)
    t, i, a = profile.transfer, profile.interruption, profile.auxiliary
    debts = ([f"Débitos em aberto impedem o pedido ({profile.debts.article})."]
             if profile.debts.block_requests else [])
    if act == "transfer":
        lines = [f"Transferência com a anuência da Administração ({t.article})."]
        if t.min_years_held:
            lines.append(f"A terceiros, só depois de {t.min_years_held} anos da expedição; por "
                         "falecimento ou invalidez do permissionário, ao cônjuge ou aos filhos "
                         f"a qualquer tempo ({t.article}).")
        if t.transferor_barred:
            lines.append(f"Ao transferente fica vedada nova outorga ({t.article}).")
        return lines + [f"O novo permissionário cumpre os requisitos da permissão "
                        f"({profile.holder.article}) e é o proprietário do veículo."] + debts
    if act == "interrupt":
        text = (f"Interrupção autorizada a pedido do permissionário: até {i.max_days} dias"
                + (" por ano" if i.per_year else "")
                + (f", prorrogável {i.extensions} vez por igual período" if i.extensions
                   else "") + f" ({i.article}).")
        return [text] + _interruption_used(profile, inputs)
    if act == "extend":
        return [f"Prorrogação por até {i.max_days} dias, {i.extensions} vez ({i.article})."]
    if act == "resume":
        return ["Registra o retorno ao serviço antes do fim do prazo da interrupção ou da "
                "suspensão; ao fim do prazo a permissão volta a Ativa sozinha."]
    if act == "desist":
        kind, wl = profile.application("withdrawal"), profile.waiting_list
        call = (f"o próximo da lista de espera é convocado ({wl.article})"
                if wl.mode == "automatic" else
                f"a vaga é preenchida por {'licitação' if wl.mode == 'licitacao' else 'edital'}"
                f" ({wl.article})")
        return [f"{kind.label}: a permissão é revertida ao Poder Público ({kind.article}); "
                f"{call}."]
    if act == "reinstate":
        appeal = profile.defence.appeal_article
        return ["Restabelece a permissão suspensa, revogada ou cassada — recurso ou defesa "
                "acolhidos" + (f" ({appeal})" if appeal else "") + "; a sanção que a mantinha "
                "fica desconstituída.",
                "A vaga no ponto não volta sozinha: vincule a permissão a um ponto com vaga."]
    if act == "aux_issue":
        lines = [f"Condutor auxiliar credenciado no veículo da permissão ({a.article}); só "
                 "opera no veículo em que está credenciado."]
        if a.max_per_vehicle:
            lines.append(f"No máximo {a.max_per_vehicle} condutor(es) auxiliar(es) por veículo "
                         f"({a.max_article}).")
        lines.append(f"Cumpre os requisitos pessoais do permissionário "
                     f"({profile.holder.article}).")
        if a.recredential_months:
            lines.append(f"Credenciamento renovado a cada {a.recredential_months} meses "
                         f"({a.article}).")
        return lines + debts
    if act == "license":
        return _licensing_rules(profile) + debts
    if act == "aux_renew":
        return [f"Renovação do credenciamento a cada {a.recredential_months} meses, com os "
                f"requisitos comprovados de novo ({a.article})."] + debts
    if act == "aux_end":
        return ["Encerra a credencial: o condutor auxiliar deixa de poder operar o veículo "
                "da permissão."]
    if act == "aux_cassate":
        return _aux_cassation_rules(profile)
    if act == "stoppage":
        return _stoppage_rules(profile)
    if act == "summon":
        return _summons_rules(profile)
    return []


def _aux_cassation_rules(profile: RuleProfile) -> list[str]:
    """SRM Art. 38 IV and §3º, L1745 Art. 17 IV and §2º: the auxiliary's own credential is
    cassated and he is barred from a new credential; the holder is not barred."""
    a = profile.auxiliary
    lines = [f"Cassação do credenciamento do próprio condutor auxiliar ({a.cassation_article});"
             " a permissão e o permissionário não são atingidos."]
    if a.cassation_bar_forever:
        lines.append("O condutor auxiliar não poderá ser credenciado de novo "
                     f"({a.cassation_article}).")
    elif a.cassation_bar_years:
        lines.append(f"O condutor auxiliar só poderá ser credenciado de novo após "
                     f"{a.cassation_bar_years} anos ({a.cassation_article}).")
    return lines


def _licensing_rules(profile: RuleProfile) -> list[str]:
    """SRM Art. 6 XX (yearly), Art. 30 XXIV d (in person), Art. 38 III d (missed)."""
    from ..domain.permit_rules import LICENSING_OPENS_DAYS
    rule = profile.licensing
    lines = [f"Licenciamento anual do cartão de permissão, com o permissionário presente "
             f"({rule.article}): o cartão passa a valer até o próximo aniversário da outorga "
             f"(a cada {rule.card_months} meses), nunca além da validade da permissão.",
             f"Pode ser feito a partir de {LICENSING_OPENS_DAYS} dias antes da data do cartão; "
             "feito antes ou depois, a data seguinte continua no aniversário da outorga."]
    if rule.missed_article:
        justify = (f", salvo justificativa por protocolo em até {rule.justify_days} dias"
                   if rule.justify_days else "")
        lines.append(f"Não comparecer na data prevista é causa de cassação "
                     f"({rule.missed_article}){justify}.")
    return lines


def _stoppage_rules(profile: RuleProfile) -> list[str]:
    """PF Art. 12 (reverts after the days), SRM Art. 29 §ú (the authority decides)."""
    i = profile.interruption
    if i.unauthorised_revert_days:
        return [f"Serviço interrompido sem autorização por mais de "
                f"{i.unauthorised_revert_days} dias consecutivos: a permissão é revertida ao "
                f"Poder Público ({i.unauthorised_article}) pela atualização diária, se o "
                "permissionário não voltar ao serviço antes.",
                "O retorno ao serviço é registrado em \"Registrar retorno ao serviço\"."]
    return [f"Interrupção sem autorização: cabe à autoridade decidir a cassação "
            f"({i.unauthorised_article}); o registro não a aplica.",
            "O retorno ao serviço é registrado em \"Registrar retorno ao serviço\"."]


def _summons_rules(profile: RuleProfile) -> list[str]:
    """L1745 Art. 10 and §ú; SRM Art. 17 §2º."""
    rule = profile.inspection
    lines = [f"A Prefeitura pode exigir a vistoria a qualquer tempo ({rule.article}); o "
             "permissionário apresenta o veículo até o prazo da intimação."]
    if rule.missed_summons_cassation:
        lines.append("Sem o veículo apresentado no prazo, cabe a cassação da permissão "
                     f"({rule.missed_summons_article}): a atualização diária a aponta nos "
                     "alertas para a autoridade decidir.")
    return lines


def notes(profile: RuleProfile, act: str, inputs: dict) -> list[str]:
    """What the law warns of and what to print, after what the act changes."""
    lines = []
    if act in ("interrupt", "extend", "renew", "license"):
        for rule in profile.decisions:
            for ground in rule.grounds:
                if act in ground.warns:
                    lines.append(f"Atenção: {ground.text} — {rule.label.lower()} "
                                 f"({ground.article}).")
    printed = {"transfer": "o termo de transferência (assinam o transferente, o novo "
                           "permissionário e a autoridade) e o cartão do novo permissionário",
               "interrupt": "a autorização de interrupção",
               "extend": "a prorrogação da interrupção",
               "resume": "o registro do retorno ao serviço",
               "desist": "o termo de desistência, para o permissionário assinar",
               "reinstate": "o ato de restabelecimento",
               "aux_issue": "o cartão do condutor auxiliar",
               "aux_renew": "o novo cartão do condutor auxiliar",
               "license": "o novo cartão de permissão (com a nova validade)",
               "aux_end": "", "aux_cassate": "",
               "stoppage": "", "summon": ""}
    if act in SANCTION_ACTS:
        lines.append("Imprima a notificação da decisão ao permissionário: o prazo de recurso "
                     "conta da notificação.")
    elif printed.get(act):
        lines.append(f"Depois de confirmar, imprima {printed[act]}.")
    return lines
