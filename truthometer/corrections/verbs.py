"""A verb for a verb: the evidence's verb in the claim verb's form (LemmInflect, ``truthometer.inflection``),
with the preposition that introduces its complement ("starred in X" <-> "directed X")."""
from __future__ import annotations

from ..alignment.align import PASSIVE_ONLY
from ..inflection import past_tense, third_person
from .registry import rule


@rule("verb-forms", "the evidence's verb in the claim verb's form ('written' -> 'wrote'; 'graduated' -> 'was born')",
      off=lambda alignment, edge, new: new)
def verb_like(alignment, edge, new: str) -> str:
    """The evidence's verb in the claim verb's form: a participle for a past tense ("written" ->
    "wrote")."""
    c = next((t for t in alignment.claim_doc if t.idx == edge.claim_start), None)
    e = next((t for t in alignment.evidence_doc if t.idx == edge.evidence_start), None)
    if c is None or e is None or c.tag_ == e.tag_:
        return new
    if e.pos_ == "NOUN":
        # The act the evidence names by a noun ("the threat to food security"): ``new`` is its verb.
        return third_person(new) if c.tag_ == "VBZ" else past_tense(new) if c.tag_ == "VBD" else new
    if e.tag_ == "VBN" and e.lemma_.lower() in PASSIVE_ONLY and c.tag_ in ("VBD", "VBZ"):
        return ("was " if c.tag_ == "VBD" else "is ") + new  # "graduated" -> "was born", not "bore"
    if c.tag_ == "VBD":
        return past_tense(e.lemma_.lower())
    return new


def _verb_preposition(verb):
    """The preposition or particle written right after ``verb`` and governed by it ("starred in")."""
    nxt = verb.doc[verb.i + 1] if verb.i + 1 < len(verb.doc) else None
    if nxt is not None and nxt.head.i == verb.i and nxt.dep_ in ("prep", "prt", "dative", "agent"):
        return nxt
    return None


def _object_follows(verb) -> bool:
    """The verb's direct object starts right after it ("directed the films ...")."""
    return any(child.dep_ == "dobj" and child.left_edge.i == verb.i + 1 for child in verb.children)


@rule("verb-prepositions", "a verb goes with the preposition introducing its complement ('starred in X' <-> "
      "'directed X')", off=lambda alignment, edge, end, new: (end, new))
def with_preposition(alignment, edge, end: int, new: str) -> tuple[int, str]:
    """A verb goes with the preposition that introduces its complement: "starred in X" corrected by
    "directed X" becomes "directed X", and "directed X" by "starred in X" becomes "starred in X"."""
    c = next((t for t in alignment.claim_doc if t.idx == edge.claim_start), None)
    e = next((t for t in alignment.evidence_doc if t.idx == edge.evidence_start), None)
    if c is None or e is None or e.pos_ == "NOUN":
        return end, new  # a noun's preposition ("the threat to") is not its verb's
    mine, theirs = _verb_preposition(c), _verb_preposition(e)
    if mine is not None and _object_follows(e):
        return mine.idx + len(mine.text), new
    if theirs is not None and _object_follows(c):
        return end, f"{new} {theirs.text}"
    return end, new
