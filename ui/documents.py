"""The Check page's documents: uploads read by format (``truthometer.documents``), and the checked text
written back as a Word file with the reviewer's accepted corrections as tracked changes."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from truthometer.documents import UPLOAD_TYPES, ExtractedDocument, document_from_bytes, format_of
from truthometer.documents.export import export
from truthometer.documents.text_reader import read_plain

__all__ = ["UPLOAD_TYPES", "CheckedSource", "checked_source", "read_upload", "sentence_place",
           "tracked_docx_download", "upload_label"]

#: Shown beside the upload widgets.
upload_label = ".txt, .md, .docx, .odt, .pdf or .html"


@dataclass(frozen=True)
class CheckedSource:
    """What a check read: the document (its blocks locate every sentence) and, for an upload, its bytes."""

    document: ExtractedDocument
    data: bytes | None = None


def read_upload(upload, limit: int, progress=None) -> ExtractedDocument:
    """An uploaded file extracted by its name's format; InputError (one line) when it cannot be."""
    return document_from_bytes(upload.getvalue(), upload.name, limit, progress=progress)


def checked_source(upload, body: str, document: ExtractedDocument | None = None) -> CheckedSource:
    """The source of a check: the uploaded file (``document`` as read from it) or the pasted text."""
    if upload is not None and document is not None:
        return CheckedSource(document, upload.getvalue())
    return CheckedSource(read_plain(body, "pasted text", "txt"))


def sentence_place(source: CheckedSource | None, sentence) -> str:
    """"article.docx, paragraph 7" for a sentence of an uploaded DOCX/ODT/PDF/HTML file; "" otherwise."""
    if source is None or not source.document.located:
        return ""
    place = source.document.locator(sentence.start)
    return f"{source.document.name}, {place}" if place else ""


def tracked_docx_download(source: CheckedSource, report, review, reviewer: str) -> tuple[bytes, str]:
    """(DOCX bytes, file name): the checked document with the corrections the reviewer accepted (or wrote)
    as tracked changes by ``reviewer``, and a comment on each flagged sentence. An uploaded DOCX is
    written back as itself; any other text becomes a new Word file."""
    data = export("docx", source.document, report, source.data, review=review, reviewer=reviewer)
    stem = Path(source.document.name).stem if format_of(source.document.name) != "txt" or source.data else "checked"
    return data, f"{stem or 'checked'}-tracked.docx"
