"""A verb for a verb: the evidence's verb in the claim verb's form (LemmInflect, ``truthometer.inflection``)."""
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
