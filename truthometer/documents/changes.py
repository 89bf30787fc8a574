"""What a correction changes in the checked text, as small replacements the writers can place: the words
that differ between a sentence as written and as corrected, not the whole sentence."""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from ..report import Report, SentenceResult, corrected_in_place

#: Characters XML 1.0 cannot hold (a form feed in a text file, a stray control character in a correction).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_TOKEN = re.compile(r"\d+(?:[.,:]\d+)*|\w+|\s+|[^\w\s]")


@dataclass(frozen=True)
class Change:
    """Replace ``text[start:end]`` of the checked text by ``new``; ``sentence`` is the SentenceResult index."""

    start: int
    end: int
    new: str
    sentence: int = -1


def proposed(report: Report) -> dict[int, str]:
    """Sentence index -> the sentence as written with every proposed substitution applied."""
    out = {}
    for s in report.sentences:
        if s.suggestion and s.suggestion.substitutions:
            new = corrected_in_place(report.text, s, s.suggestion.substitutions)
            if new != report.text[s.start:s.end]:
                out[s.index] = new
    return out


def reviewed(report: Report, review) -> dict[int, str]:
    """Sentence index -> the sentence as the reviewer decided it (their own wording, or the substitutions
    they accepted); sentences left as written are not in it."""
    from ..review import ACCEPT

    out = {}
    for s in report.sentences:
        if s.index in review.edits:
            new = review.edits[s.index]
        elif s.suggestion:
            accepted = [sub for i, sub in enumerate(s.suggestion.substitutions)
                        if review.decision(s.index, i) == ACCEPT]
            new = corrected_in_place(report.text, s, accepted) if accepted else None
        else:
            new = None
        if new is not None and new != report.text[s.start:s.end]:
            out[s.index] = new
    return out


def changes(report: Report, decided: dict[int, str]) -> list[Change]:
    """The word-level replacements that turn each sentence of ``decided`` into its new text, in text order."""
    by_index = {s.index: s for s in report.sentences}
    out: list[Change] = []
    for index, new in decided.items():
        sentence: SentenceResult = by_index[index]
        old = report.text[sentence.start:sentence.end]
        out.extend(Change(sentence.start + a, sentence.start + b, text, index) for a, b, text in word_diff(old, new))
    return sorted(out, key=lambda c: (c.start, c.end))


def word_diff(old: str, new: str) -> list[tuple[int, int, str]]:
    """(start, end, replacement) spans of ``old``, cut at word boundaries, that make ``new``."""
    a, b = _TOKEN.findall(old), _TOKEN.findall(new)
    starts = [0]
    for token in a:
        starts.append(starts[-1] + len(token))
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op != "equal":
            out.append((starts[i1], starts[i2], "".join(b[j1:j2])))
    return out


def xml_safe(text: str) -> str:
    """``text`` with every character XML cannot hold made a space (same length, so offsets stay valid)."""
    return _NOT_XML.sub(" ", text)


def apply(text: str, edits: list[Change]) -> str:
    """``text`` with ``edits`` applied (back to front, so offsets stay valid)."""
    for c in sorted(edits, key=lambda c: (c.start, c.end), reverse=True):
        text = text[:c.start] + c.new + text[c.end:]
    return text
