"""Years, decades, months, weekdays and days of the month: one recogniser of each.

A year is four digits from 1000 to 2099 ("1889", "2015"), or a number of one to four digits with its era
written beside it ("44 BC", "AD 79", "79 AD", "300 BCE"): the era makes it a year whatever its size. A
bare number of three digits is never a year by itself ("in 476" may be a count; "the 476 passengers"
is one). Years before the common era are negative (-44 for "44 BC").
"""
from __future__ import annotations

import re

#: Four digits read as a year without an era. Beyond 2099 a bare number is more often an amount ("2500
#: metres") than a year.
YEAR_DIGITS = r"(?:1[0-9]{3}|20[0-9]{2})"
_YEAR = re.compile(rf"^{YEAR_DIGITS}$")
#: A decade in digits: "1950s" (also "1950s" read as a number by the judge's features).
_DECADE = re.compile(r"^(?:1[0-9]{2}|20[0-9])0s$")
#: Two years written as one token: "1962–1963", "2009-2010".
_YEAR_RANGE = re.compile(rf"^({YEAR_DIGITS})[–—-]({YEAR_DIGITS})$")
#: Eras written after a year ("44 BC", "79 AD") and before it ("AD 79"), lower-cased, with the sign they
#: give the year.
ERAS_AFTER = {"bc": -1, "b.c.": -1, "b.c": -1, "bce": -1, "b.c.e.": -1, "ad": 1, "a.d.": 1, "a.d": 1, "ce": 1,
              "c.e.": 1}
ERAS_BEFORE = {"ad": 1, "a.d.": 1}

MONTH_NAMES = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
               "october", "november", "december")
#: Month name -> its number in the year.
MONTHS = {name: i + 1 for i, name in enumerate(MONTH_NAMES)}
#: Abbreviation -> month name ("nov" -> "november", "sept" -> "september").
MONTH_BY_ABBR = {m[:3]: m for m in MONTH_NAMES} | {"sept": "september"}
WEEKDAYS = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"})
#: Decades named by a word, of a century left unsaid ("born in the fifties"): the decade's first year in it.
DECADE_WORDS = {"twenties": 20, "thirties": 30, "forties": 40, "fifties": 50, "sixties": 60, "seventies": 70,
                "eighties": 80, "nineties": 90}
_DAY = re.compile(r"^(\d{1,2})(st|nd|rd|th)?$")


def is_year_text(text: str) -> bool:
    """Whether ``text`` alone is a year: four digits from 1000 to 2099 (an era needs the words around it,
    see ``year_of``)."""
    return bool(_YEAR.match(text))


def is_decade_text(text: str) -> bool:
    """Whether ``text`` is a decade in digits: "1950s"."""
    return bool(_DECADE.match(text))


def decade_years(text: str) -> tuple[str, ...] | None:
    """The ten years of a decade in digits ("1950s": 1950 to 1959), or None."""
    if not _DECADE.match(text):
        return None
    first = int(text[:4])
    return tuple(str(year) for year in range(first, first + 10))


def _era(doc, i: int, table: dict) -> int | None:
    return table.get(doc[i].lower_) if 0 <= i < len(doc) else None


def year_of(tok) -> int | None:
    """The year a spaCy token states, with the era around it: 1889 for "1889", -44 for the "44" of "44 BC",
    79 for the "79" of "AD 79" or "79 AD"; None for any other token."""
    text = tok.text
    if not (text.isdigit() and 1 <= len(text) <= 4 and tok.like_num):
        return None
    doc, i = tok.doc, tok.i
    sign = _era(doc, i + 1, ERAS_AFTER) or _era(doc, i - 1, ERAS_BEFORE)
    if sign is not None and int(text) > 0:
        return sign * int(text)
    return int(text) if _YEAR.match(text) else None


def years_between(earlier: int, later: int) -> int:
    """The years from ``earlier`` to ``later`` (signed years): there is no year 0, so 27 BC to AD 14 is 40
    years."""
    return later - earlier - (1 if earlier < 0 < later else 0)


def period_years(text: str) -> tuple[str, str] | None:
    """The two years of a period written as one token ("1962–1963"), or None."""
    m = _YEAR_RANGE.match(text)
    return m.groups() if m else None


def day_of_month(text: str) -> int | None:
    """The day a token like "9", "9th" or "21st" states (1 to 31), else None."""
    m = _DAY.match(text.lower())
    return int(m.group(1)) if m and 1 <= int(m.group(1)) <= 31 else None


def month_of(word: str, capitalised: bool = True) -> str | None:
    """The month a word names ("November", "nov", "Sept."), as its full lower-case name; an abbreviation
    counts only when ``capitalised`` ("mar" and "may" are words too)."""
    w = word.lower().rstrip(".")
    if w in MONTHS:
        return w
    return MONTH_BY_ABBR.get(w) if capitalised else None
