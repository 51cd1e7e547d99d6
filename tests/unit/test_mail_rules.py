"""The pure rules of e-mail to holders (domain/mail_rules.py, issue 41 items 3 and 4)."""
import pytest

from mototaxi_desk.domain import mail_rules as R
from mototaxi_desk.domain.errors import ValidationError


def test_settings_checked_field_by_field():
    ok = R.smtp_settings(" smtp.prefeitura.gov.br ", "", "SSL", "", "mototaxi@pref.gov.br")
    assert (ok.host, ok.port, ok.security) == ("smtp.prefeitura.gov.br", 465, "ssl")
    assert R.smtp_settings("h.example", "2525", "starttls", "u", "a@b.br").port == 2525
    for args, field in ((("", "587", "starttls", "", "a@b.br"), "Servidor SMTP"),
                        (("smtp://h", "587", "starttls", "", "a@b.br"), "Servidor SMTP"),
                        (("h", "58 7", "starttls", "", "a@b.br"), "Porta"),
                        (("h", "５８７", "starttls", "", "a@b.br"), "Porta"),
                        (("h", "0", "starttls", "", "a@b.br"), "Porta"),
                        (("h", "65536", "starttls", "", "a@b.br"), "Porta"),
                        (("h", "587", "tls", "", "a@b.br"), "Segurança"),
                        (("h", "587", "none", "", ""), "Remetente"),
                        (("h", "587", "none", "", "sem-arroba"), "Remetente")):
        with pytest.raises(ValidationError) as caught:
            R.smtp_settings(*args)
        assert caught.value.field == field, args


def test_who_may_receive_what_lgpd_art_7():
    """LGPD Art. 7º I (consent) and III / Art. 23 (the município's legal basis): a 'não'
    gets nothing; documents go without a recorded consent; reminders need a 'sim' and stop
    at an unsubscribe, documents do not."""
    assert R.may_receive("document", None, False) == ""
    assert R.may_receive("document", True, True) == ""
    assert "não consentiu" in R.may_receive("document", False, False)
    assert "sem consentimento" in R.may_receive("reminder", None, False)
    assert "não receber lembretes" in R.may_receive("reminder", True, True)
    assert R.may_receive("reminder", True, False) == ""
    assert "não consentiu" in R.may_receive("reminder", False, False)


def test_no_cpf_in_a_subject():
    assert R.subject_without_cpf("Prefeitura — Termo nº 12", "12345678909")
    with pytest.raises(ValueError):
        R.subject_without_cpf("Lembrete de 123.456.789-09", "12345678909")


def test_an_email_is_no_notification_srm_art_34_par_2():
    """SRM Art. 34 §2º: in person, by post with receipt or in the Diário Oficial."""
    text = R.not_a_notification("Art. 34 §2º", "pessoalmente ou via postal com recibo")
    assert "não é notificação oficial" in text and "(Art. 34 §2º)" in text
    assert "— pessoalmente ou via postal com recibo —" in text  # the law's means, as given
    assert "prazos de defesa e de recurso" in text


def test_kinds_and_answers():
    assert R.reminder_kind(" CNH ") == "cnh" and R.document_kind("Termo") == "termo"
    for bad, call in (("aniversario", R.reminder_kind), ("carta", R.document_kind)):
        with pytest.raises(ValidationError):
            call(bad)
    assert R.consent_answer("Sim") is True and R.consent_answer("não") is False
    with pytest.raises(ValidationError, match="Consentimento de e-mail"):
        R.consent_answer("talvez")
    assert "responda a esta mensagem" in R.UNSUBSCRIBE_LINE and "balcão" in R.UNSUBSCRIBE_LINE
