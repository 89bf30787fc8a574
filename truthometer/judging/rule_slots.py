"""The rule tier's slots (``extract_slots``): numbers with their units and bounds, years and dates as (years,
months, days), named entities and codes of a parsed sentence, each with its character offsets and the lemmas
around it. Read by ``rules.find_mismatches`` and the verdict stage; the alignment reads its own slots
(``alignment/slots.py``), by tokens and at finer grain.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..text.dates import MONTH_BY_ABBR, MONTH_NAMES, day_of_month, decade_years, period_years, year_of
from ..text.names import ENTITY_LABELS, is_code
from ..text.numbers import COUNT_WORDS, FRACTION_NOUNS
from ..text.quantities import (FREQUENCY_UNIT, RANGE_JOINERS, SHAPE_JOINERS, bound_at, currency, currency_before,
                               degrees_unit, frequency, frequency_adverb, limit_at, number_value, one_unit_of_time,
                               range_joined, unit as known_unit)
from ..vocabulary import SlotKind


@dataclass(frozen=True)
class Slot:
    kind: str  # number | date | entity | code | quality
    text: str
    start: int  # character offsets within the sentence
    end: int
    value: object
    unit: str = ""
    label: str = ""
    context: frozenset = frozenset()  # lemmas around the slot, to pair it with its counterpart
    bounds: tuple | None = None  # (low, high) when the slot is one end of a range: "10 to 15 feet", "1993-2018"
    bound: str = ""  # a bound or a rounded number: ">" "more than 600", "<" "under 50", "~" "about 8,849"
    limit: bool = False  # the bound is a limit set ("no more than 1,200 mg"), not a count estimated


def _number_value(text: str):
    return number_value(text, COUNT_WORDS)


def _context(span, i: int, j: int, window: int = 4) -> frozenset:
    doc = span.doc
    lo, hi = max(span.start, i - window), min(span.end, j + window)
    return frozenset(t.lemma_.lower() for t in doc[lo:hi]
                     if not (t.is_stop or t.is_punct or t.like_num) and not (i <= t.i < j))


def _range_bounds(span, k: int, value) -> tuple | None:
    """(low, high) of the range token ``k`` ends, or None: a range covers every value between its ends."""
    doc = span.doc
    for i, j in ((k, k + 2), (k - 2, k)):
        if span.start <= i and j < span.end and i != j and doc[i].like_num and doc[j].like_num \
                and range_joined(doc, i, j):
            other = _number_value(doc[j if i == k else i].text)
            if other is not None and value is not None:
                return (min(value, other), max(value, other))
    return None


def _unit_after(span, k: int) -> str:
    """The unit word after a number (skipping a range's or a shape's second number: '200 to 400 mg', '77 by
    53 cm')."""
    doc = span.doc
    k += 1
    if k + 1 < span.end and doc[k].text.lower() in RANGE_JOINERS | SHAPE_JOINERS and doc[k + 1].like_num \
            and doc[k + 1].lemma_.lower() not in FRACTION_NOUNS and known_unit(doc[k + 1].text) is None:
        # (but "one-third" and "a 10-second increment" are no ranges)
        k += 2
    while k < span.end and doc[k].text in ("°",):
        return "°" + (doc[k + 1].text if k + 1 < span.end else "")
    if k + 1 < span.end and (degrees := degrees_unit(doc[k].text, doc[k + 1].text)):
        return degrees
    if k + 1 < span.end and doc[k].text == "-" and not doc[k].whitespace_ and doc[k + 1].is_alpha \
            and (not doc[k + 1].is_stop or doc[k + 1].lemma_.lower() in FRACTION_NOUNS):
        return doc[k + 1].lemma_.lower()  # a count in a compound: "a three-year warranty", "a 24-hour period"
    if k < span.end:
        t = doc[k]
        if (t.is_alpha or t.text in ("%",)) and not t.is_stop:
            return t.lemma_.lower()
    return ""


def extract_slots(span) -> list[Slot]:
    """Numbers (with units), years and dates, named entities and codes of a parsed sentence."""
    base = span.start_char
    slots: list[Slot] = []
    taken: set[int] = set()
    for ent in span.ents:
        ends = [t for t in ent if year_of(t) is not None]
        periods = [p for t in ent if (p := period_years(t.text))]
        # A decade states each of its years: "the 1940s" agrees with 1947 and not with "the 1930s".
        decades = [d for t in ent if (d := decade_years(t.text))]
        if ent.label_ == "DATE" and (ends or periods or decades):
            years = tuple(sorted({str(year_of(t)) for t in ends} | {y for p in periods + decades for y in p}, key=int))
            joined = len(ends) == 2 and range_joined(span.doc, ends[0].i, ends[1].i) or not ends and len(periods) == 1
            bounds = (int(years[0]), int(years[-1])) if len(years) == 2 and joined else None
            months = tuple(sorted({MONTH_BY_ABBR[t.lower_[:3]] for t in ent if t.lower_[:3] in MONTH_BY_ABBR
                                   and t.is_alpha and (len(t) == 3 or t.lower_ in MONTH_NAMES)}))
            days = tuple(sorted({day for t in ent if t not in ends and (day := day_of_month(t.text)) is not None}))
            slots.append(Slot(SlotKind.DATE, ent.text, ent.start_char - base, ent.end_char - base,
                              (years, months, days), label="DATE", context=_context(span, ent.start, ent.end),
                              bounds=bounds))
            taken.update(range(ent.start, ent.end))
        elif ent.label_ in ENTITY_LABELS:
            slots.append(Slot(SlotKind.ENTITY, ent.text, ent.start_char - base, ent.end_char - base,
                              ent.text.lower(), label=ent.label_, context=_context(span, ent.start, ent.end)))
            taken.update(range(ent.start, ent.end))
    # The doc's words by index, for the frequency phrases; only around this sentence (a frequency reads a
    # word before it and three after): the whole doc, read for each of an article's sentences, was most
    # of the rule tier's time on long articles.
    start, stop = max(0, span.start - 1), min(len(span.doc), span.end + 4)
    lows = [""] * start + [t.lower_ for t in span.doc[start:stop]]
    for t in span:
        if t.i in taken:
            continue
        if (year := year_of(t)) is not None:
            slots.append(Slot(SlotKind.DATE, t.text, t.idx - base, t.idx - base + len(t.text), ((str(year),), (), ()),
                              label="DATE", context=_context(span, t.i, t.i + 1)))
        elif decade := decade_years(t.text):
            slots.append(Slot(SlotKind.DATE, t.text, t.idx - base, t.idx - base + len(t.text), (decade, (), ()),
                              label="DATE", context=_context(span, t.i, t.i + 1)))
        elif period := period_years(t.text):
            slots.append(Slot(SlotKind.DATE, t.text, t.idx - base, t.idx - base + len(t.text), (period, (), ()),
                              label="DATE", context=_context(span, t.i, t.i + 1),
                              bounds=(min(map(int, period)), max(map(int, period)))))
        elif (often := frequency(lows, t.i)) is not None and often[1] <= span.end:
            # "twice daily", "three times a day": one amount, in times per day.
            end = span.doc[often[1] - 1]
            slots.append(Slot(SlotKind.NUMBER, span.doc[t.i:often[1]].text, t.idx - base,
                              end.idx + len(end.text) - base, often[0], unit=FREQUENCY_UNIT,
                              context=_context(span, t.i, often[1])))
            taken.update(range(t.i, often[1]))
        elif (per_day := frequency_adverb(t)) is not None:
            # "emptied daily" is "emptied once a day".
            slots.append(Slot(SlotKind.NUMBER, t.text, t.idx - base, t.idx - base + len(t.text), per_day,
                              unit=FREQUENCY_UNIT, context=_context(span, t.i, t.i + 1)))
        elif (noun := one_unit_of_time(t)) is not None and noun.i < span.end:
            # "for up to a week" is one week: an amount of time, as "for seven days" is.
            slots.append(Slot(SlotKind.NUMBER, f"{t.text} {noun.text}", t.idx - base,
                              noun.idx + len(noun.text) - base, 1.0, unit=noun.lemma_.lower(),
                              context=_context(span, t.i, noun.i + 1),
                              bound=bound_at(span.doc, t.i), limit=limit_at(span.doc, t.i)))
            taken.add(noun.i)
        elif t.like_num and _number_value(t.text) is not None:
            unit = _unit_after(span, t.i)
            # "12 euros" and "€12" are both 12 euro.
            unit = (currency(unit) or unit) if unit else (currency_before(span.doc, t.i) or "")
            value = _number_value(t.text)
            slots.append(Slot(SlotKind.NUMBER, t.text, t.idx - base, t.idx - base + len(t.text), value,
                              unit=unit, context=_context(span, t.i, t.i + 1), bounds=_range_bounds(span, t.i, value),
                              bound=bound_at(span.doc, t.i), limit=limit_at(span.doc, t.i)))
        elif is_code(t.text):
            slots.append(Slot(SlotKind.CODE, t.text, t.idx - base, t.idx - base + len(t.text), t.text.upper(),
                              context=_context(span, t.i, t.i + 1)))
    return sorted(slots, key=lambda s: s.start)
