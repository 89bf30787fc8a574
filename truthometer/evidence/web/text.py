"""Page and snippet text made safe plain text: web content is hostile wherever it is shown.

Extraction already yields text, but a page can *say* "<script>…" in its prose or a search engine can
send highlighted HTML snippets; what comes out of here has no tag-like sequences and no control
characters, so it is inert even before the renderers escape it.
"""
from __future__ import annotations

import html
import re

_TAG = re.compile(r"<\s*/?\s*[A-Za-z!?][^<>]*>")
_SCRIPT_BLOCK = re.compile(r"<\s*(script|style)\b[^>]*>.*?<\s*/\s*\1\s*>", re.IGNORECASE | re.DOTALL)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")
_SPACE = re.compile(r"[ \t\r\f\v\u00a0]+")


def clean_text(text: str, keep_newlines: bool = False) -> str:
    """Plain text: HTML entities decoded, script/style blocks and tags removed, spaces collapsed."""
    if not text:
        return ""
    text = html.unescape(text)
    text = _SCRIPT_BLOCK.sub(" ", text)
    text = _TAG.sub(" ", text)
    text = text.replace("<", "‹").replace(">", "›")  # a stray bracket can never open markup
    text = _CONTROL.sub("", text)
    if keep_newlines:
        lines = (_SPACE.sub(" ", line).strip() for line in text.split("\n"))
        return "\n".join(line for line in lines if line)
    return " ".join(text.split())
