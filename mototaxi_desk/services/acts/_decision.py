"""What the three sanctions decided case by case share (suspend.py, revoke.py, cassate.py):
the decision of the law (services/decisions), its grounds, the notification printed."""
from __future__ import annotations

import json

from ...domain.errors import RuleRefusal
from ...domain.penalty_engine import SANCTION_LABELS
from ...store.models import Sanction
from ..licensing import decisions
from .base import Act


class DecisionAct(Act):
    permission = "sanction.apply"
    menu_group = 1
    form = "permit_decision"
    date_label = "Data da decisão"
    print_note = ("Imprima a notificação da decisão ao permissionário: o prazo de recurso "
                  "conta da notificação.")
    verb = ""  # the command's help
    period = False  # the form asks the days (a suspension)

    @property
    def sanction(self) -> str:
        return decisions.SANCTION_OF_ACT[self.key]

    @property
    def cli_help(self):  # noqa: D401
        return (f"{self.verb} a permissão por decisão, num fundamento da lei (veja "
                "'permit grounds')")

    def law_refusal(self, profile):
        try:
            decisions.decision(self.sanction, profile)
        except RuleRefusal as exc:
            return exc
        return None

    def run(self, actor, *, permit_id=None, auxiliary_id=None, **inputs):
        get = inputs.get
        return decisions.decide(actor, permit_id, self.sanction,
                                ground=get("ground"), reason=get("reason"),
                                act_number=get("act_number"), on=get("on"),
                                until=get("until"), days=get("days"),
                                notice_ids=get("notice_ids") or ())

    def placeholders(self, profile, filled):
        if not filled.get("ground"):
            rule = profile.decision(self.sanction)
            if rule is not None:
                filled["ground"] = rule.grounds[0].code

    def rules(self, profile, inputs):
        rule = profile.decision(self.sanction)
        if rule is None:
            return []
        lines = [f"{rule.label} ({rule.article}). Decide: {rule.authority}."]
        if rule.max_days:
            lines.append(f"Prazo da suspensão: até {rule.max_days} dias ({rule.article}).")
        ground = next((g for g in rule.grounds
                       if str(inputs.get("ground") or "").lower() == g.code.lower()), None)
        if ground is not None:
            lines.append(f"Fundamento: {ground.text} ({ground.article}).")
        lines += self.bar_rules(profile)
        d = profile.defence
        if d.appeal_days:
            lines.append(f"Recurso: {d.appeal_days} dias a contar da notificação "
                         f"({d.appeal_article}).")
        return lines

    def bar_rules(self, profile) -> list[str]:
        return []

    def period_rows(self, line, sanction) -> list:
        return []

    def clauses(self, profile) -> list[str]:
        return ["A permissão é revertida ao Poder Público: a vaga no ponto fica livre, as "
                "credenciais de condutor auxiliar se encerram e o cartão de permissão deve "
                "ser devolvido."]

    def content(self, line, order, doc):
        profile = doc.profile_at(line)
        municipio = doc.settings()
        holder = doc.holder_at(line)
        who = doc.who(holder)
        sanction = (Sanction.select().where((Sanction.permit == line.permit_id) &
                                            (Sanction.kind == self.sanction) &
                                            (Sanction.effective_on == line.effective_on))
                    .order_by(Sanction.id.desc()).first())
        explanation = json.loads(sanction.explanation or "{}") if sanction else {}
        rule = profile.decision(self.sanction)
        label = explanation.get("label") or SANCTION_LABELS[self.sanction]
        article = sanction.article if sanction else ""
        rows = [("Penalidade", label)]
        if explanation.get("ground_text"):
            rows.append(("Fundamento", f"{explanation['ground_text']} ({article})"))
        elif article:
            rows.append(("Fundamento", f"{explanation.get('text', '')} ({article})".strip()))
        rows += [row for row in doc.act_rows(line) if row[0] != "Motivo"]
        if explanation.get("text"):
            rows.append(("Motivo", explanation["text"]))
        elif line.reason:
            rows.append(("Motivo", line.reason))
        rows += self.period_rows(line, sanction)
        if explanation.get("authority") or rule is not None:
            rows.append(("Autoridade", explanation.get("authority") or rule.authority))
        clauses = self.bar_clauses(profile) + self.clauses(profile)
        d = profile.defence
        if d.appeal_days:
            clauses.append(f"Da decisão cabe recurso escrito e fundamentado no prazo de "
                           f"{d.appeal_days} dias a contar do recebimento desta notificação "
                           f"({d.appeal_article}).")
        return {"title": f"NOTIFICAÇÃO DE {label.upper()} Nº {order}",
                "opening": f"Fica o(a) permissionário(a) {who}, NOTIFICADO(A) da aplicação da "
                           f"penalidade de {label.lower()} à permissão nº {order}"
                           + (f", pelo ato {line.act_number}" if line.act_number else "")
                           + ", nos termos abaixo.",
                "sections": (("Da penalidade", tuple(rows)),
                             ("Da permissão", tuple(doc.permit_rows(line)))),
                "clauses": tuple(clauses),
                "signatures": ((doc.AUTHORITY, f"Pelo Município de {municipio.name}"),
                               (holder.name, "Recebi esta notificação em ____/____/______"))}

    def bar_clauses(self, profile) -> list[str]:
        return []

    def add_arguments(self, p):
        p.add_argument("permit", metavar="PERMISSAO")
        p.add_argument("--ground", required=True, metavar="CÓDIGO", help="fundamento")
        p.add_argument("--reason", required=True, metavar="MOTIVO")
        p.add_argument("--act", required=True, metavar="ATO", help="nº da portaria/decreto")
        p.add_argument("--notice", action="append", default=[], metavar="NNNNN/AAAA",
                       help="auto de infração em que a sanção se apoia (repetível)")

    def cli_inputs(self, args):
        return {**super().cli_inputs(args), "ground": args.ground,
                "days": getattr(args, "days", None), "until": getattr(args, "until", None),
                "notice_ids": [decisions.notice_by_number(n).id for n in args.notice]}

    def done_lines(self, result, inputs):
        from ...domain.validators import format_date
        permit = result.get("permit", result)
        number = permit.get("order_text", permit.get("order_number"))
        until = (f" até {format_date(result['until'])}" if result.get("until") else "")
        return [f"{result['label']} aplicada à permissão nº {number}{until} "
                f"({result['article']}, {result['act_number']})."]

