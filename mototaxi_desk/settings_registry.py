"""Every setting the program keeps, declared once: its name as stored, type, default, where it
is stored, who may change it and where. Six places hold them — `janela.ini` (what the window
remembers on this computer), `gui.json` (what the IT staff set for this computer's window),
`backup.json` (the automatic copies of this data folder), `certificado/certificado.json` (this
station's A1 certificate and its timestamp server), `correio/correio.json` (the município's
SMTP server as this station sends through it) and the database (what every counter
shares) — and the code that reads each one takes its defaults from here; the settings screens
show where a value is kept and `mototaxi-desk settings list` prints this table.
tests/unit/test_settings_registry.py checks that every setting the code reads is declared here,
with the same default, and that nothing is declared that no code reads.

Pure data: no import of the package, so every layer may read it. The rule profile's own
numbers are one setting here (`overrides`): which of them a município may edit is the
profile's business (domain.profiles.editable_numbers)."""
from __future__ import annotations

from dataclasses import dataclass

JANELA_INI = "janela.ini"
GUI_JSON = "gui.json"
BACKUP_JSON = "backup.json"
CERTIFICADO_JSON = "certificado/certificado.json"
CORREIO_JSON = "correio/correio.json"
DATABASE = "banco de dados"
STORES = (JANELA_INI, GUI_JSON, BACKUP_JSON, CERTIFICADO_JSON, CORREIO_JSON, DATABASE)

PROGRAM = "o programa (lembra sozinho)"
ANY_USER = "qualquer usuário"
IT_STAFF = "a TI (editando o arquivo)"
ADMIN = "administrador"
NOBODY = "ninguém depois do init"


@dataclass(frozen=True)
class Setting:
    name: str             # the key in its file, or the column of municipio_settings / the table
    type: type
    default: object       # None: no default (asked at init, or nothing until set)
    stored_in: str        # one of STORES
    changed_by: str       # who may change it (the role, for the database: `permission`)
    label: str            # Portuguese, for the screens and the command line
    where: str = ""       # the screen or command that changes it
    permission: str = ""  # services/permissions.py key of the action that changes it

    @property
    def key(self) -> str:
        return f"{self.stored_in}:{self.name}"


def _db(name, type_, default, label, where="", permission="", changed_by=ADMIN) -> Setting:
    return Setting(name, type_, default, DATABASE, changed_by if permission else NOBODY,
                   label, where, permission)


SETTINGS: tuple[Setting, ...] = (
    # janela.ini (QSettings, INI format, in the data folder)
    Setting("main_window/geometry", bytes, None, JANELA_INI, PROGRAM,
            "Posição e tamanho da janela principal", "ao fechar a janela"),
    Setting("print/card_sheet", str, "", JANELA_INI, ANY_USER,
            "Folha da carteira: cartão ('') ou A4 ('a4')", "ao imprimir a carteira"),
    # gui.json (MOTOTAXI_IDLE_MINUTES, when set, wins)
    Setting("idle_lock_minutes", float, 15, GUI_JSON, IT_STAFF,
            "Minutos sem uso até a janela bloquear (0: nunca)", "arquivo gui.json"),
    # the copies: backup.json, read by store/backup.py
    Setting("keep_daily", int, 30, BACKUP_JSON, ADMIN, "Cópias diárias a manter (1 a 366)",
            "Configurações → Cópias de segurança", "backup.settings"),
    Setting("keep_monthly", int, 12, BACKUP_JSON, ADMIN, "Cópias mensais a manter (0 a 120)",
            "Configurações → Cópias de segurança", "backup.settings"),
    Setting("automatic", bool, True, BACKUP_JSON, ADMIN,
            "Cópia automática ao abrir, se a última tiver mais de 24 horas",
            "Configurações → Cópias de segurança", "backup.settings"),
    # certificado/certificado.json: this station's A1 (its public facts, written by
    # services/administration/certificate.py) and the timestamp server it signs with
    Setting("timestamp_url", str, "", CERTIFICADO_JSON, ADMIN,
            "Servidor de carimbo do tempo (PAdES-B-T) desta estação; vazio: PAdES-B-B",
            "Configurações → Certificado digital; certificate timestamp URL",
            "certificate.timestamp"),
    # correio/correio.json: the SMTP server this station sends e-mail through (services/
    # mail_settings.py); its password is kept apart, encrypted like the A1 (mail_vault.py)
    Setting("host", str, "", CORREIO_JSON, ADMIN, "Servidor SMTP do município",
            "Configurações → E-mail; mail setup", "mail.setup"),
    Setting("port", int, 587, CORREIO_JSON, ADMIN, "Porta do servidor SMTP",
            "Configurações → E-mail; mail setup --port", "mail.setup"),
    Setting("security", str, "starttls", CORREIO_JSON, ADMIN,
            "Segurança da conexão (starttls, ssl ou none)",
            "Configurações → E-mail; mail setup --security", "mail.setup"),
    Setting("user", str, "", CORREIO_JSON, ADMIN, "Usuário do servidor SMTP (vazio: sem login)",
            "Configurações → E-mail; mail setup --user", "mail.setup"),
    Setting("sender", str, "", CORREIO_JSON, ADMIN, "Remetente das mensagens (e-mail)",
            "Configurações → E-mail; mail setup --sender", "mail.setup"),
    # the database: municipio_settings (one row), written by init and by the admin
    _db("name", str, None, "Nome do município"),
    _db("uf", str, None, "UF"),
    _db("ibge_code", str, None, "Código IBGE"),
    _db("profile_id", str, None, "Perfil de regras (a lei do município)"),
    _db("created_at", object, None, "Data da configuração inicial"),
    _db("initial_tariff_cents", int, 0, "Tarifa inicial informada no init (centavos)"),
    _db("is_demo", bool, False, "Banco de demonstração ou treinamento (aceita o comando demo)",
        "init --demo-database; o banco de demonstração (--demo)"),
    _db("population", int, None, "População (limite de permissões)",
        "Configurações → Município; settings population", "settings.population"),
    _db("overrides", dict, {}, "Números do perfil alterados pelo município",
        "Configurações → Números do perfil; settings set CHAVE VALOR", "settings.profile_number"),
    _db("brasao", bytes, None, "Brasão (imagem)", "Configurações → Município",
        "settings.brasao"),
    _db("sticker_width_mm", int, 100, "Largura do selo de vistoria (mm)",
        "Configurações → Município", "settings.sticker_size"),
    _db("sticker_height_mm", int, 70, "Altura do selo de vistoria (mm)",
        "Configurações → Município", "settings.sticker_size"),
    _db("cnpj", str, "", "CNPJ da prefeitura (guias)",
        "Configurações → Cobrança; settings set municipio.cnpj", "settings.collection"),
    _db("febraban_code", str, "", "Código FEBRABAN do convênio",
        "Configurações → Cobrança; settings set municipio.febraban_code", "settings.collection"),
    _db("barcode_module", int, 10, "Módulo do dígito do código de barras (10 ou 11)",
        "Configurações → Cobrança; settings set municipio.barcode_module",
        "settings.collection"),
    _db("pix_key", str, "", "Chave PIX da prefeitura",
        "Configurações → Cobrança; settings set municipio.pix_key", "settings.collection"),
    _db("status_max_age_days", int, 7,
        "Dias até a lista de situação do verificador ser dada como velha",
        "Configurações → Verificação dos documentos", "settings.verifier"),
    # the database: tables of values with a date
    _db("fiscal_unit_value", int, None, "Valor da unidade fiscal por ano (centavos)",
        "Configurações → Unidade fiscal e tarifa; settings fiscal-unit ANO VALOR", "settings.fiscal_unit"),
    _db("tariff_value", int, None, "Tarifa com data de vigência (centavos)",
        "Configurações → Unidade fiscal e tarifa; settings tariff DATA VALOR", "settings.tariff"),
)

_BY_KEY = {s.key: s for s in SETTINGS}


def setting(stored_in: str, name: str) -> Setting:
    """The declaration of one setting (KeyError: it is not declared)."""
    return _BY_KEY[f"{stored_in}:{name}"]


def default(stored_in: str, name: str):
    return setting(stored_in, name).default


def stored_in(store: str) -> list[Setting]:
    return [s for s in SETTINGS if s.stored_in == store]


def as_rows() -> list[dict]:
    """The registry as plain rows (the CLI's `settings list`, --json)."""
    return [{"name": s.name, "type": s.type.__name__, "default": s.default,
             "stored_in": s.stored_in, "changed_by": s.changed_by, "label": s.label,
             "where": s.where, "permission": s.permission} for s in SETTINGS]


def tooltip(stored_in_: str, name: str) -> str:
    """Where a value shown on a settings screen is kept and who may change it."""
    s = setting(stored_in_, name)
    default_text = "" if s.default in (None, "", {}) else f" Padrão: {s.default}."
    return f"{s.label}. Guardado em: {s.stored_in}. Quem altera: {s.changed_by}.{default_text}"
