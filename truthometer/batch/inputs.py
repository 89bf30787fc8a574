"""The documents of a batch: a folder of .txt/.md (and .docx/.pdf/.html) files, or a JSONL file of {"id", "text",
"references"}.

Reading never stops at a bad document: it comes out as a Document with ``error`` set, which the run
writes as an error line and skips. Only an INPUT that cannot be read at all raises InputError.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from ..config import MAX_REFERENCE_CHARS, MAX_TEXT_CHARS
from ..errors import InputError
from ..textio import decode_text, validate_text

TEXT_SUFFIXES = (".txt", ".md", ".markdown")
#: What a folder's files may be: text, and the documents ``truthometer.documents`` reads.
FOLDER_SUFFIXES = TEXT_SUFFIXES + (".docx", ".odt", ".pdf", ".html", ".htm")


@dataclass
class Document:
    id: str | None
    text: str = ""
    references: list[tuple[str, str]] = field(default_factory=list)
    #: The JSONL line it came from (None for a folder's files).
    line: int | None = None
    error: str | None = None
    #: An id already used earlier in the input: the document is reported, never checked.
    duplicate: bool = False

    @property
    def key(self) -> tuple:
        """What a results line is matched by when a run resumes: the id, or the JSONL line where there is
        no id of its own (malformed line, missing id, duplicate id)."""
        return key_of(self.id, self.line, self.duplicate)

    def payload(self) -> tuple:
        return (self.id, self.line, self.text, self.references)


def key_of(doc_id, line, duplicate: bool = False) -> tuple:
    if doc_id is None or duplicate:
        return ("line", line)
    return ("id", doc_id)


def read_documents(path: str | Path, references: list[tuple[str, str]] = ()) -> Iterator[Document]:
    """Every document of INPUT, in a stable order (a folder's files sorted by relative path, a JSONL
    file's lines in order). ``references`` are added to every document's own."""
    p = Path(path)
    if p.is_dir():
        yield from _folder(p, list(references))
    elif p.is_file():
        if p.suffix.lower() in FOLDER_SUFFIXES:
            raise InputError(f"{path}: one text; give a folder of texts or a JSONL file (or use `check` for one text)")
        yield from _jsonl(p, list(references))
    elif not p.exists():
        raise InputError(f"{path}: no such file or folder")
    else:
        raise InputError(f"{path}: not a folder or a regular file")


def text_files(root: Path) -> list[Path]:
    """The .txt/.md/.docx/.pdf/.html files under ``root``, hidden files and folders left out, sorted by
    relative path."""
    found = []
    for candidate in root.rglob("*"):
        relative = candidate.relative_to(root)
        if any(part.startswith(".") for part in relative.parts):
            continue
        if candidate.suffix.lower() in FOLDER_SUFFIXES and candidate.is_file():
            found.append(relative)
    return sorted(found, key=lambda r: r.as_posix())


def _folder(root: Path, references: list) -> Iterator[Document]:
    for relative in text_files(root):
        doc_id = relative.as_posix()
        try:
            text = _read_file(root / relative, doc_id)
        except InputError as exc:
            yield Document(doc_id, error=str(exc))
            continue
        except OSError as exc:
            yield Document(doc_id, error=f"{doc_id}: cannot be read ({exc.strerror or exc})")
            continue
        yield Document(doc_id, text, list(references))


def _read_file(path: Path, doc_id: str) -> str:
    """A folder's file as text: plain text and Markdown decoded, a DOCX/PDF/HTML file extracted."""
    from ..documents import MAX_FILE_BYTES, document_from_bytes, format_of

    cap = MAX_TEXT_CHARS * 4 if format_of(doc_id) in ("txt", "md") else MAX_FILE_BYTES
    with path.open("rb") as handle:
        data = handle.read(cap + 1)
    if len(data) > cap:
        raise InputError(f"{doc_id}: over the limit of {MAX_TEXT_CHARS:,} characters; split it")
    if format_of(doc_id) in ("txt", "md"):
        return decode_text(data, doc_id, MAX_TEXT_CHARS)
    return document_from_bytes(data, doc_id, MAX_TEXT_CHARS).text


def _jsonl(path: Path, references: list) -> Iterator[Document]:
    first_line: dict[str, int] = {}
    with path.open("rb") as handle:
        for number, raw in enumerate(handle, 1):
            if not raw.strip():
                continue
            doc = _parse_line(raw, number, references)
            if doc.id is not None:
                if doc.id in first_line:
                    doc = Document(doc.id, line=number, duplicate=True,
                                   error=f"line {number}: duplicate id {doc.id!r} (first on line "
                                         f"{first_line[doc.id]}); not checked")
                else:
                    first_line[doc.id] = number
            yield doc


def _parse_line(raw: bytes, number: int, references: list) -> Document:
    where = f"line {number}"
    try:
        row = json.loads(raw.decode("utf-8-sig" if number == 1 else "utf-8"))
    except UnicodeDecodeError as exc:
        return Document(None, line=number, error=f"{where}: not UTF-8 (byte {exc.start})")
    except json.JSONDecodeError as exc:
        return Document(None, line=number, error=f"{where}: not JSON ({exc.msg}, column {exc.colno})")
    if not isinstance(row, dict):
        return Document(None, line=number, error=f"{where}: not a JSON object")
    doc_id = row.get("id")
    if isinstance(doc_id, int) and not isinstance(doc_id, bool):
        doc_id = str(doc_id)
    if not isinstance(doc_id, str) or not doc_id.strip():
        return Document(None, line=number, error=f"{where}: no \"id\" (a non-empty string)")
    name = f"{where} ({doc_id!r})"
    text = row.get("text")
    if not isinstance(text, str):
        return Document(doc_id, line=number, error=f"{name}: no \"text\" (a string)")
    try:
        validate_text(text, name, MAX_TEXT_CHARS)
        own = _references(row.get("references", []), name)
    except InputError as exc:
        return Document(doc_id, line=number, error=str(exc))
    return Document(doc_id, text, own + list(references), line=number)


def _references(value, name: str) -> list[tuple[str, str]]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise InputError(f"{name}: \"references\" must be a list of texts or {{\"name\", \"text\"}} objects")
    out = []
    for number, item in enumerate(value, 1):
        if isinstance(item, str):
            ref_name, text = f"reference {number}", item
        elif isinstance(item, dict) and isinstance(item.get("text"), str):
            ref_name, text = str(item.get("name") or f"reference {number}"), item["text"]
        else:
            raise InputError(f"{name}: reference {number} is neither a text nor a {{\"name\", \"text\"}} object")
        if len(text) > MAX_REFERENCE_CHARS:
            raise InputError(f"{name}: reference {number} is {len(text):,} characters, over the limit of "
                             f"{MAX_REFERENCE_CHARS:,}")
        if text.strip():
            out.append((ref_name, text))
    return out
