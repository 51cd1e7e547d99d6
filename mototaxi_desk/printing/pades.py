"""A finished PDF made archivable (PDF/A-2b) and signed PAdES with the município's A1
(issue 41 item 2). Pure: the PDF bytes and the key material in, the signed bytes out; where
the key comes from is services/administration/certificate.py, when a document is signed is
services/documents/signing.py.

One incremental update over ReportLab's file adds, with the signature:
- the XMP metadata stream (pdfaid part 2, conformance B, and the Info dictionary's title,
  author, creator and dates, as PDF/A wants them equal) and an sRGB output intent (the ICC
  profile is Pillow's built-in sRGB, made once per process);
- a visible signature block on the last page, in the band between the text's bottom margin
  and the footer, naming the signer and the date. Its appearance is a tiny PDF drawn by
  ReportLab with the embedded DejaVu font — pyHanko's own text stamps use a standard,
  non-embedded font, which PDF/A forbids.
ReportLab already embeds every font (fonts.py) and writes the trailer /ID.

PAdES-B-B without a timestamp server; PAdES-B-T (a signature timestamp from the server,
RFC 3161) when one is given."""
from __future__ import annotations

import datetime as dt
import io
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from . import common, fonts

FIELD_NAME = "AssinaturaPrefeitura"
REASON = "Documento oficial emitido pelo Mototáxi Desk"
SRGB_CONDITION = "sRGB IEC61966-2.1"
BAND_BOTTOM = 12.8 * mm   # above the footer line (10 mm, 7.5 pt)
BAND_TOP = 17.6 * mm      # below the text's bottom margin (18 mm on A4 documents)
SIDE = 18 * mm
PAGE_NUMBER_ROOM = 22 * mm


@dataclass(frozen=True)
class SigningMaterial:
    """What signs: the pyHanko signer (key and chain) and the names the block prints."""
    signer: object            # pyhanko.sign.signers.SimpleSigner
    holder: str               # "PREFEITURA MUNICIPAL DE TESTE:12345678000195"
    cnpj_text: str            # "12.345.678/0001-95"
    timestamp_url: str = ""   # RFC 3161 server; empty: PAdES-B-B


@lru_cache(maxsize=1)
def srgb_profile() -> bytes:
    """The sRGB ICC profile of the output intent (Pillow's littleCMS builds it)."""
    from PIL import ImageCms
    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()


def block_lines(material: SigningMaterial, when: dt.datetime) -> tuple[str, str]:
    return (f"Assinado digitalmente por {material.holder}",
            f"CNPJ {material.cnpj_text} · ICP-Brasil, PAdES · em "
            f"{when.strftime('%d/%m/%Y às %H:%M')} · confira em validar.iti.gov.br")


def _stamp_pdf(lines: tuple[str, str], width: float, height: float) -> bytes:
    """The block's appearance: an accent bar and two lines in the embedded font."""
    regular, bold = fonts.register()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), pageCompression=1,
                    initialFontName=regular)
    canvas.setFillColorRGB(*common.ACCENT)
    canvas.rect(0, 0, 1.2, height, stroke=0, fill=1)
    canvas.setFillColorRGB(0, 0, 0)
    pad = 1.5 * mm
    fonts.draw_fitted(canvas, lines[0], pad, height - 6.2, width - pad, font=bold, size=5.6,
                      minimum=4)
    fonts.draw_fitted(canvas, lines[1], pad, 1.6, width - pad, size=5.6, minimum=4)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _imported_page(data: bytes):
    """pyHanko's ImportedPdfPage, read from bytes instead of a file name."""
    import binascii
    import uuid

    from pyhanko.pdf_utils import content
    from pyhanko.pdf_utils.layout import BoxConstraints
    from pyhanko.pdf_utils.reader import PdfFileReader

    class _BytesPage(content.PdfContent):
        def render(self) -> bytes:
            xobj = self._ensure_writer.import_page_as_xobject(
                PdfFileReader(io.BytesIO(data)), page_ix=0)
            name = b"/Import" + binascii.hexlify(uuid.uuid4().bytes)
            self.resources.xobject[name.decode("ascii")] = xobj
            x1, y1, x2, y2 = xobj.get_object()["/BBox"]
            self.box = BoxConstraints(width=abs(x1 - x2), height=abs(y1 - y2))
            return name + b" Do"

    return _BytesPage()


def _info_text(info, key: str) -> str | None:
    value = info.get(key) if info is not None else None
    return str(value) if value is not None else None


def _pdfa_metadata(writer) -> None:
    """XMP (pdfaid 2B, with the Info dictionary's entries) and the sRGB output intent."""
    from pyhanko.pdf_utils import generic
    from pyhanko.pdf_utils.metadata import model, xmp_xml

    info_ref = writer.prev.trailer_view.get("/Info")
    info = info_ref.get_object() if info_ref is not None else None
    meta = writer.document_meta
    meta.title = _info_text(info, "/Title")
    meta.author = _info_text(info, "/Author")
    meta.subject = _info_text(info, "/Subject") or None
    meta.creator = _info_text(info, "/Creator")
    created = _info_text(info, "/CreationDate")
    if created:
        meta.created = generic.parse_pdf_date(created, strict=False)
    if info is not None:
        # PDF/A wants each Info entry equal to its XMP twin: pyHanko writes its own name as
        # the XMP producer (and would append it to ReportLab's in Info), and XMP has no
        # empty keywords
        for key in ("/Producer", "/Keywords"):
            info.pop(key, None)
        writer.update_container(info_ref)
    pdfaid = model.NS["pdfaid"]
    # the stream pyHanko then fills with the Info entries (one rdf:Description)
    writer.root[generic.NameObject("/Metadata")] = writer.add_object(
        xmp_xml.MetadataStream.from_xmp([model.XmpStructure.of(
            (model.ExpandedName(ns=pdfaid, local_name="part"), model.XmpValue("2")),
            (model.ExpandedName(ns=pdfaid, local_name="conformance"), model.XmpValue("B")))]))
    profile = generic.StreamObject({generic.NameObject("/N"): generic.NumberObject(3)},
                                   stream_data=srgb_profile())
    profile.compress()
    intent = generic.DictionaryObject({
        generic.NameObject("/Type"): generic.NameObject("/OutputIntent"),
        generic.NameObject("/S"): generic.NameObject("/GTS_PDFA1"),
        generic.NameObject("/OutputConditionIdentifier"):
            generic.TextStringObject(SRGB_CONDITION),
        generic.NameObject("/Info"): generic.TextStringObject(SRGB_CONDITION),
        generic.NameObject("/DestOutputProfile"): writer.add_object(profile)})
    writer.root[generic.NameObject("/OutputIntents")] = generic.ArrayObject(
        [writer.add_object(intent)])
    writer.update_root()


# where a layout has no free band above its footer: the guia's bank part has its barcode
# there (printing/guia.py), and the block goes to the right of the barcode instead
BOXES = {"guia": (128 * mm, 17 * mm, 200 * mm, 24 * mm)}


def _block_box(writer, document: str) -> tuple[float, float, float, float]:
    """The band above the footer of the last page, left of the page number (A4 and A5
    documents, portrait or landscape: printing/a4.py), or the document's own place."""
    if document in BOXES:
        return BOXES[document]
    last = writer.root["/Pages"]["/Count"] - 1
    mediabox = writer.find_page_for_modification(last)[0].get_object()["/MediaBox"]
    width = float(mediabox[2]) - float(mediabox[0])
    return SIDE, BAND_BOTTOM, width - SIDE - PAGE_NUMBER_ROOM, BAND_TOP


def sign(pdf: bytes, material: SigningMaterial, *, when: dt.datetime,
         document: str = "") -> bytes:
    """`pdf` as PDF/A-2b, signed PAdES-B-B (B-T with a timestamp server) with a visible
    block on its last page naming the signer and `when` (placed for the `document` kind)."""
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import fields, signers
    from pyhanko.pdf_utils import layout
    from pyhanko.stamp import StaticStampStyle

    writer = IncrementalPdfFileWriter(io.BytesIO(pdf))
    _pdfa_metadata(writer)
    box = _block_box(writer, document)
    stamp = _stamp_pdf(block_lines(material, when), box[2] - box[0], box[3] - box[1])
    timestamper = None
    if material.timestamp_url:
        from pyhanko.sign.timestamps import HTTPTimeStamper
        timestamper = HTTPTimeStamper(material.timestamp_url, timeout=15)
    pdf_signer = signers.PdfSigner(
        signers.PdfSignatureMetadata(
            field_name=FIELD_NAME, md_algorithm="sha256", reason=REASON,
            subfilter=fields.SigSeedSubFilter.PADES, name=material.holder),
        signer=material.signer, timestamper=timestamper,
        stamp_style=StaticStampStyle(background=_imported_page(stamp), border_width=0,
                                     background_opacity=1.0,
                                     background_layout=layout.SimpleBoxLayoutRule(
                                         x_align=layout.AxisAlignment.ALIGN_MIN,
                                         y_align=layout.AxisAlignment.ALIGN_MIN,
                                         margins=layout.Margins.uniform(0))),
        new_field_spec=fields.SigFieldSpec(FIELD_NAME, on_page=-1, box=box))
    out = io.BytesIO()
    pdf_signer.sign_pdf(writer, output=out)
    return out.getvalue()


def load_signer(pkcs12_data: bytes, password: bytes | None = None):
    """A pyHanko signer for the A1 of a PKCS#12, keeping the private key loaded: pyHanko's
    SimpleSigner parses the key again for every signature (cryptography then checks the
    RSA key, ~60 ms) and signs twice per document (the first only to size the signature's
    placeholder). This one signs RSA PKCS#1 v1.5 (an ICP-Brasil A1's) with the key it
    holds and answers the sizing pass with zeros of the signature's length."""
    from cryptography.hazmat.primitives.asymmetric import padding, rsa
    from cryptography.hazmat.primitives.serialization import pkcs12
    from pyhanko.sign import signers
    from pyhanko.sign.general import get_pyca_cryptography_hash

    base = signers.SimpleSigner.load_pkcs12_data(pkcs12_data, [], password)
    key = pkcs12.load_key_and_certificates(pkcs12_data, password)[0]

    class _KeptKeySigner(signers.SimpleSigner):
        async def async_sign_raw(self, data: bytes, digest_algorithm: str,
                                 dry_run=False) -> bytes:
            mechanism = self.get_signature_mechanism_for_digest(digest_algorithm)
            if isinstance(key, rsa.RSAPrivateKey) and \
                    mechanism["algorithm"].native in ("rsassa_pkcs1v15", "sha256_rsa",
                                                      "sha384_rsa", "sha512_rsa"):
                if dry_run:
                    return bytes(key.key_size // 8)
                return key.sign(data, padding.PKCS1v15(),
                                get_pyca_cryptography_hash(digest_algorithm))
            return self.sign_raw(data, digest_algorithm)

    return _KeptKeySigner(signing_cert=base.signing_cert, signing_key=base.signing_key,
                          cert_registry=base.cert_registry,
                          signature_mechanism=base.signature_mechanism)


def self_check() -> tuple[bool, str]:
    """The self-test's check (demo/selftest.py; the Windows installer's check runs it
    under wine): a one-page document signed with a throwaway certificate made here, then
    validated by pyHanko — pyHanko and what it imports are there and work."""
    import datetime as dt_

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.serialization import NoEncryption, pkcs12
    from cryptography.x509.oid import NameOID
    from pyhanko.pdf_utils.reader import PdfFileReader
    from pyhanko.sign.validation import validate_pdf_signature
    from pyhanko_certvalidator import ValidationContext

    from ..domain import wallclock
    from . import a4
    from .common import Municipio

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "AUTOTESTE:00000000000000")])
    now = wallclock.utcnow_aware()  # a wide window: pyHanko checks it on the computer's clock
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - dt_.timedelta(days=3650))
            .not_valid_after(now + dt_.timedelta(days=3650))
            .add_extension(x509.KeyUsage(True, True, False, False, False, False, False, False,
                                         False), True)
            .sign(key, hashes.SHA256()))
    signer = load_signer(pkcs12.serialize_key_and_certificates(b"t", key, cert, None,
                                                               NoEncryption()))
    material = SigningMaterial(signer=signer, holder="AUTOTESTE", cnpj_text="—")
    pdf = a4.build([a4.p("Autoteste da assinatura digital.", a4.styles()["body"])],
                   municipio=Municipio("Teste", "MA", "2111102"), title="Autoteste",
                   footer="Mototáxi Desk")
    signed = sign(pdf, material, when=wallclock.now())
    from asn1crypto import x509 as asn1_x509
    from cryptography.hazmat.primitives.serialization import Encoding
    context = ValidationContext(
        trust_roots=[asn1_x509.Certificate.load(cert.public_bytes(Encoding.DER))],
        allow_fetching=False)
    status = validate_pdf_signature(PdfFileReader(io.BytesIO(signed)).embedded_signatures[0],
                                    context)
    ok = bool(status.bottom_line) and b"pdfaid" in signed
    return ok, (f"documento assinado (PAdES, PDF/A-2b, {len(signed) // 1024 + 1} KB) e "
                f"conferido: {status.summary()}")
