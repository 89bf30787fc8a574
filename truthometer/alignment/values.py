"""Whether a candidate can be a slot's counterpart and whether it states the same value: compatibility of
kinds, labels and units, counts of one kind, bounded numbers ("over 50"), and equality of values (numbers
with their units, dates, ordinals, ranges, decades, names and words spelt or meant alike).
"""
from __future__ import annotations

from rapidfuzz import fuzz

from ..text import lexicon
from ..text.numbers import ordinal_value
from ..text.quantities import (FREQUENCY_UNIT, bound_at, bounded_amounts, bounds_apply, comparable, hedged, limit_at,
                               near, quantity, same_quantity, same_when_rounded, unit)
from .base import _FAMILY, Slot, normalise
from .dates import _decade_of
from .names import _a_place, _same_name_head
from .roles import _number_range
from .similarity import FUZZY_THRESHOLD
from .slots import DURATION
from .words import _another_word_each, _doubled_letter, _entailed_word, _known_compound, _similar_adjectives
from ..vocabulary import SlotKind


def _compatible(slot: Slot, cand: Slot) -> bool:
    if slot.kind == SlotKind.ENTITY:
        if cand.kind != SlotKind.ENTITY:
            return False
        return _FAMILY.get(slot.label, slot.label) == _FAMILY.get(cand.label, cand.label) \
            or _same_name_head(slot, cand) or _a_place(slot) and _a_place(cand)
    if slot.kind == SlotKind.DATE:
        # A year is in a decade: "born in the 1950s" / "born in 1947" (not the other way round).
        return cand.kind == SlotKind.DATE and (cand.granularity == slot.granularity
                                        or slot.granularity == "decade" and cand.granularity == "year")
    if slot.kind == SlotKind.NUMBER:
        if cand.kind != SlotKind.NUMBER:
            return False
        if slot.dimension or cand.dimension:
            return slot.dimension == cand.dimension or _kindred_counts(slot.unit, cand.unit)
        return True
    if slot.kind == SlotKind.CODE:
        return cand.kind == SlotKind.CODE
    if slot.kind == SlotKind.ATTRIBUTE:
        return cand.kind in (SlotKind.ATTRIBUTE,) or (cand.kind == SlotKind.ENTITY and cand.label == "NORP")
    if slot.kind == SlotKind.NOUN:
        # A noun's counterpart may be a name ("recorded by cats" / "recorded by ... Katy Perry"); the
        # caller asks for the same governor, so the name plays the same role.
        return cand.kind == SlotKind.NOUN or (cand.kind == SlotKind.ENTITY and slot.label not in ("nsubj", "attr"))
    return False


def _bounded(claim, slot: Slot, evidence, cand: Slot) -> tuple[bool, bool | None]:
    """(whether the claim's or the evidence's number is a bound, and if so whether the evidence's makes the
    claim's true, false, or leaves it open: None). "More than 600 works" / "over 800 works"."""
    mine, theirs = bound_at(claim, slot.i), bound_at(evidence, cand.i)
    limits = limit_at(claim, slot.i) or limit_at(evidence, cand.i)
    if not bounds_apply(mine, theirs, limits) or slot.value is None or cand.value is None or (
            slot.unit and cand.unit and slot.unit != cand.unit
            and not comparable(quantity(slot.value, slot.unit), quantity(cand.value, cand.unit))):
        return False, None
    return True, bounded_amounts(slot.value, slot.unit, mine, cand.value, cand.unit, theirs, limits)


def _kindred_counts(mine: str, theirs: str) -> bool:
    """Counts of things WordNet gives as one kind or kinds of one another ("9,000 people" / "5,100
    employees", "films" / "movies"); never a measure ("9,000 metres")."""
    if not mine or not theirs or unit(mine) is not None or unit(theirs) is not None:
        return False
    people = {"people": "person"}
    return lexicon.kindred(people.get(mine, mine), people.get(theirs, theirs), "NOUN")


def _equal_value(claim, slot: Slot, evidence, cand: Slot, similar) -> bool:
    if cand.label == DURATION:
        # "From 1939 to 1945" may be five years or seven, by the months left unsaid.
        mine, year = quantity(slot.value, slot.unit), quantity(1, "year")
        return mine is not None and mine[0] == year[0] and abs(mine[1] / year[1] - cand.value) <= 1
    if slot.kind == SlotKind.NUMBER:
        bounded, verdict = _bounded(claim, slot, evidence, cand)
        if bounded:
            return verdict is True
        if slot.unit and cand.unit and slot.unit != cand.unit and not _kindred_counts(slot.unit, cand.unit):
            # The same amount in another unit ("50 years" / "five decades") is the same fact.
            return same_quantity(quantity(slot.value, slot.unit), quantity(cand.value, cand.unit))
        if slot.unit == cand.unit == FREQUENCY_UNIT:
            return same_quantity(quantity(slot.value, slot.unit), quantity(cand.value, cand.unit))
        within = _number_range(evidence, cand.i) if _number_range(claim, slot.i) is None else None
        if within and slot.value is not None and within[0] <= slot.value <= within[1]:
            return True  # "could hold 65,000" / "an estimated 50,000 to 80,000"
        # A rounded number agrees with the amount it rounds: "roughly 10,000 people" / "9,800 people".
        return slot.value == cand.value or slot.value is not None and cand.value is not None and same_when_rounded(
            slot.value, cand.value) or hedged(claim, slot.i) and slot.value is not None \
            and cand.value is not None and near(slot.value, cand.value)
    if slot.kind == SlotKind.DATE and slot.granularity == "decade":
        mine, theirs = slot.value, _decade_of(cand)
        return mine == theirs or min(len(mine), len(theirs)) == 3 and mine[-3:] == theirs[-3:]
    if slot.kind in (SlotKind.DATE, SlotKind.CODE):
        return slot.value == cand.value
    claim_span, evidence_span = claim[slot.i:slot.j], evidence[cand.i:cand.j]
    a, b = normalise(claim_span.text), normalise(evidence_span.text)
    if a == b or slot.value == cand.value:
        return True
    if slot.kind == SlotKind.ENTITY and _another_word_each(a, b):
        return False  # "the Atlantic coast of South America" / "the Pacific coast of South America"
    if slot.kind == SlotKind.ATTRIBUTE and lexicon.opposite_adjectives(a, b):
        return False  # "effective" / "ineffective" are spelt alike and mean the opposite
    if fuzz.ratio(a, b) >= FUZZY_THRESHOLD or _doubled_letter(a, b):
        return True
    one_word = len(claim_span) == len(evidence_span) == 1
    if ordinal_value(a) is not None or ordinal_value(b) is not None:
        # "first" / "1st" are one value; "seventh" and "eighth" are close in meaning and different in value;
        # "the first iPhone" / "the original iPhone" are one in WordNet's cluster of "first".
        return ordinal_value(a) == ordinal_value(b) or (ordinal_value(a) is None or ordinal_value(b) is None) \
            and one_word and _similar_adjectives(claim_span[0], evidence_span[0])
    if one_word and _sister_kinds(claim_span[0], evidence_span[0]):
        return False  # "purple" / "blue", "Japan" / "China": embeddings put sister kinds near each other
    whole = _known_compound(evidence_span[0]) if one_word and _known_compound(claim_span[0]) is None else None
    if whole is not None and lexicon.sister_kinds(claim_span[0].lemma_.lower(), whole, "NOUN"):
        return False  # "the bedroom" / "the living room": the evidence names a compound, not its head
    return (similar(claim_span.text, evidence_span.text) or _entailed_word(claim_span, evidence_span)
            or one_word and _similar_adjectives(claim_span[0], evidence_span[0])
            or one_word and claim_span[0].pos_ == evidence_span[0].pos_ == "NOUN" and lexicon.same_first_sense(
                claim_span[0].lemma_, evidence_span[0].lemma_, "NOUN"))


def _sister_kinds(mine, theirs) -> bool:
    """Two words WordNet files as kinds of one close category (``lexicon.sister_kinds``), read in their
    part of speech or as nouns: a colour or a nationality is an adjective in "a purple hat" and a kind of
    colour or people only as a noun."""
    a, b = mine.lemma_.lower(), theirs.lemma_.lower()
    return lexicon.sister_kinds(a, b, "NOUN") or mine.pos_ == theirs.pos_ != "NOUN" \
        and lexicon.sister_kinds(a, b, mine.pos_)
