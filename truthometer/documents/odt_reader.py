"""ODT in (LibreOffice's own format): the body's headings and paragraphs, list items and table cells, and
footnotes, read from ``content.xml`` with lxml; tracked deletions and comments are not text."""
from __future__ import annotations

from lxml import etree

from .model import HEADING, LIST_ITEM, PARAGRAPH, TABLE_CELL, ExtractedDocument, assemble
from .safety import DocumentError, open_zip, read_member
from .wordml import _inside

TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
_T, _TB, _O = f"{{{TEXT}}}", f"{{{TABLE}}}", f"{{{OFFICE}}}"
#: Inside a paragraph but not its text: deleted changes, comments, footnotes (read as their own blocks).
_NOT_TEXT = {_T + "tracked-changes", _O + "annotation", _T + "note", _T + "bookmark-ref"}


def read_odt(data: bytes, name: str) -> ExtractedDocument:
    archive = open_zip(data, name, "an OpenDocument text (.odt)", "content.xml")
    try:
        root = etree.fromstring(read_member(archive, "content.xml", name),
                                etree.XMLParser(resolve_entities=False, no_network=True))
    except etree.XMLSyntaxError as exc:
        raise DocumentError(f"{name}: not a readable OpenDocument text (content.xml: {exc})") from exc
    body = root.find(f"{_O}body/{_O}text")
    if body is None:
        raise DocumentError(f"{name}: not an OpenDocument text (no text body)")
    pieces, notes, tables = [], [], list(body.iter(_TB + "table"))
    for number, p in enumerate(e for e in body.iter(_T + "p", _T + "h") if not _inside(e, body, _NOT_TEXT)):
        cell = _cell(p, tables)
        kind = TABLE_CELL if cell else HEADING if p.tag == _T + "h" else \
            LIST_ITEM if _inside(p, body, {_T + "list-item"}) else PARAGRAPH
        pieces.append((_text(p), kind, cell or f"paragraph {number + 1}", None))
    for note in (n for n in body.iter(_T + "note-body") if not _inside(n, body, _NOT_TEXT - {_T + "note"})):
        notes.append(" ".join(_text(p) for p in note.iter(_T + "p")).strip())
    pieces += [(text, "footnote", f"footnote {k}", None) for k, text in enumerate(notes, 1)]
    return assemble(name, "odt", pieces)




def _cell(p, tables) -> str:
    cell = p.getparent()
    while cell is not None and cell.tag != _TB + "table-cell":
        cell = cell.getparent()
    if cell is None:
        return ""
    row, table = cell.getparent(), cell.getparent()
    while table is not None and table.tag != _TB + "table":
        table = table.getparent()
    rows = list(table.iter(_TB + "table-row"))
    cells = [c for c in row if c.tag == _TB + "table-cell"]
    return f"table {tables.index(table) + 1}, row {rows.index(row) + 1}, cell {cells.index(cell) + 1}"


def _text(element) -> str:
    """A paragraph's text: spans and links read through, ``text:s`` as its spaces, tabs and line breaks."""
    out = [element.text or ""]
    for child in element:
        if child.tag in _NOT_TEXT:
            pass
        elif child.tag == _T + "s":
            out.append(" " * int(child.get(_T + "c", "1") or 1))
        elif child.tag == _T + "tab":
            out.append("\t")
        elif child.tag == _T + "line-break":
            out.append("\n")
        elif isinstance(child.tag, str):
            out.append(_text(child))
        out.append(child.tail or "")
    return "".join(out)
