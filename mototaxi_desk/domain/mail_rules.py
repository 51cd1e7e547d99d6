"""E-mail to holders (issue 41 items 3 and 4), the pure rules: the SMTP settings checked, the
documents and reminders one may send, who may receive what (LGPD), and the words every
message carries. No I/O: services/messaging/mail.py sends.

An e-mail is never a legal notification here: the profile says which means each law admits
(defence.notification_means, format 15) — SRM Art. 34 §2º notifies in person, by post with
receipt or in the Diário Oficial; PF (Art. 38: "recebimento da notificação") and Lei 1.745
(Art. 19) name no means (their profiles keep those three) — and the profile check refuses
"email" there, as the program does not record a notification by e-mail: a notice e-mailed
stays "aguardando notificação" and no defence or appeal term runs from it."""
from __future__ import annotations

from dataclasses import dataclass

from . import validators
from .errors import ValidationError
from .numbers import parse_int

SECURITY = {"starttls": "STARTTLS (porta 587)", "ssl": "SSL/TLS (porta 465)",
            "none": "nenhuma (só rede interna)"}
DEFAULT_PORT = {"starttls": 587, "ssl": 465, "none": 25}

# document -> (Portuguese name, the print permission it needs)
DOCUMENTS = {"termo": "Termo de permissão", "notice": "Cópia do auto de infração / notificação",
             "guia": "Guia de recolhimento", "receipt": "Comprovante de protocolo"}

# reminder kind (as typed) -> (Portuguese name, the services.alerts kinds it covers)
REMINDERS = {
    "renovacao": ("Renovação da permissão", ("renewal", "permit_validity", "card_licensing")),
    "vistoria": ("Vistoria do veículo", ("annual_inspection", "semiannual_inspection",
                                         "summons")),
    "cnh": ("Validade da CNH", ("cnh",)),
    "seguro": ("Validade do seguro do veículo", ("insurance",)),
    "recadastramento": ("Recadastramento", ("campaign_missed",)),
}

UNSUBSCRIBE_LINE = ("Para não receber mais lembretes por e-mail, responda a esta mensagem "
                    "pedindo o descadastramento ou peça no balcão de atendimento. Documentos "
                    "oficiais continuam a ser enviados.")


def not_a_notification(article: str, means: str) -> str:
    """The line every notice e-mail carries: the law's means of notification (its
    defence.notification_means, as words: 'pessoalmente, via postal com recibo ou Diário
    Oficial do Município') and their article. E-mail is never among them: the profile check
    refuses it, as the program does not record a notification by e-mail."""
    where = f" ({article})" if article else ""
    how = f" — {means} —" if means else ""
    return ("Esta mensagem é só uma cópia para sua informação: não é notificação oficial. "
            f"A notificação é a que a lei prevê{where}{how} e só dela correm os prazos de "
            "defesa e de recurso.")


@dataclass(frozen=True)
class SmtpSettings:
    host: str
    port: int
    security: str
    user: str
    sender: str

    def as_dict(self) -> dict:
        return {"host": self.host, "port": self.port, "security": self.security,
                "user": self.user, "sender": self.sender}


def address(value, field: str = "E-mail") -> str:
    """An address one can send to (validators.email, and required)."""
    text = validators.email(value, field)
    if not text:
        raise ValidationError(field, "campo obrigatório.")
    if not text.isascii():  # SMTP without the SMTPUTF8 extension carries ASCII only
        raise ValidationError(field, "use um endereço sem acentos nem cedilha.")
    return text


def smtp_settings(host, port, security, user, sender) -> SmtpSettings:
    """The settings as typed, checked; each refusal names its field."""
    host_text = str(host or "").strip()
    if not host_text:
        raise ValidationError("Servidor SMTP", "campo obrigatório.")
    if len(host_text) > 120 or any(c.isspace() or c in "/@:" for c in host_text):
        raise ValidationError("Servidor SMTP", "informe só o nome ou o IP do servidor "
                                               "(ex.: smtp.prefeitura.gov.br).")
    security_text = str(security or "").strip().lower()
    if security_text not in SECURITY:
        raise ValidationError("Segurança", "use starttls, ssl ou none.")
    port_text = str(port if port is not None else "").strip()
    if not port_text:
        port_number = DEFAULT_PORT[security_text]
    else:
        if not (port_text.isascii() and port_text.isdigit()):
            raise ValidationError("Porta", "informe um número (ex.: 587).")
        port_number = parse_int(port_text, "Porta", minimum=1, maximum=65535)
    user_text = str(user or "").strip()
    if len(user_text) > 120:
        raise ValidationError("Usuário SMTP", "longo demais.")
    sender_text = address(sender, "Remetente")
    return SmtpSettings(host_text, port_number, security_text, user_text, sender_text)


def reminder_kind(value) -> str:
    text = str(value or "").strip().lower()
    if text not in REMINDERS:
        raise ValidationError("Tipo de lembrete", "use " + ", ".join(REMINDERS) + ".")
    return text


def document_kind(value) -> str:
    text = str(value or "").strip().lower()
    if text not in DOCUMENTS:
        raise ValidationError("Documento", "use " + ", ".join(DOCUMENTS) + ".")
    return text


def consent_answer(value) -> bool:
    """'sim' / 'não' (as typed at the counter or on the command line)."""
    text = str(value or "").strip().lower()
    if text in ("sim", "s", "yes", "true", "1"):
        return True
    if text in ("não", "nao", "n", "no", "false", "0"):
        return False
    raise ValidationError("Consentimento de e-mail", "use sim ou não.")


def may_receive(kind: str, consent: bool | None, unsubscribed: bool) -> str:
    """'' when the person may receive an e-mail of `kind` (document | reminder), else why
    not (LGPD Art. 7º: documents under the município's legal basis unless the person
    refused e-mail; reminders only with consent and not unsubscribed)."""
    if consent is False:
        return "a pessoa não consentiu no uso do e-mail (LGPD)"
    if kind == "reminder":
        if consent is None:
            return "sem consentimento registrado para lembretes por e-mail (LGPD)"
        if unsubscribed:
            return "a pessoa pediu para não receber lembretes"
    return ""


def subject_without_cpf(subject: str, cpf: str) -> str:
    """The subject, refused if it would carry the CPF (LGPD: the subject travels in clear)."""
    digits = "".join(c for c in subject if c.isdigit())
    if cpf and cpf in digits:
        raise ValueError("a CPF in an e-mail subject")
    return subject
