"""What an extracted document is: its text as the checker reads it, cut into located blocks.

Blocks are joined by a blank line, which ends a sentence for the segmenter, so no sentence spans two
blocks and every character offset of the text maps back to one block and a place inside it.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass, field

#: What separates two blocks in the extracted text.
SEPARATOR = "\n\n"

HEADING, PARAGRAPH, LIST_ITEM, TABLE_CELL = "heading", "paragraph", "list item", "table cell"


@dataclass(frozen=True)
class Block:
    """One heading, paragraph, list item or table cell, and where it is in the file.

    ``start``/``end`` are offsets into the extracted text; ``locator`` says where the block is in words
    ("page 12", "paragraph 7", "body/article/p[3]"); ``anchor`` is what a writer needs to find it again
    (a DOCX paragraph's index among the body's paragraphs, an HTML element's path, a PDF page number, a
    text file's line).
    """

    text: str
    kind: str
    locator: str
    start: int = 0
    end: int = 0
    anchor: int | str | None = None


@dataclass(frozen=True)
class Location:
    block: Block
    offset: int  # characters from the block's start

    def describe(self) -> str:
        return self.block.locator


@dataclass(frozen=True)
class ExtractedDocument:
    """A file read for checking. Picklable (a batch sends it to worker processes)."""

    name: str
    format: str  # docx | pdf | html | md | txt | odt
    text: str
    blocks: tuple[Block, ...] = ()
    notes: tuple[str, ...] = field(default=())

    def locate(self, offset: int) -> Location | None:
        """The block holding character ``offset`` of ``text`` (a separator belongs to the block before)."""
        if not self.blocks:
            return None
        starts = [b.start for b in self.blocks]
        i = max(0, bisect.bisect_right(starts, offset) - 1)
        block = self.blocks[i]
        return Location(block, max(0, min(offset, block.end) - block.start))

    def locator(self, offset: int) -> str:
        """Where ``offset`` is, in words: "page 12", "paragraph 7"; "" where the document has no blocks."""
        location = self.locate(offset)
        return location.describe() if location else ""

    @property
    def located(self) -> bool:
        """Whether locators say more than a sentence's position (plain text and Markdown keep "#N")."""
        return self.format in ("docx", "pdf", "html", "odt")


def assemble(name: str, format: str, pieces: list[tuple[str, str, str, int | str | None]],
             notes: tuple[str, ...] = ()) -> ExtractedDocument:
    """Blocks from (text, kind, locator, anchor) pieces, empty ones dropped, joined by ``SEPARATOR``."""
    blocks, parts, position = [], [], 0
    for text, kind, locator, anchor in pieces:
        if not text.strip():
            continue
        if parts:
            parts.append(SEPARATOR)
            position += len(SEPARATOR)
        blocks.append(Block(text, kind, locator, position, position + len(text), anchor))
        parts.append(text)
        position += len(text)
    return ExtractedDocument(name, format, "".join(parts), tuple(blocks), tuple(notes))
