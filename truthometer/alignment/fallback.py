"""The fallback counterpart: when nothing in the claim contradicts the evidence but a content word is
unconfirmed, one word may still be substituted by an evidence word of the same form and relation that is
semantically close (embedding similarity) or hangs from the same shared word, near the anchors.
"""
from __future__ import annotations

from ..text import lexicon
from .base import ENTITY_LABELS, EQUAL, OPPOSITE, SUBSTITUTED, UNCONFIRMED, _in_subject, normalise
from .dates import _ORDER
from .roles import _proximity, _role
from .words import _same_stem, _similar_adjectives
from ..vocabulary import SlotKind


#: Least embedding similarity of a claim word and an evidence word of the same form for the evidence
#: word to be taken as its counterpart without a shared governor ("football" / "basketball").
FALLBACK_SIMILARITY = 0.45
#: The same when both words hang (within two dependency links) from the same shared word:
#: "Mason Evans Jr's childhood" / "the death ... of Mason Evans, Jr.".
FALLBACK_SIMILARITY_LINKED = 0.36


def _near(tok, hops: int = 2) -> set[int]:
    """Indices of the tokens within ``hops`` dependency links of ``tok``."""
    seen, frontier = {tok.i}, [tok]
    for _ in range(hops):
        frontier = [n for t in frontier for n in [t.head, *t.children] if n.i not in seen]
        seen.update(n.i for n in frontier)
    return seen - {tok.i}


def _linked_by_anchor(mine, theirs, anchors) -> bool:
    """Both words are syntactically next to the same shared word (an anchor on both sides)."""
    near_mine, near_theirs = _near(mine), _near(theirs)
    return any(ci in near_mine and ei in near_theirs for ci, ei in anchors)


def _form(tok) -> str:
    """The grammatical form a counterpart must share: adjective, noun modifier, noun, name, or an
    order of events ("after" as a preposition / "before" as a conjunction)."""
    if tok.lower_ in _ORDER:
        return "order"
    if tok.pos_ == "PROPN" or tok.ent_type_ in ENTITY_LABELS:
        return "name"
    if tok.pos_ == "ADJ":
        return "adjective"
    if tok.pos_ == "NOUN":
        return "modifier" if tok.dep_ in ("compound", "nmod") else "noun"
    return tok.pos_


def _relation(tok, coarse: bool = False) -> str:
    """A word's relation to its governor, a conjunct taking its first conjunct's, and a preposition's
    object named by its preposition ("in" + pobj): what a counterpart without a shared governor must
    still share. ``coarse``: only argument, subject or modifier."""
    while tok.dep_ == "conj" and tok.head.i != tok.i:
        tok = tok.head
    if coarse:
        if tok.dep_ in ("nsubj", "nsubjpass"):
            return "subject"
        if tok.dep_ == "attr" and tok.head.lemma_ == "be":
            return "predicate nominal"  # what the subject is, not what it has: "has a king" / "is a republic"
        return "modifier" if tok.dep_ in ("amod", "compound", "nmod", "poss", "advmod") else "argument"
    if tok.dep_ == "pobj":
        return "pobj:" + tok.head.lower_
    return "obj" if tok.dep_ in ("dobj", "attr", "oprd") else tok.dep_


def _fallback_counterpart(claim, evidence, slot_edges, cands, anchors, similar) -> None:
    """When nothing in the claim contradicts the evidence but a content word is unconfirmed, the one
    unconfirmed word with an evidence word of the same form, not in the claim, semantically close and
    placed near the shared words is taken as the wrong slot and substituted ("put together for football
    unions" / "competition for the top basketball clubs": the governors differ, the slot is the same).
    Only one slot changes: a claim is corrected where it is most likely wrong, and no more."""
    claim_words = {t.lemma_.lower() for t in claim} | {normalise(t.text) for t in claim}
    taken = {(e.evidence_start, e.evidence_end) for _, e in slot_edges.values() if e.op == EQUAL}
    best = None
    for slot, edge in slot_edges.values():
        if edge.op != UNCONFIRMED or slot.kind not in (SlotKind.ATTRIBUTE, SlotKind.NOUN) or slot.j - slot.i != 1 \
                or _in_subject(claim, slot):
            continue  # the subject is what the evidence is about (see _align_docs), not a wrong slot
        mine = claim[slot.i]
        reworded = next((t for t in evidence if _similar_adjectives(mine, t)), None)
        if reworded is not None:
            # "brief heating" / "for short periods": the evidence says it in other words.
            edge.op, edge.evidence_text, edge.score = EQUAL, reworded.text, 1.0
            edge.evidence_start, edge.evidence_end = reworded.idx, reworded.idx + len(reworded.text)
            continue
        for c in cands:
            theirs = evidence[c.i:c.j]
            if (c.j - c.i != 1 or c.kind not in (SlotKind.ATTRIBUTE, SlotKind.NOUN) or theirs.root.like_num
                    or _form(theirs.root) != _form(mine) or theirs.root.lemma_.lower() in claim_words
                    or normalise(theirs.text) in claim_words or (theirs.start_char, theirs.end_char) in taken):
                continue
            linked = _linked_by_anchor(mine, theirs.root, anchors)
            # "appeared in a film" / "studying music": an object is no place of appearing. Words hanging
            # from the same shared word need only be both arguments, or both modifiers ("Mason Evans's
            # childhood" / "the death of Mason Evans").
            if _form(mine) != "order" and (_relation(mine, coarse=linked) != _relation(theirs.root, coarse=linked)):
                continue
            if _same_stem(mine.text, theirs.text):
                continue  # "distinct" / "distinctive": the same word in another form, not another word
            sim = similar.score(mine.text, theirs.text)
            if sim < (FALLBACK_SIMILARITY_LINKED if linked else FALLBACK_SIMILARITY):
                continue
            score = (sim + 0.5 * min(1.0, _proximity(slot, c, anchors))
                     + 0.25 * _role(claim, slot, evidence, c))
            if best is None or score > best[0]:
                best = (score, edge, theirs, mine)
    if best is not None:
        score, edge, span, mine = best
        edge.op, edge.evidence_text, edge.score = SUBSTITUTED, span.text, round(float(score), 4)
        edge.evidence_start, edge.evidence_end = span.start_char, span.end_char
        if mine.pos_ == span.root.pos_ == "NOUN" \
                and lexicon.opposite_nouns(mine.lemma_.lower(), span.root.lemma_.lower()):
            edge.label = OPPOSITE  # "at the top of the tub" / "at the bottom of the tub"
