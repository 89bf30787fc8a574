"""Sister fillers: a claim word the pairing left unconfirmed, where the evidence puts a sister kind of it
(``lexicon.sister_kinds``: two kinds of one close category) in the same place: "a lack of magnesium" / "a
shortage of calcium", "a high-nitrogen feed" / "a high-potassium fertiliser". The small encoder finds sister
kinds too alike to pair as different and too different to pair as the same, so neither the pairing nor its
fallback places them.

The same place: the two words modify, or are the object of a preposition of, the same noun, a kindred one
(WordNet: "lack" / "shortage"), or one whose edge the alignment has already drawn; or they share a modifier of
their own ("high-" in "high-nitrogen" / "high-potassium"). Only one evidence word may qualify; a word already
paired is none.
"""
from __future__ import annotations

from ..text import lexicon
from .base import SUBSTITUTED, UNCONFIRMED, Edge
from ..vocabulary import SlotKind

#: The label of a claim word the evidence replaces by a sister kind: another filler, not a rewording.
SISTER = "sister kind"
#: Dependencies of a word that fills a noun's modifier or its prepositional object.
_FILLERS = ("amod", "compound", "nmod", "pobj")


def _filler(tok) -> bool:
    """A noun, or an adjective read by its noun ("yellow"): not a graded one, whose noun ("high", "tall") is
    another word ("highest" / "tallest" are a rewording)."""
    return tok.pos_ == "NOUN" or tok.pos_ == "ADJ" and tok.tag_ == "JJ"


def _place(tok):
    """(the noun the word fills a place of, the relation: its dependency, or the preposition for an object)."""
    if tok.dep_ == "pobj" and tok.head.dep_ == "prep":
        return tok.head.head, tok.head.lower_
    return tok.head, "modifier" if tok.dep_ in ("amod", "compound", "nmod") else tok.dep_


def _same_place(mine, theirs, edges: list[Edge]) -> bool:
    (my_head, my_rel), (their_head, their_rel) = _place(mine), _place(theirs)
    # Of a noun only: a verb's objects are placed by the pairing's roles ("linked with the style of").
    if my_rel != their_rel or my_head.i == mine.i or their_head.i == theirs.i \
            or my_head.pos_ != "NOUN" or their_head.pos_ != "NOUN":
        return False
    a, b = my_head.lemma_.lower(), their_head.lemma_.lower()
    if a == b or lexicon.kindred(a, b, "NOUN"):
        return True
    if any(e.claim_start == my_head.idx and e.evidence_start == their_head.idx and e.op != UNCONFIRMED
           for e in edges):
        return True
    own = {c.lemma_.lower() for c in mine.children if c.is_alpha and not c.is_stop}
    return bool(own & {c.lemma_.lower() for c in theirs.children if c.is_alpha and not c.is_stop})


def _sister_fillers(claim, evidence, edges: list[Edge]) -> None:
    paired = {e.evidence_start for e in edges if e.op != UNCONFIRMED}
    claim_words = {c.lower_ for c in claim}
    for edge in edges:
        if edge.op != UNCONFIRMED or edge.kind not in (SlotKind.ATTRIBUTE, SlotKind.NOUN):
            continue
        mine = next((t for t in claim if t.idx == edge.claim_start and t.idx + len(t.text) == edge.claim_end), None)
        if mine is None or mine.dep_ not in _FILLERS or not _filler(mine):
            continue
        lemma = mine.lemma_.lower()
        found = [t for t in evidence if _filler(t) and t.dep_ in _FILLERS and t.idx not in paired
                 and t.lower_ not in claim_words
                 and lexicon.sister_kinds(lemma, t.lemma_.lower(), "NOUN") and _same_place(mine, t, edges)
                 and not (mine.pos_ == t.pos_ == "ADJ" and lexicon.similar_adjectives(lemma, t.lemma_.lower()))]
        if len(found) != 1:
            continue
        theirs = found[0]
        edge.op, edge.evidence_text, edge.label = SUBSTITUTED, theirs.text, SISTER
        edge.evidence_start, edge.evidence_end = theirs.idx, theirs.idx + len(theirs.text)
        paired.add(theirs.idx)


def _sister_classifiers(claim, evidence, edges: list[Edge]) -> None:
    """A noun modifier the pairing substituted by a sister kind is another filler too: "a pear grower" / "an
    apple grower", "a wool coat" / "a cotton coat". A modifier noun classifies its head, so another kind there
    is another thing, where the head itself (a "town" / a "city") is often a rewording."""
    for edge in edges:
        if edge.op != SUBSTITUTED or edge.kind not in (SlotKind.ATTRIBUTE, SlotKind.NOUN) or edge.label == SISTER:
            continue
        mine = next((t for t in claim if t.idx == edge.claim_start and t.idx + len(t.text) == edge.claim_end), None)
        theirs = next((t for t in evidence if t.idx == edge.evidence_start
                       and t.idx + len(t.text) == edge.evidence_end), None)
        if mine is None or theirs is None or not all(t.pos_ == "NOUN" and t.dep_ in ("compound", "nmod", "amod")
                                                      and t.head.pos_ == "NOUN" for t in (mine, theirs)):
            continue
        if lexicon.sister_kinds(mine.lemma_.lower(), theirs.lemma_.lower(), "NOUN"):
            edge.label = SISTER
