"""Small DOCX, PDF and HTML files built by the tests themselves (python-docx, pypdf), never downloaded."""
from __future__ import annotations

import io

from docx import Document


def pdf_bytes(pages: list[list[str]], password: str | None = None) -> bytes:
    """A PDF with one page per list of lines, each line drawn in Helvetica as real text (an empty list:
    a page with a drawn rectangle and no text, as a scan has)."""
    from pypdf import PdfWriter
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

    writer = PdfWriter()
    font = writer._add_object(DictionaryObject({
        NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/Type1"),
        NameObject("/BaseFont"): NameObject("/Helvetica"), NameObject("/Encoding"): NameObject("/WinAnsiEncoding")}))
    for lines in pages:
        page = writer.add_blank_page(width=612, height=792)
        if lines:
            ops = ["BT", "/F1 11 Tf", "14 TL", "72 740 Td"]
            for line in lines:
                escaped = line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
                ops.append(f"({escaped}) Tj T*")
            ops.append("ET")
        else:
            ops = ["0.5 g", "72 72 468 648 re f"]
        stream = DecodedStreamObject()
        stream.set_data("\n".join(ops).encode("cp1252"))
        page[NameObject("/Contents")] = writer._add_object(stream)
        page[NameObject("/Resources")] = DictionaryObject({
            NameObject("/Font"): DictionaryObject({NameObject("/F1"): font})})
    if password:
        writer.encrypt(password, algorithm="RC4-128")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def docx_bytes(build) -> bytes:
    """A DOCX made by ``build(document)`` on a fresh python-docx Document."""
    document = Document()
    build(document)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


ODT_NAMESPACES = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
                  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
                  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
                  'xmlns:dc="http://purl.org/dc/elements/1.1/"')


def odt_bytes(body: str) -> bytes:
    """An OpenDocument text whose office:text holds ``body`` (ODF markup written by the test)."""
    import zipfile

    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ODT_NAMESPACES} office:version="1.3">'
               f"<office:body><office:text>{body}</office:text></office:body></office:document-content>")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.text")
        archive.writestr("content.xml", content)
    return out.getvalue()
