"""A local SMTP server for the e-mail tests (aiosmtpd): what it received, each message
parsed, and a switch that makes it refuse (a server down answers 451)."""
from __future__ import annotations

import email
import email.policy
import socket
from contextlib import contextmanager

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

USER, PASSWORD = "prefeitura", "senha-do-smtp-9"


class Sink:
    def __init__(self):
        self.messages: list[email.message.EmailMessage] = []
        self.envelopes = []
        self.refuse = ""  # a reply like "451 4.3.0 ..." makes every DATA fail

    async def handle_DATA(self, server, session, envelope):
        if self.refuse:
            return self.refuse
        self.envelopes.append(envelope)
        self.messages.append(email.message_from_bytes(envelope.content,
                                                      policy=email.policy.default))
        return "250 2.0.0 Mensagem aceita"


def _authenticator(server, session, envelope, mechanism, auth_data):
    ok = isinstance(auth_data, LoginPassword) and \
        (auth_data.login, auth_data.password) == (USER.encode(), PASSWORD.encode())
    return AuthResult(success=ok)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def smtp_server():
    sink = Sink()
    port = free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=port, auth_require_tls=False,
                            authenticator=_authenticator)
    controller.start()
    sink.port = port
    try:
        yield sink
    finally:
        controller.stop()


def attachment(message) -> tuple[str, bytes]:
    parts = list(message.iter_attachments())
    assert len(parts) == 1
    return parts[0].get_filename(), parts[0].get_content()
