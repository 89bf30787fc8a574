"""HTML in: every innermost block element (heading, paragraph, list item, table cell ...) a block, located
by its element path; scripts, styles and navigation left out. The writer in ``corrected.py`` finds a
block again by the same path and the same text nodes."""
from __future__ import annotations

import re

from lxml import etree, html

from .model import HEADING, LIST_ITEM, PARAGRAPH, TABLE_CELL, ExtractedDocument, assemble
from .safety import DocumentError, check_size

BLOCKS = {"p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "td", "th", "dt", "dd", "blockquote", "pre",
          "figcaption", "caption", "address", "summary", "div", "section", "article", "main", "header",
          "footer", "aside", "ul", "ol", "dl", "table", "tr", "tbody", "thead", "body", "form", "fieldset",
          "figure", "details", "nav"}
#: Never text to check: code, styling and navigation.
SKIP = {"script", "style", "noscript", "template", "nav", "head", "svg", "math", "iframe", "object"}
_KINDS = {**{f"h{n}": HEADING for n in range(1, 7)}, "li": LIST_ITEM, "dt": LIST_ITEM, "dd": LIST_ITEM,
          "td": TABLE_CELL, "th": TABLE_CELL}
_SPACE = re.compile(r"\s+")


_CHARSET = re.compile(rb"<meta[^>]+charset\s*=\s*[\"']?\s*([\w-]+)", re.IGNORECASE)


def declared_charset(data: bytes) -> str | None:
    """The charset a ``<meta>`` declares, when Python knows it."""
    import codecs

    found = _CHARSET.search(data[:4096])
    if not found:
        return None
    try:
        return codecs.lookup(found.group(1).decode("ascii")).name
    except (LookupError, UnicodeDecodeError):
        return None


def parse(data: bytes, name: str):
    check_size(data, name)
    # lxml reads bytes without a declared charset as Latin-1; a file that is valid UTF-8 is UTF-8.
    declared = _CHARSET.search(data[:4096])
    encoding = None
    if not declared and not data.startswith(b"\xef\xbb\xbf"):
        try:
            data.decode("utf-8")
            encoding = "utf-8"
        except UnicodeDecodeError:
            pass
    try:
        root = html.document_fromstring(data, parser=html.HTMLParser(encoding=encoding) if encoding else None)
    except (etree.ParserError, ValueError) as exc:
        raise DocumentError(f"{name}: not a readable HTML file ({exc})") from exc
    return root


def read_html(data: bytes, name: str) -> ExtractedDocument:
    root = parse(data, name)
    tree = root.getroottree()
    pieces = []
    for element, loose in leaf_blocks(root):
        path = tree.getpath(element)
        if loose:  # a container's own text beside its blocks: read, but no writer finds it again
            pieces.append((" ".join(loose.split()), _KINDS.get(element.tag, PARAGRAPH), short_path(path), None))
            continue
        text, _ = collapsed(text_nodes(element))
        pieces.append((text, _KINDS.get(element.tag, PARAGRAPH), short_path(path), path))
    return assemble(name, "html", pieces)


def short_path(path: str) -> str:
    return re.sub(r"^/html(?:/body)?/?", "", path) or "body"


def _tag(element) -> str:
    return element.tag if isinstance(element.tag, str) else ""


def leaf_blocks(root) -> list[tuple[object, str]]:
    """(element, "") for each block element with no block element inside, in document order, outside
    skipped elements; (container, its own text) before the blocks of a container that also holds text of
    its own ("<li>Paris<ul><li>Louvre</li></ul></li>"), so no text is lost."""
    out = []

    def walk(element):
        if _tag(element) in SKIP:
            return
        children = [c for c in element if _tag(c)]
        if _tag(element) in BLOCKS and not any(_has_block(c) for c in children):
            out.append((element, ""))
            return
        loose = [element.text or ""]
        for child in element:
            if _tag(child) and _tag(child) not in SKIP and not _has_block(child):
                loose.append(child.text_content())
            loose.append(child.tail or "")
        if "".join(loose).strip():
            out.append((element, "".join(loose)))
        for child in children:
            if _has_block(child):  # an inline child's text is in ``loose`` already
                walk(child)

    body = root.find("body")
    walk(body if body is not None else root)
    return out


def _has_block(element) -> bool:
    if _tag(element) in SKIP:
        return False
    return _tag(element) in BLOCKS or any(_has_block(c) for c in element if _tag(c))


def text_nodes(element) -> list[tuple[object, str]]:
    """(element, "text" | "tail") for every piece of text inside ``element``, in reading order."""
    out = []

    def walk(node):
        if node.text:
            out.append((node, "text"))
        for child in node:
            if _tag(child) == "br":
                out.append((child, "br"))
            elif _tag(child) and _tag(child) not in SKIP:
                walk(child)
            if child.tail:
                out.append((child, "tail"))

    walk(element)
    return out


def node_value(node, attribute: str) -> str:
    return "\n" if attribute == "br" else (getattr(node, attribute) or "")


def collapsed(nodes) -> tuple[str, list[tuple[int, int]]]:
    """The nodes' text with runs of white space made one space, stripped, and for each character of it
    (node number, offset in that node's text)."""
    chars: list[tuple[str, int, int]] = []
    for number, (node, attribute) in enumerate(nodes):
        for offset, ch in enumerate(node_value(node, attribute)):
            chars.append((ch, number, offset))
    text, where, pending = [], [], None
    for ch, number, offset in chars:
        if ch.isspace():
            pending = pending or (number, offset)
            continue
        if pending and text:
            text.append(" ")
            where.append(pending)
        pending = None
        text.append(ch)
        where.append((number, offset))
    return "".join(text), where
