"""The counter's registers from the command line (issue 15 item 5): people and their CNH,
pontos, the waiting list — the same services as the window, so the same refusals (with the
article) and the same audit.

    person add CPF --name NOME [...]        person edit CPF [--name ...]   person cnh CPF ...
    stand list | create | edit NÚMERO | close NÚMERO --reason ... | reopen NÚMERO
    stand assign NÚMERO PERMISSÃO | move PERMISSÃO NÚMERO | release PERMISSÃO [--reason]
    waiting list | enrol CPF [...] | edit CPF|INSCRIÇÃO [...] | remove CPF|INSCRIÇÃO --reason
            | call [--reason]
"""
from __future__ import annotations

import argparse

from .common import EXIT_OK, actor, command_group, database, emit, json_flag, subcommands
from ..domain import wallclock

# person edit: option -> service key (an option given empty clears an optional field)
PERSON_OPTIONS = (("--name", "name", "nome completo"), ("--rg", "rg", "RG"),
                  ("--rg-issuer", "rg_issuer", "órgão emissor do RG"),
                  ("--birth", "birth_date", "data de nascimento dd/mm/aaaa"),
                  ("--blood", "blood", "tipo sanguíneo, ex.: O+"),
                  ("--nationality", "nationality", "nacionalidade"),
                  ("--profession", "profession", "profissão"),
                  ("--street", "street", "logradouro"), ("--number", "number", "número"),
                  ("--complement", "complement", "complemento"),
                  ("--district", "district", "bairro"), ("--city", "city", "cidade"),
                  ("--uf", "uf", "UF"), ("--cep", "cep", "CEP"),
                  ("--address-proof-date", "address_proof_date",
                   "data do comprovante de endereço"),
                  ("--phone", "phone", "telefone com DDD"), ("--email", "email", "e-mail"))
STAND_OPTIONS = (("--name", "name", "nome do ponto"), ("--location", "location", "localização"),
                 ("--lat", "latitude", "latitude em graus decimais; negativa com '=', "
                                       "ex.: --lat=-7,0219"),
                 ("--lon", "longitude", "longitude em graus decimais, ex.: --lon=-45,4811"),
                 ("--extension", "extension_point", "ponto de extensão"),
                 ("--min", "min_vehicles", "mínimo de motocicletas"),
                 ("--max", "max_vehicles", "máximo de motocicletas"),
                 ("--act", "max_raised_by_act", "nº do ato que fixa o máximo"),
                 ("--act-date", "max_act_date", "data desse ato, dd/mm/aaaa"))
RANKING_OPTIONS = (("--seniority", "seniority_years", "anos de atividade no serviço"),
                   ("--dependents", "dependents", "dependentes"),
                   ("--vehicle-condition", "vehicle_condition",
                    "estado de conservação do veículo, 0 a 10"))


def _options(parser: argparse.ArgumentParser, options) -> None:
    for flag, key, text in options:
        parser.add_argument(flag, dest=f"opt_{key}", metavar="VALOR", help=text)


def _given(args, options) -> dict:
    return {key: getattr(args, f"opt_{key}") for _flag, key, _text in options
            if getattr(args, f"opt_{key}") is not None}


def register(sub) -> None:
    person = command_group(sub, "person", "dados de uma pessoa (LGPD), cadastro e CNH",
                           "person_command")
    p = person.add_parser("add", help="cadastra uma pessoa")
    p.add_argument("cpf", metavar="CPF")
    _options(p, PERSON_OPTIONS)
    json_flag(p)
    p.set_defaults(handler=cmd_person_add)
    p = person.add_parser("edit", help="altera o cadastro (só os campos informados; vazio "
                                       "apaga um campo facultativo)")
    p.add_argument("cpf", metavar="CPF")
    _options(p, PERSON_OPTIONS)
    p.add_argument("--email-consent", metavar="sim|não",
                   help="consentimento para receber e-mail (LGPD), registrado com a data")
    p.add_argument("--consent-date", metavar="DATA",
                   help="data do consentimento dd/mm/aaaa (padrão: hoje)")
    json_flag(p)
    p.set_defaults(handler=cmd_person_edit)
    p = person.add_parser("cnh", help="registra ou substitui a CNH da pessoa")
    p.add_argument("cpf", metavar="CPF")
    p.add_argument("--number", required=True, help="nº do registro (11 dígitos)")
    p.add_argument("--category", required=True, help="categoria, ex.: A ou AB")
    p.add_argument("--first-licence", required=True, help="data da 1ª habilitação dd/mm/aaaa")
    p.add_argument("--expiry", required=True, help="validade dd/mm/aaaa")
    p.add_argument("--ear", action="store_true", help="tem a observação EAR")
    json_flag(p)
    p.set_defaults(handler=cmd_person_cnh)

    stand = sub.add_parser("stand", help="pontos de mototáxi: listar, criar, alterar, "
                                         "desativar; vincular, mudar e liberar vagas")
    stand = subcommands(stand, "stand_command")
    p = stand.add_parser("list", help="os pontos com vagas ocupadas, mínimo e máximo")
    json_flag(p)
    p.set_defaults(handler=cmd_stand_list)
    p = stand.add_parser("create", help="cria um ponto")
    p.add_argument("--number", required=True, help="nº do ponto")
    _options(p, STAND_OPTIONS)
    p.add_argument("--responsible", metavar="CPF", help="permissionário responsável (paga as "
                                                        "taxas de abertura, se a lei cobrar)")
    json_flag(p)
    p.set_defaults(handler=cmd_stand_create)
    p = stand.add_parser("edit", help="altera um ponto (só os campos informados)")
    p.add_argument("number", metavar="NÚMERO")
    _options(p, STAND_OPTIONS)
    json_flag(p)
    p.set_defaults(handler=cmd_stand_edit)
    p = stand.add_parser("close", help="desativa um ponto sem permissões")
    p.add_argument("number", metavar="NÚMERO")
    p.add_argument("--reason", required=True, help="motivo")
    p.add_argument("--act", default="", help="nº do ato")
    p.add_argument("--date", help="data, dd/mm/aaaa (padrão: hoje)")
    json_flag(p)
    p.set_defaults(handler=cmd_stand_close)
    p = stand.add_parser("reopen", help="reativa um ponto desativado")
    p.add_argument("number", metavar="NÚMERO")
    json_flag(p)
    p.set_defaults(handler=cmd_stand_reopen)

    p = stand.add_parser("assign", help="vincula a um ponto uma permissão sem vaga (a menor "
                                        "vaga livre, ou --position); nunca além do máximo")
    p.add_argument("number", metavar="NÚMERO", help="nº do ponto")
    p.add_argument("permit", metavar="PERMISSÃO")
    p.add_argument("--position", help="vaga no ponto (padrão: a menor livre)")
    p.add_argument("--date", help="data, dd/mm/aaaa (padrão: hoje)")
    json_flag(p)
    p.set_defaults(handler=cmd_stand_place)
    p = stand.add_parser("move", help="muda a permissão de ponto a pedido do permissionário "
                                      "(prazo mínimo no ponto atual, vaga, débitos e taxa "
                                      "da lei)")
    p.add_argument("permit", metavar="PERMISSÃO")
    p.add_argument("number", metavar="NÚMERO", help="nº do novo ponto")
    p.add_argument("--date", help="data, dd/mm/aaaa (padrão: hoje)")
    json_flag(p)
    p.set_defaults(handler=cmd_stand_place)
    p = stand.add_parser("release", help="libera a vaga da permissão no ponto (ela fica sem "
                                         "ponto até ser vinculada a outro)")
    p.add_argument("permit", metavar="PERMISSÃO")
    p.add_argument("--reason", default="", help="motivo")
    p.add_argument("--date", help="data, dd/mm/aaaa (padrão: hoje)")
    json_flag(p)
    p.set_defaults(handler=cmd_stand_place)

    waiting = sub.add_parser("waiting", help="lista de espera: inscrever, alterar, retirar, "
                                             "convocar")
    waiting = subcommands(waiting, "waiting_command")
    p = waiting.add_parser("list", help="quem aguarda, na ordem de chamada, e os convocados")
    json_flag(p)
    p.set_defaults(handler=cmd_waiting_list)
    p = waiting.add_parser("enrol", help="inscreve uma pessoa, com os critérios de "
                                         "classificação que o perfil pede")
    p.add_argument("cpf", metavar="CPF")
    _options(p, RANKING_OPTIONS)
    p.add_argument("--notes", default="", help="observações")
    json_flag(p)
    p.set_defaults(handler=cmd_waiting_enrol)
    p = waiting.add_parser("edit", help="corrige os critérios ou as observações de uma "
                                        "inscrição")
    p.add_argument("key", metavar="CPF|INSCRIÇÃO")
    _options(p, RANKING_OPTIONS)
    p.add_argument("--notes", help="observações")
    json_flag(p)
    p.set_defaults(handler=cmd_waiting_edit)
    p = waiting.add_parser("remove", help="retira da lista, com o motivo (de um convocado: "
                                          "a lei que convoca automaticamente chama o próximo)")
    p.add_argument("key", metavar="CPF|INSCRIÇÃO")
    p.add_argument("--reason", required=True, help="motivo da saída")
    json_flag(p)
    p.set_defaults(handler=cmd_waiting_remove)
    p = waiting.add_parser("call", help="convoca o primeiro da lista (prazo para comparecer)")
    p.add_argument("--reason", default="", help="motivo, ex.: permissão nº 12 revertida")
    json_flag(p)
    p.set_defaults(handler=cmd_waiting_call)


# --- people ------------------------------------------------------------------------------

def _person_lines(person: dict) -> list[str]:
    from ..domain.validators import format_date
    lines = [f"{person['name']} — CPF {person['cpf_text']} (cadastro nº {person['id']})"]
    birth = format_date(person.get("birth_date"))
    details = [f"nascimento {birth}" if birth else "", f"RG {person['rg']}" if person["rg"]
               else "", f"sangue {person['blood']}" if person["blood"] else "",
               f"telefone {person['phone']}" if person["phone"] else ""]
    if any(details):
        lines.append(", ".join(d for d in details if d))
    return lines


def cmd_person_add(args) -> int:
    from ..services.register import persons
    with database(args):
        person = persons.register_person(actor(args), {"cpf": args.cpf,
                                                       **_given(args, PERSON_OPTIONS)})
    emit(args, person, ["Pessoa cadastrada:", *_person_lines(person)])
    return EXIT_OK


def cmd_person_edit(args) -> int:
    from ..domain.errors import DomainError
    from ..services.messaging import mail
    from ..services.register import persons
    changes = _given(args, PERSON_OPTIONS)
    if args.consent_date is not None and args.email_consent is None:
        raise DomainError("--consent-date: informe também --email-consent sim|não.")
    if not changes and args.email_consent is None:
        raise DomainError("Informe ao menos um campo a alterar (ex.: --phone, --birth).")
    with database(args):
        person = persons.person_by_cpf(args.cpf)
        updated = mail.update_person(actor(args), person.id, changes,
                                     consent=args.email_consent, consent_on=args.consent_date)
    emit(args, updated, ["Cadastro alterado:", *_person_lines(updated),
                         f"Consentimento de e-mail: {updated['email_consent']}"])
    return EXIT_OK


def cmd_person_cnh(args) -> int:
    from ..domain import holder_rules
    from ..domain.validators import format_date
    from ..services.register import persons
    from ..services import setup
    with database(args):
        person = persons.person_by_cpf(args.cpf)
        cnh = persons.set_cnh(actor(args), person.id, {
            "number": args.number, "category": args.category,
            "first_licence_date": args.first_licence, "expiry_date": args.expiry,
            "ear": args.ear})
        profile = setup.profile_today()
        problems = holder_rules.requirement_problems(
            profile, birth_date=person.birth_date, cnh_category=cnh["category"],
            cnh_first_licence=cnh["first_licence_date"], cnh_expiry=cnh["expiry_date"],
            cnh_ear=cnh["ear"], on=wallclock.today())
    lines = [f"CNH nº {cnh['number']} de {person.name}: categoria {cnh['category']}, "
             f"1ª habilitação {format_date(cnh['first_licence_date'])}, validade "
             f"{format_date(cnh['expiry_date'])}" + (", EAR" if cnh["ear"] else "")]
    lines += [f"Atenção: {p} ({profile.holder.article})." for p in problems]
    emit(args, {**cnh, "problems": problems}, lines)
    return EXIT_OK


# --- pontos --------------------------------------------------------------------------------

def _stand_line(s: dict) -> str:
    from ..domain.validators import format_date
    state = ("DESATIVADO" if not s["active"] else "abaixo do mínimo" if s["below_minimum"]
             else "completo" if s["full"] else "com vagas")
    act = (f", máximo por {s['max_raised_by_act']}"
           + (f" de {format_date(s['max_act_date'])}" if s.get("max_act_date") else "")
           if s.get("max_raised_by_act") else "")
    return (f"{s['label']}  {s['name']} — {s['location']}: {s['count']}/{s['max_vehicles']} "
            f"(mínimo {s['min_vehicles']}{act}), {state}")


def cmd_stand_list(args) -> int:
    from ..services.register import stands
    with database(args, read_only=True):
        rows = stands.list_stands()
    emit(args, rows, [_stand_line(s) for s in rows] or ["Nenhum ponto cadastrado."])
    return EXIT_OK


def cmd_stand_create(args) -> int:
    from ..services.register import persons, stands
    with database(args):
        data = {"number": args.number, **_given(args, STAND_OPTIONS)}
        if args.responsible:
            data["responsible_id"] = persons.person_by_cpf(args.responsible).id
        stand = stands.create_stand(actor(args), data)
    lines = [f"{stand['label']} criado.", _stand_line(stand)]
    lines += [f"Taxa lançada: {f['label']} — {f['amount_text']} ({f['article']})"
              for f in stand["fees"]]
    emit(args, stand, lines)
    return EXIT_OK


def cmd_stand_edit(args) -> int:
    from ..domain.errors import DomainError
    from ..services.register import stands
    changes = _given(args, STAND_OPTIONS)
    if not changes:
        raise DomainError("Informe ao menos um campo a alterar (ex.: --name, --max).")
    with database(args):
        stand = stands.edit_stand(actor(args), stands.get_by_number(args.number).id, changes)
    lines = [f"{stand['label']} alterado.", _stand_line(stand)]
    lines += [f"Taxa lançada: {f['label']} — {f['amount_text']} ({f['article']})"
              for f in stand["fees"]]
    emit(args, stand, lines)
    return EXIT_OK


def cmd_stand_close(args) -> int:
    from ..domain import validators
    from ..services.register import stands
    with database(args):
        on = validators.parse_date(args.date, "Data") if args.date else None
        stand = stands.close_stand(actor(args), stands.get_by_number(args.number).id,
                                   reason=args.reason, act_number=args.act, on=on)
    emit(args, stand, [f"{stand['label']} desativado: {stand['close_reason']}."])
    return EXIT_OK


def cmd_stand_reopen(args) -> int:
    from ..services.register import stands
    with database(args):
        stand = stands.reopen_stand(actor(args), stands.get_by_number(args.number).id)
    emit(args, stand, [f"{stand['label']} reativado."])
    return EXIT_OK


def cmd_stand_place(args) -> int:
    """A permit's place: the same services as the window's stand_place forms."""
    from ..domain import validators
    from ..services.licensing import permits
    from ..services.register import stands
    command = args.stand_command
    with database(args):
        on = validators.parse_date(args.date, "Data") if args.date else None
        permit = permits.by_order_number(validators.positive_int(
            str(args.permit).strip(), "Nº da permissão", maximum=2**31 - 1))
        if command == "assign":
            result = stands.assign_permit(actor(args), permit.id,
                                          stands.get_by_number(args.number).id, on=on,
                                          position=args.position)
            lines = [f"Permissão nº {args.permit} no {result['stand_label']}, vaga "
                     f"{result['position']}."]
        elif command == "move":
            result = stands.change_stand(actor(args), permit.id,
                                         stands.get_by_number(args.number).id, on=on)
            fee = result.get("fee")
            lines = [f"Permissão nº {args.permit} mudou do "
                     f"{stands.label(result['old_stand_number'])} para o "
                     f"{result['stand_label']}, vaga {result['position']}."]
            lines += [f"Taxa lançada: {fee['label']} — {fee['amount_text']} ({fee['article']})"
                      ] if fee else ["A lei do município não cobra taxa pela mudança."]
        else:
            result = stands.release_place(actor(args), permit.id, on=on, reason=args.reason)
            lines = ([f"Vaga {result['position']} do {stands.label(result['stand_number'])} "
                      "liberada."] if result["released"] else
                     [f"A permissão nº {args.permit} não ocupava vaga em ponto."])
    emit(args, result, lines)
    return EXIT_OK


# --- waiting list --------------------------------------------------------------------------

def _entry_id(key: str) -> int:
    """An entry by its number, or the open entry of a CPF."""
    from ..domain.errors import ValidationError
    from ..services.register import persons
    from ..services.licensing import waiting_list
    digits = "".join(c for c in key if c.isdigit())
    if len(digits) == 11:
        person = persons.person_by_cpf(key)
        entry = waiting_list.open_entry_of(person.id)
        if entry is None:
            raise ValidationError("CPF", f"{person.name} não está na lista de espera.")
        return entry["id"]
    return waiting_list.get_entry(key)["id"]


def _entry_line(e: dict) -> str:
    from ..domain.validators import format_date
    from ..services.licensing import waiting_list
    state = waiting_list.STATUS_WORDS.get(e["status"], e["status"])
    deadline = (f", comparecer até {format_date(e['call_deadline'])}"
                if e.get("call_deadline") and e["status"] == "called" else "")
    return (f"Inscrição nº {e['id']}: {e['person_name']} (CPF {e['cpf_text']}), {state}"
            f"{deadline}")


def cmd_waiting_list(args) -> int:
    from ..services.views import counter
    from ..services.licensing import waiting_list
    with database(args, read_only=True):
        ordered = waiting_list.ordered()
        called = counter.waiting_calls()
        columns = waiting_list.ranking_columns()

    def ranking(e: dict) -> str:  # L1745 Art. 12 §2º: the criteria of the order
        values = [f"{c['label'].lower()} "
                  + (waiting_list.format_weight(e.get(c["field"]))
                     if c["field"] == "weighted_infractions" else
                     "—" if e.get(c["field"]) is None else str(e.get(c["field"])))
                  for c in columns]
        return f" [{'; '.join(values)}]" if values else ""
    lines = [f"{e['position']:>3}º {_entry_line(e)}{ranking(e)}" for e in ordered]
    lines += [f"  convocado: {_entry_line(e)}" for e in called]
    emit(args, {"waiting": ordered, "called": called},
         lines or ["Ninguém na lista de espera."])
    return EXIT_OK


def cmd_waiting_enrol(args) -> int:
    from ..services.register import persons
    from ..services.licensing import waiting_list
    with database(args):
        person = persons.person_by_cpf(args.cpf)
        entry = waiting_list.enrol(actor(args), person.id, notes=args.notes,
                                   **_given(args, RANKING_OPTIONS))
        position = next((e["position"] for e in waiting_list.ordered()
                         if e["id"] == entry["id"]), None)
    entry["position"] = position
    emit(args, entry, [f"{_entry_line(entry)} — {position}º na ordem de chamada."])
    return EXIT_OK


def cmd_waiting_edit(args) -> int:
    from ..domain.errors import DomainError
    from ..services.licensing import waiting_list
    changes = _given(args, RANKING_OPTIONS)
    if args.notes is not None:
        changes["notes"] = args.notes
    if not changes:
        raise DomainError("Informe ao menos um campo a alterar (ex.: --seniority, --notes).")
    with database(args):
        entry = waiting_list.update_entry(actor(args), _entry_id(args.key), changes)
    emit(args, entry, [f"{_entry_line(entry)} — alterada."])
    return EXIT_OK


def cmd_waiting_remove(args) -> int:
    from ..services.licensing import waiting_list
    with database(args):
        entry = waiting_list.leave(actor(args), _entry_id(args.key), reason=args.reason)
    # a call that ends names who was called in its stead (PF Art. 12 §ú), or why nobody
    lines = [f"{_entry_line(entry)}: {args.reason.strip()}."]
    if entry.get("next_call_text"):
        lines.append(entry["next_call_text"])
    emit(args, entry, lines)
    return EXIT_OK


def cmd_waiting_call(args) -> int:
    from ..services.licensing import waiting_list
    with database(args):
        called = waiting_list.call_next(actor(args), reason=args.reason)
    emit(args, called, [_entry_line(called) if called else "Ninguém aguardando na lista."])
    return EXIT_OK
