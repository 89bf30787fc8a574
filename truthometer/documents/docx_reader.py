"""DOCX in: the body's paragraphs (headings, list items, table cells) and footnotes, each a located block."""
from __future__ import annotations

import io

from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.oxml.ns import qn

from .model import HEADING, LIST_ITEM, PARAGRAPH, TABLE_CELL, ExtractedDocument, assemble
from .safety import DocumentError, open_zip
from .wordml import body_paragraphs, cell_position, paragraph_text

FOOTNOTE = "footnote"


def load(data: bytes, name: str):
    """The python-docx Document of ``data``, after the package's sizes were checked (nothing unpacked before)."""
    open_zip(data, name, "a Word (.docx)", "word/document.xml")
    import docx

    try:
        return docx.Document(io.BytesIO(data))
    except Exception as exc:  # python-docx raises KeyError, ValueError, lxml errors ... on a broken package
        raise DocumentError(f"{name}: not a readable Word (.docx) file ({type(exc).__name__})") from exc


def read_docx(data: bytes, name: str) -> ExtractedDocument:
    document = load(data, name)
    styles = _style_names(document)
    pieces = []
    for index, p in enumerate(body_paragraphs(document.element.body)):
        text = paragraph_text(p)
        cell = cell_position(p)
        if cell:
            kind, where = TABLE_CELL, f"table {cell[0]}, row {cell[1]}, cell {cell[2]}"
        else:
            kind, where = _kind(p, styles), f"paragraph {index + 1}"
        pieces.append((text, kind, where, index))
    for number, text in _footnotes(document):
        pieces.append((text, FOOTNOTE, f"footnote {number}", None))
    return assemble(name, "docx", pieces)


def _style_names(document) -> dict[str, str]:
    try:
        return {s.style_id: (s.name or "") for s in document.styles}
    except Exception:  # a package without a styles part
        return {}


def _kind(p, styles: dict[str, str]) -> str:
    ppr = p.find(qn("w:pPr"))
    style_id = ""
    if ppr is not None:
        if ppr.find(qn("w:numPr")) is not None:
            return LIST_ITEM
        style = ppr.find(qn("w:pStyle"))
        style_id = style.get(qn("w:val"), "") if style is not None else ""
    style_name = styles.get(style_id, style_id).lower()
    if style_name.startswith(("heading", "title", "subtitle")):
        return HEADING
    if style_name.startswith("list"):
        return LIST_ITEM
    return PARAGRAPH


def _footnotes(document) -> list[tuple[int, str]]:
    """Footnotes' text (the separator notes Word keeps at ids -1, 0 left out)."""
    part = next((rel.target_part for rel in document.part.rels.values()
                 if rel.reltype == RT.FOOTNOTES and not rel.is_external), None)
    if part is None:
        return []
    from docx.oxml.parser import parse_xml

    root = parse_xml(part.blob)
    out = []
    for note in root.iter(qn("w:footnote")):
        if note.get(qn("w:type")) in ("separator", "continuationSeparator", "continuationNotice"):
            continue
        text = " ".join(paragraph_text(p) for p in note.iter(qn("w:p"))).strip()
        if text:
            out.append((len(out) + 1, text))
    return out
