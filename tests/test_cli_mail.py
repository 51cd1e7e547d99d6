"""`mail ...` and `person edit --email-consent` (issue 41 items 3 and 4) from an empty
município made by `init`: bad settings refused naming the field (nothing kept), the server
set with its password on standard input, a test message, a termo sent to the holder's
e-mail and received byte-identical to the one kept, a refused delivery listed and retried,
reminders only with consent (a dry run lists, sends nothing), an unsubscribe honoured."""
import datetime as dt
import hashlib
import json

from mototaxi_desk.store.migrations import close_database, open_database

from .smtp_sink import PASSWORD, USER, attachment, smtp_server
from .test_cli import INIT


def _holder(db_path) -> tuple[str, int]:
    """A holder with a permit and a CNH ending in 10 days, through the services."""
    from mototaxi_desk.store.models import Cnh

    from .services.ledger_helpers import holder_permit
    open_database(db_path)
    try:
        person, permit = holder_permit("Raimundo Nonato Sá")
        Cnh.update(expiry_date=dt.date.today() + dt.timedelta(days=10)).where(
            Cnh.person == person["id"]).execute()
    finally:
        close_database()
    return person["cpf"], permit["order_number"]


def test_mail_from_the_command_line(cli, sqlite_db, tmp_path, monkeypatch):
    monkeypatch.setenv("MOTOTAXI_CONFIG_DIR", str(tmp_path / "config"))
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    cpf, order = _holder(sqlite_db)
    with smtp_server() as sink:
        setup = ["--db", sqlite_db, "mail", "setup", "--host", "127.0.0.1", "--security",
                 "none", "--smtp-user", USER, "--sender", "mototaxi@prefeitura.example",
                 "--smtp-password-stdin"]
        code, _, err = cli(*setup, "--port", "vinte e cinco", stdin=PASSWORD + "\n")
        assert code == 1 and "Porta: informe um número" in err
        code, out, _ = cli("--db", sqlite_db, "mail", "show")
        assert "não configurado" in out
        code, out, err = cli(*setup, "--port", str(sink.port), stdin=PASSWORD + "\n")
        assert code == 0 and "Senha: guardada cifrada" in out, err
        code, out, err = cli("--db", sqlite_db, "mail", "test", "ti@prefeitura.example")
        assert code == 0 and "enviado: 250" in out, err

        code, _, err = cli("--db", sqlite_db, "mail", "send", cpf, "--document", "termo",
                           str(order))
        assert code == 1 and "E-mail:" in err and "não tem e-mail cadastrado" in err
        code, out, err = cli("--db", sqlite_db, "person", "edit", cpf, "--email",
                             "raimundo@example.com", "--email-consent", "talvez")
        assert code == 1 and "Consentimento de e-mail: use sim ou não" in err
        code, out, err = cli("--db", sqlite_db, "person", "edit", cpf, "--consent-date",
                             "01/12/2026")
        assert code == 1 and "--email-consent" in err
        code, out, err = cli("--db", sqlite_db, "person", "edit", cpf, "--email",
                             "raimundo@example.com", "--email-consent", "sim")
        assert code == 0 and "Consentimento de e-mail: sim (em " in out, err

        code, out, err = cli("--db", sqlite_db, "--json", "mail", "send", cpf, "--document",
                             "termo", str(order))
        sent = json.loads(out)
        assert code == 0 and sent["status"] == "sent", err
        _, data = attachment(sink.messages[-1])
        assert hashlib.sha256(data).hexdigest() == sent["sha256"]
        assert cpf not in sink.messages[-1]["Subject"]

        sink.refuse = "451 4.3.0 Tente mais tarde"
        code, out, _ = cli("--db", sqlite_db, "mail", "send", cpf, "--document", "termo",
                           str(order))
        assert code == 1 and "FALHOU: 451" in out
        code, out, _ = cli("--db", sqlite_db, "mail", "failures")
        assert "Raimundo Nonato Sá" in out and "451" in out
        sink.refuse = ""
        code, out, _ = cli("--db", sqlite_db, "mail", "retry")
        assert code == 0 and "Reenviados: 1" in out
        assert "Nenhum envio com falha" in cli("--db", sqlite_db, "mail", "failures")[1]

        count = len(sink.messages)
        code, out, _ = cli("--db", sqlite_db, "mail", "reminders", "--kind", "cnh",
                           "--dry-run")
        assert code == 0 and "Receberiam: 1" in out and len(sink.messages) == count
        code, out, _ = cli("--db", sqlite_db, "mail", "reminders", "--kind", "cnh")
        assert code == 0 and "Enviados: 1" in out
        assert "responda a esta mensagem" in sink.messages[-1].get_content()
        code, out, _ = cli("--db", sqlite_db, "mail", "unsubscribe", cpf)
        assert code == 0 and "não receberá mais lembretes" in out
        code, out, _ = cli("--db", sqlite_db, "mail", "reminders", "--kind", "cnh")
        assert "pediu para não receber lembretes" in out and len(sink.messages) == count + 1
        code, _, err = cli("--db", sqlite_db, "mail", "reminders", "--kind", "aniversario")
        assert code == 1 and "Tipo de lembrete:" in err
