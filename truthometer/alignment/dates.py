"""Dates, clock times and ordinals as the slots read them: years, months and days of a token, clock times,
ordinal and superlative ranks, decades, and which end of a life span in brackets ("( 1866 -- 1936 )") a date
is: the birth or the death.
"""
from __future__ import annotations

import re

from ..text.dates import DECADE_WORDS, day_of_month, month_of, year_of
from ..text.numbers import ORDINAL_WORDS, ordinal_value
from .base import Slot


def _life_span_end(doc, char: int) -> str | None:
    """ "bear" or "die" for a date inside a life span in brackets ("Anne Sullivan ( April 14 , 1866 --
    October 20 , 1936 )"): the date before the dash is the birth, the one after it the death."""
    at = next((t for t in doc if t.idx <= char < t.idx + len(t.text)), None)
    if at is None:
        return None
    opening = next((t for t in reversed(doc[:at.i]) if t.text in "()"), None)
    closing = next((t for t in doc[at.i:] if t.text in "()"), None)
    if opening is None or opening.text != "(" or closing is None or closing.text != ")":
        return None
    dashes = [t for t in doc[opening.i + 1:closing.i] if t.text in ("-", "–", "—", "--")]
    if len(dashes) != 1:
        return None
    return "bear" if at.i < dashes[0].i else "die"


_CLOCK = re.compile(r"^(\d{1,2})[:.](\d{2})$")
#: Hours a meridiem adds: "6 p.m." is 18:00.
_MERIDIEM = {"am": 0, "a.m.": 0, "a.m": 0, "pm": 12, "p.m.": 12, "p.m": 12}


def clock_time(doc, i: int) -> tuple[int, int] | None:
    """(minutes after midnight, end token) of a time of day written from token ``i`` ("9:00", "18:00",
    "10 a.m.", "6 pm", "9.30 a.m."); None when none is written there ("9.30" alone is a decimal)."""
    t = doc[i]
    after = doc[i + 1].lower_ if i + 1 < len(doc) else ""
    written = _CLOCK.match(t.text)
    if written:
        hours, minutes = int(written[1]), int(written[2])
    elif t.text.isdigit() and after in _MERIDIEM:
        hours, minutes = int(t.text), 0
    else:
        return None
    if after in _MERIDIEM:
        return ((hours % 12 + _MERIDIEM[after]) * 60 + minutes, i + 2) if 1 <= hours <= 12 and minutes < 60 else None
    return (hours * 60 + minutes, i + 1) if ":" in t.text and hours < 24 and minutes < 60 else None


def clock_text(minutes: int, like) -> str:
    """A time of day written the way ``like`` (a span) writes one: "9 a.m." after "10 a.m.", "9:00" after
    "10:00"."""
    hours, rest = divmod(minutes, 60)
    suffix = next((t.text for t in like if t.lower_ in _MERIDIEM), "")
    if not suffix:
        return f"{hours}:{rest:02d}"
    if (hours >= 12) != (_MERIDIEM[suffix.lower()] == 12):
        swap = {"a": "p", "p": "a", "A": "P", "P": "A"}
        suffix = swap[suffix[0]] + suffix[1:]
    return f"{hours % 12 or 12}{f':{rest:02d}' if rest else ''} {suffix}"


def _is_year(tok) -> bool:
    """Whether the token is a year (see ``text.dates.year_of``: "1889", the "44" of "44 BC")."""
    return year_of(tok) is not None


def _month(tok) -> str | None:
    return month_of(tok.text, capitalised=tok.text[:1].isupper())


def _day(tok) -> int | None:
    return day_of_month(tok.text)


#: Words of order in time, by the direction they point.
_ORDER_SIGN = {"before": -1, "after": 1}
_ORDER = frozenset(_ORDER_SIGN)
_ORDINALS = frozenset(ORDINAL_WORDS)


#: Label of a rank a superlative states: "the second-largest lake" is rank 2 by size, "the largest" rank 1.
RANK = "RANK"


def superlative_rank(doc, i: int) -> tuple[int, int, int, str] | None:
    """(start, end, rank, quality) of a superlative at token ``i`` with the ordinal written before it:
    "second most visited" (2, "visited"), "third-largest" (3, "large"), "largest" (1, "large"). None for
    another token, and for "one of the largest", which names no rank."""
    t = doc[i]
    if t.tag_ == "JJS" and t.lower_ not in ("most", "least"):
        quality, end = t.lemma_.lower(), i + 1
    elif t.lower_ == "most" and t.tag_ == "RBS" and t.head.i > i and t.head.pos_ in ("ADJ", "VERB") \
            and t.head.i - i <= 2:
        quality, end = t.head.lower_, t.head.i + 1  # "most visited": the word, whatever its tag
    else:
        return None
    start, rank = i, 1
    k = i - 1 if i > 0 and doc[i - 1].text in ("-", "–") else i
    if k > 0 and (value := ordinal_value(doc[k - 1].lower_)) is not None:
        start, rank = k - 1, value
    before = " ".join(x.lower_ for x in doc[max(start - 3, 0):start])
    if before.endswith(("one of the", "among the", "one of its", "one of his", "one of her", "one of their")):
        return None
    return start, end, rank, quality


def _is_ordinal(tok) -> bool:
    return tok.lower_ in _ORDINALS and tok.pos_ == "ADJ"


def _decade_of(unit: Slot) -> str:
    """The decade of a decade or year unit, as a decade slot's value ("1940s"; "40s" for "the forties")."""
    return f"{unit.value // 10 * 10}s" if unit.granularity == "year" else unit.value


def _decade_text(claim_text: str, cand: Slot) -> str:
    """The evidence's decade in the claim's way of writing decades: "the fifties" -> "forties", "the
    1950s" -> "1940s"."""
    decade = _decade_of(cand)
    if claim_text[:1].isdigit():
        if not claim_text.lower().endswith("s") and decade.endswith("s"):
            decade = decade[:-1]  # "the 1970's": the claim's "'s" stays after the new decade ("the 1990's")
        return decade if len(decade) > 3 else claim_text[:2] + decade
    word = next((w for w, n in DECADE_WORDS.items() if f"{n}s" == decade[-3:]), None)
    return word or decade
