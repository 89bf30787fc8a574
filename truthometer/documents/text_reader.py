"""Plain text and Markdown in: the text exactly as written (the checker reads Markdown's markup itself), its
blocks the paragraphs between blank lines, located by line."""
from __future__ import annotations

import re

from .model import HEADING, LIST_ITEM, PARAGRAPH, Block, ExtractedDocument

_BREAK = re.compile(r"\n[ \t]*\n")


def read_plain(text: str, name: str, kind: str = "txt") -> ExtractedDocument:
    blocks, position = [], 0
    for piece in [*_BREAK.finditer(text), None]:
        end = piece.start() if piece else len(text)
        chunk = text[position:end]
        if chunk.strip():
            line = text.count("\n", 0, position) + 1
            blocks.append(Block(chunk, _kind(chunk, kind), f"line {line}", position, end, line))
        position = piece.end() if piece else end
    return ExtractedDocument(name, kind, text, tuple(blocks))


def _kind(chunk: str, kind: str) -> str:
    first = chunk.lstrip()
    if kind == "md" and first.startswith("#"):
        return HEADING
    if re.match(r"(?:[*+-]|\d+[.)])\s", first):
        return LIST_ITEM
    return PARAGRAPH
