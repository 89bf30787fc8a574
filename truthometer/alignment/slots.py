"""Slot extraction: the claim's slots (``extract_slots``: named entities, numbers with their units, date
parts, codes, attributes, complement nouns, clock times, ranks) and the evidence's candidate units
(``evidence_units``, which add the lengths of periods and life spans). Names the tagger misses or splits
(titles in apposition, untagged capitalised names) are made whole here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..inflection import noun_lemma
from ..text import lexicon
from ..text.quantities import range_joined
from ..text.dates import DECADE_WORDS, MONTHS, WEEKDAYS, is_decade_text, period_years, year_of, years_between
from ..text.names import is_code
from ..text.numbers import FRACTIONS, MULTIPLIERS, SCALES, WORD_NUMBERS, number_value, ordinal_value
from ..text.quantities import (FREQUENCY_UNIT, RANGE_JOINERS, SHAPE_JOINERS, currency, currency_before, degrees_unit,
                               fraction_after, fraction_of_unit, frequency, frequency_adverb, one_unit_of_time,
                               unit)
from .base import ENTITY_LABELS, Slot, normalise, unit_of
from .dates import _ORDER, _day, _is_ordinal, _is_year, _life_span_end, _month, clock_time
from ..vocabulary import SlotKind


def _unit_tokens(doc, k: int, limit: int) -> tuple[str, int]:
    """The unit after a number at k ('40 psi', '3 °C', '200 to 400 mg', '77 by 53 cm'): (unit text, end index)."""
    k += 1
    if k + 1 < limit and doc[k].lower_ in SHAPE_JOINERS and doc[k + 1].like_num:
        # One side of a shape: in the unit of the other side, which is a slot of its own with its unit.
        return _unit_tokens(doc, k + 1, limit)[0], -1
    if k + 1 < limit and doc[k].lower_ in RANGE_JOINERS and doc[k + 1].like_num:
        k += 2
    if k + 1 < limit and doc[k].text in ("-", "–") and not doc[k - 1].whitespace_ and doc[k + 1].is_alpha:
        k += 1  # "a 102-story skyscraper" counts stories
    if k < limit and doc[k].text == "°":
        scale = "°" + doc[k + 1].text.lower() if k + 1 < limit else ""
        # "3 °C" is a temperature; "60° South" an angle.
        return (scale, k + 2) if unit(scale) is not None else ("°", k + 1)
    if k + 1 < limit and (degrees := degrees_unit(doc[k].text, doc[k + 1].text)):
        return degrees, k + 2  # "212 degrees Fahrenheit"
    if k < limit and doc[k].text.startswith("°"):
        return doc[k].text.lower(), k + 1
    if k < limit:
        t = doc[k]
        if t.text == "%" or unit(t.lower_) is not None or (t.is_alpha and not t.is_stop and t.pos_ != "PROPN"
                                                    and _month(t) is None and not t.text[:1].isupper()):
            return t.text.lower(), k + 1
    return "", -1


#: Words spaCy lists as stop words that still say what a sentence can get wrong, as adjectives and nouns:
#: "The tank is full" / "The tank is empty" differ in nothing else, nor "at the top" / "at the bottom".
CONTENT_STOP_WORDS = frozenset({"empty", "full", "whole", "serious", "same", "various", "former", "latter",
                                "bottom", "top", "front", "back", "side"})


def _stop_word(t) -> bool:
    return t.is_stop and not (t.lower_ in CONTENT_STOP_WORDS and t.pos_ in ("ADJ", "NOUN"))


@dataclass
class _Found:
    """The slots found so far in one parse, and the tokens they take (no two slots share a token)."""

    doc: Any
    slots: list[Slot] = field(default_factory=list)
    taken: set[int] = field(default_factory=set)

    def add(self, slot: Slot) -> None:
        slot.head = _external_head(self.doc, slot.i, slot.j)
        self.slots.append(slot)
        self.taken.update(range(slot.i, slot.j))


def extract_slots(doc) -> list[Slot]:
    """The claim's comparable slots: entities, numbers with units, date parts, codes, attributes,
    predicate complements. Sorted by position; no two slots share a token."""
    found = _Found(doc)
    _titles_in_apposition(doc, found.add)
    _entity_slots(found)
    _untagged_names(doc, found.slots, found.taken, found.add)
    lows = [t.lower_ for t in doc]
    for t in doc:
        if t.i in found.taken or t.is_punct or t.is_space:
            continue
        if not _date_slot(found, t):
            _code_or_amount_slot(found, t, lows)
    for t in doc:
        _word_slot(found, t)
    return sorted(found.slots, key=lambda s: s.i)


def _entity_slots(found: _Found) -> None:
    """The named entities (and codes the tagger names), made whole: a title before, a first name left out,
    the rest of a person's name; no possessive or verb at the end."""
    doc, taken, add = found.doc, found.taken, found.add
    for ent in doc.ents:
        if ent.start > 0 and degrees_unit(doc[ent.start - 1].text, ent.text):
            continue  # "Fahrenheit" in "32 degrees Fahrenheit" is the number's unit, whatever NER says
        if ent.label_ in ENTITY_LABELS and not any(_is_year(t) for t in ent) and not taken & set(
                range(ent.start, ent.end)):
            if len(ent) == 1 and is_code(ent.text):
                add(Slot(SlotKind.CODE, ent.start, ent.end, label="CODE", value=ent.text.upper()))
                continue
            start = ent.start + (1 if ent[0].lower_ == "the" and len(ent) > 1 else 0)
            start = _title_start(doc, start, taken)
            while ent.label_ == "PERSON" and start > 0 and start - 1 not in taken \
                    and _first_name_left_out(doc[start - 1], start, ent.end):
                start -= 1
            end = ent.end - (1 if ent[-1].text in ("'s", "'", "’s") and ent.end - start > 1 else 0)
            while end - start > 1 and doc[end - 1].pos_ in ("VERB", "AUX", "ADP") and doc[end - 1].is_lower:
                end -= 1  # "The Second World War ended in", as the small model tags it: no name ends so
            label = ent.label_
            if label == "PERSON":
                end = _rest_of_name(doc, end, taken)
                if end - start == 1 and start > 0 and doc[start - 1].lower_ == "the" \
                        and lexicon.common_noun(doc[start].text):
                    label = ""  # "the Moon" is no person, whatever the small model says: its kind is unknown
            add(Slot(SlotKind.ENTITY, start, end, label=label, value=normalise(doc[start:end].text)))


def _date_slot(found: _Found, t) -> bool:
    """A date part at ``t`` (decade, weekday, clock time, year, month, day): whether one is added."""
    doc, add = found.doc, found.add
    if _is_year(t) and t.text.endswith("0") and t.i + 1 < len(doc) and doc[t.i + 1].text in ("'s", "’s"):
        # "the early 1970 's" is a decade written apart: the year's digits are the slot.
        add(Slot(SlotKind.DATE, t.i, t.i + 1, label="DATE", value=t.text + "s", granularity="decade"))
        return True
    elif t.lower_.rstrip("s") in WEEKDAYS and t.text[:1].isupper():
        add(Slot(SlotKind.DATE, t.i, t.i + 1, label="DATE", value=t.lower_.rstrip("s"), granularity="weekday"))
        return True
    elif (clock := clock_time(doc, t.i)) is not None:
        add(Slot(SlotKind.DATE, t.i, clock[1], label="TIME", value=clock[0], granularity="time"))
        return True
    elif _is_year(t):
        add(Slot(SlotKind.DATE, t.i, t.i + 1, label="DATE", value=year_of(t), granularity="year"))
        return True
    elif is_decade_text(t.text):
        add(Slot(SlotKind.DATE, t.i, t.i + 1, label="DATE", value=t.text, granularity="decade"))
        return True
    elif t.lower_ in DECADE_WORDS and t.i > 0 and doc[t.i - 1].lower_ in ("the", "early", "mid", "late"):
        # "born in the fifties": a decade of an unsaid century ("her fifties" is an age).
        add(Slot(SlotKind.DATE, t.i, t.i + 1, label="DATE", value=f"{DECADE_WORDS[t.lower_]}s", granularity="decade"))
        return True
    elif _month(t) and (t.ent_type_ == "DATE" or any(_day(x) or _is_year(x) for x in
                                                     doc[max(0, t.i - 2):t.i + 3])):
        add(Slot(SlotKind.DATE, t.i, t.i + 1, label="DATE", value=_month(t), granularity="month"))
        return True
    elif _day(t) is not None and any(_month(x) for x in doc[max(0, t.i - 2):t.i + 3] if x.i != t.i):
        add(Slot(SlotKind.DATE, t.i, t.i + 1, label="DATE", value=_day(t), granularity="day"))
        return True
    return False


def _code_or_amount_slot(found: _Found, t, lows: list[str]) -> None:
    """A code, or an amount at ``t``: how often, a unit of time, a number with its unit."""
    taken, add = found.taken, found.add
    if is_code(t.text) and not t.like_num:
        add(Slot(SlotKind.CODE, t.i, t.i + 1, label="CODE", value=t.text.upper()))
    elif (often := frequency(lows, t.i)) is not None:
        # "twice daily", "three times a day": one amount, in times per day.
        add(Slot(SlotKind.NUMBER, t.i, often[1], label="CARDINAL", value=often[0], unit=FREQUENCY_UNIT,
                 dimension="frequency"))
    elif (per_day := frequency_adverb(t)) is not None:
        # "emptied daily" is "emptied once a day".
        add(Slot(SlotKind.NUMBER, t.i, t.i + 1, label="CARDINAL", value=per_day, unit=FREQUENCY_UNIT,
                 dimension="frequency"))
    elif (noun := one_unit_of_time(t)) is not None:
        # "for up to a week" is one week: an amount of time, as "for seven days" is.
        dim, canon = unit_of(noun.lower_)
        add(Slot(SlotKind.NUMBER, t.i, noun.i + 1, label="DATE", value=1.0, unit=canon, dimension=dim,
                 unit_j=noun.i + 1))
        taken.add(noun.i)
    elif ((t.like_num or t.lower_ in WORD_NUMBERS) and number_value(t.text) is not None
          or fraction_of_unit(lows, t.i) is not None) and t.lower_ not in SCALES:
        _number_slot(found, t, lows)


def _number_slot(found: _Found, t, lows: list[str]) -> None:
    """The number at ``t`` with its fraction, scale and unit (or the noun it counts)."""
    doc, taken, add = found.doc, found.taken, found.add
    # "one and a half litres", "half a millimetre": the fraction is part of the number.
    fraction, extra = fraction_after(lows, t.i)
    if t.lower_ in FRACTIONS:
        value, k = fraction_of_unit(lows, t.i), t.i + 1  # "half a": the article goes with it
    else:
        value, k = number_value(t.text) + fraction if fraction else number_value(t.text), t.i + extra
    # "1.5 million residents" is 1,500,000 residents: the scale is part of the number, not its unit.
    # "nine hundred acres" is 900 acres: "hundred" after a number multiplies it as a scale does.
    scaled = k + 1 < len(doc) and doc[k + 1].lower_ in MULTIPLIERS
    value *= MULTIPLIERS[doc[k + 1].lower_] if scaled else 1
    unit_word, unit_j = _unit_tokens(doc, k + scaled, len(doc))
    if not unit_word and (lows[max(t.i - 2, 0):t.i] == ["age", "of"] or t.i and lows[t.i - 1] == "aged"):
        unit_word = "year"  # "died at the age of 66": an age is a length of time
    if unit_j < 0 and (money := currency_before(doc, t.i)):
        unit_word = money  # "€12" is 12 euros
    hyphened = t.i + 1 < len(doc) and doc[t.i + 1].text in ("-", "–")  # "a 102-story skyscraper"
    counted = _counted_noun(t) if unit_j > 0 and unit(unit_word) is None and not hyphened else None
    # Not a measure ("105,000 square kilometres" is an area, which no length corrects).
    if counted is not None and counted.i >= unit_j and unit(counted.text.lower()) is None:
        # A count's unit is the noun it counts, not a modifier in between: "zero training films"
        # and "400 propaganda and training films" count films; the modifier is its own slot.
        unit_word, unit_j = counted.lemma_.lower(), -1
    if unit_j > 0 and unit(unit_word) is None and not currency(unit_word):
        unit_word = doc[unit_j - 1].lemma_.lower()  # a count of teeth is a count of "tooth"
    if not unit_word and not hyphened and t.dep_ == "nummod" and t.head.pos_ in ("NOUN", "PROPN") \
            and t.head.i > t.i and all(m.dep_ in ("compound", "amod", "nmod") for m in doc[t.i + 1:t.head.i]):
        # A name between a count and its noun: "27 EU member states" counts states, "five U.S.
        # Presidents" presidents (however the tagger reads "Presidents"). "Two out of ten men" does
        # not count "out".
        unit_word = noun_lemma(t.head.text)
    dim, canon = unit_of(unit_word) if unit_word else ("", "")
    # "a hundred people": the article is the number's "one", and goes with it ("two hundred").
    first = t.i - 1 if t.lower_ in MULTIPLIERS and t.i and doc[t.i - 1].lower_ in ("a", "an") else t.i
    add(Slot(SlotKind.NUMBER, first, k + 1 + scaled, label=t.ent_type_ or "CARDINAL", value=value,
             unit=canon, dimension=dim, unit_j=unit_j))
    if unit_j > 0:
        taken.update(range(t.i + 1, unit_j))  # the unit is part of the number's slot


def _word_slot(found: _Found, t) -> None:
    """An attribute (adjective, degree adverb, compound modifier, ordinal, placing, order of events) or a
    complement noun at ``t``."""
    doc, add = found.doc, found.add
    # Ordinals and the order of events are stop words but slots all the same ("her first album" /
    # "her second album", "named after the split" / "named before the split").
    if t.i in found.taken or (_stop_word(t) and not _is_ordinal(t) and not _placing(t) and t.lower_ not in _ORDER) \
            or t.is_punct:
        return
    if t.lower_ in _ORDER and t.dep_ in ("mark", "prep"):
        add(Slot(SlotKind.ATTRIBUTE, t.i, t.i + 1, label=t.dep_, value=t.lower_))
    elif _placing(t):
        add(Slot(SlotKind.ATTRIBUTE, t.i, t.i + 1, label=t.dep_, value=t.lower_))
    elif t.i >= 2 and _hyphen_modifier(doc[t.i - 2]):
        return  # "known" in "best-known": the compound is said by its first word, and changed whole
    elif _hyphen_modifier(t):
        # "the worst-selling singles": the word before the hyphen is what the compound says.
        add(Slot(SlotKind.ATTRIBUTE, t.i, t.i + 1, label="hyphen", value=t.lemma_.lower()))
    elif t.pos_ == "ADV" and t.dep_ == "advmod" and t.head.pos_ == "ADJ":
        # A degree adverb qualifies its adjective: "barely residential" / "highly residential".
        add(Slot(SlotKind.ATTRIBUTE, t.i, t.i + 1, label="advmod", value=t.lemma_.lower()))
    elif (t.pos_ == "ADJ" and t.dep_ in ("amod", "acomp", "attr", "advmod", "conj", "npadvmod", "compound")) \
            or (t.dep_ == "amod" and t.is_alpha):
        add(Slot(SlotKind.ATTRIBUTE, t.i, t.i + 1, label=t.dep_, value=t.lemma_.lower()))
    elif t.pos_ in ("NOUN", "PROPN") and t.dep_ == "compound" and t.head.pos_ in ("NOUN", "PROPN"):
        two = _two_word_modifier(t)
        if two is not None:
            # "the prison cell windows": a compound WordNet knows as one word modifies as one word.
            add(Slot(SlotKind.ATTRIBUTE, t.i, t.i + 2, label="compound", value=two))
        else:
            add(Slot(SlotKind.ATTRIBUTE, t.i, t.i + 1, label="compound", value=t.lemma_.lower()))
    elif t.pos_ in ("NOUN", "PROPN") and t.dep_ in ("attr", "dobj", "pobj", "conj", "appos", "nsubj", "oprd",
                                                    "ROOT"):
        # A root noun heads a caption with no main verb ("A woman selling fresh produce"): its subject.
        add(Slot(SlotKind.NOUN, t.i, t.i + 1, label=t.dep_, value=t.lemma_.lower()))


def _two_word_modifier(t) -> str | None:
    """The compound ``t`` opens with the next word, both modifying a noun, where WordNet knows the two as
    one noun ("prison cell" in "the prison cell windows", however the parser attaches them)."""
    nxt = t.doc[t.i + 1] if t.i + 1 < len(t.doc) else None
    if nxt is None or nxt.dep_ != "compound" or nxt.pos_ != "NOUN" or t.head.i not in (nxt.i, nxt.head.i):
        return None
    phrase = f"{t.lower_} {nxt.lemma_.lower()}"
    return phrase if lexicon.known_noun(phrase) else None


def _first_name_left_out(t, start: int, end: int) -> bool:
    """A given name the small model left out of the name after it ("Shane" in "Shane Lee Lindstrom"):
    a capitalised proper noun compounding into the name that is no common noun ("Actor Vin Diesel")."""
    return (t.pos_ == "PROPN" and t.dep_ == "compound" and start <= t.head.i < end and t.ent_iob_ == "O"
            and t.is_title and not lexicon.common_noun(t.text))


_QUOTES = ('"', "``", "''", "“", "”")


def _rest_of_name(doc, end: int, taken) -> int:
    """The end of a person's name the small model cut short before a nickname: "Kenneth" of 'Kenneth
    "Babyface" Edmonds' extends to the surname its words modify."""
    j, last = end, end - 1
    while j < len(doc) and j not in taken and doc[last].head.i >= j and (
            doc[j].text in _QUOTES or doc[j].pos_ == "PROPN" and doc[j].is_title and doc[j].ent_iob_ == "O"):
        last = j if doc[j].pos_ == "PROPN" else last
        j += 1
    while j > end and doc[j - 1].text in _QUOTES:
        j -= 1
    return j


def _counted_noun(number):
    """The head of the noun phrase a number counts, past the modifiers it may attach to."""
    if number.dep_ != "nummod" or number.head.pos_ != "NOUN":
        return None
    noun = number.head
    while noun.dep_ in ("compound", "nmod", "amod") and noun.head.pos_ == "NOUN" and noun.head.i > noun.i:
        noun = noun.head
    return noun


def _placing(t) -> bool:
    """An ordinal that says where someone finished: "came third", "finished second" (the small model tags
    it an adverb of the verb)."""
    return t.dep_ == "advmod" and t.head.pos_ == "VERB" and ordinal_value(t.lower_) is not None


def _hyphen_modifier(t) -> bool:
    """The first word of a hyphenated modifier ("worst" in "worst-selling", "best" in "best-selling")."""
    doc = t.doc
    return (t.i + 2 < len(doc) and doc[t.i + 1].text == "-" and not t.whitespace_
            and not doc[t.i + 1].whitespace_ and t.head.i == t.i + 2 and doc[t.i + 2].dep_ == "amod"
            and t.is_alpha)


def _untagged_names(doc, slots: list, taken: set[int], add) -> None:
    """Names of several capitalised words the small model left untagged, or tagged only a word of as a
    nationality ("the Cartoonist and Illustrators School"), are one slot: a name is corrected whole."""
    for t in doc:
        if t.i in taken or t.pos_ != "PROPN" or t.i == 0 or not t.text[:1].isupper():
            continue
        if t.head.i != t.i and t.head.pos_ == "PROPN" and t.dep_ in ("compound", "nmod", "conj", "flat"):
            continue  # not the head of its name
        unit = _name_unit(doc, Slot(SlotKind.NOUN, t.i, t.i + 1))
        inside = [s for s in slots if unit.i <= s.i and s.j <= unit.j]
        if unit.j - unit.i < 2 or any(s.label != "NORP" for s in inside) or any(
                k in taken and not any(s.i <= k < s.j for s in inside) for k in range(unit.i, unit.j)):
            continue
        for s in inside:
            slots.remove(s)
            taken.difference_update(range(s.i, s.j))
        add(unit)


#: Function words a title may have inside it ("One of the Boys"); not the prepositions that place a
#: work somewhere ("Homeland on Showtime").
_TITLE_WORDS = {"of", "the", "a", "an"}


def _titles_in_apposition(doc, add) -> None:
    """A title of several words in apposition to a common noun ("the album One of the Boys", "her
    second album , One of the Girls ( 2008 )") is one name, however the small model tags its words (a
    number, a plural noun): capitalised words and the function words between them, up to the first
    word that is neither. A name the model tags whole is left to the model."""
    for t in doc:
        if t.dep_ != "appos" or t.head.pos_ != "NOUN" or t.i < t.head.i or not t.text[:1].isupper():
            continue
        j = t.i + 1
        while j <= t.right_edge.i and not doc[j].is_punct and (
                doc[j].text[:1].isupper() or doc[j].lower_ in _TITLE_WORDS):
            j += 1
        while j > t.i + 1 and doc[j - 1].lower_ in _TITLE_WORDS:
            j -= 1
        if j - t.i < 2 or any(e.start <= t.i and j <= e.end and e.label_ in ENTITY_LABELS for e in doc.ents):
            continue
        add(Slot(SlotKind.ENTITY, t.i, j, label="WORK_OF_ART", value=normalise(doc[t.i:j].text)))


def _title_start(doc, start: int, taken: set[int]) -> int:
    """Where a name written as a title begins: the small model often tags only the last part of
    "Game of Thrones" or "Pillars of the Earth". Capitalised words joined by "of" ("of the") belong to
    the name; a capital at the sentence start says nothing and is not taken."""
    while True:
        k = start - 1
        if k >= 0 and doc[k].lower_ == "the":
            k -= 1
        if k < 1 or doc[k].lower_ != "of":
            return start
        word = doc[k - 1]
        if word.i in taken or not word.text[:1].isupper() or word.pos_ not in ("PROPN", "NOUN") \
                or (word.i == 0 and word.pos_ != "PROPN"):
            return start
        start = word.i


def _external_head(doc, i: int, j: int) -> int:
    for t in doc[i:j]:
        if not (i <= t.head.i < j) or t.head.i == t.i:
            return t.head.i
    return doc[i].head.i


#: Label of a length of time the evidence states as a period between two years.
DURATION = "DURATION"


def period_lengths(doc) -> list[Slot]:
    """Each period between two years read as its length in years: "the war lasted from 1939 to 1945" says
    it lasted six years ("between 1939 and 1945", "1939–1945" alike)."""
    out = []
    years = [t for t in doc if _is_year(t)]
    for a, b in zip(years, years[1:]):
        if range_joined(doc, a.i, b.i) and year_of(b) > year_of(a):
            out.append(Slot(SlotKind.NUMBER, a.i, b.i + 1, label=DURATION, value=years_between(year_of(a), year_of(b)),
                            unit="year", dimension="time"))
        if (age := _life_span_years(doc, a, b)) is not None:
            out.append(Slot(SlotKind.NUMBER, a.i, b.i + 1, label=DURATION, value=age, unit="year", dimension="time"))
    for t in doc:
        if (period := period_years(t.text)) and int(period[1]) > int(period[0]):
            out.append(Slot(SlotKind.NUMBER, t.i, t.i + 1, label=DURATION, value=int(period[1]) - int(period[0]),
                            unit="year", dimension="time"))
    return out


def _life_span_years(doc, born, died) -> int | None:
    """The age at death a life span in brackets states ("( 7 November 1867 – 4 July 1934 )": 66), counting
    the months and days where both dates give them; None unless the two years are the ends of one."""
    if _life_span_end(doc, born.idx) != "bear" or _life_span_end(doc, died.idx) != "die":
        return None
    def month_day(year):
        before = [t for t in doc[max(year.i - 3, 0):year.i] if _month(t) or _day(t) is not None]
        month = next((MONTHS[_month(t)] for t in before if _month(t)), None)
        day = next((_day(t) for t in before if _day(t) is not None and not _month(t)), None)
        return (month, day) if month and day else None
    age = years_between(year_of(born), year_of(died))
    birthday, death = month_day(born), month_day(died)
    return age - 1 if birthday and death and death < birthday else age


def evidence_units(doc) -> list[Slot]:
    """Every candidate counterpart in the evidence (entities, numbers, date parts, codes, words, the lengths
    of periods)."""
    units = extract_slots(doc) + period_lengths(doc)
    covered = {k for s in units for k in range(s.i, s.j)}
    for t in doc:
        # Words the claim-side extraction skips still serve as counterparts of nouns and attributes.
        if t.i not in covered and (t.pos_ in ("NOUN", "PROPN", "ADJ") or t.dep_ in ("amod", "compound")) \
                and not _stop_word(t) and not t.is_punct:
            kind = "attribute" if t.pos_ == "ADJ" or t.dep_ in ("compound", "amod") else "noun"
            u = Slot(kind, t.i, t.i + 1, label=t.dep_, value=t.lemma_.lower())
            u.head = t.head.i
            units.append(u)
    # An entity's words are also nouns/attributes ("American" is NORP and an adjective).
    return sorted(units, key=lambda s: (s.i, s.j))


def _untagged_name(doc, unit: Slot) -> bool:
    """A proper noun outside every entity and not the sentence's first word (whose capital says
    nothing)."""
    t = doc[unit.i]
    return unit.j - unit.i == 1 and t.pos_ == "PROPN" and not t.ent_type_ and t.i > 0 and t.text[:1].isupper()


def _name_unit(doc, unit: Slot) -> Slot:
    """An untagged name with the capitalised words written before it that qualify it: "the Cartoonist
    and Illustrators School" is one name, not "School"."""
    head = doc[unit.i]
    k = head.i
    while k > 0 and doc[k - 1].is_ancestor(head) is False and head.is_ancestor(doc[k - 1]) and (
            doc[k - 1].text[:1].isupper() or doc[k - 1].dep_ == "cc") and doc[k - 1].dep_ != "det":
        k -= 1
    if doc[k].dep_ == "cc":
        k += 1
    out = Slot(SlotKind.ENTITY, k, unit.j, label="", value=normalise(doc[k:unit.j].text))
    out.head = _external_head(doc, k, unit.j)
    return out
