"""Documents editors have: Word (and OpenDocument text), PDF, HTML, Markdown and plain text, read into located blocks.

``read_document(path)`` and ``document_from_bytes(data, name)`` give an ``ExtractedDocument``: the text
the checker reads (blocks joined by a blank line) and, for every block, where it is in the file, so that
evidence from a reference reads "manual.pdf, page 12" and a correction finds its way back into a DOCX
(``docx_writer``) or an HTML or Markdown file (``corrected``). Plain text and Markdown are read as they
are, so their reports do not change.
"""
from __future__ import annotations

import sys
from pathlib import Path

from ..config import MAX_TEXT_CHARS
from ..errors import InputError
from ..textio import decode_text, validate_text
from .model import Block, ExtractedDocument, Location
from .safety import MAX_FILE_BYTES, DocumentError
from .text_reader import read_plain

#: File name endings -> format.
FORMATS = {".docx": "docx", ".odt": "odt", ".pdf": "pdf", ".html": "html", ".htm": "html", ".xhtml": "html",
           ".md": "md", ".markdown": "md", ".txt": "txt"}
#: What upload widgets accept.
UPLOAD_TYPES = ["txt", "md", "markdown", "docx", "odt", "pdf", "html", "htm"]

__all__ = ["Block", "DocumentError", "ExtractedDocument", "FORMATS", "Location", "UPLOAD_TYPES",
           "document_from_bytes", "format_of", "read_document"]


def format_of(name: str) -> str:
    """The format a file name says; anything unknown is read as plain text, as before."""
    return FORMATS.get(Path(name).suffix.lower(), "txt")


def document_from_bytes(data: bytes, name: str, limit: int = MAX_TEXT_CHARS, progress=None) -> ExtractedDocument:
    """An uploaded or read file, extracted by its name's format; InputError (one line) when it cannot be."""
    kind = format_of(name)
    if kind in ("txt", "md"):
        return read_plain(decode_text(data, name, limit), name, kind)
    _refuse_mismatch(data, name, kind)
    if kind == "docx":
        from .docx_reader import read_docx

        document = read_docx(data, name)
    elif kind == "odt":
        from .odt_reader import read_odt

        document = read_odt(data, name)
    elif kind == "pdf":
        from .pdf_reader import read_pdf

        document = read_pdf(data, name, progress=progress, max_chars=limit)
    else:
        from .html_reader import read_html

        document = read_html(data, name)
    validate_text(document.text, name, limit)
    return document


def _refuse_mismatch(data: bytes, name: str, kind: str) -> None:
    """A file whose first bytes say another format than its name: a clear message, not a parser's."""
    head = data[:8].lstrip()
    if kind == "odt" and not data.startswith(b"PK"):
        raise DocumentError(f"{name}: not an OpenDocument text (.odt) file")
    if kind == "docx" and not data.startswith(b"PK"):
        raise DocumentError(f"{name}: not a Word (.docx) file" +
                            (" (an old .doc? save it as .docx)" if data.startswith(b"\xd0\xcf\x11\xe0") else ""))
    if kind == "pdf" and b"%PDF" not in data[:1024]:
        raise DocumentError(f"{name}: not a PDF file")
    if kind == "html" and (b"\x00" in data[:8192] or head.startswith((b"PK", b"%PDF"))):
        raise DocumentError(f"{name}: not an HTML file")


def read_document(path: str, what: str = "input", limit: int = MAX_TEXT_CHARS, progress=None) -> ExtractedDocument:
    """A file (or standard input for '-', read as text) extracted by its format."""
    if path == "-":
        return read_plain(decode_text(sys.stdin.buffer.read(), f"{what} (stdin)", limit), "-", "txt")
    p = Path(path)
    if not p.exists():
        raise InputError(f"{path}: no such file")
    if not p.is_file():
        raise InputError(f"{path}: not a regular file")
    kind = format_of(path)
    # Text is refused past its limit unread; a packed format is bounded by its byte limit.
    cap = limit * 4 if kind in ("txt", "md") else MAX_FILE_BYTES
    with p.open("rb") as handle:
        data = handle.read(cap + 1)
    if len(data) > cap:
        raise InputError(f"{path}: over the limit of {limit:,} characters; split it" if kind in ("txt", "md")
                         else f"{path}: over the limit of {MAX_FILE_BYTES // 2**20} MB")
    return document_from_bytes(data, path, limit, progress)
