"""Authenticode signatures with osslsigncode (Debian `osslsigncode`), for `make installer`.

build.py signs the command launcher (bin/mototaxi-desk.exe) before makensis packs it, and
makensis calls `python installer/signing.py sign FILE` through the script's !finalize and
!uninstfinalize hooks, so the setup and the uninstaller it carries are signed too. The
certificate comes from the environment (signing.toml says which variables), the RFC 3161
timestamp server from signing.toml. Without a certificate the build is unsigned and says so.

`python installer/signing.py test-cert DIR` makes a throwaway self-signed code-signing
certificate (CI signs with it and `make installer-check` verifies the signatures) and prints
the variables to export.
"""
from __future__ import annotations

import datetime
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path

CONFIG = Path(__file__).resolve().parent / "signing.toml"
ENV_CERT = "MOTOTAXI_SIGN_CERT"
ENV_KEY = "MOTOTAXI_SIGN_KEY"
ENV_PASSWORD = "MOTOTAXI_SIGN_PASSWORD"
ENV_TIMESTAMP = "MOTOTAXI_SIGN_TIMESTAMP_URL"
UNSIGNED_WARNING = (
    "*** INSTALADOR NÃO ASSINADO ***\n"
    f"    {ENV_CERT} não está definido: o Windows mostrará \"editor desconhecido\" (SmartScreen)\n"
    "    e políticas que exigem assinatura o bloqueiam. Veja installer/README.md (Assinatura).")


class SigningError(Exception):
    """Signing is configured but cannot be done; the message says what to fix."""


@dataclass(frozen=True)
class Signer:
    cert: Path                 # .pfx/.p12, or a PEM certificate (chain)
    key: Path | None           # PEM private key when cert is PEM
    password: str | None
    timestamp_url: str         # RFC 3161; "" for none
    description: str
    url: str

    @property
    def pkcs12(self) -> bool:
        return self.cert.suffix.lower() in (".pfx", ".p12")


def osslsigncode() -> str:
    found = shutil.which("osslsigncode")
    if not found:
        raise SigningError("osslsigncode não encontrado: apt-get install osslsigncode")
    return found


def absolute_paths(env=os.environ) -> None:
    """Make the certificate and key paths absolute in `env`: makensis runs the signing hooks
    from its own folder."""
    for name in (ENV_CERT, ENV_KEY):
        if env.get(name, "").strip():
            env[name] = str(Path(env[name].strip()).resolve())


def configured(env=os.environ, config_path: Path = CONFIG) -> Signer | None:
    """The signer the environment and signing.toml describe; None when unsigned."""
    cert = env.get(ENV_CERT, "").strip()
    if not cert:
        return None
    config = tomllib.loads(config_path.read_text(encoding="utf-8"))
    signer = Signer(
        cert=Path(cert), key=Path(env[ENV_KEY]) if env.get(ENV_KEY) else None,
        password=env.get(ENV_PASSWORD) or None,
        timestamp_url=env.get(ENV_TIMESTAMP, config.get("timestamp_url", "")).strip(),
        description=config.get("description", ""), url=config.get("url", ""))
    if not signer.cert.is_file():
        raise SigningError(f"{ENV_CERT}={cert}: arquivo não encontrado")
    if not signer.pkcs12 and (signer.key is None or not signer.key.is_file()):
        raise SigningError(f"{ENV_CERT} é um certificado PEM: {ENV_KEY} deve apontar a chave "
                           f"privada (ou use um .pfx com {ENV_PASSWORD})")
    return signer


def sign_command(signer: Signer, source: Path, target: Path, password_file: Path | None):
    command = [osslsigncode(), "sign", "-h", "sha256"]
    if signer.pkcs12:
        command += ["-pkcs12", str(signer.cert)]
    else:
        command += ["-certs", str(signer.cert), "-key", str(signer.key)]
    if password_file:
        command += ["-readpass", str(password_file)]
    if signer.description:
        command += ["-n", signer.description]
    if signer.url:
        command += ["-i", signer.url]
    if signer.timestamp_url:
        command += ["-ts", signer.timestamp_url]
    return command + ["-in", str(source), "-out", str(target)]


def sign_file(signer: Signer, path: Path) -> None:
    """Sign `path` in place (the password goes through a 0600 file, not the command line)."""
    path = Path(path)
    with tempfile.TemporaryDirectory(prefix="sign-") as folder:
        password_file = None
        if signer.password:
            password_file = Path(folder) / "pass"
            password_file.touch(mode=0o600)
            password_file.write_text(signer.password, encoding="utf-8")
        signed = Path(folder) / path.name
        result = subprocess.run(sign_command(signer, path, signed, password_file),
                                capture_output=True, text=True)
        if result.returncode or not signed.is_file():
            raise SigningError(f"osslsigncode não assinou {path.name}:\n"
                               + (result.stdout + result.stderr)[-2000:])
        shutil.copyfile(signed, path)
    where = f"carimbo de tempo {signer.timestamp_url}" if signer.timestamp_url \
        else "SEM carimbo de tempo"
    print(f"  assinado: {path.name} ({where})")


def verify_file(path: Path, ca_file: Path | None = None,
                tsa_ca_file: Path | None = None) -> tuple[bool, str]:
    """osslsigncode's verdict on `path`'s signature (chain to ca_file when given)."""
    command = [osslsigncode(), "verify", "-in", str(path)]
    if ca_file:
        command += ["-CAfile", str(ca_file)]
    if tsa_ca_file:
        command += ["-TSA-CAfile", str(tsa_ca_file)]
    result = subprocess.run(command, capture_output=True, text=True)
    output = result.stdout + result.stderr
    return result.returncode == 0 and "Signature verification: ok" in output, output


def has_signature(path: Path) -> bool:
    """Whether the PE file carries an Authenticode signature (its security directory)."""
    import struct
    data = Path(path).read_bytes()
    pe = struct.unpack_from("<I", data, 0x3C)[0]
    optional = pe + 24
    pe32_plus = struct.unpack_from("<H", data, optional)[0] == 0x20B
    security = optional + (112 if pe32_plus else 96) + 8 * 4
    address, size = struct.unpack_from("<II", data, security)
    return address != 0 and size != 0


def make_test_certificate(folder: Path, *, common_name: str = "Mototaxi Desk TESTE",
                          password: str = "teste") -> tuple[Path, Path]:
    """A throwaway self-signed code-signing certificate: (the .pfx, its PEM certificate for
    verifying). Never for a real release: Windows trusts no such certificate."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import rsa
    from cryptography.hazmat.primitives.serialization import pkcs12
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    folder.mkdir(parents=True, exist_ok=True)
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Mototaxi Desk (teste)")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=30))
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True,
                                         content_commitment=False, key_encipherment=False,
                                         data_encipherment=False, key_agreement=False,
                                         crl_sign=False, encipher_only=False,
                                         decipher_only=False), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.CODE_SIGNING]),
                           critical=False)
            .sign(key, hashes.SHA256()))
    pfx = folder / "teste-assinatura.pfx"
    pfx.write_bytes(pkcs12.serialize_key_and_certificates(
        b"mototaxi-teste", key, cert, None,
        serialization.BestAvailableEncryption(password.encode())))
    pem = folder / "teste-assinatura.pem"
    pem.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return pfx, pem


def main(argv: list[str]) -> int:
    try:
        if len(argv) == 2 and argv[0] == "sign":
            signer = configured()
            if signer is None:
                print(UNSIGNED_WARNING, file=sys.stderr)
                return 0
            sign_file(signer, Path(argv[1]))
            return 0
        if len(argv) == 2 and argv[0] == "test-cert":
            pfx, pem = make_test_certificate(Path(argv[1]).resolve())
            print(f"export {ENV_CERT}={pfx} {ENV_PASSWORD}=teste MOTOTAXI_SIGN_CA={pem}")
            return 0
    except SigningError as exc:
        print(f"assinatura: {exc}", file=sys.stderr)
        return 1
    print("uso: signing.py sign ARQUIVO | test-cert PASTA", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
