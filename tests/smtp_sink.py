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


def server_certificate(folder) -> tuple[str, str, str]:
    """A test CA and a certificate of 'localhost' it signs: (CA file, cert file, key file).
    The client trusts the CA through SSL_CERT_FILE, as it trusts a real one through the
    system's store."""
    import datetime as dt
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID
    now = dt.datetime.now(dt.timezone.utc)

    def name(text):
        return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, text)])
    ca_key, key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    ca = (x509.CertificateBuilder().subject_name(name("CA de teste do SMTP"))
          .issuer_name(name("CA de teste do SMTP")).public_key(ca_key.public_key())
          .serial_number(1).not_valid_before(now - dt.timedelta(days=1))
          .not_valid_after(now + dt.timedelta(days=30))
          .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
          .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True,
                                       crl_sign=True, content_commitment=False,
                                       key_encipherment=False, data_encipherment=False,
                                       key_agreement=False, encipher_only=False,
                                       decipher_only=False), critical=True)
          .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()),
                         critical=False)
          .sign(ca_key, hashes.SHA256()))
    leaf = (x509.CertificateBuilder().subject_name(name("localhost")).issuer_name(ca.subject)
            .public_key(key.public_key()).serial_number(2)
            .not_valid_before(now - dt.timedelta(days=1))
            .not_valid_after(now + dt.timedelta(days=30))
            .add_extension(x509.SubjectAlternativeName([
                x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(
                ca_key.public_key()), critical=False)
            .sign(ca_key, hashes.SHA256()))
    paths = [str(folder / n) for n in ("ca.pem", "smtp.pem", "smtp.key")]
    pem = serialization.Encoding.PEM
    (folder / "ca.pem").write_bytes(ca.public_bytes(pem))
    (folder / "smtp.pem").write_bytes(leaf.public_bytes(pem))
    (folder / "smtp.key").write_bytes(key.private_bytes(
        pem, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    return paths[0], paths[1], paths[2]


@contextmanager
def smtp_server(security: str = "none", folder=None):
    """The server on 127.0.0.1: plain ("none", login allowed without TLS), STARTTLS required
    before login ("starttls") or TLS from the first byte ("ssl"); for the last two the
    certificate files go in `folder` and `sink.ca_file` names the CA to trust."""
    import ssl
    sink = Sink()
    port = free_port()
    options: dict = {"authenticator": _authenticator}
    if security == "none":
        options["auth_require_tls"] = False
    else:
        sink.ca_file, cert, key = server_certificate(folder)
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(cert, key)
        if security == "starttls":
            options.update(tls_context=context, require_starttls=True)
        else:
            # TLS from the first byte: aiosmtpd knows only STARTTLS as TLS for AUTH
            options.update(ssl_context=context, server_hostname="localhost",
                           auth_require_tls=False)
    controller = Controller(sink, hostname="127.0.0.1", port=port, **options)
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
