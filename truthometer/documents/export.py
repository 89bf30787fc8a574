"""Writing a checked document back: ``export`` picks the writer for the output format and the input's."""
from __future__ import annotations

import io
from datetime import datetime

from lxml import etree

from ..errors import InputError
from .changes import changes, proposed, reviewed
from .model import ExtractedDocument

#: `check --format` values that write the document rather than a report.
DOCUMENT_FORMATS = ("docx", "corrected")
W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def decided_changes(report, review=None) -> dict[int, str]:
    """What the export writes: the reviewer's accepted corrections, or without a review every proposed one."""
    return reviewed(report, review) if review is not None else proposed(report)


def located_report(report, document: ExtractedDocument) -> dict:
    """The report's JSON data with each sentence's ``locator`` in ``document`` ("page 3", "paragraph 7",
    "table 1, row 2, cell 1") where the document's blocks are located; the report as it is otherwise."""
    data = report.to_dict()
    if document.located:
        for sentence, row in zip(report.sentences, data["sentences"]):
            row["locator"] = document.locator(sentence.start)
    return data


def check_writable(kind: str, document: ExtractedDocument) -> None:
    """InputError, before any check runs, where ``kind`` cannot be written for ``document``."""
    if kind == "corrected" and document.format in ("pdf", "odt"):
        article = "an" if document.format == "odt" else "a"
        raise InputError(f"{document.name}: {article} {document.format.upper()} file cannot be written back; use "
                         "--format docx for a Word file with the corrections as tracked changes")


def export(kind: str, document: ExtractedDocument, report, data: bytes | None = None, review=None,
           reviewer: str = "", when: datetime | None = None) -> bytes:
    """The bytes of ``kind`` ("docx": tracked changes and comments; "corrected": the input's own format with
    the changes applied) for ``document`` as checked in ``report``. ``data`` is the file as read (needed
    for DOCX and HTML input)."""
    from .docx_writer import DEFAULT_REVIEWER, tracked_docx

    decided = decided_changes(report, review)
    source = data if document.format == "docx" else None
    if kind == "docx":
        return tracked_docx(document, report, decided, source, reviewer or DEFAULT_REVIEWER, when).data
    if kind != "corrected":
        raise InputError(f"unknown document format {kind!r}")
    if document.format == "docx":
        return accept_all(tracked_docx(document, report, decided, source, reviewer or DEFAULT_REVIEWER, when).data)
    if document.format == "html":
        from .corrected import corrected_html

        return corrected_html(data, document, changes(report, decided))
    check_writable(kind, document)
    from .corrected import corrected_text

    return corrected_text(document, changes(report, decided)).encode("utf-8")


def accept_all(data: bytes) -> bytes:
    """A DOCX with every tracked change accepted, as Word's "Accept All" does: deletions removed,
    insertions kept as plain runs (comments stay)."""
    import zipfile

    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            content = source.read(info)
            if info.filename == "word/document.xml":
                content = accepted_xml(content)
            target.writestr(info, content)
    return out.getvalue()


def accepted_xml(content: bytes) -> bytes:
    root = etree.fromstring(content, etree.XMLParser(resolve_entities=False))
    for element in list(root.iter(f"{{{W}}}del", f"{{{W}}}moveFrom")):
        element.getparent().remove(element)
    for element in list(root.iter(f"{{{W}}}ins", f"{{{W}}}moveTo")):
        parent = element.getparent()
        position = parent.index(element)
        for child in reversed(list(element)):
            parent.insert(position, child)
        parent.remove(element)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
