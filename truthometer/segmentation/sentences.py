"""Sentences with character offsets into the original text (spaCy's dependency-based boundaries)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from .. import models

# Blank lines and Markdown headings/bullets end a sentence whatever the parser thinks: LLM articles
# are full of list items without final punctuation.
_BLOCK_BREAK = re.compile(r"\n\s*\n|\n(?=\s*(?:[#>*+-]|\d+[.)])\s)")
_MARKDOWN_PREFIX = re.compile(r"^\s*(?:#{1,6}\s+|[*+-]\s+|\d+[.)]\s+|>\s*)")


@dataclass(frozen=True)
class Sentence:
    text: str
    start: int
    end: int
    doc: object = None  # the spaCy Span, for later stages that need the parse


_LIKELY_BOUNDARY = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"“(])")
#: Long paragraphs are parsed in pieces of about this many characters, cut where a sentence very
#: likely ends: spaCy's entity and chunk look-ups on a sentence scan its whole Doc, so one Doc per
#: 60-page paragraph would make every later stage quadratic.
CHUNK_CHARS = 1500


def _chunks(offset: int, block: str):
    if len(block) <= CHUNK_CHARS:
        yield offset, block
        return
    start = 0
    for match in _LIKELY_BOUNDARY.finditer(block):
        if match.start() - start >= CHUNK_CHARS:
            yield offset + start, block[start:match.start()]
            start = match.end()
    yield offset + start, block[start:]


def _blocks(text: str):
    position = 0
    for match in _BLOCK_BREAK.finditer(text):
        yield from _chunks(position, text[position:match.start()])
        position = match.end()
    yield from _chunks(position, text[position:])


def _ends_on_designator(doc, k: int) -> bool:
    """Token k is a letter with its full stop ("C.") after a lower-case word, before a capitalised one:
    the end of a sentence about "vitamin C" or "hepatitis B", which the tokenizer keeps as an initial
    ("John F. Kennedy" has a name before its initial)."""
    return (0 < k < len(doc) - 1 and len(doc[k].text) == 2 and doc[k].text[0].isupper() and doc[k].text[1] == "."
            and doc[k - 1].is_alpha and doc[k - 1].is_lower and doc[k + 1].text[:1].isupper())


def _ends_on_abbreviation(doc, k: int) -> bool:
    """Token k is a lower-case abbreviation that keeps its full stop ("km/h.", "p.m.") before a capitalised
    word that opens a sentence: a unit written with a slash, or a pronoun or determiner after it ("... at 5
    p.m. He left"). The tokenizer keeps the stop on the abbreviation, so the parser sees no sentence end."""
    word, following = doc[k].text, doc[k + 1] if k + 1 < len(doc) else None
    if following is None or len(word) < 2 or not word.endswith(".") or not word[0].islower() \
            or not following.text[:1].isupper():
        return False
    per_unit = "/" in word or k > 0 and doc[k - 1].text == "/"  # "km/h." is read as "km", "/", "h."
    return per_unit or len(word) > 2 and following.pos_ in ("PRON", "DET")


def _designator_ends(doc):
    """The parser's sentences, cut after a designator's full stop it took for an initial's, and after an
    abbreviation's that ends a sentence."""
    for span in doc.sents:
        start = span.start
        for k in range(span.start, span.end - 1):
            if _ends_on_designator(doc, k) or _ends_on_abbreviation(doc, k):
                yield doc[start:k + 1]
                start = k + 1
        yield doc[start:span.end]


def split_sentences(text: str, batch_size: int = 64) -> list[Sentence]:
    """Split ``text`` into sentences; ``text[s.start:s.end] == s.text`` for every sentence."""
    blocks = []
    for offset, block in _blocks(text):
        prefix = _MARKDOWN_PREFIX.match(block)
        skip = prefix.end() if prefix else 0
        if block[skip:].strip():
            blocks.append((offset + skip, block[skip:]))
    sentences: list[Sentence] = []
    nlp = models.nlp()
    for (offset, block), doc in zip(blocks, nlp.pipe([b for _, b in blocks], batch_size=batch_size)):
        for span in _designator_ends(doc):
            raw = span.text
            stripped = raw.strip()
            if not stripped:
                continue
            start = offset + span.start_char + (len(raw) - len(raw.lstrip()))
            sentences.append(Sentence(stripped, start, start + len(stripped), span))
    return sentences
