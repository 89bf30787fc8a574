"""Names of one kind: a claim name the pairing left unconfirmed, where the evidence has a name that ends in
the same common word and differs in the words before it ("the Empire State Building" / "the Chrysler
Building", "the Cannes Film Festival" / "the Venice Film Festival"). The shared last word says what kind of
thing each names; the words before it tell the two apart, so the evidence's name is another filler of the
claim's place. The small tagger often misses such a name on one side, so the two are never paired as names.

Only where most of the claim's slots are stated the same way; only one evidence name may qualify, it must
not be paired already, and the words that tell the names apart must not appear in the other sentence (the
evidence that names both says something of each).
"""
from __future__ import annotations

from .base import EQUAL, SUBSTITUTED, UNCONFIRMED, Edge, Slot
from .names import _renames_subject
from ..vocabulary import SlotKind


def _name_before(head) -> list:
    """The proper-noun words of the name that ends in ``head`` (its compounds), in order."""
    return [t for t in head.lefts if t.dep_ == "compound" and t.pos_ == "PROPN"] + [head]


def _same_kind_names(claim, evidence, edges: list[Edge]) -> None:
    # About the same thing otherwise: most of the claim's slots stated the same way ("She studied at Stanford
    # University" says nothing the evidence "She taught at Harvard University" denies).
    equal = sum(e.op == EQUAL for e in edges)
    if equal < 2 or 2 * equal < len(edges):
        return
    paired = {e.evidence_start for e in edges if e.op != UNCONFIRMED}
    claim_words = {t.lower_ for t in claim}
    evidence_words = {t.lower_ for t in evidence}
    for edge in edges:
        if edge.op != UNCONFIRMED or edge.kind != SlotKind.ENTITY:
            continue
        mine = [t for t in claim if edge.claim_start <= t.idx < edge.claim_end and t.pos_ == "PROPN"]
        if len(mine) < 2 or not mine[-1].is_title:
            continue
        mine_words = {t.lower_ for t in mine}
        found = []
        for head in evidence:
            if head.text != mine[-1].text or head.pos_ != "PROPN" or head.idx in paired:
                continue
            theirs = _name_before(head)
            their_words = {t.lower_ for t in theirs}
            # The words that tell the two apart, each absent from the other sentence.
            own, other = mine_words - their_words, their_words - mine_words
            # A name the evidence gives its own subject ("It was founded as the Golden State Book Fair") is
            # that subject's name, not another filler.
            if own and other and not own & evidence_words and not other & claim_words \
                    and theirs[0].idx not in paired \
                    and not _renames_subject(evidence, Slot(SlotKind.ENTITY, theirs[0].i, theirs[-1].i + 1)):
                found.append(theirs)
        if len(found) != 1:
            continue
        theirs = found[0]
        start, end = theirs[0].idx, theirs[-1].idx + len(theirs[-1].text)
        edge.op, edge.evidence_text, edge.evidence_start, edge.evidence_end = (
            SUBSTITUTED, evidence.text[start - evidence[0].idx:end - evidence[0].idx], start, end)
        paired.add(start)
