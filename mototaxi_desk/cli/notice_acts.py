"""The acts of the auto de infração's dialog (gui/dialogs/notice_detail.py) and the impound
of a vehicle, from the command line — the same services, so the same refusals (with the
article) and the same audit:

    notice show NNNNN/AAAA                      the notice, its deadlines, defences, impounds
    notice notify NNNNN/AAAA --on DD/MM/AAAA --channel in_person|post|gazette
    notice defence|appeal NNNNN/AAAA --text ... [--filed-on] [--attachment ...]
                                                (SRM Arts. 35 §1º, 49; PF Art. 38; L1745 Art. 19)
    notice judge NNNNN/AAAA --accept|--reject --reason ...   (SRM Art. 35 §2º)
    notice revelia NNNNN/AAAA                   no defence by the deadline (SRM Art. 35 §3º)
    notice void NNNNN/AAAA --reason ...         notice reissue NNNNN/AAAA --reason ... [...]
    impound record NNNNN/AAAA --place ... --at "DD/MM/AAAA HH:MM" [--boletim]
    impound quote|release Nº --at "DD/MM/AAAA HH:MM" [--removal VALOR] ...
                                                (SRM Arts. 46-48; L1745 Art. 8 §§2º-3º)
    impound list CPF|PERMISSÃO

The fine itself is paid with `guia pay CPF --charge N`; the release receipt is printed with
`print release Nº`."""
from __future__ import annotations

from .common import EXIT_OK, actor, command_group, database, emit, json_flag, subcommands

STAGES = {"defence": "Defesa", "appeal": "Recurso"}
CHANNELS = ("in_person", "post", "gazette")
RELEASE_REASONS = ("payment", "fault_corrected", "maintenance")
NOTICE = ("notice", "NNNNN/AAAA", "nº do auto de infração (NNNNN/AAAA)")


def _notice_arg(p) -> None:
    p.add_argument(NOTICE[0], metavar=NOTICE[1], help=NOTICE[2])


def register(sub) -> None:
    notice = command_group(sub, "notice", "autos de infração: lavrar, notificar, defesa e "
                                          "recurso, julgar, anular", "notice_command")
    p = notice.add_parser("show", help="o auto: prazos, fase, multa, defesas e recursos, "
                                       "apreensões")
    _notice_arg(p)
    json_flag(p)
    p.set_defaults(handler=cmd_notice_act)

    p = notice.add_parser("notify", help="registra a notificação do auto (o prazo de defesa "
                                         "corre a partir dela)")
    _notice_arg(p)
    p.add_argument("--on", required=True, metavar="DD/MM/AAAA", help="data da notificação")
    p.add_argument("--channel", required=True, choices=CHANNELS,
                   help="in_person (pessoalmente), post (via postal com recibo), gazette "
                        "(Diário Oficial): só os meios que a lei admite "
                        "(defence.notification_means do perfil); e-mail não é notificação")
    json_flag(p)
    p.set_defaults(handler=cmd_notice_act)

    for stage, what in (("defence", "a defesa prévia (SRM Art. 35 §1º, PF Art. 38)"),
                        ("appeal", "o recurso (SRM Art. 49, L1745 Art. 19), depois da "
                                   "decisão sobre a defesa ou da revelia")):
        p = notice.add_parser(stage, help=f"protocola {what}, no prazo da lei; o julgamento "
                                          "é do supervisor ('notice judge')")
        _notice_arg(p)
        p.add_argument("--text", required=True, metavar="TEXTO",
                       help="texto da defesa" if stage == "defence" else "texto do recurso")
        p.add_argument("--filed-on", metavar="DD/MM/AAAA",
                       help="data do protocolo (padrão: hoje)")
        p.add_argument("--attachment", action="append", default=[], metavar="ANEXO",
                       help="documento anexado (repetível)")
        json_flag(p)
        p.set_defaults(handler=cmd_notice_act)

    p = notice.add_parser("judge", help="julga a defesa ou o recurso pendente; acolhido, o "
                                        "auto é anulado com a multa, as sanções e as medidas "
                                        "dele decorrentes (SRM Art. 35 §2º)")
    _notice_arg(p)
    verdict = p.add_mutually_exclusive_group(required=True)
    verdict.add_argument("--accept", action="store_true", help="acolhe (o auto é anulado)")
    verdict.add_argument("--reject", action="store_true", help="rejeita (o auto se mantém)")
    p.add_argument("--reason", required=True, metavar="TEXTO",
                   help="fundamentação da decisão")
    p.add_argument("--stage", choices=tuple(STAGES),
                   help="defence ou appeal (padrão: o único pendente)")
    json_flag(p)
    p.set_defaults(handler=cmd_notice_act)

    p = notice.add_parser("revelia", help="declara a revelia: sem defesa no prazo, as "
                                          "penalidades do auto se aplicam")
    _notice_arg(p)
    json_flag(p)
    p.set_defaults(handler=cmd_notice_act)

    p = notice.add_parser("void", help="anula o auto; a multa em aberto, as sanções e a "
                                       "apreensão decorrentes são desfeitas")
    _notice_arg(p)
    p.add_argument("--reason", required=True, metavar="MOTIVO", help="motivo da anulação")
    json_flag(p)
    p.set_defaults(handler=cmd_notice_act)

    p = notice.add_parser("reissue", help="corrige o auto: anula-o e emite outro com os "
                                          "campos alterados (só os informados)")
    _notice_arg(p)
    p.add_argument("--reason", required=True, metavar="MOTIVO", help="motivo da correção")
    for flag, key, text in REISSUE_OPTIONS:
        p.add_argument(flag, dest=f"re_{key}", metavar="VALOR", help=text)
    json_flag(p)
    p.set_defaults(handler=cmd_notice_act)

    impound = sub.add_parser("impound", help="apreensão de veículo: registrar, calcular a "
                                             "liberação, liberar (SRM Arts. 46-48)")
    impound.set_defaults(handler=cmd_impound)
    impound = subcommands(impound, "impound_command")
    p = impound.add_parser("record", help="apreende o veículo do auto (medida do catálogo): "
                                          "local de depósito, data e hora, boletim")
    _notice_arg(p)
    p.add_argument("--place", required=True, metavar="LOCAL", help="local de depósito")
    p.add_argument("--at", required=True, metavar="DD/MM/AAAA HH:MM",
                   help="data e hora do depósito")
    p.add_argument("--boletim", default="", metavar="Nº", help="boletim de ocorrência")
    json_flag(p)
    p = impound.add_parser("list", help="apreensões de um CPF ou de uma permissão")
    p.add_argument("key", metavar="CPF|PERMISSÃO")
    json_flag(p)
    for name, what in (("quote", "o que falta pagar para liberar: multas em aberto, remoção "
                                 "e diárias de estadia (SRM Art. 48), sem gravar nada"),
                       ("release", "libera o veículo: pelo pagamento (multas já pagas, "
                                   "remoção e estadia pagas agora, alvará exibido) ou pelos "
                                   "outros motivos que a lei prevê")):
        p = impound.add_parser(name, help=what)
        p.add_argument("impound", metavar="Nº|NNNNN/AAAA",
                       help="nº da apreensão ou o auto de infração dela")
        p.add_argument("--at", required=True, metavar="DD/MM/AAAA HH:MM",
                       help="data e hora da liberação")
        p.add_argument("--removal", metavar="VALOR", help="despesas de remoção em R$, ex.: "
                                                          "150,00")
        if name == "release":
            p.add_argument("--reason", default="payment", choices=RELEASE_REASONS,
                           help="payment (pagamento das multas e despesas), fault_corrected "
                                "(falha corrigida), maintenance (liberação para manutenção)")
            p.add_argument("--removal-receipt", default="", metavar="Nº",
                           help="recibo da remoção")
            p.add_argument("--storage-receipt", default="", metavar="Nº",
                           help="recibo da estadia")
            p.add_argument("--permit-shown", action="store_true",
                           help="o permissionário exibiu o alvará de permissão")
        json_flag(p)


# notice reissue: option -> the field of the notice it changes
REISSUE_OPTIONS = (("--infraction", "infraction_code", "código do catálogo"),
                   ("--at", "occurred_at", "data e hora da infração, DD/MM/AAAA HH:MM"),
                   ("--place", "place", "local"), ("--description", "description", "ocorrência"),
                   ("--agent", "agent_name", "nome do agente"),
                   ("--registration", "agent_registration", "matrícula do agente"),
                   ("--plate", "plate", "placa"),
                   ("--fine-units", "fine_units", "multa em unidades fiscais, onde a lei dá "
                                                  "uma faixa"))


# --- notice ------------------------------------------------------------------------------------

def _notice_lines(n: dict) -> list[str]:
    from ..domain.validators import format_date
    lines = [f"Auto de infração nº {n['number']} — {n['infractor_name']}: {n['article']}, "
             f"{n['fine_text']}, {n['points']} ponto(s). Fase: {n['stage_label']}."]
    if n.get("defence_deadline"):
        lines.append(f"  Prazo de defesa: {format_date(n['defence_deadline'])}")
    if n.get("appeal_deadline"):
        lines.append(f"  Prazo de recurso: {format_date(n['appeal_deadline'])}")
    for p in n.get("proceedings", []):
        what = STAGES.get(p["stage"], p["stage"])
        decided = ({"accepted": "acolhida", "rejected": "rejeitada"}.get(p["decision"])
                   if p["decision"] else "pendente")
        lines.append(f"  {what}" + (" (revelia)" if p["event"] == "revelia" else
                                    f" protocolada em {format_date(p['filed_on'])}: "
                                    f"{decided}"))
    return lines


def _proceeding_lines(row: dict, stage: str) -> list[str]:
    from ..domain.validators import format_date
    return [f"{STAGES[stage]} protocolada em {format_date(row['filed_on'])} (nº {row['id']}); "
            "aguarda o julgamento do supervisor ('notice judge')."]


def _pending(notice: dict, stage: str | None) -> dict:
    from ..domain.errors import DomainError
    pending = [p for p in notice["proceedings"] if p["event"] == "filed" and not p["decision"]
               and (stage is None or p["stage"] == stage)]
    if not pending:
        raise DomainError(f"O auto nº {notice['number']} não tem "
                          + (f"{STAGES[stage].lower()} " if stage else "defesa nem recurso ")
                          + "pendente de julgamento.")
    if len(pending) > 1:
        raise DomainError("Há defesa e recurso pendentes: informe --stage defence ou appeal.")
    return pending[0]


def cmd_notice_act(args) -> int:
    from ..domain.validators import format_date
    from ..services.licensing import decisions
    from ..services.ledger import impounds
    from ..services import ledger
    command = args.notice_command
    with database(args, read_only=command == "show"):
        notice_id = decisions.notice_by_number(args.notice).id
        if command == "show":
            data = ledger.notice(notice_id)
            data["impounds"] = [i for i in impounds.for_person(data["holder_id"])
                                if i["notice_id"] == notice_id]
            emit(args, data, _notice_lines(data))
            return EXIT_OK
        acting = actor(args)
        if command == "notify":
            data = ledger.record_notification(acting, notice_id, notified_on=args.on,
                                              channel=args.channel)
            lines = [f"Auto nº {data['number']} notificado em "
                     f"{format_date(data['notified_on'])}."]
            if data.get("defence_deadline"):
                lines.append(f"Defesa até {format_date(data['defence_deadline'])}.")
        elif command in STAGES:
            data = ledger.file_defence(acting, notice_id, stage_=command,
                                       filed_on=args.filed_on, text=args.text,
                                       attachments=args.attachment)
            lines = _proceeding_lines(data, command)
        elif command == "judge":
            pending = _pending(ledger.notice(notice_id), args.stage)
            data = ledger.judge(acting, pending["id"], accepted=args.accept,
                                reason=args.reason)
            what = STAGES[data["stage"]]
            lines = [f"{what} acolhida: o auto foi anulado, com a multa, as sanções e as "
                     "medidas dele decorrentes." if args.accept else
                     f"{what} rejeitada: as penalidades se mantêm."]
        elif command == "revelia":
            data = ledger.record_revelia(acting, notice_id)
            lines = ["Revelia declarada: as penalidades do auto se aplicam."]
        elif command == "void":
            data = ledger.void_notice(acting, notice_id, reason=args.reason)
            refunds = data.get("refunds_due") or []
            lines = [f"Auto nº {data['number']} anulado."]
            lines += [f"Restituição devida: {r['amount_text']}." for r in refunds]
        else:
            changes = {key: getattr(args, f"re_{key}") for _f, key, _t in REISSUE_OPTIONS
                       if getattr(args, f"re_{key}") is not None}
            data = ledger.reissue_notice(acting, notice_id, changes, reason=args.reason)
            lines = [f"Auto nº {data['voided']} anulado e corrigido: emitido o auto nº "
                     f"{data['number']} em substituição."]
    emit(args, data, lines)
    return EXIT_OK


# --- impound ----------------------------------------------------------------------------------

def _impound_id(text) -> int:
    """An impound by its number, or the impound of a notice (NNNNN/AAAA): the held one, else
    the last."""
    from ..domain import validators
    from ..domain.errors import ValidationError
    from ..services.licensing import decisions
    from ..services.ledger import impounds
    raw = str(text or "").strip()
    if "/" not in raw:
        return impounds.get_impound(validators.positive_int(
            raw, "Nº da apreensão", maximum=2**31 - 1)).id
    notice = decisions.notice_by_number(raw)
    rows = [i for i in impounds.for_person(notice.holder_id) if i["notice_id"] == notice.id]
    if not rows:
        raise ValidationError("Apreensão", f"o auto nº {raw} não tem apreensão.")
    held = [i for i in rows if i["status"] == "held"]
    return (held or rows)[-1]["id"]


def _impound_line(row: dict) -> str:
    state = ("apreendido" if row["status"] == "held" else
             f"liberado em {row['released_at']:%d/%m/%Y %H:%M}")
    return (f"Apreensão nº {row['id']}: veículo {row['plate']} em {row['place']} desde "
            f"{row['deposited_at']:%d/%m/%Y %H:%M} ({row['article']}), {state}")


def _quote_lines(q: dict) -> list[str]:
    from ..domain.money import format_money
    fines = "; ".join(f"{f['label']}: {f['amount_text']}" for f in q["fines"])
    return [f"Para liberar o veículo {q['plate']} ({q['article']}):",
            f"  Estadia: {q['storage_text'] or 'sem taxa'} = {format_money(q['storage_cents'])}",
            f"  Remoção: {format_money(q['removal_cents'])}",
            f"  Multas em aberto: {fines or 'nenhuma'}",
            f"  Total: {format_money(q['total_cents'])}"]


def cmd_impound(args) -> int:
    from ..services.licensing import decisions
    from ..services.ledger import impounds
    from ..services.register import persons
    command = args.impound_command
    with database(args, read_only=command in ("list", "quote")):
        if command == "record":
            notice = decisions.notice_by_number(args.notice)
            data = impounds.impound_vehicle(actor(args), notice_id=notice.id, place=args.place,
                                            deposited_at=args.at, boletim=args.boletim)
            lines = [f"Veículo {data['plate']} apreendido ({data['article']}): apreensão "
                     f"nº {data['id']}.", _impound_line(data)]
        elif command == "list":
            key = str(args.key).strip()
            if len("".join(c for c in key if c.isdigit())) == 11:
                data = impounds.for_person(persons.person_by_cpf(key).id)
            else:
                from ..domain import validators
                from ..services.licensing import permits
                permit = permits.by_order_number(validators.positive_int(
                    key, "Nº da permissão", maximum=2**31 - 1))
                data = [i for i in impounds.for_person(permit.holder_id)
                        if i["permit_id"] == permit.id]
            lines = [_impound_line(i) for i in data] or ["Nenhuma apreensão."]
        elif command == "quote":
            data = impounds.release_quote(_impound_id(args.impound), released_at=args.at,
                                          removal=args.removal)
            lines = _quote_lines(data)
        else:
            data = impounds.release_vehicle(
                actor(args), _impound_id(args.impound), released_at=args.at,
                reason=args.reason, removal=args.removal,
                removal_receipt=args.removal_receipt, storage_receipt=args.storage_receipt,
                permit_shown=args.permit_shown)
            receipt = data["receipt"]
            lines = [f"Veículo {data['plate']} liberado ({receipt.get('reason', '')}); total "
                     f"{receipt.get('total_text', 'R$ 0,00')}."]
            lines += [f"  {x['label']}: {x['amount_text']}"
                      + (f" (recibo {x['receipt']})" if x.get("receipt") else "")
                      for x in receipt.get("lines", [])]
            lines.append(f"Imprima o recibo com: print release {data['id']} -o recibo.pdf")
    emit(args, data, lines)
    return EXIT_OK
