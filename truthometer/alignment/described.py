"""Described alike: a claim noun the pairing left unconfirmed, whose own adjective the evidence states of
one other noun, pairs with that noun. "Lemmy had a distinct gravelly voice" / "known for his appearance, his
distinct hair cut and distinctive bass playing style": "distinct" is said of the hair cut, so that is what
the claim's voice stands in for; the pairing alone finds no shared governor for a list member, and its
fallback goes by the nouns' similarity ("voice" / "appearance").

This is alignment from below (Galitsky's syntactic alignment pairs trees by their shared nodes): the
adjective is a node both trees share, so the nouns it hangs from take the same place. Only a content
adjective the alignment found equal counts, only where the evidence's noun is not in the claim, and only
where nothing else differs (it runs where the fallback would).
"""
from __future__ import annotations

from .base import EQUAL, SUBSTITUTED, UNCONFIRMED, _content, _in_subject
from ..vocabulary import SlotKind


def _described_alike(claim, evidence, slot_edges: dict) -> bool:
    """Substitute the one unconfirmed noun that an equal adjective places; whether one was."""
    claim_words = {t.lemma_.lower() for t in claim} | {t.lower_ for t in claim}
    paired = {e.evidence_start for _, e in slot_edges.values() if e.op != UNCONFIRMED}
    found = []
    for slot, edge in slot_edges.values():
        if edge.op != UNCONFIRMED or slot.kind != SlotKind.NOUN or slot.j - slot.i != 1 or _in_subject(claim, slot):
            continue
        noun = claim[slot.i]
        theirs = {_head_described(evidence, e.evidence_start) for s, e in slot_edges.values()
                  if e.op == EQUAL and _describes(claim[s.i], noun)}
        # Only a member of a list of things said of the subject ("his appearance, his distinct hair cut and
        # distinctive bass playing style"): a lone noun with the same adjective ("a blue shirt" / "a blue
        # hat") is as often another thing beside it (held-out MultiNLI pairs: mostly neutral).
        theirs = {t for t in theirs if t is not None and t.idx not in paired and _listed(t)
                  and t.lemma_.lower() not in claim_words and t.lower_ not in claim_words}
        if len(theirs) == 1:
            found.append((edge, theirs.pop()))
    if len(found) != 1:
        return False  # one slot changes, as for the fallback
    edge, theirs = found[0]
    edge.op, edge.evidence_text = SUBSTITUTED, theirs.text
    edge.evidence_start, edge.evidence_end = theirs.idx, theirs.idx + len(theirs.text)
    return True


def _describes(adjective, noun) -> bool:
    return adjective.dep_ == "amod" and adjective.pos_ == "ADJ" and adjective.head.i == noun.i and _content(adjective)


def _head_described(evidence, start: int):
    """The noun the evidence's adjective at ``start`` qualifies (through a compound: "distinct hair cut" is a
    distinct cut), or None."""
    adjective = next((t for t in evidence if t.idx == start), None)
    # The small parser reads some adjectives before a compound as compounds ("its rustic dining hall").
    if adjective is None or adjective.dep_ not in ("amod", "compound"):
        return None
    noun = adjective.head
    while noun.dep_ == "compound" and noun.head.i > noun.i:
        noun = noun.head
    return noun if noun.pos_ == "NOUN" else None


def _listed(noun) -> bool:
    return noun.dep_ == "conj" or any(c.dep_ == "conj" for c in noun.children)
