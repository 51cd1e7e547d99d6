"""The history of the profile format: the keys of the first format and, for every later
format, the step that upgrades a profile written for the format before it (docs/profiles.md,
"Formats").

A profile declares the format it was written for (`format = N` at the top; none means 1) and
the loader applies every later step (domain/profile_upgrades.py). A step says what its format
changed: a key added (with the value that keeps the earlier behaviour, or one derived from the
law's other keys; `None` for an optional key, whose default in domain/profiles.py is that
value), a key moved or renamed (its value carried), a key removed (dropped with a note).
Applying a step only changes what is missing or still there: the profiles of the first
releases declare no format, and a text written before a step that already has its keys is left
as it is.

A new key gets a new format with its step here; a test holds the keys of format 1 with every
step applied equal to the keys the loader reads, and names any key without one.

Paths: 'section.key', 'section.array[].key' (every table of an array of tables),
'fees.*.key' (every table of a table of tables).
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

FORMAT_KEY = "format"

# The keys of format 1 (the first release, 30/11/2026), section by section.
FORMAT_1 = """
profile: id short_name name law municipio uf fiscal_unit
defaults: fiscal_unit_value initial_tariff
cap: inhabitants_per_permit article
holder: min_age cnh_category cnh_min_years ear_required article
permit: max_per_person fleet_owner_exception max_per_person_article validity_months
        validity_article order_number_digits cassation_bar_years cassation_bar_forever
        cassation_bar_article
renewal: deadline grace_days late_fine_units article
transfer: allowed min_years_held transferor_barred fee_key article
interruption: allowed max_days per_year extensions unauthorised_revert_days article
vehicle: max_age_years age_article max_age_at_grant_only cc_min cc_max cc_article
         replacement_newer_only replacement_declare_days_before replacement_grace_days
         replacement_needs_authorisation replacement_article insurance_min_cover_per_person
         insurance_article
inspection: annual semiannual on_demand requires_permit_up_to_date requires_no_debts
            missed_summons_cassation article
inspection.items[]: code text article kind
stand: min_vehicles max_vehicles max_may_be_raised min_distance_m change_min_months
       change_needs_vacancy change_fee_key article
auxiliary: allowed max_per_vehicle recredential_months article
debts: block_requests blocks_renewal article
waiting_list: mode enrol_days ranking article
penalties: counts_points warning_for_classes warning_article recidivism_double
           same_infraction_double_months simultaneous_each_count article
penalties.classes[]: code label fine_units fine_units_max fine_tariff_multiple points article
penalties.points_windows[]: points months article
penalties.count_thresholds[]: count sanction suspension_months article
defence: defence_days business_days appeal_days accepted_defence_voids defence_article
         appeal_article
impound: storage_fee_units_per_day release_requires article
fees.*: label units article
infractions[]: code article text class measure
applications[]: type label allowed fee_key article
applications[].checklist[]: code text mandatory article
"""


def format_1_keys() -> frozenset[str]:
    keys, section = set(), None
    for line in FORMAT_1.strip().splitlines():
        head, sep, names = line.partition(":")
        if sep and not line[0].isspace():
            section = head
        else:
            names = line
        keys.update(f"{section}.{name}" for name in names.split())
    return frozenset(keys)


# A value for an added key: (the whole profile, the table the key goes in) -> value.
Derive = Callable[[dict, dict], object]


@dataclass(frozen=True)
class Added:
    path: str
    value: Derive | None   # None: optional, the loader's default keeps the earlier behaviour
    why: str = ""          # Portuguese: what the value means and which behaviour it keeps


@dataclass(frozen=True)
class Moved:
    old: str               # one place ('penalties.recidivism_double')
    new: str               # may be under an array: the value goes to every table
    why: str


@dataclass(frozen=True)
class Removed:
    path: str
    why: str


@dataclass(frozen=True)
class Step:
    to: int                # the format this step upgrades to
    commit: str            # where the format changed (git history of the repository)
    title: str             # Portuguese, for docs/profiles.md and `profiles check`
    changes: tuple[Added | Moved | Removed, ...]


def _fixed(value) -> Derive:
    return lambda root, table: value


def _copy(section: str, key: str) -> Derive:
    """The value of another key of the law (a section's article the program cited)."""
    return lambda root, table: plain((root.get(section) or {}).get(key, ""))


def plain(value):
    """A TOML value as plain Python (tomlkit's items unwrap; tomllib's are plain)."""
    unwrap = getattr(value, "unwrap", None)
    return unwrap() if callable(unwrap) else value


def _class_codes(root, table) -> list[str]:
    classes = (root.get("penalties") or {}).get("classes") or []
    return [plain(c.get("code")) for c in classes if isinstance(c, dict) and "code" in c]


def _summons_article(root, table) -> str:
    return plain(table.get("article", "")) if plain(table.get("missed_summons_cassation")) \
        else ""


STEPS: tuple[Step, ...] = (
    Step(2, "2a24620", "a dobra da multa na reincidência passa a ser de cada classe", (
        Moved("penalties.recidivism_double", "penalties.classes[].recidivism_double",
              "o valor que valia para o perfil todo passa a cada classe; confira quais "
              "classes a lei dobra (a L1745 Art. 8 §3º dobra só a multa sem alvará)"),
    )),
    Step(3, "79e0d87", "substituição do veículo por outro de igual capacidade", (
        Added("vehicle.replacement_same_capacity", _fixed(False),
              "a cilindrada do veículo substituto não é comparada, como antes desta chave"),
    )),
    Step(4, "496ff0a", "artigos próprios da distância entre pontos, do máximo de auxiliares "
                       "e das condições da vistoria", (
        Added("auxiliary.max_article", _copy("auxiliary", "article"),
              "o artigo de auxiliary.article, que o programa citava antes desta chave"),
        Added("inspection.requires_article", _copy("inspection", "article"),
              "o artigo de inspection.article, que o programa citava antes desta chave"),
        Added("stand.min_distance_article", _copy("stand", "article"),
              "o artigo de stand.article, que o programa citava antes desta chave"),
    )),
    Step(5, "6e9dc85", "processo de infrações: contagem de meses, prazos em dia útil, "
                       "motivos de liberação do veículo (versão 0.1.0)", (
        Added("penalties.month_rule", _fixed("calendar"),
              "meses contados pelo calendário (Código Civil Art. 132 §3º), como nos três "
              "perfis do programa desde que há processo de infrações"),
        Added("penalties.month_rule_article", _fixed("Código Civil, Art. 132 §3º; Lei "
                                                     "810/1949"),
              "a lei geral que conta os meses pelo calendário"),
        Added("penalties.count_window_months", _fixed(0),
              "os limites por número de infrações contam todas as infrações da permissão, "
              "sem janela de tempo, como o perfil sem esta chave dizia"),
        Added("penalties.recidivism_months", _fixed(0),
              "a reincidência que dobra a multa não tem prazo, como o perfil sem esta chave "
              "dizia"),
        Added("defence.extend_to_business_day", _fixed(True),
              "o prazo que termina em dia não útil passa ao próximo dia útil (Lei 9.784/1999 "
              "Art. 66 §1º), como nos três perfis do programa desde que há prazos de defesa"),
        Added("defence.extend_article", _fixed("Lei 9.784/1999, Art. 66 §1º"),
              "a lei geral do processo administrativo"),
        Added("impound.release_reasons", _fixed(["payment"]),
              "o veículo removido é liberado pelo pagamento, o motivo que toda lei do "
              "programa admite; se a sua admite também sanar a falta ou a manutenção, "
              "acrescente 'fault_corrected' e 'maintenance'"),
    )),
    Step(6, "b3daeaa", "sanções decididas caso a caso ([[decisions]], opcional)", (
        Added("decisions[].sanction", None), Added("decisions[].label", None),
        Added("decisions[].article", None), Added("decisions[].authority", None),
        Added("decisions[].max_days", None), Added("decisions[].grounds[].code", None),
        Added("decisions[].grounds[].text", None), Added("decisions[].grounds[].article", None),
        Added("decisions[].grounds[].warns", None),
    )),
    Step(7, "f3762b6", "base legal impressa nos documentos ([documents], opcional)", (
        Added("documents.card_article", None), Added("documents.aux_card_article", None),
        Added("documents.sticker_article", None),
    )),
    Step(8, "ae10f87", "o que a lei outorga e o escopo do serviço ([instrument], [service]), "
                       "número fixo de permissões, permissão sem prazo, validade de "
                       "documentos (todas opcionais)", (
        Added("instrument.kind", None), Added("instrument.title", None),
        Added("instrument.holder_title", None), Added("instrument.article", None),
        Added("service.passengers", None), Added("service.cargo", None),
        Added("service.vehicle_kinds", None), Added("service.article", None),
        Added("cap.fixed_permits", None), Added("permit.no_term", None),
        Added("applications[].checklist[].valid_months", None),
    )),
    Step(9, "d62e41f", "gravidade das classes de penalidade na lista de espera", (
        Added("waiting_list.infraction_gravity", _class_codes,
              "as classes na ordem em que [[penalties.classes]] as lista; confira se vão da "
              "menos à mais grave (pesam assim na classificação 'fewer_infractions_weighted', "
              "L1745 Art. 12 §2º I)"),
    )),
    Step(10, "9610f33", "cassação do credenciamento do próprio condutor auxiliar", (
        Added("auxiliary.cassation_article", _fixed(""),
              "a cassação do credenciamento do auxiliar não é oferecida, como antes desta "
              "chave; se a lei a prevê, informe o artigo e o impedimento"),
        Added("auxiliary.cassation_bar_years", _fixed(0),
              "sem cassação do auxiliar, não há impedimento"),
        Added("auxiliary.cassation_bar_forever", _fixed(False),
              "sem cassação do auxiliar, não há impedimento"),
    )),
    Step(11, "f009ba3", "de quem pode ser o veículo, com artigo próprio", (
        Added("vehicle.owner_rule", _fixed("holder"),
              "o veículo deve ser do permissionário, como o programa exigia antes desta chave"),
        Added("vehicle.owner_article", _copy("holder", "article"),
              "o artigo de holder.article, que o programa citava antes desta chave"),
    )),
    Step(12, "738f1d4", "artigos da notificação, da defesa, da revelia, do pagamento, da "
                        "interrupção sem autorização e da intimação para vistoria", (
        Removed("defence.accepted_defence_voids",
                "não tinha efeito: a defesa acolhida sempre anula o auto; o artigo que o "
                "diz vai em defence.accepted_defence_article"),
        Added("defence.notification_article", _fixed(""),
              "nenhum artigo citado (antes o programa citava o de outra lei, SRM Art. 34 "
              "§2º); informe o da sua lei"),
        Added("defence.accepted_defence_article", _fixed(""),
              "nenhum artigo citado; a defesa acolhida anula o auto do mesmo modo, como antes"),
        Added("defence.revelia_article", _fixed(""),
              "nenhum artigo citado (antes o programa citava o de outra lei, SRM Art. 35 "
              "§3º); as penalidades se aplicam do mesmo modo"),
        Added("penalties.payment_article", _fixed(""),
              "o lembrete de que pagar não exime de sanar a falta deixa de aparecer: antes "
              "o programa o dava com o artigo de outra lei (PF Art. 33); informe o da sua "
              "lei se ela o diz"),
        Added("interruption.unauthorised_article", _copy("interruption", "article"),
              "o artigo de interruption.article, que o programa citava antes desta chave; "
              "vazio, a interrupção sem autorização não é registrada"),
        Added("inspection.missed_summons_article", _summons_article,
              "o artigo de inspection.article, que o programa citava antes desta chave, "
              "quando a intimação perdida leva à cassação; vazio quando não leva"),
    )),
    Step(13, "c7316a5", "recadastramento ([recadastramento], opcional)", (
        Added("recadastramento.missed", None), Added("recadastramento.article", None),
    )),
    Step(14, "5dceaa2", "licenciamento anual do cartão de permissão ([licensing], opcional)", (
        Added("licensing.card_months", None), Added("licensing.article", None),
        Added("licensing.fee_key", None), Added("licensing.missed_article", None),
        Added("licensing.justify_days", None),
    )),
    Step(15, "b7b014a", "meios de notificação que a lei admite", (
        Added("defence.notification_means", _fixed(["in_person", "post", "gazette"]),
              "pessoalmente, via postal com recibo e Diário Oficial, os três meios que o "
              "programa registrava antes desta chave (SRM Art. 34 §2º); o e-mail nunca é "
              "notificação. Confira quais meios a sua lei admite"),
    )),
)

CURRENT = STEPS[-1].to


def format_keys(number: int) -> frozenset[str]:
    """The keys a profile of format `number` may have (format 1's with the steps up to it)."""
    keys = set(format_1_keys())
    for step in STEPS:
        if step.to > number:
            break
        for change in step.changes:
            if isinstance(change, Added):
                keys.add(change.path)
            elif isinstance(change, Moved):
                keys.discard(change.old)
                keys.add(change.new)
            else:
                keys.discard(change.path)
    return frozenset(keys)


def key_paths(data, prefix: str = "") -> frozenset[str]:
    """The keys of a profile's TOML (as a mapping), as paths in the steps' syntax."""
    paths: set[str] = set()
    for key, value in data.items():
        path = f"{prefix}.{key}" if prefix else key
        if path in _TABLES_OF_TABLES and isinstance(value, dict):
            for table in value.values():
                if isinstance(table, dict):
                    paths |= key_paths(table, f"{path}.*")
        elif isinstance(value, dict):
            paths |= key_paths(value, path)
        elif isinstance(value, list) and all(isinstance(x, dict) for x in value) \
                and (value or f"{path}[]" in _arrays_of_tables()):  # [] of no table: no key
            for item in value:
                paths |= key_paths(item, f"{path}[]")
        else:
            paths.add(path)
    return frozenset(paths)


_TABLES_OF_TABLES = frozenset(k.split(".*")[0] for k in format_1_keys() if ".*" in k)


@functools.cache
def _arrays_of_tables() -> frozenset[str]:
    """'applications[].checklist[]'... every array of tables any format has."""
    keys = frozenset().union(*(format_keys(n) for n in range(1, CURRENT + 1)))
    return frozenset(k[:i + 2] for k in keys for i in range(len(k)) if k.startswith("[]", i))


def written_for(data) -> int | None:
    """The earliest format that knows every key of a profile (None: no format does)."""
    keys = key_paths(data) - {FORMAT_KEY}
    return next((n for n in range(1, CURRENT + 1) if keys <= format_keys(n)), None)
