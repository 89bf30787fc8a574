"""A phrase for a phrase: how much of the claim a substituted noun or modifier takes with it, and how much of
the evidence comes in its place (compounds, a modifier's own adjectives, the classifiers an adjective
qualifies)."""
from __future__ import annotations

from ..alignment.align import EQUAL, UNCONFIRMED, coordinated_noun, phrase_start
from ..alignment.opposites import negating_prefix
from ..alignment.words import _known_compound
from .registry import rule


def _starts(alignment, op: str) -> set[int]:
    """Where the claim's tokens of one diff op (EQUAL, UNCONFIRMED) start."""
    return {t.start for t in alignment.tokens if t.op == op}


def _words(doc) -> set[str]:
    """A doc's words, lower-cased and as lemmas: what the claim already says."""
    return {t.lemma_.lower() for t in doc} | {t.lower_ for t in doc}


@rule("compound-phrases", "a noun with its compound modifiers is one phrase ('a music video' -> 'an espionage "
      "film'; a coordination of classifiers: 'a cable and satellite television channel')",
      off=lambda alignment, edge, start: (start, edge.evidence_text, edge.evidence_start))
def with_compounds(alignment, edge, start: int) -> tuple[int, str, int]:
    """A phrase for a phrase: "a music video" -> "an espionage film", "a political party" -> "a
    television series"; a bare noun for a bare noun ("a driver" -> "a model": the claim's granularity;
    "a fashion model" and "a drama film" fit the data as often as "a model" and "a film"). On the claim
    side the modifiers the evidence confirms stay ("an American series" -> "an American film"); on the
    evidence side the modifiers the claim already states are left out."""
    cdoc, edoc = alignment.claim_doc, alignment.evidence_doc
    c = next((t for t in cdoc if t.idx == edge.claim_start), None)
    e = next((t for t in edoc if t.idx == edge.evidence_start), None)
    if c is None or e is None:
        return start, edge.evidence_text, edge.evidence_start
    equal = _starts(alignment, EQUAL)
    claim_words = _words(cdoc)
    # A modifier that makes one word with the noun goes with it: "a French horn" -> "a saxophone".
    whole = _compound_start(c, equal)
    ci = min(phrase_start(cdoc, c.i, lambda t: t.idx not in equal), whole)
    head = coordinated_noun(edoc, e.i)
    if ci == c.i:
        if head != e.i:
            return start, edoc[head].text, edoc[head].idx  # "a website" -> "a channel", not "a cable"
        if (span := _whole_compound(e, claim_words)) is not None:
            return start, span.text, span.start_char  # "the bedroom" -> "the living room", not "the room"
        return start, edge.evidence_text, edge.evidence_start  # a bare noun is replaced by a bare noun
    # Left out too: evidence words the alignment found the claim saying in other words ("distinct" /
    # "distinctive bass playing style" -> "a distinct bass playing style").
    stated = {x.evidence_text.lower() for x in alignment.edges if x.op == EQUAL}
    ei = phrase_start(edoc, e.i, lambda t: t.lemma_.lower() not in claim_words and t.lower_ not in claim_words
                      and t.lower_ not in stated)
    if head != e.i:
        # "a porn website" -> "a cable and satellite television channel": the coordination is one phrase.
        span = edoc[ei:head + 1]
        return cdoc[ci].idx, span.text, span.start_char
    if ei == e.i:
        # A bare evidence noun replaces the claim's noun with its compounds ("a television series" ->
        # "a murderer"); the claim's adjectives stay ("a dark atmosphere" -> "a dark setting").
        ci = min(phrase_start(cdoc, c.i, lambda t: t.idx not in equal and t.dep_ == "compound"), whole)
        return cdoc[ci].idx, edge.evidence_text, edge.evidence_start
    span = edoc[ei:e.i + 1]
    return cdoc[ci].idx, span.text, span.start_char


@rule("modifier-phrases", "an evidence noun modifier comes with the adjectives qualifying it ('a psychological "
      "thriller film')", off=lambda alignment, edge: (edge.evidence_text, edge.evidence_start))
def modifier_phrase(alignment, edge) -> tuple[str, int]:
    """The evidence's noun modifier with the adjectives qualifying it."""
    edoc = alignment.evidence_doc
    e = next((t for t in edoc or [] if t.idx == edge.evidence_start), None)
    if e is None or e.dep_ != "compound":
        return edge.evidence_text, edge.evidence_start
    claim_words = _words(alignment.claim_doc)
    # Only its adjectives: "psychological thriller", but not "television horror" for "medical".
    ei = phrase_start(edoc, e.i, lambda t: t.dep_ == "amod" and t.lemma_.lower() not in claim_words
                       and t.lower_ not in claim_words)
    # The modifier may be two words ("the living room floor"): all of it.
    last = max((t.i for t in edoc if edge.evidence_start <= t.idx < edge.evidence_end), default=e.i)
    span = edoc[ei:last + 1]
    return span.text, span.start_char


@rule("negated-modifiers", "a modifier comes with the 'non' that negates it, and goes with the claim's ('an ethnic "
      "group' -> 'a non racial group', not 'a racial group', which says the opposite; 'a non racial group' -> 'an "
      "ethnic group')", off=lambda alignment, edge, start, evidence_new, ev_start: (start, evidence_new, ev_start))
def with_negating_prefix(alignment, edge, start: int, evidence_new: str, ev_start: int) -> tuple[int, str, int]:
    """The evidence's word with the "non" written before it, apart or with a hyphen; the claim's "non" before
    the replaced word is replaced with it. Where both write one, the claim's stays."""
    e = next((t for t in alignment.evidence_doc or [] if t.idx == ev_start), None)
    c = next((t for t in alignment.claim_doc if t.idx == start), None)
    theirs = negating_prefix(e) if e is not None else None
    mine = negating_prefix(c) if c is not None else None
    if theirs is not None and mine is None:
        return start, alignment.evidence_doc.text[theirs.idx:ev_start] + evidence_new, theirs.idx
    if mine is not None and theirs is None:
        return mine.idx, evidence_new, ev_start
    return start, evidence_new, ev_start


@rule("known-compound-modifiers", "a noun modifier WordNet knows as one word with the word before it goes with it "
      "('the dining room floor' -> 'the kitchen floor'; 'the bedroom floor' -> 'the living room floor')",
      off=lambda alignment, edge, start, evidence_new, ev_start: (start, evidence_new, ev_start))
def with_known_compound_modifier(alignment, edge, start: int, evidence_new: str, ev_start: int) -> tuple[int, str, int]:
    """A compound used as a modifier is one word on either side: the claim's modifier of the substituted
    word goes with it, and the evidence's comes with its word, where WordNet knows the two as one noun and
    the other side does not say the modifier."""
    cdoc, edoc = alignment.claim_doc, alignment.evidence_doc
    c = next((t for t in cdoc if t.idx == edge.claim_start), None)
    e = next((t for t in edoc or [] if t.idx == ev_start), None)
    if c is not None and c.idx == start:
        start = cdoc[_compound_start(c, _starts(alignment, EQUAL))].idx
    if e is not None and evidence_new == e.text and (span := _whole_compound(e, {t.lower_ for t in cdoc})) is not None:
        evidence_new, ev_start = span.text, span.start_char
    return start, evidence_new, ev_start


def _compound_start(noun, stated: set[int]) -> int:
    """Where the claim's noun starts as a word WordNet knows with its modifier ("dining room"), unless the
    evidence states the modifier (its offset is in ``stated``): the modifier goes with the noun."""
    return noun.i - 1 if _known_compound(noun) is not None and noun.doc[noun.i - 1].idx not in stated else noun.i


def _whole_compound(noun, claim_words: set[str]):
    """The evidence's noun with its modifier where WordNet knows the two as one word and the claim does not
    say the modifier ("living room"), else None."""
    doc = noun.doc
    return doc[noun.i - 1:noun.i + 1] if _known_compound(noun) is not None and doc[noun.i - 1].lower_ not in claim_words \
        else None


@rule("place-of-a-replaced-name", "the place the claim gives a name goes with the name when the evidence does not "
      "state it ('at the Residenztheater in Munich' -> 'at the Battle of Hastings')", off=lambda alignment, edge, end: end)
def with_unconfirmed_place(alignment, edge, end: int) -> int:
    """A replaced name's own place ("the Residenztheater in Munich"), which the evidence does not state, says
    where the old name is, not the new one: it goes with the old name."""
    doc = alignment.claim_doc
    words = [t for t in doc if edge.claim_start <= t.idx < edge.claim_end]
    if not words:
        return end
    name = doc[words[0].i:words[-1].i + 1].root
    prep = next((c for c in name.rights if c.dep_ == "prep" and c.lower_ in ("in", "at")), None) \
        if name.pos_ == "PROPN" else None
    place = next((c for c in prep.children if c.dep_ == "pobj"), None) if prep is not None else None
    unconfirmed = _starts(alignment, UNCONFIRMED)
    if place is None or place.ent_type_ not in ("GPE", "LOC") or place.idx not in unconfirmed:
        return end
    last = place.right_edge
    return last.idx + len(last.text)


@rule("unconfirmed-classifiers", "an adjective goes with the noun classifiers after it the evidence does not "
      "confirm ('a psychological thriller film' -> 'a romantic film')", off=lambda alignment, edge, end: end)
def with_unconfirmed_classifiers(alignment, edge, end: int) -> int:
    """An adjective goes with the noun classifiers after it that the evidence does not confirm, which it
    qualifies: "a psychological thriller film" -> "a romantic film"."""
    doc = alignment.claim_doc
    c = next((t for t in doc if t.idx == edge.claim_start), None)
    if c is None or c.pos_ != "ADJ":
        return end
    unconfirmed = _starts(alignment, UNCONFIRMED)
    k = c.i + 1
    while k < len(doc) and doc[k].dep_ == "compound" and doc[k].pos_ == "NOUN" and doc[k].head.i == c.head.i \
            and doc[k].idx in unconfirmed:
        k += 1
    return doc[k - 1].idx + len(doc[k - 1].text) if k > c.i + 1 else end


@rule("paired-modifiers", "two modifiers that say one thing go together when the second is replaced: the word before "
      "it the evidence does not confirm goes, the evidence's word before its counterpart comes ('the lower left "
      "corner' -> 'the bottom right corner')",
      off=lambda alignment, edge, start, evidence_new, ev_start: (start, evidence_new, ev_start))
def with_paired_modifier(alignment, edge, start: int, evidence_new: str, ev_start: int) -> tuple[int, str, int]:
    """A modifier made of two words ("lower left", "dark red", "upper east") is one position or shade: where
    the evidence replaces the second and has its own first word ("bottom right", "light blue") in place of
    a claim word it does not confirm, both words are replaced. Otherwise the draft keeps the claim's word
    beside the evidence's ("the lower right corner" for "the bottom right"), which the evidence does not
    say."""
    cdoc, edoc = alignment.claim_doc, alignment.evidence_doc
    c = next((t for t in cdoc if t.idx == edge.claim_start), None)
    e = next((t for t in edoc or [] if t.idx == ev_start), None)
    if c is None or e is None or c.i == 0 or e.i == 0 or start != c.idx or evidence_new != e.text:
        return start, evidence_new, ev_start
    mine, theirs = cdoc[c.i - 1], edoc[e.i - 1]
    unconfirmed = _starts(alignment, UNCONFIRMED)
    claim_words = _words(cdoc)
    modifier = ("amod", "compound", "advmod", "npadvmod")
    if mine.idx in unconfirmed and mine.dep_ in modifier and mine.head.i in (c.i, c.head.i) \
            and theirs.dep_ in modifier and theirs.head.i in (e.i, e.head.i) and theirs.pos_ in ("ADJ", "NOUN", "ADV") \
            and theirs.lemma_.lower() not in claim_words and theirs.lower_ not in claim_words:
        return mine.idx, edoc[e.i - 1:e.i + 1].text, theirs.idx
    return start, evidence_new, ev_start
