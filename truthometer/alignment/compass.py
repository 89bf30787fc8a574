"""Points of the compass: "11 km north-east of Hastings" / "11 km north-west of Hastings". Two points are two
places, however alike the rest of the sentence; the small encoder reads "north-east" and "north-west" as one
phrase, and the tagger makes either a noun, an adverb or part of a distance, so the pairing may place neither.
"""
from __future__ import annotations

from ..text.names import ENTITY_LABELS, compass_point
from .base import SUBSTITUTED, Edge, another_verb_is_no_correction, entity_of
from ..vocabulary import SlotKind


def compass_phrases(doc) -> list:
    """Each written point of the compass in ``doc`` as a Span ("north-east", "southwards"), not inside a
    name of its own ("East Sussex", "North Carolina")."""
    out, i = [], 0
    while i < len(doc):
        tok = doc[i]
        if compass_point(tok.text) is None or tok.is_title and tok.ent_type_ in ENTITY_LABELS \
                and any(compass_point(t.text) is None for t in entity_of(tok)):
            i += 1
            continue
        end = i + 1
        if i + 2 < len(doc) and doc[i + 1].text == "-" and not tok.whitespace_ and not doc[i + 1].whitespace_ \
                and compass_point(doc[i + 2].text) is not None:
            end = i + 3
        out.append(doc[i:end])
        i = end
    return out


def _after(span, n: int = 2) -> str:
    return " ".join(t.lower_ for t in span.doc[span.end:span.end + n])


def _compass_points(claim, evidence, edges: list[Edge]) -> None:
    """One point of the compass on each side, another one, in the same place (before the same words, "of
    Hastings", or under the same head word): the claim's is substituted by the evidence's."""
    mine, theirs = compass_phrases(claim), compass_phrases(evidence)
    if len(mine) != 1 or len(theirs) != 1:
        return
    m, t = mine[0], theirs[0]
    if compass_point(m.text) == compass_point(t.text):
        return
    if _after(m) != _after(t) and m.root.head.lemma_.lower() != t.root.head.lemma_.lower():
        return
    overlapping = [e for e in edges if e.claim_start < m.end_char and m.start_char < e.claim_end]
    if any(e.op == SUBSTITUTED for e in overlapping):
        return
    for e in overlapping:
        edges.remove(e)
    edges.append(Edge(SlotKind.ATTRIBUTE, SUBSTITUTED, m.text, m.start_char, m.end_char, evidence_text=t.text,
                      evidence_start=t.start_char, evidence_end=t.end_char, label="compass", score=1.0))
    another_verb_is_no_correction(edges)
