"""The numbers, ranges and calendar dates the judge's alignment features read off a sentence.

Split out of ``alignment`` (issue 58): how a token becomes a number ("ten", "1,200", "1990s"), the range a
decade or a bounding phrase states ("the fifties", "more than 100,000 copies") and whether the evidence
meets it, and the (year, month, day) of a written date. ``alignment`` imports every name back, so older
imports keep working.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...text.dates import DECADE_WORDS, MONTHS, day_of_month, is_decade_text, is_year_text
from ...text.numbers import GROUP_NOUNS, LOWER_BOUNDS, UPPER_BOUNDS, WORD_NUMBERS
from ...text.quantities import degrees_unit

if TYPE_CHECKING:
    from .alignment import SentenceInfo

#: "the fifties": read as the 1900s' decade, the century a decade word names when it names none.
# "the fifties" is read as the 1950s: the century is left unsaid, and encyclopedic text means the 1900s.
_DECADE_WORDS = {word: 1900 + decade for word, decade in DECADE_WORDS.items()}
#: The judge's features also read "a dozen" as a count.
_WORD_NUMBERS = WORD_NUMBERS | GROUP_NOUNS


def _year_or_decade(text: str) -> bool:
    """A year or a year with an "s" ("1990s", also "1995s" as written by mistake): read as its year."""
    return is_year_text(text[:-1] if text.endswith("s") else text)


def _number(text: str):
    cleaned = text.lower().replace(",", "").rstrip("s") if _year_or_decade(text) else text.lower().replace(",", "")
    try:
        return float(cleaned)
    except ValueError:
        return _WORD_NUMBERS.get(cleaned)


def _bound_of_word(word: str) -> tuple:
    return float(_DECADE_WORDS[word]), _DECADE_WORDS[word] + 9.0, "year"


def _bound(toks: list, k: int):
    """The range the token at ``k`` states, as (low, high, unit word), or None: a decade ("1950s", "the
    fifties") or a number after a bounding phrase ("more than 100,000 copies")."""
    low = toks[k].lower_
    if is_decade_text(low):
        start = float(low[:4])
        return start, start + 9, "year"
    if low in _DECADE_WORDS:
        return _bound_of_word(low)
    if not (toks[k].like_num and k):
        return None
    value = _number(toks[k].text)
    before = " ".join(t.lower_ for t in toks[max(k - 2, 0):k])
    unit_word = _unit_after(toks, k).lower()
    if value is None:
        return None
    if any(before.endswith(b) for b in LOWER_BOUNDS):
        return value, math.inf, unit_word
    if any(before.endswith(b) for b in UPPER_BOUNDS):
        return -math.inf, value, unit_word
    return None


def bound_met(bound, evidence: "SentenceInfo") -> bool | None:
    """Whether the evidence states a number inside the claim's range (None: it states none comparable).
    Years compare with years; other numbers with numbers followed by the same unit word."""
    low, high, unit_word = bound
    if unit_word == "year":
        values = [v for v in evidence.numbers if 1000 <= v <= 2099 and v == int(v)]
    else:
        values = [v for v, u in evidence.amounts if u == unit_word.rstrip("s")]
    if not values:
        return None
    return any(low <= v <= high for v in values)


def _day(token) -> int | None:
    return day_of_month(token.lower_)


def calendar_dates(toks: list) -> frozenset:
    """(year, month, day) of every month name and the day and year around it: "12 October 1875",
    "December 15th, 2006", "June of 1866" (no day), "in May" (no year)."""
    found = set()
    for k, t in enumerate(toks):
        month = MONTHS.get(t.lower_)
        if month is None or (t.lower_ == "may" and t.pos_ != "PROPN"):
            continue
        day = _day(toks[k - 1]) if k else None
        year = None
        for j in range(k + 1, min(k + 5, len(toks))):
            word = toks[j].lower_
            if day is None and _day(toks[j]) is not None and j == k + 1:
                day = _day(toks[j])
            elif is_year_text(word):
                year = int(word)
                break
            elif word not in (",", "of", "the") and j > k + 1:
                break
        found.add((year, month, day))
    return frozenset(found)


def dates_agree(claim_date: tuple, evidence_date: tuple) -> bool:
    """Every part the claim states, the evidence date states the same (a part either leaves out agrees)."""
    return all(c is None or e is None or c == e for c, e in zip(claim_date, evidence_date))


def _unit_after(doc, i: int) -> str:
    """The unit word or symbol right after the number at ``i`` ("5,895 metres", "3 °C", "47.5 pounds")."""
    if i + 1 >= len(doc):
        return ""
    nxt = doc[i + 1]
    if nxt.text == "°" and i + 2 < len(doc):
        return "°" + doc[i + 2].text
    if i + 2 < len(doc) and (degrees := degrees_unit(nxt.text, doc[i + 2].text)):
        return degrees
    return nxt.text
