"""Inline Markdown removed before checking: "**Paris**" and "[Paris](https://…)" state the same fact as "Paris"."""
from __future__ import annotations

import re

_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_EMPHASIS = re.compile(r"(?<!\w)(\*\*|__|\*|_|`)(?=\S)(.+?)(?<=\S)\1(?!\w)")


def plain_text(text: str) -> str:
    text = _LINK.sub(r"\1", text)
    previous = None
    while previous != text:  # nested emphasis: ***x*** → x
        previous, text = text, _EMPHASIS.sub(r"\2", text)
    return text
