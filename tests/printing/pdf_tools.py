"""Reading the PDFs back like a printer and an inspector would: rasterise with pypdfium2,
decode QR codes with zxing-cpp, extract text; no Debian tools needed."""
from __future__ import annotations

import pypdfium2 as pdfium
import zxingcpp

MM = 72 / 25.4


def document(pdf: bytes) -> pdfium.PdfDocument:
    return pdfium.PdfDocument(pdf)


def page_sizes_mm(pdf: bytes) -> list[tuple[float, float]]:
    doc = document(pdf)
    return [(round(w / MM, 2), round(h / MM, 2)) for w, h in
            (doc.get_page_size(i) for i in range(len(doc)))]


def raster(pdf: bytes, page: int = 0, dpi: int = 300):
    """The page as a greyscale PIL image at `dpi`."""
    return document(pdf)[page].render(scale=dpi / 72, grayscale=True).to_pil()


def qr_texts(pdf: bytes, page: int = 0, dpi: int = 300) -> list[str]:
    results = zxingcpp.read_barcodes(raster(pdf, page, dpi),
                                     formats=zxingcpp.BarcodeFormat.QRCode)
    return [r.text for r in results]


def qr_results(pdf: bytes, page: int = 0, dpi: int = 300):
    return zxingcpp.read_barcodes(raster(pdf, page, dpi), formats=zxingcpp.BarcodeFormat.QRCode)


def text(pdf: bytes) -> str:
    doc = document(pdf)
    return "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))


def ink_bbox(pdf: bytes, page: int = 0, dpi: int = 150):
    """Bounding box (left, top, right, bottom) in pixels of everything not white."""
    image = raster(pdf, page, dpi)
    return image.point(lambda v: 255 if v < 250 else 0).getbbox(), image.size
