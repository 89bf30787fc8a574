"""PDF in: each page's text, running headers, footers and page numbers dropped, cut into paragraphs."""
from __future__ import annotations

import io
import logging
import re
from collections import Counter

from .model import HEADING, LIST_ITEM, PARAGRAPH, ExtractedDocument, assemble
from .safety import MAX_PDF_PAGES, DocumentError, check_size

#: "12", "- 12 -", "Page 12", "page 12 of 200", "12/200", "xii".
_PAGE_NUMBER = re.compile(r"^\s*(?:[-–—]\s*)?(?:page\s+)?(?:\d{1,4}|[ivxlcdm]{1,6})(?:\s*(?:of|/)\s*\d{1,4})?"
                          r"(?:\s*[-–—])?\s*$", re.IGNORECASE)
#: Lines of a page's top and bottom looked at for running headers and footers.
_EDGE = 2
_ENDS_SENTENCE = re.compile(r"[.!?:;][\"”')\]]*$")
#: A list item's mark: bullets, including the private-use glyphs of Symbol and Wingdings fonts.
_BULLET = re.compile(r"^\s*(?:[•◦▪●‣⁃\uf0b7\uf0a7\uf0d8\uf076\uf0fc\uf06e]|[-*–](?=\s))\s*")


def read_pdf(data: bytes, name: str, progress=None, max_chars: int | None = None) -> ExtractedDocument:
    """``progress(fraction, message)``, when given, hears of every page; reading stops once ``max_chars``
    of text were read (the caller refuses the text then)."""
    pages = _page_texts(data, name, progress, max_chars)
    if not any(text.strip() for text in pages):
        raise DocumentError(f"{name}: has no text layer (a scanned or image-only PDF?); run OCR on it first")
    boilerplate = _running_lines(pages)
    pieces = []
    for number, text in enumerate(pages, 1):
        lines = _content_lines(text, number, boilerplate)
        for kind, paragraph in _paragraphs(lines):
            pieces.append((paragraph, kind, f"page {number}", number))
    return assemble(name, "pdf", pieces)


def _page_texts(data: bytes, name: str, progress, max_chars: int | None) -> list[str]:
    check_size(data, name)
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    # pypdf logs every repaired cross-reference table as a warning: noise for a user, not an error.
    logging.getLogger("pypdf").setLevel(logging.ERROR)
    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):
            raise DocumentError(f"{name}: is encrypted (password-protected); save an unprotected copy")
        count = len(reader.pages)
    except DocumentError:
        raise
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, OSError) as exc:
        raise DocumentError(f"{name}: not a readable PDF file ({_why(exc)})") from exc
    except NotImplementedError as exc:  # an encryption algorithm pypdf cannot undo
        raise DocumentError(f"{name}: is encrypted in a way that cannot be read ({exc})") from exc
    if count > MAX_PDF_PAGES:
        raise DocumentError(f"{name}: {count:,} pages is over the limit of {MAX_PDF_PAGES:,}; split it")
    texts, total = [], 0
    for number in range(count):
        if progress:
            progress(number / max(1, count), f"reading {name}: page {number + 1} of {count}")
        try:
            text = reader.pages[number].extract_text() or ""
        except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, OSError, ZeroDivisionError) as exc:
            raise DocumentError(f"{name}: page {number + 1} cannot be read ({_why(exc)})") from exc
        texts.append(text)
        total += len(text)
        if max_chars is not None and total > max_chars:
            raise DocumentError(f"{name}: over the limit of {max_chars:,} characters by page {number + 1} "
                                f"of {count}; split it")
    if progress:
        progress(1.0, f"read {name}: {count} pages")
    return texts


def _why(exc: Exception) -> str:
    return str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__


def _shape(line: str) -> str:
    """A line with its numbers blanked: a running header reads the same on every page but its number."""
    return re.sub(r"\d+", "#", " ".join(line.split())).lower()


def _running_lines(pages: list[str]) -> set[str]:
    """Top and bottom lines that recur on at least half the pages (three pages or more): as they read, or
    with their numbers blanked where each carries its own page's number ("Report 2024 - page 7")."""
    if len(pages) < 3:
        return set()
    exact: Counter = Counter()
    numbered: Counter = Counter()
    for number, text in enumerate(pages, 1):
        lines = [line for line in text.splitlines() if line.strip()]
        edge = lines[:_EDGE] + lines[-_EDGE:]
        exact.update({" ".join(line.split()).lower() for line in edge})
        numbered.update({_shape(line) for line in edge if _numbered(line, number)})
    enough = max(3, len(pages) // 2)
    return {line for line, n in exact.items() if n >= enough} | {shape for shape, n in numbered.items() if n >= enough}


def _boilerplate(line: str, page: int, running: set[str]) -> bool:
    if _PAGE_NUMBER.match(line) or " ".join(line.split()).lower() in running:
        return True
    return _shape(line) in running and _numbered(line, page)


def _numbered(line: str, page: int) -> bool:
    """A line that may be a running header or footer carrying its page's number: short, no sentence."""
    return str(page) in re.findall(r"\d+", line) and len(line.split()) <= 10 and not _ENDS_SENTENCE.search(line)


def _content_lines(text: str, page: int, running: set[str]) -> list[str]:
    lines = text.splitlines()
    filled = [i for i, line in enumerate(lines) if line.strip()]
    edges = set(filled[:_EDGE] + filled[-_EDGE:])
    return [line.rstrip() for i, line in enumerate(lines) if not (i in edges and _boilerplate(line, page, running))]


def _paragraphs(lines: list[str]) -> list[tuple[str, str]]:
    """(kind, text) paragraphs: a blank line ends one, so does a short line after which a new sentence
    starts; a short line without final punctuation before a longer one is a heading."""
    widths = sorted(len(line) for line in lines if line.strip())
    full = widths[int(len(widths) * 0.8)] if widths else 0
    out, current = [], []

    def flush(kind=PARAGRAPH):
        if current:
            out.append((kind, _join(current)))
            current.clear()

    kind = PARAGRAPH
    for i, line in enumerate(lines):
        if not line.strip():
            flush(kind)
            kind = PARAGRAPH
            continue
        bullet = _BULLET.match(line)
        if bullet:
            flush(kind)
            kind, line = LIST_ITEM, line[bullet.end():]
        following = next((lines[j] for j in range(i + 1, len(lines)) if lines[j].strip()), "")
        short = len(line) < 0.7 * full
        after_sentence = not current or _ENDS_SENTENCE.search(current[-1])
        if short and after_sentence and not _ENDS_SENTENCE.search(line) and len(following) > len(line) \
                and following[:1].isupper() and line[:1].isupper() and len(line.split()) <= 12:
            flush(kind)
            current.append(line)
            flush(HEADING)
            kind = PARAGRAPH
            continue
        current.append(line)
        if short and _ENDS_SENTENCE.search(line) and following[:1].isupper() or _BULLET.match(following):
            flush(kind)
            kind = PARAGRAPH
    flush(kind)
    return out


def _join(lines: list[str]) -> str:
    text = ""
    for line in (line.strip() for line in lines):
        if text.endswith("-") and line[:1].islower() and text[-2:-1].isalpha():
            text = text[:-1] + line  # a word hyphenated at the line's end
        else:
            text = f"{text} {line}" if text else line
    return text
