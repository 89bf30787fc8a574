"""The checked file in its own format with the corrections applied: Markdown and plain text as written but
for the changed words, HTML with the changed words put into its text nodes (tags and attributes kept)."""
from __future__ import annotations

from lxml import html

from .changes import Change, apply, xml_safe
from .html_reader import collapsed, declared_charset, parse, text_nodes
from .model import ExtractedDocument


def corrected_text(document: ExtractedDocument, edits: list[Change]) -> str:
    return apply(document.text, edits)


def corrected_html(data: bytes, document: ExtractedDocument, edits: list[Change]) -> bytes:
    """``data`` re-serialised with each change in the element its block came from; a change whose block
    no longer reads as extracted is left out."""
    root = parse(data, document.name)
    tree = root.getroottree()
    for c in sorted(edits, key=lambda c: (c.start, c.end), reverse=True):
        location = document.locate(c.start)
        if location is None or not isinstance(location.block.anchor, str):
            continue
        block = location.block
        found = tree.xpath(block.anchor)
        if not found or c.end > block.end:
            continue
        nodes = text_nodes(found[0])
        text, where = collapsed(nodes)
        if text != block.text:
            continue
        _replace(nodes, where, c.start - block.start, c.end - block.start, xml_safe(c.new))
    # Written in the charset the file declares, so its <meta> stays true (characters it lacks as references).
    return html.tostring(tree, encoding=declared_charset(data) or "utf-8", doctype=tree.docinfo.doctype or None)


def _replace(nodes, where, start: int, end: int, new: str) -> None:
    """Put ``new`` in place of collapsed characters [start, end) of the nodes' text."""
    if start < len(where):
        first, first_offset = where[start]
    else:  # an insertion at the block's end: after its last character
        first, first_offset = where[-1][0], where[-1][1] + 1
    last, last_offset = (where[end - 1][0], where[end - 1][1] + 1) if end > start else (first, first_offset)
    for number in range(first, last + 1):
        node, attribute = nodes[number]
        if attribute == "br":
            continue
        value = getattr(node, attribute) or ""
        head = value[:first_offset] + new if number == first else ""
        tail = value[last_offset:] if number == last else ""
        setattr(node, attribute, head + tail)
