"""Markup is not content: HTML tags and inline Markdown are removed the same way from claims and evidence.

"**Paris**", "[Paris](https://…)" and "<b>Paris</b>" state the same fact as "Paris"; a ``<script>`` or
``<style>`` block, or an HTML comment, states none and never becomes a claim.
"""
from __future__ import annotations

import re

_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_EMPHASIS = re.compile(r"(?<!\w)(\*\*|__|\*|_|`)(?=\S)(.+?)(?<=\S)\1(?!\w)")
#: Elements whose content is code or styling, and comments; matched across lines.
_BLOCK = re.compile(r"<(script|style|template|noscript)\b[^>]*>.*?(?:</\1\s*>|\Z)|<!--.*?(?:-->|\Z)",
                    re.IGNORECASE | re.DOTALL)
#: A start or end tag (a name right after "<", so "3 < 4 and 5 > 2" is left alone).
_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9:-]*(?:\s[^<>]*)?/?>")
_BLOCK_TAG = re.compile(r"</?(p|div|h[1-6]|li|ul|ol|br|tr|td|th|table|section|article|header|footer|blockquote|pre|hr)\b",
                        re.IGNORECASE)
_GAP = re.compile(r"[ \t]{2,}")


def mask_markup(text: str) -> str:
    """``text`` with every HTML tag, script/style block and comment replaced by spaces of the same length
    (line breaks kept), so offsets into the masked text are offsets into ``text``."""
    def blank(match: re.Match) -> str:
        return re.sub(r"[^\n]", " ", match.group(0))

    def tag(match: re.Match) -> str:
        # A block element ends a sentence ("<h1>Landmarks</h1><p>The tower ..."): a paragraph break.
        return "\n\n" + blank(match)[2:] if _BLOCK_TAG.match(match.group(0)) else blank(match)

    return _TAG.sub(tag, _BLOCK.sub(blank, text))


def plain_text(text: str) -> str:
    """``text`` without HTML markup and inline Markdown, runs of spaces left by removed tags closed up."""
    if "<" in text:
        text = mask_markup(text)
    if "  " in text:  # the gaps a masked tag leaves
        text = _GAP.sub(lambda m: "" if m.end() < len(text) and text[m.end()] in ".,;:!?)" else " ", text).strip()
    text = _LINK.sub(r"\1", text)
    previous = None
    while previous != text:  # nested emphasis: ***x*** → x
        previous, text = text, _EMPHASIS.sub(r"\2", text)
    return text
